import type { Memory } from '../model/memory.js';
import type { SearchResponse, SearchResult } from '../model/search-types.js';
import type { VectorIndex } from '../vector/index.js';
import { CONFIDENT, nothingConfidentNote, roundConfidence } from './confidence.js';
import { bestOf } from './rank-order.js';
import type { Candidate, Ranking } from './ranking.js';

/**
 * The page of a vector or hybrid ranking and its response: the best candidates in order (with the
 * session cap and page diversity, when set, holding some back until the others are placed), and the
 * response that reports confident candidates as results and the others as weak, with every score.
 */

function dot(a: Float32Array, b: Float32Array): number {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i] * b[i];
  return x;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Ties: the later id first (native ids sort by creation time). */
const better = (a: Candidate, b: Candidate) => b.relevance - a.relevance || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The page: the best `limit` candidates. With a session cap (hybrid), past `cap` memories of one
 * session the rest wait until the other sessions' candidates are placed (evidence spread over
 * sessions, multi-hop questions). With diversity below 1 (hybrid), a candidate nearly identical by
 * meaning to one already on the page (cosine above `diversity`) waits until the other candidates
 * are placed, so near-duplicate turns of one session do not fill the page.
 */
export function pickPage(ranking: Ranking, limit: number, index: VectorIndex, diversity: number, sessionCap: number): Candidate[] {
  const { candidates, sessionOf } = ranking;
  if (sessionCap > 0 && sessionOf) {
    const kept: Candidate[] = [];
    const later: Candidate[] = [];
    const per = new Map<number, number>();
    for (const c of bestOf(candidates, limit * 3, better)) {
      const sid = sessionOf(c.id);
      const k = per.get(sid) ?? 0;
      if (sid >= 0 && k >= sessionCap) later.push(c);
      else {
        kept.push(c);
        per.set(sid, k + 1);
      }
    }
    return [...kept, ...later].slice(0, limit);
  }
  if (diversity < 1) {
    const kept: Candidate[] = [];
    const later: Candidate[] = [];
    const vecs: Float32Array[] = [];
    for (const c of bestOf(candidates, limit * 3, better)) {
      if (kept.length >= limit) break;
      const v = index.vector(c.id);
      const dup = v ? vecs.some((u) => dot(u, v) > diversity) : false;
      if (dup) later.push(c);
      else {
        kept.push(c);
        if (v) vecs.push(v);
      }
    }
    return [...kept, ...later].slice(0, limit);
  }
  return bestOf(candidates, limit, better);
}

/** The response of a page: confident candidates are results, the others weak; `coverage` (hybrid) adds `scores.coverage`. */
export function toResponse(page: Candidate[], total: number, memoryOf: (id: string) => Memory, coverage: Map<string, number> | null): SearchResponse {
  const results: SearchResult[] = [];
  const weak: SearchResult[] = [];
  for (const s of page) {
    const scores: SearchResult['scores'] = { vector: round(s.vectorScore ?? 0) };
    if (s.textScore !== undefined) scores.fulltext = round(s.textScore);
    if (s.feedbackScore !== undefined) scores.feedback = round(s.feedbackScore);
    if (s.contextScore) scores.context = round(s.contextScore);
    if (coverage) scores.coverage = round(coverage.get(s.id) ?? 0);
    (s.confidence >= CONFIDENT ? results : weak).push({ ...memoryOf(s.id), relevance: round(s.relevance), confidence: roundConfidence(s.confidence), scores });
  }
  const response: SearchResponse = { success: true, results, weak, total };
  if (!results.length) response.nothingConfident = nothingConfidentNote(weak.length);
  return response;
}
