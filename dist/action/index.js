import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  debug,
  getInput,
  info,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunks/chunk-SULXBKLD.js";
import {
  MAX_ERROR_VALUE,
  safeError,
  safeText
} from "./chunks/chunk-RQIUX57U.js";
import {
  branchConfigOid,
  readStoreConfig
} from "./chunks/chunk-FVI276PZ.js";
import {
  findLive,
  idLookupFor,
  indexHasNoFile,
  loadIdLookup
} from "./chunks/chunk-M4G72GDM.js";
import {
  emptyTrash,
  listTrash,
  notFoundError,
  trashFile,
  trashPathFor
} from "./chunks/chunk-OR7XTQ53.js";
import {
  COMMIT_EXCERPT,
  excerpt
} from "./chunks/chunk-WMTLY4KJ.js";
import {
  GitRepository
} from "./chunks/chunk-WJ3QJCL3.js";
import {
  validateBranchName
} from "./chunks/chunk-GTAEP7NI.js";
import {
  filterMemories,
  listPage,
  recentMemories,
  taggedMemories
} from "./chunks/chunk-L56RDSAW.js";
import {
  citationToFront
} from "./chunks/chunk-6FGNS2U2.js";
import {
  scanText,
  secretDetected
} from "./chunks/chunk-IQD4E6NP.js";
import {
  runGitSync
} from "./chunks/chunk-2QD6CEEN.js";
import "./chunks/chunk-G6ED4QC4.js";
import {
  SEGMENT_FORMAT,
  runClosers
} from "./chunks/chunk-CFTP24FZ.js";
import "./chunks/chunk-UCBYA3PT.js";
import "./chunks/chunk-E3OSZJLW.js";
import {
  ARCHIVE_DIR,
  blobText,
  cacheDir,
  loadCatalog,
  loadCatalogAsync,
  notUtf8,
  unreadableFile
} from "./chunks/chunk-CQNYWYCJ.js";
import "./chunks/chunk-Z5YN2S7E.js";
import "./chunks/chunk-OQDIJSBS.js";
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
} from "./chunks/chunk-EYKMHHKG.js";
import "./chunks/chunk-VIW2RCAO.js";
import "./chunks/chunk-SSV3AZGT.js";
import {
  checkLabel,
  checkMetadata,
  checkTime,
  checkedTags,
  positiveInt
} from "./chunks/chunk-XRSA6KWW.js";
import {
  assertId,
  idFromPath,
  newId,
  pathFor
} from "./chunks/chunk-FBFUYQWQ.js";
import "./chunks/chunk-5EVQ5UWQ.js";
import {
  daemonStatus,
  notifyStored,
  searchViaDaemon,
  startDaemon,
  stopDaemon
} from "./chunks/chunk-4OMTJQQK.js";
import {
  ConfirmationRequiredError,
  DuplicateError,
  InvalidInputError,
  NotFoundError,
  RefMovedError,
  UnreadableMemoryError
} from "./chunks/chunk-FJGJKBHJ.js";
import "./chunks/chunk-VBFOSH5Y.js";

