import { ARCHIVE_DIR, MEMORIES_DIR } from '../model/catalog.js';
import { copyWins, duplicateIdWarning } from '../model/id.js';
import { InvalidInputError } from '../errors.js';
import { citationFree, memoryFromFile, publicMemory, type Memory } from '../model/memory.js';
import type { SearchQuery, SearchResponse, SearchResult } from '../model/search-types.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { DEFAULT_BM25, textScores, type Bm25Params } from './bm25.js';
import { rank } from './engine.js';
import { compileFilter, noFilter, normalizeFilter, type NormalizedFilter } from './filter.js';
import { IndexView } from './index-view.js';
import { DEFAULT_WEIGHTS, baseBoost, round, type Ranked, type Weights } from './rank-order.js';
import { newestPage } from './newest-order.js';
import { knownShare } from './terms.js';
import { KNOWN_COVERAGE, MIN_COVERAGE, confidence, nothingConfidentNote, roundConfidence } from './confidence.js';
import { queryTerms } from './analyze.js';
import { computeDocBounds, readDocBounds, writeDocBounds, type DocBounds } from './doc-bounds.js';
import { SegmentBuilder, mergeSegments, type Segment } from './segment.js';
import { checkQuery, limitOf } from '../model/bounds.js';
import { adopt, baseSegmentFile, dropOtherFormats, paths, readSegment, stateOf, states, trusted, writeAtomic } from './index-files.js';
import { addFile, advanceDelta, buildDelta, fullBuild, matches, needsCompaction, setLastOpen, viewOf, type BuildOptions } from './index-build.js';

/**
 * The search index of one branch: derived from the branch's tree, cached under the git dir,
 * never a source of truth.
 *
 * On disk, `<git dir>/git-memory/<branch>/search-v<format>.base` is a segment describing some tree,
 * and `…delta` the changes from that base to a newer tree (new and changed memories analysed,
 * removed ones listed). When the branch moves, only the files that differ from the base are read
 * and analysed; when the delta grows past a tenth of the base it is merged into a new base, which
 * costs no text analysis. Files are written to a temp name and renamed, so concurrent processes
 * never see a half-written file, and a file that fails any check is ignored and rebuilt.
 *
 * This file holds the entry points (opening the index at the tip, search, full-text matches and
 * filters for hybrid ranking, a rebuild); the files on disk are src/search/index-files.ts and the
 * builds (full, delta, compaction) src/search/index-build.ts.
 */

export interface IndexOptions extends BuildOptions {
  /** BM25 constants; default DEFAULT_BM25 (src/search/bm25.ts). */
  bm25?: Bm25Params;
  /** Share of the query's information a confident full-text match holds (default {@link MIN_COVERAGE}, in hybrid search HYBRID_MIN_COVERAGE of src/search/confidence.ts; benches tune it). */
  minCoverage?: number;
}

export interface RebuildResult {
  success: true;
  /** Memories in the index. */
  indexed: number;
  /** Files under memories/ that could not be parsed. */
  skipped: number;
  tree: string | null;
  /** Bytes of the persisted index. */
  bytes: number;
  durationMs: number;
}

function remember(store: ReadonlyBranch, tree: string | null, base: Segment | null, delta: Segment | null, view: IndexView): IndexView {
  const st = stateOf(store);
  const prevTree = st.tree;
  st.setGeneration(tree, base, delta, view);
  view.boundsSource = (seg) => (seg.kind === 'base' ? baseDocBounds(store, seg) : null);
  if (tree && prevTree !== tree) warnDupes(store, tree, view);
  return view;
}

/**
 * The base's {@link DocBounds}: from the file beside it, else computed from its length and time
 * columns and the file written, so that only the first bounded search of a base reads them whole.
 */
function baseDocBounds(store: ReadonlyBranch, seg: Segment): DocBounds {
  const file = paths(store).base;
  const read = readDocBounds(file, seg);
  if (read) return read;
  const bounds = computeDocBounds(seg);
  writeDocBounds(file, seg, bounds);
  return bounds;
}

/**
 * Second copies of an id a segment left out (src/model/id.ts, copyWins): each read of a new tree says
 * which file is used and which is ignored, as the catalog does. Rare (a hand copy), so the winner is
 * found by a plain scan of the ids.
 */
