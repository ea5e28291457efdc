import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { exportMemories } from '../../src/lifecycle/export.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { execute } from '../../src/action/execute.js';
import { parseInputs } from '../../src/action/inputs.js';
import { errorCode as code, git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { errorCode as toolCode } from '../mcp/client.js';
import { connectIn } from '../mcp/in-process.js';

// A category or scope is a one-line label: a line break or another control character is refused
// with INVALID_INPUT wherever a write comes in, and nothing is committed.
const BAD = ['ops\ninjected: true', 'ops\r', 'tab\there', 'esc\u001b[2J', 'sep\u2028x'];

function tip(repo: string): string {
  try {
    return git(repo, 'rev-parse', '--verify', '-q', 'refs/heads/memory');
  } catch {
    return '';
  }
}

describe('category and scope: one line of text at every input', () => {
  it('library store and update', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const { id } = await s.store({ content: 'a first memory', category: 'ops' });
    const before = tip(repo);
    for (const bad of BAD) {
      expect(await code(s.store({ content: 'x', category: bad })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.store({ content: 'x', scope: bad })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.update(id, { category: bad })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.update(id, { scope: bad })), JSON.stringify(bad)).toBe('INVALID_INPUT');
    }
    expect(tip(repo)).toBe(before);
    // Other text in a label is still fine.
    expect((await s.store({ content: 'y', category: 'ops / deploy — äöü 日本' })).id).toBeTruthy();
  });

  it('a label over 256 characters, a tag, a metadata key or an upsert key with a control character: INVALID_INPUT, nothing stored', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const { id } = await s.store({ content: 'a first memory', category: 'ops' });
    const before = tip(repo);
    const long = 'c'.repeat(300_000);
    expect(await code(s.store({ content: 'x', category: long }))).toBe('INVALID_INPUT');
    expect(await code(s.store({ content: 'x', scope: long }))).toBe('INVALID_INPUT');
    expect(await code(s.update(id, { scope: long }))).toBe('INVALID_INPUT');
    for (const bad of ['esc\u001b[2J', 'nul\u0000x', 'c1\u009b', 'bell\u0007']) {
      expect(await code(s.store({ content: 'x', tags: [bad] })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.update(id, { tags: [bad] })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.store({ content: 'x', metadata: { [bad]: 1 } })), JSON.stringify(bad)).toBe('INVALID_INPUT');
      expect(await code(s.store({ content: 'x', upsertKey: bad })), JSON.stringify(bad)).toBe('INVALID_INPUT');
    }
    expect(tip(repo)).toBe(before);
    // At the cap, a label is fine, and the memory reads back.
    const ok = await s.store({ content: 'y', category: 'c'.repeat(256), tags: ['ops', 'multi word'] });
    expect((await s.get(ok.id)).memory.category).toHaveLength(256);
  });

  it('CLI store and update', async () => {
    const repo = makeRepo();
    const first = await runCli(repo, ['store', 'a first memory', '--json']);
    const before = tip(repo);
    const r = await runCli(repo, ['store', 'x', '--category', 'ops\ninjected: true', '--json']);
    expect(r.code).not.toBe(0);
    expect(r.json.error.code).toBe('INVALID_INPUT');
    expect((await runCli(repo, ['update', first.json.id, '--category', 'a\nb', '--json'])).json.error.code).toBe('INVALID_INPUT');
    expect(tip(repo)).toBe(before);
  });

  it('MCP memory_store and memory_update', async () => {
    const repo = makeRepo();
    const { client } = await connectIn(repo);
    expect(toolCode(await client.callTool({ name: 'memory_store', arguments: { content: 'x', category: 'ops\ninjected: true' } }))).toBe('INVALID_INPUT');
    const s = new MemoryStore({ repo, warn: () => {} });
    const { id } = await s.store({ content: 'a first memory' });
    expect(toolCode(await client.callTool({ name: 'memory_update', arguments: { id, category: 'a\nb' } }))).toBe('INVALID_INPUT');
  });

  it('import: the record is reported invalid, the others imported', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const r = await importMemories(s, { records: [{ content: 'good one' }, { content: 'bad one', category: 'a\nb' }, { content: 'bad two', scope: 'x\u0007' }] });
    expect(r.imported).toBe(1);
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'INVALID_INPUT'],
      [3, 'INVALID_INPUT'],
    ]);
  });

  it('Action store', async () => {
    const repo = makeRepo();
    const { inputs } = parseInputs((n) => ({ command: 'store', content: 'x', category: 'ops\ninjected: true', sync: 'false', path: repo })[n] ?? '', { GITHUB_WORKSPACE: repo });
    expect(await code(execute(inputs, { info: () => {}, warning: () => {} }))).toBe('INVALID_INPUT');
    expect(tip(repo)).toBe('');
  });
});

describe('a date that is not on the calendar (2026-02-30)', () => {
  it('is refused by import and the library, not rolled over into March', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const r = await importMemories(s, { records: [{ content: 'leap', timestamp: '2024-02-29' }, { content: 'bad', timestamp: '2026-02-30' }, { content: 'bad too', updated: '2026-04-31T10:00:00Z' }] });
    expect(r.imported).toBe(1);
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'INVALID_INPUT'],
      [3, 'INVALID_INPUT'],
    ]);
    expect(await code(s.store({ content: 'x', timestamp: '2026-02-30' }))).toBe('INVALID_INPUT');
  });
});

describe('field names that are Object.prototype names', () => {
  it('an imported `__proto__` is kept as data like `constructor`, in the file, through an update and in the export', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const r = await importMemories(s, { text: '{"content":"x","__proto__":{"a":1},"constructor":"y","metadata":{"__proto__":5}}\n' });
    expect(r).toMatchObject({ imported: 1, errors: [] });
    const file = git(repo, 'show', `memory:${git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories/')}`);
    expect(file).toContain('__proto__');
    expect(file).toContain('constructor');
    await s.update(r.ids[0], { content: 'x, edited' });
    const out = JSON.parse((await exportMemories(s)).data.trim());
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ a: 1 });
    expect(out.constructor).toBe('y');
    expect(Object.keys(out.metadata)).toContain('__proto__');
  });
});

describe('a search query is bounded at every input', () => {
  it('over 10,000 characters: INVALID_INPUT from the library (both search paths), the CLI and MCP; at the cap it runs', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'deploys need the VPN' });
    const long = 'word '.repeat(2001);
    const { search } = await import('../../src/search/index.js');
    const { modeSearch } = await import('../../src/search/hybrid.js');
    expect(await code(search(s, { query: long }))).toBe('INVALID_INPUT');
    expect(await code(modeSearch(s, { query: long, mode: 'fulltext' }))).toBe('INVALID_INPUT');
    const cli = await runCli(repo, ['search', long, '--json']);
    expect(cli.code).toBe(2);
    expect(cli.json.error.message).not.toContain(long.slice(0, 1000));
    const { client } = await connectIn(repo);
    expect(toolCode(await client.callTool({ name: 'memory_search', arguments: { query: long } }))).toBe('INVALID_INPUT');
    expect((await search(s, { query: `${'x'.repeat(9_990)} vpn` })).success).toBe(true);
  });
});
