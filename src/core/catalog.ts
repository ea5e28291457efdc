import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import { join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import type { GitRepository } from '../git/repository.js';
import { oversizedFile } from './bounds.js';
import { memoryFromFile, type StoredMemory } from './memory.js';
import { copyWins, duplicateIdWarning } from './id.js';

// node:worker_threads is required on first use (a catalog read in a worker), not imported: every CLI
// start paid for loading it, and a store or a sync never starts a worker.
declare const require: (id: string) => unknown;
let workerLib: typeof WorkerThreads | undefined;
const workerThreads = () => (workerLib ??= require('node:worker_threads') as typeof WorkerThreads);

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
 * it (src/core/ops/update.ts), which would replace the original bytes for good.
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
  return `skipped ${path}: ${reason} (fix or delete the file on the memory branch; the other memories still read)`;
}

export function emptyCatalog(): Catalog {
  return { tree: null, entries: [], skipped: [], byId: new Map(), dupes: [] };
}

function withIndex(tree: string | null, entries: CatalogEntry[], skipped: SkippedFile[]): Catalog {
  const byId = new Map<string, CatalogEntry>();
  const losers: CatalogEntry[] = [];
  for (const e of entries) indexOne(byId, losers, e);
  return indexed(tree, entries, skipped, byId, losers);
}

/** {@link withIndex} a slice of entries per turn of the event loop (~0.1 s in one piece at 100,000). */
async function withIndexInSlices(tree: string | null, entries: CatalogEntry[], skipped: SkippedFile[]): Promise<Catalog> {
  const byId = new Map<string, CatalogEntry>();
  const losers: CatalogEntry[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (i % 5000 === 4999) await new Promise((r) => setImmediate(r));
    indexOne(byId, losers, entries[i]);
  }
  return indexed(tree, entries, skipped, byId, losers);
}

