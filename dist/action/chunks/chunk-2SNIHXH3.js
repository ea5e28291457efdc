import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor
} from "./chunk-YOGQNHPV.js";
import {
  UPSERT_KEY_FIELD,
  guardOptions,
  guardWrite
} from "./chunk-GRE5BRR7.js";
import {
  UNDATED,
  isPriority,
  parseTime,
  validateContent
} from "./chunk-EYKMHHKG.js";
import {
  setOwn
} from "./chunk-VIW2RCAO.js";
import {
  checkLabel,
  checkMetadata,
  checkTime,
  maxImportBytes,
  readBoundedFile
} from "./chunk-XRSA6KWW.js";
import {
  isValidId,
  newId,
  pathFor
} from "./chunk-FBFUYQWQ.js";
import {
  BinaryContentError,
  InputTooLargeError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/lifecycle/import-records.ts
import { isUtf8 } from "node:buffer";
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { basename, join } from "node:path";
var KNOWN = /* @__PURE__ */ new Set(["id", "content", "tags", "category", "priority", "timestamp", "updated", "scope", "metadata", "expires", UPSERT_KEY_FIELD, "relevance", "path", "archived"]);
function isoOrThrow(v, field) {
  if (v === void 0 || v === null || v === "") return void 0;
  const t = typeof v === "number" ? v : parseTime(String(v));
  if (typeof v !== "string" && typeof v !== "number") throw new InvalidInputError(`${field} must be an ISO 8601 date`, { field });
  if (!Number.isFinite(t)) throw new InvalidInputError(`${field} is not a date: ${JSON.stringify(String(v).slice(0, 80))}`, { field });
  return checkTime(new Date(t), field).toISOString();
}
function importId(raw) {
  if (raw === void 0 || raw === null || raw === "") return null;
  if (isValidId(raw)) return { id: raw };
  const s = String(raw);
  const body = s.replace(/^mem[_-]?/i, "").toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 64);
  if (!body) throw new InvalidInputError(`id ${JSON.stringify(s)} has no usable characters`, { field: "id" });
  return { id: `mem_${body}`, original: s };
}
function isObjectRecord(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function recordToMemory(store, rec, opts) {
  if (!rec || typeof rec !== "object" || Array.isArray(rec)) throw new InvalidInputError("each record must be a JSON object", { field: "record" });
  const raw = validateContent(rec.content, opts.maxContentBytes);
  const { priority, metadata: meta, category, scope } = rec;
  if (priority !== void 0 && !isPriority(priority)) throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(priority)}`, { field: "priority" });
  if (rec.tags !== void 0 && !Array.isArray(rec.tags) && typeof rec.tags !== "string") throw new InvalidInputError("tags must be a list of strings", { field: "tags" });
  if (meta !== void 0 && !isObjectRecord(meta)) throw new InvalidInputError("metadata must be an object", { field: "metadata" });
  if (category !== void 0 && typeof category !== "string") throw new InvalidInputError("category must be a string", { field: "category" });
  if (scope !== void 0 && scope !== null && typeof scope !== "string") throw new InvalidInputError("scope must be a string", { field: "scope" });
  checkLabel(category, "category");
  checkLabel(scope, "scope");
  const timestamp = rec.timestamp === UNDATED ? UNDATED : isoOrThrow(rec.timestamp, "timestamp") ?? store.now().toISOString();
  const updated = isoOrThrow(rec.updated, "updated");
  const expires = isoOrThrow(rec.expires, "expires");
  checkMetadata(rec.metadata);
  let idInfo = importId(rec.id);
  const extraIn = {};
  for (const [k, v] of Object.entries(rec)) if (!KNOWN.has(k) && v !== void 0) setOwn(extraIn, k, v);
  if (typeof rec[UPSERT_KEY_FIELD] === "string" && rec[UPSERT_KEY_FIELD]) extraIn[UPSERT_KEY_FIELD] = rec[UPSERT_KEY_FIELD];
  if (rec.id !== void 0 && rec.id !== null && rec.id !== "") extraIn.original_id = String(rec.id);
  const g = guardWrite(
    { content: raw, tags: rec.tags, category, scope: scope ?? void 0, metadata: meta, extra: extraIn },
    { ...guardOptions({ secretGuard: opts.secretGuard }, { allowSecret: opts.allowSecret, redact: opts.redact }), autoTag: !!opts.autoTag }
  );
  const { original_id: guardedOriginal, [UPSERT_KEY_FIELD]: guardedKey, ...extra } = g.extra ?? {};
  if (rec.id !== void 0 && rec.id !== null && rec.id !== "" && guardedOriginal !== String(rec.id)) idInfo = { id: newId(Date.parse(timestamp)), original: String(guardedOriginal) };
  const id = idInfo?.id ?? newId(Date.parse(timestamp));
  const metadata = { ...g.metadata ?? {} };
  if (idInfo?.original) metadata.original_id = idInfo.original;
  if (expires) extra.expires = expires;
  if (guardedKey !== void 0) extra[UPSERT_KEY_FIELD] = guardedKey;
  const m = {
    id,
    content: g.content,
    tags: g.tags,
    category: g.category?.trim() || opts.defaultCategory,
    priority: priority ?? opts.defaultPriority,
    timestamp,
    metadata,
    // An exported archived memory goes back to the archive (export --archived round-trips).
    path: rec.archived === true ? archivePathFor(pathFor(id, timestamp)) : pathFor(id, timestamp),
    extra
  };
  if (updated) m.updated = updated;
  if (g.scope) m.scope = g.scope;
  return m;
}
function parseRecords(text) {
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("[") || trimmed.startsWith("{") && /^\{\s*"(?:success|memories)"/.test(trimmed)) {
    try {
      const doc = JSON.parse(trimmed);
      const list = Array.isArray(doc) ? doc : doc.memories;
      if (Array.isArray(list)) return list.map((record, i) => ({ line: i + 1, record }));
    } catch {
    }
  }
  return [...jsonLines(text, 0)];
}
function readPiDirectory(dir) {
  let base = dir;
  try {
    if (!statSync(base).isDirectory()) throw new Error("not a directory");
  } catch {
    throw new InvalidInputError(`not a directory: ${dir}`, { field: "from-pi" });
  }
  const names = () => readdirSync(base).filter((n) => /^mem_.*\.json$/.test(n));
  if (!names().length) {
    for (const sub of ["memories", join(".pi", "memories")]) {
      try {
        if (statSync(join(dir, sub)).isDirectory()) {
          base = join(dir, sub);
          break;
        }
      } catch {
      }
    }
  }
  const files = names().sort();
  let index = {};
  try {
    index = JSON.parse(readFileSync(join(base, "index.json"), "utf8"));
  } catch {
  }
  const tagsOf = /* @__PURE__ */ new Map();
  for (const [tag, ids] of Object.entries(index.tags ?? {})) if (Array.isArray(ids)) for (const id of ids) tagsOf.set(String(id), [...tagsOf.get(String(id)) ?? [], tag]);
  const catOf = /* @__PURE__ */ new Map();
  for (const [cat, ids] of Object.entries(index.categories ?? {})) if (Array.isArray(ids)) for (const id of ids) catOf.set(String(id), cat);
  return files.map((name) => {
    try {
      const rec = JSON.parse(readFileSync(join(base, name), "utf8"));
      if (rec && typeof rec === "object" && !Array.isArray(rec)) {
        const id = String(rec.id ?? basename(name, ".json"));
        if (rec.id === void 0) rec.id = id;
        if ((rec.tags === void 0 || Array.isArray(rec.tags) && !rec.tags.length) && tagsOf.has(id)) rec.tags = tagsOf.get(id);
        if (rec.category === void 0 && catOf.has(id)) rec.category = catOf.get(id);
        rec.metadata = { ...rec.metadata ?? {}, imported_from: "pi" };
      }
      return { line: name, record: rec };
    } catch (err) {
      return { line: name, error: { line: name, code: "INVALID_INPUT", message: `not valid JSON: ${err.message}` } };
    }
  });
}
var MAX_IMPORT_LINE_CHARS = 4 * 1024 * 1024;
function maxStreamedImportBytes(env = process.env) {
  return env.MEMORY_MAX_IMPORT_BYTES ? maxImportBytes(env) : 4 * 1024 ** 3;
}
function prescanImportFile(fd, what) {
  const limit = maxStreamedImportBytes();
  const buf = Buffer.allocUnsafe((1 << 22) + 4);
  let carry = 0;
  let total = 0;
  let sinceNl = 0;
  for (; ; ) {
    const n = readSync(fd, buf, carry, buf.length - carry, total);
    if (n === 0) break;
    const c = buf.subarray(carry, carry + n);
    const z = c.indexOf(0);
    if (z >= 0) throw new BinaryContentError(total + z);
    const nl = c.lastIndexOf(10);
    sinceNl = nl < 0 ? sinceNl + n : n - nl - 1;
    if (sinceNl > MAX_IMPORT_LINE_CHARS) throw new InputTooLargeError(`a line of ${what}`, MAX_IMPORT_LINE_CHARS);
    total += n;
    if (total > limit) throw new InputTooLargeError(what, limit);
    const all = buf.subarray(0, carry + n);
    let end = all.length;
    let k = end - 1;
    while (k >= 0 && (all[k] & 192) === 128 && end - k <= 3) k--;
    if (k >= 0 && all[k] >= 192) end = k;
    if (!isUtf8(all.subarray(0, end))) throw new InvalidInputError(`${what} is not valid UTF-8 (near byte ${total - n}); nothing was written`, { field: "file" });
    carry = all.length - end;
    all.copy(buf, 0, end);
  }
  if (carry && !isUtf8(buf.subarray(0, carry))) throw new InvalidInputError(`${what} ends inside a UTF-8 character; nothing was written`, { field: "file" });
}
function fileRecords(file, onBytes) {
  return {
    *[Symbol.iterator]() {
      let fd;
      try {
        fd = openSync(file, "r");
      } catch (err) {
        throw new InvalidInputError(`cannot read ${file}: ${err.message}`, { field: "file" });
      }
      try {
        if (!fstatSync(fd).isFile()) {
          yield* parseRecords(readBoundedFile(file, { limit: maxImportBytes(), rejectNul: true, what: basename(file) }));
          return;
        }
        prescanImportFile(fd, basename(file));
        const size = fstatSync(fd).size;
        const buf = Buffer.allocUnsafe(1 << 16);
        const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
        const limit = maxStreamedImportBytes();
        let total = 0;
        let long = [];
        let line = 0;
        let first = true;
        for (; ; ) {
          const n = readSync(fd, buf, 0, buf.length, null);
          if (first) {
            first = false;
            const head2 = buf.toString("utf8", 0, Math.min(n, 256)).replace(/^\uFEFF/, "").trimStart();
            if (head2.startsWith("[") || head2.startsWith("{") && /^\{\s*"(?:success|memories)"/.test(head2)) {
              yield* parseRecords(readBoundedFile(file, { limit: maxImportBytes(), rejectNul: true, what: basename(file) }));
              return;
            }
          }
          if (n === 0) break;
          total += n;
          if (total > limit) throw new InputTooLargeError(basename(file), limit);
          onBytes?.(total, Math.max(size, total));
          let decoded;
          try {
            decoded = decoder.decode(buf.subarray(0, n), { stream: true });
          } catch {
            throw new InvalidInputError(`${basename(file)} changed during the import and is no longer valid UTF-8 (near byte ${total - n}); batches before it were committed`, { field: "file" });
          }
          const lastNl = decoded.lastIndexOf("\n");
          if (lastNl < 0) {
            long.push(decoded);
            continue;
          }
          const head = decoded.slice(0, lastNl + 1);
          const whole = long.length ? long.join("") + head : head;
          long = [decoded.slice(lastNl + 1)];
          for (const it of jsonLines(whole, line)) yield it;
          line += countLines(whole);
        }
        let rest = long.join("");
        try {
          rest += decoder.decode();
        } catch {
          throw new InvalidInputError(`${basename(file)} ends inside a UTF-8 character; nothing was written`, { field: "file" });
        }
        if (rest) for (const it of jsonLines(rest, line)) yield it;
      } finally {
        closeSync(fd);
      }
    }
  };
}
function countLines(s) {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
function* jsonLines(text, firstLine) {
  let start = 0;
  let line = firstLine;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    line++;
    const s = text.slice(start, end).trim();
    start = end + 1;
    if (!s) continue;
    try {
      yield { line, record: JSON.parse(s) };
    } catch (err) {
      yield { line, error: { line, code: "INVALID_INPUT", message: `not valid JSON: ${err.message}` } };
    }
  }
}

export {
  isoOrThrow,
  recordToMemory,
  parseRecords,
  readPiDirectory,
  fileRecords
};