function warnDupes(store: ReadonlyBranch, tree: string, view: IndexView): void {
  for (const part of view.parts) {
    for (const [path, oid] of part.seg.dupes ?? []) {
      if (store.git.entryAt(tree, path)?.oid !== oid) continue;
      let id: string;
      try {
        id = memoryFromFile(path, store.git.readBlob(oid).toString('utf8')).id;
      } catch {
        continue;
      }
      let used: string | null = null;
      for (const q of view.parts) {
        for (let d = 0; d < q.seg.n && !used; d++) if (!q.dead?.[d] && q.seg.ids.get(d) === id) used = q.seg.paths.get(d);
      }
      if (used) store.warn(duplicateIdWarning(id, used, path));
    }
  }
}

/**
 * The index at the branch's current tip: from memory, from the cache files, by analysing only what
 * changed since the cached base, or by a full build, in that order of preference.
 */
export function openIndex(store: ReadonlyBranch, opts: IndexOptions = {}): IndexView {
  const tree = store.treeOf(store.tip());
  if (!tree) {
    setLastOpen('empty');
    return remember(store, null, null, null, IndexView.empty());
  }
  const st = states.get(store);
  if (st && st.tree === tree) {
    setLastOpen('memory');
    return st.view;
  }
  const files = paths(store);
  let base = st?.base ?? null;
  if (!base || base.tree !== tree) {
    const disk = readSegment(store, files.base);
    if (disk && (disk.tree === tree || !base)) base = disk;
  }
  // A restored base naming the tip's tree: used as it is once its table lists exactly the tip's files.
  if (base && base.tree === tree && !trusted(base) && matches(store, base, null, tree)) adopt(base, files.base);
  if (base && base.tree === tree && trusted(base)) {
    setLastOpen('cached');
    return remember(store, tree, base, null, viewOf(base, null));
  }
  if (base) {
    const fits = (d: Segment | null) => !!d && d.kind === 'delta' && d.tree === tree && d.baseBuild === base!.build;
    let delta = fits(st?.delta ?? null) ? st!.delta : null;
    if (!delta) {
      const disk = readSegment(store, files.delta);
      if (fits(disk)) delta = disk;
    }
    // A restored delta is used once base and delta together list the tip's files.
    if (delta && !trusted(delta)) {
      if (matches(store, base, delta, tree)) adopt(delta, files.delta);
      else delta = null;
    }
    if (delta) {
      setLastOpen('cached');
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
    // An earlier delta of this base (this process's, else the file's): only what changed since it is read.
    const before = [st?.delta ?? null, readSegment(store, files.delta)].find((d) => d && d.kind === 'delta' && d.baseBuild === base!.build && d.tree !== tree) ?? null;
    delta = before ? advanceDelta(store, base, before, tree) : null;
    if (!delta) {
      try {
        delta = buildDelta(store, base, tree);
      } catch {
        delta = null; // the base's tree is gone (gc, shallow fetch): full build below
      }
    }
    if (delta) {
      if (needsCompaction(base, delta)) {
        const merged = mergeSegments(base, delta);
        writeAtomic(store, files.base, merged);
        return remember(store, tree, merged, null, viewOf(merged, null));
      }
      writeAtomic(store, files.delta, delta);
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
  }
  const built = fullBuild(store, tree, opts);
  setLastOpen('full');
  writeAtomic(store, files.base, built);
  dropOtherFormats(store);
  return remember(store, tree, built, null, viewOf(built, null));
}

/** Rebuilds the index from every file on the branch, ignoring any cache. */
export async function rebuildIndex(store: ReadonlyBranch, opts: IndexOptions = {}): Promise<RebuildResult> {
  const t0 = performance.now();
  const tree = store.treeOf(store.tip());
  if (!tree) {
    remember(store, null, null, null, IndexView.empty());
    return { success: true, indexed: 0, skipped: 0, tree: null, bytes: 0, durationMs: Math.round(performance.now() - t0) };
  }
  const built = fullBuild(store, tree, opts);
  const bytes = writeAtomic(store, paths(store).base, built);
  dropOtherFormats(store);
  remember(store, tree, built, null, viewOf(built, null));
  return { success: true, indexed: built.n, skipped: built.skipped, tree, bytes, durationMs: Math.round(performance.now() - t0) };
}

function weightsOf(store: ReadonlyBranch): Weights {
  const r = store.config().searchRelevance ?? {};
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    ...DEFAULT_WEIGHTS,
    tagMatch: num(r.tagMatch, DEFAULT_WEIGHTS.tagMatch),
    categoryMatch: num(r.categoryMatch, DEFAULT_WEIGHTS.categoryMatch),
    contentMatch: num(r.contentMatch, DEFAULT_WEIGHTS.contentMatch),
  };
}

function toLimit(v: unknown): number {
  return limitOf(v, 10);
}

/** The public memory of document `d` of `seg`, read from its blob (cached by blob id per branch). */
export function readMemory(store: ReadonlyBranch, seg: Segment, d: number): Memory {
  const st = states.get(store);
  const oid = seg.oids.get(d);
  const hit = st?.memories.get(oid);
  if (hit) return hit;
  const path = seg.paths.get(d);
  const stored = memoryFromFile(path, store.git.readBlob(oid).toString('utf8'));
  const m = publicMemory(stored);
  if (stored.extra.citations === undefined) citationFree.add(m);
  if (st) {
    if (st.memories.size > 5000) st.memories.clear();
    st.memories.set(oid, m);
  }
  return m;
}

/** `memory_search`: ranked full-text search with filters; filters alone list matches newest first. */
export async function search(store: ReadonlyBranch, q: SearchQuery = {}, opts: IndexOptions = {}): Promise<SearchResponse> {
  if (q === null || typeof q !== 'object') throw new InvalidInputError('search takes an options object', { field: 'query' });
  checkQuery(q.query);
  const now = store.now().getTime();
  const limit = toLimit(q.limit);
  const filter = normalizeFilter(q, now);
  let view = openIndex(store, opts);
  let archivePart = -1;
  if (q.archived) {
    const arch = archiveSegment(store, view.tree);
    if (arch) {
      archivePart = view.parts.length;
      view = new IndexView([...view.parts, { seg: arch, dead: null }], view.tree);
    }
  }
  // The coverage a confident match needs (src/search/confidence.ts): lower when the store holds every
  // term of the query.
  const known = knownShare(view, q.query ?? '');
  const minCoverage = opts.minCoverage ?? MIN_COVERAGE;
  const line = known >= 1 ? Math.min(minCoverage, KNOWN_COVERAGE) : minCoverage;
  const { ranked, total, confident } = newestUnfiltered(store, view, q.query ?? '', filter, limit, now, archivePart) ?? rank(view, q.query ?? '', filter, limit, weightsOf(store), now, opts.bm25 ?? DEFAULT_BM25, line);
  // id -> where its result went (results or weak) and the file it came from.
  const seen = new Map<string, { list: SearchResult[]; at: number; path: string }>();
  const results: SearchResult[] = [];
  const weak: SearchResult[] = [];
  const hasText = queryTerms(q.query ?? '').length > 0;
  for (const r of ranked) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(store, seg, r.doc);
    const path = seg.paths.get(r.doc);
    // A hand-made copy of a file (same id) indexed in both segments: shown once, the copy the rule
    // picks (src/model/id.ts, copyWins) at the better-ranked place.
    const prev = seen.get(m.id);
    if (prev) {
      const kept = prev.list[prev.at];
      if (r.part !== archivePart && !kept.archived) {
        const win = copyWins({ id: m.id, path }, { id: m.id, path: prev.path });
        store.warn(duplicateIdWarning(m.id, win ? path : prev.path, win ? prev.path : path));
        if (win) {
          prev.list[prev.at] = { ...m, relevance: kept.relevance, ...(kept.confidence !== undefined ? { confidence: kept.confidence } : {}) };
          if (citationFree.has(m)) citationFree.add(prev.list[prev.at]);
          prev.path = path;
        }
      }
      continue;
    }
    const out: SearchResult = r.part === archivePart ? { ...m, archived: true, relevance: r.relevance } : { ...m, relevance: r.relevance };
    if (citationFree.has(m)) citationFree.add(out);
    let list = results;
    if (hasText) {
      // Confidence: the share of the query's information the memory holds (src/search/confidence.ts).
      out.confidence = roundConfidence(confidence({ coverage: r.coverage ?? 0, known, minCoverage }));
      if ((r.coverage ?? 0) < line) list = weak;
    }
    seen.set(m.id, { list, at: list.length, path });
    list.push(out);
  }
  if (!hasText) return { success: true, results, total };
  // total: every confident match (weak candidates are not matches).
  const res: SearchResponse = { success: true, results, weak, total: confident };
  if (!results.length) res.nothingConfident = nothingConfidentNote(weak.length);
  return res;
}

