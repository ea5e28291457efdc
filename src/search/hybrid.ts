import { InvalidInputError, MemoryError } from '../errors.js';
import type { Memory } from '../model/memory.js';
import type { Relaxation, SearchFallback, SearchMode, SearchQuery, SearchResponse, SearchResult, VectorReport } from '../model/search-types.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { embedInput, normalize, USE_MODEL_ID, type Embedder } from '../embed/index.js';
import type { VectorEntry } from '../vector/branch.js';
import { topK, type VectorIndex } from '../vector/index.js';
import { branchVectors, searchBudgetMs, storeEmbedder } from '../vector/store-vectors.js';
import { readOnlyView } from '../vector/view.js';
import { queryNames, queryTerms } from './analyze.js';
import { bestOf, knownShare } from './engine.js';
import { CONFIDENT, HYBRID_MIN_COVERAGE, confidence, type Signals, nothingConfidentNote, roundConfidence, semanticConfidence, supported, supportedConfidence } from './confidence.js';
import { neighbourWords, synonymTable, tableWords, type ExpansionSource } from './expand.js';
import { docIds, filterIds, fullTextMatches, openIndex, readMemory, search as fullTextSearch, type IndexOptions } from './index.js';
import type { IndexView } from './engine.js';
import type { Segment } from './segment.js';
import { NO_CONVERSATION } from './conversation.js';
import { limitOf } from '../model/bounds.js';
import { DEFAULT_CONFIG } from '../model/config-defaults.js';

/**
 * Search modes over one store: `fulltext` (BM25 and the seed's boosts, src/search/index.ts),
 * `vector` (cosine similarity of sentence embeddings) and `hybrid` (a weighted blend of both), with
 * fallback and relaxation that the response always reports. docs/hybrid.md has the formulas.
 */

export const SEARCH_MODES: readonly SearchMode[] = ['hybrid', 'vector', 'fulltext'];

/**
 * Calibrated relevance (docs/hybrid.md, "Calibration and abstention"). A memory with no full-text
 * match is a hybrid result only when its cosine similarity to the query reaches the threshold of the
 * model in use: the cosine above which unrelated sentence pairs are rare, picked from the two
 * distributions of bench/data/calibration-pairs.json (paraphrases and query/answer pairs against
 * unrelated pairs) by bench/calibrate.mjs: the lowest cosine that at most 1% of unrelated pairs
 * reach. Below it a cosine says little: the default model puts unrelated sentences of one domain
 * at 0.1-0.55, some at 0.7. Keyed by model id.
 */
export const CALIBRATED_MIN_SIMILARITY: Readonly<Record<string, number>> = {
  [USE_MODEL_ID]: 0.59,
};

/**
 * The threshold of a model nobody calibrated (an HTTP or ONNX model): set its own with
 * `hybrid.minSimilarity` or MEMORY_HYBRID_MIN_SIMILARITY (bench/calibrate.mjs prints it for any model).
 */
export const UNCALIBRATED_MIN_SIMILARITY = 0.5;

/** Where a search's similarity threshold came from. */
export type ThresholdSource = 'option' | 'config' | 'calibrated' | 'default';

/**
 * The similarity threshold for `embedder` in `store`: the library option, else the configuration's
 * `hybrid.minSimilarity` (env MEMORY_HYBRID_MIN_SIMILARITY, the branch or repository file; 0 =
 * unset), else the model's calibrated value, else {@link UNCALIBRATED_MIN_SIMILARITY}.
 */
export function minSimilarity(store: ReadonlyBranch, embedder: Pick<Embedder, 'id'>, option?: number): { value: number; source: ThresholdSource } {
  const check = (v: number, field: string) => {
    if (!Number.isFinite(v) || v < -1 || v > 1) throw new InvalidInputError(`${field} must be a cosine similarity between -1 and 1, got ${JSON.stringify(v)}`, { field });
    return v;
  };
  if (option !== undefined && option !== null) return { value: check(Number(option), 'minSimilarity'), source: 'option' };
  const cfg = Number((store.config().hybrid as { minSimilarity?: number } | undefined)?.minSimilarity);
  if (Number.isFinite(cfg) && cfg > 0 && cfg <= 1) return { value: cfg, source: 'config' };
  const cal = CALIBRATED_MIN_SIMILARITY[embedder.id];
  if (cal !== undefined) return { value: cal, source: 'calibrated' };
  return { value: UNCALIBRATED_MIN_SIMILARITY, source: 'default' };
}

/** Has the text a word an English-only model can read: letters, and some of them Latin? */
function understood(text: string): boolean {
  return !/\p{L}/u.test(text) || /\p{Script=Latin}/u.test(text);
}

/**
 * A search never writes: memories without a vector are embedded into the local cache for at most
 * this many ms per search (env MEMORY_EMBED_BUDGET_MS), the rest match on full text only and are
 * counted in `vectors.missing`; writers and `memory embed` commit vectors (docs/hybrid.md).
 */
export { SEARCH_EMBED_BUDGET_MS } from '../vector/store-vectors.js';

/** Matches of the first hybrid pass used as pseudo-relevance feedback. */
export const FEEDBACK_DOCS = 2;
/** Fewest memories passing the filters for feedback to run by default. */
export const FEEDBACK_MIN_MEMORIES = 100;

/**
 * The default `hybrid.contextWeight`, from the one table of defaults (src/model/config-defaults.ts).
 * 0.2, not the 0.4 the tune half of LoCoMo preferred (recall@10 of confident results 67.8 → 69.2):
 * on the holdout half 0.4 cost multi-hop recall 2.4 points and two paraphrased notes their top-3
 * place (a fresh note has no neighbours to inherit from; memories stored in runs gain). Figures and
 * command in BENCHMARKS.md, "Ranking: re-ranking the evidence a confident page misses".
 */
