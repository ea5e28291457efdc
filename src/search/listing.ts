import type { ReadonlyBranch } from '../model/branch-view.js';
import { isPriority, memoryFromFile, normalizeTags, type Memory, type Priority } from '../model/memory.js';
import { copyWins, duplicateIdWarning } from '../model/id.js';
import { compileFilter, filterMatches, noFilter, type FilterMatches, type NormalizedFilter } from './filter.js';
import { IndexView } from './index-view.js';
import { keepBest, newestFirst, type Ranked } from './rank-order.js';
import { archiveSegment, openIndex, readMemory } from './index.js';
import { baseSegmentFile } from './index-files.js';
import { newestByTime, newestPage, readNewestOrder, type TimedDoc } from './newest-order.js';
import { PRIORITY_NAME, docsWithId, gatherValues, type Segment } from './segment.js';
import { countSegment, emptyCounts, readBaseCounts, subtractDocs, writeBaseCounts, type SegmentCounts } from './base-counts.js';

/**
 * `list`, `recent`, `tagged`, `stats` and id look-ups answered from the search index (the document
 * table of its segments holds id, path, blob id, time, priority, category, scope and tags), so none of
 * them reads every memory: they filter and sort typed arrays and read only the page they return from
 * git. The index follows the branch incrementally (src/search/index.ts), so these calls do too.
 */

export interface ListQuery {
  tags?: string[] | string;
  category?: string;
  scope?: string;
  priority?: Priority;
  /** Include memories archived by `memory prune` (marked `archived: true`). */
  archived?: boolean;
}

interface Listing {
  view: IndexView;
  /** Index of the archive part in `view.parts`, or -1. */
  archivePart: number;
}

function listingView(branch: ReadonlyBranch, archived: boolean | undefined): Listing {
  const view = openIndex(branch);
  if (!archived) return { view, archivePart: -1 };
  const arch = archiveSegment(branch, view.tree);
  if (!arch) return { view, archivePart: -1 };
  return { view: new IndexView([...view.parts, { seg: arch, dead: null }], view.tree), archivePart: view.parts.length };
}

/** Live ids of a view (for hiding archived copies of live memories). */
function liveIds(view: IndexView, upTo: number): Set<string> {
  const out = new Set<string>();
  for (let pi = 0; pi < upTo; pi++) {
    const { seg, dead } = view.parts[pi];
    for (let d = 0; d < seg.n; d++) if (!dead?.[d]) out.add(seg.ids.get(d));
  }
  return out;
}

/**
 * Memories matching the filter, newest first (ties by id, descending), at most `limit` of them (all
 * when `limit` is null), and how many match in all. Field values compare exactly, as stored.
 */
export function listMemories(branch: ReadonlyBranch, q: ListQuery, limit: number | null): { memories: Memory[]; total: number } {
  const filter: NormalizedFilter = { tags: normalizeTags(q.tags) };
  if (q.category !== undefined) filter.category = q.category;
  if (q.scope !== undefined) filter.scope = q.scope;
  if (q.priority !== undefined) {
    // A priority no memory can have matches nothing (the filter of typed arrays knows only three).
    if (!isPriority(q.priority)) return { memories: [], total: 0 };
    filter.priority = q.priority;
  }
  const { view, archivePart } = listingView(branch, q.archived);
  const unfiltered = noFilter(filter);
  if (limit !== null && unfiltered && archivePart < 0) {
    const page = newestPage(view, baseSegmentFile(branch), limit);
    if (page) return { memories: readPage(branch, view, page, -1), total: view.n };
  }
  const matches = filterMatches(view, filter);
  if (matches && archivePart < 0) return matchedPage(branch, view, matches, limit);
  const pass = compileFilter(view, filter, matches);
  const hidden = archivePart >= 0 ? liveIds(view, archivePart) : null;
  const cmp = newestFirst(view);
  // With a page size, the best `limit` are kept in order as the documents stream by: a document older
  // than the current last one is dropped after one comparison of typed-array values, so a `recent`
  // over 100,000 memories allocates nothing per document.
  const top: Ranked[] = [];
  const all: Ranked[] = [];
  let total = 0;
  view.parts.forEach(({ seg, dead }, pi) => {
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d] || !pass(pi, d)) continue;
      if (pi === archivePart && hidden!.has(seg.ids.get(d))) continue;
      total++;
      if (limit === null) {
        all.push({ part: pi, doc: d, relevance: 0 });
        continue;
      }
      if (top.length >= limit) {
        const last = top[top.length - 1];
        const lastTs = view.parts[last.part].seg.ts[last.doc];
        if (seg.ts[d] < lastTs) continue;
      }
      keepBest(top, { part: pi, doc: d, relevance: 0 }, limit, cmp);
    }
  });
  const page = limit === null ? all.sort(cmp) : top;
  return { memories: readPage(branch, view, page, archivePart), total };
}

