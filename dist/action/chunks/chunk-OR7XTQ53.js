import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MEMORIES_DIR,
  unreadableFile
} from "./chunk-CQNYWYCJ.js";
import {
  memoryFromFile,
  memoryToFile,
  publicMemory
} from "./chunk-EYKMHHKG.js";
import {
  parseFile
} from "./chunk-VIW2RCAO.js";
import {
  InvalidInputError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";

// src/model/trash.ts
var TRASH_DIR = "trash";
var DAY_MS = 864e5;
function trashPathFor(livePath) {
  const rel = livePath.startsWith(MEMORIES_DIR + "/") ? livePath.slice(MEMORIES_DIR.length + 1) : livePath;
  return `${TRASH_DIR}/${rel}`;
}
function livePathFor(trashPath) {
  return `${MEMORIES_DIR}/${trashPath.slice(TRASH_DIR.length + 1)}`;
}
function trashFile(m, deletedAt) {
  return Buffer.from(memoryToFile({ ...m, extra: { ...m.extra, deleted_at: deletedAt.toISOString() } }), "utf8");
}
function liveFile(m) {
  const { deleted_at: _drop, ...extra } = m.extra;
  return Buffer.from(memoryToFile({ ...m, extra }), "utf8");
}
function isoOrNull(v) {
  if (typeof v !== "string") return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
function readTrash(store, commit, retentionDays) {
  const tree = store.treeOf(commit);
  if (!tree) return [];
  const out = [];
  for (const blob of store.git.listBlobs(tree, TRASH_DIR)) {
    if (!blob.path.endsWith(".md")) {
      out.push({ path: blob.path, item: null, stored: null });
      continue;
    }
    try {
      const text = store.git.readBlob(blob.oid).toString("utf8");
      const stored = memoryFromFile(livePathFor(blob.path), text, (w) => store.warn(w));
      const deleted_at = isoOrNull(parseFile(text).data.deleted_at);
      const expires_at = deleted_at && Number.isFinite(retentionDays) ? new Date(Date.parse(deleted_at) + retentionDays * DAY_MS).toISOString() : null;
      out.push({ path: blob.path, item: { ...publicMemory(stored), deleted_at, expires_at, path: blob.path }, stored });
    } catch (err) {
      store.warn(unreadableFile(blob.path, err.message));
      out.push({ path: blob.path, item: null, stored: null });
    }
  }
  return out;
}
function byDeletedDesc(a, b) {
  const x = a.deleted_at ?? "";
  const y = b.deleted_at ?? "";
  return x < y ? 1 : x > y ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
function notFoundError(store, id, tip = store.tip()) {
  const t = tip ? listTrash(store, tip).find((x) => x.id === id) : void 0;
  if (!t) return new NotFoundError(id);
  return new NotFoundError(id, "memory", {
    detail: `it is in the trash, deleted ${t.deleted_at?.slice(0, 10) ?? "earlier"}`,
    trashed: true,
    deletedAt: t.deleted_at,
    next: "trash.restore"
  });
}
function listTrash(store, commit = store.tip()) {
  const days = store.config().trashRetentionDays;
  return readTrash(store, commit, days).flatMap((e) => e.item ? [e.item] : []).sort(byDeletedDesc);
}
function trashCount(store, commit = store.tip()) {
  const tree = store.treeOf(commit);
  return tree ? store.git.listBlobs(tree, TRASH_DIR).length : 0;
}
function message(subject, ids) {
  return `${subject}

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
`;
}
async function purgeTrash(store, olderThanDays = store.config().trashRetentionDays, now = store.now()) {
  if (!Number.isFinite(olderThanDays) || olderThanDays < 0) {
    throw new InvalidInputError(`olderThanDays must be a number of days >= 0, got ${JSON.stringify(olderThanDays)}`, { field: "olderThanDays" });
  }
  const cutoff = now.getTime() - olderThanDays * DAY_MS;
  const res = await store.mutate((tip) => {
    const old = readTrash(store, tip, olderThanDays).filter((e) => e.item?.deleted_at && Date.parse(e.item.deleted_at) <= cutoff);
    if (!old.length) return { change: null, result: { purged: [] } };
    const ids = old.map((e) => e.item.id);
    const n = ids.length;
    return {
      change: {
        changes: new Map(old.map((e) => [e.path, null])),
        message: message(`memory: purge ${n} memor${n === 1 ? "y" : "ies"} deleted over ${olderThanDays} day${olderThanDays === 1 ? "" : "s"} ago from the trash`, ids)
      },
      result: { purged: ids }
    };
  });
  return { success: true, purged: res.purged, commit: res.commit };
}
async function emptyTrash(store, opts = {}) {
  if (opts.olderThanDays !== void 0) return purgeTrash(store, opts.olderThanDays, opts.now ?? store.now());
  const res = await store.mutate((tip) => {
    const all = readTrash(store, tip, 0);
    if (!all.length) return { change: null, result: { purged: [] } };
    const ids = all.flatMap((e) => e.item ? [e.item.id] : []);
    return {
      change: { changes: /* @__PURE__ */ new Map([[TRASH_DIR, null]]), message: message(`memory: empty the trash (${all.length} file${all.length === 1 ? "" : "s"})`, ids) },
      result: { purged: ids }
    };
  });
  return { success: true, purged: res.purged, commit: res.commit };
}

export {
  TRASH_DIR,
  trashPathFor,
  livePathFor,
  trashFile,
  liveFile,
  readTrash,
  byDeletedDesc,
  notFoundError,
  listTrash,
  trashCount,
  emptyTrash
};
