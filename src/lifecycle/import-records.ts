// Reading import input: the records of JSONL text, a JSON document, a file read in bounded slices
// (checked whole first: size, NUL bytes, UTF-8, line length) or a `.pi` directory, each as an item
// with its line (or file name), and one record turned into a memory with the checks `memory store`
// applies. Nothing here writes: the importer (importer.ts) commits what these produce, and export
// (export.ts) uses the same record check so it never writes a record import would refuse.
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BinaryContentError, InvalidInputError } from '../errors.js';
import { isValidId, newId, pathFor } from '../model/id.js';
import { isPriority, parseTime, UNDATED, validateContent, type StoredMemory } from '../model/memory.js';
import { setOwn } from '../model/codec.js';
import { checkLabel, checkMetadata, checkTime, InputTooLargeError, maxImportBytes, readBoundedFile } from '../model/bounds.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { UPSERT_KEY_FIELD } from '../guards/fingerprints.js';
import { archivePathFor } from './prune.js';
import { guardWrite, guardOptions } from '../guards/write.js';

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
  /** Records per commit; a huge import becomes a few large commits. Default {@link IMPORT_BATCH} (model/bounds.ts). */
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

/** A record in the seed's field names. Unknown fields are kept in the front matter. */
export type ImportRecord = Record<string, unknown>;

const KNOWN = new Set(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'updated', 'scope', 'metadata', 'expires', UPSERT_KEY_FIELD, 'relevance', 'path', 'archived']);

export function isoOrThrow(v: unknown, field: string): string | undefined {
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
  return [...jsonLines(text, 0)];
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

function* jsonLines(text: string, firstLine: number): Generator<ImportItem & { line: number }> {
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
