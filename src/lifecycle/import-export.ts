import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MEMORIES_DIR } from '../model/catalog.js';
import { BinaryContentError, ExportIncompleteError, InvalidInputError, MemoryError } from '../errors.js';
import { idTime, isValidId, newId, pathFor } from '../model/id.js';
import { isPriority, isUndated, memoryFromFile, memoryToFile, normalizeTags, parseTime, UNDATED, validateContent, type StoredMemory } from '../model/memory.js';
import { setOwn } from '../model/codec.js';
import { checkLabel, checkMetadata, checkTime, IMPORT_BATCH, InputTooLargeError, maxImportBytes, readBoundedFile } from '../model/bounds.js';
import type { ReadonlyBranch, ReadonlyStoreBranch, StoreBranch } from '../model/branch-view.js';
import { BlobCompressor, type CompressedBlob } from './blob-compressor.js';
import { writeBlobPack } from '../git/pack-write.js';
import { contentHash, keyOf, loadFingerprints, primeFingerprints, UPSERT_KEY_FIELD, type Fingerprint } from '../guards/fingerprints.js';
import { ARCHIVE_DIR, archivePathFor } from './prune.js';
import { guardWrite, guardOptions } from '../guards/write.js';
import { maskSecrets } from '../model/secrets.js';
import { safeText } from '../model/error-format.js';

/** One line (or file) that could not be imported. */
export interface ImportError {
  /** 1-based line of the JSONL input, or the file name for `--from-pi`. */
  line: number | string;
  code: string;
  message: string;
}

export interface ImportOptions {
  /** Import nothing if any record is invalid. */
  strict?: boolean;
  allowSecret?: boolean;
  redact?: boolean;
  /** Derive tags for records without any. Default false: imported data is kept as it is. */
  autoTag?: boolean;
  /** Records per commit; a huge import becomes a few large commits. Default {@link IMPORT_BATCH}. */
  batchSize?: number;
  /** Compute and report, write nothing. */
  dryRun?: boolean;
  /** Called as blobs are written: done, total (the records read so far: it grows as the input is read). */
  onProgress?: (done: number, total: number) => void;
  /**
   * A file import: called as the file is read, with the bytes read and the file's size, a true total
   * from the start (onProgress's total only counts what has been read, so a bar of it is always full).
   */
  onBytes?: (read: number, size: number) => void;
  /** Where the records came from, for the commit message. */
  sourceName?: string;
}

export interface ImportResult {
  success: true;
  imported: number;
  /** Records whose content (or id) was already on the branch or earlier in the input. */
  duplicates: number;
  /** Invalid records, each with its line; they were skipped (or, with `strict`, nothing was written). */
  errors: ImportError[];
  ids: string[];
  commits: string[];
}

/** A record in the seed's field names. Unknown fields are kept in the front matter. */
export type ImportRecord = Record<string, unknown>;

const KNOWN = new Set(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'updated', 'scope', 'metadata', 'expires', UPSERT_KEY_FIELD, 'relevance', 'path', 'archived']);

function isoOrThrow(v: unknown, field: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const t = typeof v === 'number' ? v : parseTime(String(v));
  if (typeof v !== 'string' && typeof v !== 'number') throw new InvalidInputError(`${field} must be an ISO 8601 date`, { field });
  if (!Number.isFinite(t)) throw new InvalidInputError(`${field} is not a date: ${JSON.stringify(String(v).slice(0, 80))}`, { field });
  // Outside 1970..2999 a file lands under memories/-1-01/ or gets a broken id: refused per record.
  return checkTime(new Date(t), field).toISOString();
}

/** Seed ids are kept when valid here; others are made valid (lowercased, stripped) and the original recorded. */
export function importId(raw: unknown): { id: string; original?: string } | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (isValidId(raw)) return { id: raw };
  const s = String(raw);
  const body = s.replace(/^mem[_-]?/i, '').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 64);
  if (!body) throw new InvalidInputError(`id ${JSON.stringify(s)} has no usable characters`, { field: 'id' });
  return { id: `mem_${body}`, original: s };
}

/** The settings every record is checked with: the caller's options and the branch's config. */
export type RecordSettings = ImportOptions & { maxContentBytes: number; secretGuard: 'block' | 'redact' | 'off'; defaultCategory: string; defaultPriority: 'low' | 'medium' | 'high' };

