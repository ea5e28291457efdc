import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  branchConfigOid,
  readStoreConfig
} from "./chunk-YN2YFD6J.js";
import {
  COMMIT_EXCERPT,
  excerpt
} from "./chunk-WMTLY4KJ.js";
import {
  GitRepository
} from "./chunk-XYW7CBWY.js";
import {
  validateBranchName
} from "./chunk-STGK6KZJ.js";
import {
  filterMemories,
  listPage,
  recentMemories,
  taggedMemories
} from "./chunk-RZK57QDM.js";
import {
  citationToFront
} from "./chunk-6FGNS2U2.js";
import {
  maskSecrets
} from "./chunk-AB7ZK6EF.js";
import {
  notFoundError,
  trashFile,
  trashPathFor
} from "./chunk-P33V5WTW.js";
import {
  runClosers
} from "./chunk-UXPUN76T.js";
import {
  ARCHIVE_DIR,
  blobText,
  cacheDir,
  loadCatalog,
  loadCatalogAsync,
  notUtf8,
  unreadableFile
} from "./chunk-SW6HMA3H.js";
import {
  MAX_CONTENT_BYTES,
  isPriority,
  memoryFromFile,
  memoryToFile,
  normalizeTags,
  parseTime,
  publicMemory,
  runnerMetadata,
  validateContent
} from "./chunk-KTDUAT6L.js";
import {
  checkLabel,
  checkMetadata,
  checkText,
  checkTime,
  checkedTags
} from "./chunk-6DSHMY3H.js";
import {
  assertId,
  idFromPath,
  newId,
  pathFor
} from "./chunk-36CXX5CX.js";
import {
  ConfirmationRequiredError,
  DuplicateError,
  InternalError,
  InvalidInputError,
  MemoryError,
  NotFoundError,
  RefMovedError,
  UnreadableMemoryError
} from "./chunk-TQGNLJW4.js";

