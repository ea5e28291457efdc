import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BinaryContentError,
  InputTooLargeError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/model/bounds.ts
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
var MAX_TAGS = 100;
var MAX_TAG_CHARS = 100;
var MAX_TAGS_BYTES = 4096;
var MAX_RAW_TAGS = MAX_TAGS * 4;
var MAX_METADATA_KEYS = 100;
var MAX_METADATA_BYTES = 16 * 1024;
var MAX_METADATA_DEPTH = 4;
var MAX_FRONT_MATTER_BYTES = 256 * 1024;
var MAX_BRANCH_FILE_BYTES = 16 * 1024 * 1024 + 256 * 1024;
function oversizedFile(bytes) {
  return bytes > MAX_BRANCH_FILE_BYTES ? `the file is ${bytes} bytes, over the ${MAX_BRANCH_FILE_BYTES}-byte limit of a memory file; not read` : null;
}
var MAX_FRONT_MATTER_NODES = 1e4;
var DEFAULT_MAX_IMPORT_BYTES = 256 * 1024 * 1024;
var DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;
var MIN_TIME_MS = 1;
var MAX_TIME_MS = Date.UTC(3e3, 0, 1) - 1;
function maxImportBytes(env = process.env) {
  const v = Number(env.MEMORY_MAX_IMPORT_BYTES);
  return Number.isInteger(v) && v > 0 ? v : DEFAULT_MAX_IMPORT_BYTES;
}
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function positiveInt(v, field, opts = {}) {
  const n = opts.coerce ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1) throw new InvalidInputError(`${opts.label ?? field} must be a positive integer, got ${JSON.stringify(v)}`, { field });
  return n;
}
function limitOf(v, dflt, field = "limit") {
  return v === void 0 || v === null ? dflt : positiveInt(v, field, { coerce: true });
}
function checkText(value, field) {
  if (typeof value === "string" && LONE_SURROGATE.test(value)) {
    throw new InvalidInputError(`${field} is not valid Unicode text (a lone surrogate)`, { field, reason: "invalid-unicode" });
  }
  return value;
}
var LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
function checkLabel(value, field) {
  checkText(value, field);
  if (typeof value === "string" && LINE_BREAKING.test(value)) {
    throw new InvalidInputError(`${field} must be one line of text without control characters`, { field, reason: "control-character" });
  }
  if (typeof value === "string" && value.length > MAX_LABEL_CHARS) throw new InvalidInputError(`${field} is ${value.length} characters, at most ${MAX_LABEL_CHARS}`, { field, limit: MAX_LABEL_CHARS });
  return value;
}
var MAX_QUERY_CHARS = 1e4;
function checkQuery(query) {
  if (query === void 0 || query === null) return;
  if (typeof query !== "string") throw new InvalidInputError("query must be a string", { field: "query" });
  if (query.length > MAX_QUERY_CHARS) throw new InvalidInputError(`query is ${query.length} characters, at most ${MAX_QUERY_CHARS}: search with the words that matter`, { field: "query", limit: MAX_QUERY_CHARS });
}
var MAX_LABEL_CHARS = 256;
function checkedTags(input, field = "tags") {
  if (input === void 0 || input === null) return [];
  let raw;
  if (Array.isArray(input)) raw = input;
  else if (typeof input === "string") {
    if (input.length > MAX_TAGS_BYTES * 4) throw new InvalidInputError(`${field} is over ${MAX_TAGS_BYTES} bytes`, { field, limit: MAX_TAGS_BYTES });
    raw = input.split(",");
  } else raw = [input];
  if (raw.length > MAX_RAW_TAGS) throw new InvalidInputError(`too many ${field}: ${raw.length}, at most ${MAX_TAGS}`, { field, count: raw.length, limit: MAX_TAGS });
  const seen = /* @__PURE__ */ new Set();
  let bytes = 0;
  for (const t of raw) {
    if (t === null || t === void 0) continue;
    if (typeof t !== "string" && typeof t !== "number" && typeof t !== "boolean") {
      throw new InvalidInputError(`each of ${field} must be a string`, { field });
    }
    const tag = checkText(String(t), field).trim().toLowerCase().replace(/\s+/g, "-");
    if (!tag || seen.has(tag)) continue;
    if (tag.length > MAX_TAG_CHARS) throw new InvalidInputError(`a tag is ${tag.length} characters, at most ${MAX_TAG_CHARS}`, { field, limit: MAX_TAG_CHARS });
    if (LINE_BREAKING.test(tag)) throw new InvalidInputError(`a tag must be one line of text without control characters`, { field, reason: "control-character" });
    seen.add(tag);
    bytes += Buffer.byteLength(tag) + 1;
  }
  if (seen.size > MAX_TAGS) throw new InvalidInputError(`too many ${field}: ${seen.size}, at most ${MAX_TAGS}`, { field, count: seen.size, limit: MAX_TAGS });
  if (bytes > MAX_TAGS_BYTES) throw new InvalidInputError(`${field} are ${bytes} bytes together, at most ${MAX_TAGS_BYTES}`, { field, limit: MAX_TAGS_BYTES });
  return [...seen];
}
function checkMetadata(meta, field = "metadata") {
  if (meta === void 0 || meta === null) return;
  if (typeof meta !== "object" || Array.isArray(meta)) throw new InvalidInputError(`${field} must be an object of keys to values`, { field });
  let keys = 0;
  const walk = (v, depth) => {
    if (typeof v === "string") return void checkText(v, field);
    if (v === null || typeof v === "boolean") return;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw new InvalidInputError(`${field} values must be finite numbers`, { field });
      return;
    }
    if (typeof v !== "object") throw new InvalidInputError(`${field} values must be JSON data (strings, numbers, booleans, lists, objects)`, { field });
    if (depth > MAX_METADATA_DEPTH) throw new InvalidInputError(`${field} is nested more than ${MAX_METADATA_DEPTH} levels`, { field, limit: MAX_METADATA_DEPTH });
    if (Array.isArray(v)) {
      if (v.length > MAX_METADATA_KEYS * 10) throw new InvalidInputError(`${field} has a list of ${v.length} items`, { field, limit: MAX_METADATA_KEYS * 10 });
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (++keys > MAX_METADATA_KEYS) throw new InvalidInputError(`${field} has more than ${MAX_METADATA_KEYS} keys`, { field, limit: MAX_METADATA_KEYS });
      checkText(k, field);
      if (LINE_BREAKING.test(k)) throw new InvalidInputError(`a ${field} key must be one line of text without control characters`, { field, reason: "control-character" });
      if (k.length > MAX_TAG_CHARS) throw new InvalidInputError(`a ${field} key is ${k.length} characters, at most ${MAX_TAG_CHARS}`, { field, limit: MAX_TAG_CHARS });
      walk(x, depth + 1);
    }
  };
  walk(meta, 1);
  const bytes = Buffer.byteLength(JSON.stringify(meta));
  if (bytes > MAX_METADATA_BYTES) throw new InvalidInputError(`${field} is ${bytes} bytes as JSON, at most ${MAX_METADATA_BYTES}`, { field, limit: MAX_METADATA_BYTES });
}
function checkTime(t, field) {
  const ms = t.getTime();
  if (!Number.isFinite(ms) || ms < MIN_TIME_MS || ms > MAX_TIME_MS) {
    throw new InvalidInputError(`${field} must be between 1970-01-01 and 2999-12-31 (UTC)`, { field });
  }
  return t;
}
var decoder = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function decodeUtf8(buf, what) {
  try {
    return decoder().decode(buf);
  } catch {
    throw new InvalidInputError(`${what} is not valid UTF-8 text; nothing was written (convert it, e.g. with iconv, first)`, { field: what, reason: "invalid-utf8" });
  }
}
function readBoundedFile(path, opts) {
  const what = opts.what ?? path;
  let fd;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    throw new InvalidInputError(`cannot read ${what}: ${err.code ?? err.message}`, { field: "file" });
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InvalidInputError(`cannot read ${what}: it is a directory`, { field: "file" });
    if (st.isFile() && st.size > opts.limit) throw new InputTooLargeError(what, opts.limit);
    const chunks = [];
    let total = 0;
    for (; ; ) {
      const buf = Buffer.allocUnsafe(Math.min(1 << 20, opts.limit + 1 - total));
      let n;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        if (err.code === "EAGAIN") continue;
        throw new InvalidInputError(`cannot read ${what}: ${err.code ?? err.message}`, { field: "file" });
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
var IMPORT_BATCH = 5e4;

export {
  MAX_FRONT_MATTER_BYTES,
  oversizedFile,
  MAX_FRONT_MATTER_NODES,
  MAX_TIME_MS,
  maxImportBytes,
  positiveInt,
  limitOf,
  checkText,
  checkLabel,
  checkQuery,
  checkedTags,
  checkMetadata,
  checkTime,
  readBoundedFile,
  IMPORT_BATCH
};
