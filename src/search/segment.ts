import { closeSync, readSync } from 'node:fs';
import { crc32 } from '../git/crc32.js';
import { analyze, pipelineWord } from './analyze.js';
import { pathFor } from '../core/id.js';

/**
 * One immutable piece of the full-text index: a document table (what the filters and the ranking
 * need, without content) and an inverted index (sorted term dictionary, postings with per-field term
 * frequencies). Everything is typed arrays and byte blobs, persisted as-is, so loading a segment is
 * one file read and a few array views: no JSON of 10,000 documents to parse on every CLI call.
 */

/** Bumped whenever the layout or the analysis changes: a cache of another format is rebuilt. */
// 3: segments built before reads fell back to git may lack a partial clone's unread blobs.
// 4: the header lists the files skipped as second copies of an id (`dupes`), for delete.
export const SEGMENT_FORMAT = 4;

/** At most this many second copies are listed in a segment; past it, `dupes` is null (unknown). */
export const MAX_DUPES = 1000;
/** Indexed fields, in posting order. */
export const FIELDS = ['content', 'tags', 'category'] as const;

/**
 * Characters of one memory's content the full-text index holds: its first 256 KiB. Four times the
 * default content cap (`maxContentBytes`, 64 KiB), so what a store accepts by default is indexed whole;
 * text past it (a store configured for larger memories, a hand-committed file) is not searchable by
 * its words, and the memory is still found by its opening, tags and meaning (docs/search.md).
 */
export const MAX_INDEXED_CHARS = 256 * 1024;
const NF = FIELDS.length;
const MAGIC = 0x58534d47; // "GMSX" little-endian

export const PRIORITY_CODE: Record<string, number> = { low: 0, medium: 1, high: 2 };
export const PRIORITY_NAME = ['low', 'medium', 'high'] as const;

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

export interface Segment {
  kind: 'base' | 'delta';
  /** The branch tree this segment (with its base, for a delta) describes. */
  tree: string;
  /** Random id of this build; a delta names the base it applies to. */
  build: string;
  baseBuild: string | null;
  baseTree: string | null;
  n: number;
  /** Files under memories/ that did not parse. */
  skipped: number;
  /**
   * Files skipped because an earlier file of this segment has the same id (a hand copy, a merge),
   * as [path, blob id]; null when there were more than {@link MAX_DUPES}. A delete removes them too.
   */
  dupes: Array<[string, string]> | null;
  ids: StringColumn;
  paths: StringColumn;
  oids: StringColumn;
  /** Creation time, ms since the epoch. */
  ts: Float64Array;
  prio: Uint8Array;
  /** Index into `cats`. */
  cat: Uint32Array;
  /** Index into `scopes`, or 0xffffffff for none. */
  scope: Uint32Array;
  tagOff: Uint32Array;
  /** Indexes into `tags`. */
  tagIds: Uint32Array;
  /** Terms per field per document: `len[doc * 3 + field]`. */
  len: Uint32Array;
  terms: StringColumn;
  postOff: Uint32Array;
  postDoc: Uint32Array;
  /** Term frequency per field, capped at 255 (BM25 saturates long before): `postTf[posting * 3 + field]`. */
  postTf: Uint8Array;
  /** Delta only: base document numbers that are gone or changed at `tree`. */
  removed: Uint32Array;
  cats: string[];
  scopes: string[];
  tags: string[];
  /** Sum of `len` per field over all documents (for BM25's average lengths without a pass). */
  lenSum: number[];
}

export const NO_SCOPE = 0xffffffff;

/** Unique enough to tell two builds apart; avoids loading node:crypto on the search path. */
function newBuildId(): string {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 10) + process.pid.toString(36);
}

export interface DocInput {
  id: string;
  path: string;
  oid: string;
  timestamp: number;
  priority: string;
  category: string;
  scope?: string;
  tags: string[];
  content: string;
}

class Grow<T extends Uint32Array | Uint8Array> {
  arr: T;
  size = 0;
  constructor(private readonly make: (n: number) => T) {
    this.arr = make(1024);
  }
  push(v: number): void {
    if (this.size === this.arr.length) this.reserve(1);
    this.arr[this.size++] = v;
  }
  /** Room for `n` more values; grows by half (not double) so the slack of a large build stays small. */
  reserve(n: number): void {
    if (this.size + n <= this.arr.length) return;
    const next = this.make(Math.max(this.size + n, Math.ceil(this.arr.length * 1.5)));
    next.set(this.arr.subarray(0, this.size));
    this.arr = next;
  }
  /** The values: a view of the storage, not a copy (the builder lets go of it). */
  done(): T {
    return this.arr.subarray(0, this.size) as T;
  }
  /** Frees the storage (after a build has copied what it needs). */
  drop(): void {
    this.arr = this.make(0);
    this.size = 0;
  }
}