// src/model/error-format.ts
var MAX_ERROR_TOKEN = 160;
var MAX_ERROR_MESSAGE = 1e3;
var MAX_ERROR_VALUE = 200;
var LONG_RUN = new RegExp(`[^\\s"'\`]{${MAX_ERROR_TOKEN + 1},}`, "g");
function cutRuns(s) {
  return s.replace(LONG_RUN, (run) => `${run.slice(0, 60)}\u2026[${run.length - 60} more characters]`);
}
var DISPLAY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function escapeControls(text) {
  return text.replace(DISPLAY_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeText(value, max = MAX_ERROR_MESSAGE) {
  let s = value.length > 64 * 1024 ? value.slice(0, 64 * 1024) : value;
  s = cutRuns(escapeControls(maskSecrets(s)));
  if (s.length > max || value.length > 64 * 1024) s = `${s.slice(0, max)}\u2026[${value.length - Math.min(max, s.length)} more characters]`;
  return s;
}
function safeValue(v, depth) {
  if (typeof v === "string") return safeText(v, MAX_ERROR_VALUE);
  if (v === null || typeof v !== "object") return v;
  if (depth >= 6) return "[\u2026]";
  if (Array.isArray(v)) {
    const out2 = v.slice(0, 50).map((x) => safeValue(x, depth + 1));
    if (v.length > 50) out2.push(`\u2026[${v.length - 50} more items]`);
    return out2;
  }
  const out = {};
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (n++ >= 50) {
      out["\u2026"] = "more keys left out";
      break;
    }
    out[safeText(k, 64)] = safeValue(x, depth + 1);
  }
  return out;
}
function asMemoryError(err) {
  if (err instanceof MemoryError) return err;
  const e = err;
  return new InternalError(e?.message ?? String(err));
}
function safeError(err) {
  const me = asMemoryError(err);
  const out = new MemoryError(me.code, safeText(me.message), safeValue(me.data, 0));
  return out;
}

// src/ops/store.ts
var lifecycle = () => import("./store-hooks-J2NXVF3X.js");
async function storeMemory(b, input, cited) {
  if (input.cite !== void 0 && !cited) throw new InvalidInputError("citations are resolved by the door (openMemory): call store through it", { field: "cite" });
  const { derivedTags, guardOptions, guardWrite, guardFile, expiryOf, findExisting, contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } = await lifecycle();
  const cfg = await b.loadConfig();
  const raw = validateContent(input.content, cfg.maxContentBytes);
  if (input.priority !== void 0 && !isPriority(input.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: "priority" });
  }
  const created = input.timestamp === void 0 ? b.now() : typeof input.timestamp === "string" ? new Date(parseTime(input.timestamp)) : new Date(input.timestamp);
  if (!Number.isFinite(created.getTime())) throw new InvalidInputError("invalid timestamp: not a date", { field: "timestamp" });
  checkTime(created, "timestamp");
  const id = input.id !== void 0 ? assertId(input.id) : newId(created.getTime());
  const timestamp = created.toISOString();
  const givenTags = checkedTags(input.tags);
  checkMetadata(input.metadata);
  for (const f of ["category", "scope"]) checkLabel(input[f], f);
  checkText(input.upsertKey, "upsertKey");
  const upsertKey = input.upsertKey !== void 0 ? String(input.upsertKey).trim() : void 0;
  if (input.upsertKey !== void 0 && !upsertKey) throw new InvalidInputError("upsertKey must not be empty", { field: "upsertKey" });
  if (upsertKey && upsertKey.length > 256) throw new InvalidInputError("upsertKey is over 256 characters", { field: "upsertKey" });
  const guard = guardOptions(cfg, input);
  if (guard.allowSecret) b.warn('the secret guard is lowered for this write (--allow-secret or secretGuard "off"): a credential in it is stored and pushed as it is');
  const guarded = guardWrite(
    { content: raw, tags: input.tags, category: input.category, scope: input.scope, metadata: input.metadata, extra: upsertKey ? { upsert_key: upsertKey } : void 0 },
    { ...guard, autoTag: input.autoTag ?? cfg.autoTag }
  );
  const { content, tags } = guarded;
  const expires = expiryOf(input, b.now());
  const memory = {
    id,
    content,
    tags,
    category: guarded.category?.trim() || cfg.defaultCategory,
    priority: input.priority ?? cfg.defaultPriority,
    timestamp,
    metadata: { source: b.defaults.source, version: 1, ...runnerMetadata(), ...guarded.metadata ?? {} },
    path: pathFor(id, timestamp),
    extra: {}
  };
  if (guarded.scope) memory.scope = guarded.scope;
  if (expires) memory.extra.expires = expires;
  if (upsertKey) memory.extra[UPSERT_KEY_FIELD] = String(guarded.extra?.upsert_key ?? upsertKey);
  if (cited?.citations.length) memory.extra.citations = cited.citations.map(citationToFront);
  const fileText = memoryToFile(memory);
  guardFile(fileText, null, { ...guard, what: "the memory" });
  const file = Buffer.from(fileText, "utf8");
  const tagNote = tags.length ? ` [tags: ${tags.join(", ")}]` : "";
  const hash = input.dedupe ?? cfg.dedupe ? contentHash(content, memory.scope) : null;
  const key = upsertKey ? keyOf(upsertKey, memory.scope) : null;
  const vectors = await b.defaults.vectorsOnWrite?.([content]) ?? null;
  const res = await b.mutate((tip) => {
    if (input.id !== void 0 && tip && b.find(id, tip)) throw new DuplicateError(id);
    const hit = findExisting(b, tip, { hash, key });
    if (hit?.kind === "duplicate") return { change: null, result: { id: hit.memory.id, timestamp: hit.memory.timestamp, duplicate: true } };
    if (hit?.kind === "upsert") {
      const old = hit.memory;
      const next = { ...old, content, metadata: { ...old.metadata, ...guarded.metadata ?? {} }, extra: { ...old.extra } };
      if (givenTags.length) next.tags = tags;
      const retagged = !givenTags.length && tags.length > 0 && JSON.stringify(old.tags) === JSON.stringify(derivedTags(old.content));
      if (retagged) next.tags = tags;
      if (input.category !== void 0) next.category = memory.category;
      if (input.priority !== void 0) next.priority = memory.priority;
      if (expires) next.extra.expires = expires;
      if (cited?.citations.length) next.extra.citations = memory.extra.citations;
      const same = normalizeContent(old.content) === normalizeContent(content) && JSON.stringify([next.tags, next.category, next.priority, next.extra, next.metadata]) === JSON.stringify([old.tags, old.category, old.priority, old.extra, old.metadata]);
      if (same) return { change: null, result: { id: old.id, timestamp: old.timestamp, duplicate: true } };
      const v = Number(old.metadata.version);
      next.metadata.version = (Number.isInteger(v) && v > 0 ? v : 1) + 1;
      next.updated = b.now().toISOString();
      const nextText = memoryToFile(next);
      guardFile(nextText, memoryToFile(old), { ...guard, what: "the memory" });
      const changes2 = /* @__PURE__ */ new Map([[old.path, Buffer.from(nextText, "utf8")]]);
      vectors?.add(changes2, old.id, old.timestamp, content);
      return {
        change: {
          changes: changes2,
          message: `memory: update ${old.id} (upsert key ${memory.extra[UPSERT_KEY_FIELD]}) to version ${next.metadata.version}

${excerpt(content, COMMIT_EXCERPT)}

Memory-Id: ${old.id}
`
        },
        result: { id: old.id, timestamp: old.timestamp, upserted: true, ...retagged ? { retagged: true } : {} }
      };
    }
    const changes = /* @__PURE__ */ new Map([[memory.path, file]]);
    vectors?.add(changes, id, timestamp, content);
    return {
      change: { changes, message: `memory: store ${id}${tagNote}

${excerpt(content, COMMIT_EXCERPT)}

Memory-Id: ${id}
` },
      result: { id, timestamp }
    };
  });
  const out = { success: true, id: res.id, timestamp: res.timestamp, commit: res.commit };
  if (res.duplicate) out.duplicate = true;
  if (res.upserted) out.upserted = true;
  if (!givenTags.length && tags.length && !out.duplicate && (!out.upserted || res.retagged)) out.autoTags = tags;
  if (guarded.redacted) out.redacted = guarded.redacted;
  if (cited?.citations.length) {
    out.citations = cited.citations.length;
    out.citedAt = cited.commit;
  }
  if (cited?.warnings.length) out.warnings = cited.warnings;
  return out;
}