/** A JSON object (not null, not an array): what a record's `metadata` must be. */
function isObjectRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Turns one record into a memory file, applying the same checks as `memory store`. */
export function recordToMemory(store: Pick<ReadonlyBranch, 'now'>, rec: ImportRecord | undefined, opts: RecordSettings): StoredMemory {
  if (!rec || typeof rec !== 'object' || Array.isArray(rec)) throw new InvalidInputError('each record must be a JSON object', { field: 'record' });
  const raw = validateContent(rec.content, opts.maxContentBytes);
  const { priority, metadata: meta, category, scope } = rec;
  if (priority !== undefined && !isPriority(priority)) throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(priority)}`, { field: 'priority' });
  if (rec.tags !== undefined && !Array.isArray(rec.tags) && typeof rec.tags !== 'string') throw new InvalidInputError('tags must be a list of strings', { field: 'tags' });
  if (meta !== undefined && !isObjectRecord(meta)) throw new InvalidInputError('metadata must be an object', { field: 'metadata' });
  if (category !== undefined && typeof category !== 'string') throw new InvalidInputError('category must be a string', { field: 'category' });
  if (scope !== undefined && scope !== null && typeof scope !== 'string') throw new InvalidInputError('scope must be a string', { field: 'scope' });
  checkLabel(category, 'category');
  checkLabel(scope, 'scope');
  // The epoch itself is how export writes an undated memory (a file with no timestamp and no time in
  // its id): it stays undated, so export then import gives back what `list` showed.
  const timestamp = rec.timestamp === UNDATED ? UNDATED : isoOrThrow(rec.timestamp, 'timestamp') ?? store.now().toISOString();
  const updated = isoOrThrow(rec.updated, 'updated');
  const expires = isoOrThrow(rec.expires, 'expires');
  checkMetadata(rec.metadata);
  let idInfo = importId(rec.id);
  // Every field that reaches the file goes through the guard: extra fields, the upsert key and the
  // original id (kept as metadata.original_id) included; tags as given, before lowercasing.
  const extraIn: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) if (!KNOWN.has(k) && v !== undefined) setOwn(extraIn, k, v);
  if (typeof rec[UPSERT_KEY_FIELD] === 'string' && rec[UPSERT_KEY_FIELD]) extraIn[UPSERT_KEY_FIELD] = rec[UPSERT_KEY_FIELD];
  if (rec.id !== undefined && rec.id !== null && rec.id !== '') extraIn.original_id = String(rec.id);
  const g = guardWrite(
    { content: raw, tags: rec.tags, category, scope: scope ?? undefined, metadata: meta, extra: extraIn },
    { ...guardOptions({ secretGuard: opts.secretGuard }, { allowSecret: opts.allowSecret, redact: opts.redact }), autoTag: !!opts.autoTag },
  );
  const { original_id: guardedOriginal, [UPSERT_KEY_FIELD]: guardedKey, ...extra } = g.extra ?? {};
  // A masked id (--redact) is not kept, not even lowercased inside a new id.
  if (rec.id !== undefined && rec.id !== null && rec.id !== '' && guardedOriginal !== String(rec.id)) idInfo = { id: newId(Date.parse(timestamp)), original: String(guardedOriginal) };
  const id = idInfo?.id ?? newId(Date.parse(timestamp));
  const metadata: Record<string, unknown> = { ...(g.metadata ?? {}) };
  if (idInfo?.original) metadata.original_id = idInfo.original;
  if (expires) extra.expires = expires;
  if (guardedKey !== undefined) extra[UPSERT_KEY_FIELD] = guardedKey;
  const m: StoredMemory = {
    id,
    content: g.content,
    tags: g.tags,
    category: g.category?.trim() || opts.defaultCategory,
    priority: priority ?? opts.defaultPriority,
    timestamp,
    metadata,
    // An exported archived memory goes back to the archive (export --archived round-trips).
    path: rec.archived === true ? archivePathFor(pathFor(id, timestamp)) : pathFor(id, timestamp),
    extra,
  };
  if (updated) m.updated = updated;
  if (g.scope) m.scope = g.scope;
  return m;
}

/** Splits JSONL (or a JSON array / `{ memories: [...] }` document, as `export --format json` writes). */
export function parseRecords(text: string): Array<{ line: number; record?: ImportRecord; error?: ImportError }> {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && /^\{\s*"(?:success|memories)"/.test(trimmed))) {
    try {
      const doc = JSON.parse(trimmed) as unknown;
      const list = Array.isArray(doc) ? doc : (doc as { memories?: unknown }).memories;
      if (Array.isArray(list)) return list.map((record, i) => ({ line: i + 1, record: record as ImportRecord }));
    } catch {
      /* not one JSON document: read as JSONL below */
    }
  }
  const out: Array<{ line: number; record?: ImportRecord; error?: ImportError }> = [];
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line++;
    const s = text.slice(start, end).trim();
    start = end + 1;
    if (!s) continue;
    try {
      out.push({ line, record: JSON.parse(s) as ImportRecord });
    } catch (err) {
      out.push({ line, error: { line, code: 'INVALID_INPUT', message: `not valid JSON: ${(err as Error).message}` } });
    }
  }
  return out;
}

/**
 * The seed's store: a directory of `mem_*.json` files plus `index.json` (tags and categories to
 * ids). Accepts the directory itself, or a parent holding `memories/` (e.g. `.pi/`).
 */
export function readPiDirectory(dir: string): Array<{ line: string; record?: ImportRecord; error?: ImportError }> {
  let base = dir;
  try {
    if (!statSync(base).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new InvalidInputError(`not a directory: ${dir}`, { field: 'from-pi' });
  }
  const names = () => readdirSync(base).filter((n) => /^mem_.*\.json$/.test(n));
  if (!names().length) {
    for (const sub of ['memories', join('.pi', 'memories')]) {
      try {
        if (statSync(join(dir, sub)).isDirectory()) {
          base = join(dir, sub);
          break;
        }
      } catch {
        /* try the next */
      }
    }
  }
  const files = names().sort();
  let index: { tags?: Record<string, string[]>; categories?: Record<string, string[]> } = {};
  try {
    index = JSON.parse(readFileSync(join(base, 'index.json'), 'utf8'));
  } catch {
    /* optional: the memory files carry every field */
  }
  // index.json maps tag → ids; a memory file without tags gets them back from there.
  const tagsOf = new Map<string, string[]>();
  for (const [tag, ids] of Object.entries(index.tags ?? {})) if (Array.isArray(ids)) for (const id of ids) tagsOf.set(String(id), [...(tagsOf.get(String(id)) ?? []), tag]);
  const catOf = new Map<string, string>();
  for (const [cat, ids] of Object.entries(index.categories ?? {})) if (Array.isArray(ids)) for (const id of ids) catOf.set(String(id), cat);
  return files.map((name) => {
    try {
      const rec = JSON.parse(readFileSync(join(base, name), 'utf8')) as ImportRecord;
      if (rec && typeof rec === 'object' && !Array.isArray(rec)) {
        const id = String(rec.id ?? basename(name, '.json'));
        if (rec.id === undefined) rec.id = id;
        if ((rec.tags === undefined || (Array.isArray(rec.tags) && !rec.tags.length)) && tagsOf.has(id)) rec.tags = tagsOf.get(id);
        if (rec.category === undefined && catOf.has(id)) rec.category = catOf.get(id);
        rec.metadata = { ...((rec.metadata as object) ?? {}), imported_from: 'pi' };
      }
      return { line: name, record: rec };
    } catch (err) {
      return { line: name, error: { line: name, code: 'INVALID_INPUT', message: `not valid JSON: ${(err as Error).message}` } };
    }
  });
}

/** An input item: a record, or a line that could not be read as one. */
export type ImportItem = { line: number | string; record?: ImportRecord; error?: ImportError };

/** No record line is longer than this (64 KiB of content, escaped, plus metadata and tags). */
const MAX_IMPORT_LINE_CHARS = 4 * 1024 * 1024;

/**
 * Cap on a file import, read in slices (so memory stays bounded whatever the size): env
 * MEMORY_MAX_IMPORT_BYTES, else 4 GiB, which holds a million memories with room to spare.
 */
function maxStreamedImportBytes(env: NodeJS.ProcessEnv = process.env): number {
  return env.MEMORY_MAX_IMPORT_BYTES ? maxImportBytes(env) : 4 * 1024 ** 3;
}

function prescanImportFile(fd: number, what: string): void {
  const limit = maxStreamedImportBytes();
  // Each chunk is validated up to the start of its last character (which the read may have cut),
  // that character carried into the next chunk. isUtf8 checks without building strings (decoding
  // every chunk to a string was 4% of an import of 100,000 memories).
  const buf = Buffer.allocUnsafe((1 << 22) + 4);
  let carry = 0;
  let total = 0;
  let sinceNl = 0;
  for (;;) {
    const n = readSync(fd, buf, carry, buf.length - carry, total);
    if (n === 0) break;
    const c = buf.subarray(carry, carry + n);
    const z = c.indexOf(0);
    if (z >= 0) throw new BinaryContentError(total + z);
    const nl = c.lastIndexOf(0x0a);
    sinceNl = nl < 0 ? sinceNl + n : n - nl - 1;
    if (sinceNl > MAX_IMPORT_LINE_CHARS) throw new InputTooLargeError(`a line of ${what}`, MAX_IMPORT_LINE_CHARS);
    total += n;
    if (total > limit) throw new InputTooLargeError(what, limit);
    const all = buf.subarray(0, carry + n);
    // The last character may be cut by the read: carry it from its lead byte (at most 3
    // continuation bytes back); anything else is left for isUtf8 to refuse.
    let end = all.length;
    let k = end - 1;
    while (k >= 0 && (all[k] & 0xc0) === 0x80 && end - k <= 3) k--;
    if (k >= 0 && all[k] >= 0xc0) end = k;
    if (!isUtf8(all.subarray(0, end))) throw new InvalidInputError(`${what} is not valid UTF-8 (near byte ${total - n}); nothing was written`, { field: 'file' });
    carry = all.length - end;
    all.copy(buf, 0, end);
  }
  if (carry && !isUtf8(buf.subarray(0, carry))) throw new InvalidInputError(`${what} ends inside a UTF-8 character; nothing was written`, { field: 'file' });
}

/**
 * JSONL records of a file, read in 64 KiB slices: the whole input is never in memory. Re-iterable (each
 * iteration reads the file again), which `strict` uses to validate everything before writing anything.
 * A JSON document (an array, or `{ memories: [...] }` as `export --format json` writes) is read whole.
 */
export function fileRecords(file: string, onBytes?: (read: number, size: number) => void): Iterable<ImportItem> {
  return {
    *[Symbol.iterator]() {
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch (err) {
        throw new InvalidInputError(`cannot read ${file}: ${(err as Error).message}`, { field: 'file' });
      }
      try {
        // A pipe or device (`import /dev/zero`, a FIFO) cannot be read twice: read it whole, bounded.
        if (!fstatSync(fd).isFile()) {
          yield* parseRecords(readBoundedFile(file, { limit: maxImportBytes(), rejectNul: true, what: basename(file) }));
          return;
        }
        // A regular file is checked whole first (size, NUL, UTF-8, line length) in one cheap sequential
        // pass, so a bad byte near the end fails the import before any batch is committed.
        prescanImportFile(fd, basename(file));
        const size = fstatSync(fd).size;
        // 64 KiB slices: their text stays in V8's young generation, whose memory is reused. With 4 MiB
        // slices every slice's text (and the copy a concatenation with the previous slice's last line
        // makes) was a fresh large object: reading 1,000,000 records took 7 s instead of 0.4 s.
        const buf = Buffer.allocUnsafe(1 << 16);
        const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
        const limit = maxStreamedImportBytes();
        let total = 0;
        let long: string[] = [];
        let line = 0;
        let first = true;
        for (;;) {
          const n = readSync(fd, buf, 0, buf.length, null);
          if (first) {
            first = false;
            const head = buf.toString('utf8', 0, Math.min(n, 256)).replace(/^\uFEFF/, '').trimStart();
            if (head.startsWith('[') || (head.startsWith('{') && /^\{\s*"(?:success|memories)"/.test(head))) {
              // A JSON document is parsed whole: bounded like stdin.
              yield* parseRecords(readBoundedFile(file, { limit: maxImportBytes(), rejectNul: true, what: basename(file) }));
              return;
            }
          }
          if (n === 0) break;
          // prescanImportFile checked size, NUL, UTF-8 and line length; only a file that changes during the
          // import (it keeps growing, or is rewritten) can fail here, after earlier batches committed.
          total += n;
          if (total > limit) throw new InputTooLargeError(basename(file), limit);
          onBytes?.(total, Math.max(size, total));
          let decoded: string;
          try {
            decoded = decoder.decode(buf.subarray(0, n), { stream: true });
          } catch {
            throw new InvalidInputError(`${basename(file)} changed during the import and is no longer valid UTF-8 (near byte ${total - n}); batches before it were committed`, { field: 'file' });
          }
          const lastNl = decoded.lastIndexOf('\n');
          if (lastNl < 0) {
            // Inside a long line: keep the pieces, join them once its end arrives.
            long.push(decoded);
            continue;
          }
          const head = decoded.slice(0, lastNl + 1);
          const whole = long.length ? long.join('') + head : head;
          long = [decoded.slice(lastNl + 1)];
          for (const it of jsonLines(whole, line)) yield it;
          line += countLines(whole);
        }
        let rest = long.join('');
        try {
          rest += decoder.decode();
        } catch {
          throw new InvalidInputError(`${basename(file)} ends inside a UTF-8 character; nothing was written`, { field: 'file' });
        }
        if (rest) for (const it of jsonLines(rest, line)) yield it;
      } finally {
        closeSync(fd);
      }
    },
  };
}

function countLines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

function* jsonLines(text: string, firstLine: number): Generator<ImportItem> {
  let start = 0;
  let line = firstLine;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line++;
    const s = text.slice(start, end).trim();
    start = end + 1;
    if (!s) continue;
    try {
      yield { line, record: JSON.parse(s) as ImportRecord };
    } catch (err) {
      yield { line, error: { line, code: 'INVALID_INPUT', message: `not valid JSON: ${(err as Error).message}` } };
    }
  }
}

/**
 * One input item as a memory, or null with the reason added to `errors`. Per-record errors quote the
 * record (a priority, an id, a key, JSON.parse's excerpt of the line): they go through the one
 * formatter every error uses, which masks credentials and escapes controls.
 */
function memoryOf(store: Pick<ReadonlyBranch, 'now'>, it: ImportItem, settings: RecordSettings, errors: ImportError[]): StoredMemory | null {
  if (it.error) {
    errors.push({ ...it.error, line: typeof it.error.line === 'string' ? safeText(it.error.line, 200) : it.error.line, message: safeText(it.error.message) });
    return null;
  }
  try {
    return recordToMemory(store, it.record, settings);
  } catch (err) {
    const e = err instanceof MemoryError ? err : new InvalidInputError((err as Error).message);
    errors.push({ line: typeof it.line === 'string' ? safeText(it.line, 200) : it.line, code: e.code, message: safeText(e.message) });
    return null;
  }
}

/** `--strict`: every record is checked before anything is written (the input is read twice). */
function refuseInvalid(store: Pick<ReadonlyBranch, 'now'>, items: Iterable<ImportItem>, settings: RecordSettings): void {
  const errors: ImportError[] = [];
  for (const it of items) memoryOf(store, it, settings, errors);
  if (errors.length) {
    const first = errors[0];
    throw new InvalidInputError(`import refused (strict): ${errors.length} invalid record${errors.length === 1 ? '' : 's'}, first at line ${first.line}: ${first.message}; nothing was written`, { errors });
  }
}

/**
 * What is on the branch at `tip`: content hashes and (loaded only when a record brings its own id)
 * ids, from the de-duplication index; kept up to date with what the import adds.
 */
interface Known {
  tip: string | null;
  tree: string | null;
  hashes: Set<string>;
  ids: Set<string> | null;
}

/** The content hash a worker computes with the compression: read from the blob once it is done. */
interface WorkerHash {
  blob: CompressedBlob;
  /** Where the memory's content starts in the file (a memory file ends with its content). */
  from: number;
  scope: string | undefined;
}

/**
 * What a batch keeps of each record until its commit: the record and its memory are dropped as soon
 * as the file is made, so they die young (a batch of 50,000 whole memories survived two scavenges
 * each and was copied into the old generation: GC was a sixth of an import of 1,000,000).
 */
interface Pending {
  id: string;
  path: string;
  /** Upsert key (keyOf), for the fingerprint. */
  key?: string;
  /** The record named its id: it may name a memory already there (generated ids are new by construction). */
  explicitId: boolean;
  /** The content hash, or where a worker puts it (see {@link hashOf}). */
  hash: string | WorkerHash;
  /** The memory file: bytes, or bytes queued on the compressor; null in a dry run (nothing is written). */
  body: Buffer | CompressedBlob | null;
}

/** The content hash of a pending record: the worker's digest, or from the file's bytes if the worker failed. */
function hashOf(it: Pending): string {
  if (typeof it.hash !== 'string') {
    const w = it.hash;
    it.hash = w.blob.digest ?? contentHash(w.blob.data.toString('utf8', w.from), w.scope);
  }
  return it.hash;
}

/** The records of a batch to write (index into the batch, content hash), and how many are duplicates. */
interface Choice {
  picked: Array<{ index: number; hash: string }>;
  dups: number;
}

function importMessage(addedIds: string[], dups: number, sourceName: string | undefined): string {
  const n = addedIds.length;
  const from = sourceName ? ` from ${maskSecrets(sourceName).slice(0, 200)}` : '';
  return `memory: import ${n} memor${n === 1 ? 'y' : 'ies'}${from}${dups ? ` (${dups} already present)` : ''}\n\n${addedIds.slice(0, 20).map((i) => `Memory-Id: ${i}`).join('\n')}${n > 20 ? `\n(and ${n - 20} more)` : ''}\n`;
}

/** A large import compresses its files on worker threads (src/lifecycle/blob-compressor.ts); a small one is not worth starting them. */
const WORKERS_FROM = 2000;

/**
 * One import's state: the records of the open batch, what the branch holds (for de-duplication),
 * the compressor, and the result so far. `add` takes records one by one and commits a batch when it
 * is full; `flush` commits the last one; `close` stops the workers; `finish` gives the result.
 */
class Importer {
  readonly errors: ImportError[] = [];
  private readonly ids: string[] = [];
  private readonly commits: string[] = [];
  private duplicates = 0;
  /** Blobs written so far, for onProgress. */
  private done = 0;
  private known: Known | null = null;
  /** Fingerprints of everything this import added, to move the index along without reading blobs back. */
  private readonly added: Fingerprint[] = [];
  /** Another writer moved the branch during the import (between batches, or by winning a race). */
  private foreign = false;
  private readonly startTip: string | null;
  private readonly objectsDir: string;
  private compressor: BlobCompressor | null = null;
  /** Records read (and turned into files) so far. */
  private seen = 0;
  private batch: Pending[] = [];

  constructor(
    private readonly store: StoreBranch,
    private readonly settings: RecordSettings,
    /** The number of records when known up front (an array), else 0: onProgress's total then grows. */
    private readonly total: number,
  ) {
    this.startTip = store.tip();
    this.objectsDir = join(store.git.location.commonDir, 'objects');
  }

  /** Reads one item; commits the batch when it is full. */
  async add(it: ImportItem): Promise<void> {
    const m = memoryOf(this.store, it, this.settings, this.errors);
    if (!m) return;
    this.batch.push(this.pendingOf(m, it.record?.id));
    if (this.batch.length >= (this.settings.batchSize ?? IMPORT_BATCH)) {
      const batch = this.batch;
      this.batch = [];
      await this.runBatch(batch);
    }
  }

  /** Commits the last batch. */
  async flush(): Promise<void> {
    if (!this.batch.length) return;
    const batch = this.batch;
    this.batch = [];
    await this.runBatch(batch);
  }

  /** The result; moves the de-duplication index to the import's last commit. */
  finish(): ImportResult {
    // The next store's de-duplication lookup starts from here instead of reading every new file.
    const last = this.known;
    if (!this.settings.dryRun && this.commits.length && !this.foreign && last && last.tree !== null) {
      primeFingerprints(this.store.git, this.store.cacheDir, this.store.treeOf(this.startTip), last.tree, this.added);
    }
    return { success: true, imported: this.ids.length, duplicates: this.duplicates, errors: this.errors, ids: this.ids, commits: this.commits };
  }

  async close(): Promise<void> {
    await this.compressor?.close();
  }

  /** Makes the memory's file (queued for compression when the workers run) and keeps what the batch needs of it. */
  private pendingOf(m: StoredMemory, rawId: unknown): Pending {
    const upsertKey = m.extra[UPSERT_KEY_FIELD];
    const base = { id: m.id, path: m.path, explicitId: rawId !== undefined && rawId !== null && rawId !== '', key: typeof upsertKey === 'string' && upsertKey ? keyOf(upsertKey, m.scope) : undefined };
    if (this.settings.dryRun) return { ...base, hash: contentHash(m.content, m.scope), body: null };
    if (++this.seen === WORKERS_FROM && !this.compressor) {
      const compressor = (this.compressor = new BlobCompressor());
      // The records read so far are compressed too.
      for (const b of this.batch) if (Buffer.isBuffer(b.body)) b.body = compressor.add(b.body);
    }
    const file = Buffer.from(memoryToFile(m), 'utf8');
    if (this.compressor?.active) {
      // A memory file ends with its content: the worker hashes it from there.
      const from = file.length - Buffer.byteLength(m.content, 'utf8');
      const blob = this.compressor.add(file, { from, scope: m.scope });
      return { ...base, hash: { blob, from, scope: m.scope }, body: blob };
    }
    return { ...base, hash: contentHash(m.content, m.scope), body: this.compressor ? this.compressor.add(file) : file };
  }

  /** What is on the branch at `tip`: the state kept so far when the tip is the one it was built for. */
  private knownAt(tip: string | null): Known {
    if (this.known && this.known.tip === tip) return this.known;
    const tree = this.store.treeOf(tip);
    const hashes = new Set<string>();
    if (tree) for (const f of loadFingerprints(this.store.git, tree, this.store.cacheDir).entries()) hashes.add(f.hash);
    // Another writer moved the branch during the import: start over from its tip (rare).
    return (this.known = { tip, tree, hashes, ids: null });
  }

  private idsOf(k: Known): Set<string> {
    if (!k.ids) {
      k.ids = new Set();
      if (k.tree) for (const f of loadFingerprints(this.store.git, k.tree, this.store.cacheDir).entries()) k.ids.add(f.id);
    }
    return k.ids;
  }

  /** Picks the batch's records that are new to `k` (and to each other), adding them to `k`. */
  private choose(batch: Pending[], k: Known): Choice {
    const picked: Choice['picked'] = [];
    const paths = new Set<string>();
    let dups = 0;
    batch.forEach((it, i) => {
      const { id, path, explicitId } = it;
      const h = hashOf(it);
      // Generated ids are new by construction; a given id may name a memory already there.
      const idTaken = explicitId && (this.idsOf(k).has(id) || paths.has(path) || (k.tree !== null && this.store.git.entryAt(k.tree, path) !== null));
      if (idTaken || k.hashes.has(h) || paths.has(path)) {
        dups++;
        return;
      }
      k.hashes.add(h);
      if (explicitId) this.idsOf(k).add(id);
      paths.add(path);
      picked.push({ index: i, hash: h });
    });
    return { picked, dups };
  }

  /** One pack for the batch's blobs, then one tree and one commit, retried on a moved branch. */
  private async runBatch(batch: Pending[]): Promise<void> {
    await this.compressor?.settle();
    if (this.settings.dryRun) {
      const r = this.choose(batch, this.knownAt(this.store.tip()));
      for (const p of r.picked) this.ids.push(batch[p.index].id);
      this.duplicates += r.dups;
      return;
    }
    const blobIds = new Map<number, string>();
    let attempt = 0;
    let picked: { k: Known; r: Choice; addedIds: string[] } | null = null;
    // Through the store's one door: mutate recomputes on the new tip when another writer moved the branch first.
    const { commit } = await this.store.mutate((tip) => {
      if (attempt++ > 0) {
        // The attempt before lost the race. Start again from the new tip's fingerprints (what it
        // picked is forgotten with them; a copy of the set per batch made the import quadratic), and
        // remember that another writer's commit is now in the branch: the index must not be moved to
        // this import's last tree from its own records alone (finish), or it would lack the other
        // writer's memories.
        this.known = null;
        this.foreign = true;
      }
      if (this.known && this.known.tip !== tip) this.foreign = true;
      const k = this.knownAt(tip);
      const r = this.choose(batch, k);
      if (!r.picked.length) {
        picked = null;
        this.duplicates += r.dups;
        return { change: null, result: {} };
      }
      this.writeBlobs(batch, r.picked, blobIds);
      const blobs = new Map(r.picked.map((p) => [batch[p.index].path, blobIds.get(p.index)!]));
      const addedIds = r.picked.map((p) => batch[p.index].id);
      picked = { k, r, addedIds };
      return { change: { changes: new Map(), blobs, message: importMessage(addedIds, r.dups, this.settings.sourceName) }, result: {} };
    });
    const done = picked as { k: Known; r: Choice; addedIds: string[] } | null;
    if (done && commit) this.committed(batch, done.r, { ...done.k, tip: commit, tree: this.store.treeOf(commit)! }, done.addedIds);
  }

  /** Writes the picked records' blobs not written by an earlier attempt, as one pack; their ids go to `blobIds`. */
  private writeBlobs(batch: Pending[], picked: Choice['picked'], blobIds: Map<number, string>): void {
    const todo = picked.filter((p) => !blobIds.has(p.index));
    if (!todo.length) return;
    const bodies = todo.map((p) => {
      const body = batch[p.index].body;
      // Only a dry run has no bodies, and it never writes.
      if (body === null) throw new Error('import: a record without its file reached the writer');
      return body;
    });
    const onProgress = this.settings.onProgress;
    const done = this.done;
    const written = writeBlobPack(this.objectsDir, bodies, onProgress ? (n) => onProgress(done + n, Math.max(this.total, done + n)) : undefined);
    todo.forEach((p, i) => blobIds.set(p.index, written[i]));
    this.done += todo.length;
  }

  /** A batch's commit landed: the result, the branch state and the fingerprints move to it. */
  private committed(batch: Pending[], r: Choice, known: Known & { tip: string; tree: string }, addedIds: string[]): void {
    this.commits.push(known.tip);
    for (const i of addedIds) this.ids.push(i);
    this.duplicates += r.dups;
    this.known = known;
    for (const p of r.picked) {
      const it = batch[p.index];
      if (!it.path.startsWith(`${MEMORIES_DIR}/`)) continue;
      const f: Fingerprint = { path: it.path, id: it.id, hash: p.hash };
      if (it.key) f.key = it.key;
      this.added.push(f);
    }
  }
}

/**
 * Imports records as one commit per `batchSize` records ({@link IMPORT_BATCH}; one commit for most imports): blobs are
 * written first, as one pack, then the batch's paths in one `writeTree`, so 10,000 memories cost one
 * tree rewrite, not 10,000 commits. Records already on the branch (same id, or same content and scope)
 * or earlier in the input are counted as duplicates.
 *
 * Streaming: records are read, checked and written batch by batch, so memory holds one batch plus
 * what de-duplication needs (a hash per memory), whatever the size of the input. With `strict` the
 * input is read twice: every record is checked before the first is written.
 */
export async function importRecords(store: StoreBranch, items: Iterable<ImportItem>, opts: ImportOptions = {}): Promise<ImportResult> {
  const cfg = await store.loadConfig();
  const settings: RecordSettings = { ...opts, maxContentBytes: cfg.maxContentBytes, secretGuard: cfg.secretGuard, defaultCategory: cfg.defaultCategory, defaultPriority: cfg.defaultPriority };
  if (guardOptions(cfg, { allowSecret: opts.allowSecret, redact: opts.redact }).allowSecret) store.warn('the secret guard is lowered for this import (--allow-secret or secretGuard "off"): credentials in it are stored and pushed as they are');
  if (opts.strict) refuseInvalid(store, items, settings);
  const importer = new Importer(store, settings, Array.isArray(items) ? items.length : 0);
  try {
    for (const it of items) await importer.add(it);
    await importer.flush();
  } finally {
    await importer.close();
  }
  return importer.finish();
}

export type ExportFormat = 'jsonl' | 'json' | 'markdown';

/** A memory export could not write in a form import accepts (see {@link exportChunks}). */
export interface ExportSkip {
  id: string;
  path: string;
  code: string;
  reason: string;
}

export interface ExportOptions {
  format?: ExportFormat;
  archived?: boolean;
  /** The content limit the records are checked against (the branch's `maxContentBytes`). */
  maxContentBytes?: number;
  /** Filled with the memories left out (JSON/JSONL): nothing import would refuse is written. */
  skipped?: ExportSkip[];
}

/** Fields of an export record; a front-matter key with one of these names is kept as `original_<key>`. */
const RECORD_FIELDS = new Set(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'updated', 'scope', 'metadata', 'archived', 'path', 'relevance']);

/** A memory as export writes it: the seed's fields plus scope/updated/expires/upsert key when set. */
export function exportRecord(m: StoredMemory, archived = false): Record<string, unknown> {
  const out: Record<string, unknown> = { id: m.id, content: m.content, tags: m.tags, category: m.category, priority: m.priority, timestamp: m.timestamp };
  if (m.updated) out.updated = m.updated;
  if (m.scope) out.scope = m.scope;
  out.metadata = m.metadata;
  for (const [k, v] of Object.entries(m.extra)) {
    if (v === undefined) continue;
    // A hand-written `content:` or `archived: true` in the front matter must not replace the body or
    // send the memory to the archive on the way back in; an upsert key that is not text would be dropped.
    if (RECORD_FIELDS.has(k) || (k === UPSERT_KEY_FIELD && typeof v !== 'string')) out[`original_${k}`] = v;
    else setOwn(out, k, v);
  }
  if (archived) out.archived = true;
  return out;
}

function importableTime(v: unknown, field: string): boolean {
  try {
    isoOrThrow(v, field);
    return true;
  } catch {
    return false;
  }
}

/**
 * Dates a branch file may hold and import refuses (year 9999, before 1970, `expires: next tuesday`):
 * the value moves to `invalid_<field>` (kept, visible) and `timestamp` falls back to the id's time,
 * else undated. Returns the fields changed.
 */
function repairDates(rec: Record<string, unknown>, m: StoredMemory): string[] {
  const fixed: string[] = [];
  if (!isUndated(m) && !importableTime(rec.timestamp, 'timestamp')) {
    rec.invalid_timestamp = rec.timestamp;
    const t = idTime(m.id);
    rec.timestamp = t !== null && importableTime(t, 'timestamp') ? new Date(t).toISOString() : UNDATED;
    fixed.push('timestamp');
  }
  for (const f of ['updated', 'expires']) {
    if (rec[f] === undefined || rec[f] === null || rec[f] === '' || importableTime(rec[f], f)) continue;
    rec[`invalid_${f}`] = rec[f];
    delete rec[f];
    fixed.push(f);
  }
  return fixed;
}

/** What import would refuse in `rec` whatever the guard settings (the secret guard is import's call). */
function importProblem(rec: Record<string, unknown>, maxContentBytes: number): MemoryError | null {
  try {
    recordToMemory(CHECKER, rec, { allowSecret: true, maxContentBytes, secretGuard: 'off', defaultCategory: 'general', defaultPriority: 'medium' });
    return null;
  } catch (err) {
    return err instanceof MemoryError ? err : new InvalidInputError((err as Error).message);
  }
}
// recordToMemory reads only the clock.
const CHECKER = { now: () => new Date() };

/** Every live memory (and, with `archived`, the archived ones), oldest first. */
export function collectForExport(store: ReadonlyStoreBranch, opts: { archived?: boolean } = {}): Array<{ memory: StoredMemory; archived: boolean }> {
  const tip = store.tip();
  const out: Array<{ memory: StoredMemory; archived: boolean }> = [];
  const seen = new Set<string>();
  // One file per id, the one every reader uses (src/model/id.ts, copyWins).
  for (const e of store.catalog(tip).byId.values()) {
    seen.add(e.memory.id);
    out.push({ memory: e.memory, archived: false });
  }
  if (opts.archived) {
    for (const e of store.archiveCatalog(tip).entries) {
      if (seen.has(e.memory.id)) continue;
      seen.add(e.memory.id);
      out.push({ memory: e.memory, archived: true });
    }
  }
  return out.sort((a, b) => (a.memory.timestamp < b.memory.timestamp ? -1 : a.memory.timestamp > b.memory.timestamp ? 1 : a.memory.id < b.memory.id ? -1 : 1));
}

function markdownOf(items: Array<{ memory: StoredMemory; archived: boolean }>, branch: string): string {
  const parts = [`# Memories (${items.length}) from branch ${branch}\n`];
  for (const { memory: m, archived } of items) {
    const facts = [m.timestamp, m.category, `priority ${m.priority}`, m.scope ? `scope ${m.scope}` : '', archived ? 'archived' : ''].filter(Boolean).join(' · ');
    const tags = m.tags.length ? `\n${m.tags.map((t) => '`#' + t + '`').join(' ')}\n` : '';
    const body = m.content.trimEnd();
    // A fence longer than any backtick run in the content keeps Markdown inside it inert.
    const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((x) => x[0].length + 1)));
    parts.push(`## ${m.id}\n\n${facts}\n${tags}\n${fence}text\n${body}\n${fence}\n`);
  }
  return parts.join('\n');
}