/** Strings appended as bytes, for columns of one string per document (ids, paths, blob ids). */
class ColumnBuilder {
  private bytes = new Grow((n) => new Uint8Array(n));
  private off = new Grow((n) => new Uint32Array(n));
  constructor() {
    this.off.push(0);
  }
  /** Room for `n` more strings of about `bytes` bytes each. */
  reserve(n: number, bytes: number): void {
    this.bytes.reserve(n * bytes);
    this.off.reserve(n);
  }
  push(s: string): void {
    const need = Buffer.byteLength(s, 'utf8');
    this.bytes.reserve(need);
    const at = this.bytes.size;
    Buffer.from(this.bytes.arr.buffer, this.bytes.arr.byteOffset, this.bytes.arr.length).write(s, at, 'utf8');
    this.bytes.size += need;
    this.off.push(this.bytes.size);
  }
  done(): StringColumn {
    const blob = this.bytes.done();
    const col = new StringColumn(Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength), this.off.done());
    this.bytes = new Grow((n) => new Uint8Array(n));
    this.off = new Grow((n) => new Uint32Array(n));
    return col;
  }
}

class Interner {
  readonly list: string[] = [];
  private readonly map = new Map<string, number>();
  constructor(initial: string[] = []) {
    for (const s of initial) this.get(s);
  }
  get(s: string): number {
    let i = this.map.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.map.set(s, i);
    }
    return i;
  }
}