// src/ops/get.ts
async function findInIndex(b, id) {
  const { locateInIndex } = await import("./listing-D3E5NPWO.js");
  const at = locateInIndex(b, id);
  if (!at) return null;
  try {
    const memory = memoryFromFile(at.path, blobText(b.git.readBlob(at.oid), at.path, (w) => b.warn(w)), (w) => b.warn(w));
    return memory.id === id ? { path: at.path, oid: at.oid, memory } : null;
  } catch {
    return null;
  }
}
async function getMemory(b, id) {
  const tip = b.tip();
  const hit = b.findAtPath(id, tip) ?? (tip ? await findInIndex(b, id) : null);
  if (hit) return { success: true, memory: publicMemory(hit.memory) };
  const archived = b.archiveCatalog().byId.get(id);
  if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
  throw missingError(b, id, tip);
}
function missingError(b, id, tip) {
  const tree = b.treeOf(tip);
  if (tree) {
    const path = pathFor(id, "");
    const e = b.git.entryAt(tree, path);
    if (e && /^10[0-7]{4}$/.test(e.mode)) {
      try {
        const m = memoryFromFile(path, b.git.readBlob(e.oid).toString("utf8"));
        if (m.id === id) return new NotFoundError(id);
      } catch (err) {
        return new UnreadableMemoryError(id, path, err.message);
      }
    }
    for (const s of b.catalog(tip).skipped) {
      if (s.path.endsWith(`/${id}.md`) || idFromPath(s.path) === id) return new UnreadableMemoryError(id, s.path, s.reason);
    }
  }
  return notFoundError(b, id, tip);
}

