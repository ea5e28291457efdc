import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ARCHIVE_DIR, MEMORIES_DIR } from '../model/catalog.js';
import { copyWins, duplicateIdWarning } from '../model/id.js';
import { InvalidInputError } from '../errors.js';
import { citationFree, memoryFromFile, publicMemory, type Memory } from '../model/memory.js';
import type { SearchQuery, SearchResponse, SearchResult } from '../model/search-types.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { writeCacheFile } from '../git/atomic-file.js';
import { diffFiles } from '../git/diff.js';
import { DEFAULT_BM25, textScores, type Bm25Params } from './bm25.js';
import { rank } from './engine.js';
import { compileFilter, normalizeFilter } from './filter.js';
import { IndexView } from './index-view.js';
import { DEFAULT_WEIGHTS, type Weights } from './rank-order.js';
import { knownShare } from './terms.js';
import { KNOWN_COVERAGE, MIN_COVERAGE, confidence, nothingConfidentNote, roundConfidence } from './confidence.js';
import { queryTerms } from './analyze.js';
import { writeNewestOrder } from './newest-order.js';
import { computeDocBounds, readDocBounds, writeDocBounds, type DocBounds } from './doc-bounds.js';
import { writeBaseCounts } from './base-counts.js';
import { SEGMENT_FORMAT, SegmentBuilder, SegmentFile, concatSegments, decodeSegment, mergeSegments, releaseSegment, retainSegment, writeSegment, type DocInput, type Segment } from './segment.js';
import { onClose } from '../model/closers.js';
import { limitOf } from '../model/bounds.js';
import { addBytes, docOf, skipRawName } from './blob-doc.js';
import { buildInParts, type ParallelOptions } from './parallel-build.js';

/**
 * The search index of one branch: derived from the branch's tree, cached under the git dir,
 * never a source of truth.
 *
 * On disk, `<git dir>/git-memory/<branch>/search-v<format>.base` is a segment describing some tree,
 * and `…delta` the changes from that base to a newer tree (new and changed memories analysed,
 * removed ones listed). When the branch moves, only the files that differ from the base are read
 * and analysed; when the delta grows past a tenth of the base it is merged into a new base, which
 * costs no text analysis. Files are written to a temp name and renamed, so concurrent processes
 * never see a half-written file, and a file that fails any check is ignored and rebuilt.
 */

export interface IndexOptions {
  /** Called while a full rebuild reads the branch: (files done, files total). */
  progress?: (done: number, total: number) => void;
  /** BM25 constants; default DEFAULT_BM25 (src/search/bm25.ts). */
  bm25?: Bm25Params;
  /** Share of the query's information a confident full-text match holds (default {@link MIN_COVERAGE}, in hybrid search HYBRID_MIN_COVERAGE of src/search/confidence.ts; benches tune it). */
  minCoverage?: number;
  /** A full build's threads (src/search/parallel-build.ts): for tests and benchmarks. */
  parallel?: ParallelOptions;
}

export interface RebuildResult {
  success: true;
  /** Memories in the index. */
  indexed: number;
  /** Files under memories/ that could not be parsed. */
  skipped: number;
  tree: string | null;
  /** Bytes of the persisted index. */
  bytes: number;
  durationMs: number;
}

/**
 * The index of one branch view in this process: the current generation (the tree it describes, its
 * base and delta, the view over them) and the segment files read, by path.
 *
 * Segment files opened lazily (SegmentFile) hold a file descriptor, and this state is their owner: a
 * file is held while it is the last version read of its path, or part of the current generation or
 * the one before it, and closes when none of these holds it any more, or when the store closes
 * (MemoryStore.close runs the closers registered with src/model/closers.ts). The generation before
 * the current one stays open because a search that took its view before an await (hybrid ranking
 * waits for the embedder) still reads it after a concurrent call moved the index on.
 */
class BranchIndex {
  tree: string | null = null;
  base: Segment | null = null;
  delta: Segment | null = null;
  view: IndexView = IndexView.empty();
  memories = new Map<string, Memory>();
  /** Segments read by path, with the file's identity when read: a file is re-read only when replaced. */
  private readonly files = new Map<string, { sig: string; seg: Segment | null }>();
  private previous: Array<Segment | null> = [];