/**
 * Renders every memory in `format`; pieces are yielded so a large export streams. JSON and JSONL are
 * written for `memory import`: each record is checked by the importer's own validation; dates import
 * refuses are moved aside (see repairDates, with a warning), and a memory import could never take (a
 * NUL byte, over a cap) is left out and added to `opts.skipped`, for the caller to fail loudly.
 */
export function* exportChunks(store: ReadonlyStoreBranch, opts: ExportOptions = {}): Generator<string, number> {
  const format = opts.format ?? 'jsonl';
  if (!['jsonl', 'json', 'markdown'].includes(format)) throw new InvalidInputError(`format must be jsonl, json or markdown, got ${JSON.stringify(format)}`, { field: 'format' });
  const items = collectForExport(store, opts);
  if (format === 'markdown') {
    yield markdownOf(items, store.branch);
    return items.length;
  }
  const max = opts.maxContentBytes ?? 16 * 1024 * 1024;
  const skipped = opts.skipped ?? [];
  let repaired = 0;
  let written = 0;
  if (format === 'json') yield '[\n';
  for (let i = 0; i < items.length; i += 1000) {
    const lines: string[] = [];
    for (const { memory, archived } of items.slice(i, i + 1000)) {
      const rec = exportRecord(memory, archived);
      const fixed = repairDates(rec, memory);
      if (fixed.length && ++repaired <= 20) store.warn(`export: ${memory.id} (${memory.path}): ${fixed.map((f) => `${f} ${JSON.stringify(String(rec[`invalid_${f}`])).slice(0, 60)}`).join(', ')} is not a date import accepts (1970..2999); written as ${fixed.map((f) => `invalid_${f}`).join(', ')}`);
      const problem = importProblem(rec, max);
      if (problem) {
        skipped.push({ id: memory.id, path: memory.path, code: problem.code, reason: problem.message });
        continue;
      }
      const text = JSON.stringify(rec);
      lines.push(format === 'json' ? (written > 0 ? ',\n' : '') + '  ' + text : text + '\n');
      written++;
    }
    if (lines.length) yield lines.join('');
  }
  if (repaired > 20) store.warn(`export: ${repaired - 20} more memories had dates import refuses, written as invalid_<field>`);
  if (format === 'json') yield written ? '\n]\n' : ']\n';
  return written;
}

