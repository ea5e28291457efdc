import type { Embedder } from '../embed/index.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import type { Memory } from '../model/memory.js';
import type { VectorReport } from '../model/search-types.js';
import type { VectorEntry } from '../vector/branch.js';
import type { VectorIndex } from '../vector/index.js';
import { docIds, readMemory } from './index.js';
import type { IndexView } from './index-view.js';
import type { Segment } from './segment.js';

/**
 * What vector and hybrid search read before they rank: the live memories of the full-text index as
 * vector entries (read only when asked), which vector rows pass the filters, the query's vector (a
 * small cache of recent query texts), and whether the branch has vectors enough to serve the search.
 * Each is kept for the next search over the same index view, vector index or embedder.
 */

/**
 * Hybrid search loads the model (about a second) only when vectors can serve the search: when at
 * least 1 in 100 memories has a vector, or when every memory that lacks one fits in the search's
 * embedding budget (counted at {@link EMBEDDED_PER_BUDGET_SECOND}, the offline model's rate on a
 * busy core). Over a branch that was never embedded, a query vector would have nothing to be
 * compared with but the handful of memories a budget embeds, so the search is full text and says
 * so; `memory embed` (or a long-lived writer) gives the branch its vectors (docs/hybrid.md).
 */
export const MIN_VECTOR_SHARE = 0.01;
export const EMBEDDED_PER_BUDGET_SECOND = 32;

/** A live memory of the index, as the vector step sees it: read (and parsed) only when asked. */
export class IndexEntry implements VectorEntry {
  constructor(
    readonly id: string,
    readonly oid: string,
    readonly path: string,
    readonly ts: number,
    readonly scope: string,
    private readonly at: { store: ReadonlyBranch; seg: Segment; doc: number },
  ) {}
  /** The hash of the conversation it was stored in (src/search/conversation.ts), or NO_CONVERSATION. */
  get conv(): number {
    return this.at.seg.conv[this.at.doc];
  }
  /** Parsed from its blob, cached by blob id per branch (src/search/index.ts, readMemory). */
  read(): Memory {
    return readMemory(this.at.store, this.at.seg, this.at.doc);
  }
}

/**
 * The live memories of an index view by id (first copy of an id wins), and as one array in that
 * order: built once per view (a view never changes; a store or delete makes a new tree, so a new
 * view), since decoding 10,000 ids, paths and blob ids and making an object per memory on every
 * search was a third of a warm hybrid search (BENCHMARKS.md, "Warm search latency at 10,000 memories").
 */
export function entriesOf(store: ReadonlyBranch, view: IndexView): { entries: Map<string, IndexEntry>; list: IndexEntry[] } {
  const hit = entryCache.get(view);
  if (hit && hit.store === store) return hit;
  const ids = docIds(view);
  const entries = new Map<string, IndexEntry>();
  view.parts.forEach(({ seg, dead }, pi) => {
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d]) continue;
      const id = ids[pi][d];
      if (entries.has(id)) continue;
      entries.set(id, new IndexEntry(id, seg.oids.get(d), seg.paths.get(d), seg.ts[d], seg.scopes[seg.scope[d]] ?? '', { store, seg, doc: d }));
    }
  });
  const out = { store, entries, list: [...entries.values()] };
  entryCache.set(view, out);
  return out;
}
const entryCache = new WeakMap<IndexView, { store: ReadonlyBranch; entries: Map<string, IndexEntry>; list: IndexEntry[] }>();

/** Which rows of `index` pass the filters (`allowed`): one byte per row, kept for the next search with the same two objects. */
export function rowsPassing(index: VectorIndex, allowed: ReadonlySet<string>): { ok: Uint8Array; okCount: number } {
  const hit = okCache.get(index);
  if (hit && hit.allowed === allowed) return hit;
  const ok = new Uint8Array(index.size);
  let okCount = 0;
  for (let r = 0; r < ok.length; r++) if (allowed.has(index.ids[r])) okCount += ok[r] = 1;
  const out = { allowed, ok, okCount };
  okCache.set(index, out);
  return out;
}
const okCache = new WeakMap<VectorIndex, { allowed: ReadonlySet<string>; ok: Uint8Array; okCount: number }>();

/**
 * The query's vector, from a small per-embedder cache of recent query texts: an agent repeats
 * questions, and the offline model takes tens of ms per query (BENCHMARKS.md). A vector depends only
 * on the text and the model, so nothing on the branch can make one stale. A copy is returned.
 */
export async function embedQuery(embedder: Embedder, text: string): Promise<Float32Array> {
  let cache = queryVectors.get(embedder);
  if (!cache) queryVectors.set(embedder, (cache = new Map()));
  let v = cache.get(text);
  if (v) {
    // Most recently used last.
    cache.delete(text);
    cache.set(text, v);
  } else {
    [v] = await embedder.embed([text]);
    if (!v) return v;
    cache.set(text, v);
    if (cache.size > QUERY_VECTORS) cache.delete(cache.keys().next().value as string);
  }
  return Float32Array.from(v);
}
/** Query texts whose vectors are kept per embedder (512 floats each for the offline model: 128 KB in all). */
export const QUERY_VECTORS = 64;
const queryVectors = new WeakMap<Embedder, Map<string, Float32Array>>();

/**
 * Whether hybrid search is skipped for full text: over a branch whose vectors are too few (under
 * {@link MIN_VECTOR_SHARE}) and whose missing ones do not fit the embedding budget.
 */
export function tooFewVectors(cov: { with: number; without: number }, budgetMs: number, embedder: Embedder): { vectors: VectorReport; skipped: string } | null {
  const fits = (budgetMs / 1000) * EMBEDDED_PER_BUDGET_SECOND;
  if (!(cov.without > fits && cov.with < MIN_VECTOR_SHARE * (cov.with + cov.without))) return null;
  return { vectors: { model: embedder.id, embedded: 0, reused: cov.with, missing: cov.without }, skipped: `${cov.without} of ${cov.with + cov.without} memories have no vector yet` };
}
