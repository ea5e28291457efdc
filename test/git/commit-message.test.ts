// A commit message quotes memory text, tags and file names, and `git log` prints it raw to the
// terminal: every commit git-memory writes has its control characters as `\u001b` text
// (src/git/tree.ts, inertMessage in serializeCommit).
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { inertMessage } from '../../src/git/tree.js';
import { git, makeRepo } from '../helpers.js';

const HOSTILE = 'title \u001b]0;pwned\u0007 then \u001b[2J, C1 \u009b31m, RLO \u202eevil, NEL \u0085, LS \u2028';

describe('commit messages', () => {
  it('keep newlines and tabs and write every other control character as text', () => {
    expect(inertMessage('a\tb\nc')).toBe('a\tb\nc');
    expect(inertMessage('x\u001b[2Jy\u0007\u009b\u202e\r')).toBe('x\\u001b[2Jy\\u0007\\u009b\\u202e\\u000d');
  });

  it('of a store, an update and a delete hold no raw control character, whatever the memory says', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const m = await s.store({ content: HOSTILE, tags: ['ops'] });
    await s.update(m.id, { content: `${HOSTILE} again` });
    await s.delete(m.id);
    const log = git(repo, 'log', '--format=%B', 'memory');
    expect(log).toContain('\\u001b]0;pwned\\u0007');
    expect(log).toContain('\\u202eevil');
    expect(log).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
    // The memory itself keeps its text: only the message is made inert.
    git(repo, 'fsck', '--strict', '--no-dangling');
  });
});
