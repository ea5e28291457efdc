import { analyze, pipelineWord } from '../analyze.js';
import { pathFor } from '../../model/id.js';
import { StringColumn } from './column.js';
import { sortIdOrder } from './ids.js';
import { MAX_DUPES, MAX_INDEXED_CHARS, NF, NO_SCOPE, PRIORITY_CODE, type DocInput, type Segment } from './format.js';

/** Building a segment from parsed memories: documents in, a sorted dictionary and postings out. */

/** Unique enough to tell two builds apart; avoids loading node:crypto on the search path. */
export function newBuildId(): string {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 10) + process.pid.toString(36);
}

export class Grow<T extends Uint32Array | Uint8Array> {
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

export class Interner {
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

export function sumLens(len: ArrayLike<number>, n: number): number[] {
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
  private readonly conv: number[] = [];
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

  /** Whether a document with this id was added (a build in parts checks each part's ids against the others). */
  hasId(id: string): boolean {
    return this.seen.has(id);
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
   * sweeps) only files at their id's own path, then only the others, so the rule of src/model/id.ts
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
    this.conv.push(d.conv ?? NO_SCOPE);
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
    // analysis on every index build. Every memory a store accepts by default is whole.
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
    // What only adding needs, let go before the sorted postings are allocated: at 1,000,000 memories
    // the term and word tables are millions of strings.
    this.termNo.clear();
    this.wordNo.clear();
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
    const ids = this.ids.done();
    return {
      kind: meta.kind,
      tree: meta.tree,
      build: newBuildId(),
      baseBuild: meta.baseBuild ?? null,
      baseTree: meta.baseTree ?? null,
      n,
      skipped: this.skipped,
      dupes: this.dupes,
      ids,
      idOrder: sortIdOrder(ids),
      paths: this.paths.done(),
      oids: this.oids.done(),
      ts: Float64Array.from(this.ts),
      prio: Uint8Array.from(this.prio),
      cat: Uint32Array.from(this.cat),
      scope: Uint32Array.from(this.scope),
      conv: Uint32Array.from(this.conv),
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
