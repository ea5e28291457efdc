import { InvalidInputError, MemoryError } from '../errors.js';
import type { Relaxation, SearchFallback, SearchMode, SearchQuery, SearchResponse, VectorReport } from '../model/search-types.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { embedInput, type Embedder } from '../embed/index.js';
import { branchVectors, searchBudgetMs, storeEmbedder } from '../vector/store-vectors.js';
import { readOnlyView } from '../vector/view.js';
import { checkQuery, limitOf } from '../model/bounds.js';
import { queryTerms } from './analyze.js';
import { supportPage } from './hybrid-confidence.js';
import { DIVERSITY, SESSION_CAP, minSimilarity, type ModeSearchOptions } from './hybrid-options.js';
import { toResponse, pickPage } from './hybrid-page.js';
import { hybridRanking, nearestRanking } from './hybrid-rank.js';
import { embedQuery, entriesOf, rowsPassing, tooFewVectors } from './hybrid-vectors.js';
import { filterIds, openIndex, search as fullTextSearch } from './index.js';
import type { RankInput } from './ranking.js';

/**
 * Search modes over one store: `fulltext` (BM25 and the seed's boosts, src/search/index.ts),
 * `vector` (cosine similarity of sentence embeddings) and `hybrid` (a weighted blend of both), with
 * fallback and relaxation that the response always reports. docs/hybrid.md has the formulas.
 *
 * This file decides what runs: the mode, its fallback to full text, relaxation, and `vectorRank`,
 * which reads the store (hybrid-vectors.ts), ranks (hybrid-rank.ts: vector mode, or hybrid's
 * candidates, confidence and context in hybrid-candidates.ts, hybrid-confidence.ts and
 * hybrid-context.ts) and picks the page (hybrid-page.ts). The options and tuned defaults are
 * hybrid-options.ts; the shapes the steps share, ranking.ts.
 */

export const SEARCH_MODES: readonly SearchMode[] = ['hybrid', 'vector', 'fulltext'];

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

interface Ran {
  response: SearchResponse;
  vectors?: VectorReport;
  /** Why the vectors could not serve this search (it is answered by full text instead). */
  skipped?: string;
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
  checkQuery(q.query);
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
