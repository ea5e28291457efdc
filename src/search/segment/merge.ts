import { StringColumn } from './column.js';
import { Grow, Interner, newBuildId, sumLens } from './build.js';
import { mergeIdOrders } from './ids.js';
import { MAX_DUPES, NF, NO_SCOPE, type Segment } from './format.js';

/**
 * Merges a base and its delta into one base without analysing any text again: live base documents
 * keep their order, delta documents follow, and the two sorted dictionaries are merged.
 */
export function mergeSegments(base: Segment, delta: Segment): Segment {
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  return concatSegments(base, dead, delta, {
    kind: 'base',
    tree: delta.tree,
    baseBuild: null,
    baseTree: null,
    skipped: delta.skipped,
    dupes: base.dupes && delta.dupes && base.dupes.length + delta.dupes.length <= MAX_DUPES ? [...base.dupes, ...delta.dupes] : null,
    removed: new Uint32Array(0),
  });
}

/**
 * The documents of `base` that `dead` does not mark, in their order, then every document of `delta`,
 * as one segment described by `meta`, without analysing any text again (the two sorted dictionaries
 * are merged): a base and its delta into a new base, or a delta and the documents of a later write
 * into the next delta.
 */
export function concatSegments(base: Segment, dead: Uint8Array, delta: Segment, meta: Pick<Segment, 'kind' | 'tree' | 'baseBuild' | 'baseTree' | 'skipped' | 'dupes' | 'removed'>): Segment {
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
  const conv = new Uint32Array(n);
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
    conv[to] = s.conv[d];
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
  // The id order: the base's without its dead documents and the delta's after them, each still in
  // order (document numbers only moved, in the same order), merged.
  const idCol = StringColumn.from(ids);
  const baseRun = new Uint32Array(deltaStart);
  let live = 0;
  for (const d of base.idOrder) if (!dead[d]) baseRun[live++] = remap[d];
  const deltaRun = delta.idOrder.map((d) => deltaStart + d);
  return {
    ...meta,
    build: newBuildId(),
    n,
    ids: idCol,
    idOrder: mergeIdOrders(idCol, [baseRun, deltaRun]),
    paths: StringColumn.from(paths),
    oids: StringColumn.from(oids),
    ts,
    prio,
    cat,
    scope,
    conv,
    tagOff: Uint32Array.from(tagOff),
    tagIds: Uint32Array.from(tagIds),
    len,
    terms: new StringColumn(Buffer.concat(termBufs), termOff),
    postOff: Uint32Array.from(postOff),
    postDoc: pDoc.done(),
    postTf: pTf.done(),
    cats: cats.list,
    scopes: scopes.list,
    tags: tags.list,
    lenSum: sumLens(len, n),
  };
}

/**
 * A segment built in parts: the documents of one part, and which runs of the whole they are, as
 * `[run number, documents]` pairs in ascending run order (the run's documents are the part's next
 * ones, in order).
 */
export interface SegmentPart {
  seg: Segment;
  runs: Array<[run: number, docs: number]>;
}

/**
 * The segment one builder would have made from every run of `parts` in run order: documents in that
 * order, categories, scopes and tags numbered by first use in it, one sorted dictionary, each term's
 * postings in document order. No text is analysed again. For a full build read in runs by several
 * threads (src/search/parallel-build.ts); no part may hold a document id another holds.
 */
