import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestOf, boostOf, DAY, DEFAULT_WEIGHTS, keepBest, newestFirst, pageOrder, type Ranked } from '../../src/search/rank-order.js';
import { runs } from '../fc-runs.js';
import { view } from './segments.js';

// What every full-text ranking shares: the seed's boosts, the page's order, the best k of a stream.
describe('rank-order', () => {
  it('keeps the best k of a stream in order, as a full sort would', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), fc.integer({ min: 0, max: 30 }), (xs, k) => {
        // Ties broken by position: a total order, so the page is one list.
        const items = xs.map((v, i) => ({ v, i }));
        const cmp = (a: { v: number; i: number }, b: { v: number; i: number }) => b.v - a.v || a.i - b.i;
        const sorted = [...items].sort(cmp).slice(0, k);
        const top: typeof items = [];
        for (const it of items) keepBest(top, it, k, cmp);
        expect(top).toEqual(sorted);
        expect(bestOf([...items], k, cmp)).toEqual(sorted);
      }),
      { numRuns: runs(500), seed: 7 },
    );
  });

  it('adds the priority boost, and the recency boost within its window', () => {
    const now = Date.UTC(2026, 5, 1);
    const w = DEFAULT_WEIGHTS;
    expect(boostOf(2, now, w, now)).toBeCloseTo(w.priority.high + w.recencyPerDay * w.recencyDays, 12);
    expect(boostOf(0, now - 3 * DAY, w, now)).toBeCloseTo(w.recencyPerDay * (w.recencyDays - 3), 12);
    expect(boostOf(1, now - 8 * DAY, w, now)).toBe(w.priority.medium);
    // A time in the future counts as now.
    expect(boostOf(1, now + DAY, w, now)).toBe(boostOf(1, now, w, now));
  });

  it('orders a page by relevance, then newer first, then the id descending', () => {
    const t = Date.UTC(2026, 0, 1);
    const v = view([
      { id: 'mem_a', content: 'x', timestamp: t },
      { id: 'mem_b', content: 'x', timestamp: t },
      { id: 'mem_c', content: 'x', timestamp: t + 1 },
    ]);
    const at = (doc: number, relevance: number) => ({ part: 0, doc, relevance, ts: v.parts[0].seg.ts[doc] });
    const page = [at(0, 1), at(1, 1), at(2, 1), at(0, 2)].sort(pageOrder(v));
    expect(page.map((x) => [x.doc, x.relevance])).toEqual([[0, 2], [2, 1], [1, 1], [0, 1]]);
    const listed: Ranked[] = [0, 1, 2].map((doc) => ({ part: 0, doc, relevance: 0 }));
    expect(listed.sort(newestFirst(v)).map((x) => x.doc)).toEqual([2, 1, 0]);
  });
});
