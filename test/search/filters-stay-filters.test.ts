import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { structured, text } from '../mcp/client.js';
import { connectIn } from '../mcp/in-process.js';

// A tag, category, priority or date filter is a filter on every surface: a memory without the tag is
// never a confident answer to a search that asked for it (docs/search.md, "Filters and relaxation").
async function store(): Promise<{ repo: string; pg: string }> {
  const repo = makeRepo();
  const s = new MemoryStore({ repo, warn: () => {}, config: { autoTag: false } });
  const pg = (await s.store({ content: 'Postgres runs with 20 connections per service behind PgBouncer', tags: ['db'] })).id;
  await s.store({ content: 'The VPN is WireGuard; laptops get a config from the portal', tags: ['it'] });
  s.close();
  return { repo, pg };
}

describe('filters stay filters', () => {
  it('library: no relaxation by default; with relax, what a dropped tag lets in is weak, never a result', async () => {
    const { repo, pg } = await store();
    const s = new MemoryStore({ repo, warn: () => {} });
    const strict = await s.search({ query: 'postgres', tags: ['nosuchtag'] });
    expect(strict).toMatchObject({ results: [], total: 0 });
    expect(strict.relaxed).toBeUndefined();
    const relaxed = await s.search({ query: 'postgres', tags: ['nosuchtag'], relax: true });
    expect(relaxed.relaxed).toEqual(['tags']);
    expect(relaxed).toMatchObject({ results: [], total: 0 });
    expect(relaxed.nothingConfident).toBeTruthy();
    expect(relaxed.weak!.map((m) => m.id)).toEqual([pg]);
    for (const m of relaxed.weak!) expect(m.confidence!).toBeLessThan(0.5);
    // A dropped date range likewise.
    const dates = await s.search({ query: 'postgres', before: '2000-01-01', relax: true });
    expect(dates).toMatchObject({ results: [], total: 0, relaxed: ['date'] });
    expect(dates.weak!.map((m) => m.id)).toEqual([pg]);
    // Without a dropped filter nothing changes: a plain match stays confident.
    expect((await s.search({ query: 'postgres', relax: true })).results.map((m) => m.id)).toEqual([pg]);
    s.close();
  });

  it('MCP memory_search (real SDK client): the same default; relaxed matches are weak', async () => {
    const { repo, pg } = await store();
    const { client } = await connectIn(repo);
    const def = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'postgres', tags: ['nosuchtag'] } }));
    expect(def).toMatchObject({ results: [], total: 0 });
    expect(def.relaxed).toBeUndefined();
    expect(def.weak).toBeUndefined();
    const r = await client.callTool({ name: 'memory_search', arguments: { query: 'postgres', tags: ['nosuchtag'], relax: true } });
    const relaxed = structured(r);
    expect(relaxed).toMatchObject({ results: [], total: 0, relaxed: ['tags'] });
    expect(relaxed.weak.map((m: { id: string }) => m.id)).toEqual([pg]);
    expect(relaxed.weak[0].confidence).toBeLessThan(0.5);
    expect(text(r)).toMatch(/not answers/);
  });

  it('CLI: the same default; --relax lists the relaxed match as weak', async () => {
    const { repo, pg } = await store();
    const def = await runCli(repo, ['search', 'postgres', '--tag', 'nosuchtag', '--json']);
    expect(def.code).toBe(0);
    expect(def.json).toMatchObject({ results: [], total: 0 });
    const relaxed = await runCli(repo, ['search', 'postgres', '--tag', 'nosuchtag', '--relax', '--json']);
    expect(relaxed.code).toBe(0);
    expect(relaxed.json).toMatchObject({ results: [], total: 0, relaxed: ['tags'] });
    expect(relaxed.json.weak.map((m: { id: string }) => m.id)).toEqual([pg]);
  });
});

describe('MCP sessions', () => {
  it('memory_store records one session per server on what it stores (context for its own memories only)', async () => {
    const repo = makeRepo();
    const { client } = await connectIn(repo);
    const a = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'first turn of the chat' } })).id;
    const b = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'second turn of the chat' } })).id;
    const other = await connectIn(repo);
    const c = structured(await other.client.callTool({ name: 'memory_store', arguments: { content: 'another agent, another session' } })).id;
    const s = new MemoryStore({ repo, warn: () => {} });
    const session = async (id: string) => (await s.get(id)).memory.metadata.session;
    expect(await session(a)).toMatch(/^mcp-[0-9a-f]{12}$/);
    expect(await session(b)).toBe(await session(a));
    expect(await session(c)).not.toBe(await session(a));
    s.close();
  });
});
