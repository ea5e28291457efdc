import { describe, expect, it } from 'vitest';
import { MemoryError, openMemory, type GitMemory } from '../../src/index.js';
import { cli, git, makeRepo, errorCode as codeOf } from '../helpers.js';
import { runCli } from '../run-cli.js';

const MEMORY_KEYS = ['category', 'content', 'id', 'metadata', 'priority', 'tags', 'timestamp'];

function fresh(): { repo: string; memory: GitMemory } {
  const repo = makeRepo({ commit: true });
  return { repo, memory: openMemory({ repo }) };
}

describe('openMemory (library API)', () => {
  it('store → { success, id, timestamp, commit }, with the seed defaults', async () => {
    const { repo, memory } = fresh();
    const r = await memory.store({ content: 'The user prefers TypeScript over JavaScript for new projects', tags: ['preferences'] });
    expect(Object.keys(r).sort()).toEqual(['commit', 'id', 'success', 'timestamp']);
    expect(r.success).toBe(true);
    expect(r.id).toMatch(/^mem_[a-z0-9]+$/);
    expect(new Date(r.timestamp).toISOString()).toBe(r.timestamp);
    expect(git(repo, 'rev-parse', 'memory')).toBe(r.commit);
    const { memory: m } = await memory.get(r.id);
    expect(m).toMatchObject({ category: 'general', priority: 'medium', tags: ['preferences'] });
    expect(m.metadata).toMatchObject({ source: 'library', version: 1 });
    memory.close();
  });

  it('get → { success, memory: { id, content, tags, category, priority, timestamp, metadata } }', async () => {
    const { memory } = fresh();
    const { id, timestamp } = await memory.store({ content: 'Database connection uses SSL on production', tags: ['DB', 'ssl', 'db'], category: 'infrastructure', priority: 'high' });
    const r = await memory.get(id);
    expect(Object.keys(r).sort()).toEqual(['memory', 'success']);
    expect(Object.keys(r.memory).sort()).toEqual(MEMORY_KEYS);
    expect(r.memory).toEqual({ id, content: 'Database connection uses SSL on production', tags: ['db', 'ssl'], category: 'infrastructure', priority: 'high', timestamp, metadata: { source: 'library', version: 1 } });
    memory.close();
  });

  it('recent → { success, memories, total } newest first; count defaults to 10', async () => {
    const { memory } = fresh();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await memory.store({ content: `note ${i}`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)) })).id);
    const r = await memory.recent();
    expect(Object.keys(r).sort()).toEqual(['memories', 'success', 'total']);
    expect(r.total).toBe(12);
    expect(r.memories.map((m) => m.id)).toEqual(ids.slice().reverse().slice(0, 10));
    expect((await memory.recent(3)).memories.map((m) => m.content)).toEqual(['note 11', 'note 10', 'note 9']);
    expect(await codeOf(memory.recent(0))).toBe('INVALID_INPUT');
    memory.close();
  });

  it('list → { success, memories, total } with tag/category filters; limit defaults to 50', async () => {
    const { memory } = fresh();
    for (let i = 0; i < 55; i++) await memory.store({ content: `bulk ${i}`, tags: i % 2 ? ['odd'] : ['even', 'api'], category: i < 5 ? 'infrastructure' : 'general' });
    const all = await memory.list();
    expect(Object.keys(all).sort()).toEqual(['memories', 'success', 'total']);
    expect(all.memories).toHaveLength(50);
    expect(all.total).toBe(55);
    const f = await memory.list({ tags: ['api'], category: 'infrastructure', limit: 2 });
    expect(f.total).toBe(3); // i = 0, 2, 4
    expect(f.memories.map((m) => m.content)).toEqual(['bulk 4', 'bulk 2']);
    expect((await memory.list({ tags: 'even,api' })).total).toBe(28);
    expect(await codeOf(memory.list({ limit: -1 }))).toBe('INVALID_INPUT');
    memory.close();
  });

  it('search → { success, results: [{ ...memory, relevance }], total }; limit defaults to 10', async () => {
    const { memory } = fresh();
    for (let i = 0; i < 12; i++) await memory.store({ content: `deploy note ${i}: the VPN is needed`, tags: ['deploy'] });
    const other = await memory.store({ content: 'API rate limit is 100 requests/minute', tags: ['api'], category: 'infrastructure' });
    const r = await memory.search({ query: 'VPN deploy' });
    expect(r.success).toBe(true);
    expect(r.results).toHaveLength(10);
    expect(r.total).toBe(12);
    for (const x of r.results) {
      expect(Object.keys(x)).toEqual(expect.arrayContaining([...MEMORY_KEYS, 'relevance']));
      expect(typeof x.relevance).toBe('number');
    }
    const byRel = r.results.map((x) => x.relevance);
    expect(byRel).toEqual([...byRel].sort((a, b) => b - a));
    expect((await memory.search({ query: 'rate limit', category: 'infrastructure', limit: 5 })).results.map((x) => x.id)).toEqual([other.id]);
    expect((await memory.search({ tags: ['api'] })).results.map((x) => x.id)).toEqual([other.id]);
    expect((await memory.search({ query: 'rate limit', before: '2000-01-01' })).total).toBe(0);
    expect(await codeOf(memory.search({ after: 'not a date' }))).toBe('INVALID_INPUT');
    memory.close();
  });

  it('tagged → { success, memories } carrying every tag', async () => {
    const { memory } = fresh();
    const a = await memory.store({ content: 'a', tags: ['api', 'limits'] });
    await memory.store({ content: 'b', tags: ['api'] });
    const r = await memory.tagged(['api', 'limits']);
    expect(Object.keys(r).sort()).toEqual(['memories', 'success']);
    expect(r.memories.map((m) => m.id)).toEqual([a.id]);
    expect(await codeOf(memory.tagged([]))).toBe('INVALID_INPUT');
    memory.close();
  });

  it('delete → { success, deleted, commit }; deleteByTag and clear', async () => {
    const { memory } = fresh();
    const a = await memory.store({ content: 'obsolete one', tags: ['obsolete'] });
    const b = await memory.store({ content: 'obsolete two', tags: ['obsolete'] });
    const keep = await memory.store({ content: 'keep' });
    const d = await memory.delete(keep.id);
    expect(Object.keys(d).sort()).toEqual(['commit', 'deleted', 'success']);
    expect(d.deleted).toBe(keep.id);
    expect(await codeOf(memory.get(keep.id))).toBe('NOT_FOUND');
    expect(await codeOf(memory.delete(keep.id))).toBe('NOT_FOUND');
    const bt = await memory.deleteByTag('obsolete');
    expect(bt.deleted.sort()).toEqual([a.id, b.id].sort());
    await memory.store({ content: 'x' });
    expect(await codeOf(memory.clear({}))).toBe('CONFIRMATION_REQUIRED');
    const c = await memory.clear({ confirm: true });
    expect(c).toMatchObject({ success: true, deleted: 1 });
    expect((await memory.list()).total).toBe(0);
    memory.close();
  });

  it('rejects bad input with stable codes and writes nothing', async () => {
    const { repo, memory } = fresh();
    expect(await codeOf(memory.store({ content: '' }))).toBe('EMPTY_CONTENT');
    expect(await codeOf(memory.store({ content: 'a\0b' }))).toBe('BINARY_CONTENT');
    expect(await codeOf(memory.store({ content: 'x'.repeat(65 * 1024) }))).toBe('CONTENT_TOO_LARGE');
    expect(await codeOf(memory.store({ content: 'ok', priority: 'urgent' as never }))).toBe('INVALID_INPUT');
    expect(await codeOf(memory.get('not an id'))).toBe('INVALID_ID');
    expect(await codeOf(memory.get('mem_0000000000000000'))).toBe('NOT_FOUND');
    expect(() => git(repo, 'rev-parse', '--verify', '-q', 'memory')).toThrow();
    expect(() => openMemory({ repo, branch: '../evil' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    memory.close();
  });

  it('sees what other writers (the CLI) stored, and they see its writes', async () => {
    const { repo, memory } = fresh();
    const fromCli = (await runCli(repo, ['store', 'from the cli', '--tags', 'shared', '--json'])).json.id;
    const mine = await memory.store({ content: 'from the library', tags: ['shared'] });
    expect((await memory.tagged('shared')).memories.map((m) => m.id).sort()).toEqual([fromCli, mine.id].sort());
    expect((await runCli(repo, ['list', '--tag', 'shared', '--json'])).json.total).toBe(2);
    memory.close();
  });
});
