import { memoryFromFile } from '../model/memory.js';
import { MEMORIES_DIR } from '../model/catalog.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { diffFiles } from '../git/diff.js';
import { IndexView } from './index-view.js';
import { SegmentBuilder, concatSegments, docsWithId, type DocInput, type Segment } from './segment.js';
import { addBytes, docOf, skipRawName } from './blob-doc.js';
import { buildInParts, type ParallelOptions } from './parallel-build.js';
import { trusted } from './index-files.js';

/**
 * Building a branch's search index from its tree: a full build of every memory, a delta from the
 * base (the files that differ between the base's tree, or its own document table when that tree is
 * only a claim, and the tip), a delta brought forward from the previous delta, the compaction rule
 * that says when a delta is merged into a new base, and the checks a segment restored from an index
 * cache passes before it is used. Segments in, segments out: where they are stored is
 * src/search/index-files.ts, which one is used for a tip is src/search/index.ts (openIndex).
 */

/** What a full build takes of the index options (src/search/index.ts, IndexOptions). */
export interface BuildOptions {
  /** Called while a full rebuild reads the branch: (files done, files total). */
  progress?: (done: number, total: number) => void;
  /** A full build's threads (src/search/parallel-build.ts): for tests and benchmarks. */
  parallel?: ParallelOptions;
}

// Parsed memories by path and blob id: a process that searches after each of its own stores
// reads and parses each new file once, not once per search.
const parsed = new Map<string, DocInput>();

function docFrom(store: ReadonlyBranch, path: string, oid: string, text = store.git.readBlob(oid).toString('utf8'), warn = (w: string) => store.warn(w)): DocInput {
  return docOf(path, oid, text, warn);
}

function docFromCached(store: ReadonlyBranch, path: string, oid: string, text?: string): DocInput {
  const key = `${path}\0${oid}`;
  let doc = parsed.get(key);
  if (!doc) {
    doc = docFrom(store, path, oid, text);
    if (parsed.size >= 2000) parsed.clear();
    parsed.set(key, doc);
  }
  return doc;
}

interface AddOptions {
  /** Through the parsed-file cache (a delta: files this process may have just written). */
  cache?: boolean;
  /** The blob, already read. */
  bytes?: Buffer;
  /** Where warnings about the file go (default: the store's). */
  warn?: (message: string) => void;
}

export function addFile(store: ReadonlyBranch, b: SegmentBuilder, path: string, oid: string, opts: AddOptions = {}): void {
  if (!path.endsWith('.md')) return;
  const warn = opts.warn ?? ((w: string) => store.warn(w));
  if (skipRawName(b, path, warn)) return;
  // A blob that cannot be read fails the build (never an index persisted without it); only a file
  // that reads but does not parse is skipped.
  const bytes = opts.cache && parsed.has(`${path}\0${oid}`) ? undefined : (opts.bytes ?? store.git.readBlob(oid));
  addBytes(b, path, oid, bytes, warn, (text) => (opts.cache ? docFromCached(store, path, oid, text) : docFrom(store, path, oid, text, warn)));
}

export function fullBuild(store: ReadonlyBranch, tree: string, opts: BuildOptions): Segment {
  const raw: Array<{ path: string; oid: string }> = [];
  const blobs = store.git.listBlobs(tree, MEMORIES_DIR, (path, oid) => raw.push({ path, oid })).filter((f) => f.path.endsWith('.md'));
  const every = Math.max(200, Math.floor(blobs.length / 200));
  let done = 0;
  const progress = () => {
    done++;
    if (opts.progress && (done % every === 1 || done === blobs.length)) opts.progress(done, blobs.length);
  };
  // Blobs in the order the object database holds them (documents may be numbered in any order:
  // ranking breaks ties by id), read and analysed on several threads when the branch is large
  // (src/search/parallel-build.ts; the same segment as one thread builds). Two files claiming one id
  // are the exception: the first in tree order must win, so such a branch is built again in tree
  // order (a hand copy; rare).
  const b = new SegmentBuilder();
  for (const f of raw) addFile(store, b, f.path, f.oid);
  let skipped: number;
  const parts = buildInParts(store, blobs, tree, b.skipped, opts.progress, opts.parallel);
  if (parts && 'seg' in parts) return parts.seg;
  if (parts) skipped = parts.skipped;
  else {
    b.expect(blobs.length);
    store.git.readBlobs(
      blobs.map((f) => f.oid),
      (i, data) => {
        addFile(store, b, blobs[i].path, blobs[i].oid, { bytes: data });
        progress();
      },
    );
    if (b.dupes && !b.dupes.length) return b.finish({ kind: 'base', tree });
    skipped = b.skipped;
  }
  // Every warning about a file was given by the first pass.
  const again = new SegmentBuilder();
  again.expect(blobs.length);
  // The id's own path first, then the rest in tree (path) order: src/model/id.ts, copyWins.
  for (const sweep of ['own', 'others'] as const) {
    again.sweep = sweep;
    for (const f of blobs) addFile(store, again, f.path, f.oid, { warn: () => {} });
  }
  // Both sweeps met every unparsable file: the first pass counted each once.
  again.skipped = skipped;
  return again.finish({ kind: 'base', tree });
}

