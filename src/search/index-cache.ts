import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, constants as fsConstants } from 'node:fs';
import { basename, join } from 'node:path';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { writeCacheFile } from '../git/atomic-file.js';
import { hasUsableIndex, indexFiles, lastIndexOpen, markRestored, unmarkRestored } from './index.js';

/**
 * The search index carried between CI jobs (issue #29): `--index-cache DIR` / MEMORY_INDEX_CACHE.
 *
 * DIR holds a copy of the branch's persisted index (`<DIR>/<branch>/search-v<format>.base` and
 * `.delta`, the files src/search/index.ts keeps under the git dir). Before a search, when the
 * repository has no usable index of its own, the copy is restored into the git dir; the search
 * then validates it like any cache file (format version in the name and header, CRC-32, every
 * offset in range: a file that fails is ignored and the index is built from the branch) and brings
 * it up to the branch's tree with the incremental path (only the memories that differ are read).
 * A restored file is marked (src/search/index.ts markRestored): the tree its header names is a claim,
 * so it is reconciled with the branch through its own document table, never through that tree.
 * After a search that built or updated the index, the files that changed are copied back, each to a
 * temp name renamed into place, so concurrent jobs leave whole files (a delta names the base build
 * it applies to, so a base and a delta from two jobs never combine). DIR is a cache: nothing in it
 * is trusted, a broken or missing DIR costs a full build and a warning, never a failed search, and
 * the repository's branch and refs are never written.
 *
 * The vector cache travels with it (`<DIR>/<branch>/vectors/<model>.v<format>.bin`, the file
 * src/vector/branch.ts keeps under `<git dir>/.../vectors/`): the vectors a hybrid search embedded
 * in one job (memories whose vector is not committed) and the branch's committed vectors already
 * read, so the next job neither re-embeds nor re-reads them. A restored vector file is checked by its
 * loader like any local one (format in the name and header, model, size, CRC-32 over the file: a
 * file that fails is dropped with a warning and rebuilt by embedding) and every row in it is keyed
 * by the blob id of the memory or vector file it was computed from. Those ids are public (any reader
 * of the branch can compute them), so a crafted file can pair a real memory with made-up numbers: a
 * restored file serves this search (ranking only, like any cache) and is removed from the clone
 * afterwards, so `memory embed` (which commits the clone's cached vectors to the branch) never
 * commits rows that came from DIR.
 */

/** Largest file read from DIR (a 1,000,000-memory base is a few hundred MB). */
export const DEFAULT_MAX_CACHE_FILE_BYTES = 4 * 1024 ** 3;

/** A vector cache file's name (`<model slug>.v<format>.bin`); anything else in DIR's vectors/ is ignored. */
const VECTOR_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.v\d{1,4}\.bin$/;
/** At most this many vector files (one per model) are restored per branch. */
const MAX_VECTOR_FILES = 8;

export interface IndexCacheReport {
  /** A copy was restored from DIR into the repository's git dir. */
  restored: boolean;
  /** Bytes read from DIR. */
  bytesRead: number;
  /**
   * How the search got its index: `cached` (the restored or local index was at the branch's tree),
   * `delta` / `delta-from-table` (brought up to date incrementally; `-from-table` when the restored
   * base's tree is not in this clone, a shallow one), `full` (built from every memory: a miss).
   */
  index: string;
  /** Bytes written back to DIR (0 when nothing changed). Vector files included. */
  bytesWritten: number;
  /** Vector cache files (one per embedding model) restored from DIR; their bytes are in `bytesRead`. */
  vectorFiles: number;
}

export interface IndexCacheOptions {
  maxFileBytes?: number;
  /** Where problems with DIR are reported (never fatal). */
  warn?: (message: string) => void;
  /**
   * The search may read vectors (hybrid or vector mode; src/search/hybrid.ts mayReadVectors). False:
   * the vector files are neither restored nor saved: a full-text search never opens them, and they
   * are the larger part of DIR once a hybrid search ran (the index's size again at 384 dimensions).
   */
  vectors?: boolean;
}

function branchDir(store: ReadonlyBranch, dir: string): string {
  // The same per-branch folder name as under the git dir (src/core/catalog.ts cacheDir).
  return join(dir, basename(store.cacheDir));
}

function signature(file: string): string {
  try {
    const st = statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return '-';
  }
}

