import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  memoryFromFile
} from "./chunk-OR52BLOQ.js";

// src/core/catalog.ts
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
var MEMORIES_DIR = "memories";
var CATALOG_FORMAT = 1;
function emptyCatalog() {
  return { tree: null, entries: [], skipped: [], byId: /* @__PURE__ */ new Map() };
}
function withIndex(tree, entries, skipped) {
  const byId = /* @__PURE__ */ new Map();
  for (const e of entries) {
    if (!byId.has(e.memory.id)) byId.set(e.memory.id, e);
  }
  return { tree, entries, skipped, byId };
}
function cacheDir(commonDir, branch) {
  return join(commonDir, "git-memory", encodeURIComponent(branch));
}
function loadCatalog(repo, tree, opts) {
  if (!tree) return emptyCatalog();
  if (opts.previous?.tree === tree) return opts.previous;
  const file = join(opts.dir, `catalog-v${CATALOG_FORMAT}.json`);
  let prev = opts.previous ?? null;
  if (!prev) {
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8"));
      if (parsed.format === CATALOG_FORMAT && Array.isArray(parsed.entries)) {
        if (parsed.tree === tree) return withIndex(tree, parsed.entries, parsed.skipped ?? []);
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
  for (const blob of repo.listBlobs(tree, MEMORIES_DIR)) {
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
      warn(`skipped ${skip.path}: ${skip.reason}`);
      continue;
    }
    try {
      const text = repo.readBlob(blob.oid).toString("utf8");
      entries.push({ path: blob.path, oid: blob.oid, memory: memoryFromFile(blob.path, text, warn) });
    } catch (err) {
      const reason = err.message;
      skipped.push({ path: blob.path, oid: blob.oid, reason });
      warn(`skipped ${blob.path}: ${reason}`);
    }
  }
  const catalog = withIndex(tree, entries, skipped);
  if (opts.persist !== false) {
    try {
      mkdirSync(opts.dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      const body = { format: CATALOG_FORMAT, tree, entries, skipped };
      writeFileSync(tmp, JSON.stringify(body));
      renameSync(tmp, file);
    } catch {
    }
  }
  return catalog;
}

export {
  MEMORIES_DIR,
  cacheDir,
  loadCatalog
};