/**
 * A search with no searchable word and no filter (`search the`): the newest page, as `recent` reads
 * it (the base's order file, src/search/newest-order.ts), instead of every document's time and a pass
 * over all of them (at 1,000,000 memories 8 MB of a column and a third of the command). The same page,
 * relevance and total as {@link rank}; null when the order file cannot serve it (the caller ranks).
 */
function newestUnfiltered(store: ReadonlyBranch, view: IndexView, text: string, f: NormalizedFilter, limit: number, now: number, archivePart: number): { ranked: Ranked[]; total: number; confident: number } | null {
  if (archivePart >= 0 || queryTerms(text).length) return null;
  if (!noFilter(f)) return null;
  const page = newestPage(view, baseSegmentFile(store), limit);
  if (!page) return null;
  const w = weightsOf(store);
  const ranked = page.map(({ part, doc }) => ({ part, doc, relevance: round(baseBoost(view.parts[part].seg, doc, w, now)) }));
  return { ranked, total: view.n, confident: view.n };
}

// Archived memories (`archive/`, written by `memory prune`) are searched only on request: an
// in-memory segment per tree, built when asked, never persisted (archives are searched rarely).
const archiveSegments = new WeakMap<ReadonlyBranch, { tree: string; seg: Segment }>();

export function archiveSegment(store: ReadonlyBranch, tree: string | null): Segment | null {
  if (!tree) return null;
  const hit = archiveSegments.get(store);
  if (hit?.tree === tree) return hit.seg;
  const blobs = store.git.listBlobs(tree, ARCHIVE_DIR);
  if (!blobs.length) return null;
  const b = new SegmentBuilder();
  // Indexed under the path the memory had below memories/: ids derived from a path stay the same.
  for (const f of blobs) addFile(store, b, MEMORIES_DIR + f.path.slice(ARCHIVE_DIR.length), f.oid);
  const seg = b.finish({ kind: 'delta', tree });
  archiveSegments.set(store, { tree, seg });
  return seg;
}

