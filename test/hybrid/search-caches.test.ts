import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { HttpEmbedder } from '../../src/embed/index.js';
import type { SearchResponse } from '../../src/model/search-types.js';
import { makeRepo } from '../helpers.js';
import { startEmbedServer, type EmbedServer } from './embed-server.js';

/**
 * A warm search reuses what it derived from the branch (the index's memories, the vector matrix and
 * which rows pass the filters, looked-up terms, query vectors; BENCHMARKS.md "Warm search latency at 10,000 memories"). None of it may outlive the tree it came from: a store or a delete in the same process
 * must show in the very next search, in every mode.
 */
let server: EmbedServer;
beforeAll(async () => {
  server = await startEmbedServer();
});
afterAll(() => server.close());

const all = (r: SearchResponse) => [...r.results, ...(r.weak ?? [])];

async function fixture(): Promise<MemoryStore> {
  const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
  await s.store({ content: 'The zebra crossing near the office was repainted', tags: ['office'], timestamp: '2026-01-10T00:00:00Z' });
  await s.store({ content: 'Deploys to production need the VPN', tags: ['ops'], timestamp: '2026-02-10T00:00:00Z' });
  await s.store({ content: 'Lunch on Friday is pizza with the team', tags: ['social'], timestamp: '2026-03-10T00:00:00Z' });
  return s;
}

describe('warm search caches follow the branch', () => {
  it('a memory stored or deleted between two searches is in or out of the next one, hybrid and full text', async () => {
    const s = await fixture();
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    const first = await s.search({ query: 'zebra crossing' }, { embedder, minSimilarity: 0.3 });
    expect(first.mode).toBe('hybrid');
    expect(all(first)).toHaveLength(1);
    expect(first.vectors).toMatchObject({ embedded: 3, reused: 0 });
    // The same search again: answered from what the first one derived, the same page.
    const again = await s.search({ query: 'zebra crossing' }, { embedder, minSimilarity: 0.3 });
    expect({ ...again, vectors: undefined }).toEqual({ ...first, vectors: undefined });
    expect(again.vectors).toMatchObject({ embedded: 0, reused: 3 });

    const added = await s.store({ content: 'A second zebra crossing is planned by the car park', timestamp: '2026-04-10T00:00:00Z' });
    const hybrid = await s.search({ query: 'zebra crossing' }, { embedder, minSimilarity: 0.3 });
    const hit = all(hybrid).find((m) => m.id === added.id);
    expect(hit).toBeDefined();
    // Its vector was embedded by this search and used: not an index of the old rows.
    expect(hybrid.vectors).toMatchObject({ embedded: 1, reused: 3, missing: 0 });
    expect(hit!.scores!.vector).toBeGreaterThan(0.3);
    expect(all(await s.search({ query: 'zebra', mode: 'fulltext' }, { embedder }))).toHaveLength(2);

    await s.delete(added.id);
    for (const mode of ['hybrid', 'vector', 'fulltext'] as const) {
      const r = await s.search({ query: 'zebra crossing', mode }, { embedder, minSimilarity: 0.3 });
      expect(all(r).map((m) => m.id)).not.toContain(added.id);
    }
    expect((await s.search({ query: 'zebra crossing' }, { embedder, minSimilarity: 0.3 })).vectors).toMatchObject({ embedded: 0, reused: 3 });
  });

  it('filters are applied to the rows afresh when they change between searches of one index', async () => {
    const s = await fixture();
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    const q = { query: 'zebra crossing vpn pizza', mode: 'vector' as const };
    expect(all(await s.search(q, { embedder }))).toHaveLength(3);
    const ops = await s.search({ ...q, tags: ['ops'] }, { embedder });
    expect(all(ops).map((m) => m.tags)).toEqual([['ops']]);
    const social = await s.search({ ...q, tags: ['social'] }, { embedder });
    expect(all(social).map((m) => m.tags)).toEqual([['social']]);
    expect(all(await s.search(q, { embedder }))).toHaveLength(3);
  });

  it("a query's vector is the model's own: two models never share one", async () => {
    const a = await fixture();
    const b = await fixture();
    const query = { query: 'zebra crossing repainted office', mode: 'vector' as const };
    const modelA = new HttpEmbedder({ model: 'bow-a', baseUrl: server.url });
    const modelB = new HttpEmbedder({ model: 'bow-b', baseUrl: server.url });
    // Store a: model A, then B on the same text; store b: B alone (a fresh embedder object).
    await a.search(query, { embedder: modelA });
    const afterA = await a.search(query, { embedder: modelB });
    const alone = await b.search(query, { embedder: new HttpEmbedder({ model: 'bow-b', baseUrl: server.url }) });
    expect(all(afterA).map((m) => [m.content, m.scores?.vector])).toEqual(all(alone).map((m) => [m.content, m.scores?.vector]));
    // Under model B the note holding the query's words is the nearest (with A's query vector it
    // would share no bucket of B's bag of words with anything that holds them).
    expect(afterA.results[0].content).toContain('zebra crossing');
    expect(afterA.results[0].scores!.vector).toBeGreaterThan(0.5);
  });
});