interface TreeDiff {
  added: Array<{ path: string; oid: string }>;
  removed: string[];
}

/** Files under memories/ that differ between two trees (src/git/diff.ts: regular files only). */
function diffMemories(store: ReadonlyBranch, from: string, to: string): TreeDiff {
  const out: TreeDiff = { added: [], removed: [] };
  for (const c of diffFiles((t) => store.git.readTree(t), from, to, MEMORIES_DIR)) {
    if (c.oldOid) out.removed.push(c.path);
    if (c.newOid) out.added.push({ path: c.path, oid: c.newOid });
  }
  return out;
}

/**
 * The same difference as {@link diffMemories}, from the base's own document table (path and blob id
 * of every document, and of every duplicate it skipped) instead of its tree: for a base restored from
 * an index cache (src/search/index-cache.ts) into a shallow clone that never had the base's tree.
 * Files that did not parse are not in the table, so they are read again (and counted again).
 * Null when the table is incomplete (more duplicates than a segment lists).
 */
export function diffFromTable(store: ReadonlyBranch, base: Segment, tree: string, opts: { trustDupes?: boolean } = {}): TreeDiff | null {
  const trustDupes = opts.trustDupes !== false;
  if (trustDupes && !base.dupes) return null;
  const known = new Map<string, string>();
  const out: TreeDiff = { added: [], removed: [] };
  const twice = new Set<string>();
  for (let d = 0; d < base.n; d++) {
    const path = base.paths.get(d);
    if (known.has(path)) twice.add(path);
    known.set(path, base.oids.get(d));
  }
  // A restored base's list of second copies would hide the files it names, and a path it lists twice
  // would be indexed twice: those files are read again.
  if (trustDupes) for (const [path, oid] of base.dupes ?? []) known.set(path, oid);
  else
    for (const path of twice) {
      known.delete(path);
      out.removed.push(path);
    }
  for (const f of store.git.listBlobs(tree, MEMORIES_DIR)) {
    const was = known.get(f.path);
    if (was === f.oid) {
      known.delete(f.path);
      continue;
    }
    if (was !== undefined) {
      known.delete(f.path);
      out.removed.push(f.path);
    }
    out.added.push({ path: f.path, oid: f.oid });
  }
  for (const path of known.keys()) out.removed.push(path);
  return out;
}

/** How the last {@link openIndex} of this process got its index (for `--index-cache` reports and tests). */
let lastOpen: 'memory' | 'cached' | 'delta' | 'delta-from-table' | 'full' | 'empty' = 'empty';

export function lastIndexOpen(): typeof lastOpen {
  return lastOpen;
}

/** Records how {@link openIndex} got its index (what {@link lastIndexOpen} returns). */
export function setLastOpen(how: typeof lastOpen): void {
  lastOpen = how;
}

/** {@link viewMatchesTree}, false when the branch cannot be read. */
export function matches(store: ReadonlyBranch, base: Segment, delta: Segment | null, tree: string): boolean {
  try {
    return viewMatchesTree(store, base, delta, tree);
  } catch {
    return false;
  }
}

/**
 * True when `base` with `delta` lists exactly the `.md` files of `tree` under memories/ (path and blob
 * id), with no second copies: the check a restored delta passes before it is used. A file that does
 * not parse is in no table, so a tip holding one fails it (the delta is then rebuilt from the base).
 */
