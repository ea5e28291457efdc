import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import type { GitRepository } from '../git/repository.js';

/** The object reads a catalog is loaded with (a `GitRepository`, or a branch view's read-only `git`). */
export type CatalogSource = Pick<GitRepository, 'listBlobs' | 'readBlob'>;
import { shownName } from '../git/tree.js';
import { oversizedFile } from './bounds.js';
import { memoryFromFile, type StoredMemory } from './memory.js';
import { copyWins, duplicateIdWarning } from './id.js';

export const MEMORIES_DIR = 'memories';
/** Memories archived by `memory prune`: `archive/<path below memories/>`, out of default list and search. */
export const ARCHIVE_DIR = 'archive';
// 2: caches written before reads fell back to git may list a partial clone's unread blobs as skipped.
const CATALOG_FORMAT = 2;

export interface CatalogEntry {
  path: string;
  oid: string;
  memory: StoredMemory;
}

export interface SkippedFile {
  path: string;
  oid: string;
  reason: string;
}

/** Every memory on the branch at one tree, parsed. Derived data: cached, never a source of truth. */
export interface Catalog {
  tree: string | null;
  entries: CatalogEntry[];
  skipped: SkippedFile[];
  byId: Map<string, CatalogEntry>;
  /** Files that lost to another claiming the same id ({@link copyWins}): [id, path used, path ignored]. */
  dupes: Array<[string, string, string]>;
}

interface CatalogFile {
  format: number;
  tree: string | null;
  entries: CatalogEntry[];
  skipped: SkippedFile[];
}

/**
 * The text of a branch file. Bytes that are not UTF-8 (a Latin-1 edit, a binary) are decoded with
 * U+FFFD, as before, but never silently: the warning names the file, and an update refuses to rewrite
 * it (src/ops/update.ts), which would replace the original bytes for good.
 */
export function blobText(bytes: Buffer, path: string, warn: (message: string) => void): string {
  if (!isUtf8(bytes)) warn(notUtf8(path));
  return bytes.toString('utf8');
}

export function notUtf8(path: string): string {
  return `${path} is not valid UTF-8: shown with U+FFFD in place of the bad bytes; an update of it is refused (fix the file with git)`;
}

/** The warning for a file on the branch that cannot be read: which file, why, and what to do. */
export function unreadableFile(path: string, reason: string): string {
  return `skipped ${shownName(path)}: ${reason} (fix or delete the file on the memory branch; the other memories still read)`;
}

/**
 * Why a file whose name is not UTF-8 (a hand commit, another tool) is not read: no id, path or JSON
 * output can name it faithfully. Writers keep it byte for byte (src/git/tree.ts, decodeName); renaming
 * it with git makes it a memory again.
 */
export const RAW_NAME = 'its file name is not valid UTF-8, so it is not read as a memory; it is kept on the branch unchanged (rename it with git to read it)';

export function emptyCatalog(): Catalog {
  return { tree: null, entries: [], skipped: [], byId: new Map(), dupes: [] };
}

function withIndex(tree: string | null, entries: CatalogEntry[], skipped: SkippedFile[]): Catalog {
  const byId = new Map<string, CatalogEntry>();
  const losers: CatalogEntry[] = [];
  for (const e of entries) indexOne(byId, losers, e);
  return indexed(tree, entries, skipped, byId, losers);
}

/** {@link withIndex} in pieces of about {@link SLICE_MS} (~0.1 s in one piece at 100,000). */
async function withIndexInSlices(tree: string | null, entries: CatalogEntry[], skipped: SkippedFile[], pace?: () => Promise<void>): Promise<Catalog> {
  const byId = new Map<string, CatalogEntry>();
  const losers: CatalogEntry[] = [];
  const slice = slicer(pace);
  for (let i = 0; i < entries.length; i++) {
    if ((i & 255) === 255 && slice.due()) await slice.next();
    indexOne(byId, losers, entries[i]);
  }
  return indexed(tree, entries, skipped, byId, losers);
}