function sumLens(len: ArrayLike<number>, n: number): number[] {
  const out = new Array<number>(NF).fill(0);
  for (let d = 0; d < n; d++) for (let f = 0; f < NF; f++) out[f] += len[d * NF + f];
  return out;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Term numbers sorted in UTF-8 byte order (the order {@link StringColumn.find} searches). For
 * strings without surrogate pairs that is JavaScript's own string order, which is much cheaper.
 */
function byteOrder(strings: string[]): number[] {
  const astral = strings.map((s) => SURROGATE.test(s));
  const order = strings.map((_, i) => i);
  order.sort((a, b) => {
    const x = strings[a];
    const y = strings[b];
    if (astral[a] || astral[b]) return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return order;
}

/** Builds a segment document by document; `finish()` sorts the dictionary and lays out postings. */
const DIGITS = /^[0-9]+$/;

export class SegmentBuilder {
  private readonly termNo = new Map<string, number>();
  private readonly termStr: string[] = [];
  private readonly pTerm = new Grow((n) => new Uint32Array(n));
  private readonly pDoc = new Grow((n) => new Uint32Array(n));
  private readonly pTf = new Grow((n) => new Uint8Array(n));
  private readonly ids = new ColumnBuilder();
  private readonly paths = new ColumnBuilder();
  private readonly oids = new ColumnBuilder();
  private count = 0;
  private readonly ts: number[] = [];
  private readonly prio: number[] = [];
  private readonly cat: number[] = [];
  private readonly scope: number[] = [];
  private readonly tagOff: number[] = [0];
  private readonly tagIds: number[] = [];
  private readonly len: number[] = [];
  private readonly cats = new Interner();
  private readonly scopes = new Interner();
  private readonly tags = new Interner();
  private readonly seen = new Set<string>();
  skipped = 0;
  dupes: Array<[string, string]> | null = [];

  private readonly wordNo = new Map<string, number>();
  private slotOf = new Int32Array(1024).fill(-1);
  private tf = new Uint32Array(64 * NF);
  private readonly touched: number[] = [];

  get size(): number {
    return this.count;
  }

  private numberOf(term: string): number {
    let no = this.termNo.get(term);
    if (no === undefined) {
      no = this.termStr.length;
      this.termStr.push(term);
      this.termNo.set(term, no);
    }
    return no;
  }

  /**
   * Which files `add` takes: all, or (a full build of a branch with two files claiming one id, in two
   * sweeps) only files at their id's own path, then only the others, so the rule of src/core/id.ts
   * (copyWins: the id's own path, else the first in path order) decides which copy is indexed.
   */
  sweep: 'all' | 'own' | 'others' = 'all';

  add(d: DocInput): void {
    if (this.sweep !== 'all' && (d.path === pathFor(d.id, '')) !== (this.sweep === 'own')) return;
    // Two files claiming one id (a hand copy): the first wins; the order of adds applies the rule.
    if (this.seen.has(d.id)) {
      if (this.dupes && this.dupes.length < MAX_DUPES) this.dupes.push([d.path, d.oid]);
      else this.dupes = null;
      return;
    }
    // A copy of the id, not the id: a short string cut from a parsed file keeps the whole file text
    // alive (V8 slices), which was half a gigabyte of a full build at 1,000,000 memories.
    this.seen.add(Buffer.from(d.id, 'utf8').toString('utf8'));
    const doc = this.count++;
    this.ids.push(d.id);
    this.paths.push(d.path);
    this.oids.push(d.oid);
    this.ts.push(d.timestamp);
    this.prio.push(PRIORITY_CODE[d.priority] ?? 1);
    this.cat.push(this.cats.get(d.category));
    this.scope.push(d.scope ? this.scopes.get(d.scope) : NO_SCOPE);
    for (const t of d.tags) this.tagIds.push(this.tags.get(t));
    this.tagOff.push(this.tagIds.length);

    // Term number -> slot in this document, in arrays kept across documents (reset after each):
    // a Map and an array per document were a tenth of a full build at 1,000,000 memories.
    const touched = this.touched;
    touched.length = 0;
    let f = 0;
    let count = 0;
    const hit = (no: number) => {
      if (no >= this.slotOf.length) {
        const grown = new Int32Array(Math.max(no + 1, this.slotOf.length * 2)).fill(-1);
        grown.set(this.slotOf);
        this.slotOf = grown;
      }
      let slot = this.slotOf[no];
      if (slot < 0) {
        slot = touched.length;
        this.slotOf[no] = slot;
        touched.push(no);
        if ((slot + 1) * NF > this.tf.length) {
          const grown = new Uint32Array(this.tf.length * 2);
          grown.set(this.tf);
          this.tf = grown;
        }
        for (let g = 0; g < NF; g++) this.tf[slot * NF + g] = 0;
      }
      this.tf[slot * NF + f]++;
      count++;
    };
    const term = (t: string) => hit(this.numberOf(t));
    // Plain words map straight to a term number: one lookup per word instead of stem + dictionary.
    const word = (w: string) => {
      // A number is its own term (no stop word has digits; the stemmer leaves digits alone), and
      // numbers are most of a large branch's distinct words (ids, counts, versions): caching each
      // one twice more cost a sixth of a full build at 1,000,000 memories.
      if (DIGITS.test(w)) return hit(this.numberOf(w));
      let no = this.wordNo.get(w);
      if (no === undefined) {
        const t = pipelineWord(w);
        no = t ? this.numberOf(t) : -1;
        if (this.wordNo.size < 1_000_000) this.wordNo.set(w, no);
      }
      if (no >= 0) hit(no);
    };
    // The opening of a very long memory only: indexing is linear, but 16 MiB of text cost seconds of
    // analysis on every index build (issue 24). Every memory a store accepts by default is whole.
    const texts = [d.content.length > MAX_INDEXED_CHARS ? d.content.slice(0, MAX_INDEXED_CHARS) : d.content, d.tags.join(' '), d.category];
    for (f = 0; f < NF; f++) {
      count = 0;
      analyze(texts[f], term, true, word);
      this.len.push(count);
    }
    for (let slot = 0; slot < touched.length; slot++) {
      const no = touched[slot];
      this.slotOf[no] = -1;
      this.pTerm.push(no);
      this.pDoc.push(doc);
      for (let g = 0; g < NF; g++) this.pTf.push(Math.min(255, this.tf[slot * NF + g]));
    }
  }

  /**
   * Room for about `docs` documents, reserved up front: a full build knows how many files it reads,
   * and growing the postings by copying them (a third of a gigabyte at 1,000,000 memories) touched
   * fresh memory several times over. Reserved pages that are never written cost no memory.
   */
  expect(docs: number): void {
    this.pTerm.reserve(docs * 48);
    this.pDoc.reserve(docs * 48);
    this.pTf.reserve(docs * 48 * NF);
    this.ids.reserve(docs, 32);
    this.paths.reserve(docs, 64);
    this.oids.reserve(docs, 40);
  }

  finish(meta: { kind: 'base' | 'delta'; tree: string; baseBuild?: string | null; baseTree?: string | null; removed?: number[] }): Segment {
    const order = byteOrder(this.termStr);
    const rank = new Uint32Array(order.length);
    order.forEach((no, r) => (rank[no] = r));
    const T = order.length;
    const pTerm = this.pTerm.arr;
    const P = this.pTerm.size;
    const postOff = new Uint32Array(T + 1);
    for (let i = 0; i < P; i++) postOff[rank[pTerm[i]] + 1]++;
    for (let t = 0; t < T; t++) postOff[t + 1] += postOff[t];
    const fill = postOff.slice(0, T);
    const postDoc = new Uint32Array(P);
    const postTf = new Uint8Array(P * NF);
    const srcDoc = this.pDoc.arr;
    const srcTf = this.pTf.arr;
    // Stable counting sort: postings of a term stay in document order.
    for (let i = 0; i < P; i++) {
      const at = fill[rank[pTerm[i]]]++;
      postDoc[at] = srcDoc[i];
      for (let f = 0; f < NF; f++) postTf[at * NF + f] = srcTf[i * NF + f];
    }
    // The unsorted postings are no longer needed: freed before the columns are laid out.
    this.pTerm.drop();
    this.pDoc.drop();
    this.pTf.drop();
    const n = this.count;
    return {
      kind: meta.kind,
      tree: meta.tree,
      build: newBuildId(),
      baseBuild: meta.baseBuild ?? null,
      baseTree: meta.baseTree ?? null,
      n,
      skipped: this.skipped,
      dupes: this.dupes,
      ids: this.ids.done(),
      paths: this.paths.done(),
      oids: this.oids.done(),
      ts: Float64Array.from(this.ts),
      prio: Uint8Array.from(this.prio),
      cat: Uint32Array.from(this.cat),
      scope: Uint32Array.from(this.scope),
      tagOff: Uint32Array.from(this.tagOff),
      tagIds: Uint32Array.from(this.tagIds),
      len: Uint32Array.from(this.len),
      terms: StringColumn.from(order.map((no) => this.termStr[no])),
      postOff,
      postDoc,
      postTf,
      removed: Uint32Array.from(meta.removed ?? []),
      cats: this.cats.list,
      scopes: this.scopes.list,
      tags: this.tags.list,
      lenSum: sumLens(this.len, n),
    };
  }
}

/**
 * Merges a base and its delta into one base without analysing any text again: live base documents
 * keep their order, delta documents follow, and the two sorted dictionaries are merged.
 */
export function mergeSegments(base: Segment, delta: Segment): Segment {
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  const remap = new Uint32Array(base.n);
  let n = 0;
  for (let d = 0; d < base.n; d++) if (!dead[d]) remap[d] = n++;
  const deltaStart = n;
  n += delta.n;

  const cats = new Interner(base.cats);
  const scopes = new Interner(base.scopes);
  const tags = new Interner(base.tags);
  const catMap = delta.cats.map((c) => cats.get(c));
  const scopeMap = delta.scopes.map((s) => scopes.get(s));
  const tagMap = delta.tags.map((t) => tags.get(t));

  const ids: string[] = [];
  const paths: string[] = [];
  const oids: string[] = [];
  const ts = new Float64Array(n);
  const prio = new Uint8Array(n);
  const cat = new Uint32Array(n);
  const scope = new Uint32Array(n);
  const tagOff: number[] = [0];
  const tagIds: number[] = [];
  const len = new Uint32Array(n * NF);
  const copyDoc = (s: Segment, d: number, to: number, isDelta: boolean) => {
    ids.push(s.ids.get(d));
    paths.push(s.paths.get(d));
    oids.push(s.oids.get(d));
    ts[to] = s.ts[d];
    prio[to] = s.prio[d];
    cat[to] = isDelta ? catMap[s.cat[d]] : s.cat[d];
    const sc = s.scope[d];
    scope[to] = sc === NO_SCOPE ? NO_SCOPE : isDelta ? scopeMap[sc] : sc;
    for (let i = s.tagOff[d]; i < s.tagOff[d + 1]; i++) tagIds.push(isDelta ? tagMap[s.tagIds[i]] : s.tagIds[i]);
    tagOff.push(tagIds.length);
    for (let f = 0; f < NF; f++) len[to * NF + f] = s.len[d * NF + f];
  };
  for (let d = 0; d < base.n; d++) if (!dead[d]) copyDoc(base, d, remap[d], false);
  for (let d = 0; d < delta.n; d++) copyDoc(delta, d, deltaStart + d, true);

  const termBufs: Buffer[] = [];
  const postOff: number[] = [0];
  const pDoc = new Grow((k) => new Uint32Array(k));
  const pTf = new Grow((k) => new Uint8Array(k));
  const emitBase = (t: number) => {
    for (let p = base.postOff[t]; p < base.postOff[t + 1]; p++) {
      const d = base.postDoc[p];
      if (dead[d]) continue;
      pDoc.push(remap[d]);
      for (let f = 0; f < NF; f++) pTf.push(base.postTf[p * NF + f]);
    }
  };
  const emitDelta = (t: number) => {
    for (let p = delta.postOff[t]; p < delta.postOff[t + 1]; p++) {
      pDoc.push(deltaStart + delta.postDoc[p]);
      for (let f = 0; f < NF; f++) pTf.push(delta.postTf[p * NF + f]);
    }
  };
  let i = 0;
  let j = 0;
  const TB = base.terms.length;
  const TD = delta.terms.length;
  while (i < TB || j < TD) {
    const before = pDoc.size;
    let term: Buffer;
    const c = i >= TB ? 1 : j >= TD ? -1 : Buffer.compare(base.terms.bytes(i), delta.terms.bytes(j));
    if (c < 0) {
      term = base.terms.bytes(i);
      emitBase(i++);
    } else if (c > 0) {
      term = delta.terms.bytes(j);
      emitDelta(j++);
    } else {
      term = base.terms.bytes(i);
      emitBase(i++);
      emitDelta(j++);
    }
    if (pDoc.size === before) continue; // every posting was a removed document
    termBufs.push(term);
    postOff.push(pDoc.size);
  }
  const termOff = new Uint32Array(termBufs.length + 1);
  for (let k = 0; k < termBufs.length; k++) termOff[k + 1] = termOff[k] + termBufs[k].length;
  return {
    kind: 'base',
    tree: delta.tree,
    build: newBuildId(),
    baseBuild: null,
    baseTree: null,
    n,
    skipped: delta.skipped,
    dupes: base.dupes && delta.dupes && base.dupes.length + delta.dupes.length <= MAX_DUPES ? [...base.dupes, ...delta.dupes] : null,
    ids: StringColumn.from(ids),
    paths: StringColumn.from(paths),
    oids: StringColumn.from(oids),
    ts,
    prio,
    cat,
    scope,
    tagOff: Uint32Array.from(tagOff),
    tagIds: Uint32Array.from(tagIds),
    len,
    terms: new StringColumn(Buffer.concat(termBufs), termOff),
    postOff: Uint32Array.from(postOff),
    postDoc: pDoc.done(),
    postTf: pTf.done(),
    removed: new Uint32Array(0),
    cats: cats.list,
    scopes: scopes.list,
    tags: tags.list,
    lenSum: sumLens(len, n),
  };
}

// ---- persisted form ------------------------------------------------------------------------------

type ArrayKind = 'u8' | 'u16' | 'u32' | 'f64';
const CTOR = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;

interface Header {
  format: number;
  kind: 'base' | 'delta';
  tree: string;
  build: string;
  baseBuild: string | null;
  baseTree: string | null;
  n: number;
  skipped: number;
  dupes: Array<[string, string]> | null;
  cats: string[];
  scopes: string[];
  tags: string[];
  lenSum: number[];
  dataLength: number;
  crc: number | null;
  sections: Record<string, [offset: number, bytes: number, kind: ArrayKind]>;
}


function sectionsOf(s: Segment): Array<[string, Uint8Array | Uint16Array | Uint32Array | Float64Array, ArrayKind]> {
  return [
    ['ts', s.ts, 'f64'],
    ['ids', s.ids.blob, 'u8'],
    ['idsOff', s.ids.off, 'u32'],
    ['paths', s.paths.blob, 'u8'],
    ['pathsOff', s.paths.off, 'u32'],
    ['oids', s.oids.blob, 'u8'],
    ['oidsOff', s.oids.off, 'u32'],
    ['prio', s.prio, 'u8'],
    ['cat', s.cat, 'u32'],
    ['scope', s.scope, 'u32'],
    ['tagOff', s.tagOff, 'u32'],
    ['tagIds', s.tagIds, 'u32'],
    ['len', s.len, 'u32'],
    ['terms', s.terms.blob, 'u8'],
    ['termsOff', s.terms.off, 'u32'],
    ['postOff', s.postOff, 'u32'],
    ['postDoc', s.postDoc, 'u32'],
    ['postTf', s.postTf, 'u8'],
    ['removed', s.removed, 'u32'],
  ];
}

/** The file bytes: magic, header length, JSON header, then 8-byte-aligned arrays. */
export function encodeSegment(s: Segment): Buffer {
  const parts: Buffer[] = [];
  const sections: Header['sections'] = {};
  let at = 0;
  for (const [name, arr, kind] of sectionsOf(s)) {
    const bytes = Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);
    sections[name] = [at, bytes.length, kind];
    parts.push(bytes);
    const pad = (8 - (bytes.length % 8)) % 8;
    if (pad) parts.push(Buffer.alloc(pad));
    at += bytes.length + pad;
  }
  const data = Buffer.concat(parts);
  const header: Header = {
    format: SEGMENT_FORMAT,
    kind: s.kind,
    tree: s.tree,
    build: s.build,
    baseBuild: s.baseBuild,
    baseTree: s.baseTree,
    n: s.n,
    skipped: s.skipped,
    dupes: s.dupes,
    cats: s.cats,
    scopes: s.scopes,
    tags: s.tags,
    lenSum: s.lenSum,
    dataLength: data.length,
    crc: crc32 ? crc32(data) : null,
    sections,
  };
  let json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (8 - ((8 + json.length) % 8)) % 8;
  json = Buffer.concat([json, Buffer.alloc(pad, 0x20)]);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(json.length, 4);
  return Buffer.concat([head, json, data]);
}

/**
 * Writes the same bytes as {@link encodeSegment} to `write` (a file being written), section by section, with the checksum
 * computed as it goes: no second copy of the whole segment in memory (a 1,000,000-memory base is
 * hundreds of MB). Falls back to the in-memory encoding where zlib cannot continue a checksum.
 */
export function writeSegment(s: Segment, write: (b: Uint8Array) => void): number {
  const more = crc32 as unknown as ((b: Uint8Array, v?: number) => number) | null;
  // zlib.crc32(data, value) continues a checksum (Node 20.15+); checked, not assumed.
  const crcMore = more && more(Buffer.from('b'), more(Buffer.from('a'))) === more(Buffer.from('ab')) ? more : null;
  if (!crcMore) {
    const bytes = encodeSegment(s);
    write(bytes);
    return bytes.length;
  }
  const sections: Header['sections'] = {};
  let at = 0;
  let crc = 0;
  const pads: number[] = [];
  for (const [name, arr, kind] of sectionsOf(s)) {
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    sections[name] = [at, bytes.length, kind];
    // Skipped when empty: zlib.crc32 of an empty view over an empty buffer returns 0, not the running value.
    if (bytes.length) crc = crcMore(bytes, crc);
    const pad = (8 - (bytes.length % 8)) % 8;
    if (pad) crc = crcMore(new Uint8Array(pad), crc);
    pads.push(pad);
    at += bytes.length + pad;
  }
  const header: Header = {
    format: SEGMENT_FORMAT,
    kind: s.kind,
    tree: s.tree,
    build: s.build,
    baseBuild: s.baseBuild,
    baseTree: s.baseTree,
    n: s.n,
    skipped: s.skipped,
    dupes: s.dupes,
    cats: s.cats,
    scopes: s.scopes,
    tags: s.tags,
    lenSum: s.lenSum,
    dataLength: at,
    crc,
    sections,
  };
  let json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (8 - ((8 + json.length) % 8)) % 8;
  json = Buffer.concat([json, Buffer.alloc(pad, 0x20)]);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(json.length, 4);
  write(head);
  write(json);
  sectionsOf(s).forEach(([, arr], i) => {
    write(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength));
    if (pads[i]) write(new Uint8Array(pads[i]));
  });
  return 8 + json.length + at;
}

export class CorruptSegmentError extends Error {}

/** A segment's fields that come from its header as they are. */
function headerFields(h: Header, n: number) {
  return { kind: h.kind, tree: h.tree, build: h.build, baseBuild: h.baseBuild, baseTree: h.baseTree, n, skipped: h.skipped | 0, dupes: dupesOf(h.dupes), cats: h.cats, scopes: h.scopes, tags: h.tags, lenSum: h.lenSum };
}

/** The header's list of second copies, or null (unknown) for anything but a list of [path, oid] pairs. */
function dupesOf(v: unknown): Array<[string, string]> | null {
  if (!Array.isArray(v) || v.length > MAX_DUPES) return null;
  return v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string') ? (v as Array<[string, string]>) : null;
}

function bad(why: string): never {
  throw new CorruptSegmentError(why);
}

/** Reads a segment file's bytes back, checking everything a damaged or foreign file could get wrong. */
export function decodeSegment(input: Buffer, opts: { checksum?: boolean } = {}): Segment {
  let buf = input;
  if (buf.length < 8 || buf.readUInt32LE(0) !== MAGIC) bad('not an index segment');
  const hlen = buf.readUInt32LE(4);
  if (8 + hlen > buf.length) bad('truncated header');
  let h: Header;
  try {
    h = JSON.parse(buf.toString('utf8', 8, 8 + hlen)) as Header;
  } catch {
    bad('unreadable header');
  }
  if (!h || h.format !== SEGMENT_FORMAT) bad('other format');
  const start = 8 + hlen;
  if (buf.length - start !== h.dataLength) bad('truncated or padded data');
  if ((buf.byteOffset + start) % 8 !== 0) {
    const copy = Buffer.allocUnsafeSlow(buf.length);
    buf.copy(copy);
    buf = copy;
  }
  const data = buf.subarray(start);
  if (opts.checksum !== false && h.crc !== null && crc32 && crc32(data) !== h.crc) bad('checksum mismatch');
  const get = <K extends ArrayKind>(name: string, kind: K): InstanceType<(typeof CTOR)[K]> => {
    const sec = h.sections?.[name];
    if (!sec || sec[2] !== kind || sec[0] % 8 || sec[0] + sec[1] > data.length || sec[1] % CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
    return new CTOR[kind](data.buffer as ArrayBuffer, data.byteOffset + sec[0], sec[1] / CTOR[kind].BYTES_PER_ELEMENT) as InstanceType<(typeof CTOR)[K]>;
  };
  const u8 = (name: string) => {
    const a = get(name, 'u8');
    return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  };
  const col = (name: string) => {
    const blob = u8(name);
    const off = get(`${name}Off`, 'u32');
    monotonic(off, blob.length, name);
    return new StringColumn(blob, off);
  };
  const n = h.n;
  if (!Number.isInteger(n) || n < 0) bad('bad document count');
  const s: Segment = {
    ...headerFields(h, n),
    ids: col('ids'),
    paths: col('paths'),
    oids: col('oids'),
    ts: get('ts', 'f64'),
    prio: get('prio', 'u8'),
    cat: get('cat', 'u32'),
    scope: get('scope', 'u32'),
    tagOff: get('tagOff', 'u32'),
    tagIds: get('tagIds', 'u32'),
    len: get('len', 'u32'),
    terms: col('terms'),
    postOff: get('postOff', 'u32'),
    postDoc: get('postDoc', 'u32'),
    postTf: get('postTf', 'u8'),
    removed: get('removed', 'u32'),
  };
  if (!Array.isArray(s.lenSum) || s.lenSum.length !== NF || !s.lenSum.every((x) => Number.isFinite(x) && x >= 0)) bad('bad length sums');
  if (typeof s.tree !== 'string' || typeof s.build !== 'string' || !Array.isArray(s.cats) || !Array.isArray(s.scopes) || !Array.isArray(s.tags)) bad('bad header fields');
  if (s.ids.length !== n || s.paths.length !== n || s.oids.length !== n || s.ts.length !== n || s.prio.length !== n) bad('bad document table');
  if (s.cat.length !== n || s.scope.length !== n || s.tagOff.length !== n + 1 || s.len.length !== n * NF) bad('bad document table');
  monotonic(s.tagOff, s.tagIds.length, 'tagOff');
  monotonic(s.postOff, s.postDoc.length, 'postOff');
  if (s.postTf.length !== s.postDoc.length * NF) bad('bad postings');
  if (s.postOff.length !== s.terms.length + 1) bad('bad dictionary');
  for (let i = 0; i < n; i++) {
    if (s.cat[i] >= s.cats.length || (s.scope[i] !== NO_SCOPE && s.scope[i] >= s.scopes.length) || s.prio[i] > 2) bad('bad document table');
  }
  for (let i = 0; i < s.tagIds.length; i++) if (s.tagIds[i] >= s.tags.length) bad('bad tags');
  for (let i = 0; i < s.postDoc.length; i++) if (s.postDoc[i] >= n) bad('bad postings');
  return s;
}

/** Reads a range of postings without loading the whole arrays (a segment opened lazily), see {@link postingsOf}. */
const RANGE = Symbol('postings range');
const ELEMENTS = Symbol('element reader');
type NumericColumn = 'len' | 'ts' | 'prio';
type ElementReader = (name: NumericColumn, from: number, count: number) => ArrayLike<number>;

/** Elements per block read by {@link gatherValues}. */
const GATHER_BLOCK = 32_768;

/**
 * The values at `indices` (ascending) of a per-document array of `seg`. For an array not in memory,
 * the file is read block by block into one reused buffer and only the blocks holding an index are
 * read: on this kind of machine a fresh megabyte costs ~7 ms to touch and a reused one ~1 ms, so this
 * is several times cheaper than reading the array and much cheaper than a read per value.
 */
export function gatherValues(seg: Segment, name: NumericColumn, indices: ArrayLike<number>): Float64Array {
  const out = new Float64Array(indices.length);
  const own = Object.getOwnPropertyDescriptor(seg, name);
  const reader = (seg as unknown as { [ELEMENTS]?: ElementReader })[ELEMENTS];
  if ((own && 'value' in own) || !reader) {
    const arr = seg[name];
    for (let k = 0; k < indices.length; k++) out[k] = arr[indices[k]];
    return out;
  }
  let k = 0;
  while (k < indices.length) {
    const block = Math.floor(indices[k] / GATHER_BLOCK);
    const from = block * GATHER_BLOCK;
    let end = k;
    while (end < indices.length && indices[end] < from + GATHER_BLOCK) end++;
    const last = indices[end - 1];
    const values = reader(name, indices[k], last - indices[k] + 1);
    for (let j = k; j < end; j++) out[j] = values[indices[j] - indices[k]];
    k = end;
  }
  return out;
}
type RangeReader = (from: number, to: number) => { doc: Uint32Array; tf: Uint8Array };

/** Closes the file of a lazily opened segment once nothing refers to the segment any more. */
const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    /* already closed */
  }
});

