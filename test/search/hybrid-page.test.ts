import { describe, expect, it } from 'vitest';
import { CONFIDENT } from '../../src/search/confidence.js';
import { pickPage, toResponse } from '../../src/search/hybrid-page.js';
import type { Candidate, Ranking } from '../../src/search/ranking.js';
import { indexOf } from './vector-rows.js';

// The page of a vector or hybrid ranking (order, session cap, diversity) and its response.
const cand = (id: string, relevance: number, extra: Partial<Candidate> = {}): Candidate => ({ id, relevance, confidence: CONFIDENT, ...extra });
const ranking = (candidates: Candidate[], sessionOf: Ranking['sessionOf'] = null): Ranking => ({ candidates, total: candidates.length, pageSupport: false, coverage: new Map(), sessionOf });
const memory = (id: string) => ({ id, content: `memory ${id}`, tags: [], category: 'general', priority: 'medium' as const, timestamp: '2026-01-01T00:00:00.000Z' });

describe('hybrid-page', () => {
  const index = indexOf(['m1', 'm2', 'm3', 'm4'], [[1, 0], [1, 0.01], [0, 1], [0.7, 0.7]]);

  it('orders by relevance, ties the later id first, and keeps `limit`', () => {
    const page = pickPage(ranking([cand('m1', 0.5), cand('m3', 0.9), cand('m2', 0.5), cand('m4', 0.1)]), 3, index, 1, 0);
    expect(page.map((c) => c.id)).toEqual(['m3', 'm2', 'm1']);
  });

  it('with a session cap, places the others before a session\'s extra memories', () => {
    const session: Record<string, number> = { m1: 0, m2: 0, m3: 1, m4: -1 };
    const page = pickPage(ranking([cand('m1', 0.9), cand('m2', 0.8), cand('m3', 0.7), cand('m4', 0.6)], (id) => session[id]), 4, index, 1, 1);
    // m2 is the second of m1's run: after m3 (another run) and m4 (in none: never capped).
    expect(page.map((c) => c.id)).toEqual(['m1', 'm3', 'm4', 'm2']);
  });

  it('with diversity, places a near duplicate by meaning after the others', () => {
    const page = pickPage(ranking([cand('m1', 0.9), cand('m2', 0.8), cand('m3', 0.7)]), 3, index, 0.95, 0);
    expect(page.map((c) => c.id)).toEqual(['m1', 'm3', 'm2']);
    // Off (1): relevance alone.
    expect(pickPage(ranking([cand('m1', 0.9), cand('m2', 0.8), cand('m3', 0.7)]), 3, index, 1, 0).map((c) => c.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('reports confident candidates as results and the others as weak, every score rounded', () => {
    const page = [
      cand('m1', 0.123456, { vectorScore: 0.654321, textScore: 0.1, feedbackScore: 0.22222, contextScore: 0.011111, confidence: 0.87654 }),
      cand('m2', 0.1, { vectorScore: 0.3, confidence: 0.2 }),
    ];
    const res = toResponse(page, 1, memory, new Map([['m1', 0.333333]]));
    expect(res.results.map((r) => [r.id, r.relevance, r.confidence, r.scores])).toEqual([['m1', 0.1235, 0.877, { vector: 0.6543, fulltext: 0.1, feedback: 0.2222, context: 0.0111, coverage: 0.3333 }]]);
    expect(res.weak!.map((r) => [r.id, r.confidence, r.scores])).toEqual([['m2', 0.2, { vector: 0.3, coverage: 0 }]]);
    expect(res.total).toBe(1);
    expect(res.nothingConfident).toBeUndefined();
  });

  it('says why nothing is confident, and adds no coverage in vector mode', () => {
    const res = toResponse([cand('m1', 0.4, { vectorScore: 0.4, confidence: 0.1 })], 0, memory, null);
    expect(res.results).toEqual([]);
    expect(res.weak![0].scores).toEqual({ vector: 0.4 });
    expect(res.nothingConfident).toMatch(/1 weak candidate/);
  });
});
