import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readSync, rmSync, statSync, constants as fsConstants } from 'node:fs';
import { basename, join } from 'node:path';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { writeCacheFile } from '../git/atomic-file.js';
import { crc32 } from '../git/crc32.js';
import { vectorCacheLayoutOk } from '../vector/store-vectors.js';
import { hasUsableIndex, indexFiles, markRestored, unmarkRestored } from './index-files.js';
import { lastIndexOpen } from './index-build.js';
import { readHeader } from './segment/codec.js';
import { MAGIC } from './segment/format.js';

/**
 * The search index carried between CI jobs: `--index-cache DIR` / MEMORY_INDEX_CACHE.
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
 * The document table is checked against the branch; the terms are not (that is re-analysing every
 * memory). With MEMORY_INDEX_CACHE_KEY every saved index file is signed (`<file>.mac`, HMAC-SHA256)
 * and only signed files are restored; without one, a restored index serves its search and is then
 * removed from the clone, so a crafted DIR never becomes the clone's own index.
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
  /** Signs saved files and requires the signature of restored ones (default: $MEMORY_INDEX_CACHE_KEY; empty or unset: unsigned). */
  key?: string;
}

/** Removes an index file of the clone and the files beside it (`restored-`, `verified-`, `newest-`, `counts-`, `bounds-`). */
function dropLocal(file: string): void {
  for (const f of [file, ...['restored-', 'verified-', 'newest-', 'counts-', 'bounds-'].map((p) => join(file, '..', p + basename(file)))]) rmSync(f, { force: true });
}

