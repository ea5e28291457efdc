import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { BinaryContentError, InputTooLargeError, InvalidInputError } from '../errors.js';

/**
 * Limits on everything a caller or a branch file can make git-memory hold in memory or spend time on.
 * Every input path (CLI arguments and stdin, import files, MCP arguments, Action inputs, files on the
 * branch) is checked against these before the work that would grow with it. docs/security.md lists them.
 */

/** Tags on one memory, after normalisation. */
export const MAX_TAGS = 100;
/** Characters in one tag. */
export const MAX_TAG_CHARS = 100;
/** Bytes of all tags together (UTF-8, joined by commas). */
export const MAX_TAGS_BYTES = 4096;
/** Raw tag values looked at before the count is refused (a 100,000-item list is refused at once). */
const MAX_RAW_TAGS = MAX_TAGS * 4;
/** Keys in one memory's metadata (all levels together). */
export const MAX_METADATA_KEYS = 100;
/** Bytes of one memory's metadata as JSON. */
export const MAX_METADATA_BYTES = 16 * 1024;
/** Nesting of metadata objects and arrays. */
export const MAX_METADATA_DEPTH = 4;
/** Front matter of one branch file; longer front matter makes the file unreadable (it is skipped). */
export const MAX_FRONT_MATTER_BYTES = 256 * 1024;
/**
 * Largest file on the branch read as a memory: the largest content a store can be configured to
 * accept (`maxContentBytes`, 16 MiB) plus the largest front matter. A larger blob (a hand commit, a
 * fork, another tool) is skipped with a warning before it is decoded or parsed, as an unreadable
 * file is: a 100 MB one ran a search out of memory.
 */
export const MAX_BRANCH_FILE_BYTES = 16 * 1024 * 1024 + 256 * 1024;

/** The reason a branch file of `bytes` is not read, or null when it is within {@link MAX_BRANCH_FILE_BYTES}. */
export function oversizedFile(bytes: number): string | null {
  return bytes > MAX_BRANCH_FILE_BYTES ? `the file is ${bytes} bytes, over the ${MAX_BRANCH_FILE_BYTES}-byte limit of a memory file; not read` : null;
}

/** YAML nodes one front matter may expand to (aliases count each time they are used). */
export const MAX_FRONT_MATTER_NODES = 10_000;
/** Default cap on an import file or stdin import (env MEMORY_MAX_IMPORT_BYTES overrides it). */
export const DEFAULT_MAX_IMPORT_BYTES = 256 * 1024 * 1024;
/** Cap on other stdin reads when the caller names none (a core batch file, a document). */
export const DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** Timestamps accepted from callers and imports: after the epoch, before the year 3000 (ids encode time up to 3084). */
export const MIN_TIME_MS = 1;
export const MAX_TIME_MS = Date.UTC(3000, 0, 1) - 1;

/** The import limit in effect: env MEMORY_MAX_IMPORT_BYTES (bytes) or the default. */
export function maxImportBytes(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.MEMORY_MAX_IMPORT_BYTES);
  return Number.isInteger(v) && v > 0 ? v : DEFAULT_MAX_IMPORT_BYTES;
}

/** Re-exported for the readers' callers: the class is in src/errors.ts with the others. */
export { InputTooLargeError };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses a string that is not well-formed UTF-16 (a lone surrogate cannot be written as UTF-8:
 * it would be stored as U+FFFD, and URI or hash code downstream throws on it). Returns the value.
 */
/**
 * `v` as a positive integer, or INVALID_INPUT naming `field` (and `label`, e.g. '--limit', in the
 * message). The one check behind every count, limit, batch size and byte cap an input carries; with
 * `coerce`, numeric strings count (limits arriving from query strings and argv).
 */
export function positiveInt(v: unknown, field: string, opts: { label?: string; coerce?: boolean } = {}): number {
  const n = opts.coerce ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new InvalidInputError(`${opts.label ?? field} must be a positive integer, got ${JSON.stringify(v)}`, { field });
  return n;
}

/** A result limit: `dflt` when unset (undefined or null), else {@link positiveInt} of it (numeric strings count). */
export function limitOf(v: unknown, dflt: number, field = 'limit'): number {
  return v === undefined || v === null ? dflt : positiveInt(v, field, { coerce: true });
}

export function checkText<T>(value: T, field: string): T {
  if (typeof value === 'string' && LONE_SURROGATE.test(value)) {
    throw new InvalidInputError(`${field} is not valid Unicode text (a lone surrogate)`, { field, reason: 'invalid-unicode' });
  }
  return value;
}

/** C0 and C1 control characters (newline and tab included) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A one-line label (category, scope): {@link checkText}, and no control character or line break. A
 * newline in a category would split it in every listing and facet, and a label is matched exactly,
 * so one that no terminal or page shows as typed could never be found again.
 */
