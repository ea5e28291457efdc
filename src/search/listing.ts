import type { ReadonlyBranch } from '../model/branch-view.js';
import { isPriority, normalizeTags, type Memory, type Priority } from '../model/memory.js';
import { copyWins, duplicateIdWarning } from '../model/id.js';
import { IndexView, compileFilter, keepBest, newestFirst, type NormalizedFilter, type Ranked } from './engine.js';
import { archiveSegment, baseSegmentFile, openIndex, readMemory } from './index.js';
import { readNewestOrder } from './newest-order.js';
import { PRIORITY_NAME, type Segment } from './segment.js';

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
  const unfiltered = !filter.tags.length && filter.category === undefined && filter.scope === undefined && filter.priority === undefined;
  if (limit !== null && unfiltered && archivePart < 0) {
    const page = newestPage(branch, view, limit);
    if (page) return { memories: readPage(branch, view, page, -1), total: view.n };
  }
  const pass = compileFilter(view, filter);
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

function readPage(branch: ReadonlyBranch, view: IndexView, page: Array<{ part: number; doc: number }>, archivePart: number): Memory[] {
  const memories: Memory[] = [];
  const seen = new Map<string, number>();
  const paths: string[] = [];
  for (const r of page) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(branch, seg, r.doc);
    const path = seg.paths.get(r.doc);
    // A hand-made copy of a file (same id) in both the base and the delta: shown once, the copy the
    // rule picks (src/core/id.ts, copyWins), at the first place.
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

/**
 * The newest `limit` live documents without a filter, from the base segment's newest-first order
 * (src/search/newest-order.ts) merged with the delta's documents: reads a few entries of that file
 * instead of every document's time. Null when the base has no usable order file (the caller scans).
 */
function newestPage(branch: ReadonlyBranch, view: IndexView, limit: number): Array<{ part: number; doc: number }> | null {
  const base = view.parts[0];
  if (!base || base.seg.kind !== 'base') return null;
  type Item = { part: number; doc: number; ts: number };
  const idOf = (it: Item) => view.parts[it.part].seg.ids.get(it.doc);
  const cmp = (a: Item, b: Item) => {
    if (a.ts !== b.ts) return b.ts - a.ts;
    const ia = idOf(a);
    const ib = idOf(b);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
  const top: Item[] = [];
  for (let pi = 1; pi < view.parts.length; pi++) {
    const { seg, dead } = view.parts[pi];
    for (let d = 0; d < seg.n; d++) if (!dead?.[d]) keepBest(top, { part: pi, doc: d, ts: seg.ts[d] }, limit, cmp);
  }
  // Base documents come newest first: after `limit` live ones, every later one is older.
  const file = baseSegmentFile(branch);
  let from = 0;
  let taken = 0;
  while (taken < limit && from < base.seg.n) {
    const chunk = readNewestOrder(file, base.seg, from, Math.max(64, (limit - taken) * 2));
    if (!chunk) return null;
    if (!chunk.docs.length) break;
    for (let i = 0; i < chunk.docs.length && taken < limit; i++) {
      from++;
      const d = chunk.docs[i];
      if (base.dead?.[d]) continue;
      taken++;
      keepBest(top, { part: 0, doc: d, ts: chunk.ts[i] }, limit, cmp);
    }
  }
  return top;
}

/** Where the live memory `id` is at the branch tip, from the index (files whose path does not give their id). */
export function locateInIndex(branch: ReadonlyBranch, id: string): { path: string; oid: string } | null {
  const view = openIndex(branch);
  let best: { path: string; oid: string } | null = null;
  // Copies in the base and the delta: the one the rule picks (src/core/id.ts, copyWins).
  for (const part of view.parts) {
    for (const d of docsWithId(part.seg, id, part.dead)) {
      const c = { path: part.seg.paths.get(d), oid: part.seg.oids.get(d) };
      if (!best || copyWins({ id, path: c.path }, { id, path: best.path })) best = c;
    }
  }
  return best;
}

/** Live documents of `seg` whose id is `id` (at most `max`). */
function docsWithId(seg: Segment, id: string, dead: Uint8Array | null, max = Infinity): number[] {
  const key = Buffer.from(id, 'utf8');
  const blob = seg.ids.blob;
  const off = seg.ids.off;
  const out: number[] = [];
  for (let at = blob.indexOf(key); at >= 0 && out.length < max; at = blob.indexOf(key, at + 1)) {
    // Ids are stored back to back: a hit counts only if it is one whole id.
    let lo = 0;
    let hi = seg.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (off[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    if (off[lo] === at && off[lo + 1] === at + key.length && !dead?.[lo]) out.push(lo);
  }
  return out;
}

/**
 * Every file at the branch tip that may hold memory `id`: its indexed files, plus the files an index
 * segment skipped as second copies of some id (a hand copy, a merge), which the caller must read to
 * confirm. Null when the index cannot tell (a segment with too many second copies to list).
 */
export function filesOfIdInIndex(branch: ReadonlyBranch, id: string): Array<{ path: string; oid: string }> | null {
  const view = openIndex(branch);
  const tree = branch.treeOf(branch.tip());
  const out: Array<{ path: string; oid: string }> = [];
  for (const { seg, dead } of view.parts) {
    for (const d of docsWithId(seg, id, dead)) out.push({ path: seg.paths.get(d), oid: seg.oids.get(d) });
    if (!seg.dupes) return null;
    // Listed when the segment was built: still there only if the tip has the same file.
    for (const [path, oid] of seg.dupes) if (tree && branch.git.entryAt(tree, path)?.oid === oid) out.push({ path, oid });
  }
  return out;
}

export interface IndexCounts {
  total: number;
  categories: Map<string, number>;
  tags: Map<string, number>;
  priorities: { low: number; medium: number; high: number };
  /** Live memories by month of creation (YYYY-MM). */
  months: Map<string, number>;
  /** Creation times (ms) of the oldest and newest live memory. */
  oldest: number | null;
  newest: number | null;
  /** Files under memories/ that could not be read. */
  unreadable: number;
}

/** The counts of `memory stats`, from the document table alone (no memory is read). */
export function indexCounts(branch: ReadonlyBranch): IndexCounts {
  const view = openIndex(branch);
  const out: IndexCounts = { total: 0, categories: new Map(), tags: new Map(), priorities: { low: 0, medium: 0, high: 0 }, months: new Map(), oldest: null, newest: null, unreadable: view.skipped };
  // Months: the boundaries of the last month seen, so most documents cost two comparisons.
  let monthFrom = 1;
  let monthTo = 0;
  let monthKey = '';
  let monthCount = 0;
  const flush = () => {
    if (monthCount) out.months.set(monthKey, (out.months.get(monthKey) ?? 0) + monthCount);
    monthCount = 0;
  };
  for (const { seg, dead } of view.parts) {
    const catCounts = new Uint32Array(seg.cats.length);
    const tagCounts = new Uint32Array(seg.tags.length);
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d]) continue;
      out.total++;
      catCounts[seg.cat[d]]++;
      for (let i = seg.tagOff[d]; i < seg.tagOff[d + 1]; i++) tagCounts[seg.tagIds[i]]++;
      out.priorities[PRIORITY_NAME[seg.prio[d]]]++;
      const ts = seg.ts[d];
      if (out.oldest === null || ts < out.oldest) out.oldest = ts;
      if (out.newest === null || ts > out.newest) out.newest = ts;
      if (!(ts >= monthFrom && ts < monthTo)) {
        flush();
        const date = new Date(ts);
        monthKey = date.toISOString().slice(0, 7);
        monthFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
        monthTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      }
      monthCount++;
    }
    seg.cats.forEach((c, i) => catCounts[i] && out.categories.set(c, (out.categories.get(c) ?? 0) + catCounts[i]));
    seg.tags.forEach((t, i) => tagCounts[i] && out.tags.set(t, (out.tags.get(t) ?? 0) + tagCounts[i]));
  }
  flush();
  return out;
}