/**
 * Opens a segment file without reading it whole: the header now, each array on its first use, and a
 * term's postings as a range. For a file whose checksum and structure a reader verified before (the
 * caller knows, see index.ts): a warm `recent` or `stats` needs a few arrays of the document table,
 * a search the dictionary and a few postings, and on this kind of machine every megabyte of fresh
 * memory a process touches costs about 7 ms (BENCHMARKS.md, issue 18). The file stays open until
 * the segment is collected, so a replaced file (renamed over) is still read consistently. Throws
 * {@link CorruptSegmentError} for a header that does not describe the file.
 */
export function openSegmentLazily(fd: number, size: number): Segment {
  const head = Buffer.alloc(8);
  if (readSync(fd, head, 0, 8, 0) !== 8 || head.readUInt32LE(0) !== MAGIC) bad('not an index segment');
  const hlen = head.readUInt32LE(4);
  if (8 + hlen > size) bad('truncated header');
  const hbuf = Buffer.alloc(hlen);
  if (readSync(fd, hbuf, 0, hlen, 8) !== hlen) bad('truncated header');
  let h: Header;
  try {
    h = JSON.parse(hbuf.toString('utf8')) as Header;
  } catch {
    bad('unreadable header');
  }
  if (!h || h.format !== SEGMENT_FORMAT) bad('other format');
  const start = 8 + hlen;
  if (size - start !== h.dataLength) bad('truncated or padded data');
  const n = h.n;
  if (!Number.isInteger(n) || n < 0) bad('bad document count');
  const read = (pos: number, len: number): Buffer => {
    // Unpooled: its own ArrayBuffer at offset 0, so typed arrays of any width can view it.
    const buf = Buffer.allocUnsafeSlow(len);
    let got = 0;
    while (got < len) {
      const k = readSync(fd, buf, got, len - got, start + pos + got);
      if (k <= 0) bad('truncated data');
      got += k;
    }
    return buf;
  };
  const section = (name: string, kind: ArrayKind): [number, number] => {
    const sec = h.sections?.[name];
    if (!sec || sec[2] !== kind || sec[0] % 8 || sec[0] + sec[1] > h.dataLength || sec[1] % CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
    return [sec[0], sec[1]];
  };
  const array = <K extends ArrayKind>(name: string, kind: K, count: number): (() => InstanceType<(typeof CTOR)[K]>) => {
    const [at, len] = section(name, kind);
    // Only the sizes are checked here; the values were checked when the file was verified.
    if (count >= 0 && len !== count * CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
    return () => {
      const b = read(at, len);
      return new CTOR[kind](b.buffer as ArrayBuffer, 0, len / CTOR[kind].BYTES_PER_ELEMENT) as InstanceType<(typeof CTOR)[K]>;
    };
  };
  const column = (name: string, count: number): StringColumn => {
    const [at, len] = section(name, 'u8');
    const loadAll = array(`${name}Off`, 'u32', count + 1);
    const [offAt] = section(`${name}Off`, 'u32');
    const ends = read(offAt + count * 4, 4);
    if (read(offAt, 4).readUInt32LE(0) !== 0 || ends.readUInt32LE(0) !== len) bad(`bad offsets ${name}`);
    const lazy: LazyOffsets = {
      count,
      total: len,
      row: (i) => {
        if (!(i >= 0 && i < count)) bad(`bad row ${name}`);
        const b = read(offAt + i * 4, 8);
        const a = b.readUInt32LE(0);
        const z = b.readUInt32LE(4);
        if (a > z || z > len) bad(`bad offsets ${name}`);
        return [a, z];
      },
      all: () => {
        const off = loadAll();
        if (off[0] !== 0 || off[count] !== len) bad(`bad offsets ${name}`);
        return off;
      },
    };
    return new StringColumn(null, lazy, (pos, l) => read(at + pos, l));
  };
  const s = headerFields(h, n) as Segment;
  if (!Array.isArray(s.lenSum) || s.lenSum.length !== NF || typeof s.tree !== 'string' || typeof s.build !== 'string' || !Array.isArray(s.cats) || !Array.isArray(s.scopes) || !Array.isArray(s.tags)) bad('bad header fields');
  const lazy = (name: keyof Segment, load: () => unknown) =>
    Object.defineProperty(s, name, {
      configurable: true,
      enumerable: true,
      get() {
        const value = load();
        Object.defineProperty(s, name, { value, enumerable: true, writable: false });
        return value;
      },
    });
  const postings = section('postDoc', 'u32')[1] / 4;
  const terms = section('termsOff', 'u32')[1] / 4 - 1;
  lazy('ids', () => column('ids', n));
  lazy('paths', () => column('paths', n));
  lazy('oids', () => column('oids', n));
  lazy('terms', () => column('terms', terms));
  lazy('ts', array('ts', 'f64', n));
  lazy('prio', array('prio', 'u8', n));
  lazy('cat', array('cat', 'u32', n));
  lazy('scope', array('scope', 'u32', n));
  lazy('tagOff', array('tagOff', 'u32', n + 1));
  lazy('tagIds', array('tagIds', 'u32', -1));
  lazy('len', array('len', 'u32', n * NF));
  lazy('postOff', array('postOff', 'u32', terms + 1));
  lazy('postDoc', array('postDoc', 'u32', postings));
  lazy('postTf', array('postTf', 'u8', postings * NF));
  lazy('removed', array('removed', 'u32', -1));
  const [docAt] = section('postDoc', 'u32');
  const [tfAt] = section('postTf', 'u8');
  const range: RangeReader = (from, to) => {
    if (from < 0 || to < from || to > postings) bad('bad postings');
    const d = read(docAt + from * 4, (to - from) * 4);
    const t = read(tfAt + from * NF, (to - from) * NF);
    return { doc: new Uint32Array(d.buffer, 0, to - from), tf: new Uint8Array(t.buffer, 0, (to - from) * NF) };
  };
  Object.defineProperty(s, RANGE, { value: range });
  // A few values of a per-document array, read from the file without reading the array (a pruned
  // search scores a few thousand documents of a million).
  const sections: Record<NumericColumn, [number, number, ArrayKind]> = {
    len: [...section('len', 'u32'), 'u32'],
    ts: [...section('ts', 'f64'), 'f64'],
    prio: [...section('prio', 'u8'), 'u8'],
  };
  // One buffer, reused: the values are copied out by the caller before the next read.
  let scratch = Buffer.allocUnsafeSlow(0);
  const elements: ElementReader = (name, from, count) => {
    const [at, len, kind] = sections[name];
    const width = CTOR[kind].BYTES_PER_ELEMENT;
    if (from < 0 || count < 0 || (from + count) * width > len) bad(`bad ${name} index`);
    const bytes = count * width;
    if (scratch.length < bytes) scratch = Buffer.allocUnsafeSlow(Math.max(bytes, 1 << 16));
    let got = 0;
    while (got < bytes) {
      const r = readSync(fd, scratch, got, bytes - got, start + at + from * width + got);
      if (r <= 0) bad('truncated data');
      got += r;
    }
    return new CTOR[kind](scratch.buffer as ArrayBuffer, 0, count);
  };
  Object.defineProperty(s, ELEMENTS, { value: elements });
  closeWhenCollected.register(s, fd);
  return s;
}

/**
 * The postings of term `t` of `seg`: documents, and term frequencies (`tf[i * 3 + field]`). From the
 * arrays when they are in memory, else read as one range from the segment's file.
 */
export function postingsOf(seg: Segment, t: number): { doc: Uint32Array; tf: Uint8Array } {
  const from = seg.postOff[t];
  const to = seg.postOff[t + 1];
  const range = (seg as unknown as { [RANGE]?: RangeReader })[RANGE];
  const own = Object.getOwnPropertyDescriptor(seg, 'postDoc');
  // A lazy segment whose arrays were not read yet: its getter is still in place.
  if (range && own && own.get) return range(from, to);
  return { doc: seg.postDoc.subarray(from, to), tf: seg.postTf.subarray(from * NF, to * NF) };
}

function monotonic(off: Uint32Array, end: number, name: string): void {
  if (off.length < 1 || off[0] !== 0 || off[off.length - 1] !== end) bad(`bad offsets ${name}`);
  for (let i = 1; i < off.length; i++) if (off[i] < off[i - 1]) bad(`bad offsets ${name}`);
}