function viewMatchesTree(store: ReadonlyBranch, base: Segment, delta: Segment | null, tree: string): boolean {
  if (!base.dupes || (delta && !delta.dupes)) return false;
  const gone = new Set(delta?.removed ?? []);
  const live = new Map<string, string>();
  const add = (path: string, oid: string) => !live.has(path) && !!live.set(path, oid);
  for (let d = 0; d < base.n; d++) if (!gone.has(d) && !add(base.paths.get(d), base.oids.get(d))) return false;
  for (let d = 0; d < (delta?.n ?? 0); d++) if (!add(delta!.paths.get(d), delta!.oids.get(d))) return false;
  // Second copies are files too, once each is shown to be a copy of a listed memory.
  const copies = [...base.dupes, ...(delta?.dupes ?? [])];
  if (copies.length) {
    const parts = delta ? [{ seg: base, gone }, { seg: delta, gone: new Set<number>() }] : [{ seg: base, gone }];
    const holds = copyCheck(store, parts);
    for (const [path, oid] of copies) if (!holds(path, oid) || !add(path, oid)) return false;
  }
  let files = 0;
  for (const f of store.git.listBlobs(tree, MEMORIES_DIR)) {
    if (!f.path.endsWith('.md')) continue;
    if (live.get(f.path) !== f.oid) return false;
    files++;
  }
  return files === live.size;
}

/**
 * A check that a restored segment's second copy (path, blob) is one: the file's id is the id of a
 * live document of `parts` whose own file says so (two blob reads per copy, at most MAX_DUPES copies
 * per segment; a branch has few hand copies). The id column alone is a claim like the rest.
 */
function copyCheck(store: ReadonlyBranch, parts: Array<{ seg: Segment; gone: ReadonlySet<number> }>): (path: string, oid: string) => boolean {
  const idOf = (path: string, oid: string) => memoryFromFile(path, store.git.readBlob(oid).toString('utf8')).id;
  return (path, oid) => {
    try {
      const id = idOf(path, oid);
      return parts.some(({ seg, gone }) => docsWithId(seg, id, null).some((d) => !gone.has(d) && seg.paths.get(d) !== path && idOf(seg.paths.get(d), seg.oids.get(d)) === id));
    } catch {
      return false;
    }
  };
}

export function buildDelta(store: ReadonlyBranch, base: Segment, tree: string): Segment {
  let diff: TreeDiff;
  let fromTable = false;
  if (!trusted(base)) {
    // A restored base's tree is only a claim: its table is compared with the tip's tree instead.
    diff = diffFromTable(store, base, tree, { trustDupes: false })!;
    fromTable = true;
    // Its second copies that are on the tip unchanged and shown to be copies of a memory still
    // listed stay skipped (as a trusted base's are); any other is read like a new file.
    if (base.dupes?.length) {
      const removed = new Set(docsAt(base, diff.removed));
      const holds = copyCheck(store, [{ seg: base, gone: removed }]);
      const added = new Map(diff.added.map((f) => [f.path, f.oid]));
      const kept = new Set<string>();
      for (const [path, oid] of base.dupes) if (added.get(path) === oid && holds(path, oid)) kept.add(path);
      if (kept.size) diff.added = diff.added.filter((f) => !kept.has(f.path));
    }
  } else {
    try {
      diff = diffMemories(store, base.tree, tree);
    } catch (err) {
      // The base's tree is not in this repository (a shallow clone, a restored index): compare the
      // base's document table with the current tree instead.
      const t = diffFromTable(store, base, tree);
      if (!t) throw err;
      diff = t;
      fromTable = true;
    }
  }
  const removed = docsAt(base, diff.removed);
  const b = new SegmentBuilder();
  for (const f of diff.added) addFile(store, b, f.path, f.oid, { cache: true });
  // From the table, every file that does not parse was read again and counted above.
  if (!fromTable) b.skipped += base.skipped;
  lastOpen = fromTable ? 'delta-from-table' : 'delta';
  return b.finish({ kind: 'delta', tree, baseBuild: base.build, baseTree: base.tree, removed });
}