  /** Records the segment read (or written) at `file`; takes over the reference its opener holds. */
  setFile(file: string, sig: string | null, seg: Segment | null): void {
    const old = this.files.get(file);
    this.files.delete(file);
    if (sig) this.files.set(file, { sig, seg });
    else releaseSegment(seg);
    releaseSegment(old?.seg);
  }

  /** The segment read from `file` when it is still the version with identity `sig`. */
  fileAt(file: string, sig: string): { seg: Segment | null } | null {
    const hit = this.files.get(file);
    return hit && hit.sig === sig && !(hit.seg instanceof SegmentFile && hit.seg.closed) ? hit : null;
  }

  /** Makes (tree, base, delta, view) current; the generation before stays held, the one before that is let go. */
  setGeneration(tree: string | null, base: Segment | null, delta: Segment | null, view: IndexView): void {
    retainSegment(base);
    retainSegment(delta);
    for (const seg of this.previous) releaseSegment(seg);
    this.previous = [this.base, this.delta];
    this.tree = tree;
    this.base = base;
    this.delta = delta;
    this.view = view;
  }

  /** Lets go of every segment (the store is closing): each file closes unless another holder remains. */
  close(): void {
    for (const seg of [...this.previous, this.base, this.delta]) releaseSegment(seg);
    for (const { seg } of this.files.values()) releaseSegment(seg);
    this.previous = [];
    this.base = this.delta = null;
    this.files.clear();
    this.view = IndexView.empty();
    this.tree = null;
    this.memories.clear();
  }
}

const states = new WeakMap<ReadonlyBranch, BranchIndex>();

/** The index state of `store`, made on first use; the store's close() lets go of its files. */
function stateOf(store: ReadonlyBranch): BranchIndex {
  let st = states.get(store);
  if (!st) {
    const made = new BranchIndex();
    st = made;
    states.set(store, made);
    onClose(store, () => {
      made.close();
      states.delete(store);
    });
  }
  return st;
}

/** The file of the base segment of `store`'s index (it may not exist). */
export function baseSegmentFile(store: ReadonlyBranch): string {
  return paths(store).base;
}

function paths(store: ReadonlyBranch) {
  return {
    base: join(store.cacheDir, `search-v${SEGMENT_FORMAT}.base`),
    delta: join(store.cacheDir, `search-v${SEGMENT_FORMAT}.delta`),
  };
}

