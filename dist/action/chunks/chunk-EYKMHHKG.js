import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  parseFile,
  serializeFile,
  setOwn
} from "./chunk-VIW2RCAO.js";
import {
  checkText,
  oversizedFile
} from "./chunk-XRSA6KWW.js";
import {
  idFromPath,
  idTime,
  isValidId
} from "./chunk-FBFUYQWQ.js";
import {
  BinaryContentError,
  ContentTooLargeError,
  EmptyContentError,
  FrontMatterError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/model/memory.ts
var isScalar = (v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
var PRIORITIES = ["low", "medium", "high"];
var MAX_CONTENT_BYTES = 64 * 1024;
var KNOWN = /* @__PURE__ */ new Set(["id", "tags", "category", "priority", "timestamp", "updated", "scope", "metadata"]);
function normalizeTags(input) {
  const raw = Array.isArray(input) ? input : typeof input === "string" ? input.split(",") : input == null ? [] : [input];
  const seen = /* @__PURE__ */ new Set();
  for (const t of raw) {
    if (t === null || t === void 0 || typeof t === "object" || typeof t === "function") continue;
    const tag = String(t).trim().toLowerCase().replace(/\s+/g, "-");
    if (tag) seen.add(tag);
  }
  return [...seen];
}
function isPriority(p) {
  return typeof p === "string" && PRIORITIES.includes(p);
}
function validateContent(content, maxBytes = MAX_CONTENT_BYTES) {
  if (typeof content !== "string") throw new InvalidInputError("content must be a string", { field: "content" });
  if (content.trim() === "") throw new EmptyContentError();
  checkText(content, "content");
  const nul = content.indexOf("\0");
  if (nul >= 0) throw new BinaryContentError(nul);
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > maxBytes) throw new ContentTooLargeError(bytes, maxBytes);
  return content;
}
var UNDATED = (/* @__PURE__ */ new Date(0)).toISOString();
function isUndated(m) {
  return m.timestamp === UNDATED;
}
function parseTime(v) {
  const t = Date.parse(v);
  const ymd = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})/.exec(v);
  if (!ymd || !Number.isFinite(t)) return t;
  const [y, mo, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const day = new Date(Date.UTC(2e3, mo - 1, d));
  day.setUTCFullYear(y);
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? t : NaN;
}
function isoOrNull(v) {
  if (typeof v !== "string" && !(v instanceof Date)) return null;
  const t = v instanceof Date ? v.getTime() : parseTime(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
function dateField(path, data, field, fallback, warn) {
  const v = data[field];
  if (v === void 0 || v === null || v === "") return null;
  const iso = isoOrNull(v);
  if (iso === null) warn(`${path}: ${field} ${JSON.stringify(String(v).slice(0, 40))} is not a valid date; using ${fallback}`);
  return iso;
}
function memoryFromFile(path, text, warn = () => {
}) {
  const tooLarge = oversizedFile(text.length);
  if (tooLarge) throw new FrontMatterError(tooLarge);
  const { data, content } = parseFile(text);
  if (data.tags !== void 0 && data.tags !== null && !isScalar(data.tags) && !(Array.isArray(data.tags) && data.tags.every((t) => t === null || isScalar(t)))) {
    throw new FrontMatterError("tags must be a list of strings");
  }
  let id = data.id;
  if (id !== void 0 && !isValidId(id)) {
    warn(`${path}: front-matter id ${JSON.stringify(String(id).slice(0, 80))} is not a valid id; using one derived from the path`);
    id = void 0;
  }
  const finalId = id ?? idFromPath(path);
  const idMs = idTime(finalId);
  const timestamp = dateField(path, data, "timestamp", idMs !== null ? "the id's time" : "none (undated)", warn) ?? (idMs !== null ? new Date(idMs).toISOString() : UNDATED);
  const extra = {};
  for (const [k, v] of Object.entries(data)) if (!KNOWN.has(k)) setOwn(extra, k, v);
  const metadata = data.metadata && typeof data.metadata === "object" && !Array.isArray(data.metadata) ? data.metadata : {};
  const m = {
    id: finalId,
    content,
    tags: normalizeTags(data.tags),
    category: typeof data.category === "string" && data.category.trim() ? data.category.trim() : "general",
    priority: isPriority(data.priority) ? data.priority : "medium",
    timestamp,
    metadata,
    path,
    extra
  };
  const updated = dateField(path, data, "updated", "none", warn);
  if (updated) m.updated = updated;
  if (typeof data.scope === "string" && data.scope) m.scope = data.scope;
  return m;
}
function memoryToFile(m) {
  const extra = "extra" in m ? m.extra : {};
  const front = {
    id: m.id,
    tags: m.tags,
    category: m.category,
    priority: m.priority,
    timestamp: isUndated(m) ? void 0 : m.timestamp,
    updated: m.updated,
    scope: m.scope,
    metadata: Object.keys(m.metadata).length ? m.metadata : void 0,
    ...extra
  };
  return serializeFile(front, m.content);
}
var citationFree = /* @__PURE__ */ new WeakSet();
function publicMemory(m) {
  const out = { id: m.id, content: m.content, tags: m.tags, category: m.category, priority: m.priority, timestamp: m.timestamp, metadata: m.metadata };
  if (m.updated) out.updated = m.updated;
  if (m.scope) out.scope = m.scope;
  return out;
}
function runnerMetadata(env = process.env) {
  if (env.GITHUB_ACTIONS !== "true") return {};
  const pick = {
    job_id: env.GITHUB_JOB,
    run_id: env.GITHUB_RUN_ID,
    workflow: env.GITHUB_WORKFLOW,
    sha: env.GITHUB_SHA,
    repository: env.GITHUB_REPOSITORY,
    actor: env.GITHUB_ACTOR
  };
  const out = {};
  for (const [k, v] of Object.entries(pick)) if (v) out[k] = v;
  return out;
}

export {
  MAX_CONTENT_BYTES,
  normalizeTags,
  isPriority,
  validateContent,
  UNDATED,
  isUndated,
  parseTime,
  memoryFromFile,
  memoryToFile,
  citationFree,
  publicMemory,
  runnerMetadata
};
