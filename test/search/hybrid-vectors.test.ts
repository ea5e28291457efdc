import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/index.js';
import { EMBEDDED_PER_BUDGET_SECOND, MIN_VECTOR_SHARE, embedQuery, rowsPassing, tooFewVectors, QUERY_VECTORS } from '../../src/search/hybrid-vectors.js';
import { indexOf } from './vector-rows.js';

// What vector and hybrid search read before ranking: rows passing the filters, the query's vector
// (cached per embedder, a copy each time), and whether the branch has vectors enough.
describe('hybrid-vectors', () => {
  it('marks the rows passing the filters, kept for the same index and set', () => {
    const index = indexOf(['a', 'b', 'c']);
    const allowed = new Set(['a', 'c', 'not-in-index']);
    const first = rowsPassing(index, allowed);
    expect(Array.from(first.ok)).toEqual([1, 0, 1]);
    expect(first.okCount).toBe(2);
    expect(rowsPassing(index, allowed)).toBe(first);
    expect(rowsPassing(index, new Set(['b'])).okCount).toBe(1);
  });

  it('embeds a query text once per embedder, hands out copies, and keeps the most recent texts', async () => {
    const asked: string[] = [];
    const embedder = { id: 'test', dims: 2, embed: async (texts: string[]) => texts.map((t) => (asked.push(t), Float32Array.of(t.length, 1))) } as unknown as Embedder;
    const v = await embedQuery(embedder, 'hello');
    v[0] = 99; // a caller's change does not reach the cache
    expect(Array.from(await embedQuery(embedder, 'hello'))).toEqual([5, 1]);
    expect(asked).toEqual(['hello']);
    for (let i = 0; i < QUERY_VECTORS; i++) await embedQuery(embedder, `q${i}`);
    await embedQuery(embedder, 'hello');
    expect(asked.filter((t) => t === 'hello')).toHaveLength(2); // pushed out by QUERY_VECTORS newer texts
  });

  it('skips the vectors when few memories have one and the missing ones do not fit the budget', () => {
    const embedder = { id: 'm' } as Embedder;
    const fits = EMBEDDED_PER_BUDGET_SECOND; // at a budget of 1 s
    expect(tooFewVectors({ with: 0, without: fits }, 1000, embedder)).toBeNull();
    expect(tooFewVectors({ with: 0, without: fits + 1 }, 1000, embedder)).toEqual({ vectors: { model: 'm', embedded: 0, reused: 0, missing: fits + 1 }, skipped: `${fits + 1} of ${fits + 1} memories have no vector yet` });
    // 1 in 100 with a vector is enough, however many lack one.
    expect(tooFewVectors({ with: 100, without: 100 / MIN_VECTOR_SHARE - 100 }, 0, embedder)).toBeNull();
    expect(tooFewVectors({ with: 99, without: 9_901 }, 0, embedder)).not.toBeNull();
  });
});