/** The page of {@link listMemories} from the documents a filter matched (filter.ts filterMatches): no column is read whole. */
function matchedPage(branch: ReadonlyBranch, view: IndexView, matches: FilterMatches, limit: number | null): { memories: Memory[]; total: number } {
  const cmp = newestByTime(view);
  const all: TimedDoc[] = [];
  let total = 0;
  matches.forEach(({ docs, ts }, pi) => {
    total += docs.length;
    for (let k = 0; k < docs.length; k++) {
      const it = { part: pi, doc: docs[k], ts: ts[k] };
      if (limit === null) all.push(it);
      else {
        if (all.length >= limit && ts[k] < all[all.length - 1].ts) continue;
        keepBest(all, it, limit, cmp);
      }
    }
  });
  return { memories: readPage(branch, view, limit === null ? all.sort(cmp) : all, -1), total };
}

function readPage(branch: ReadonlyBranch, view: IndexView, page: Array<{ part: number; doc: number }>, archivePart: number): Memory[] {
  const memories: Memory[] = [];
  const seen = new Map<string, number>();
  const paths: string[] = [];
  for (const r of page) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(branch, seg, r.doc);
    const path = seg.paths.get(r.doc);
    // A hand-made copy of a file (same id) in both the base and the delta: shown once, the copy the
    // rule picks (src/model/id.ts, copyWins), at the first place.
    const at = seen.get(m.id);
    if (at !== undefined) {
      if (r.part !== archivePart && !memories[at].archived) {
        const win = copyWins({ id: m.id, path }, { id: m.id, path: paths[at] });
        branch.warn(duplicateIdWarning(m.id, win ? path : paths[at], win ? paths[at] : path));
        if (win) {
          memories[at] = m;
          paths[at] = path;
        }
      }
      continue;
    }
    seen.set(m.id, memories.length);
    paths.push(path);
    memories.push(r.part === archivePart ? { ...m, archived: true } : m);
  }
  return memories;
}

/** Where the live memory `id` is at the branch tip, from the index (files whose path does not give their id). */
function locateInIndex(branch: ReadonlyBranch, id: string): { path: string; oid: string } | null {
  const view = openIndex(branch);
  let best: { path: string; oid: string } | null = null;
  // Copies in the base and the delta: the one the rule picks (src/model/id.ts, copyWins).
  for (const part of view.parts) {
    for (const d of docsWithId(part.seg, id, part.dead)) {
      const c = { path: part.seg.paths.get(d), oid: part.seg.oids.get(d) };
      if (!best || copyWins({ id, path: c.path }, { id, path: best.path })) best = c;
    }
  }
  return best;
}

/**
 * Memory `id` at the branch tip as the index knows it: its file (the copy the rule picks), null when
 * no file claims it and the index took every file under memories/ (none it could not read or name,
 * no second copy of an id left out), undefined when it cannot tell (such a file may be that memory,
 * or say why it cannot be read). A second copy a base left out stays out of later deltas while its
 * file is unchanged, also once the copy that was indexed is gone: it may be the memory now.
 */
export function idAtTip(branch: ReadonlyBranch, id: string): { path: string; oid: string } | null | undefined {
  const view = openIndex(branch);
  const leftOut = leftOutOnTip(branch, view);
  // A second copy the index left out may be this memory: the catalog picks between the copies.
  if (!leftOut || leftOut.some((f) => claims(branch, f, id))) return undefined;
  const at = locateInIndex(branch, id);
  if (at) return at;
  return view.skipped !== 0 ? undefined : null;
}

/**
 * Every file at the branch tip that may hold memory `id`: its indexed files, plus the files an index
 * segment skipped as second copies of some id (a hand copy, a merge), which the caller must read to
 * confirm. Null when the index cannot tell (a segment with too many second copies to list).
 */
export function filesOfIdInIndex(branch: ReadonlyBranch, id: string): Array<{ path: string; oid: string }> | null {
  const view = openIndex(branch);
  const leftOut = leftOutOnTip(branch, view);
  if (!leftOut) return null;
  const out: Array<{ path: string; oid: string }> = [];
  for (const { seg, dead } of view.parts) for (const d of docsWithId(seg, id, dead)) out.push({ path: seg.paths.get(d), oid: seg.oids.get(d) });
  return [...out, ...leftOut];
}

/** The second copies the index's segments left out that are still at the tip (listed when each segment was built); null when a segment had too many to list. */
function leftOutOnTip(branch: ReadonlyBranch, view: IndexView): Array<{ path: string; oid: string }> | null {
  const tree = branch.treeOf(branch.tip());
  const out: Array<{ path: string; oid: string }> = [];
  for (const { seg } of view.parts) {
    if (!seg.dupes) return null;
    for (const [path, oid] of seg.dupes) if (tree && branch.git.entryAt(tree, path)?.oid === oid) out.push({ path, oid });
  }
  return out;
}

