/** The string columns of a segment (ids, paths, blob ids, terms): strings stored back to back. */

/**
 * A column opened lazily reads its strings one by one (a `recent --count 5` needs five ids of
 * 100,000) until a caller has asked for more than this many, or one per 16 KiB of the column: then
 * it reads the whole blob. A read of one string costs a system call (~20 µs here); the whole blob
 * ~7 ms per MB of fresh memory, so `tagged` with 1,000 matches at 1,000,000 memories reads 2,000
 * strings (~40 ms) rather than the 84 MB of paths and blob ids (~400 ms).
 */
const ROWS_BEFORE_WHOLE = 64;
const BYTES_PER_ROW_READ = 16 * 1024;

/** The offsets of a lazily opened column: its size, and each row's span or all of them read from the file. */
export interface LazyOffsets {
  count: number;
  total: number;
  row(i: number): [number, number];
  all(): Uint32Array;
}

/** Strings stored back to back; `off[i]..off[i+1]` are the bytes of string i. */
export class StringColumn {
  private data: Buffer | null;
  private offsets: Uint32Array | null;
  /** Strings read one by one so far. */
  private rows = 0;
  /** Strings read one by one before the whole blob is (see {@link ROWS_BEFORE_WHOLE}). */
  private readonly budget: number;
  constructor(
    blob: Buffer | null,
    off: Uint32Array | LazyOffsets,
    /** Reads `len` bytes at `pos` of the blob, for a column of a segment file not read whole. */
    private readonly source?: (pos: number, len: number) => Buffer,
  ) {
    this.data = blob;
    this.offsets = off instanceof Uint32Array ? off : null;
    this.lazyOff = off instanceof Uint32Array ? null : off;
    const total = off instanceof Uint32Array ? (off[off.length - 1] ?? 0) : off.total;
    this.budget = Math.max(ROWS_BEFORE_WHOLE, Math.floor(total / BYTES_PER_ROW_READ));
  }
  private readonly lazyOff: LazyOffsets | null;
  /**
   * Where each string starts (and the end of the last). For a column opened lazily, read on first use
   * of the whole: a command that reads a few rows reads their two offsets each instead (the offsets of
   * a 1,000,000-row column are 4 MB).
   */
  get off(): Uint32Array {
    return (this.offsets ??= this.lazyOff!.all());
  }
  /** The whole blob (read from the file on first use, for a column opened lazily). */
  get blob(): Buffer {
    return (this.data ??= this.source!(0, this.lazyOff && !this.offsets ? this.lazyOff.total : this.off[this.off.length - 1]));
  }
  get length(): number {
    return this.offsets ? this.offsets.length - 1 : this.lazyOff!.count;
  }
  private span(i: number): [number, number] {
    if (this.offsets) return [this.offsets[i], this.offsets[i + 1]];
    return this.lazyOff!.row(i);
  }
  get(i: number): string {
    if (!this.data && this.rows++ < this.budget) {
      const [a, b] = this.span(i);
      return this.source!(a, b - a).toString('utf8');
    }
    return this.blob.toString('utf8', this.off[i], this.off[i + 1]);
  }
  bytes(i: number): Buffer {
    if (!this.data && this.rows++ < this.budget) {
      const [a, b] = this.span(i);
      return this.source!(a, b - a);
    }
    return this.blob.subarray(this.off[i], this.off[i + 1]);
  }
  /** Index of `key` in a column sorted bytewise, or -1. */
  find(key: Buffer): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      // A column not in memory: each probe reads its row (20 probes in a million terms), not the
      // whole column (12 MB of terms and offsets at 1,000,000 memories, for a two-word search).
      let c: number;
      if (this.data || !this.source) c = this.blob.compare(key, 0, key.length, this.off[mid], this.off[mid + 1]);
      else {
        const [a, z] = this.span(mid);
        c = this.source(a, z - a).compare(key);
      }
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
  static from(strings: string[]): StringColumn {
    const off = new Uint32Array(strings.length + 1);
    for (let i = 0; i < strings.length; i++) off[i + 1] = off[i] + Buffer.byteLength(strings[i], 'utf8');
    const blob = Buffer.allocUnsafe(off[strings.length]);
    for (let i = 0; i < strings.length; i++) blob.write(strings[i], off[i], 'utf8');
    return new StringColumn(blob, off);
  }
}
