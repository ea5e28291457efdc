import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import { PRIORITY_NAME, type Segment } from './segment.js';

/**
 * The counts `memory stats` shows (categories, tags, priorities, months), for every document of a base
 * segment, kept beside it as `counts-<segment file>` and written with it. A base segment never
 * changes, so its counts are computed once (a pass over five columns of a million documents took most
 * of a 1.2 s `stats`); a caller subtracts the few base documents a delta removed and adds the delta's
 * own, which it reads.
 *
 * Derived data, JSON: `{ v, build, n, cats, tags, prio, months }`. A file whose version, build id or
 * document count does not match the segment it is asked about, or whose values are not counts, is
 * ignored (the caller scans and writes it again).
 */
export interface SegmentCounts {
  /** Documents counted. */
  total: number;
  categories: Map<string, number>;
  tags: Map<string, number>;
  priorities: { low: number; medium: number; high: number };
  /** Documents by month of creation (YYYY-MM). */
  months: Map<string, number>;
}

const VERSION = 1;
/** Largest counts file read (a million distinct tags is ~30 MB of JSON). */
const MAX_COUNTS_BYTES = 64 * 1024 * 1024;

export function countsFileOf(segmentFile: string): string {
  return join(segmentFile, '..', `counts-${basename(segmentFile)}`);
}

export function emptyCounts(): SegmentCounts {
  return { total: 0, categories: new Map(), tags: new Map(), priorities: { low: 0, medium: 0, high: 0 }, months: new Map() };
}

const add = (m: Map<string, number>, k: string, v: number) => {
  const n = (m.get(k) ?? 0) + v;
  if (n) m.set(k, n);
  else m.delete(k);
};

/** `YYYY-MM` of a creation time (ms). */
export function monthOf(ts: number): string {
  return new Date(ts).toISOString().slice(0, 7);
}

/**
 * Adds the live documents of `seg` (those `dead` does not mark) to `out`, reading whole columns: for
 * a base being counted once, or a delta (small).
 */
export function countSegment(seg: Segment, dead: Uint8Array | null, out: SegmentCounts): SegmentCounts {
  const catCounts = new Uint32Array(seg.cats.length);
  const tagCounts = new Uint32Array(seg.tags.length);
  const prio = [0, 0, 0];
  // Months: the boundaries of the last month seen, so most documents cost two comparisons.
  let monthFrom = 1;
  let monthTo = 0;
  let monthKey = '';
  let monthCount = 0;
  const flush = () => {
    if (monthCount) add(out.months, monthKey, monthCount);
    monthCount = 0;
  };
  for (let d = 0; d < seg.n; d++) {
    if (dead?.[d]) continue;
    out.total++;
    catCounts[seg.cat[d]]++;
    for (let i = seg.tagOff[d]; i < seg.tagOff[d + 1]; i++) tagCounts[seg.tagIds[i]]++;
    prio[seg.prio[d]]++;
    const ts = seg.ts[d];
    if (!(ts >= monthFrom && ts < monthTo)) {
      flush();
      const date = new Date(ts);
      monthKey = monthOf(ts);
      monthFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
      monthTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
    monthCount++;
  }
  flush();
  seg.cats.forEach((c, i) => catCounts[i] && add(out.categories, c, catCounts[i]));
  seg.tags.forEach((t, i) => tagCounts[i] && add(out.tags, t, tagCounts[i]));
  prio.forEach((v, i) => (out.priorities[PRIORITY_NAME[i]] += v));
  return out;
}

/**
 * Takes documents `docs` of `seg` out of `counts`, reading only their values (a few blocks of each
 * column), not the columns: the base documents a delta replaced or removed.
 */
export function subtractDocs(seg: Segment, docs: number[], counts: SegmentCounts, gather: (seg: Segment, name: 'ts' | 'prio' | 'cat' | 'tagOff' | 'tagIds', at: ArrayLike<number>) => Float64Array): void {
  if (!docs.length) return;
  const ts = gather(seg, 'ts', docs);
  const prio = gather(seg, 'prio', docs);
  const cat = gather(seg, 'cat', docs);
  const bounds: number[] = [];
  for (const d of docs) bounds.push(d, d + 1);
  const off = gather(seg, 'tagOff', bounds);
  const tagAt: number[] = [];
  for (let k = 0; k < docs.length; k++) for (let i = off[2 * k]; i < off[2 * k + 1]; i++) tagAt.push(i);
  const tagIds = tagAt.length ? gather(seg, 'tagIds', tagAt) : new Float64Array(0);
  for (let k = 0; k < docs.length; k++) {
    counts.total--;
    add(counts.categories, seg.cats[cat[k]], -1);
    counts.priorities[PRIORITY_NAME[prio[k]]]--;
    add(counts.months, monthOf(ts[k]), -1);
  }
  for (const t of tagIds) add(counts.tags, seg.tags[t], -1);
}

/** Writes the counts of every document of the base `seg` beside `segmentFile`. */
export function writeBaseCounts(segmentFile: string, seg: Segment, counts: SegmentCounts = countSegment(seg, null, emptyCounts())): void {
  const obj = (m: Map<string, number>) => Object.fromEntries(m);
  const p = counts.priorities;
  writeCacheFile(countsFileOf(segmentFile), JSON.stringify({ v: VERSION, build: seg.build, n: seg.n, cats: obj(counts.categories), tags: obj(counts.tags), prio: [p.low, p.medium, p.high], months: obj(counts.months) }));
}

/** The counts of every document of the base `seg` from beside `segmentFile`, or null when there is no usable file for this very segment. */
export function readBaseCounts(segmentFile: string, seg: Segment): SegmentCounts | null {
  let c: unknown;
  try {
    const file = countsFileOf(segmentFile);
    // Derived data of a known shape: one far larger than any store's counts is not read.
    if (statSync(file).size > MAX_COUNTS_BYTES) return null;
    c = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= seg.n;
  const map = (o: unknown): Map<string, number> | null => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
    const m = new Map<string, number>();
    for (const [k, v] of Object.entries(o)) {
      if (!isCount(v)) return null;
      m.set(k, v);
    }
    return m;
  };
  const r = c as { v?: unknown; build?: unknown; n?: unknown; cats?: unknown; tags?: unknown; prio?: unknown; months?: unknown };
  if (!r || r.v !== VERSION || r.build !== seg.build || r.n !== seg.n) return null;
  const categories = map(r.cats);
  const tags = map(r.tags);
  const months = map(r.months);
  if (!categories || !tags || !months || !Array.isArray(r.prio) || r.prio.length !== 3 || !r.prio.every(isCount)) return null;
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  // Every document has one category, one priority and one month: anything else is not this segment's.
  if (sum(categories) !== seg.n || sum(months) !== seg.n || r.prio[0] + r.prio[1] + r.prio[2] !== seg.n) return null;
  return { total: seg.n, categories, tags, priorities: { low: r.prio[0], medium: r.prio[1], high: r.prio[2] }, months };
}