/**
 * The delta at `tree` from an earlier delta `old` of the same base, reading only the files that differ
 * between `old`'s tree and `tree`: after one store, the files of that store, where building from the
 * base reads every file changed since the base (up to a tenth of it). The new delta is `old`'s documents
 * less the ones changed or removed since, then the new files analysed; `removed` adds the base documents
 * whose files changed or went. It describes the same files as {@link buildDelta} would (with the
 * same counts: documents, skipped files); where that is not certain it gives null and the caller builds
 * from the base: a change to a file no document holds (one that did not parse, a second copy of an
 * id), a new file whose id a kept document already has, either segment restored from a cache and not
 * checked, or `old`'s tree not in the repository.
 */
export function advanceDelta(store: ReadonlyBranch, base: Segment, old: Segment, tree: string): Segment | null {
  if (!trusted(base) || !trusted(old) || old.kind !== 'delta' || old.baseBuild !== base.build || old.tree === tree || old.dupes?.length !== 0) return null;
  let diff: TreeDiff;
  try {
    diff = diffMemories(store, old.tree, tree);
  } catch {
    return null;
  }
  const oldAt = new Map<string, number>();
  for (let d = 0; d < old.n; d++) oldAt.set(old.paths.get(d), d);
  const drop = new Uint8Array(old.n);
  const inBase: string[] = [];
  for (const path of diff.removed) {
    if (!path.endsWith('.md')) continue;
    const d = oldAt.get(path);
    if (d !== undefined) drop[d] = 1;
    else inBase.push(path);
  }
  const removed = new Set(old.removed);
  const gone = docsAt(base, inBase).filter((d) => !removed.has(d));
  // Every changed file must have been a live document: anything else was counted as skipped (or
  // listed as a second copy), which only a build from the base recounts.
  if (gone.length !== inBase.length) return null;
  for (const d of gone) removed.add(d);
  const b = new SegmentBuilder();
  for (const f of diff.added) addFile(store, b, f.path, f.oid, { cache: true });
  const added = b.finish({ kind: 'delta', tree });
  if (added.dupes?.length !== 0) return null;
  if (added.n) {
    const kept = new Set<string>();
    for (let d = 0; d < old.n; d++) if (!drop[d]) kept.add(old.ids.get(d));
    for (let d = 0; d < added.n; d++) if (kept.has(added.ids.get(d))) return null;
  }
  lastOpen = 'delta';
  return concatSegments(old, drop, added, {
    kind: 'delta',
    tree,
    baseBuild: base.build,
    baseTree: base.tree,
    skipped: old.skipped + added.skipped,
    dupes: [],
    removed: Uint32Array.from([...removed].sort((x, y) => x - y)),
  });
}

/**
 * The compaction rule, the only one: a delta (every change from the base to the tip) holding more
 * than a tenth of the base, and more than 500 documents, is merged into a new base. Below that, a
 * search reads the base with the delta over it.
 */
export function needsCompaction(base: Segment, delta: Segment): boolean {
  return delta.n + delta.removed.length > Math.max(500, base.n / 10);
}

/** A base segment with its delta as one view: base documents the delta replaced or removed are dead. */
export function viewOf(base: Segment, delta: Segment | null): IndexView {
  if (!delta) return new IndexView([{ seg: base, dead: null }], base.tree);
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  return new IndexView(
    [
      { seg: base, dead },
      { seg: delta, dead: null },
    ],
    delta.tree,
  );
}

/**
 * Document numbers of `base` whose path is in `paths`. A memory's file is named for its id, so each
 * path is looked up by that id in the id order (a binary search) and confirmed by its path;
 * only paths not found that way (a file named for another id, a file that did not parse) cost a pass
 * over every path (decoding a million paths took 1.8 s of a `stats` after an update at 1,000,000).
 */
function docsAt(base: Segment, paths: Iterable<string>): number[] {
  const rest = new Set(paths);
  const out: number[] = [];
  if (!rest.size) return out;
  for (const path of [...rest]) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    // Only `.md` files are documents.
    if (!name.endsWith('.md')) {
      rest.delete(path);
      continue;
    }
    for (const d of docsWithId(base, name.slice(0, -3), null)) {
      if (base.paths.get(d) !== path) continue;
      out.push(d);
      rest.delete(path);
    }
  }
  if (rest.size) for (let d = 0; d < base.n; d++) if (rest.has(base.paths.get(d))) out.push(d);
  return [...new Set(out)].sort((a, b) => a - b);
}