// src/ops/update.ts
import { isUtf8 } from "node:buffer";
var lifecycle2 = () => import("./store-hooks-J2NXVF3X.js");
async function updateMemory(b, id, patch, cited) {
  const { guardOptions, assertNoNewSecrets, guardFields, guardFile } = await lifecycle2();
  assertId(id);
  if (patch.cite !== void 0 && patch.uncite) throw new InvalidInputError("give cite (replace the citations) or uncite (remove them), not both", { field: "uncite" });
  if (patch.cite !== void 0 && !cited) throw new InvalidInputError("citations are resolved by the door (openMemory): call update through it", { field: "cite" });
  const fields = ["content", "tags", "category", "priority", "scope", "metadata"].filter((k) => patch[k] !== void 0);
  const citing = cited !== void 0 || patch.uncite === true;
  if (!fields.length && !citing) throw new InvalidInputError("nothing to update: give content, tags, category, priority, scope, metadata, cite or uncite", { field: "patch" });
  const content = patch.content !== void 0 ? validateContent(patch.content, b.defaults.maxContentBytes ?? MAX_CONTENT_BYTES) : void 0;
  if (patch.priority !== void 0 && !isPriority(patch.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: "priority" });
  }
  if (patch.metadata !== void 0 && (typeof patch.metadata !== "object" || patch.metadata === null || Array.isArray(patch.metadata))) {
    throw new InvalidInputError("metadata must be an object of keys to values", { field: "metadata" });
  }
  const patchTags = patch.tags !== void 0 ? checkedTags(patch.tags) : void 0;
  checkMetadata(patch.metadata);
  for (const f of ["category", "scope"]) checkLabel(patch[f], f);
  let attempt = 0;
  const vectors = content !== void 0 ? await b.defaults.vectorsOnWrite?.([content]) ?? null : null;
  const res = await b.mutate((tip) => {
    const hit = tip ? b.find(id, tip) : null;
    if (!hit) throw missingError(b, id, tip);
    if (!isUtf8(b.git.readBlob(hit.oid))) throw new UnreadableMemoryError(id, hit.path, notUtf8(hit.path));
    const old = hit.memory;
    const next = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
    if (content !== void 0) next.content = content;
    if (patchTags !== void 0) next.tags = patchTags;
    if (patch.category !== void 0) next.category = patch.category.trim() || b.defaults.defaultCategory || "general";
    if (patch.priority !== void 0) next.priority = patch.priority;
    if (patch.scope !== void 0) {
      if (patch.scope) next.scope = patch.scope;
      else delete next.scope;
    }
    if (patch.metadata !== void 0) Object.assign(next.metadata, patch.metadata);
    const guard = guardOptions(b.config(), patch);
    if (guard.allowSecret && !attempt++) b.warn(`the secret guard is lowered for the update of ${id} (--allow-secret or secretGuard "off"): a credential in it is stored as it is`);
    next.content = assertNoNewSecrets(next.content, old.content, { ...guard, what: `the update of ${id}` });
    const rawTags = patch.tags === void 0 ? [] : Array.isArray(patch.tags) ? patch.tags.map(String) : String(patch.tags).split(",");
    const guardedFields = guardFields({ tags: rawTags, category: patch.category !== void 0 ? next.category : "", scope: patch.scope ? next.scope : "", metadata: patch.metadata ?? {} }, { ...guard, what: `the update of ${id}` });
    if (patch.tags !== void 0) next.tags = checkedTags(guardedFields.tags);
    if (patch.category !== void 0) next.category = guardedFields.category;
    if (patch.scope) next.scope = guardedFields.scope;
    if (patch.metadata !== void 0) Object.assign(next.metadata, guardedFields.metadata);
    if (citing) {
      if (cited?.citations.length) next.extra.citations = cited.citations.map(citationToFront);
      else delete next.extra.citations;
    }
    const changed = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
    if (citing && JSON.stringify(next.extra.citations ?? null) !== JSON.stringify(old.extra.citations ?? null)) changed.push("citations");
    const oldVersion = Number(old.metadata.version);
    const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
    if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] } };
    next.updated = b.now().toISOString();
    next.metadata.version = version + 1;
    const nextText = memoryToFile(next);
    guardFile(nextText, memoryToFile(old), { ...guard, what: `the update of ${id}` });
    const changes = /* @__PURE__ */ new Map([[hit.path, Buffer.from(nextText, "utf8")]]);
    if (changed.includes("content")) vectors?.add(changes, id, old.timestamp, next.content);
    return {
      change: {
        changes,
        message: `memory: update ${id} (${changed.join(", ")}) to version ${version + 1}

${excerpt(next.content, COMMIT_EXCERPT)}

Memory-Id: ${id}
`
      },
      result: { version: version + 1, updated: next.updated, changed }
    };
  });
  const out = { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit };
  if (cited?.warnings.length) out.warnings = cited.warnings;
  return out;
}