function indexOne(byId: Map<string, CatalogEntry>, losers: CatalogEntry[], e: CatalogEntry): void {
  // Two files claiming one id (a hand copy): one rule everywhere (src/core/id.ts, copyWins).
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
 * Builds the catalog for `tree`, reusing parsed entries from the previous catalog (in memory or on
 * disk) for every file whose blob id did not change, so a fetch of 100 memories parses 100 files.
 */
export function loadCatalog(
  repo: GitRepository,
  tree: string | null,
  opts: { dir: string; previous?: Catalog | null; warn?: (msg: string) => void; persist?: boolean; prefix?: string },
): Catalog {
  if (!tree) return emptyCatalog();
  if (opts.previous?.tree === tree) return opts.previous;
  const prefix = opts.prefix ?? MEMORIES_DIR;
  // Ids of files without one in their front matter derive from the path below memories/, so an
  // archived memory keeps its id.
  const idPath = (path: string) => (prefix === MEMORIES_DIR ? path : MEMORIES_DIR + path.slice(prefix.length));
  let prev: { tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] } | null = opts.previous ?? null;
  if (!prev) {
    const file = catalogFile(opts.dir, prefix);
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as CatalogFile;
      if (parsed.format === CATALOG_FORMAT && Array.isArray(parsed.entries)) {
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
  for (const blob of repo.listBlobs(tree, prefix)) {
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
  if (opts.persist !== false) {
    const body: CatalogFile = { format: CATALOG_FORMAT, tree, entries, skipped };
    // A read-only git dir still works, just without the cache (and so does a catalog too large for one string).
    writeCacheFile(catalogFile(opts.dir, prefix), (put) => put(Buffer.from(JSON.stringify(body))));
  }
  return catalog;
}

/**
 * The catalog cache file read by a worker thread and handed over in slices: the worker does the one
 * big JSON.parse (seconds at 100,000 memories, ~52 MB) and sends the entries back as JSON text of
 * {@link SLICE} entries at a time, and this thread parses one slice per event-loop turn. The total
 * work on this thread is about the same, but no single piece of it holds the loop for more than a
 * slice, so a long-lived process (`memory view`) keeps answering while it loads. The worker asks for
 * nothing: it is sent the path and its code is inline (no file to find next to a bundle).
 * Undefined when the file is missing, corrupt, of another format, or the worker could not run: the
 * caller falls back to {@link loadCatalog}.
 */
const SLICE = 500;
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
let parsed;
try { parsed = JSON.parse(readFileSync(workerData.file, 'utf8')); } catch { parsed = null; }
if (!parsed || parsed.format !== workerData.format || !Array.isArray(parsed.entries)) { parentPort.postMessage({ kind: 'none' }); }
else {
  const entries = parsed.entries;
  let at = 0;
  const next = () => {
    if (at >= entries.length) return parentPort.postMessage({ kind: 'end' }), parentPort.close();
    parentPort.postMessage({ kind: 'slice', json: JSON.stringify(entries.slice(at, at + workerData.slice)) });
    at += workerData.slice;
  };
  parentPort.postMessage({ kind: 'head', tree: parsed.tree ?? null, skipped: JSON.stringify(Array.isArray(parsed.skipped) ? parsed.skipped : []), count: entries.length });
  parentPort.on('message', next);
  next();
}
`;

export function readCatalogFileAsync(dir: string, prefix = MEMORIES_DIR, pace?: () => Promise<void>): Promise<{ tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] } | undefined> {
  return new Promise((resolve) => {
    let worker: WorkerThreads.Worker;
    try {
      worker = new (workerThreads().Worker)(READER, { eval: true, workerData: { file: catalogFile(dir, prefix), format: CATALOG_FORMAT, slice: SLICE } });
    } catch {
      return resolve(undefined);
    }
    worker.unref();
    let tree: string | null = null;
    let skipped: SkippedFile[] = [];
    const entries: CatalogEntry[] = [];
    let done = false;
    const finish = (v: { tree: string | null; entries: CatalogEntry[]; skipped: SkippedFile[] } | undefined) => {
      if (done) return;
      done = true;
      void worker.terminate();
      resolve(v);
    };
    worker.on('message', (m: { kind: string; tree?: string | null; skipped?: string; json?: string }) => {
      try {
        if (m.kind === 'none') return finish(undefined);
        if (m.kind === 'head') {
          tree = m.tree ?? null;
          skipped = JSON.parse(m.skipped ?? '[]') as SkippedFile[];
          return;
        }
        if (m.kind === 'end') return finish({ tree, entries, skipped });
        for (const e of JSON.parse(m.json ?? '[]') as CatalogEntry[]) entries.push(e);
        // The next slice when the caller lets it (a request in the foreground goes first).
        if (!pace) worker.postMessage(0);
        else void pace().then(() => worker.postMessage(0), () => finish(undefined));
      } catch {
        finish(undefined);
      }
    });
    worker.once('error', () => finish(undefined));
    worker.once('exit', () => finish(undefined));
  });
}

/**
 * {@link loadCatalog} without holding the event loop for the cache file's parse: the file comes in
 * through {@link readCatalogFileAsync}; a file of an older tree still serves as the previous catalog,
 * so only the files that changed since are parsed (on this thread, as in loadCatalog).
 */
export async function loadCatalogAsync(
  repo: GitRepository,
  tree: string | null,
  opts: { dir: string; previous?: Catalog | null; warn?: (msg: string) => void; prefix?: string; pace?: () => Promise<void> },
): Promise<Catalog> {
  const { pace, ...rest } = opts;
  if (!tree || opts.previous?.tree === tree) return loadCatalog(repo, tree, rest);
  const read = opts.previous ? undefined : await readCatalogFileAsync(opts.dir, opts.prefix, pace);
  if (read && read.tree === tree) return warnDupes(await withIndexInSlices(tree, read.entries, read.skipped), opts.warn);
  const previous = read ? { tree: read.tree, entries: read.entries, skipped: read.skipped, byId: new Map(), dupes: [] } : opts.previous;
  return loadCatalog(repo, tree, { ...rest, previous });
}