function indexOne(byId: Map<string, CatalogEntry>, losers: CatalogEntry[], e: CatalogEntry): void {
  // Two files claiming one id (a hand copy): one rule everywhere (src/model/id.ts, copyWins).
  const had = byId.get(e.memory.id);
  if (!had) byId.set(e.memory.id, e);
  else if (copyWins({ id: e.memory.id, path: e.path }, { id: had.memory.id, path: had.path })) {
    byId.set(e.memory.id, e);
    losers.push(had);
  } else losers.push(e);
}

function indexed(tree: string | null, entries: CatalogEntry[], skipped: SkippedFile[], byId: Map<string, CatalogEntry>, losers: CatalogEntry[]): Catalog {
  const dupes = losers.map((l) => [l.memory.id, (byId.get(l.memory.id) as CatalogEntry).path, l.path] as [string, string, string]);
  return { tree, entries, skipped, byId, dupes };
}

/** Says, once per catalog read, which file of each duplicated id is used. */
function warnDupes(c: Catalog, warn?: (msg: string) => void): Catalog {
  if (warn) for (const [id, used, ignored] of c.dupes) warn(duplicateIdWarning(id, used, ignored));
  return c;
}

/** Directory under the git dir for derived data of one branch. */
export function cacheDir(commonDir: string, branch: string): string {
  return join(commonDir, 'git-memory', encodeURIComponent(branch));
}

function catalogFile(dir: string, prefix: string): string {
  return join(dir, `catalog-${prefix === MEMORIES_DIR ? '' : prefix + '-'}v${CATALOG_FORMAT}.json`);
}

/**
 * The rows of a catalog file, checked before use by either loader: the file is derived data, but a cut
 * or hand-edited one (`"skipped":[null]`) made every read throw until it was deleted.
 */
function rowsOk(entries: unknown, skipped: unknown): boolean {
  if (!Array.isArray(entries) || !Array.isArray(skipped)) return false;
  for (const e of entries as CatalogEntry[]) if (!e || typeof e.path !== 'string' || typeof e.oid !== 'string' || !e.memory || typeof e.memory.id !== 'string') return false;
  for (const k of skipped as SkippedFile[]) if (!k || typeof k.path !== 'string' || typeof k.oid !== 'string' || typeof k.reason !== 'string') return false;
  return true;
}

/**
 * Builds the catalog for `tree`, reusing parsed entries from the previous catalog (in memory or on
 * disk) for every file whose blob id did not change, so a fetch of 100 memories parses 100 files.
 */
