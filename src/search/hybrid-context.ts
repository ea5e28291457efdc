import type { VectorIndex } from '../vector/index.js';
import { NO_CONVERSATION } from './conversation.js';
import type { Candidate } from './ranking.js';

/**
 * Conversation context. Agents often store a conversation one turn per memory, and the turn that
 * answers a question ("Yes, twice last month!") matches the query that finds the turn before it only
 * weakly. So in hybrid ranking a matching memory also inherits `hybrid.contextWeight` times the best
 * score of its neighbours: the memories stored just before and just after it, in the same scope and
 * the same conversation (src/search/conversation.ts: one session, one CI job), at most
 * `hybrid.contextMinutes` apart. +5.3 points of recall@10 on LoCoMo; notes typed one after another
 * are no conversation, and their neighbours lend nothing (docs/hybrid.md). 0 turns it off.
 *
 * Here: the time neighbours of every vector row, what candidates lend each other, and the session
 * (the run of neighbours) of a memory, which the session cap counts (hybrid-page.ts).
 */

/** The time neighbours of every row of one vector index. */
export interface Neighbours {
  /** Row of the previous / next memory in time (same scope, within the window) per vector row, or -1. */
  prev: Int32Array;
  next: Int32Array;
}
const neighbourCache = new WeakMap<VectorIndex, { view: object; windowMs: number; nb: Neighbours }>();

/**
 * Time neighbours over the rows of the vector index (typed arrays, no per-memory objects: at
 * 100,000 memories the whole hybrid search must stay under 500 MB). Memories without a vector yet
 * neither lend nor inherit context.
 */
export function neighboursOf(index: VectorIndex, view: object, windowMs: number, placeOf: (id: string) => { ts: number; scope: string; conv: number } | undefined): Neighbours {
  const hit = neighbourCache.get(index);
  if (hit && hit.view === view && hit.windowMs === windowMs) return hit.nb;
  const n = index.size;
  const ts = new Float64Array(n);
  const scope = new Int32Array(n);
  const scopes = new Map<string, number>();
  const order: number[] = [];
  for (let r = 0; r < n; r++) {
    const at = placeOf(index.ids[r]);
    // Without a conversation a memory has no context (src/search/conversation.ts).
    if (!at || !Number.isFinite(at.ts) || at.conv === NO_CONVERSATION) continue;
    ts[r] = at.ts;
    const key = `${at.scope}\0${at.conv}`;
    let code = scopes.get(key);
    if (code === undefined) scopes.set(key, (code = scopes.size));
    scope[r] = code;
    order.push(r);
  }
  order.sort((a, b) => scope[a] - scope[b] || ts[a] - ts[b] || a - b);
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1];
    const b = order[k];
    if (scope[a] === scope[b] && ts[b] - ts[a] <= windowMs) {
      prev[b] = a;
      next[a] = b;
    }
  }
  const nb = { prev, next };
  neighbourCache.set(index, { view, windowMs, nb });
  return nb;
}

/**
 * Conversation context: every candidate lends its relevance to its time neighbours, each keeps the
 * best it was lent, and every candidate's relevance gains `contextWeight` times that. Only
 * candidates are re-ranked: a neighbour that matches nothing itself is not added, so a burst of
 * unrelated notes does not put one in the results for another's query.
 */
export function addContext(candidates: Candidate[], index: VectorIndex, nb: Neighbours, contextWeight: number): void {
  const lent = new Float64Array(index.size);
  for (const s of candidates) {
    const r = index.rowOf.get(s.id);
    if (r === undefined) continue;
    for (const j of [nb.prev[r], nb.next[r]]) if (j >= 0 && lent[j] < s.relevance) lent[j] = s.relevance;
  }
  for (const s of candidates) {
    const r = index.rowOf.get(s.id);
    const contextScore = r === undefined ? 0 : contextWeight * lent[r];
    s.contextScore = contextScore;
    s.relevance += contextScore;
  }
}

/** A session of a memory: the first memory of its run of time neighbours (memo per search, chains walked once). */
export function sessionsOf(index: VectorIndex, chain: Neighbours): (id: string) => number {
  const root = new Int32Array(index.size).fill(-2);
  const rootOf = (r: number): number => {
    const path: number[] = [];
    let x = r;
    while (root[x] === -2 && chain.prev[x] >= 0) {
      path.push(x);
      x = chain.prev[x];
    }
    const top = root[x] === -2 ? x : root[x];
    root[x] = top;
    for (const y of path) root[y] = top;
    return top;
  };
  return (id) => {
    const r = index.rowOf.get(id);
    return r === undefined ? -1 : rootOf(r);
  };
}

/** Rows passing the filters that {@link noteShare} reads at most (evenly spaced beyond). */
export const NOTE_SAMPLE = 10_000;

/**
 * The share of the memories passing the filters (`ok`, one byte per vector row) that belong to no
 * conversation (src/search/conversation.ts): notes typed one by one, imports, hand-written files,
 * rather than the turns of a chat or a job. Exact up to {@link NOTE_SAMPLE} rows passing the filters;
 * above, every k-th of them: a share compared with one line needs no look-up of every memory of a
 * large store on every search (at most 10,000, within about a percent of the whole count).
 */
export function noteShare(index: VectorIndex, ok: Uint8Array, okCount: number, convOf: (id: string) => number | undefined): number {
  if (!okCount) return 0;
  const step = Math.ceil(okCount / NOTE_SAMPLE);
  let seen = 0;
  let notes = 0;
  for (let r = 0, k = 0; r < ok.length; r++) {
    if (!ok[r] || k++ % step) continue;
    seen++;
    if (convOf(index.ids[r]) === NO_CONVERSATION) notes++;
  }
  return seen ? notes / seen : 0;
}