export function joinParts(parts: SegmentPart[], meta: { tree: string; skipped: number }): Segment {
  // Every run, in run order: which part, from which of its documents, how many.
  const runs: Array<{ run: number; part: number; from: number; docs: number }> = [];
  parts.forEach(({ runs: own }, part) => {
    let from = 0;
    for (const [run, docs] of own) {
      runs.push({ run, part, from, docs });
      from += docs;
    }
  });
  runs.sort((a, b) => a.run - b.run);
  const n = runs.reduce((s, r) => s + r.docs, 0);
  const globalOf = parts.map(({ seg }) => new Uint32Array(seg.n));

  const ts = new Float64Array(n);
  const prio = new Uint8Array(n);
  const cat = new Uint32Array(n);
  const scope = new Uint32Array(n);
  const conv = new Uint32Array(n);
  const len = new Uint32Array(n * NF);
  const tagOff = new Uint32Array(n + 1);
  const tagIds = new Uint32Array(parts.reduce((s, p) => s + p.seg.tagIds.length, 0));
  const cats = new Interner();
  const scopes = new Interner();
  const tags = new Interner();
  // Each part's numbers to the whole's, given on first use (in document order, as one builder would).
  const mapOf = (names: string[], into: Interner) => {
    const map = new Int32Array(names.length).fill(-1);
    return (i: number) => (map[i] >= 0 ? map[i] : (map[i] = into.get(names[i])));
  };
  const catOf = parts.map(({ seg }) => mapOf(seg.cats, cats));
  const scopeOf = parts.map(({ seg }) => mapOf(seg.scopes, scopes));
  const tagOf = parts.map(({ seg }) => mapOf(seg.tags, tags));
  let g = 0;
  let t = 0;
  for (const r of runs) {
    const s = parts[r.part].seg;
    for (let d = r.from; d < r.from + r.docs; d++, g++) {
      globalOf[r.part][d] = g;
      ts[g] = s.ts[d];
      prio[g] = s.prio[d];
      cat[g] = catOf[r.part](s.cat[d]);
      scope[g] = s.scope[d] === NO_SCOPE ? NO_SCOPE : scopeOf[r.part](s.scope[d]);
      conv[g] = s.conv[d];
      for (let i = s.tagOff[d]; i < s.tagOff[d + 1]; i++) tagIds[t++] = tagOf[r.part](s.tagIds[i]);
      tagOff[g + 1] = t;
      for (let f = 0; f < NF; f++) len[g * NF + f] = s.len[d * NF + f];
    }
  }
  const column = (get: (s: Segment) => StringColumn) => {
    const off = new Uint32Array(n + 1);
    const blob = Buffer.allocUnsafe(parts.reduce((s, p) => s + get(p.seg).blob.length, 0));
    let at = 0;
    let row = 0;
    for (const r of runs) {
      const c = get(parts[r.part].seg);
      const o = c.off;
      const start = o[r.from];
      c.blob.copy(blob, at, start, o[r.from + r.docs]);
      for (let d = r.from; d < r.from + r.docs; d++) off[++row] = at + (o[d + 1] - start);
      at += o[r.from + r.docs] - start;
    }
    return new StringColumn(blob.subarray(0, at), off);
  };

  // The dictionaries merged (each sorted bytewise); a term's postings merged by document.
  const P = parts.reduce((s, p) => s + p.seg.postDoc.length, 0);
  const postDoc = new Uint32Array(P);
  const postTf = new Uint8Array(P * NF);
  const termBytes = Buffer.allocUnsafe(parts.reduce((s, p) => s + p.seg.terms.blob.length, 0));
  const termOff: number[] = [0];
  const postOff: number[] = [0];
  const next = parts.map(() => 0);
  const counts = parts.map(({ seg }) => seg.terms.length);
  const blobs = parts.map(({ seg }) => seg.terms.blob);
  const offs = parts.map(({ seg }) => seg.terms.off);
  const heads: number[] = [];
  let out = 0;
  let tb = 0;
  /** Copies postings `from..to` of part `p` (documents mapped to the whole's) to the output at `at`; the end. */
  const copy = (p: number, from: number, to: number, at: number): number => {
    const s = parts[p].seg;
    const map = globalOf[p];
    const doc = s.postDoc;
    const tf = s.postTf;
    for (let i = from; i < to; i++, at++) {
      postDoc[at] = map[doc[i]];
      // Plain loops: most terms have a posting or two, where a subarray and set() cost more.
      for (let f = 0; f < NF; f++) postTf[at * NF + f] = tf[i * NF + f];
    }
    return at;
  };
  /** Bytewise order of term `i` of part `p` and term `j` of part `q`. */
  const compareTerms = (p: number, i: number, q: number, j: number) => {
    const a = blobs[p];
    const b = blobs[q];
    let x = offs[p][i];
    const xe = offs[p][i + 1];
    let y = offs[q][j];
    const ye = offs[q][j + 1];
    for (; x < xe && y < ye; x++, y++) if (a[x] !== b[y]) return a[x] - b[y];
    return xe - x - (ye - y);
  };
  for (;;) {
    // The parts whose next term is the smallest.
    let low = -1;
    heads.length = 0;
    for (let p = 0; p < parts.length; p++) {
      const i = next[p];
      if (i >= counts[p]) continue;
      const c = low < 0 ? -1 : compareTerms(p, i, low, next[low]);
      if (c < 0) {
        low = p;
        heads.length = 0;
      }
      if (c <= 0) heads.push(p);
    }
    if (low < 0) break;
    const li = next[low];
    const lb = blobs[low];
    for (let x = offs[low][li]; x < offs[low][li + 1]; x++) termBytes[tb++] = lb[x];
    termOff.push(tb);
    if (heads.length === 1) {
      const p = heads[0];
      const tn = next[p]++;
      out = copy(p, parts[p].seg.postOff[tn], parts[p].seg.postOff[tn + 1], out);
    } else {
      // Several parts hold the term: their postings, each in document order, merged by taking from
      // the part whose next document comes first the whole stretch that comes before every other's.
      const at = heads.map((p) => parts[p].seg.postOff[next[p]]);
      const end = heads.map((p) => parts[p].seg.postOff[next[p] + 1]);
      const first = (h: number) => globalOf[heads[h]][parts[heads[h]].seg.postDoc[at[h]]];
      for (;;) {
        let best = -1;
        let second = Infinity;
        for (let h = 0; h < heads.length; h++) {
          if (at[h] >= end[h]) continue;
          const d = first(h);
          if (best < 0 || d < first(best)) {
            if (best >= 0) second = Math.min(second, first(best));
            best = h;
          } else second = Math.min(second, d);
        }
        if (best < 0) break;
        const p = heads[best];
        const map = globalOf[p];
        const doc = parts[p].seg.postDoc;
        let stop = at[best] + 1;
        while (stop < end[best] && map[doc[stop]] < second) stop++;
        out = copy(p, at[best], stop, out);
        at[best] = stop;
      }
      for (const p of heads) next[p]++;
    }
    postOff.push(out);
  }
  // Each part's id order in the whole's document numbers, merged (no two parts hold one id).
  const ids = column((s) => s.ids);
  const idOrder = mergeIdOrders(
    ids,
    parts.map(({ seg }, p) => seg.idOrder.map((d) => globalOf[p][d])),
  );
  return {
    kind: 'base',
    tree: meta.tree,
    build: newBuildId(),
    baseBuild: null,
    baseTree: null,
    n,
    skipped: meta.skipped,
    dupes: [],
    ids,
    idOrder,
    paths: column((s) => s.paths),
    oids: column((s) => s.oids),
    ts,
    prio,
    cat,
    scope,
    conv,
    tagOff,
    tagIds,
    len,
    terms: new StringColumn(Buffer.from(termBytes.subarray(0, tb)), Uint32Array.from(termOff)),
    postOff: Uint32Array.from(postOff),
    postDoc,
    postTf,
    removed: new Uint32Array(0),
    cats: cats.list,
    scopes: scopes.list,
    tags: tags.list,
    lenSum: sumLens(len, n),
  };
}