export function loadCatalog(
  repo: CatalogSource,
  tree: string | null,
  opts: { dir: string; previous?: Catalog | null; warn?: (msg: string) => void; persist?: boolean; prefix?: string; readFile?: boolean },
): Catalog {
  if (!tree) return emptyCatalog();
  if (opts.previous?.tree === tree) return opts.previous;
  const prefix = opts.prefix ?? MEMORIES_DIR;
  // Ids of files without one in their front matter derive from the path below memories/, so an
  // archived memory keeps its id.
  const idPath = (path: string) => (prefix === MEMORIES_DIR ? path : MEMORIES_DIR + path.slice(prefix.length));
  let prev: { tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] } | null = opts.previous ?? null;
  // readFile false: loadCatalogAsync read (and refused) the file already; a second, synchronous read
  // would hold the event loop for the very parse it avoids, and could trust what it refused.
  if (!prev && opts.readFile !== false) {
    const file = catalogFile(opts.dir, prefix);
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as CatalogFile;
      if (parsed.format === CATALOG_FORMAT && Array.isArray(parsed.entries) && rowsOk(parsed.entries, parsed.skipped ?? [])) {
        if (parsed.tree === tree) return warnDupes(withIndex(tree, parsed.entries, parsed.skipped ?? []), opts.warn);
        prev = parsed;
      }
    } catch {
      /* missing or corrupt: rebuilt below */
    }
  }
  const known = new Map<string, CatalogEntry>();
  for (const e of prev?.entries ?? []) known.set(`${e.path}\0${e.oid}`, e);
  const knownSkips = new Map<string, SkippedFile>();
  for (const s of prev?.skipped ?? []) knownSkips.set(`${s.path}\0${s.oid}`, s);

  const entries: CatalogEntry[] = [];
  const skipped: SkippedFile[] = [];
  const warn = opts.warn ?? (() => {});
  const raw: SkippedFile[] = [];
  const blobs = repo.listBlobs(tree, prefix, (path, oid) => path.endsWith('.md') && raw.push({ path, oid, reason: RAW_NAME }));
  for (const s of raw) {
    skipped.push(s);
    warn(unreadableFile(s.path, s.reason));
  }
  for (const blob of blobs) {
    if (!blob.path.endsWith('.md')) continue;
    const key = `${blob.path}\0${blob.oid}`;
    const hit = known.get(key);
    if (hit) {
      entries.push(hit);
      continue;
    }
    const skip = knownSkips.get(key);
    if (skip) {
      skipped.push(skip);
      warn(unreadableFile(skip.path, skip.reason));
      continue;
    }
    // A blob that cannot be read (a partial clone's remote unreachable) fails the whole read: it is not
    // the file's fault, so it is never recorded as skipped (that record is cached).
    const bytes = repo.readBlob(blob.oid);
    try {
      // Over the cap: skipped before the bytes become a string (see MAX_BRANCH_FILE_BYTES).
      const tooLarge = oversizedFile(bytes.length);
      if (tooLarge) throw new Error(tooLarge);
      const memory = memoryFromFile(idPath(blob.path), blobText(bytes, blob.path, warn), warn);
      memory.path = blob.path;
      entries.push({ path: blob.path, oid: blob.oid, memory });
    } catch (err) {
      const reason = (err as Error).message;
      skipped.push({ path: blob.path, oid: blob.oid, reason });
      warn(unreadableFile(blob.path, reason));
    }
  }
  const catalog = warnDupes(withIndex(tree, entries, skipped), opts.warn);
  // A read-only git dir still works, just without the cache.
  if (opts.persist !== false) writeCatalogCache(opts.dir, prefix, { tree, entries, skipped });
  return catalog;
}

/**
 * The cache file, one entry per line: `{"format":2,"tree":…,"skipped":[…],"entries":[` on the first
 * line, then each entry on a line of its own (a `,` at its end but the last), then `]}`. Still one
 * JSON document (the synchronous loader and older versions parse it whole), but a reader that must
 * not hold the event loop can find entry boundaries with a newline search (JSON.stringify never
 * writes a raw newline) and parse a few at a time ({@link readCatalogFileAsync}). Written in pieces:
 * no 52 MB string at 100,000 memories.
 */
export function writeCatalogCache(dir: string, prefix: string, body: { tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] }): number {
  return writeCacheFile(catalogFile(dir, prefix), (put) => {
    const { entries } = body;
    put(Buffer.from(`{"format":${CATALOG_FORMAT},"tree":${JSON.stringify(body.tree)},"skipped":${JSON.stringify(body.skipped)},"entries":[\n`));
    for (let i = 0; i < entries.length; i += 1000) {
      const part = entries.slice(i, i + 1000).map((e) => JSON.stringify(e));
      put(Buffer.from(part.join(',\n') + (i + 1000 < entries.length ? ',\n' : '\n')));
    }
    put(Buffer.from(']}\n'));
  });
}

/** How long a piece of the background load may hold the event loop before it lets others run (ms). */
export const SLICE_MS = 15;

/**
 * Cuts a long loop into pieces of about {@link SLICE_MS}: `due()` (cheap, called per item) says when
 * the piece has run long enough, then `await next()` lets the loop turn (or waits while `pace` says
 * so: a page being made in the foreground goes first).
 */
export function slicer(pace?: () => Promise<void>): { due(): boolean; next(): Promise<void> } {
  let from = performance.now();
  return {
    due: () => performance.now() - from >= SLICE_MS,
    next: async () => {
      await (pace ? pace() : new Promise<void>((r) => setImmediate(r)));
      from = performance.now();
    },
  };
}