export function checkLabel<T>(value: T, field: string): T {
  checkText(value, field);
  if (typeof value === 'string' && LINE_BREAKING.test(value)) {
    throw new InvalidInputError(`${field} must be one line of text without control characters`, { field, reason: 'control-character' });
  }
  // Every memory file carries its labels in its front matter, which readers cap (MAX_FRONT_MATTER_BYTES):
  // an unbounded label would store a memory no reader could open again.
  if (typeof value === 'string' && value.length > MAX_LABEL_CHARS) throw new InvalidInputError(`${field} is ${value.length} characters, at most ${MAX_LABEL_CHARS}`, { field, limit: MAX_LABEL_CHARS });
  return value;
}

/**
 * Longest search query, in UTF-16 code units: a pasted error message or log excerpt fits; each query
 * word is one index read, so a query of megabytes held a server for a minute (10,000 characters of
 * distinct words: 2.7x a node start for a whole CLI search; bench/query-length.mjs, BENCHMARKS.md "A bound on search queries").
 */
export const MAX_QUERY_CHARS = 10_000;

/** Refuses a query that is not a string or is over {@link MAX_QUERY_CHARS}. */
export function checkQuery(query: unknown): void {
  if (query === undefined || query === null) return;
  if (typeof query !== 'string') throw new InvalidInputError('query must be a string', { field: 'query' });
  if (query.length > MAX_QUERY_CHARS) throw new InvalidInputError(`query is ${query.length} characters, at most ${MAX_QUERY_CHARS}: search with the words that matter`, { field: 'query', limit: MAX_QUERY_CHARS });
}

/** Longest category, scope or upsert key, in UTF-16 code units. */
export const MAX_LABEL_CHARS = 256;

/**
 * Tags as given by a caller (a list or a comma-separated string), normalised like stored tags
 * (trimmed, lowercased, spaces to "-", deduplicated in order) and checked against the caps.
 * Linear in the input; refuses a huge list before looking at every item.
 */
export function checkedTags(input: unknown, field = 'tags'): string[] {
  if (input === undefined || input === null) return [];
  let raw: unknown[];
  if (Array.isArray(input)) raw = input;
  else if (typeof input === 'string') {
    if (input.length > MAX_TAGS_BYTES * 4) throw new InvalidInputError(`${field} is over ${MAX_TAGS_BYTES} bytes`, { field, limit: MAX_TAGS_BYTES });
    raw = input.split(',');
  } else raw = [input];
  if (raw.length > MAX_RAW_TAGS) throw new InvalidInputError(`too many ${field}: ${raw.length}, at most ${MAX_TAGS}`, { field, count: raw.length, limit: MAX_TAGS });
  const seen = new Set<string>();
  let bytes = 0;
  for (const t of raw) {
    if (t === null || t === undefined) continue;
    if (typeof t !== 'string' && typeof t !== 'number' && typeof t !== 'boolean') {
      throw new InvalidInputError(`each of ${field} must be a string`, { field });
    }
    const tag = checkText(String(t), field).trim().toLowerCase().replace(/\s+/g, '-');
    if (!tag || seen.has(tag)) continue;
    if (tag.length > MAX_TAG_CHARS) throw new InvalidInputError(`a tag is ${tag.length} characters, at most ${MAX_TAG_CHARS}`, { field, limit: MAX_TAG_CHARS });
    if (LINE_BREAKING.test(tag)) throw new InvalidInputError(`a tag must be one line of text without control characters`, { field, reason: 'control-character' });
    seen.add(tag);
    bytes += Buffer.byteLength(tag) + 1;
  }
  if (seen.size > MAX_TAGS) throw new InvalidInputError(`too many ${field}: ${seen.size}, at most ${MAX_TAGS}`, { field, count: seen.size, limit: MAX_TAGS });
  if (bytes > MAX_TAGS_BYTES) throw new InvalidInputError(`${field} are ${bytes} bytes together, at most ${MAX_TAGS_BYTES}`, { field, limit: MAX_TAGS_BYTES });
  return [...seen];
}