function branchDir(store: ReadonlyBranch, dir: string): string {
  // The same per-branch folder name as under the git dir (src/model/catalog.ts cacheDir).
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

/** Reads `len` bytes at `pos` of an open file; null when fewer are there. */
type ReadAt = (pos: number, len: number) => Buffer | null;

/**
 * A check of a file's layout from its first bytes, before anything is copied: throws when the file
 * is not what its name says. May name a CRC-32 the bytes from `crcFrom` on must have, checked as they
 * are copied (a mismatch fails the copy; nothing is kept in memory).
 */
type LayoutCheck = (read: ReadAt, size: number) => { crcFrom: number; crc: number } | null;

/** Longest segment header accepted (the JSON of tag, category and scope names and second copies). */
const MAX_SEGMENT_HEADER_BYTES = 256 * 1024 * 1024;

/**
 * A search segment (`search-v<N>.base|delta`): magic and header length read first (8 bytes), then the
 * header and its claims (format, the file's size exactly header + data); the data's CRC-32 is checked
 * during the copy. Two sparse files of 2 GB were copied whole (36 s, 2.1 GB of memory) before the
 * magic number was looked at.
 */
const segmentLayout: LayoutCheck = (read, size) => {
  const head = size >= 8 ? read(0, 8) : null;
  if (!head || head.readUInt32LE(0) !== MAGIC) throw new Error('not an index segment');
  if (head.readUInt32LE(4) > MAX_SEGMENT_HEADER_BYTES) throw new Error('its header is over the bound');
  const { h, start } = readHeader(read, size);
  return typeof h.crc === 'number' ? { crcFrom: start, crc: h.crc } : null;
};

/** A vector cache file: its layout ({@link vectorCacheLayoutOk}); its checksum is the loader's. */
const vectorLayout: LayoutCheck = (read, size) => {
  if (!vectorCacheLayoutOk(read, size)) throw new Error('not a vector cache file of this format');
  return null;
};

interface CopyOptions {
  check?: LayoutCheck;
  /** Key of an HMAC-SHA256 over `macName` and the bytes copied, returned as hex. */
  macKey?: Buffer | null;
  macName?: string;
}

/**
 * Copies `from` (a regular file of at most `max` bytes, never a link) to `to` atomically: the bytes
 * copied and their MAC (with `macKey`), or null when `from` does not exist (or `to` could not be
 * written). With `check`, the layout is checked from the file's first bytes before the copy.
 */
function copyBounded(from: string, to: string, max: number, opts: CopyOptions = {}): { bytes: number; mac: string | null } | null {
  let st;
  try {
    st = lstatSync(from);
  } catch {
    return null;
  }
  if (!st.isFile()) throw new Error(`${basename(from)} is not a regular file`);
  if (st.size > max) throw new Error(`${basename(from)} is ${st.size} bytes, over the ${max}-byte bound`);
  const fd = openSync(from, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
    const readAt: ReadAt = (pos, len) => {
      if (pos + len > size) return null;
      const b = Buffer.allocUnsafe(len);
      return readSync(fd, b, 0, len, pos) === len ? b : null;
    };
    let sum: { crcFrom: number; crc: number } | null = null;
    if (opts.check) {
      try {
        sum = opts.check(readAt, size);
      } catch (err) {
        throw new Error(`${basename(from)} is not what its name says (${(err as Error).message})`);
      }
    }
    const mac = opts.macKey ? createHmac('sha256', opts.macKey).update(`${opts.macName ?? basename(from)}\0`) : null;
    let copied = 0;
    let crc = 0;
    // writeCacheFile turns any failure into "not written" (0): why the copy was refused is kept here.
    let refused: string | null = null;
    const refuse = (why: string): never => {
      refused = why;
      throw new Error(why);
    };
    const written = writeCacheFile(to, (write) => {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const n = readSync(fd, buf, 0, buf.length, copied);
        if (n <= 0) break;
        const chunk = buf.subarray(0, n);
        if (sum && copied + n > sum.crcFrom) crc = crc32(chunk.subarray(Math.max(0, sum.crcFrom - copied)), crc);
        copied += n;
        if (copied > max) refuse(`${basename(from)} grew over the ${max}-byte bound`);
        mac?.update(chunk);
        write(chunk);
      }
      if (copied !== size) refuse(`${basename(from)} changed while it was copied`);
      if (sum && crc >>> 0 !== sum.crc >>> 0) refuse(`${basename(from)} failed its checksum`);
    });
    if (refused) throw new Error(refused);
    return written ? { bytes: copied, mac: mac ? mac.digest('hex') : null } : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The key that signs the index files saved to DIR and is required of the ones restored from it
 * (`MEMORY_INDEX_CACHE_KEY`, or the `key` option): null without one. With a key, a file in DIR is
 * restored only when `<file>.mac` holds its HMAC-SHA256 under that key, which only a job holding the
 * key can write: a DIR crafted without it (terms of a memory removed, boosts changed) is a miss, not
 * a hidden memory.
 */
function cacheKey(opts: IndexCacheOptions): Buffer | null {
  const k = opts.key ?? process.env.MEMORY_INDEX_CACHE_KEY ?? '';
  return k ? Buffer.from(k, 'utf8') : null;
}

const MAC_FILE = (file: string) => `${file}.mac`;

/** The MAC DIR holds for `cached` (64 hex digits), or null. */
function savedMac(cached: string): Buffer | null {
  try {
    const f = MAC_FILE(cached);
    const st = lstatSync(f);
    if (!st.isFile() || st.size > 200) return null;
    const text = readFileSync(f, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, 'hex') : null;
  } catch {
    return null;
  }
}

/** What a file's MAC covers besides its bytes: the branch folder and the file name (a base is not a delta). */
const macName = (cached: string) => `${basename(join(cached, '..'))}/${basename(cached)}`;

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
  const key = cacheKey(opts);
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
      const n = copyBounded(cached, local, max, { check: vectorLayout })?.bytes ?? -1;
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
        const copied = copyBounded(cached, local, max, { check: segmentLayout, macKey: key, macName: macName(cached) });
        if (copied && key) {
          const want = savedMac(cached);
          if (!want || !timingSafeEqual(want, Buffer.from(copied.mac as string, 'hex'))) throw new Error(`${basename(cached)} is not signed with this MEMORY_INDEX_CACHE_KEY`);
        }
        const n = copied?.bytes ?? -1;
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
      const copied = copyBounded(local, cached, Number.MAX_SAFE_INTEGER, { macKey: key, macName: macName(cached) });
      const n = copied?.bytes ?? 0;
      // Without a key no MAC is left behind: a stale one would name other bytes.
      if (copied?.mac) writeCacheFile(MAC_FILE(cached), copied.mac + '\n');
      else if (copied) rmSync(MAC_FILE(cached), { force: true });
      if (n > 0) {
        report.bytesWritten += n;
        wrote = true;
      }
    });
    // A new base makes DIR's old delta useless (it names the old base build): drop it.
    if (wrote && signature(files[1][0]) === '-') {
      rmSync(files[1][1], { force: true });
      rmSync(MAC_FILE(files[1][1]), { force: true });
    }
    // Vector files the search wrote (or that DIR lacks), including ones this search created.
    const now = opts.vectors === false ? [] : vectorPairs(store, dir);
    for (const [local, cached] of now) {
      const i = vectors.findIndex(([l]) => l === local);
      const sig = signature(local);
      if (sig === '-' || (i >= 0 && sig === vectorsBefore[i] && signature(cached) !== '-')) continue;
      mkdirSync(join(branchDir(store, dir), 'vectors'), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER)?.bytes ?? 0;
      if (n > 0) report.bytesWritten += n;
    }
  } catch (err) {
    warn(`index cache: not saved (${(err as Error).message})`);
  }
  dropRestored();
  // Without a key nothing shows that DIR's terms are the branch's: a restored index (and whatever this
  // search built on it) served this search and leaves the clone, so a crafted DIR never reaches the
  // clone's own index, nor a later base or delta built from it there.
  if (report.restored && !key && report.index !== 'full') for (const [local] of files) dropLocal(local);
  return { result, report };
}