/**
 * The catalog cache file without holding the event loop for its parse (~1 s in one piece at 100,000
 * memories, ~52 MB): the file is read off this thread, then its entries are parsed a few at a time,
 * with a turn of the loop every {@link SLICE_MS}. Entry boundaries come from the layout
 * {@link writeCatalogCache} writes (one entry per line); a file of the older layout (the whole
 * document on one line) is cut by a scan that follows JSON strings and nesting. Undefined when the
 * file is missing, corrupt or of another format: the caller rebuilds from the branch ({@link loadCatalog}
 * without a second read of the file).
 *
 * Why not a worker thread (an earlier version): the entries must end up as objects on this thread,
 * so the worker saved nothing, and handing them over (JSON text per slice, parsed again here) made the
 * load 2.4x longer than one synchronous parse at 100,000 memories.
 */
export async function readCatalogFileAsync(dir: string, prefix = MEMORIES_DIR, pace?: () => Promise<void>): Promise<{ tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] } | undefined> {
  let buf: Buffer;
  try {
    buf = await readWhole(catalogFile(dir, prefix));
  } catch {
    return undefined;
  }
  try {
    const slice = slicer(pace);
    const entries: CatalogEntry[] = [];
    let n = 0;
    // Parses one entry; true when the piece has run its time (checked every few entries:
    // performance.now() per entry would cost more than it saves). An await only then, not per entry.
    const add = (json: string): boolean => {
      entries.push(JSON.parse(json) as CatalogEntry);
      return (++n & 31) === 0 && slice.due();
    };
    const nl = buf.indexOf(10);
    const first = nl < 0 ? '' : buf.toString('utf8', 0, nl);
    let tree: string | null;
    let skipped: SkippedFile[];
    if (first.endsWith('"entries":[')) {
      const head = JSON.parse(first + ']}') as CatalogFile;
      if (head.format !== CATALOG_FORMAT || !Array.isArray(head.skipped)) return undefined;
      tree = head.tree ?? null;
      skipped = head.skipped;
      // Decoded ~1 MB of whole lines at a time (a newline byte is never part of a UTF-8 sequence):
      // one decode per entry cost ~0.4 s more at 100,000, one of the whole file is a stall of its own.
      let closed = false;
      for (let at = nl + 1; at < buf.length && !closed; ) {
        let end = buf.lastIndexOf(10, Math.min(buf.length, at + REGION) - 1);
        if (end < at) end = buf.indexOf(10, at);
        if (end < 0) end = buf.length;
        const text = buf.toString('utf8', at, end);
        at = end + 1;
        for (let p = 0; p < text.length && !closed; ) {
          const eol = text.indexOf('\n', p);
          const e = eol < 0 ? text.length : eol;
          if (text.charCodeAt(p) === 123 /* { */) {
            if (add(text.slice(p, text.charCodeAt(e - 1) === 44 /* , */ ? e - 1 : e))) await slice.next();
          } else if (text.slice(p, e) === ']}') {
            // Nothing but the final newline after `]}`: like JSON.parse in the synchronous loader, a
            // persisted format does not ignore bytes it did not write (two files run together).
            if (!jsonSpace(text.slice(e + 1)) || !jsonSpace(buf.toString('latin1', at))) return undefined;
            closed = true;
          } else return undefined;
          p = e + 1;
        }
      }
      if (!closed) return undefined;
    } else {
      // The older layout, the whole document on one line (`{"format":2,"tree":…,"entries":[{…},{…}],"skipped":[…]}`,
      // keys in any order): the top-level members walked, each entry parsed on its own. Decoded ~1 MB at a
      // time too (one decode of 52 MB is a stall of its own): an entry cut by a piece's end waits for the next.
      let decoded = 0;
      let text = '';
      const more = (): boolean => {
        if (decoded >= buf.length) return false;
        let end = Math.min(buf.length, decoded + REGION);
        while (end < buf.length && (buf[end] & 0xc0) === 0x80) end--; // not inside a UTF-8 sequence
        text += buf.toString('utf8', decoded, end);
        decoded = end;
        return true;
      };
      // The value at `p` complete in `text` (more decoded as needed): where it ends, or -1.
      const whole = (p: number): number => {
        for (;;) {
          const e = valueEnd(text, p);
          if (e >= 0 && (e < text.length || decoded >= buf.length)) return e;
          if (!more()) return -1;
        }
      };
      more();
      const head: Record<string, unknown> = {};
      let p = 1;
      if (text.charCodeAt(0) !== 123) return undefined;
      while (text.charCodeAt(p) === 34 /* " */) {
        const keyEnd = whole(p);
        if (keyEnd < 0 || text.charCodeAt(keyEnd) !== 58 /* : */) return undefined;
        const key = JSON.parse(text.slice(p, keyEnd)) as string;
        p = keyEnd + 1;
        if (p >= text.length) more();
        if (key === 'entries' && text.charCodeAt(p) === 91 /* [ */) {
          if (++p >= text.length) more();
          while (text.charCodeAt(p) === 123) {
            const e = whole(p);
            if (e < 0) return undefined;
            if (add(text.slice(p, e))) await slice.next();
            p = text.charCodeAt(e) === 44 /* , */ ? e + 1 : e;
            // Drop what is parsed: the text held stays ~1 MB.
            if (p > REGION) {
              text = text.slice(p);
              p = 0;
            }
            if (p >= text.length) more();
          }
          if (text.charCodeAt(p++) !== 93 /* ] */) return undefined;
          head.entries = true;
        } else {
          const e = whole(p);
          if (e < 0) return undefined;
          head[key] = JSON.parse(text.slice(p, e));
          p = e;
        }
        if (p >= text.length) more();
        if (text.charCodeAt(p) === 44) p++;
        if (p + 1 >= text.length) more();
      }
      while (more());
      if (text.slice(p).trim() !== '}' || head.format !== CATALOG_FORMAT || head.entries !== true) return undefined;
      tree = (head.tree as string | null | undefined) ?? null;
      skipped = Array.isArray(head.skipped) ? (head.skipped as SkippedFile[]) : [];
    }
    if (!rowsOk(entries, skipped)) return undefined;
    return { tree, entries, skipped };
  } catch {
    return undefined;
  }
}

