import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { SegmentClosedError } from '../../errors.js';
import { StringColumn, type LazyOffsets } from './column.js';
import { CTOR, headerFields, readHeader, sectionOf, type ArrayKind, type ArrayOf, type Header } from './codec.js';
import { NF, bad, type Segment } from './format.js';
import { docsWithIdIn } from './ids.js';

/** Entries of the id order read one by one (a binary search is ~20) before the order is read whole. */
const ORDER_READS_BEFORE_WHOLE = 1024;

export { SegmentClosedError };

/** Per-document arrays whose values {@link gatherValues} can read without reading the array. */
export type NumericColumn = 'len' | 'ts' | 'prio' | 'cat' | 'scope' | 'tagOff' | 'tagIds';

/** Elements per block read by {@link SegmentFile.gather}. */
const GATHER_BLOCK = 32_768;

/**
 * A segment file opened without reading it whole: the header when opened, each array on its first
 * use, a term's postings as a range, a few values of a per-document array by block. For a file whose
 * checksum and structure a reader verified before (the caller knows, see index.ts): a warm `recent` or
 * `stats` needs a few arrays of the document table, a search the dictionary and a few postings, and on
 * this kind of machine every megabyte of fresh memory a process touches costs about 7 ms (BENCHMARKS.md,
 * "Scale: 100,000 memories"). Only sizes are checked here; the values were checked when the file was verified.
 *
 * The segment owns its file descriptor. It is counted: whoever opens it holds one reference, each
 * further holder takes one with {@link retain}, and the file closes when the last one calls
 * {@link release} (or at once on {@link close}). A replaced file (renamed over) is still read
 * consistently while anyone holds it; a read after the close throws {@link SegmentClosedError}
 * rather than reading whatever file the descriptor number now names.
 */
export class SegmentFile implements Segment {
  readonly kind: Segment['kind'];
  readonly tree: string;
  readonly build: string;
  readonly baseBuild: string | null;
  readonly baseTree: string | null;
  readonly n: number;
  readonly skipped: number;
  readonly dupes: Array<[string, string]> | null;
  readonly cats: string[];
  readonly scopes: string[];
  readonly tags: string[];
  readonly lenSum: number[];

  private fd: number;
  private refs = 1;
  private readonly h: Header;
  /** Where the data starts in the file. */
  private readonly start: number;
  private readonly terms_: number;
  private readonly postings_: number;
  /** Postings per chunk of {@link eachPostingChunk} (tests make it small to cross chunk edges). */
  static postingChunk = 65_536;
  /** Buffers reused by {@link eachPostingChunk}. */
  private chunkDoc?: Buffer;
  private chunkTf?: Buffer;
  /** One buffer reused by {@link gather}: the values are copied out before the next read. */
  private scratch = Buffer.allocUnsafeSlow(0);

  // Loaded on first use; `undefined` until then.
  private ids_?: StringColumn;
  private idOrder_?: Uint32Array;
  private paths_?: StringColumn;
  private oids_?: StringColumn;
  private terms__?: StringColumn;
  private ts_?: Float64Array;
  private prio_?: Uint8Array;
  private cat_?: Uint32Array;
  private scope_?: Uint32Array;
  private conv_?: Uint32Array;
  private tagOff_?: Uint32Array;
  private tagIds_?: Uint32Array;
  private len_?: Uint32Array;
  private postOff_?: Uint32Array;
  private postDoc_?: Uint32Array;
  private postTf_?: Uint8Array;
  private removed_?: Uint32Array;