/**
 * Full-text scores alone (BM25 over content, tags and category, no boosts, no filters): id → score
 * for every memory the text matches. For hybrid ranking.
 */
export function fullTextScores(store: ReadonlyBranch, text: string, opts: IndexOptions = {}): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, { score }] of fullTextMatches(store, text, opts)) out.set(id, score);
  return out;
}

/**
 * Full-text matches with their BM25 score (no boosts, no filters) and the share of the query's
 * information each holds: id → { score, coverage }. For hybrid ranking and its confidence.
 */
export function fullTextMatches(store: ReadonlyBranch, text: string, opts: IndexOptions = {}, view: IndexView = openIndex(store, opts)): Map<string, { score: number; coverage: number }> {
  const ids = docIds(view);
  const out = new Map<string, { score: number; coverage: number }>();
  for (const h of textScores(view, text, opts.bm25 ?? DEFAULT_BM25)) out.set(ids[h.part][h.doc], { score: h.score, coverage: h.coverage });
  return out;
}

/**
 * The id of every document of every part of `view` (dead ones included), decoded once per view: a
 * hybrid search reads all of them (filters, the vector rows, matches), and decoding 10,000 ids from
 * the segment on every search was a fifth of its time. A view never changes (a new tree is a new
 * view), so neither does this.
 */
export function docIds(view: IndexView): string[][] {
  let ids = idCache.get(view);
  if (!ids) {
    ids = view.parts.map(({ seg }) => {
      const out = new Array<string>(seg.n);
      for (let d = 0; d < seg.n; d++) out[d] = seg.ids.get(d);
      return out;
    });
    idCache.set(view, ids);
  }
  return ids;
}
const idCache = new WeakMap<IndexView, string[][]>();

/** The ids of every live memory of a view (what {@link filterIds} returns without filters), once per view. */
const allIdsCache = new WeakMap<IndexView, ReadonlySet<string>>();

/**
 * Ids of the memories passing the filters of `q` (its text is ignored). Without filters, the same
 * set for every search of one index view: callers must not change it.
 */
export function filterIds(store: ReadonlyBranch, q: SearchQuery, opts: IndexOptions = {}, view: IndexView = openIndex(store, opts)): ReadonlySet<string> {
  const f = normalizeFilter(q, store.now().getTime());
  const unfiltered = noFilter(f);
  if (unfiltered) {
    const hit = allIdsCache.get(view);
    if (hit) return hit;
  }
  const pass = compileFilter(view, f);
  const ids = docIds(view);
  const out = new Set<string>();
  view.parts.forEach(({ dead }, pi) => {
    for (let d = 0; d < ids[pi].length; d++) if (!dead?.[d] && pass(pi, d)) out.add(ids[pi][d]);
  });
  if (unfiltered) allIdsCache.set(view, out);
  return out;
}

export { IndexView } from './index-view.js';
export { textScores, DEFAULT_BM25, type Bm25Params } from './bm25.js';
export { compileFilter, normalizeFilter } from './filter.js';
export { rank } from './engine.js';
export { DEFAULT_WEIGHTS, type Weights } from './rank-order.js';
export { analyze, terms, queryTerms } from './analyze.js';