/** Refuses metadata over the caps (keys, depth, JSON size) or that is not JSON data. */
export function checkMetadata(meta: unknown, field = 'metadata'): void {
  if (meta === undefined || meta === null) return;
  if (typeof meta !== 'object' || Array.isArray(meta)) throw new InvalidInputError(`${field} must be an object of keys to values`, { field });
  let keys = 0;
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') return void checkText(v, field);
    if (v === null || typeof v === 'boolean') return;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new InvalidInputError(`${field} values must be finite numbers`, { field });
      return;
    }
    if (typeof v !== 'object') throw new InvalidInputError(`${field} values must be JSON data (strings, numbers, booleans, lists, objects)`, { field });
    if (depth > MAX_METADATA_DEPTH) throw new InvalidInputError(`${field} is nested more than ${MAX_METADATA_DEPTH} levels`, { field, limit: MAX_METADATA_DEPTH });
    if (Array.isArray(v)) {
      if (v.length > MAX_METADATA_KEYS * 10) throw new InvalidInputError(`${field} has a list of ${v.length} items`, { field, limit: MAX_METADATA_KEYS * 10 });
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (++keys > MAX_METADATA_KEYS) throw new InvalidInputError(`${field} has more than ${MAX_METADATA_KEYS} keys`, { field, limit: MAX_METADATA_KEYS });
      checkText(k, field);
      if (LINE_BREAKING.test(k)) throw new InvalidInputError(`a ${field} key must be one line of text without control characters`, { field, reason: 'control-character' });
      if (k.length > MAX_TAG_CHARS) throw new InvalidInputError(`a ${field} key is ${k.length} characters, at most ${MAX_TAG_CHARS}`, { field, limit: MAX_TAG_CHARS });
      walk(x, depth + 1);
    }
  };
  walk(meta, 1);
  const bytes = Buffer.byteLength(JSON.stringify(meta));
  if (bytes > MAX_METADATA_BYTES) throw new InvalidInputError(`${field} is ${bytes} bytes as JSON, at most ${MAX_METADATA_BYTES}`, { field, limit: MAX_METADATA_BYTES });
}

/** Refuses a time outside [1970-01-01T00:00:00.001Z, 3000-01-01): returns the Date. */
export function checkTime(t: Date, field: string): Date {
  const ms = t.getTime();
  if (!Number.isFinite(ms) || ms < MIN_TIME_MS || ms > MAX_TIME_MS) {
    throw new InvalidInputError(`${field} must be between 1970-01-01 and 2999-12-31 (UTC)`, { field });
  }
  return t;
}

const decoder = () => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8, refusing invalid bytes (INVALID_INPUT) instead of turning them into U+FFFD. */
export function decodeUtf8(buf: Uint8Array, what: string): string {
  try {
    return decoder().decode(buf);
  } catch {
    throw new InvalidInputError(`${what} is not valid UTF-8 text; nothing was written (convert it, e.g. with iconv, first)`, { field: what, reason: 'invalid-utf8' });
  }
}

export interface BoundedReadOptions {
  /** Most bytes accepted; one more fails with CONTENT_TOO_LARGE. */
  limit: number;
  /** Names the input in messages: "stdin", a file name. */
  what: string;
  /** Refuse at the first NUL byte (BINARY_CONTENT): text formats (JSON, JSONL, Markdown) never hold one. */
  rejectNul?: boolean;
  /** Told the bytes read so far after each chunk (progress of a long read). */
  onBytes?: (read: number) => void;
}

/** Reads a stream to its end, holding at most `limit + 1` bytes, and decodes it as strict UTF-8. */
export async function readBoundedStream(stream: NodeJS.ReadableStream, opts: BoundedReadOptions): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  const it = (stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const n = await it.next();
      if (n.done) break;
      const c = typeof n.value === 'string' ? Buffer.from(n.value) : n.value;
      if (opts.rejectNul) {
        const z = c.indexOf(0);
        if (z >= 0) throw new BinaryContentError(total + z);
      }
      total += c.length;
      if (total > opts.limit) throw new InputTooLargeError(opts.what, opts.limit);
      chunks.push(c);
      opts.onBytes?.(total);
    }
  } finally {
    // Stop reading: a producer such as `yes` gets EPIPE instead of filling memory.
    if (total > opts.limit || opts.rejectNul) await it.return?.();
  }
  return decodeUtf8(Buffer.concat(chunks, total), opts.what);
}

/** Reads a file (or a device such as /dev/stdin) holding at most `limit + 1` bytes; strict UTF-8. */
export function readBoundedFile(path: string, opts: Omit<BoundedReadOptions, 'what'> & { what?: string }): string {
  const what = opts.what ?? path;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new InvalidInputError(`cannot read ${what}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { field: 'file' });
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InvalidInputError(`cannot read ${what}: it is a directory`, { field: 'file' });
    if (st.isFile() && st.size > opts.limit) throw new InputTooLargeError(what, opts.limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, opts.limit + 1 - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        throw new InvalidInputError(`cannot read ${what}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { field: 'file' });
      }
      if (n === 0) break;
      const c = buf.subarray(0, n);
      if (opts.rejectNul) {
        const z = c.indexOf(0);
        if (z >= 0) throw new BinaryContentError(total + z);
      }
      total += n;
      if (total > opts.limit) throw new InputTooLargeError(what, opts.limit);
      chunks.push(c);
    }
    return decodeUtf8(Buffer.concat(chunks, total), what);
  } finally {
    closeSync(fd);
  }
}

/**
 * Records per commit of an import: a file of a million memories becomes 20 commits, each one pack of
 * blobs, one tree and one commit. The batch bounds what an import holds (one batch of files, not the
 * whole input), and a failure part way (a file that changes while it is read) keeps the batches
 * committed before it; importing the same file again adds only what is missing.
 */
export const IMPORT_BATCH = 50_000;