// src/ops/store.ts
var lifecycle = () => import("./chunks/store-hooks-A36VT5TE.js");
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
  checkLabel(input.upsertKey, "upsertKey");
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
  const lookup = input.id !== void 0 ? await loadIdLookup() : null;
  const res = await b.mutate((tip) => {
    if (input.id !== void 0 && tip && findLive(b, id, tip, lookup)) throw new DuplicateError(id);
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
async function getMemory(b, id) {
  const tip = b.tip();
  const lookup = tip ? await idLookupFor(b, id) : null;
  const hit = findLive(b, id, tip, lookup);
  if (hit) return { success: true, memory: publicMemory(hit.memory) };
  const archived = b.archiveCatalog().byId.get(id);
  if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
  throw missingError(b, id, tip, lookup ?? (tip ? await loadIdLookup() : null));
}
function missingError(b, id, tip, lookup = null) {
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
    if (!indexHasNoFile(b, id, tip, lookup)) {
      for (const s of b.catalog(tip).skipped) {
        if (s.path.endsWith(`/${id}.md`) || idFromPath(s.path) === id) return new UnreadableMemoryError(id, s.path, s.reason);
      }
    }
  }
  return notFoundError(b, id, tip);
}

// src/ops/update.ts
import { isUtf8 } from "node:buffer";
var lifecycle2 = () => import("./chunks/store-hooks-A36VT5TE.js");
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
  const lookup = await idLookupFor(b, id);
  const res = await b.mutate((tip) => {
    const hit = findLive(b, id, tip, lookup);
    if (!hit) throw missingError(b, id, tip, lookup);
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
  const { filesOfIdInIndex } = await import("./chunks/listing-6KQBZH7K.js");
  const lookup = await loadIdLookup();
  const res = await b.mutate((tip) => {
    const hit = findLive(b, id, tip, lookup);
    if (!hit || !tip) throw missingError(b, id, tip, lookup);
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
  /** The warnings said at one branch tip: a command that reads the tip by two paths (the index, then the catalog) says each once. */
  warned = null;
  /** The last {@link findAtPath} answer (a commit's tree never changes). */
  atPathMemo = null;
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
    const text = safeText(message);
    const tip = this.tip();
    if (!this.warned || this.warned.tip !== tip) this.warned = { tip, said: /* @__PURE__ */ new Set() };
    if (this.warned.said.has(text)) return;
    this.warned.said.add(text);
    (this.opts.warn ?? ((m) => process.stderr.write(`git-memory: warning: ${m}
`)))(text);
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
      const changes = change.blobs ? new Map([...change.changes, ...change.blobs]) : change.changes;
      if (!tip) changes.set("README.md", Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes, message: change.message, author: this.identity(), when: this.now() });
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
    if (this.atPathMemo && this.atPathMemo.id === id && this.atPathMemo.commit === commit) return this.atPathMemo.hit;
    const hit = this.readAtPath(id, commit);
    this.atPathMemo = { id, commit, hit };
    return hit;
  }
  readAtPath(id, commit) {
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
    const { modeSearch } = await import("./chunks/hybrid-6QZJKW5D.js");
    return modeSearch(this, q, opts);
  }
  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts) {
    const { rebuildIndex } = await import("./chunks/search-CHDHYUA7.js");
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

// src/api.ts
var OPTION_TYPES = {
  repo: "string",
  branch: "string",
  source: "string",
  defaultCategory: "string",
  now: "function",
  warn: "function",
  vectorsOnWrite: "function",
  embedOnWrite: "boolean",
  indexCache: "string",
  config: "object"
};
function checkOpenOptions(opts) {
  if (opts === void 0) return {};
  if (opts === null || typeof opts !== "object" || Array.isArray(opts)) throw new InvalidInputError('the options must be an object, e.g. { repo: "." }', { field: "options" });
  const o = opts;
  for (const [key, type] of Object.entries(OPTION_TYPES)) {
    const v = o[key];
    if (v === void 0) continue;
    if (typeof v !== type || type === "object" && (v === null || Array.isArray(v))) throw new InvalidInputError(`${key} must be ${type === "object" ? "an object" : `a ${type}`}`, { field: key });
  }
  if (o.indexCache !== void 0 && (!o.indexCache.trim() || o.indexCache.includes("\0"))) {
    throw new InvalidInputError("the index cache (--index-cache, MEMORY_INDEX_CACHE or indexCache) must be a directory path", { field: "indexCache" });
  }
  if (o.maxContentBytes !== void 0) positiveInt(o.maxContentBytes, "maxContentBytes");
  if (o.defaultPriority !== void 0 && !isPriority(o.defaultPriority)) throw new InvalidInputError("defaultPriority must be low, medium or high", { field: "defaultPriority" });
  return o;
}
async function citationsFor(s, input, field) {
  if (!input || typeof input !== "object" || input.cite === void 0) {
    if (input && typeof input === "object" && input.citeRef !== void 0) throw new InvalidInputError("citeRef is the commit of the citations given with cite: give cite too", { field: "citeRef" });
    return void 0;
  }
  if (input.citeRef !== void 0 && typeof input.citeRef !== "string") throw new InvalidInputError("citeRef must be a ref name or commit id", { field: "citeRef" });
  const { resolveCitations, citeSpecsOf } = await import("./chunks/create-CBKRWHUW.js");
  return resolveCitations(s.git, { cite: citeSpecsOf(input.cite, field), citeRef: input.citeRef });
}
function refOf(o) {
  if (o === null || typeof o !== "object") return void 0;
  const ref = o.ref;
  if (ref === void 0) return void 0;
  if (typeof ref !== "string" || !ref || ref.length > 256) throw new InvalidInputError("ref must be a ref name or commit id", { field: "ref" });
  return ref;
}
function openDoor(options = {}) {
  const { embedOnWrite, indexCache, ...storeOpts } = checkOpenOptions(options);
  const writeVectors = async (texts) => (await import("./chunks/write-J2NDT47S.js")).writeTimeVectors(s, texts);
  const s = new MemoryStore({ ...storeOpts, vectorsOnWrite: storeOpts.vectorsOnWrite ?? (embedOnWrite === false ? void 0 : writeVectors) });
  const history = () => import("./chunks/history-BUNQV4GL.js");
  const coreDoc = () => import("./chunks/core-doc-GHYYGSHY.js");
  const sync = () => import("./chunks/sync-MMXWJIBY.js");
  const importer = () => import("./chunks/importer-JIEIXFF7.js");
  const exporter = () => import("./chunks/export-UXQN5AQA.js");
  const configOps = () => import("./chunks/config-ops-2KNG36DQ.js");
  let viewModel = null;
  const citeReads = () => import("./chunks/cite-reads-J3P2S2DO.js");
  return {
    verify: async (o = {}) => {
      if (o === null || typeof o !== "object" || Array.isArray(o)) throw new InvalidInputError('verify options must be an object, e.g. { ref: "HEAD" }', { field: "options" });
      for (const k of ["ref", "since"]) if (o[k] !== void 0 && typeof o[k] !== "string") throw new InvalidInputError(`${k} must be a ref name or commit id`, { field: k });
      for (const k of ["fix", "code"]) if (o[k] !== void 0 && typeof o[k] !== "boolean") throw new InvalidInputError(`${k} must be a boolean`, { field: k });
      return (await import("./chunks/verify-F6VX6ESO.js")).verifyMemories(s, o);
    },
    store: async (input) => storeMemory(s, input, await citationsFor(s, input, "cite")),
    get: async (id, o) => {
      const r = await getMemory(s, id);
      return { ...r, memory: (await citeReads()).withCitations(s, [r.memory], refOf(o))[0] };
    },
    recent: async (count, o) => {
      const r = await recentMemories(s, count);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf(o)) };
    },
    tagged: async (tags, o) => {
      const r = await taggedMemories(s, tags);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf(o)) };
    },
    list: async (filter = {}) => {
      const { ref, cites, ...f } = filter ?? {};
      const r = cites === void 0 ? await listPage(s, f) : await (await citeReads()).listCiting(s, f, cites);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf({ ref })) };
    },
    // Mode-aware search (hybrid, vector, full text; docs/hybrid.md); lunr loads only when one runs.
    search: async (q, o) => {
      const ref = refOf(o);
      const run2 = async () => (await citeReads()).searchWithCitations(s, await (await import("./chunks/hybrid-6QZJKW5D.js")).modeSearch(s, q, o?.progress ? { progress: o.progress } : void 0), ref);
      if (!indexCache) return run2();
      const vectors = (await import("./chunks/hybrid-6QZJKW5D.js")).mayReadVectors(s, q ?? {});
      const { result, report } = await (await import("./chunks/index-cache-4SAVMNCX.js")).withIndexCache(s, indexCache, run2, { vectors });
      return { ...result, indexCache: report };
    },
    rebuildIndex: async (o) => (await import("./chunks/search-CHDHYUA7.js")).rebuildIndex(s, o?.progress ? { progress: o.progress } : void 0),
    delete: (id) => deleteMemory(s, id),
    deleteByTag: (tag) => deleteTagged(s, tag),
    clear: (o) => clearMemories(s, o),
    sync: async (o) => (await sync()).sync(s, o),
    pull: async (o) => (await sync()).pull(s, o),
    push: async (o) => (await sync()).push(s, o),
    update: async (id, patch) => updateMemory(s, id, patch, await citationsFor(s, patch, "cite")),
    history: async (id) => (await history()).memoryHistory(s, id),
    getAt: async (id, at) => (await history()).getAt(s, id, at),
    coreView: async (o) => (await coreDoc()).coreView(s, o),
    coreUpdate: async (input) => (await coreDoc()).coreUpdate(s, input),
    coreSet: async (input) => (await coreDoc()).coreSet(s, input),
    coreHistory: async (o) => (await coreDoc()).coreHistory(s, o),
    coreRestore: async (input) => (await coreDoc()).coreRestore(s, input),
    // One implementation for the three actions; the cast gives callers the result of the action they asked for.
    trash: (async (input = {}) => {
      const action = input.action ?? "list";
      if (action === "list") return { success: true, action, items: listTrash(s) };
      if (action === "restore") {
        if (!input.id) throw new InvalidInputError("restore needs the id of a memory in the trash", { field: "id" });
        return { ...await (await import("./chunks/restore-AZBU4ACY.js")).restoreFromTrash(s, input.id), action };
      }
      if (action === "empty") return { ...await emptyTrash(s, { olderThanDays: input.olderThanDays }), action };
      throw new InvalidInputError(`unknown trash action ${JSON.stringify(action)}: use list, restore or empty`, { field: "action" });
    }),
    stats: async (o) => (await import("./chunks/stats-OJC4EVNZ.js")).memoryStats(s, o),
    prune: async (o) => (await import("./chunks/prune-WDKU4TLL.js")).prune(s, o),
    importMemories: async (input) => (await importer()).importMemories(s, input),
    exportMemories: async (o) => (await exporter()).exportMemories(s, o),
    exportChunks: async (o) => (await exporter()).exportChunks(s, { maxContentBytes: (await s.loadConfig()).maxContentBytes, ...o }),
    config: async () => (await configOps()).configShow(s),
    configGet: async (key) => (await configOps()).configGet(s, key),
    configSet: async (key, value) => (await configOps()).configSet(s, key, value),
    configUnset: async (key) => (await configOps()).configUnset(s, key),
    settings: () => s.loadConfig(),
    embed: async (o = {}) => {
      for (const key of ["batchSize", "threads"]) {
        const v = o[key];
        if (v !== void 0) positiveInt(v, key);
      }
      return (await import("./chunks/embed-IJX6A7S5.js")).embedMemories(s, { batchSize: o.batchSize, threads: o.threads, onProgress: o.onProgress });
    },
    calibrate: async (o = {}) => (await import("./chunks/calibrate-NLOPHGPR.js")).calibrate(s, { far: o.far, set: o.set === true }),
    viewModel: async () => {
      if (!viewModel) {
        const { ViewModel: VM } = await import("./chunks/view-model-I7CGAYWI.js");
        viewModel = new VM(s, { search: async (q) => (await import("./chunks/hybrid-6QZJKW5D.js")).modeSearch(s, q), pruneDryRun: async () => (await import("./chunks/prune-WDKU4TLL.js")).prune(s, { dryRun: true }) });
      }
      return viewModel;
    },
    helper: {
      // An index cache is this process's business (restored before the search, saved after it): a
      // helper answering instead would ignore the option the user gave, silently. CI turns helpers off
      // anyway (MEMORY_DAEMON auto); on a workstation `--index-cache` now searches in-process too.
      search: async (q, o) => {
        const r = indexCache ? null : await searchViaDaemon(s, q);
        return r && (await citeReads()).searchWithCitations(s, r, refOf(o));
      },
      notifyStored: () => notifyStored(s),
      status: () => daemonStatus(s),
      start: () => startDaemon(s),
      stop: () => stopDaemon(s)
    },
    branch: s.branch,
    tipTree: () => s.treeOf(s.tip()),
    close: () => s.close()
  };
}

