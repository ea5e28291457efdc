import { StringColumn } from './column.js';
import { Grow, Interner, newBuildId, sumLens } from './build.js';
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
  return {
    ...meta,
    build: newBuildId(),
    n,
    ids: StringColumn.from(ids),
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