/** Library form of `memory import`: records given directly, as JSONL/JSON text, a file path, or a `.pi` directory. */
export interface ImportInput extends ImportOptions {
  records?: ImportRecord[];
  text?: string;
  file?: string;
  fromPi?: string;
}

export async function importMemories(store: StoreBranch, input: ImportInput): Promise<ImportResult> {
  const given = [input.records, input.text, input.file, input.fromPi].filter((x) => x !== undefined).length;
  if (given !== 1) throw new InvalidInputError('give exactly one of records, text, file or fromPi', { field: 'input' });
  let items: Iterable<ImportItem>;
  if (input.records) items = input.records.map((record, i) => ({ line: i + 1, record }));
  else if (input.fromPi !== undefined) items = readPiDirectory(input.fromPi);
  else if (input.text !== undefined) items = parseRecords(input.text);
  else items = fileRecords(input.file as string, input.onBytes);
  return importRecords(store, items, input);
}

/** Library form of `memory export`: the whole export as one string. */
export async function exportMemories(store: ReadonlyStoreBranch, opts: ExportOptions = {}): Promise<{ success: true; format: ExportFormat; count: number; data: string; skipped: ExportSkip[] }> {
  const skipped = opts.skipped ?? [];
  const gen = exportChunks(store, { maxContentBytes: (await store.loadConfig()).maxContentBytes, ...opts, skipped });
  let data = '';
  for (;;) {
    const n = gen.next();
    if (n.done) {
      if (skipped.length) store.warn(new ExportIncompleteError(skipped, n.value).message);
      return { success: true, format: opts.format ?? 'jsonl', count: n.value, data, skipped };
    }
    data += n.value;
  }
}
