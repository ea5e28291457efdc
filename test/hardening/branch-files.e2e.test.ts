import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { MemoryStore } from '../../src/core/store.js';
import { parseFile } from '../../src/core/codec.js';
import { memoryFromFile } from '../../src/core/memory.js';
import { commitToBranch, expectCoded, run } from './boundary.js';

// Branch files are written by anyone who can push: none of them may cost the others anything.
const ALIAS_BOMB = [
  '---',
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
  'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]',
  'i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]',
  'tags: *i',
  '---',
  'boom',
].join('\n');

describe('hostile branch files', () => {
  it('a YAML alias bomb is refused, not expanded', () => {
    expect(ALIAS_BOMB.length).toBeLessThan(500);
    // Refused by its alias count before any expansion (bench/test-bounds.mjs times it against a plain parse).
    expect(() => parseFile(ALIAS_BOMB)).toThrow(/aliases/);
  });

  it('non-scalar tags make the file unreadable (skipped), scalars still read', () => {
    expect(() => memoryFromFile('memories/x.md', '---\ntags:\n  - [a, b]\n---\nx')).toThrow(/tags/);
    expect(() => memoryFromFile('memories/x.md', '---\ntags: {a: 1}\n---\nx')).toThrow(/tags/);
    expect(memoryFromFile('memories/x.md', '---\ntags: [API, 2, true]\n---\nx').tags).toEqual(['api', '2', 'true']);
  });

  it('list, search, stats and get stay fast with a bomb, a 100,000-tag file and a deep file next to a good memory', async () => {
    const repo = makeRepo();
    const good = await new MemoryStore({ repo, warn: () => {} }).store({ content: 'The staging database is in eu-west-1', tags: ['db'] });
    const manyTags = `---\ntags:\n${Array.from({ length: 100_000 }, (_, i) => `  - t${i}`).join('\n')}\n---\nmany tags\n`;
    const deep = `---\nmetadata: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\ndeep\n`;
    commitToBranch(repo, { 'memories/bomb.md': ALIAS_BOMB, 'memories/many.md': manyTags, 'memories/deep.md': deep, 'memories/bigfm.md': `---\nnote: "${'x'.repeat(300 * 1024)}"\n---\nbig\n` });
    let stderr = '';
    for (const args of [['list'], ['search', 'staging database'], ['stats'], ['get', good.id], ['tagged', 'db']]) {
      const r = run(repo, [...args, '--json']);
      expect(expectCoded(r), args.join(' ')).toBe('OK');
      // Within the run's time cap (killed past it: expectCoded); bench/hardening.mjs times these.
      stderr += r.stderr;
      if (args[0] !== 'stats') expect(r.stdout).toContain(good.id);
    }
    // Each bad file is named in a warning (when it is first read).
    for (const f of ['bomb.md', 'many.md', 'deep.md', 'bigfm.md']) expect(stderr).toContain(`memories/${f}`);
  });
});
