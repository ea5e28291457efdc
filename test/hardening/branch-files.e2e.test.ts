import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { parseFile } from '../../src/model/codec.js';
import { memoryFromFile } from '../../src/model/memory.js';
import { MAX_BRANCH_FILE_BYTES } from '../../src/model/bounds.js';
import { MAX_EMBED_CHARS } from '../../src/embed/index.js';
import { MAX_INDEXED_CHARS } from '../../src/search/segment.js';
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

  // One long memory must not stall every search (the time bound itself is bench/hardening.mjs
  // --search-size; these check the bounds that keep it).
  it('a model is given at most the opening of a long memory, and of a long query', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {}, config: { autoTag: false } });
    await s.store({ content: 'The staging database is in eu-west-1' });
    commitToBranch(repo, { 'memories/long.md': `---\nid: mem_0000000000long\n---\nThe staging runbook. ${'deploy the cache first. '.repeat(3000)}\n` });
    const seen: number[] = [];
    const recording = { id: 'recording@1', embed: async (t: string[]) => (seen.push(...t.map((x) => x.length)), t.map(() => Float32Array.from([1, 0, 0]))) };
    const r = await s.search({ query: `staging ${'why '.repeat(2000)}` }, { embedder: recording, embedBudgetMs: 60_000 });
    expect(r.mode).toBe('hybrid');
    expect(r.vectors).toMatchObject({ embedded: 2, missing: 0 });
    expect(seen).toHaveLength(3);
    expect(Math.max(...seen)).toBe(MAX_EMBED_CHARS);
  });

  it('a branch file over the size cap is skipped with a warning before it is parsed; the rest is served', async () => {
    const repo = makeRepo();
    const good = await new MemoryStore({ repo, warn: () => {} }).store({ content: 'The staging database is in eu-west-1' });
    commitToBranch(repo, { 'memories/huge.md': `---\nid: mem_00000000000huge\n---\nstaging ${'x'.repeat(MAX_BRANCH_FILE_BYTES)}\n` });
    const warnings: string[] = [];
    const s = new MemoryStore({ repo, warn: (w) => warnings.push(w) });
    const list = await s.list();
    expect(list.memories.map((m) => m.id)).toEqual([good.id]);
    const found = await s.search({ query: 'staging', mode: 'fulltext' });
    expect(found.results.map((m) => m.id)).toEqual([good.id]);
    expect(warnings.join('\n')).toMatch(new RegExp(`memories/huge\\.md.*over the ${MAX_BRANCH_FILE_BYTES}-byte limit`));
  }, 60_000);

  it('full text indexes the opening of a very long memory: a word there is found, one past the bound is not', async () => {
    const repo = makeRepo();
    await new MemoryStore({ repo, warn: () => {} }).store({ content: 'an ordinary note' });
    const filler = 'lorem ipsum dolor sit amet. '.repeat(Math.ceil(MAX_INDEXED_CHARS / 28));
    commitToBranch(repo, { 'memories/long.md': `---\nid: mem_0000000000long\n---\nzanzibar opens it. ${filler} quetzalcoatl closes it.\n` });
    const s = new MemoryStore({ repo, warn: () => {} });
    expect((await s.search({ query: 'zanzibar', mode: 'fulltext' })).results.map((m) => m.id)).toEqual(['mem_0000000000long']);
    expect((await s.search({ query: 'quetzalcoatl', mode: 'fulltext' })).total).toBe(0);
    // The memory itself is whole: get returns every character.
    expect((await s.get('mem_0000000000long')).memory.content).toMatch(/quetzalcoatl closes it\.\n?$/);
  }, 60_000);
});
