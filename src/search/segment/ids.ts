import type { StringColumn } from './column.js';
import { bad, type Segment } from './format.js';

/**
 * A segment's id order: its document numbers sorted by the bytes of their ids, equal ids by document
 * number. The files on a branch are not trusted to come in any order (a hand copy under another
 * path, ids of another shape, a second copy of an id kept by a merge), so the order is kept beside the
 * id column rather than assumed from it: finding a memory by its id is a binary search over the order
 * (about 20 entries and 20 ids read from a file of a million documents) instead of a pass over every id.
 */

/** Bytewise order of row `i` of column `a` and row `j` of column `b` (both in memory). */
function compareRows(a: Buffer, ao: Uint32Array, i: number, b: Buffer, bo: Uint32Array, j: number): number {
  let x = ao[i];
  const xe = ao[i + 1];
  let y = bo[j];
  const ye = bo[j + 1];
  for (; x < xe && y < ye; x++, y++) if (a[x] !== b[y]) return a[x] - b[y];
  return xe - x - (ye - y);
}

/**
 * The id order of `ids`. Documents come in runs already in id order (a build reads the files of one
 * folder, `memories/<month>/<bucket>/`, in path order, or the blobs of a pack in the order they were
 * written, which is mostly the order their ids were made): a column in order costs one pass, and
 * the sort (merging the runs it finds, stable) costs a pass per doubling of the runs' length.
 */
export function sortIdOrder(ids: StringColumn): Uint32Array {
  const n = ids.length;
  const blob = ids.blob;
  const off = ids.off;
  const out = new Uint32Array(n);
  let sorted = true;
  for (let d = 0; d < n; d++) {
    out[d] = d;
    if (sorted && d > 0 && compareRows(blob, off, d - 1, blob, off, d) > 0) sorted = false;
  }
  if (sorted) return out;
  const before = (x: number, y: number): boolean => (compareRows(blob, off, x, blob, off, y) || x - y) < 0;
  // A natural merge sort: the runs already in order, merged pairwise (a stable merge keeps equal ids
  // by document number, as they came).
  let bounds: number[] = [0];
  for (let d = 1; d < n; d++) if (before(d, d - 1)) bounds.push(d);
  bounds.push(n);
  let src = out;
  let dst = new Uint32Array(n);
  while (bounds.length > 2) {
    const next: number[] = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r];
      const mid = bounds[r + 1];
      const hi = r + 2 < bounds.length ? bounds[r + 2] : mid;
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) dst[k++] = before(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
      next.push(hi);
    }
    bounds = next;
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/**
 * The id order of `ids` from runs that are each in id order already (a base's order without its dead
 * documents, a delta's order moved past the base's documents; each part of a build), merged pairwise:
 * linear in the documents, where sorting a million again was not.
 */
export function mergeIdOrders(ids: StringColumn, runs: Uint32Array[]): Uint32Array {
  const blob = ids.blob;
  const off = ids.off;
  const two = (a: Uint32Array, b: Uint32Array): Uint32Array => {
    const out = new Uint32Array(a.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length && j < b.length) {
      const x = a[i];
      const y = b[j];
      if ((compareRows(blob, off, x, blob, off, y) || x - y) <= 0) {
        out[k++] = x;
        i++;
      } else {
        out[k++] = y;
        j++;
      }
    }
    out.set(a.subarray(i), k);
    out.set(b.subarray(j), k + a.length - i);
    return out;
  };
  let level = runs.filter((r) => r.length > 0);
  if (!level.length) return new Uint32Array(0);
  while (level.length > 1) {
    const next: Uint32Array[] = [];
    for (let r = 0; r < level.length; r += 2) next.push(r + 1 < level.length ? two(level[r], level[r + 1]) : level[r]);
    level = next;
  }
  return level[0];
}

/**
 * Throws CORRUPT_INDEX unless `order` is the id order of `ids`: every document once, each id after
 * the one before it (equal ids by document number). A file whose order is wrong would make a memory
 * unfindable by its id.
 */
export function checkIdOrder(ids: StringColumn, order: Uint32Array): void {
  const n = ids.length;
  if (order.length !== n) bad('bad id order');
  const seen = new Uint8Array(n);
  const blob = ids.blob;
  const off = ids.off;
  for (let k = 0; k < n; k++) {
    const d = order[k];
    if (d >= n || seen[d]) bad('bad id order');
    seen[d] = 1;
    if (k > 0) {
      const p = order[k - 1];
      const c = compareRows(blob, off, p, blob, off, d);
      if (c > 0 || (c === 0 && p > d)) bad('bad id order');
    }
  }
}

/**
 * Live documents of `seg` whose id is exactly `key` (not one it starts or ends), ascending, at most
 * `max`: the first entry of the id order not below `key`, then the entries equal to it.
 * `at(k)` is entry k of the order (read from the file, for a segment not in memory).
 */
export function docsWithIdIn(seg: Segment, key: Buffer, at: (k: number) => number, dead: Uint8Array | null, max = Infinity): number[] {
  const ids = seg.ids;
  let lo = 0;
  let hi = seg.n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids.bytes(at(mid)).compare(key) < 0) lo = mid + 1;
    else hi = mid;
  }
  const found: number[] = [];
  for (let k = lo; k < seg.n; k++) {
    const d = at(k);
    if (!ids.bytes(d).equals(key)) break;
    if (!dead?.[d]) found.push(d);
  }
  found.sort((x, y) => x - y);
  return found.length > max ? found.slice(0, max) : found;
}
