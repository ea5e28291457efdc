import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Memory } from '../model/memory.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { writeCacheFile } from '../git/atomic-file.js';
import { IndexView } from './index-view.js';
import { writeNewestOrder } from './newest-order.js';
import { writeDocBounds } from './doc-bounds.js';
import { writeBaseCounts } from './base-counts.js';
import { SEGMENT_FORMAT, SegmentFile, decodeSegment, releaseSegment, retainSegment, writeSegment, type Segment } from './segment.js';
import { onClose } from '../model/closers.js';

/**
 * The files of a branch's search index on disk, and what this process holds of them: where they are
 * (`<git dir>/git-memory/<branch>/search-v<format>.base` and `…delta`), a file version's identity
 * (inode, size, mtime), the `verified-` mark that lets a checked version be opened lazily, the
 * `restored-` mark of a file an index cache copied in (not trusted until checked against the
 * branch), and the reading and atomic writing of a segment file. Kept apart from the build
 * (src/search/index-build.ts) and the entry points (src/search/index.ts) so that what a file on
 * disk must pass before it is used can be read, and tested, on its own.
 */

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
export class BranchIndex {
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

export const states = new WeakMap<ReadonlyBranch, BranchIndex>();

/** The index state of `store`, made on first use; the store's close() lets go of its files. */
export function stateOf(store: ReadonlyBranch): BranchIndex {
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

export function paths(store: ReadonlyBranch) {
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

export const trusted = (seg: Segment | null): boolean => !!seg && !restoredSegments.has(seg);

/**
 * The segment in `file`, or null when it is missing, corrupt, truncated or of another format (the
 * caller rebuilds it). A version read before by this store is not read again; a version some reader
 * verified is opened lazily (a SegmentFile owned by the store's BranchIndex); any other is read whole
 * and checked.
 */
export function readSegment(store: ReadonlyBranch, file: string): Segment | null {
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
export function dropOtherFormats(store: ReadonlyBranch): void {
  try {
    for (const f of readdirSync(store.cacheDir)) {
      const m = /^(?:verified-|newest-|counts-|bounds-|restored-)?search-v(\d+)\.(base|delta)$/.exec(f);
      if (m && Number(m[1]) !== SEGMENT_FORMAT) rmSync(join(store.cacheDir, f), { force: true });
    }
  } catch {
    /* nothing to clean */
  }
}

export function writeAtomic(store: ReadonlyBranch, file: string, seg: Segment): number {
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
export function adopt(seg: Segment, file: string): void {
  restoredSegments.delete(seg);
  rmSync(restoredFile(file), { force: true });
}