/** Copies `from` (a regular file of at most `max` bytes, never a link) to `to` atomically; the bytes copied, or -1. */
function copyBounded(from: string, to: string, max: number): number {
  let st;
  try {
    st = lstatSync(from);
  } catch {
    return -1;
  }
  if (!st.isFile()) throw new Error(`${basename(from)} is not a regular file`);
  if (st.size > max) throw new Error(`${basename(from)} is ${st.size} bytes, over the ${max}-byte bound`);
  const fd = openSync(from, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
    let copied = 0;
    const written = writeCacheFile(to, (write) => {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const n = readSync(fd, buf, 0, buf.length, null);
        if (n <= 0) break;
        copied += n;
        if (copied > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
        write(buf.subarray(0, n));
      }
    });
    return written ? copied : -1;
  } finally {
    closeSync(fd);
  }
}

/** The files of the index, as [file under the git dir, file under DIR]. */
function pairs(store: ReadonlyBranch, dir: string): Array<[string, string]> {
  const f = indexFiles(store);
  const d = branchDir(store, dir);
  return [f.base, f.delta].map((local) => [local, join(d, basename(local))]);
}

/** The vector cache files of the branch, as [file under the git dir, file under DIR]: DIR's and the local ones. */
function vectorPairs(store: ReadonlyBranch, dir: string): Array<[string, string]> {
  const local = join(store.cacheDir, 'vectors');
  const cached = join(branchDir(store, dir), 'vectors');
  const names = new Set<string>();
  for (const d of [cached, local]) {
    let list: string[] = [];
    try {
      list = readdirSync(d);
    } catch {
      /* no folder: nothing cached */
    }
    for (const n of list.filter((f) => VECTOR_FILE.test(f)).sort()) if (names.size < MAX_VECTOR_FILES) names.add(n);
  }
  return [...names].map((n) => [join(local, n), join(cached, n)]);
}