// src/sync-around.ts
var SYNC_AROUND = {
  store: "write",
  update: "write",
  delete: "write",
  clear: "write",
  import: "write",
  prune: "write",
  embed: "write",
  "trash.restore": "write",
  "trash.empty": "write",
  "core.write": "write",
  "config.write": "write",
  get: "read",
  recent: "read",
  tagged: "read",
  list: "read",
  search: "read",
  history: "read",
  export: "read",
  stats: "read",
  "trash.list": "read",
  "core.read": "read",
  "config.read": "read",
  calibrate: "read",
  sync: "none",
  pull: "none",
  push: "none",
  verify: "read",
  "rebuild-index": "none",
  view: "none",
  daemon: "none",
  mcp: "none",
  tools: "none"
};
function syncFlag(op) {
  return Object.prototype.hasOwnProperty.call(SYNC_AROUND, op) ? SYNC_AROUND[op] : void 0;
}
function syncPlan(op, sides) {
  const flag = syncFlag(op) ?? "none";
  if (flag === "read") return { pullBefore: sides.reads, syncAfter: false };
  if (flag === "write") return { pullBefore: sides.writes && sides.pullBeforeWrite, syncAfter: sides.writes };
  return { pullBefore: false, syncAfter: false };
}

// src/action/summary.ts
function escapeCell(text, max = 200) {
  let one = text.replace(/\s+/g, " ").trim();
  if (one.length > max) one = one.slice(0, max - 1) + "\u2026";
  return neutraliseLinks(
    one.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_{}\[\]()#+!~|-])/g, "\\$1")
  );
}
var ZWSP = "\u200B";
function neutraliseLinks(text) {
  return text.replace(/([A-Za-z][A-Za-z0-9+.\\-]{0,30}):(?=\/\/|\\?\/)/g, `$1:${ZWSP}`).replace(/\b(www)\./gi, `$1${ZWSP}.`).replace(/@/g, `${ZWSP}@`);
}
var code = (s) => "`" + s.replace(/`/g, "'") + "`";
function searchSummary(q, results, total, nothingConfident) {
  const what = [q.query ? `\u201C${escapeCell(q.query, 80)}\u201D` : "", ...q.tags.map((t) => `#${escapeCell(t, 40)}`), q.category ? `category ${escapeCell(q.category, 40)}` : ""].filter(Boolean).join(" ");
  const head = `### Memory search${what ? ": " + what : ""}

${results.length} of ${total} match${total === 1 ? "" : "es"} on branch ${code(q.branch)}.${nothingConfident ? ` Nothing confident: ${escapeCell(nothingConfident, 200)}.` : ""}
`;
  if (!results.length) return head;
  const rows = results.map((m, i) => {
    const rel = typeof m.relevance === "number" ? m.relevance.toFixed(2) : "";
    const tags = m.tags.map((t) => escapeCell(t, 40)).join(", ");
    return `| ${i + 1} | ${rel} | ${escapeCell(m.content)} | ${tags} | ${escapeCell(m.category, 40)} | ${m.timestamp.slice(0, 10)} | ${code(m.id)} |`;
  });
  return `${head}
| # | Relevance | Memory | Tags | Category | Date | Id |
|--:|--:|---|---|---|---|---|
${rows.join("\n")}
`;
}
function storeSummary(id, tags, branch, pushedTo, duplicate = false) {
  const t = tags.length ? ` (tags: ${tags.map((x) => escapeCell(x, 40)).join(", ")})` : "";
  if (duplicate) return `Memory ${code(id)} on branch ${code(branch)} already had this content: nothing new stored.
`;
  return `Stored memory ${code(id)} on branch ${code(branch)}${t}${pushedTo ? `, pushed to ${code(pushedTo)}` : ", not pushed (sync: false)"}.
`;
}
var VERIFY_SUMMARY_ROWS = 200;
var VERIFY_HUNK_CHARS = 4e3;
function html(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function verifySummary(r, branch, sinceUnavailable) {
  const c = r.counts;
  const scope = r.since ? ` changed between ${code(r.since.commit.slice(0, 12))} and ${code(r.commit.slice(0, 12))}` : ` at ${code(r.commit.slice(0, 12))}`;
  const lines = [`### Memory citations${scope}`, ""];
  if (sinceUnavailable) lines.push(`> **Every citation checked:** the base ${escapeCell(sinceUnavailable.ref, 80)} could not be used (${escapeCell(sinceUnavailable.reason, 300)}).`, "");
  lines.push(`${c.memories} memor${c.memories === 1 ? "y" : "ies"} on branch ${code(branch)}, ${c.citations} citation${c.citations === 1 ? "" : "s"}: ${c.valid} valid, ${c.moved} moved, ${c.changed} changed, ${c.gone} gone, ${c.invalid} invalid, ${c.unknown} unknown.`, "");
  const rows = [];
  let more = 0;
  for (const m of r.memories) {
    for (const x of m.citations) {
      if (x.state === "valid") continue;
      if (rows.length >= VERIFY_SUMMARY_ROWS) {
        more++;
        continue;
      }
      const cite = `${escapeCell(x.path, 160)}:${x.lines[0]}-${x.lines[1]}`;
      const where = x.at ? `now ${escapeCell(x.at.path, 160)}:${x.at.lines[0]}-${x.at.lines[1]}` : x.renamed ? `renamed to ${escapeCell(x.renamed, 160)}` : x.reason ? escapeCell(x.reason, 200) : "";
      let hunk = "";
      if (x.hunk) {
        const h = x.hunk.length > VERIFY_HUNK_CHARS ? x.hunk.slice(0, VERIFY_HUNK_CHARS) + "\n\u2026" : x.hunk;
        const inert = neutraliseLinks(html(h)).replace(/[\\`*_{}\[\]()#+!~|-]/g, (ch) => `&#${ch.charCodeAt(0)};`);
        hunk = `<details><summary>diff</summary><pre>${inert.replace(/\r?\n/g, "&#10;")}</pre></details>`;
      }
      rows.push(`| ${code(m.id)} | ${cite} | **${x.state}** | ${where} | ${hunk} |`);
    }
  }
  if (!rows.length) {
    lines.push(r.since ? "No cited lines change." : "Every citation is valid.");
    return lines.join("\n") + "\n";
  }
  lines.push("| Memory | Citation | State | Where / why | Change |", "|---|---|---|---|---|", ...rows);
  if (more) lines.push("", `${more} more not shown: the \`json\` output has them all.`);
  return lines.join("\n") + "\n";
}

// src/action/verify-base.ts
import { spawnSync } from "node:child_process";
var lastLine = (s) => s.trim().split("\n").pop()?.slice(0, 200) ?? "";
function target(path) {
  const r = spawnSync("git", ["rev-parse", "--absolute-git-dir"], { cwd: path, encoding: "utf8", timeout: 3e4 });
  return r.status === 0 ? { gitDir: r.stdout.trim(), root: path } : null;
}
function commitOf(t, ref) {
  const r = runGitSync(t, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], { allowFailure: true });
  return r.status === 0 ? r.stdout.toString("utf8").trim() : null;
}
function ensureBase(path, remote, since, sync, log2) {
  const t = target(path);
  if (!t) return { unavailable: "the path is not a git repository" };
  const here = commitOf(t, since);
  if (here) return { commit: here };
  if (!sync) return { unavailable: `${since} is not in this clone and sync is false (no fetch); check out with fetch-depth: 0 or fetch the base first` };
  const isId = /^[0-9a-f]{40}$/.test(since);
  const tracking = `refs/remotes/${remote}/${since}`;
  const fetched = runGitSync(t, ["-c", "maintenance.auto=false", "-c", "gc.auto=0", "fetch", "--quiet", "--no-tags", "--depth=1", "--recurse-submodules=no", "--no-write-fetch-head", remote, isId ? since : `+refs/heads/${since}:${tracking}`], { allowFailure: true });
  const now = commitOf(t, isId ? since : tracking);
  if (now) {
    log2.info(`fetched the base ${isId ? since.slice(0, 12) : since} from ${remote} (depth 1)`);
    return { commit: now };
  }
  return { unavailable: `could not fetch ${isId ? since.slice(0, 12) : since} from ${remote}: ${lastLine(fetched.stderr) || "the remote did not send it"}` };
}

// src/action/index-cache.ts
import { tmpdir } from "node:os";
import { join } from "node:path";
function indexCachePrefix(branch) {
  return `git-memory-index-v${SEGMENT_FORMAT}-${encodeURIComponent(branch).replace(/,/g, "%2C")}:`;
}
function indexCacheKey(branch, tree) {
  return indexCachePrefix(branch) + (tree ?? "empty");
}
function laterIndexCacheKey(branch, tree, now = Date.now()) {
  return `${indexCacheKey(branch, tree)}+${now.toString(36)}${Math.floor(Math.random() * 16777215).toString(36)}`;
}
function cacheServiceAvailable(env = process.env) {
  let host = "GITHUB.COM";
  try {
    host = new URL(env.GITHUB_SERVER_URL || "https://github.com").hostname.toUpperCase();
  } catch {
  }
  const ghes = host !== "GITHUB.COM" && !host.endsWith(".GHE.COM") && !host.endsWith(".LOCALHOST");
  const v2 = !!env.ACTIONS_CACHE_SERVICE_V2 && !ghes;
  const url = v2 ? env.ACTIONS_RESULTS_URL : env.ACTIONS_CACHE_URL || env.ACTIONS_RESULTS_URL;
  return !!url && !!env.ACTIONS_RUNTIME_TOKEN;
}
function indexCacheDir(env = process.env) {
  return join(env.RUNNER_TEMP || tmpdir(), "git-memory-index-cache");
}
function runnerCache(branch, dir, log2, env = process.env) {
  if (!cacheServiceAvailable(env)) {
    log2.debug?.("index cache: no runner cache service (ACTIONS_CACHE_URL / ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset): skipped");
    return null;
  }
  const lib = () => import("./chunks/cache-7EHVMTKA.js");
  return {
    async restore(tree) {
      try {
        const own = indexCacheKey(branch, tree);
        const key = await (await lib()).restoreCache([dir], `${own}+`, [own, indexCachePrefix(branch)]);
        log2.info(key ? `index cache: restored ${key}` : "index cache: no entry for this branch yet; the index is built from the branch");
        return { key, exact: !!key && (key === own || key.startsWith(`${own}+`)) };
      } catch (err) {
        log2.warning(`index cache: restore failed (${err.message}); the index is built from the branch`);
        return { key: void 0, exact: false };
      }
    },
    async save(tree, wrote, exact) {
      if (!wrote) return;
      const key = exact ? laterIndexCacheKey(branch, tree) : indexCacheKey(branch, tree);
      try {
        await (await lib()).saveCache([dir], key);
        log2.info(`index cache: saved ${key}`);
      } catch (err) {
        log2.warning(`index cache: not saved (${err.message})`);
      }
    }
  };
}
function describeIndexCache(r) {
  const from = r.restored || r.vectorFiles ? `${r.bytesRead} bytes restored${r.vectorFiles ? ` (vector files: ${r.vectorFiles})` : ""}` : "nothing restored";
  if (r.index === "full") return `index cache: the index was built from every memory of the branch (${from})`;
  return `index cache: the index was reused, not rebuilt (${r.index}; ${from})`;
}

// src/action/execute.ts
function around(inputs) {
  return syncPlan(inputs.command, { reads: inputs.sync, writes: inputs.sync, pullBeforeWrite: true });
}
async function execute(inputs, log2) {
  const restoreAuth = inputs.token && inputs.sync ? useToken(inputs.token) : () => {
  };
  try {
    return await executeWith(inputs, log2);
  } finally {
    restoreAuth();
  }
}
function useToken(token, env = process.env) {
  const saved = Object.fromEntries(Object.keys(env).filter((k) => /^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/.test(k)).map((k) => [k, env[k]]));
  const base = Number(env.GIT_CONFIG_COUNT) || 0;
  const server = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  const key = `http.${server}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`, "utf8").toString("base64");
  env[`GIT_CONFIG_KEY_${base}`] = key;
  env[`GIT_CONFIG_VALUE_${base}`] = "";
  env[`GIT_CONFIG_KEY_${base + 1}`] = key;
  env[`GIT_CONFIG_VALUE_${base + 1}`] = `AUTHORIZATION: basic ${basic}`;
  env.GIT_CONFIG_COUNT = String(base + 2);
  return () => {
    for (const k of Object.keys(env)) if (/^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/.test(k)) delete env[k];
    Object.assign(env, saved);
  };
}
async function executeWith(inputs, log2) {
  const base = inputs.command === "verify" && inputs.since ? ensureBase(inputs.path, inputs.remote, inputs.since, inputs.sync, log2) : null;
  if (base && "unavailable" in base) log2.warning(`since: ${base.unavailable}; checking every citation at the ref instead`);
  const dir = indexCacheDir();
  const cache = inputs.command === "search" ? runnerCache(inputs.branch, dir, log2) : null;
  const memory = openDoor({ repo: inputs.path, branch: inputs.branch, source: "github-action", warn: (m) => log2.warning(m), indexCache: cache ? dir : void 0 });
  try {
    const plan = around(inputs);
    if (plan.pullBefore) await pull(memory, inputs, log2);
    const tree = cache ? memory.tipTree() : null;
    const hit = cache ? await cache.restore(tree) : null;
    const result = await perform(memory, inputs, log2, base);
    const report = result.json.indexCache;
    if (cache && report) log2.info(describeIndexCache(report));
    if (cache && hit) await cache.save(tree, (report?.bytesWritten ?? 0) > 0, hit.exact);
    delete result.json.indexCache;
    if (inputs.command === "store" && (await memory.settings()).retention?.enabled) {
      const p = await memory.prune();
      if (p.commit) log2.info(`retention: ${p.summary}`);
      result.json.pruned = { archived: p.archived.length, trashed: p.trashed.length, purged: p.purged.length };
    }
    if (plan.syncAfter) await push(memory, inputs, log2);
    if (inputs.command === "store") {
      const tags = result.json.tags ?? inputs.tags;
      result.summary = storeSummary(result.id, tags, inputs.branch, inputs.sync ? inputs.remote : null, result.json.duplicate === true);
    }
    if (inputs.viewExport) {
      const { exportViewer } = await import("./chunks/export-TZXIWB6J.js");
      const v = await exportViewer(memory, inputs.viewExport);
      log2.info(`viewer written to ${v.dir} (${v.memories} memories)`);
      const run2 = process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID ? `${process.env.GITHUB_SERVER_URL || "https://github.com"}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}#artifacts` : null;
      result.json.viewExport = { dir: v.dir, memories: v.memories };
      result.summary = `${result.summary ?? ""}
Memory viewer of \`${inputs.branch}\` (${v.memories} memories) written to \`${inputs.viewExport}\`: upload it with actions/upload-artifact${run2 ? ` ([this run's artifacts](${run2}))` : ""} or publish it with GitHub Pages, then open \`index.html\`.
`;
    }
    return result;
  } finally {
    memory.close();
  }
}
async function pull(memory, inputs, log2) {
  const r = await memory.pull({ remote: inputs.remote });
  log2.info(r.remoteTip ? `fetched ${inputs.branch} from ${r.remote}${r.received ? `: ${r.received} memory files changed` : ""}` : `${r.remote} has no ${inputs.branch} branch yet`);
  reportConflicts(r, log2);
}
var MIN_RETRIES = 20;
async function push(memory, inputs, log2) {
  const retries = process.env.MEMORY_SYNC_RETRIES ? void 0 : Math.max(MIN_RETRIES, (await memory.settings()).sync?.retries ?? 0);
  const r = await memory.sync({ remote: inputs.remote, retries });
  if (r.pendingRef) log2.info(`another job moved ${inputs.branch} first: shared this job's commits as ${r.pendingRef} (readers see it now; the next sync folds it into the branch)`);
  else log2.info(`pushed ${inputs.branch} to ${r.remote}${r.created ? " (created the branch)" : ""}${r.folded ? `, folding ${r.folded} pending ref${r.folded === 1 ? "" : "s"}` : ""}${r.retries ? ` after ${r.retries} retr${r.retries === 1 ? "y" : "ies"}: other jobs pushed first` : ""}`);
  reportConflicts(r, log2);
  return r;
}
function reportConflicts(r, log2) {
  for (const c of r.conflicts) log2.warning(`${c.id ?? c.path}: changed here and on the remote (${c.kind}); kept the ${c.kept} version (${c.reason}); the other stays in the branch's history`);
}
var VERIFY_JSON_LIMIT = 900 * 1024;
function boundVerifyJson(json, log2) {
  const size = () => Buffer.byteLength(JSON.stringify(json));
  if (size() <= VERIFY_JSON_LIMIT) return;
  let ms = json.memories;
  ms = ms.map((m) => ({ ...m, citations: m.citations.map(({ hunk: _h, ...c }) => c) }));
  json.memories = ms;
  const left = ["hunks"];
  if (size() > VERIFY_JSON_LIMIT) {
    json.memories = ms.map((m) => ({ ...m, citations: m.citations.filter((c) => c.state !== "valid") })).filter((m) => m.citations.length);
    left.push("valid citations");
  }
  while (size() > VERIFY_JSON_LIMIT && json.memories.length) json.memories.splice(Math.floor(json.memories.length / 2));
  json.truncated = { omitted: left, memories: json.memories.length };
  log2.warning(`the verify response is over ${VERIFY_JSON_LIMIT >> 10} KiB: the json output leaves out ${left.join(" and ")}${json.memories.length < ms.length ? " and some memories" : ""} (counts cover all); run memory verify --json for the whole`);
}
async function perform(memory, inputs, log2, base = null) {
  switch (inputs.command) {
    case "store": {
      const cite = inputs.cite.length ? { cite: inputs.cite, ...inputs.ref !== void 0 ? { citeRef: inputs.ref } : {} } : {};
      const r = await memory.store({ content: inputs.content, tags: inputs.tags, category: inputs.category, priority: inputs.priority, ...cite });
      const json = { success: true, id: r.id, timestamp: r.timestamp };
      if (r.duplicate) json.duplicate = true;
      if (r.upserted) json.upserted = true;
      if (r.autoTags) json.tags = r.autoTags;
      if (r.redacted) json.redacted = r.redacted;
      if (r.citations) json.citations = r.citations;
      for (const w of r.warnings ?? []) log2.warning(w);
      log2.info(`${r.duplicate ? "already stored, same content" : "stored"} ${r.id} (${r.timestamp})${r.autoTags ? ` tags: ${r.autoTags.join(", ")}` : ""}`);
      if (r.redacted) log2.warning(`${r.redacted} credential${r.redacted === 1 ? "" : "s"} masked in the stored text`);
      return { json, id: r.id, results: [], count: r.duplicate ? 0 : 1 };
    }
    case "get": {
      const r = await memory.get(inputs.id);
      log2.info(`${r.memory.id}: ${excerpt(r.memory.content, 100)}`);
      return { json: { success: true, memory: r.memory }, id: r.memory.id, results: [r.memory], count: 1 };
    }
    case "recent": {
      const r = await memory.recent(inputs.limit);
      for (const m of r.memories) log2.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      return { json: { success: true, memories: r.memories }, id: "", results: r.memories, count: r.memories.length };
    }
    case "list": {
      const r = await memory.list({ tags: inputs.tags, category: inputs.category, priority: inputs.priority, limit: inputs.limit });
      for (const m of r.memories) log2.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      log2.info(`${r.memories.length} of ${r.total} memories`);
      return { json: { success: true, memories: r.memories, total: r.total }, id: "", results: r.memories, count: r.memories.length };
    }
    case "delete": {
      if (inputs.id) {
        const r2 = await memory.delete(inputs.id);
        log2.info(`deleted ${r2.deleted}`);
        return { json: { success: true, deleted: r2.deleted }, id: r2.deleted, results: [], count: 1, summary: `Deleted memory \`${r2.deleted}\` from branch \`${inputs.branch}\`.
` };
      }
      const r = await memory.deleteByTag(inputs.tags[0]);
      log2.info(`deleted ${r.deleted.length} memories tagged ${inputs.tags[0]}`);
      return { json: { success: true, deleted: r.deleted }, id: "", results: [], count: r.deleted.length, summary: `Deleted ${r.deleted.length} memories tagged \`${inputs.tags[0]}\` from branch \`${inputs.branch}\`.
` };
    }
    case "search": {
      const q = { query: inputs.query, tags: inputs.tags, category: inputs.category, priority: inputs.priority, after: inputs.after, before: inputs.before, days: inputs.days, limit: inputs.limit, mode: inputs.mode === "auto" ? void 0 : inputs.mode };
      const r = await memory.search(q);
      for (const m of r.results) log2.info(`${m.relevance.toFixed(2)}  ${m.id}  ${excerpt(m.content, 100)}`);
      const noModel = r.fallback?.code === "EMBEDDER_ERROR" && /not installed/.test(r.fallback.reason);
      const autoChoice = inputs.mode === "auto" ? { mode: r.mode ?? "fulltext", reason: autoReason(r, noModel) } : null;
      const why = autoChoice ? `: auto, ${autoChoice.reason}` : r.fallback ? noModel ? ": no embedding model in the action bundle" : `: ${r.fallback.reason}` : "";
      if (r.vectors?.missing) log2.info(`${r.vectors.missing} memories have no vector yet and matched on full text only (a store step with an HTTP embedder, or "memory embed", writes them)`);
      log2.info(`${r.results.length} of ${r.total} matches${r.mode ? ` (${r.mode}${why})` : ""}${r.weak?.length ? `, ${r.weak.length} weak candidates below confidence (in the json output)` : ""}`);
      if (r.fallback && inputs.mode !== "auto") log2.warning(`mode ${inputs.mode} fell back to ${r.mode ?? "fulltext"}${why || `: ${r.fallback.reason}`}`);
      const { fallback: _f, ...chosen } = r;
      const json = autoChoice ? { ...chosen, auto: autoChoice, success: true } : { ...r, success: true };
      return { json, id: "", results: r.results, count: r.results.length, summary: searchSummary(inputs, r.results, r.total, r.nothingConfident) };
    }
    case "verify": {
      const since = base && "commit" in base ? base.commit : void 0;
      const r = await memory.verify({ ref: inputs.ref, since });
      const json = { ...r };
      if (r.since && inputs.since) r.since.ref = inputs.since;
      if (base && "unavailable" in base) json.sinceUnavailable = { ref: inputs.since, reason: base.unavailable };
      boundVerifyJson(json, log2);
      const c = r.counts;
      log2.info(`${c.citations} citation${c.citations === 1 ? "" : "s"} in ${c.memories} memor${c.memories === 1 ? "y" : "ies"} at ${r.ref} (${r.commit.slice(0, 12)})${r.since ? ` changed since ${r.since.commit.slice(0, 12)}` : ""}: ${c.valid} valid, ${c.moved} moved, ${c.changed} changed, ${c.gone} gone, ${c.invalid} invalid, ${c.unknown} unknown`);
      const stale = c.changed + c.gone + c.invalid;
      const summary2 = verifySummary(r, inputs.branch, base && "unavailable" in base ? { ref: inputs.since, reason: base.unavailable } : void 0);
      return { json, id: "", results: [], count: r.memories.length, summary: summary2, failed: inputs.strict && stale > 0 ? `${stale} citation${stale === 1 ? " is" : "s are"} changed, gone or invalid (strict: true); the job summary lists them` : void 0 };
    }
    case "sync": {
      const r = await push(memory, inputs, log2);
      return { json: { ...r }, id: "", results: [], count: 0, summary: `Synced branch \`${inputs.branch}\` with \`${r.remote}\`: ${r.received ?? "(not counted)"} memory files received, ${r.sent} commits sent.
` };
    }
  }
}
function autoReason(r, noModel) {
  if (noModel) return "no embedding model in the action bundle (configure an HTTP embedder on the branch for hybrid: docs/hybrid.md)";
  if (r.fallback) return r.fallback.reason;
  return r.mode === "fulltext" ? "no embedder configured (hybrid.embedder or MEMORY_EMBEDDER is none)" : "the branch configures an embedder the action can run";
}

// src/action/failure.ts
function toMemoryError(err) {
  return safeError(err);
}
var DENIED = /\b403\b|permission to .* denied|denied to github-actions|write access to repository not granted|the requested url returned error: 403/i;
function workflowAdvice(err, remote, branch) {
  const id = typeof err.data.id === "string" ? err.data.id : "";
  switch (err.data.next) {
    case "repository":
      return "add `- uses: actions/checkout@v5` before this step, or point the `path` input at the checked-out repository.";
    case "content":
      return "set the `content` input to the text to remember (an expression that expands to nothing, such as a missing step output, leaves it empty).";
    case "branch":
      return `set the \`branch\` input to a branch of its own (the default is \`memory\`): \`${branch}\` is checked out in the workspace, and git-memory never writes to a checked-out branch.`;
    case "git.fetch":
      return "the checkout lacks a git object git-memory reads: give actions/checkout `fetch-depth: 0` (a shallow clone cuts history off), and keep its remote reachable (a partial clone fetches objects on demand).";
    case "list":
      return `check the \`id\` input (the \`list\` command shows the ids); with \`sync: false\` only memories already on the local \`${branch}\` branch are found.`;
    case "trash.restore":
    case "trash.list":
      return `the memory${id ? ` ${id}` : ""} was deleted and is in the trash of \`${branch}\`: the Action has no restore command; restore it from a clone with the CLI (\`memory trash restore ${id || "ID"}\`), or store it again.`;
    case "remote":
      return `the \`remote\` input (now ${remote}) names no remote of the checkout: give a remote name the checkout has (actions/checkout makes \`origin\`) or a URL; or set \`sync: false\` to work on the local branch only.`;
    case "search.fulltext":
      return "the bundle runs no offline embedding model: set `mode: fulltext`, or configure an HTTP embedder (hybrid.embedder openai, docs/hybrid.md).";
    case "cite.ref":
      return "set the `ref` input to a commit, branch or tag the checkout has (the default is its HEAD).";
    case "sync":
      return `${remote}/${branch} has changes this checkout does not have: re-run the step with \`sync: true\` (the default), which pulls before it writes.`;
  }
  return null;
}
function failureMessage(err, inputs) {
  const remote = safeText(inputs?.remote ?? "origin", MAX_ERROR_VALUE);
  const branch = safeText(inputs?.branch ?? "memory", MAX_ERROR_VALUE);
  const head = `[${err.code}] ${err.message}`;
  let fix;
  const next = workflowAdvice(err, remote, branch);
  if (err.code === "UNSAFE_REPOSITORY" || /dubious ownership/i.test(err.message)) {
    fix = 'the repository belongs to another user than the job (a container job): add a step `run: git config --global --add safe.directory "$GITHUB_WORKSPACE"` before this one.';
  } else if (err.code === "PERMISSION_DENIED" || (err.code === "PUSH_REJECTED" || err.code === "SYNC_FAILED") && DENIED.test(err.message)) {
    fix = `the job's token may not push to ${remote}: grant \`permissions: contents: write\` to the job (or the workflow), and keep actions/checkout's \`persist-credentials\` (default true) so git has the token. Pull requests from forks get a read-only token: store memories from a push, schedule or workflow_dispatch run instead.`;
  } else if (next) {
    fix = next;
  } else {
    switch (err.code) {
      case "UNSUPPORTED_REPOSITORY":
        fix = "use a SHA-1 repository with the files ref backend (the default `actions/checkout` clone is one).";
        break;
      case "REMOTE_UNREACHABLE":
        fix = `check the \`remote\` input (now ${remote}) and keep the checkout's credentials (\`persist-credentials: true\`, the default of actions/checkout); or set \`sync: false\` to work on the local branch only.`;
        break;
      case "PUSH_REJECTED":
        fix = `the push to ${remote}/${branch} kept being rejected: check that no branch protection rule or ruleset blocks pushes to \`${branch}\`, then re-run the job.`;
        break;
      case "SYNC_FAILED":
        fix = `check that ${remote} is reachable from the job and that \`${branch}\` is a branch git-memory can write to; \`sync: false\` skips the network.`;
        break;
      case "NOT_FOUND":
        fix = `check the \`id\` input; with \`sync: false\` only memories already on the local \`${branch}\` branch are found.`;
        break;
      case "SECRET_DETECTED":
        fix = "the content looks like a credential, and memories are plain text in git that every reader of the repository sees: remove it from `content` (keep secrets in GitHub secrets).";
        break;
      case "LOCKED":
      case "CONFLICT":
        fix = "another process was writing the branch at the same time: re-run the step.";
        break;
      case "INTERNAL":
      case "CORRUPT_OBJECT":
        fix = "re-run the job with debug logging (secret `ACTIONS_STEP_DEBUG: true`) for the stack trace, and report it to git-memory with that log.";
        break;
      default:
        fix = "check the step's `with:` inputs.";
    }
  }
  return `${head}
To fix: ${fix}`;
}

// src/action/inputs.ts
import { isAbsolute, resolve } from "node:path";

// src/model/suggest.ts
function closest(word, names) {
  let best = null;
  for (const n of names) {
    const d = levenshtein(word, n);
    if (!best || d < best[1]) best = [n, d];
  }
  if (!best) return null;
  const limit = word.length <= 3 ? 1 : 2;
  return best[1] <= limit || best[0].startsWith(word) && word.length >= 3 ? best[0] : null;
}
function levenshtein(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

// src/action/inputs.ts
var COMMANDS = ["store", "search", "get", "recent", "list", "delete", "sync", "verify"];
var USES = {
  store: ["content", "tags", "category", "priority", "cite", "ref"],
  search: ["query", "tags", "category", "priority", "limit", "after", "before", "days", "mode"],
  get: ["id"],
  recent: ["limit"],
  list: ["tags", "category", "priority", "limit"],
  delete: ["id", "tags"],
  sync: [],
  verify: ["ref", "since", "strict"]
};
var OPTIONAL = ["content", "tags", "category", "priority", "cite", "query", "id", "limit", "after", "before", "days", "ref", "since"];
var MODES = ["fulltext", "hybrid", "vector"];
var MAX_CITE_INPUTS = 16;
function citeList(raw) {
  const list = raw.split(/[,\n]/).map((c) => c.trim()).filter(Boolean);
  if (list.length > MAX_CITE_INPUTS) throw new InvalidInputError(`cite: at most ${MAX_CITE_INPUTS} citations, got ${list.length}`, { field: "cite" });
  const long = list.find((c) => c.length > 1100);
  if (long) throw new InvalidInputError(`cite: a citation of ${long.length} characters (at most 1,100): ${shown(long)}`, { field: "cite" });
  return list;
}
var shown = (raw) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}\u2026` : raw);
function notOneOf(input, raw, names, expected) {
  const best = raw.length <= 64 ? closest(raw.toLowerCase(), names) : null;
  bad(input, `expected ${expected}, got ${shown(raw)}${best ? ` (did you mean "${best}"?)` : ""}`, best ? { suggestion: best } : {});
}
function bad(input, message, data = {}) {
  throw new InvalidInputError(`input \`${input}\`: ${message}`, { field: input, ...data });
}
function positiveInt2(name, raw) {
  if (raw === "") return void 0;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, `expected a positive whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}
function isoDate(name, raw) {
  if (raw === "") return void 0;
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) || !Number.isFinite(Date.parse(raw))) {
    bad(name, `expected an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z, got ${JSON.stringify(raw)}`);
  }
  return raw;
}
function gitRef(name, raw) {
  if (raw === "") return void 0;
  if (raw.length > 256 || raw.startsWith("-") || /[\0-\x20\x7f~^:?*\[\\]|\.\.|@\{/.test(raw)) bad(name, `expected a ref name or commit id, got ${JSON.stringify(raw.slice(0, 80))}`);
  return raw;
}
function parseInputs(get, env = process.env) {
  const str = (name) => get(name).trim();
  const command = str("command") || "store";
  if (!COMMANDS.includes(command)) notOneOf("command", command, COMMANDS, `one of ${COMMANDS.join(", ")}`);
  const content = get("content").trimEnd();
  const priority = str("priority");
  if (priority && !isPriority(priority)) bad("priority", `expected low, medium or high, got ${JSON.stringify(priority)}`);
  const syncRaw = str("sync").toLowerCase() || "true";
  if (!["true", "false"].includes(syncRaw)) bad("sync", `expected true or false, got ${JSON.stringify(str("sync"))}`);
  const strictRaw = str("strict").toLowerCase() || "false";
  if (!["true", "false"].includes(strictRaw)) bad("strict", `expected true or false, got ${JSON.stringify(str("strict").slice(0, 40))}`);
  const days = str("days");
  if (days && !(/^\d+(\.\d+)?$/.test(days) && Number(days) > 0)) bad("days", `expected a positive number of days, got ${JSON.stringify(days)}`);
  const mode = str("mode").toLowerCase() || "auto";
  if (mode !== "auto" && !MODES.includes(mode)) notOneOf("mode", str("mode"), ["auto", ...MODES], `auto, ${MODES.join(", ")}`);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const p = str("path");
  const tagFindings = String(env.MEMORY_SECRET_GUARD ?? "").trim().toLowerCase() === "off" ? [] : scanText(get("tags"), "tags");
  if (tagFindings.length) throw secretDetected(tagFindings, "the tags input");
  const inputs = {
    command,
    content: content === "" ? void 0 : content,
    // Commas or newlines: a YAML list written as a block scalar works too.
    tags: normalizeTags(get("tags").split(/[,\n]/)),
    cite: citeList(get("cite")),
    category: str("category") || void 0,
    priority: priority || void 0,
    query: str("query") || void 0,
    id: str("id") || void 0,
    limit: positiveInt2("limit", str("limit")),
    after: isoDate("after", str("after")),
    before: isoDate("before", str("before")),
    days: days ? Number(days) : void 0,
    mode,
    branch: str("branch") || "memory",
    remote: str("remote") || "origin",
    sync: syncRaw === "true",
    path: p ? isAbsolute(p) ? p : resolve(workspace, p) : workspace,
    viewExport: str("view-export") ? resolve(workspace, str("view-export")) : void 0,
    token: str("token") || void 0,
    ref: gitRef("ref", str("ref")),
    since: gitRef("since", str("since")),
    strict: strictRaw === "true"
  };
  if (inputs.command === "store" && inputs.content === void 0) bad("content", "the text to remember is required for command store");
  if (inputs.command === "store" && inputs.ref !== void 0 && !inputs.cite.length) bad("ref", "for command store, `ref` is the commit the `cite` lines are at: give `cite` too");
  if (inputs.command === "get" && !inputs.id) bad("id", "the memory id is required for command get");
  if (inputs.command === "delete") {
    if (!inputs.id && inputs.tags.length !== 1) bad("id", "command delete needs `id` (one memory) or a single tag in `tags` (every memory with it)");
    if (inputs.id && inputs.tags.length) bad("tags", "give `id` or `tags` to command delete, not both");
  }
  const uses = USES[inputs.command];
  const ignored = OPTIONAL.filter((k) => !uses.includes(k) && (Array.isArray(inputs[k]) ? inputs[k].length > 0 : inputs[k] !== void 0));
  return { inputs, ignored };
}

// src/action/log.ts
function workflowSafe(text) {
  return text.replace(/##\[/g, "#\u200B#[").replace(/::/g, ":\u200B:");
}

// src/action/main.ts
var OUTPUT_LIMIT = 1024 * 1024;
var log = {
  info: (m) => info(workflowSafe(m)),
  warning: (m) => warning(workflowSafe(m)),
  debug: (m) => debug(workflowSafe(m)),
  failed: (m) => setFailed(workflowSafe(m))
};
async function run() {
  let inputs;
  try {
    const parsed = parseInputs((name) => getInput(name, { trimWhitespace: false }));
    inputs = parsed.inputs;
    if (inputs.token) setSecret(inputs.token);
    for (const name of parsed.ignored) log.warning(`input \`${name}\` is not used by command ${inputs.command}; ignored`);
    const r = await execute(inputs, { info: log.info, warning: log.warning, debug: log.debug });
    const results = JSON.stringify(r.results);
    const json = JSON.stringify(r.json);
    for (const [name, text] of [["results", results], ["json", json]]) {
      const bytes = Buffer.byteLength(text);
      if (bytes > OUTPUT_LIMIT) log.warning(`output \`${name}\` is ${bytes} bytes; GitHub keeps at most 1 MB per output: lower \`limit\``);
    }
    setOutput("id", r.id);
    setOutput("results", results);
    setOutput("count", String(r.count));
    setOutput("json", json);
    if (r.summary && process.env.GITHUB_STEP_SUMMARY) {
      try {
        await summary.addRaw(r.summary, true).write();
      } catch (err) {
        log.warning(`could not write the job summary: ${err.message}`);
      }
    }
    if (r.failed) log.failed(r.failed);
  } catch (err) {
    const me = toMemoryError(err);
    if (me.code === "INTERNAL") log.debug(safeText(String(err?.stack ?? err), 4e3));
    setOutput("json", JSON.stringify({ success: false, error: me.toJSON() }));
    log.failed(failureMessage(me, inputs));
  }
}

// src/action/index.ts
await run();
