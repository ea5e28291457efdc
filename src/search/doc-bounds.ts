import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename, join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import { FIELDS, type Segment } from './segment.js';

/**
 * What a bound of a document's score needs without its lengths and times: its content length as one
 * byte that never exceeds it ({@link lengthCode}), and the latest creation time of each block of
 * {@link BOUND_BLOCK} documents. The bounded ranking (rank-bounded.ts, `rankBounded`) bounds the BM25 of a
 * posting with the coded length instead of the shortest possible document, and the recency boost with
 * its block's latest time instead of the largest boost: the bound of most documents is then their
 * score, and only the few whose bound reaches the page are scored (their lengths and times read).
 * At 1,000,000 memories this is 1 MB, where the length and time columns are 12 and 8 MB.
 *
 * Kept beside a base segment as `bounds-<segment file>`, written with it (a delta's is computed from
 * its columns: it is small). Format: "GMBNDv1\0", the segment's build id (32 bytes, latin1,
 * NUL-padded), the document count (u32 LE), the block size (u32 LE), the length codes (u8 per
 * document), zero padding to 8 bytes, then the latest time per block (f64 LE). Derived data: a file
 * whose build id, count, block size or size does not match is ignored, computed again from the
 * segment's columns and rewritten.
 */
export interface DocBounds {
  /** Per document, its content length coded by {@link lengthCode}: {@link codeLength} never exceeds the length. */
  lenCode: Uint8Array;
  /** Per block of {@link BOUND_BLOCK} documents, the latest creation time (ms), or -Infinity for none. */
  tsMax: Float64Array;
}

/** Documents per block of {@link DocBounds.tsMax}. */
export const BOUND_BLOCK = 1024;
export const BOUND_SHIFT = 10;

/**
 * A length as one byte: exact below 64, then a power of two and 4 bits below it (within 1/16 of the
 * length, rounded down), 255 for anything from 2^18 terms on. {@link codeLength} of the code is at
 * most the length, so a BM25 computed from it is at least the document's.
 */
export function lengthCode(len: number): number {
  if (len < 64) return len;
  if (len >= 1 << 18) return 255;
  const e = 31 - Math.clz32(len);
  const m = (len >>> (e - 4)) & 15;
  return 64 + (e - 6) * 16 + m;
}

/** The least length {@link lengthCode} gives `code` for. */
export function codeLength(code: number): number {
  if (code < 64) return code;
  const e = ((code - 64) >> 4) + 6;
  return (16 + ((code - 64) & 15)) * 2 ** (e - 4);
}

const NF = FIELDS.length;

/** The bounds of `seg` from its length and time columns (whole: for a base being written, or a delta). */
export function computeDocBounds(seg: Segment): DocBounds {
  const n = seg.n;
  const len = seg.len;
  const ts = seg.ts;
  const lenCode = new Uint8Array(n);
  for (let d = 0; d < n; d++) lenCode[d] = lengthCode(len[d * NF]);
  const tsMax = new Float64Array(Math.ceil(n / BOUND_BLOCK)).fill(-Infinity);
  for (let d = 0; d < n; d++) {
    const t = ts[d];
    if (t > tsMax[d >>> BOUND_SHIFT]) tsMax[d >>> BOUND_SHIFT] = t;
  }
  return { lenCode, tsMax };
}

const MAGIC = 'GMBNDv1\0';
const HEAD = 8 + 32 + 4 + 4;

export function boundsFileOf(segmentFile: string): string {
  return join(segmentFile, '..', `bounds-${basename(segmentFile)}`);
}

function layout(n: number): { codesEnd: number; size: number } {
  const codesEnd = HEAD + n + ((8 - ((HEAD + n) % 8)) % 8);
  return { codesEnd, size: codesEnd + Math.ceil(n / BOUND_BLOCK) * 8 };
}

/** Writes the bounds of the base `seg` beside `segmentFile` (after the segment itself is written). */
export function writeDocBounds(segmentFile: string, seg: Segment, bounds: DocBounds = computeDocBounds(seg)): void {
  const { codesEnd, size } = layout(seg.n);
  const buf = Buffer.alloc(size);
  buf.write(MAGIC, 0, 'latin1');
  buf.write(seg.build.padEnd(32, '\0').slice(0, 32), 8, 'latin1');
  buf.writeUInt32LE(seg.n, 40);
  buf.writeUInt32LE(BOUND_BLOCK, 44);
  buf.set(bounds.lenCode, HEAD);
  Buffer.from(bounds.tsMax.buffer, bounds.tsMax.byteOffset, bounds.tsMax.byteLength).copy(buf, codesEnd);
  writeCacheFile(boundsFileOf(segmentFile), buf);
}

/** The bounds of the base `seg` from beside `segmentFile`, or null when there is no usable file for this very segment. */
export function readDocBounds(segmentFile: string, seg: Segment): DocBounds | null {
  let fd: number;
  try {
    fd = openSync(boundsFileOf(segmentFile), 'r');
  } catch {
    return null;
  }
  try {
    const { codesEnd, size } = layout(seg.n);
    if (fstatSync(fd).size !== size) return null;
    const buf = Buffer.allocUnsafeSlow(size);
    let got = 0;
    while (got < size) {
      const k = readSync(fd, buf, got, size - got, got);
      if (k <= 0) return null;
      got += k;
    }
    if (buf.toString('latin1', 0, 8) !== MAGIC) return null;
    if (buf.toString('latin1', 8, 40) !== seg.build.padEnd(32, '\0').slice(0, 32)) return null;
    if (buf.readUInt32LE(40) !== seg.n || buf.readUInt32LE(44) !== BOUND_BLOCK) return null;
    return { lenCode: new Uint8Array(buf.buffer, HEAD, seg.n), tsMax: new Float64Array(buf.buffer, codesEnd, (size - codesEnd) / 8) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