// src/ops/delete.ts
function otherCopies(b, id, path, tip, filesOfIdInIndex) {
  const files = tip === b.tip() ? filesOfIdInIndex(b, id) : null;
  if (files) {
    const out = [];
    for (const at of files) {
      if (at.path === path) continue;
      try {
        const memory = memoryFromFile(at.path, b.git.readBlob(at.oid).toString("utf8"), (w) => b.warn(w));
        if (memory.id === id) out.push({ path: at.path, oid: at.oid, memory });
      } catch {
      }
    }
    return out;
  }
  return b.catalog(tip).entries.filter((e) => e.memory.id === id && e.path !== path);
}
async function deleteMemory(b, id) {
  assertId(id);
  const { filesOfIdInIndex } = await import("./listing-D3E5NPWO.js");
  const { notFoundError: notFoundError2 } = await import("./trash-V5LX472G.js");
  const res = await b.mutate((tip) => {
    const hit = tip ? b.find(id, tip) : null;
    if (!hit || !tip) throw missingError(b, id, tip);
    const copies = [hit, ...otherCopies(b, id, hit.path, tip, filesOfIdInIndex)];
    const when = b.now();
    return {
      // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
      change: {
        changes: new Map(copies.flatMap((c) => [[c.path, null], [trashPathFor(c.path), trashFile(c.memory, when)]])),
        message: `memory: delete ${id} (moved to the trash${copies.length > 1 ? `, ${copies.length} files` : ""})

${excerpt(hit.memory.content, COMMIT_EXCERPT)}

Memory-Id: ${id}
`
      },
      result: { files: copies.length }
    };
  });
  const out = { success: true, deleted: id, commit: res.commit };
  if (res.files > 1) out.files = res.files;
  return out;
}
async function deleteTagged(b, tag) {
  const [t] = normalizeTags(tag);
  if (!t) throw new InvalidInputError("give a tag to delete by", { field: "tag" });
  const res = await b.mutate((tip) => {
    const hits = [...b.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
    if (!hits.length) return { change: null, result: { deleted: [] } };
    const ids = hits.map((h) => h.memory.id);
    return {
      change: {
        changes: new Map(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, b.now())]])),
        message: `memory: delete ${ids.length} memor${ids.length === 1 ? "y" : "ies"} [tag: ${t}] (moved to the trash)

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
`
      },
      result: { deleted: ids }
    };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}
