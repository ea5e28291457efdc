import { describe, expect, it } from 'vitest';
import { MAX_CONVERSATION_CHARS, NO_CONVERSATION, conversationHash, conversationOf } from '../../src/search/conversation.js';

describe('conversation of a memory (hybrid context)', () => {
  it('is its session, else its Actions run and job, else none', () => {
    expect(conversationOf({ session: 'chat-1', run_id: '7', job_id: 'b' })).toBe('session:chat-1');
    expect(conversationOf({ run_id: '7', job_id: 'build' })).toBe('job:7/build');
    expect(conversationOf({ run_id: 7, job_id: 'build' })).toBe('job:7/build');
    expect(conversationOf({ source: 'cli', version: 1 })).toBeUndefined();
    expect(conversationOf({ run_id: '7' })).toBeUndefined();
  });
  it('ignores what is not a plain value, and bounds a long one (metadata on the branch is untrusted)', () => {
    for (const session of [{ a: 1 }, ['x'], '   ', null, NaN, Infinity, true]) expect(conversationOf({ session })).toBeUndefined();
    expect(conversationOf(undefined)).toBeUndefined();
    expect(conversationOf({ session: 'x'.repeat(1_000_000) })!.length).toBe(MAX_CONVERSATION_CHARS);
  });
  it('hashes to 32 bits, never the "none" value', () => {
    const h = conversationHash('session:chat-1');
    expect(h).toBe(conversationHash('session:chat-1'));
    expect(h).not.toBe(conversationHash('session:chat-2'));
    expect(Number.isInteger(h) && h >= 0 && h < NO_CONVERSATION).toBe(true);
  });
});
