import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { branchBytes, expectCoded, run, runStreaming } from './boundary.js';

// What only a real process shows: stdin from a pipe (an endless producer, raw bytes), reads of
// /dev/zero, all inside the spawned CLI's heap and time cap. What a command answers to its arguments
// (codes, masking, what reaches the branch) is checked in-process: cli-args.test.ts.
describe('stdin and files: bounded reads', () => {
  const repo = makeRepo();
  it('`yes | memory store -` fails at the content limit, fast, inside the heap cap', async () => {
    const r = await runStreaming(repo, ['store', '-', '--json'], Buffer.from('y\n'.repeat(32 * 1024)));
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
    expect(r.written).toBeLessThan(50 * 1024 * 1024);
  });

  it('300 MB on stdin fails with CONTENT_TOO_LARGE without holding it', async () => {
    const r = await runStreaming(repo, ['store', '--json'], Buffer.alloc(1024 * 1024, 'a'), 300 * 1024 * 1024);
    expect(expectCoded(r)).toBe('CONTENT_TOO_LARGE');
  });

  it('import from an endless stream (stdin) and from /dev/zero end with a code at once', async () => {
    const z = await runStreaming(repo, ['import', '-', '--json'], Buffer.alloc(1024 * 1024));
    expect(expectCoded(z)).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['import', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['core', 'batch', '--file', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
    expect(expectCoded(run(repo, ['core', 'set', '--file', '/dev/zero', '--json']))).toBe('BINARY_CONTENT');
  });

  it('invalid UTF-8 on stdin is refused with a code, not stored as U+FFFD', () => {
    const before = branchBytes(repo);
    for (const bytes of [Buffer.from([0x61, 0xff, 0xfe, 0x62]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const r = run(repo, ['store', '-', '--json'], { input: bytes });
      expect(expectCoded(r)).toBe('INVALID_INPUT');
      expect(r.json.error.data.reason).toBe('invalid-utf8');
    }
    expect(branchBytes(repo)).toBe(before);
    // Valid multi-byte text still goes through, byte for byte.
    const ok = run(repo, ['store', '-', '--json'], { input: Buffer.from('记忆 🧠 ok\n') });
    // The trailing newline of stdin is not content.
    expect(run(repo, ['get', ok.json.id, '--json']).json.memory.content).toBe('记忆 🧠 ok');
  });
});