async function clearMemories(b, opts = {}) {
  if (!opts.confirm) throw new ConfirmationRequiredError("clearing every memory");
  const res = await b.mutate((tip) => {
    const cat = b.catalog(tip);
    const n = cat.byId.size;
    if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
    const changes = /* @__PURE__ */ new Map();
    const when = b.now();
    for (const e of cat.entries) changes.set(e.path, null).set(trashPathFor(e.path), trashFile(e.memory, when));
    for (const f of cat.skipped) changes.set(f.path, null).set(trashPathFor(f.path), b.git.readBlob(f.oid));
    return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)
` }, result: { deleted: n } };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}

// src/store/store.ts
var DEFAULT_BRANCH = "memory";
var BRANCH_README = `# git-memory

This branch holds long-term memories written by git-memory (the \`memory\` command):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;
var BOT = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
var DEFAULT_IDENTITY = { name: "git-memory", email: "git-memory@localhost" };
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function afterLostRace(err, attempt) {
  if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
  await sleep(Math.random() * Math.min(50, 2 ** attempt));
}
var MemoryStore = class {
  /** @internal The open repository (src/git): not part of the public API. */
  git;
  branch;
  ref;
  /** @internal */
  cacheDir;
  opts;
  catalogMemo = null;
  archiveMemo = null;
  configMemo = null;
  configWarned = /* @__PURE__ */ new Set();
  /** @internal What the operations in src/ops apply from the options this store was opened with. */
  defaults;
  constructor(opts = {}) {
    this.opts = opts;
    this.defaults = { source: opts.source ?? "library", maxContentBytes: opts.maxContentBytes, defaultCategory: opts.defaultCategory, vectorsOnWrite: opts.vectorsOnWrite };
    this.git = GitRepository.open(opts.repo);
    this.branch = validateBranchName(opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH);
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }
  /**
   * The effective configuration: defaults < branch `.memory/config.json` < repo `.git-memory.json` <
   * `MEMORY_*` env < `opts.config`. Cached for this store instance (re-read when the branch file
   * changes); every layer is checked by the one validator (src/model/config-validate.ts).
   */
  config() {
    return this.resolvedConfig().config;
  }
  /** The configuration with where each value came from and the problems found in each layer. */
  resolvedConfig() {
    const branchOid = branchConfigOid(this);
    if (!this.configMemo || this.configMemo.branchOid !== branchOid) this.configMemo = { ...this.reportConfigIssues(readStoreConfig(this, this.configFlags())), branchOid };
    return this.configMemo;
  }
  /** {@link config}, for callers that await it (the library's `settings()`): the same answer. */
  async loadConfig() {
    return this.config();
  }
  /** Forgets the cached configuration (after `memory config set`). */
  invalidateConfig() {
    this.configMemo = null;
  }
  configFlags() {
    const flags = { ...this.opts.config ?? {} };
    if (this.opts.maxContentBytes !== void 0) flags.maxContentBytes = this.opts.maxContentBytes;
    if (this.opts.defaultCategory !== void 0) flags.defaultCategory = this.opts.defaultCategory;
    if (this.opts.defaultPriority !== void 0) flags.defaultPriority = this.opts.defaultPriority;
    return flags;
  }
  reportConfigIssues(r) {
    for (const i of r.issues) {
      if (this.configWarned.has(i.message)) continue;
      this.configWarned.add(i.message);
      this.warn(i.message);
    }
    return r;
  }
  now() {
    return this.opts.now ? this.opts.now() : /* @__PURE__ */ new Date();
  }
  warn(message) {
    (this.opts.warn ?? ((m) => process.stderr.write(`git-memory: warning: ${m}
`)))(safeText(message));
  }
  /** @internal The branch tip, or null before the first write. */
  tip() {
    return this.git.resolve(this.ref);
  }
  /** @internal */
  treeOf(commit) {
    return commit ? this.git.readCommit(commit).tree : null;
  }
  /** @internal Every memory at the current tip (or at `commit`). */
  catalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }
  /**
   * @internal {@link catalog} for a long-lived process (`memory view`): the cache file is parsed off
   * this thread (src/model/catalog.ts, loadCatalogAsync), so the event loop keeps answering meanwhile.
   */
  async catalogAsync(commit = this.tip(), archived = false, pace) {
    const tree = this.treeOf(commit);
    const previous = archived ? this.archiveMemo : this.catalogMemo;
    const cat = await loadCatalogAsync(this.git, tree, { dir: this.cacheDir, previous, warn: (m) => this.warn(m), pace, ...archived ? { prefix: ARCHIVE_DIR } : {} });
    if (archived) this.archiveMemo = cat;
    else this.catalogMemo = cat;
    return cat;
  }
  /** @internal Every memory archived by `memory prune` (under `archive/`), at the tip or at `commit`. */
  archiveCatalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.archiveMemo, warn: (m) => this.warn(m), prefix: ARCHIVE_DIR });
    this.archiveMemo = cat;
    return cat;
  }
  /** @internal */
  identity() {
    return this.git.identity(process.env.GITHUB_ACTIONS === "true" ? BOT : DEFAULT_IDENTITY);
  }
  /** @internal
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate(compute) {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      if (!tip) change.changes.set("README.md", Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes: change.changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        await afterLostRace(err, attempt);
      }
    }
  }
  /** @internal Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id, commit = this.tip()) {
    const hit = this.findAtPath(id, commit);
    if (hit !== void 0) return hit;
    return this.catalog(commit).byId.get(id) ?? null;
  }
  /** @internal The fast path of {@link find}: the memory at the path its id gives; undefined when not there. */
  findAtPath(id, commit) {
    assertId(id);
    const tree = this.treeOf(commit);
    if (!tree) return null;
    const guess = pathFor(id, "");
    const entry = this.git.entryAt(tree, guess);
    if (entry && /^10[0-7]{4}$/.test(entry.mode)) {
      const text = blobText(this.git.readBlob(entry.oid), guess, (w) => this.warn(w));
      try {
        const m = memoryFromFile(guess, text, (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(unreadableFile(guess, err.message));
      }
    }
    return void 0;
  }
  // The memory operations live in src/ops, one file each, over the StoreBranch this store is.
  store(input) {
    return storeMemory(this, input);
  }
  get(id) {
    return getMemory(this, id);
  }
  /** @internal All memories matching a filter, newest first (no paging), from the full catalog; `list` is the scalable form. */
  filter(f = {}) {
    return filterMemories(this, f);
  }
  recent(count) {
    return recentMemories(this, count);
  }
  tagged(tags) {
    return taggedMemories(this, tags);
  }
  list(f = {}) {
    return listPage(this, f);
  }
  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Nothing changes (no commit) when every given field
   * already has that value.
   */
  update(id, patch) {
    return updateMemory(this, id, patch);
  }
  delete(id) {
    return deleteMemory(this, id);
  }
  deleteByTag(tag) {
    return deleteTagged(this, tag);
  }
  clear(opts = {}) {
    return clearMemories(this, opts);
  }
  /**
   * `memory_search`: ranked full-text search with filters (docs/search.md). The index is derived
   * from the branch and loaded on first use; lunr only loads when a search runs.
   */
  async search(q = {}, opts) {
    const { modeSearch } = await import("./hybrid-OGCJPGMO.js");
    return modeSearch(this, q, opts);
  }
  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts) {
    const { rebuildIndex } = await import("./search-WCRFI6QN.js");
    return rebuildIndex(this, opts);
  }
  /** Lets go of what the store holds open: index files (src/model/closers.ts), then the git reader. */
  close() {
    try {
      runClosers(this);
    } finally {
      this.git.close();
    }
  }
};

export {
  safeText,
  safeError,
  storeMemory,
  getMemory,
  updateMemory,
  deleteMemory,
  deleteTagged,
  clearMemories,
  BRANCH_README,
  afterLostRace,
  MemoryStore
};
