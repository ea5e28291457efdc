import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  FrontMatterError,
  checkText,
  oversizedFile,
  parseFile,
  serializeFile
} from "./chunk-DFWT2NPX.js";
import {
  copyWins,
  duplicateIdWarning,
  idFromPath,
  idTime,
  isValidId
} from "./chunk-7ZPDJLBH.js";
import {
  writeCacheFile
} from "./chunk-ENPGJTG6.js";
import {
  BinaryContentError,
  ContentTooLargeError,
  EmptyContentError,
  InvalidInputError
} from "./chunk-UL6AG55K.js";

// src/core/memory.ts
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
function isoOrNull(v) {
  if (typeof v !== "string" && !(v instanceof Date)) return null;
  const t = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
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
  const timestamp = isoOrNull(data.timestamp) ?? (idMs !== null ? new Date(idMs).toISOString() : UNDATED);
  const extra = {};
  for (const [k, v] of Object.entries(data)) if (!KNOWN.has(k)) extra[k] = v;
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
  const updated = isoOrNull(data.updated);
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

// src/core/catalog.ts
import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { join } from "node:path";
var MEMORIES_DIR = "memories";
var ARCHIVE_DIR = "archive";
var CATALOG_FORMAT = 2;
function blobText(bytes, path, warn) {
  if (!isUtf8(bytes)) warn(notUtf8(path));
  return bytes.toString("utf8");
}
function notUtf8(path) {
  return `${path} is not valid UTF-8: shown with U+FFFD in place of the bad bytes; an update of it is refused (fix the file with git)`;
}
function unreadableFile(path, reason) {
  return `skipped ${path}: ${reason} (fix or delete the file on the memory branch; the other memories still read)`;
}
function emptyCatalog() {
  return { tree: null, entries: [], skipped: [], byId: /* @__PURE__ */ new Map(), dupes: [] };
}
function withIndex(tree, entries, skipped) {
  const byId = /* @__PURE__ */ new Map();
  const losers = [];
  for (const e of entries) indexOne(byId, losers, e);
  return indexed(tree, entries, skipped, byId, losers);
}
async function withIndexInSlices(tree, entries, skipped) {
  const byId = /* @__PURE__ */ new Map();
  const losers = [];
  for (let i = 0; i < entries.length; i++) {
    if (i % 5e3 === 4999) await new Promise((r) => setImmediate(r));
    indexOne(byId, losers, entries[i]);
  }
  return indexed(tree, entries, skipped, byId, losers);
}
function indexOne(byId, losers, e) {
  const had = byId.get(e.memory.id);
  if (!had) byId.set(e.memory.id, e);
  else if (copyWins({ id: e.memory.id, path: e.path }, { id: had.memory.id, path: had.path })) {
    byId.set(e.memory.id, e);
    losers.push(had);
  } else losers.push(e);
}
function indexed(tree, entries, skipped, byId, losers) {
  const dupes = losers.map((l) => [l.memory.id, byId.get(l.memory.id).path, l.path]);
  return { tree, entries, skipped, byId, dupes };
}
function warnDupes(c, warn) {
  if (warn) for (const [id, used, ignored] of c.dupes) warn(duplicateIdWarning(id, used, ignored));
  return c;
}
function cacheDir(commonDir, branch) {
  return join(commonDir, "git-memory", encodeURIComponent(branch));
}
function catalogFile(dir, prefix) {
  return join(dir, `catalog-${prefix === MEMORIES_DIR ? "" : prefix + "-"}v${CATALOG_FORMAT}.json`);
}
function loadCatalog(repo, tree, opts) {
  if (!tree) return emptyCatalog();
  if (opts.previous?.tree === tree) return opts.previous;
  const prefix = opts.prefix ?? MEMORIES_DIR;
  const idPath = (path) => prefix === MEMORIES_DIR ? path : MEMORIES_DIR + path.slice(prefix.length);
  let prev = opts.previous ?? null;
  if (!prev) {
    const file = catalogFile(opts.dir, prefix);
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8"));
      if (parsed.format === CATALOG_FORMAT && Array.isArray(parsed.entries)) {
        if (parsed.tree === tree) return warnDupes(withIndex(tree, parsed.entries, parsed.skipped ?? []), opts.warn);
        prev = parsed;
      }
    } catch {
    }
  }
  const known = /* @__PURE__ */ new Map();
  for (const e of prev?.entries ?? []) known.set(`${e.path}\0${e.oid}`, e);
  const knownSkips = /* @__PURE__ */ new Map();
  for (const s of prev?.skipped ?? []) knownSkips.set(`${s.path}\0${s.oid}`, s);
  const entries = [];
  const skipped = [];
  const warn = opts.warn ?? (() => {
  });
  for (const blob of repo.listBlobs(tree, prefix)) {
    if (!blob.path.endsWith(".md")) continue;
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
    const bytes = repo.readBlob(blob.oid);
    try {
      const tooLarge = oversizedFile(bytes.length);
      if (tooLarge) throw new Error(tooLarge);
      const memory = memoryFromFile(idPath(blob.path), blobText(bytes, blob.path, warn), warn);
      memory.path = blob.path;
      entries.push({ path: blob.path, oid: blob.oid, memory });
    } catch (err) {
      const reason = err.message;
      skipped.push({ path: blob.path, oid: blob.oid, reason });
      warn(unreadableFile(blob.path, reason));
    }
  }
  const catalog = warnDupes(withIndex(tree, entries, skipped), opts.warn);
  if (opts.persist !== false) {
    const body = { format: CATALOG_FORMAT, tree, entries, skipped };
    writeCacheFile(catalogFile(opts.dir, prefix), (put) => put(Buffer.from(JSON.stringify(body))));
  }
  return catalog;
}
var SLICE = 500;
var READER = `
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
function readCatalogFileAsync(dir, prefix = MEMORIES_DIR, pace) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(READER, { eval: true, workerData: { file: catalogFile(dir, prefix), format: CATALOG_FORMAT, slice: SLICE } });
    } catch {
      return resolve(void 0);
    }
    worker.unref();
    let tree = null;
    let skipped = [];
    const entries = [];
    let done = false;
    const finish = (v) => {
      if (done) return;
      done = true;
      void worker.terminate();
      resolve(v);
    };
    worker.on("message", (m) => {
      try {
        if (m.kind === "none") return finish(void 0);
        if (m.kind === "head") {
          tree = m.tree ?? null;
          skipped = JSON.parse(m.skipped ?? "[]");
          return;
        }
        if (m.kind === "end") return finish({ tree, entries, skipped });
        for (const e of JSON.parse(m.json ?? "[]")) entries.push(e);
        if (!pace) worker.postMessage(0);
        else void pace().then(() => worker.postMessage(0), () => finish(void 0));
      } catch {
        finish(void 0);
      }
    });
    worker.once("error", () => finish(void 0));
    worker.once("exit", () => finish(void 0));
  });
}
async function loadCatalogAsync(repo, tree, opts) {
  const { pace, ...rest } = opts;
  if (!tree || opts.previous?.tree === tree) return loadCatalog(repo, tree, rest);
  const read = opts.previous ? void 0 : await readCatalogFileAsync(opts.dir, opts.prefix, pace);
  if (read && read.tree === tree) return warnDupes(await withIndexInSlices(tree, read.entries, read.skipped), opts.warn);
  const previous = read ? { tree: read.tree, entries: read.entries, skipped: read.skipped, byId: /* @__PURE__ */ new Map(), dupes: [] } : opts.previous;
  return loadCatalog(repo, tree, { ...rest, previous });
}

export {
  MAX_CONTENT_BYTES,
  normalizeTags,
  isPriority,
  validateContent,
  UNDATED,
  isUndated,
  memoryFromFile,
  memoryToFile,
  publicMemory,
  runnerMetadata,
  MEMORIES_DIR,
  ARCHIVE_DIR,
  blobText,
  notUtf8,
  unreadableFile,
  cacheDir,
  loadCatalog,
  loadCatalogAsync
};