/** Whether file `f` claims id `id` (one that cannot be read may: the catalog says). */
function claims(branch: ReadonlyBranch, f: { path: string; oid: string }, id: string): boolean {
  try {
    return memoryFromFile(f.path, branch.git.readBlob(f.oid).toString('utf8')).id === id;
  } catch {
    return true;
  }
}

/** The counts of `memory stats` over the live memories (`months`: by month of creation, YYYY-MM). */
export interface IndexCounts extends SegmentCounts {
  /** Creation times (ms) of the oldest and newest live memory. */
  oldest: number | null;
  newest: number | null;
  /** Files under memories/ that could not be read. */
  unreadable: number;
}

/**
 * The counts of `memory stats`, from the document table alone (no memory is read). The base segment's
 * counts come from the file kept beside it (src/search/base-counts.ts), less the base documents the
 * delta removed; the delta's are counted here. Without that file the base is counted once and the
 * file written, so every later call (and every one after a store, which only grows the delta) reads
 * a few kilobytes instead of five columns of every document.
 */
export function indexCounts(branch: ReadonlyBranch): IndexCounts {
  const view = openIndex(branch);
  const counts = emptyCounts();
  let oldest: number | null = null;
  let newest: number | null = null;
  const see = (ts: number) => {
    if (oldest === null || ts < oldest) oldest = ts;
    if (newest === null || ts > newest) newest = ts;
  };
  view.parts.forEach(({ seg, dead }, pi) => {
    const cached = pi === 0 && seg.kind === 'base' ? baseCounts(branch, seg) : null;
    if (!cached) {
      countSegment(seg, dead, counts);
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) if (!dead?.[d]) see(ts[d]);
      return;
    }
    const gone: number[] = [];
    if (dead) for (let d = 0; d < seg.n; d++) if (dead[d]) gone.push(d);
    subtractDocs(seg, gone, cached, gatherValues);
    merge(counts, cached);
    const ends = liveEnds(branch, seg, dead);
    if (ends === 'none') return;
    if (ends) {
      see(ends.oldest);
      see(ends.newest);
    } else {
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) if (!dead?.[d]) see(ts[d]);
    }
  });
  return { total: counts.total, categories: counts.categories, tags: counts.tags, priorities: counts.priorities, months: counts.months, oldest, newest, unreadable: view.skipped };
}

function merge(into: SegmentCounts, from: SegmentCounts): void {
  into.total += from.total;
  for (const k of ['categories', 'tags', 'months'] as const) for (const [key, v] of from[k]) into[k].set(key, (into[k].get(key) ?? 0) + v);
  for (const p of PRIORITY_NAME) into.priorities[p] += from.priorities[p];
}

/** The base's counts of every document: from the file beside it, else counted now and the file written. */
function baseCounts(branch: ReadonlyBranch, seg: Segment): SegmentCounts | null {
  const file = baseSegmentFile(branch);
  const read = readBaseCounts(file, seg);
  if (read) return read;
  const counted = countSegment(seg, null, emptyCounts());
  writeBaseCounts(file, seg, counted);
  // The caller changes what it gets: a copy of what was written.
  return { ...counted, categories: new Map(counted.categories), tags: new Map(counted.tags), months: new Map(counted.months), priorities: { ...counted.priorities } };
}

/** Creation times of the oldest and newest live base documents, from the newest-first order file; null without one. */
function liveEnds(branch: ReadonlyBranch, seg: Segment, dead: Uint8Array | null): { oldest: number; newest: number } | 'none' | null {
  const file = baseSegmentFile(branch);
  const first = (from: number, step: number): number | null | undefined => {
    // Walks the order file from one end in chunks until a live document: dead ones are few.
    for (let at = from, size = 64; step > 0 ? at < seg.n : at >= 0; size *= 2) {
      const lo = step > 0 ? at : Math.max(0, at - size + 1);
      const chunk = readNewestOrder(file, seg, lo, step > 0 ? size : at - lo + 1);
      if (!chunk) return null;
      if (!chunk.docs.length) return undefined;
      for (let i = step > 0 ? 0 : chunk.docs.length - 1; i >= 0 && i < chunk.docs.length; i += step) if (!dead?.[chunk.docs[i]]) return chunk.ts[i];
      at = step > 0 ? at + chunk.docs.length : lo - 1;
    }
    return undefined;
  };
  if (!seg.n) return 'none';
  const newest = first(0, 1);
  const oldest = first(seg.n - 1, -1);
  if (newest === null || oldest === null) return null;
  // Every base document dead: nothing to see.
  if (newest === undefined || oldest === undefined) return 'none';
  return { oldest, newest };
}