const CONTEXT_WEIGHT = DEFAULT_CONFIG.hybrid.contextWeight;

/**
 * Conversation context. Agents often store a conversation one turn per memory, and the turn that
 * answers a question ("Yes, twice last month!") matches the query that finds the turn before it only
 * weakly. So in hybrid ranking a matching memory also inherits `hybrid.contextWeight` times the best
 * score of its neighbours: the memories stored just before and just after it, in the same scope and
 * the same conversation (src/search/conversation.ts: one session, one CI job), at most
 * `hybrid.contextMinutes` apart. +5.3 points of recall@10 on LoCoMo; notes typed one after another
 * are no conversation, and their neighbours lend nothing (docs/hybrid.md). 0 turns it off.
 */
interface Neighbours {
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
function neighboursOf(index: VectorIndex, view: object, windowMs: number, placeOf: (id: string) => { ts: number; scope: string; conv: number } | undefined): Neighbours {
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

/** Feedback is on unless MEMORY_HYBRID_FEEDBACK is 0/false/no/off. */
function feedbackDefault(): boolean {
  return !['0', 'false', 'no', 'off'].includes((process.env.MEMORY_HYBRID_FEEDBACK ?? '').trim().toLowerCase());
}

export interface ModeSearchOptions extends IndexOptions {
  /** The embedder to use instead of the configured one; null turns vectors off. */
  embedder?: Embedder | null;
  /** Most ms this search spends embedding memories that lack a vector (never committed). Default: env MEMORY_EMBED_BUDGET_MS, else 1000. */
  embedBudgetMs?: number;
  /** Hybrid: second pass with pseudo-relevance feedback. Default: on from 100 memories unless env MEMORY_HYBRID_FEEDBACK is 0/false. It runs only when the first pass has a confident match. */
  feedback?: boolean;
  /** Cosine similarity a memory without a full-text match needs to be a hybrid result. Default: {@link minSimilarity}. */
  minSimilarity?: number;
  /** Hybrid: exponent of the query-information coverage on the full-text side. Default {@link COVERAGE_POWER}. */
  coveragePower?: number;
  /** Hybrid: the nearest memories by meaning that are candidates whatever their similarity. Default {@link SEMANTIC_CANDIDATES}. */
  semanticCandidates?: number;
  /** Hybrid: most cosine between two memories placed on the page before the others (1 = off). Default {@link DIVERSITY}. */
  diversity?: number;
  /** Hybrid: query expansion, `none`, `store` (words shared by the nearest memories by meaning) or `table` (a synonym table, {@link ModeSearchOptions.synonyms}). Default {@link EXPANSION}. */
  expansion?: ExpansionSource;
  /** Hybrid: weight of the expansion query's full-text score beside the query's own. Default {@link EXPANSION_WEIGHT}. */
  expansionWeight?: number;
  /** Hybrid: whether memories matching only the expansion become candidates. Default true. */
  expansionCandidates?: boolean;
  /** Hybrid, `store` expansion: nearest memories read, words kept, fewest of them holding a word. */
  expansionNeighbours?: number;
  expansionWords?: number;
  expansionMinDocs?: number;
  /** Hybrid, `table` expansion: the synonym table's file (JSON) and words kept per query term. */
  synonyms?: string;
  synonymsPerTerm?: number;
  /** Hybrid: a page with a confident match makes its candidates that hold some of the query's information, or are near by meaning, confident too. Default {@link PAGE_SUPPORT}. */
  pageSupport?: boolean;
  /** Hybrid: below this many memories passing the filters, page support is off (a small store). Default {@link SMALL_STORE_MEMORIES}. */
  smallStoreMemories?: number;
  /** Hybrid: most memories of one session (a run of memories stored at most `hybrid.contextMinutes` apart) placed before the others (0 = off). Default {@link SESSION_CAP}. */
  sessionCap?: number;
  /** Hybrid: a name of the query held by at most this many memories passing the filters selects: a memory without it is not confident (-1: off). Default {@link NAME_HOLDERS}. */
  nameHolders?: number;
  /** Hybrid, for benchmarks: called with each candidate's confidence signals and confidence (bench/small-stores.mjs `--signals`). */
  onSignals?: (id: string, signals: Signals, confidence: number) => void;
}

/** Page support by default (src/search/confidence.ts, {@link supported}). */
export const PAGE_SUPPORT = true;
/** Fewest memories for the query's own cosine distribution to calibrate confidence (z, nearest gap). */
export const CALIBRATION_MIN_MEMORIES = 20;
/**
 * Below this many memories passing the filters, a store is small and page support is off
 * (src/search/confidence.ts): a page of ten with one confident note is a third of a 30-note store,
 * and its other candidates sharing any word of the question ("use", "production") are no answers.
 * On the tune small stores: confident results per answerable question 2.8 → 1.5, nothing else moved
 * (bench/small-stores.mjs, BENCHMARKS.md "Small stores"). Every LoCoMo conversation and the
 * engineering store are larger, so their figures do not move.
 */
export const SMALL_STORE_MEMORIES = 100;

/**
 * Names (src/search/confidence.ts, {@link Signals.lacksName}), on a small store ({@link SMALL_STORE_MEMORIES}):
 * a name of the query (src/search/analyze.ts `queryNames`) selects when at most this many memories
 * passing the filters hold it; a name more memories hold is what the store is about (the user a
 * personal assistant's notes call "she"), and a note without it may still answer. Not on larger
 * stores: in a conversation a turn does not repeat the name it answers about ("Sweden" asked, "my
 * home country" said), and on LoCoMo's tune conversations the rule cost 8.7 points of confident
 * evidence R@10 (BENCHMARKS.md, "Small stores: names select").
 */
export const NAME_HOLDERS = 3;

/** Session diversity by default (0 = off); picked on the tune sets. */
export const SESSION_CAP = 0;

/** Query expansion by default (src/search/expand.ts); picked on the tune sets. */
export const EXPANSION: ExpansionSource = 'none';
export const EXPANSION_WEIGHT = 0.5;

/**
 * The full-text side of hybrid ranking is BM25 / best BM25 × coverage ^ this (coverage: the share of
 * the query's information the memory holds). Picked on LoCoMo's tune conversations (BENCHMARKS.md).
 */
export const COVERAGE_POWER = 0.5;
/** Page diversity: most cosine between two memories placed before the others (1 = off). Picked on the tune sets. */
export const DIVERSITY = 1;

function dot(a: Float32Array, b: Float32Array): number {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i] * b[i];
  return x;
}

/** The nearest memories by meaning that are hybrid candidates (weak below the threshold). Picked on the tune sets. */
export const SEMANTIC_CANDIDATES = 3;

function hybridSetting(store: ReadonlyBranch, key: 'vectorWeight' | 'contextWeight' | 'contextMinutes', dflt: number, max: number): number {
  const w = Number(store.config().hybrid?.[key]);
  return Number.isFinite(w) && w >= 0 && w <= max ? w : dflt;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

interface Ran {
  response: SearchResponse;
  vectors?: VectorReport;
  /** Why the vectors could not serve this search (it is answered by full text instead). */
  skipped?: string;
}

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
class IndexEntry implements VectorEntry {
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
function entriesOf(store: ReadonlyBranch, view: IndexView): { entries: Map<string, IndexEntry>; list: IndexEntry[] } {
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
function rowsPassing(index: VectorIndex, allowed: ReadonlySet<string>): { ok: Uint8Array; okCount: number } {
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
async function embedQuery(embedder: Embedder, text: string): Promise<Float32Array> {
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
 * One candidate of a vector or hybrid ranking, with the signals its relevance and confidence were
 * made of (each becomes a field of the result's `scores`).
 */
interface Candidate {
  id: string;
  /** The ranking score, the result's `relevance`: the cosine in vector mode, the blend plus context in hybrid. */
  relevance: number;
  /** The cosine to the query vector of the pass (0 or above in hybrid; the feedback pass's vector in the second pass). */
  vectorScore?: number;
  /** Hybrid: the full-text score of the query, plus the weighted expansion query's. */
  textScore?: number;
  /** Hybrid, feedback pass: the full-text score of the feedback query. */
  feedbackScore?: number;
  /** Hybrid with conversation context: what the candidate inherits from its time neighbours. */
  contextScore?: number;
  /** 0-1, confident from {@link CONFIDENT}; from the first pass's signals. */
  confidence: number;
  /** Hybrid: the share of the query's information the memory holds. */
  coverage?: number;
  /** Hybrid: the cosine to the query's own vector (the first pass), when the memory has a vector. */
  queryCosine?: number;
}

/** A ranking before its page is picked: the candidates and how many of the memories are matches. */
interface Ranking {
  candidates: Candidate[];
  /** The response's `total`. */
  total: number;
  /** Hybrid: whether a confident page lends support to its other candidates (src/search/confidence.ts). */
  pageSupport: boolean;
  /** Hybrid: the share of the query's information each full-text match holds. */
  coverage: Map<string, number>;
  /** Hybrid with a session cap: the session (its first memory's row) of an id, -1 without a vector. */
  sessionOf: ((id: string) => number) | null;
}

/** What every ranking step reads: the query's vector, the vector index, which rows pass the filters, the threshold. */
interface RankInput {
  store: ReadonlyBranch;
  view: IndexView;
  opts: ModeSearchOptions;
  /** The query text as given (`q.query ?? ''`). */
  query: string;
  queryVector: Float32Array;
  index: VectorIndex;
  entries: Map<string, IndexEntry>;
  /** The ids passing the filters, and the same as one byte per vector row (with their count). */
  allowed: ReadonlySet<string>;
  ok: Uint8Array;
  okCount: number;
  /** The calibrated similarity threshold (Infinity: nothing is close by meaning). */
  floor: number;
}

/** Vector or hybrid ranking of the memories that pass the filters of `q`. `matchesOnly` (vector mode, relaxation): only memories as close as the threshold. */
async function vectorRank(store: ReadonlyBranch, embedder: Embedder, q: SearchQuery, mode: 'vector' | 'hybrid', opts: ModeSearchOptions, matchesOnly = false): Promise<Ran> {
  const query = q.query ?? '';
  const limit = limitOf(q.limit, 10);
  // Memories come from the full-text index (id, path, blob id), not the catalog: a vector checked
  // against a blob id needs no parsing, and at 100,000 memories the parsed catalog alone is ~180 MB.
  const view = openIndex(store, opts);
  const allowed = filterIds(store, q, opts, view);
  // Nothing passes the filters: no vectors needed (relaxation may retry wider).
  if (!allowed.size) return { response: { success: true, results: [], total: 0 } };
  const { entries, list } = entriesOf(store, view);
  // The vector step sees the branch through a read-only view: it has no way to commit.
  const bv = branchVectors(readOnlyView(store), embedder);
  const budgetMs = opts.embedBudgetMs ?? searchBudgetMs();
  if (mode === 'hybrid' || matchesOnly) {
    const skipped = tooFewVectors(bv.coverage(list), budgetMs, embedder);
    if (skipped) return { response: { success: true, results: [], total: 0 }, ...skipped };
  }
  // The query first: it loads the model, so the budget below is spent embedding memories, not on
  // the load (which would take most of it: 4 memories per search instead of ~30).
  const queryVector = await embedQuery(embedder, embedInput(query.trim()));
  const { index, report } = await bv.ensure(list, { budgetMs, prefer: (id) => allowed.has(id) });
  const vectors: VectorReport = { model: report.model, embedded: report.embedded, reused: report.reused, missing: report.missing };
  // Rows passing the filters, as a byte per row: the scans below touch every row, a Set lookup per
  // row per pass would cost more than the scoring itself. The same for every search of one index
  // and filter result (the unfiltered set is one object per index view).
  const { ok, okCount } = rowsPassing(index, allowed);
  // The calibrated threshold. An English-only model maps a query in another script (Chinese,
  // Cyrillic, …) to noise near every English memory: then nothing is close by meaning.
  const floor = embedder.englishOnly && !understood(query) ? Infinity : minSimilarity(store, embedder, opts.minSimilarity).value;
  const input: RankInput = { store, view, opts, query, queryVector, index, entries, allowed, ok, okCount, floor };
  const hybrid = mode === 'hybrid';
  const ranking = hybrid ? hybridRanking(input) : nearestRanking(input, limit, matchesOnly);
  const page = pickPage(ranking, limit, index, hybrid ? opts.diversity ?? DIVERSITY : 1, hybrid && ranking.sessionOf ? opts.sessionCap ?? SESSION_CAP : 0);
  const total = ranking.pageSupport ? supportPage(page, floor, ranking.total) : ranking.total;
  return { response: toResponse(page, total, (id) => entries.get(id)!.read(), hybrid ? ranking.coverage : null), vectors };
}

/**
 * Whether hybrid search is skipped for full text: over a branch whose vectors are too few (under
 * {@link MIN_VECTOR_SHARE}) and whose missing ones do not fit the embedding budget.
 */
function tooFewVectors(cov: { with: number; without: number }, budgetMs: number, embedder: Embedder): { vectors: VectorReport; skipped: string } | null {
  const fits = (budgetMs / 1000) * EMBEDDED_PER_BUDGET_SECOND;
  if (!(cov.without > fits && cov.with < MIN_VECTOR_SHARE * (cov.with + cov.without))) return null;
  return { vectors: { model: embedder.id, embedded: 0, reused: cov.with, missing: cov.without }, skipped: `${cov.without} of ${cov.with + cov.without} memories have no vector yet` };
}

/**
 * Vector mode: the nearest memories by meaning. As asked by the caller it lists them however far
 * (those below the threshold are weak); as relaxation's last step (`matchesOnly`) only those as close
 * as the threshold (nearest noise is no answer). Total: the memories at least as close as the threshold.
 */
function nearestRanking(input: RankInput, limit: number, matchesOnly: boolean): Ranking {
  const { index, ok, floor } = input;
  const cos = index.scoreAll(input.queryVector);
  let total = 0;
  for (let r = 0; r < index.size; r++) if (ok[r] && cos[r] >= floor) total++;
  const rows = topK(cos, limit, matchesOnly ? (r) => ok[r] === 1 && cos[r] >= floor : (r) => ok[r] === 1);
  const candidates = rows.map((r): Candidate => ({ id: index.ids[r], relevance: cos[r], vectorScore: cos[r], confidence: semanticConfidence(cos[r], floor) }));
  return { candidates, total, pageSupport: false, coverage: new Map(), sessionOf: null };
}

/** The hybrid settings of one search: the branch's configuration and the search options, with their defaults. */
interface HybridSettings {
  /** `hybrid.vectorWeight`: the vector side's share of the blend. */
  vectorWeight: number;
  /** `hybrid.contextWeight`: the share of a neighbour's score a match inherits (0 = off). */
  contextWeight: number;
  /** `hybrid.contextMinutes` in ms: the most time between two neighbours. */
  windowMs: number;
  coveragePower: number;
  semanticCandidates: number;
  expansionWeight: number;
}

function hybridSettings(store: ReadonlyBranch, opts: ModeSearchOptions): HybridSettings {
  return {
    vectorWeight: hybridSetting(store, 'vectorWeight', DEFAULT_CONFIG.hybrid.vectorWeight, 1),
    contextWeight: hybridSetting(store, 'contextWeight', CONTEXT_WEIGHT, 1),
    windowMs: hybridSetting(store, 'contextMinutes', DEFAULT_CONFIG.hybrid.contextMinutes, 1440) * 60_000,
    coveragePower: opts.coveragePower ?? COVERAGE_POWER,
    semanticCandidates: opts.semanticCandidates ?? SEMANTIC_CANDIDATES,
    expansionWeight: opts.expansionWeight ?? EXPANSION_WEIGHT,
  };
}

/** The full-text side of one query, by id, with the share of the query's information each match holds. */
interface TextScores {
  scores: Map<string, number>;
  coverage: Map<string, number>;
}

/**
 * Full-text side: BM25 / the best BM25 among the allowed memories, times the share of the query's
 * information the memory holds to the power `coveragePower` (null: no coverage factor): a memory
 * sharing one common word of the question does not outrank one close by meaning.
 */
function textScores(input: RankInput, text: string, coveragePower: number | null): TextScores {
  const scores = new Map<string, number>();
  const coverage = new Map<string, number>();
  let max = 0;
  for (const [id, { score, coverage: cv }] of fullTextMatches(input.store, text, input.opts, input.view)) {
    if (!input.allowed.has(id)) continue;
    scores.set(id, score);
    if (coveragePower !== null) coverage.set(id, cv);
    if (score > max) max = score;
  }
  for (const [id, sc] of scores) scores.set(id, (max > 0 ? sc / max : 0) * (coveragePower ? Math.pow(coverage.get(id) ?? 0, coveragePower) : 1));
  return { scores, coverage };
}

/** What the query's selecting names say of a memory (src/search/confidence.ts, "Names"). */
interface NameSelector {
  /** The memory does not hold one of the names. */
  lacks: (id: string) => boolean;
  /** The memory holds none of the query's other words that some memory holds: its shared words are the names. */
  nameOnly: (id: string) => boolean;
}

/**
 * The query's selecting names ({@link NAME_HOLDERS}): for each name the memories passing the filters
 * that hold it (one full-text lookup per name), and the memories holding any of the query's other
 * words (one more lookup). Null when the query names nothing or only names many memories hold.
 */
function nameSelector(input: RankInput): NameSelector | null {
  const most = input.opts.nameHolders ?? NAME_HOLDERS;
  if (most < 0) return null;
  const holders: Set<string>[] = [];
  const names: string[] = [];
  for (const name of queryNames(input.query)) {
    const ids = new Set(textScores(input, name, null).scores.keys());
    if (ids.size > most) continue;
    holders.push(ids);
    names.push(name);
  }
  if (!holders.length) return null;
  const bare = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/u, '');
  const named = new Set(names.map(bare));
  const rest = input.query.split(/\s+/).filter((w) => !named.has(bare(w))).join(' ');
  const others = new Set(textScores(input, rest, null).scores.keys());
  return { lacks: (id) => holders.some((h) => !h.has(id)), nameOnly: (id) => others.size > 0 && !others.has(id) };
}

/** Query expansion (src/search/expand.ts): the words of a second, lighter full-text query the query does not hold. */
function expansionWords(input: RankInput, queryCosines: Float32Array): string[] {
  const { opts, index, ok, view, query } = input;
  const expansion = opts.expansion ?? EXPANSION;
  if (expansion === 'store') {
    const near = topK(queryCosines, opts.expansionNeighbours ?? 5, (r) => ok[r] === 1 && queryCosines[r] > 0);
    return neighbourWords(view, query, near.map((r) => embedInput(input.entries.get(index.ids[r])!.read().content)), opts.expansionWords ?? 5, opts.expansionMinDocs ?? 2);
  }
  if (expansion === 'table' && opts.synonyms) return tableWords(view, query, synonymTable(opts.synonyms), opts.synonymsPerTerm ?? 3);
  return [];
}

/**
 * The candidates, fixed by the query itself, one byte per vector row: its full-text matches (and
 * the expansion's, when they may be candidates), the memories at least as close as the threshold,
 * and the `semanticCandidates` nearest by meaning (so a memory that is the nearest by meaning can
 * rank without a shared word; below the threshold it is weak). Feedback and context re-rank them;
 * neither adds one. Full-text matches without a vector are added by {@link blend}.
 */
function candidateRows(input: RankInput, queryCosines: Float32Array, matchIds: Iterable<string>[], semanticCandidates: number): Uint8Array {
  const { index, ok, floor } = input;
  const match = new Uint8Array(index.size);
  for (let r = 0; r < index.size; r++) if (ok[r] && queryCosines[r] >= floor) match[r] = 1;
  // The matches by their rows: a lookup per match, not a string lookup per row.
  for (const ids of matchIds) {
    for (const id of ids) {
      const r = index.rowOf.get(id);
      if (r !== undefined && ok[r]) match[r] = 1;
    }
  }
  if (semanticCandidates > 0 && Number.isFinite(floor)) for (const r of topK(queryCosines, semanticCandidates, (x) => ok[x] === 1 && queryCosines[x] > 0)) match[r] = 1;
  return match;
}

/** The query's cosine distribution over the allowed memories, which calibrates confidence (src/search/confidence.ts). */
interface Calibration {
  /** Enough memories ({@link CALIBRATION_MIN_MEMORIES}) and a spread: z and the nearest gap are signals. */
  calibrated: boolean;
  mean: number;
  spread: number;
  /** The row of the nearest memory (-1: none), and the cosine of the 10th nearest. */
  nearestRow: number;
  tenthCosine: number;
}

/** Per-query calibration: mean, spread, the nearest and the 10th nearest, one pass over the cosines already computed. */
function calibration(queryCosines: Float32Array, ok: Uint8Array, okCount: number): Calibration {
  let sum = 0;
  let sq = 0;
  for (let r = 0; r < queryCosines.length; r++)
    if (ok[r]) {
      sum += queryCosines[r];
      sq += queryCosines[r] * queryCosines[r];
    }
  const mean = okCount ? sum / okCount : 0;
  const spread = okCount ? Math.sqrt(Math.max(0, sq / okCount - mean * mean)) : 0;
  const near10 = topK(queryCosines, 10, (x) => ok[x] === 1);
  return {
    calibrated: okCount >= CALIBRATION_MIN_MEMORIES && spread > 0,
    mean,
    spread,
    nearestRow: near10.length ? near10[0] : -1,
    tenthCosine: near10.length ? queryCosines[near10[near10.length - 1]] : 0,
  };
}

/** What a candidate's confidence is made of, for every candidate of one search. */
interface ConfidenceSignals {
  coverage: Map<string, number>;
  queryCosines: Float32Array;
  /** The share of the query's terms the store knows (src/search/engine.ts, knownShare). */
  known: number;
  minCoverage: number;
  /** Fewer memories pass the filters than {@link SMALL_STORE_MEMORIES}. */
  small: boolean;
  floor: number;
  calibration: Calibration;
  /** The query's selecting names, null when it selects by none ({@link nameSelector}). */
  names: NameSelector | null;
  onSignals?: (id: string, signals: Signals, confidence: number) => void;
}

/**
 * A candidate's confidence from the first pass's signals (src/search/confidence.ts): what the memory
 * holds of the query's information, how close it is by meaning (`row`: its vector row, undefined
 * without a vector), whether the store knows every query term.
 */
function candidateConfidence(s: ConfidenceSignals, id: string, row: number | undefined): number {
  const { calibrated, mean, spread, nearestRow, tenthCosine } = s.calibration;
  const signals: Signals = {
    coverage: s.coverage.get(id) ?? 0,
    known: s.known,
    minCoverage: s.minCoverage,
    small: s.small,
    ...(s.names?.lacks(id) ? { lacksName: true } : {}),
    ...(s.names?.nameOnly(id) ? { nameOnly: true } : {}),
    ...(row === undefined
      ? {}
      : { cosine: s.queryCosines[row], floor: s.floor, ...(calibrated ? { z: (s.queryCosines[row] - mean) / spread, ...(row === nearestRow ? { nearestGap: s.queryCosines[row] - tenthCosine } : {}) } : {}) }),
  };
  const c = confidence(signals);
  s.onSignals?.(id, signals, c);
  return c;
}

/** What one hybrid pass blends for every candidate. */
interface BlendInput {
  index: VectorIndex;
  settings: HybridSettings;
  candidates: Uint8Array;
  /** The query's full-text scores, and the expansion query's (null: no expansion). */
  text: TextScores;
  expanded: Map<string, number> | null;
  signals: ConfidenceSignals;
}

/**
 * One hybrid pass: every candidate's blend of `cosines` (this pass's query vector) and its full-text
 * scores (the query's, the expansion's weighted, and `feedback`'s in the feedback pass), in the order
 * of the vector rows, then the full-text matches without a vector yet (over the embedding budget).
 */
function blend(b: BlendInput, cosines: Float32Array, feedback: Map<string, number> | null): Candidate[] {
  const { index, settings, text, expanded, signals } = b;
  const w = settings.vectorWeight;
  const out: Candidate[] = [];
  const add = (id: string, vectorScore: number, row: number | undefined) => {
    const textScore = (text.scores.get(id) ?? 0) + (expanded ? settings.expansionWeight * (expanded.get(id) ?? 0) : 0);
    const feedbackScore = feedback ? feedback.get(id) ?? 0 : undefined;
    out.push({
      id,
      relevance: w * vectorScore + (1 - w) * (textScore + (feedbackScore ?? 0)),
      vectorScore,
      textScore,
      ...(feedbackScore !== undefined ? { feedbackScore } : {}),
      confidence: candidateConfidence(signals, id, row),
      coverage: text.coverage.get(id) ?? 0,
      ...(row === undefined ? {} : { queryCosine: signals.queryCosines[row] }),
    });
  };
  for (let r = 0; r < index.size; r++) if (b.candidates[r]) add(index.ids[r], Math.max(0, cosines[r]), r);
  for (const id of text.scores.keys()) if (!index.rowOf.has(id)) add(id, 0, undefined);
  return out;
}

/**
 * Conversation context: every candidate lends its relevance to its time neighbours, each keeps the
 * best it was lent, and every candidate's relevance gains `contextWeight` times that. Only
 * candidates are re-ranked: a neighbour that matches nothing itself is not added, so a burst of
 * unrelated notes does not put one in the results for another's query.
 */
function addContext(candidates: Candidate[], index: VectorIndex, nb: Neighbours, contextWeight: number): void {
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
function sessionsOf(index: VectorIndex, chain: Neighbours): (id: string) => number {
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

/**
 * Pseudo-relevance feedback: the query vector moved towards the best {@link FEEDBACK_DOCS}
 * candidates of the first pass, and a full-text query made of their words, which ranks higher the
 * evidence a short question words differently (BENCHMARKS.md). Only from a confident first pass:
 * feedback from a weak match would rank "more of the same" as that match first. Confident: the best
 * candidate is itself a semantic match. (Feedback from the best semantic matches wherever they rank
 * instead: LoCoMo R@10 71.0% against 72.3%, BENCHMARKS.md.) The moved vector is scored on the
 * candidate rows only (`candidates`): no other row is read. Null when the first pass is not confident.
 */
function feedbackQuery(input: RankInput, firstPass: Candidate[], candidates: Uint8Array): { cosines: Float32Array; text: Map<string, number> } | null {
  const { index, queryVector, floor } = input;
  const ranked = bestOf(firstPass, FEEDBACK_DOCS, (a, b) => b.relevance - a.relevance || (a.id < b.id ? 1 : -1));
  const top = ranked.length && (ranked[0].vectorScore ?? 0) >= floor ? ranked.map((x) => x.id) : [];
  if (!top.length) return null;
  const moved = Float32Array.from(queryVector);
  for (const id of top) {
    const v = index.vector(id);
    if (v) for (let j = 0; j < moved.length; j++) moved[j] += v[j] / top.length;
  }
  // The openings the vectors stand for: a long memory's whole text as a query would cost what
  // indexing it does, on every search.
  const text = textScores(input, top.map((id) => embedInput(input.entries.get(id)!.read().content)).join('\n'), null).scores;
  // blend reads the cosines of the candidates only: the other rows are not scored.
  return { cosines: index.scoreAll(normalize(moved), candidates), text };
}

/**
 * Hybrid ranking: the blend of the vector and full-text sides over the candidates, with conversation
 * context, then, over a collection with a confident first pass, the same again with pseudo-relevance
 * feedback. Total: every confident candidate (weak candidates are not matches).
 */
function hybridRanking(input: RankInput): Ranking {
  const { store, view, opts, index, entries, query } = input;
  const settings = hybridSettings(store, opts);
  const nb = settings.contextWeight > 0 ? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id)) : null;
  const sessionOf = (opts.sessionCap ?? SESSION_CAP) > 0 ? sessionsOf(index, nb ?? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id))) : null;
  const text = textScores(input, query, settings.coveragePower);
  const queryCosines = index.scoreAll(input.queryVector);
  const words = expansionWords(input, queryCosines);
  const expanded = words.length && settings.expansionWeight > 0 ? textScores(input, words.join(' '), null).scores : null;
  const expansionCandidates = expanded && (opts.expansionCandidates ?? true) ? expanded : null;
  const candidates = candidateRows(input, queryCosines, [text.scores.keys(), expansionCandidates?.keys() ?? []], settings.semanticCandidates);
  const small = input.okCount < (opts.smallStoreMemories ?? SMALL_STORE_MEMORIES);
  const cal = calibration(queryCosines, input.ok, input.okCount);
  const signals: ConfidenceSignals = { coverage: text.coverage, queryCosines, known: knownShare(view, query), minCoverage: opts.minCoverage ?? HYBRID_MIN_COVERAGE, small, floor: input.floor, calibration: cal, names: small ? nameSelector(input) : null, ...(opts.onSignals ? { onSignals: opts.onSignals } : {}) };
  const b: BlendInput = { index, settings, candidates, text, expanded, signals };
  const pass = (cosines: Float32Array, feedback: Map<string, number> | null) => {
    const out = blend(b, cosines, feedback);
    if (nb) addContext(out, index, nb, settings.contextWeight);
    return out;
  };
  let scored = pass(queryCosines, null);
  // Feedback needs a collection: among a handful of memories the top two are often unrelated, and
  // their words would pull in more unrelated ones. Forced on by `feedback: true`.
  if (opts.feedback ?? (feedbackDefault() && input.allowed.size >= FEEDBACK_MIN_MEMORIES)) {
    const fb = feedbackQuery(input, scored, candidates);
    if (fb) scored = pass(fb.cosines, fb.text);
  }
  return {
    candidates: scored,
    total: scored.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0),
    // Among a handful of memories the nearest are near only because there is nothing else.
    pageSupport: (opts.pageSupport ?? PAGE_SUPPORT) && cal.calibrated && !small,
    coverage: text.coverage,
    sessionOf,
  };
}

/** Ties: the later id first (native ids sort by creation time). */
const better = (a: Candidate, b: Candidate) => b.relevance - a.relevance || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The page: the best `limit` candidates. With a session cap (hybrid), past `cap` memories of one
 * session the rest wait until the other sessions' candidates are placed (evidence spread over
 * sessions, multi-hop questions). With diversity below 1 (hybrid), a candidate nearly identical by
 * meaning to one already on the page (cosine above `diversity`) waits until the other candidates
 * are placed, so near-duplicate turns of one session do not fill the page.
 */
function pickPage(ranking: Ranking, limit: number, index: VectorIndex, diversity: number, sessionCap: number): Candidate[] {
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

/**
 * Page support (src/search/confidence.ts, {@link supported}): a page with a confident candidate
 * makes its supported candidates confident. Returns the total, raised to the page's confident count.
 */
function supportPage(page: Candidate[], floor: number, total: number): number {
  if (!page.some((s) => s.confidence >= CONFIDENT)) return total;
  for (const s of page) if (s.confidence < CONFIDENT && supported(s.coverage ?? 0, s.queryCosine, floor)) s.confidence = supportedConfidence(s.confidence);
  return Math.max(total, page.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0));
}

/** The response of a page: confident candidates are results, the others weak; `coverage` (hybrid) adds `scores.coverage`. */
function toResponse(page: Candidate[], total: number, memoryOf: (id: string) => Memory, coverage: Map<string, number> | null): SearchResponse {
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

interface SearchStart {
  text: string;
  embedder: Embedder | null;
  requested: SearchMode;
  ignoredQuery?: string;
  /** Why a hybrid or vector search falls back to full text before it starts. */
  early?: { reason: string; code?: string };
}

/**
 * What a search of `q` knows before it runs: its text, the embedder, the mode asked for, and whether
 * it falls back to full text before it starts (no text, no searchable words, no embedder, archived).
 * One decision for {@link modeSearch} and for the index cache ({@link mayReadVectors}).
 */
function searchStart(store: ReadonlyBranch, q: SearchQuery, override?: Embedder | null): SearchStart {
  const text = typeof q.query === 'string' ? q.query.trim() : '';
  let embedder: Embedder | null;
  let embedderError: MemoryError | null = null;
  try {
    embedder = storeEmbedder(store, override);
  } catch (err) {
    // A model folder that is not there, say: the configuration is wrong, but search still works.
    if (!(err instanceof MemoryError) || err.code !== 'EMBEDDER_ERROR') throw err;
    embedder = null;
    embedderError = err;
  }
  const requested: SearchMode = q.mode ?? (embedder || embedderError ? 'hybrid' : 'fulltext');
  // Text that analyses to no term at all ("((((", "the of") would list everything newest first with
  // relevance that looks earned; the response says the text was set aside (a vector search of it
  // would be no better: noise ranked by a model).
  const ignoredQuery = text && !queryTerms(text).length ? 'the query has no searchable words (punctuation and common words such as "the" are ignored): filters alone list memories newest first' : undefined;
  let early: SearchStart['early'];
  if (requested !== 'fulltext') {
    if (!text) early = { reason: 'no query text: filters alone list memories newest first' };
    else if (ignoredQuery) early = { reason: ignoredQuery };
    else if (embedderError) early = { reason: embedderError.message, code: embedderError.code };
    else if (!embedder) early = { reason: 'no embedder configured (MEMORY_EMBEDDER=none)' };
    else if (q.archived) early = { reason: 'archived memories are searched by full text only' };
  }
  return { text, embedder, requested, ...(ignoredQuery ? { ignoredQuery } : {}), ...(early ? { early } : {}) };
}

/**
 * Whether a search of `q` may read the branch's vectors: a hybrid or vector search that does not fall
 * back before it starts, or a full-text one with `relax` (it may go on by meaning). The index cache
 * restores the vector files only then (src/search/index-cache.ts): a full-text search never opens them.
 */
export function mayReadVectors(store: ReadonlyBranch, q: SearchQuery): boolean {
  if (q === null || typeof q !== 'object') return false;
  try {
    const st = searchStart(store, q);
    return !!st.embedder && ((st.requested !== 'fulltext' && !st.early) || (!!q.relax && !!st.text));
  } catch {
    return true; // unsure: restore them, as before
  }
}

/**
 * `memory search` in any mode. Without `mode`: hybrid when an embedder is configured (the default
 * offline model counts), else full-text. A mode that cannot run falls back to full-text and says so
 * in `fallback`; with `relax`, a search that finds nothing is retried without its date range, then
 * without its tags, then (after full text) by meaning above the calibrated threshold, each step
 * listed in `relaxed`.
 */
export async function modeSearch(store: ReadonlyBranch, q: SearchQuery = {}, opts: ModeSearchOptions = {}): Promise<SearchResponse> {
  if (q === null || typeof q !== 'object') throw new InvalidInputError('search takes an options object', { field: 'query' });
  if (q.mode !== undefined && q.mode !== null && !SEARCH_MODES.includes(q.mode)) {
    throw new InvalidInputError(`mode must be hybrid, vector or fulltext, got ${JSON.stringify(q.mode)}`, { field: 'mode' });
  }
  const start = searchStart(store, q, opts.embedder);
  const { text, requested, ignoredQuery } = start;
  let embedder = start.embedder;
  let mode = requested;
  let fallback: SearchFallback | undefined;
  const fallBack = (reason: string, code?: string) => {
    fallback = { from: mode, to: 'fulltext', reason, ...(code ? { code } : {}) };
    mode = 'fulltext';
  };
  if (start.early) fallBack(start.early.reason, start.early.code);

  const relaxed: Relaxation[] = [];
  let current: SearchQuery = { ...q };
  let vectors: VectorReport | undefined;
  const runOnce = async (): Promise<SearchResponse> => {
    if (mode !== 'fulltext' && embedder) {
      try {
        const r = await vectorRank(store, embedder, current, mode, opts, relaxed.includes('vector'));
        vectors = r.vectors;
        if (!r.skipped) return r.response;
        if (relaxed.includes('vector')) return r.response;
        fallBack(r.skipped);
      } catch (err) {
        if (!(err instanceof MemoryError) || err.code !== 'EMBEDDER_ERROR') throw err;
        fallBack(err.message, err.code);
        embedder = null;
      }
    }
    const { mode: _m, relax: _r, ...plain } = current;
    return fullTextSearch(store, plain, opts);
  };

  let res = await runOnce();
  while (q.relax && res.total === 0) {
    if (current.after || current.before || current.days !== undefined) {
      const { after: _a, before: _b, days: _d, ...rest } = current;
      current = rest;
      relaxed.push('date');
    } else if (current.tags !== undefined && (Array.isArray(current.tags) ? current.tags.length : String(current.tags).trim())) {
      const { tags: _t, ...rest } = current;
      current = rest;
      relaxed.push('tags');
    } else if (mode === 'fulltext' && text && embedder && (!embedder.englishOnly || understood(text))) {
      // By meaning: the memories at least as close as the calibrated threshold, which full text
      // cannot find. Not after hybrid (it had them already), nor for a query the model cannot read.
      mode = 'vector';
      relaxed.push('vector');
    } else break;
    res = await runOnce();
  }
  // Filters stay filters: what a search finds only after dropping a filter the caller set is a hint,
  // never a confident answer (docs/search.md, "Filters and relaxation").
  if (relaxed.includes('date') || relaxed.includes('tags')) res = relaxedToWeak(res, relaxed);
  const out: SearchResponse = { ...res, mode };
  if (fallback) out.fallback = fallback;
  if (q.relax) out.relaxed = relaxed;
  if (vectors) out.vectors = vectors;
  if (ignoredQuery) out.ignoredQuery = ignoredQuery;
  return out;
}

/** A response found without some of its filters: every result becomes a weak candidate (confidence below the line). */
function relaxedToWeak(res: SearchResponse, relaxed: Relaxation[]): SearchResponse {
  const demoted = res.results.map((m) => (m.confidence === undefined ? m : { ...m, confidence: Math.min(m.confidence, RELAXED_CONFIDENCE) }));
  const weak = [...demoted, ...(res.weak ?? [])];
  const dropped = relaxed.filter((x) => x !== 'vector').map((x) => (x === 'date' ? 'the date range' : 'the tags')).join(' and ');
  return {
    ...res,
    results: [],
    weak,
    total: 0,
    nothingConfident: `no memory matches the query with its filters; ${weak.length} weak candidate${weak.length === 1 ? '' : 's'} found without ${dropped} ${weak.length === 1 ? 'is' : 'are'} under "weak"`,
  };
}
/** The most confidence a result found by dropping a filter keeps: under the line. */
const RELAXED_CONFIDENCE = 0.49;

export { storeEmbedder } from '../vector/store-vectors.js';