/** A temp file of src/git/atomic-file.ts (`<name>.<pid>.<random>.tmp`) for one of the files DIR holds. */
const TEMP_FILE = /^(?:search-v\d{1,4}\.(?:base|delta)|[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.v\d{1,4}\.bin)\.\d{1,10}\.[a-z0-9]{1,16}\.tmp$/;
/** A temp file not written to for this long belongs to a save that died (a file being written is touched by every write). */
const STALE_TEMP_MS = 15 * 60_000;

/**
 * Removes the temp files a save killed before its rename left in DIR (kill -9, a runner cancelled):
 * nothing reads them, but a CI cache saves the whole folder, so each would travel (hundreds of MB at
 * 1,000,000 memories) in every later entry. Only names this module writes, only old ones: a
 * concurrent job's save in progress is left alone.
 */
function dropStaleTemps(d: string, now = Date.now()): void {
  let names: string[] = [];
  try {
    names = readdirSync(d);
  } catch {
    return;
  }
  for (const n of names) {
    if (!TEMP_FILE.test(n)) continue;
    const f = join(d, n);
    try {
      const st = lstatSync(f);
      if (st.isFile() && now - st.mtimeMs > STALE_TEMP_MS) rmSync(f, { force: true });
    } catch {
      /* gone meanwhile */
    }
  }
}

/**
 * Throws when `d` exists and is not a real folder. DIR's own content is restored from a cache too (a
 * tar keeps links): a branch folder that links elsewhere would have the save write its fixed file
 * names wherever it points, and the restore read from there.
 */
function checkFolder(d: string): void {
  let st;
  try {
    st = lstatSync(d);
  } catch {
    return; // none yet: made by the save
  }
  if (!st.isDirectory()) throw new Error(`${basename(d)} is not a folder`);
}

/**
 * Runs `search` with the index cache at `dir`: restores before, saves after. The search's own result
 * is returned whatever happens to the cache, with what the cache did.
 */
export async function withIndexCache<R>(store: ReadonlyBranch, dir: string, search: () => Promise<R>, opts: IndexCacheOptions = {}): Promise<{ result: R; report: IndexCacheReport }> {
  const max = opts.maxFileBytes ?? DEFAULT_MAX_CACHE_FILE_BYTES;
  const warn = opts.warn ?? ((m: string) => store.warn(m));
  const report: IndexCacheReport = { restored: false, bytesRead: 0, index: 'cached', bytesWritten: 0, vectorFiles: 0 };
  try {
    checkFolder(branchDir(store, dir));
    checkFolder(join(branchDir(store, dir), 'vectors'));
  } catch (err) {
    warn(`index cache: not used (${(err as Error).message}); the index is built from the branch`);
    const result = await search();
    report.index = lastIndexOpen();
    return { result, report };
  }
  const files = pairs(store, dir);
  const vectors = opts.vectors === false ? [] : vectorPairs(store, dir);
  // The clone's own vector cache wins (it is at least as new); a file is restored only where none is.
  const restoredVectors: string[] = [];
  for (const [local, cached] of vectors) {
    if (signature(local) !== '-') continue;
    try {
      mkdirSync(join(store.cacheDir, 'vectors'), { recursive: true });
      const n = copyBounded(cached, local, max);
      if (n >= 0) {
        report.bytesRead += n;
        report.vectorFiles++;
        restoredVectors.push(local);
      }
    } catch (err) {
      warn(`index cache: vectors not restored (${(err as Error).message}); memories without a committed vector are embedded again`);
      rmSync(local, { force: true });
    }
  }
  const vectorsBefore = vectors.map(([local]) => signature(local));
  if (!hasUsableIndex(store)) {
    try {
      mkdirSync(store.cacheDir, { recursive: true });
      for (const [local, cached] of files) {
        // Untrusted until checked against the branch (src/search/index.ts, markRestored): marked before
        // the copy (kill -9 between the two leaves no unmarked copy) and after it (a process of this
        // clone that wrote the file meanwhile removed the mark).
        if (!markRestored(local)) throw new Error(`${basename(local)} could not be marked as restored`);
        const n = copyBounded(cached, local, max);
        if (n < 0) {
          // Not in DIR: what the clone holds there is of no use without a usable base (and may be an
          // earlier restore's file): gone, and with it the mark.
          rmSync(local, { force: true });
          unmarkRestored(local);
        } else if (!markRestored(local)) throw new Error(`${basename(local)} could not be marked as restored`);
        if (n >= 0) report.bytesRead += n;
        if (n >= 0 && local === files[0][0]) report.restored = true;
      }
    } catch (err) {
      warn(`index cache: not restored (${(err as Error).message}); building the index from the branch`);
      for (const [local] of files) rmSync(local, { force: true });
      report.restored = false;
    }
  }
  const before = files.map(([local]) => signature(local));
  // Vector files from DIR are not the clone's own: gone once this search has used (and saved) them.
  const dropRestored = () => {
    for (const local of restoredVectors) rmSync(local, { force: true });
  };
  let result: R;
  try {
    result = await search();
  } catch (err) {
    dropRestored();
    throw err;
  }
  report.index = lastIndexOpen();
  try {
    dropStaleTemps(branchDir(store, dir));
    dropStaleTemps(join(branchDir(store, dir), 'vectors'));
    // Only files this search wrote (a new base, a new delta), and everything when DIR has no base.
    const dirHasBase = signature(files[0][1]) !== '-';
    let wrote = false;
    files.forEach(([local, cached], i) => {
      const now = signature(local);
      if (now === '-' || (dirHasBase && now === before[i] && !(i === 1 && wrote))) return;
      if (i === 0) mkdirSync(branchDir(store, dir), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER);
      if (n > 0) {
        report.bytesWritten += n;
        wrote = true;
      }
    });
    // A new base makes DIR's old delta useless (it names the old base build): drop it.
    if (wrote && signature(files[1][0]) === '-') rmSync(files[1][1], { force: true });
    // Vector files the search wrote (or that DIR lacks), including ones this search created.
    const now = opts.vectors === false ? [] : vectorPairs(store, dir);
    for (const [local, cached] of now) {
      const i = vectors.findIndex(([l]) => l === local);
      const sig = signature(local);
      if (sig === '-' || (i >= 0 && sig === vectorsBefore[i] && signature(cached) !== '-')) continue;
      mkdirSync(join(branchDir(store, dir), 'vectors'), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER);
      if (n > 0) report.bytesWritten += n;
    }
  } catch (err) {
    warn(`index cache: not saved (${(err as Error).message})`);
  }
  dropRestored();
  return { result, report };
}