  /**
   * Opens the segment file at `path`; `accept` may refuse the file by its stat (another version than
   * the one the caller verified). Throws {@link CorruptIndexError} for a header that does not
   * describe the file; the descriptor is closed on every failure.
   */
  static open(path: string, accept?: (st: Stats) => boolean): SegmentFile {
    const fd = openSync(path, 'r');
    try {
      const st = fstatSync(fd);
      if (accept && !accept(st)) bad('replaced while opening');
      return new SegmentFile(fd, st.size);
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }

  /** Takes ownership of `fd` (a segment file of `size` bytes) when the header checks pass; the caller closes it when they do not. */
  constructor(fd: number, size: number) {
    this.fd = fd;
    const { h, start } = readHeader((pos, len) => this.readAbs(pos, len), size);
    this.h = h;
    this.start = start;
    this.kind = h.kind;
    this.tree = h.tree;
    this.build = h.build;
    this.baseBuild = h.baseBuild;
    this.baseTree = h.baseTree;
    this.n = h.n;
    const f = headerFields(h);
    this.skipped = f.skipped;
    this.dupes = f.dupes;
    this.cats = h.cats;
    this.scopes = h.scopes;
    this.tags = h.tags;
    this.lenSum = h.lenSum;
    const n = h.n;
    this.postings_ = sectionOf(h, 'postDoc', 'u32')[1] / 4;
    this.terms_ = sectionOf(h, 'termsOff', 'u32')[1] / 4 - 1;
    // Every section's size, now: a header that does not describe the file fails here, not mid-search.
    const sizes: Array<[string, ArrayKind, number]> = [
      ['ids', 'u8', -1], ['idsOff', 'u32', n + 1], ['idOrder', 'u32', n], ['paths', 'u8', -1], ['pathsOff', 'u32', n + 1], ['oids', 'u8', -1], ['oidsOff', 'u32', n + 1],
      ['terms', 'u8', -1], ['termsOff', 'u32', this.terms_ + 1],
      ['ts', 'f64', n], ['prio', 'u8', n], ['cat', 'u32', n], ['scope', 'u32', n], ['conv', 'u32', n], ['tagOff', 'u32', n + 1], ['tagIds', 'u32', -1],
      ['len', 'u32', n * NF], ['postOff', 'u32', this.terms_ + 1], ['postDoc', 'u32', this.postings_], ['postTf', 'u8', this.postings_ * NF], ['removed', 'u32', -1],
    ];
    for (const [name, kind, count] of sizes) {
      const [, len] = sectionOf(h, name, kind);
      if (count >= 0 && len !== count * CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
    }
  }

  get ids(): StringColumn {
    return (this.ids_ ??= this.column('ids', this.n));
  }
  private orderReads = 0;
  get idOrder(): Uint32Array {
    return (this.idOrder_ ??= this.array('idOrder', 'u32'));
  }
  /**
   * Entry `k` of the id order: from the array when it was read, else its four bytes from the file; after
   * {@link ORDER_READS_BEFORE_WHOLE} such reads (a delta removing many paths looks each one up) the
   * array is read whole.
   */
  orderAt(k: number): number {
    if (this.idOrder_) return this.idOrder_[k];
    if (this.orderReads++ >= ORDER_READS_BEFORE_WHOLE) return this.idOrder[k];
    if (!(Number.isInteger(k) && k >= 0 && k < this.n)) bad('bad id order');
    const [at] = sectionOf(this.h, 'idOrder', 'u32');
    return this.read(at + k * 4, 4).readUInt32LE(0);
  }
  get paths(): StringColumn {
    return (this.paths_ ??= this.column('paths', this.n));
  }
  get oids(): StringColumn {
    return (this.oids_ ??= this.column('oids', this.n));
  }
  get terms(): StringColumn {
    return (this.terms__ ??= this.column('terms', this.terms_));
  }
  get ts(): Float64Array {
    return (this.ts_ ??= this.array('ts', 'f64'));
  }
  get prio(): Uint8Array {
    return (this.prio_ ??= this.array('prio', 'u8'));
  }
  get cat(): Uint32Array {
    return (this.cat_ ??= this.array('cat', 'u32'));
  }
  get scope(): Uint32Array {
    return (this.scope_ ??= this.array('scope', 'u32'));
  }
  get conv(): Uint32Array {
    return (this.conv_ ??= this.array('conv', 'u32'));
  }
  get tagOff(): Uint32Array {
    return (this.tagOff_ ??= this.array('tagOff', 'u32'));
  }
  get tagIds(): Uint32Array {
    return (this.tagIds_ ??= this.array('tagIds', 'u32'));
  }
  get len(): Uint32Array {
    return (this.len_ ??= this.array('len', 'u32'));
  }
  get postOff(): Uint32Array {
    return (this.postOff_ ??= this.array('postOff', 'u32'));
  }
  get postDoc(): Uint32Array {
    return (this.postDoc_ ??= this.array('postDoc', 'u32'));
  }
  get postTf(): Uint8Array {
    return (this.postTf_ ??= this.array('postTf', 'u8'));
  }
  get removed(): Uint32Array {
    return (this.removed_ ??= this.array('removed', 'u32'));
  }

  /** True once the file is closed (by {@link close} or the last {@link release}). */
  get closed(): boolean {
    return this.fd < 0;
  }

  /** One more holder: the file stays open until each calls {@link release}. */
  retain(): this {
    if (this.closed) throw new SegmentClosedError();
    this.refs++;
    return this;
  }

  /** A holder is done with the segment; the last one closes the file. */
  release(): void {
    if (this.refs > 0 && --this.refs === 0) this.close();
  }

  /** Closes the file now, whoever else holds the segment (arrays already read stay readable). */
  close(): void {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    this.refs = 0;
    try {
      closeSync(fd);
    } catch {
      /* already closed by its owner */
    }
  }

  /**
   * The postings of term `t`: documents, and term frequencies (`tf[i * 3 + field]`). From the arrays
   * when a scan has read them, else one range of the file.
   */
  postings(t: number): { doc: Uint32Array; tf: Uint8Array } {
    const [from, to] = this.postingRange(t);
    if (this.postDoc_ && this.postTf_) return { doc: this.postDoc_.subarray(from, to), tf: this.postTf_.subarray(from * NF, to * NF) };
    const [docAt] = sectionOf(this.h, 'postDoc', 'u32');
    const [tfAt] = sectionOf(this.h, 'postTf', 'u8');
    const d = this.read(docAt + from * 4, (to - from) * 4);
    const f = this.read(tfAt + from * NF, (to - from) * NF);
    return { doc: new Uint32Array(d.buffer, 0, to - from), tf: new Uint8Array(f.buffer, 0, (to - from) * NF) };
  }

  /**
   * Where term `t`'s postings are, as [from, to). From its own two offsets, not the offset array: at
   * 1,000,000 memories the dictionary holds a million terms (every note number), 4 MB of offsets a
   * search would otherwise read.
   */
  postingRange(t: number): [number, number] {
    let from: number;
    let to: number;
    if (this.postOff_) {
      from = this.postOff_[t];
      to = this.postOff_[t + 1];
    } else {
      if (!(Number.isInteger(t) && t >= 0 && t < this.terms_)) bad('bad term');
      const [offAt] = sectionOf(this.h, 'postOff', 'u32');
      const b = this.read(offAt + t * 4, 8);
      from = b.readUInt32LE(0);
      to = b.readUInt32LE(4);
    }
    if (!(from >= 0 && to >= from && to <= this.postings_)) bad('bad postings');
    return [from, to];
  }

  /**
   * Term `t`'s postings chunk by chunk through two reused buffers (`tf` is null unless asked for):
   * a pass that needs each posting once touches ~0.5 MB of memory instead of 7 bytes a posting
   * (6 MB for the most common word of 1,000,000 memories; a fresh megabyte costs ~7 ms here).
   */
  eachPostingChunk(t: number, withTf: boolean, visit: (doc: Uint32Array, tf: Uint8Array | null, n: number) => void): void {
    const [from, to] = this.postingRange(t);
    if (this.postDoc_ && this.postTf_) return visit(this.postDoc_.subarray(from, to), withTf ? this.postTf_.subarray(from * NF, to * NF) : null, to - from);
    const [docAt] = sectionOf(this.h, 'postDoc', 'u32');
    const [tfAt] = sectionOf(this.h, 'postTf', 'u8');
    const chunk = SegmentFile.postingChunk;
    if (!this.chunkDoc || this.chunkDoc.length !== chunk * 4) {
      this.chunkDoc = Buffer.allocUnsafeSlow(chunk * 4);
      this.chunkTf = Buffer.allocUnsafeSlow(chunk * NF);
    }
    const docBuf = this.chunkDoc;
    const tfBuf = this.chunkTf as Buffer;
    const doc = new Uint32Array(docBuf.buffer, docBuf.byteOffset, chunk);
    const tf = new Uint8Array(tfBuf.buffer, tfBuf.byteOffset, chunk * NF);
    for (let at = from; at < to; at += chunk) {
      const n = Math.min(chunk, to - at);
      this.fill(docBuf, n * 4, this.start + docAt + at * 4);
      if (withTf) this.fill(tfBuf, n * NF, this.start + tfAt + at * NF);
      visit(doc, withTf ? tf : null, n);
    }
  }

  /**
   * The values at `indices` (ascending) of a per-document array. From the array when it was read,
   * else block by block into one reused buffer, reading only the blocks holding an index: on this kind
   * of machine a fresh megabyte costs ~7 ms to touch and a reused one ~1 ms, so this is several times
   * cheaper than reading the array and much cheaper than a read per value (a pruned search scores a
   * few thousand documents of a million).
   */
  gather(name: NumericColumn, indices: ArrayLike<number>): Float64Array {
    const out = new Float64Array(indices.length);
    const loaded = { len: this.len_, ts: this.ts_, prio: this.prio_, cat: this.cat_, scope: this.scope_, tagOff: this.tagOff_, tagIds: this.tagIds_ }[name];
    if (loaded) {
      for (let k = 0; k < indices.length; k++) out[k] = loaded[indices[k]];
      return out;
    }
    let k = 0;
    while (k < indices.length) {
      const from = Math.floor(indices[k] / GATHER_BLOCK) * GATHER_BLOCK;
      let end = k;
      while (end < indices.length && indices[end] < from + GATHER_BLOCK) end++;
      const values = this.elements(name, indices[k], indices[end - 1] - indices[k] + 1);
      for (let j = k; j < end; j++) out[j] = values[indices[j] - indices[k]];
      k = end;
    }
    return out;
  }

  /** `count` elements of a per-document array from element `from`, in the reused buffer. */
  private elements(name: NumericColumn, from: number, count: number): ArrayLike<number> {
    const kind: ArrayKind = name === 'ts' ? 'f64' : name === 'prio' ? 'u8' : 'u32';
    const [at, len] = sectionOf(this.h, name, kind);
    const width = CTOR[kind].BYTES_PER_ELEMENT;
    if (from < 0 || count < 0 || (from + count) * width > len) bad(`bad ${name} index`);
    const bytes = count * width;
    if (this.scratch.length < bytes) this.scratch = Buffer.allocUnsafeSlow(Math.max(bytes, 1 << 16));
    this.fill(this.scratch, bytes, this.start + at + from * width);
    return new CTOR[kind](this.scratch.buffer as ArrayBuffer, 0, count);
  }

  /** A whole array section, read from the file (its size was checked when the file was opened). */
  private array<K extends ArrayKind>(name: string, kind: K): ArrayOf<K> {
    const [at, len] = sectionOf(this.h, name, kind);
    const b = this.read(at, len);
    return new CTOR[kind](b.buffer as ArrayBuffer, 0, len / CTOR[kind].BYTES_PER_ELEMENT) as ArrayOf<K>;
  }

  /** A string column whose rows are read one by one until a caller reads many (column.ts). */
  private column(name: string, count: number): StringColumn {
    const [at, len] = sectionOf(this.h, name, 'u8');
    const [offAt] = sectionOf(this.h, `${name}Off`, 'u32');
    if (this.read(offAt, 4).readUInt32LE(0) !== 0 || this.read(offAt + count * 4, 4).readUInt32LE(0) !== len) bad(`bad offsets ${name}`);
    const lazy: LazyOffsets = {
      count,
      total: len,
      row: (i) => {
        if (!(i >= 0 && i < count)) bad(`bad row ${name}`);
        const b = this.read(offAt + i * 4, 8);
        const a = b.readUInt32LE(0);
        const z = b.readUInt32LE(4);
        if (a > z || z > len) bad(`bad offsets ${name}`);
        return [a, z];
      },
      all: () => {
        const off = this.array(`${name}Off`, 'u32');
        if (off[0] !== 0 || off[count] !== len) bad(`bad offsets ${name}`);
        return off;
      },
    };
    return new StringColumn(null, lazy, (pos, l) => this.read(at + pos, l));
  }

  /** `len` bytes at `pos` of the data, in a buffer of their own (any typed array can view it). */
  private read(pos: number, len: number): Buffer {
    const buf = Buffer.allocUnsafeSlow(len);
    this.fill(buf, len, this.start + pos);
    return buf;
  }

  /** `len` bytes at `pos` of the file, or null when the file is shorter (the header reader's view). */
  private readAbs(pos: number, len: number): Buffer | null {
    const buf = Buffer.allocUnsafeSlow(len);
    let got = 0;
    while (got < len) {
      const k = readSync(this.fd, buf, got, len - got, pos + got);
      if (k <= 0) return null;
      got += k;
    }
    return buf;
  }

  private fill(buf: Buffer, len: number, pos: number): void {
    if (this.fd < 0) throw new SegmentClosedError();
    let got = 0;
    while (got < len) {
      const k = readSync(this.fd, buf, got, len - got, pos + got);
      if (k <= 0) bad('truncated data');
      got += k;
    }
  }
}

/**
 * Adopts `fd`, a segment file of `size` bytes, as a {@link SegmentFile} (which closes it). Throws
 * {@link CorruptIndexError} for a header that does not describe the file; `fd` is then the caller's.
 */
export function openSegmentLazily(fd: number, size: number): SegmentFile {
  return new SegmentFile(fd, size);
}

/**
 * The postings of term `t` of `seg`: documents, and term frequencies (`tf[i * 3 + field]`). From the
 * arrays when they are in memory, else read as one range from the segment's file.
 */
export function postingsOf(seg: Segment, t: number): { doc: Uint32Array; tf: Uint8Array } {
  if (seg instanceof SegmentFile) return seg.postings(t);
  const from = seg.postOff[t];
  const to = seg.postOff[t + 1];
  return { doc: seg.postDoc.subarray(from, to), tf: seg.postTf.subarray(from * NF, to * NF) };
}

/** How many postings term `t` of `seg` has. */
export function postingCount(seg: Segment, t: number): number {
  if (seg instanceof SegmentFile) {
    const [from, to] = seg.postingRange(t);
    return to - from;
  }
  return seg.postOff[t + 1] - seg.postOff[t];
}

/** Term `t`'s postings of `seg` chunk by chunk (see {@link SegmentFile.eachPostingChunk}); in one piece for a segment in memory. */
export function eachPostingChunk(seg: Segment, t: number, withTf: boolean, visit: (doc: Uint32Array, tf: Uint8Array | null, n: number) => void): void {
  if (seg instanceof SegmentFile) return seg.eachPostingChunk(t, withTf, visit);
  const { doc, tf } = postingsOf(seg, t);
  visit(doc, withTf ? tf : null, doc.length);
}

/** The values at `indices` (ascending) of a per-document array of `seg` (see {@link SegmentFile.gather}). */
export function gatherValues(seg: Segment, name: NumericColumn, indices: ArrayLike<number>): Float64Array {
  if (seg instanceof SegmentFile) return seg.gather(name, indices);
  const out = new Float64Array(indices.length);
  const arr = seg[name];
  for (let k = 0; k < indices.length; k++) out[k] = arr[indices[k]];
  return out;
}

/**
 * The tags of documents `docs` (ascending): tag numbers `ids[from[j]]..ids[from[j + 1]]` are those of
 * `docs[j]`. Read by block ({@link gatherValues}), never the two tag columns whole (8 MB at 1,000,000).
 */
export function gatherTags(seg: Segment, docs: ArrayLike<number>): { from: Uint32Array; ids: Float64Array } {
  const bounds = new Uint32Array(2 * docs.length);
  for (let j = 0; j < docs.length; j++) (bounds[2 * j] = docs[j]), (bounds[2 * j + 1] = docs[j] + 1);
  const off = gatherValues(seg, 'tagOff', bounds);
  const from = new Uint32Array(docs.length + 1);
  for (let j = 0; j < docs.length; j++) from[j + 1] = from[j] + off[2 * j + 1] - off[2 * j];
  const at = new Uint32Array(from[docs.length]);
  for (let j = 0, k = 0; j < docs.length; j++) for (let i = off[2 * j]; i < off[2 * j + 1]; i++) at[k++] = i;
  return { from, ids: gatherValues(seg, 'tagIds', at) };
}

/** Takes a reference to `seg` when it holds a file (in-memory segments need none). */
export function retainSegment<S extends Segment | null>(seg: S): S {
  if (seg instanceof SegmentFile) seg.retain();
  return seg;
}

/** Gives back a reference taken by {@link retainSegment} or by opening the file. */
export function releaseSegment(seg: Segment | null | undefined): void {
  if (seg instanceof SegmentFile) seg.release();
}

/**
 * Live documents of `seg` whose id is `id`, ascending, at most `max`: a binary search of the id order
 * (ids.ts), reading about 20 of its entries and 20 ids from the file of a segment not in memory.
 */
export function docsWithId(seg: Segment, id: string, dead: Uint8Array | null, max = Infinity): number[] {
  const at = seg instanceof SegmentFile ? (k: number) => seg.orderAt(k) : (k: number) => seg.idOrder[k];
  return docsWithIdIn(seg, Buffer.from(id, 'utf8'), at, dead, max);
}