const REGION = 1 << 20;

/** Only the whitespace JSON allows around a document (what JSON.parse accepts after it). */
const jsonSpace = (text: string): boolean => /^[ \t\r\n]*$/.test(text);

/**
 * A file's bytes read off this thread in one read call where the system allows: fs.promises.readFile
 * reads in pieces of 512 KiB, ~100 round trips through the thread pool for a 52 MB file, each a wait
 * for this thread to be scheduled again (seconds on a loaded machine).
 */
async function readWhole(file: string): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const size = (await fh.stat()).size;
    const buf = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const { bytesRead } = await fh.read(buf, got, size - got, got);
      if (!bytesRead) break;
      got += bytesRead;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

/** Where the JSON value at `from` ends (a string, object, array or literal, as JSON.stringify writes them); -1 if it does not. */
function valueEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* backslash */) i++;
      if (depth === 0) return i < text.length ? i + 1 : -1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (c === 44 && depth === 0) return i;
  }
  return depth === 0 ? text.length : -1;
}

/**
 * {@link loadCatalog} without holding the event loop for the cache file's parse: the file comes in
 * through {@link readCatalogFileAsync}; a file of an older tree still serves as the previous catalog,
 * so only the files that changed since are parsed (on this thread, as in loadCatalog).
 */
export async function loadCatalogAsync(
  repo: CatalogSource,
  tree: string | null,
  opts: { dir: string; previous?: Catalog | null; warn?: (msg: string) => void; prefix?: string; pace?: () => Promise<void> },
): Promise<Catalog> {
  const { pace, ...rest } = opts;
  if (!tree || opts.previous?.tree === tree) return loadCatalog(repo, tree, rest);
  const read = opts.previous ? undefined : await readCatalogFileAsync(opts.dir, opts.prefix, pace);
  if (read && read.tree === tree) return warnDupes(await withIndexInSlices(tree, read.entries, read.skipped, pace), opts.warn);
  const previous = read ? { tree: read.tree, entries: read.entries, skipped: read.skipped, byId: new Map(), dupes: [] } : opts.previous;
  // One read of the file: missing or refused above, it is rebuilt from the branch, not read again.
  return loadCatalog(repo, tree, { ...rest, previous, readFile: false });
}