function signature(file: string): string | null {
  try {
    const st = statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * A segment file is verified once per file version (checksum, and every offset and index in range):
 * a reader that verified it leaves `verified-<file name>` holding the file's identity (inode, size,
 * mtime), and later readers of the same version open it lazily, reading only the arrays they use,
 * with size checks only. The files are replaced by rename, never rewritten in place, so a new
 * version has a new identity and is verified again; a write in place (by hand) changes the mtime too.
 */
/** `verified-<name>`: beside the segment, outside the `search-*` names. */
function okFile(file: string): string {
  return join(file, '..', `verified-${basename(file)}`);
}

function verifiedBefore(file: string, sig: string): boolean {
  try {
    return readFileSync(okFile(file), 'utf8') === sig;
  } catch {
    return false;
  }
}

function markVerified(file: string, sig: string): void {
  // A read-only git dir: verified again next time.
  writeCacheFile(okFile(file), sig);
}

/**
 * Segments read from a file an index cache restored (src/search/index-cache.ts), and not checked
 * against the branch since. Such a file passed every check of its bytes, but its header's tree is a
 * claim: nothing ties its document table to that tree, and the file came from another job (or
 * whoever could write DIR). So its tree is never used, neither to skip the update (`tree` equal to
 * the tip's) nor to diff from: the base's own table is compared with the tip's tree instead
 * ({@link diffFromTable}), which drops every document not on the tip and reads every file the table
 * lacks; a restored delta is used only when base and delta together list exactly the tip's files.
 */
const restoredSegments = new WeakSet<Segment>();

/**
 * `restored-<name>`: while it exists, the file at `<name>` came from an index cache. It is written
 * before the copy (a process killed between the copy and the mark leaves no unmarked file) and
 * removed when this code writes the file itself ({@link writeAtomic}) or checked it ({@link adopt}).
 */
function restoredFile(file: string): string {
  return join(file, '..', `restored-${basename(file)}`);
}

/** Marks `file` (about to be, or just, restored from an index cache) as untrusted; false when the mark could not be written. */
export function markRestored(file: string): boolean {
  return writeCacheFile(restoredFile(file), 'restored from an index cache\n') > 0;
}

/** Removes the mark of `file` (nothing was restored there after all). */
export function unmarkRestored(file: string): void {
  rmSync(restoredFile(file), { force: true });
}

function wasRestored(file: string): boolean {
  return existsSync(restoredFile(file));
}

const trusted = (seg: Segment | null): boolean => !!seg && !restoredSegments.has(seg);

/**
 * The segment in `file`, or null when it is missing, corrupt, truncated or of another format (the
 * caller rebuilds it). A version read before by this store is not read again; a version some reader
 * verified is opened lazily (a SegmentFile owned by the store's BranchIndex); any other is read whole
 * and checked.
 */
function readSegment(store: ReadonlyBranch, file: string): Segment | null {
  const sig = signature(file);
  if (!sig) return null;
  const st = stateOf(store);
  const hit = st.fileAt(file, sig);
  if (hit) return hit.seg;
  let seg: Segment | null = null;
  try {
    if (verifiedBefore(file, sig)) {
      // Verified before: read lazily, only the arrays this command needs (segment/file.ts).
      seg = SegmentFile.open(file, (s) => `${s.ino}:${s.size}:${s.mtimeMs}` === sig);
    } else {
      seg = decodeSegment(readFileSync(file));
      markVerified(file, sig);
    }
  } catch {
    seg = null; // missing, corrupt, truncated or another format: rebuilt by the caller
  }
  if (seg && wasRestored(file)) restoredSegments.add(seg);
  st.setFile(file, sig, seg);
  return seg;
}

/** Removes cache files of other index formats: they are never read again. */
function dropOtherFormats(store: ReadonlyBranch): void {
  try {
    for (const f of readdirSync(store.cacheDir)) {
      const m = /^(?:verified-|newest-|counts-|bounds-|restored-)?search-v(\d+)\.(base|delta)$/.exec(f);
      if (m && Number(m[1]) !== SEGMENT_FORMAT) rmSync(join(store.cacheDir, f), { force: true });
    }
  } catch {
    /* nothing to clean */
  }
}

function writeAtomic(store: ReadonlyBranch, file: string, seg: Segment): number {
  // Written section by section: a large segment is never copied whole into one buffer. A read-only
  // or full disk: 0 bytes, and the search goes on without a cache.
  const bytes = writeCacheFile(file, (write) => writeSegment(seg, write));
  if (!bytes) return 0;
  unmarkRestored(file); // built here: not the cache's file any more
  if (seg.kind === 'base') {
    writeNewestOrder(file, seg);
    writeBaseCounts(file, seg);
    writeDocBounds(file, seg);
  }
  const sig = signature(file);
  stateOf(store).setFile(file, sig, seg);
  if (sig) markVerified(file, sig);
  return bytes;
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

function addFile(store: ReadonlyBranch, b: SegmentBuilder, path: string, oid: string, opts: AddOptions = {}): void {
  if (!path.endsWith('.md')) return;
  const warn = opts.warn ?? ((w: string) => store.warn(w));
  if (skipRawName(b, path, warn)) return;
  // A blob that cannot be read fails the build (never an index persisted without it); only a file
  // that reads but does not parse is skipped.
  const bytes = opts.cache && parsed.has(`${path}\0${oid}`) ? undefined : (opts.bytes ?? store.git.readBlob(oid));
  addBytes(b, path, oid, bytes, warn, (text) => (opts.cache ? docFromCached(store, path, oid, text) : docFrom(store, path, oid, text, warn)));
}

function fullBuild(store: ReadonlyBranch, tree: string, opts: IndexOptions): Segment {
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
export function diffMemories(store: ReadonlyBranch, from: string, to: string): TreeDiff {
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

/** True when the branch's cached base segment reads and passes its checks (any tree). */
export function hasUsableIndex(store: ReadonlyBranch): boolean {
  return readSegment(store, paths(store).base) !== null;
}

/** The files of `store`'s persisted index, base then delta (either may not exist). */
export function indexFiles(store: ReadonlyBranch): { base: string; delta: string } {
  return paths(store);
}

/**
 * Trusts a restored segment read from `file` once it was checked against the branch: from now on it
 * is as good as one built here (its mark is removed, so the next process does not check it again).
 */
function adopt(seg: Segment, file: string): void {
  restoredSegments.delete(seg);
  rmSync(restoredFile(file), { force: true });
}

/** {@link viewMatchesTree}, false when the branch cannot be read. */
function matches(store: ReadonlyBranch, base: Segment, delta: Segment | null, tree: string): boolean {
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
  let byId: Map<string, Array<[Segment, number]>> | null = null;
  const idOf = (path: string, oid: string) => memoryFromFile(path, store.git.readBlob(oid).toString('utf8')).id;
  return (path, oid) => {
    try {
      const id = idOf(path, oid);
      if (!byId) {
        byId = new Map();
        for (const { seg, gone } of parts) {
          for (let d = 0; d < seg.n; d++) {
            if (gone.has(d)) continue;
            const k = seg.ids.get(d);
            const list = byId.get(k);
            if (list) list.push([seg, d]);
            else byId.set(k, [[seg, d]]);
          }
        }
      }
      return (byId.get(id) ?? []).some(([seg, d]) => seg.paths.get(d) !== path && idOf(seg.paths.get(d), seg.oids.get(d)) === id);
    } catch {
      return false;
    }
  };
}

function buildDelta(store: ReadonlyBranch, base: Segment, tree: string): Segment {
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
function advanceDelta(store: ReadonlyBranch, base: Segment, old: Segment, tree: string): Segment | null {
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
function needsCompaction(base: Segment, delta: Segment): boolean {
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

/** Live documents of `seg` whose id is `id` (at most `max`). */
export function docsWithId(seg: Segment, id: string, dead: Uint8Array | null, max = Infinity): number[] {
  const key = Buffer.from(id, 'utf8');
  const blob = seg.ids.blob;
  const off = seg.ids.off;
  const out: number[] = [];
  for (let at = blob.indexOf(key); at >= 0 && out.length < max; at = blob.indexOf(key, at + 1)) {
    // Ids are stored back to back: a hit counts only if it is one whole id.
    let lo = 0;
    let hi = seg.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (off[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    if (off[lo] === at && off[lo + 1] === at + key.length && !dead?.[lo]) out.push(lo);
  }
  return out;
}

/**
 * Document numbers of `base` whose path is in `paths`. A memory's file is named for its id, so each
 * path is looked up by that id in the id column (one search of its bytes) and confirmed by its path;
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

function remember(store: ReadonlyBranch, tree: string | null, base: Segment | null, delta: Segment | null, view: IndexView): IndexView {
  const st = stateOf(store);
  const prevTree = st.tree;
  st.setGeneration(tree, base, delta, view);
  view.boundsSource = (seg) => (seg.kind === 'base' ? baseDocBounds(store, seg) : null);
  if (tree && prevTree !== tree) warnDupes(store, tree, view);
  return view;
}

/**
 * The base's {@link DocBounds}: from the file beside it, else computed from its length and time
 * columns and the file written, so that only the first bounded search of a base reads them whole.
 */
function baseDocBounds(store: ReadonlyBranch, seg: Segment): DocBounds {
  const file = paths(store).base;
  const read = readDocBounds(file, seg);
  if (read) return read;
  const bounds = computeDocBounds(seg);
  writeDocBounds(file, seg, bounds);
  return bounds;
}

/**
 * Second copies of an id a segment left out (src/model/id.ts, copyWins): each read of a new tree says
 * which file is used and which is ignored, as the catalog does. Rare (a hand copy), so the winner is
 * found by a plain scan of the ids.
 */
function warnDupes(store: ReadonlyBranch, tree: string, view: IndexView): void {
  for (const part of view.parts) {
    for (const [path, oid] of part.seg.dupes ?? []) {
      if (store.git.entryAt(tree, path)?.oid !== oid) continue;
      let id: string;
      try {
        id = memoryFromFile(path, store.git.readBlob(oid).toString('utf8')).id;
      } catch {
        continue;
      }
      let used: string | null = null;
      for (const q of view.parts) {
        for (let d = 0; d < q.seg.n && !used; d++) if (!q.dead?.[d] && q.seg.ids.get(d) === id) used = q.seg.paths.get(d);
      }
      if (used) store.warn(duplicateIdWarning(id, used, path));
    }
  }
}

/**
 * The index at the branch's current tip: from memory, from the cache files, by analysing only what
 * changed since the cached base, or by a full build, in that order of preference.
 */
export function openIndex(store: ReadonlyBranch, opts: IndexOptions = {}): IndexView {
  const tree = store.treeOf(store.tip());
  if (!tree) {
    lastOpen = 'empty';
    return remember(store, null, null, null, IndexView.empty());
  }
  const st = states.get(store);
  if (st && st.tree === tree) {
    lastOpen = 'memory';
    return st.view;
  }
  const files = paths(store);
  let base = st?.base ?? null;
  if (!base || base.tree !== tree) {
    const disk = readSegment(store, files.base);
    if (disk && (disk.tree === tree || !base)) base = disk;
  }
  // A restored base naming the tip's tree: used as it is once its table lists exactly the tip's files.
  if (base && base.tree === tree && !trusted(base) && matches(store, base, null, tree)) adopt(base, files.base);
  if (base && base.tree === tree && trusted(base)) {
    lastOpen = 'cached';
    return remember(store, tree, base, null, viewOf(base, null));
  }
  if (base) {
    const fits = (d: Segment | null) => !!d && d.kind === 'delta' && d.tree === tree && d.baseBuild === base!.build;
    let delta = fits(st?.delta ?? null) ? st!.delta : null;
    if (!delta) {
      const disk = readSegment(store, files.delta);
      if (fits(disk)) delta = disk;
    }
    // A restored delta is used once base and delta together list the tip's files.
    if (delta && !trusted(delta)) {
      if (matches(store, base, delta, tree)) adopt(delta, files.delta);
      else delta = null;
    }
    if (delta) {
      lastOpen = 'cached';
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
    // An earlier delta of this base (this process's, else the file's): only what changed since it is read.
    const before = [st?.delta ?? null, readSegment(store, files.delta)].find((d) => d && d.kind === 'delta' && d.baseBuild === base!.build && d.tree !== tree) ?? null;
    delta = before ? advanceDelta(store, base, before, tree) : null;
    if (!delta) {
      try {
        delta = buildDelta(store, base, tree);
      } catch {
        delta = null; // the base's tree is gone (gc, shallow fetch): full build below
      }
    }
    if (delta) {
      if (needsCompaction(base, delta)) {
        const merged = mergeSegments(base, delta);
        writeAtomic(store, files.base, merged);
        return remember(store, tree, merged, null, viewOf(merged, null));
      }
      writeAtomic(store, files.delta, delta);
      return remember(store, tree, base, delta, viewOf(base, delta));
    }
  }
  const built = fullBuild(store, tree, opts);
  lastOpen = 'full';
  writeAtomic(store, files.base, built);
  dropOtherFormats(store);
  return remember(store, tree, built, null, viewOf(built, null));
}

/** Rebuilds the index from every file on the branch, ignoring any cache. */
export async function rebuildIndex(store: ReadonlyBranch, opts: IndexOptions = {}): Promise<RebuildResult> {
  const t0 = performance.now();
  const tree = store.treeOf(store.tip());
  if (!tree) {
    remember(store, null, null, null, IndexView.empty());
    return { success: true, indexed: 0, skipped: 0, tree: null, bytes: 0, durationMs: Math.round(performance.now() - t0) };
  }
  const built = fullBuild(store, tree, opts);
  const bytes = writeAtomic(store, paths(store).base, built);
  dropOtherFormats(store);
  remember(store, tree, built, null, viewOf(built, null));
  return { success: true, indexed: built.n, skipped: built.skipped, tree, bytes, durationMs: Math.round(performance.now() - t0) };
}

function weightsOf(store: ReadonlyBranch): Weights {
  const r = store.config().searchRelevance ?? {};
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    ...DEFAULT_WEIGHTS,
    tagMatch: num(r.tagMatch, DEFAULT_WEIGHTS.tagMatch),
    categoryMatch: num(r.categoryMatch, DEFAULT_WEIGHTS.categoryMatch),
    contentMatch: num(r.contentMatch, DEFAULT_WEIGHTS.contentMatch),
  };
}

function toLimit(v: unknown): number {
  return limitOf(v, 10);
}

/** The public memory of document `d` of `seg`, read from its blob (cached by blob id per branch). */
export function readMemory(store: ReadonlyBranch, seg: Segment, d: number): Memory {
  const st = states.get(store);
  const oid = seg.oids.get(d);
  const hit = st?.memories.get(oid);
  if (hit) return hit;
  const path = seg.paths.get(d);
  const stored = memoryFromFile(path, store.git.readBlob(oid).toString('utf8'));
  const m = publicMemory(stored);
  if (stored.extra.citations === undefined) citationFree.add(m);
  if (st) {
    if (st.memories.size > 5000) st.memories.clear();
    st.memories.set(oid, m);
  }
  return m;
}

/** `memory_search`: ranked full-text search with filters; filters alone list matches newest first. */
export async function search(store: ReadonlyBranch, q: SearchQuery = {}, opts: IndexOptions = {}): Promise<SearchResponse> {
  if (q === null || typeof q !== 'object') throw new InvalidInputError('search takes an options object', { field: 'query' });
  if (q.query !== undefined && q.query !== null && typeof q.query !== 'string') throw new InvalidInputError('query must be a string', { field: 'query' });
  const now = store.now().getTime();
  const limit = toLimit(q.limit);
  const filter = normalizeFilter(q, now);
  let view = openIndex(store, opts);
  let archivePart = -1;
  if (q.archived) {
    const arch = archiveSegment(store, view.tree);
    if (arch) {
      archivePart = view.parts.length;
      view = new IndexView([...view.parts, { seg: arch, dead: null }], view.tree);
    }
  }
  // The coverage a confident match needs (src/search/confidence.ts): lower when the store holds every
  // term of the query.
  const known = knownShare(view, q.query ?? '');
  const minCoverage = opts.minCoverage ?? MIN_COVERAGE;
  const line = known >= 1 ? Math.min(minCoverage, KNOWN_COVERAGE) : minCoverage;
  const { ranked, total, confident } = rank(view, q.query ?? '', filter, limit, weightsOf(store), now, opts.bm25 ?? DEFAULT_BM25, line);
  // id -> where its result went (results or weak) and the file it came from.
  const seen = new Map<string, { list: SearchResult[]; at: number; path: string }>();
  const results: SearchResult[] = [];
  const weak: SearchResult[] = [];
  const hasText = queryTerms(q.query ?? '').length > 0;
  for (const r of ranked) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(store, seg, r.doc);
    const path = seg.paths.get(r.doc);
    // A hand-made copy of a file (same id) indexed in both segments: shown once, the copy the rule
    // picks (src/model/id.ts, copyWins) at the better-ranked place.
    const prev = seen.get(m.id);
    if (prev) {
      const kept = prev.list[prev.at];
      if (r.part !== archivePart && !kept.archived) {
        const win = copyWins({ id: m.id, path }, { id: m.id, path: prev.path });
        store.warn(duplicateIdWarning(m.id, win ? path : prev.path, win ? prev.path : path));
        if (win) {
          prev.list[prev.at] = { ...m, relevance: kept.relevance, ...(kept.confidence !== undefined ? { confidence: kept.confidence } : {}) };
          if (citationFree.has(m)) citationFree.add(prev.list[prev.at]);
          prev.path = path;
        }
      }
      continue;
    }
    const out: SearchResult = r.part === archivePart ? { ...m, archived: true, relevance: r.relevance } : { ...m, relevance: r.relevance };
    if (citationFree.has(m)) citationFree.add(out);
    let list = results;
    if (hasText) {
      // Confidence: the share of the query's information the memory holds (src/search/confidence.ts).
      out.confidence = roundConfidence(confidence({ coverage: r.coverage ?? 0, known, minCoverage }));
      if ((r.coverage ?? 0) < line) list = weak;
    }
    seen.set(m.id, { list, at: list.length, path });
    list.push(out);
  }
  if (!hasText) return { success: true, results, total };
  // total: every confident match (weak candidates are not matches).
  const res: SearchResponse = { success: true, results, weak, total: confident };
  if (!results.length) res.nothingConfident = nothingConfidentNote(weak.length);
  return res;
}

// Archived memories (`archive/`, written by `memory prune`) are searched only on request: an
// in-memory segment per tree, built when asked, never persisted (archives are searched rarely).
const archiveSegments = new WeakMap<ReadonlyBranch, { tree: string; seg: Segment }>();

export function archiveSegment(store: ReadonlyBranch, tree: string | null): Segment | null {
  if (!tree) return null;
  const hit = archiveSegments.get(store);
  if (hit?.tree === tree) return hit.seg;
  const blobs = store.git.listBlobs(tree, ARCHIVE_DIR);
  if (!blobs.length) return null;
  const b = new SegmentBuilder();
  // Indexed under the path the memory had below memories/: ids derived from a path stay the same.
  for (const f of blobs) addFile(store, b, MEMORIES_DIR + f.path.slice(ARCHIVE_DIR.length), f.oid);
  const seg = b.finish({ kind: 'delta', tree });
  archiveSegments.set(store, { tree, seg });
  return seg;
}

/**
 * Full-text scores alone (BM25 over content, tags and category, no boosts, no filters): id → score
 * for every memory the text matches. For hybrid ranking.
 */
export function fullTextScores(store: ReadonlyBranch, text: string, opts: IndexOptions = {}): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, { score }] of fullTextMatches(store, text, opts)) out.set(id, score);
  return out;
}

/**
 * Full-text matches with their BM25 score (no boosts, no filters) and the share of the query's
 * information each holds: id → { score, coverage }. For hybrid ranking and its confidence.
 */
export function fullTextMatches(store: ReadonlyBranch, text: string, opts: IndexOptions = {}, view: IndexView = openIndex(store, opts)): Map<string, { score: number; coverage: number }> {
  const ids = docIds(view);
  const out = new Map<string, { score: number; coverage: number }>();
  for (const h of textScores(view, text, opts.bm25 ?? DEFAULT_BM25)) out.set(ids[h.part][h.doc], { score: h.score, coverage: h.coverage });
  return out;
}

/**
 * The id of every document of every part of `view` (dead ones included), decoded once per view: a
 * hybrid search reads all of them (filters, the vector rows, matches), and decoding 10,000 ids from
 * the segment on every search was a fifth of its time. A view never changes (a new tree is a new
 * view), so neither does this.
 */
export function docIds(view: IndexView): string[][] {
  let ids = idCache.get(view);
  if (!ids) {
    ids = view.parts.map(({ seg }) => {
      const out = new Array<string>(seg.n);
      for (let d = 0; d < seg.n; d++) out[d] = seg.ids.get(d);
      return out;
    });
    idCache.set(view, ids);
  }
  return ids;
}
const idCache = new WeakMap<IndexView, string[][]>();

/** The ids of every live memory of a view (what {@link filterIds} returns without filters), once per view. */
const allIdsCache = new WeakMap<IndexView, ReadonlySet<string>>();

/**
 * Ids of the memories passing the filters of `q` (its text is ignored). Without filters, the same
 * set for every search of one index view: callers must not change it.
 */
export function filterIds(store: ReadonlyBranch, q: SearchQuery, opts: IndexOptions = {}, view: IndexView = openIndex(store, opts)): ReadonlySet<string> {
  const f = normalizeFilter(q, store.now().getTime());
  const unfiltered = !f.tags.length && f.category === undefined && f.scope === undefined && f.priority === undefined && f.after === undefined && f.before === undefined && f.since === undefined;
  if (unfiltered) {
    const hit = allIdsCache.get(view);
    if (hit) return hit;
  }
  const pass = compileFilter(view, f);
  const ids = docIds(view);
  const out = new Set<string>();
  view.parts.forEach(({ dead }, pi) => {
    for (let d = 0; d < ids[pi].length; d++) if (!dead?.[d] && pass(pi, d)) out.add(ids[pi][d]);
  });
  if (unfiltered) allIdsCache.set(view, out);
  return out;
}

export { IndexView } from './index-view.js';
export { textScores, DEFAULT_BM25, type Bm25Params } from './bm25.js';
export { compileFilter, normalizeFilter } from './filter.js';
export { rank } from './engine.js';
export { DEFAULT_WEIGHTS, type Weights } from './rank-order.js';
export { analyze, terms, queryTerms } from './analyze.js';
