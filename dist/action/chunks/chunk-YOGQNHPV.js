import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  TRASH_DIR,
  trashFile
} from "./chunk-OR7XTQ53.js";
import {
  ARCHIVE_DIR,
  MEMORIES_DIR
} from "./chunk-CQNYWYCJ.js";
import {
  isUndated,
  memoryFromFile,
  memoryToFile
} from "./chunk-EYKMHHKG.js";
import {
  parseFile
} from "./chunk-VIW2RCAO.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/lifecycle/prune.ts
var DAY_MS = 864e5;
function archivePathFor(livePath) {
  return `${ARCHIVE_DIR}/${livePath.startsWith(MEMORIES_DIR + "/") ? livePath.slice(MEMORIES_DIR.length + 1) : livePath}`;
}
function trashPathOf(path) {
  const rel = path.slice(path.indexOf("/") + 1);
  return `${TRASH_DIR}/${rel}`;
}
function days(v, name, min) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new InvalidInputError(`${name} must be a whole number >= ${min}, got ${JSON.stringify(v)}`, { field: name });
  return n;
}
var PRIORITY_RANK = { low: 0, medium: 1, high: 2 };
function lastWrite(m) {
  const u = m.updated ? Date.parse(m.updated) : NaN;
  if (Number.isFinite(u)) return u;
  return isUndated(m) ? null : Date.parse(m.timestamp);
}
function ageDays(m, now) {
  const w = lastWrite(m);
  return w === null ? 0 : (now - w) / DAY_MS;
}
function expiresAt(m) {
  const e = m.extra.expires;
  const t = typeof e === "string" ? Date.parse(e) : e instanceof Date ? e.getTime() : NaN;
  return Number.isFinite(t) ? t : null;
}
function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}
async function prune(store, opts = {}) {
  const cfg = await store.loadConfig();
  const now = (opts.now ?? store.now()).getTime();
  const staleAfter = cfg.citations.staleAfter ? Number(cfg.citations.staleAfter.slice(0, -1)) : 0;
  const staleSince = staleAfter ? (await import("./cite-reads-J3P2S2DO.js")).staleSinceAll(store) : /* @__PURE__ */ new Map();
  const ageRules = !!(opts.retention || cfg.retention.enabled);
  const archiveAfter = days(opts.archiveAfterDays ?? cfg.retention.archiveAfterDays, "archiveAfterDays", 1);
  const deleteAfter = days(opts.deleteAfterDays ?? cfg.retention.deleteAfterDays, "deleteAfterDays", 1);
  const maxMemories = days(opts.maxMemories ?? cfg.maxMemories, "maxMemories", 1);
  const trashDays = days(opts.trashRetentionDays ?? cfg.trashRetentionDays, "trashRetentionDays", 0);
  const when = new Date(now);
  const plan = (tip) => {
    const archived = [];
    const trashed = [];
    const purged = [];
    const changes = /* @__PURE__ */ new Map();
    const tree = store.treeOf(tip);
    if (!tree) return { archived, trashed, purged, changes, remaining: 0, undated: 0 };
    const toTrash = (m, from, reason) => {
      const to = trashPathOf(from);
      changes.set(from, null);
      changes.set(to, trashFile(m, when));
      trashed.push({ id: m.id, reason, from, to });
    };
    const live = [];
    const seen = /* @__PURE__ */ new Set();
    let undated = 0;
    const entries = store.catalog(tip).entries;
    let done = 0;
    for (const e of entries) {
      if (++done % 256 === 0) opts.onProgress?.(done, entries.length);
      if (seen.has(e.path)) continue;
      seen.add(e.path);
      const m = e.memory;
      if (ageRules && lastWrite(m) === null) undated++;
      const exp = expiresAt(m);
      const age = ageDays(m, now);
      if (exp !== null && exp <= now) toTrash(m, e.path, "expired");
      else if (ageRules && age > deleteAfter) toTrash(m, e.path, `not written for over ${deleteAfter} days`);
      else if (ageRules && age > archiveAfter) {
        const to = archivePathFor(e.path);
        changes.set(e.path, null);
        changes.set(to, Buffer.from(memoryToFile({ ...m, extra: { ...m.extra, archived_at: when.toISOString() } }), "utf8"));
        archived.push({ id: m.id, reason: `not written for over ${archiveAfter} days`, from: e.path, to });
      } else if (staleAfter && (staleSince.get(m.id)?.since ?? now) <= now - staleAfter * DAY_MS) {
        const to = archivePathFor(e.path);
        changes.set(e.path, null);
        changes.set(to, Buffer.from(memoryToFile({ ...m, extra: { ...m.extra, archived_at: when.toISOString() } }), "utf8"));
        archived.push({ id: m.id, reason: `stale for over ${staleAfter} days (${staleSince.get(m.id)?.reason ?? ""})`.slice(0, 400), from: e.path, to });
      } else live.push(m);
    }
    if (live.length > maxMemories) {
      const order = [...live].sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || (lastWrite(a) ?? 0) - (lastWrite(b) ?? 0) || (a.id < b.id ? -1 : 1));
      for (const m of order.slice(0, live.length - maxMemories)) {
        const to = archivePathFor(m.path);
        changes.set(m.path, null);
        changes.set(to, Buffer.from(memoryToFile({ ...m, extra: { ...m.extra, archived_at: when.toISOString() } }), "utf8"));
        archived.push({ id: m.id, reason: `over maxMemories (${maxMemories})`, from: m.path, to });
      }
    }
    const remaining = Math.min(live.length, maxMemories);
    opts.onProgress?.(entries.length, entries.length);
    for (const blob of store.git.listBlobs(tree, ARCHIVE_DIR)) {
      if (!blob.path.endsWith(".md")) continue;
      let m;
      try {
        m = memoryFromFile(`${MEMORIES_DIR}/${blob.path.slice(ARCHIVE_DIR.length + 1)}`, store.git.readBlob(blob.oid).toString("utf8"));
      } catch {
        continue;
      }
      const exp = expiresAt(m);
      const age = ageDays(m, now);
      const { archived_at: _a, ...extra } = m.extra;
      if (exp !== null && exp <= now) toTrash({ ...m, extra }, blob.path, "expired");
      else if (ageRules && age > deleteAfter) toTrash({ ...m, extra }, blob.path, `not written for over ${deleteAfter} days`);
    }
    const cutoff = now - trashDays * DAY_MS;
    for (const blob of store.git.listBlobs(tree, TRASH_DIR)) {
      if (changes.has(blob.path)) continue;
      try {
        const text = store.git.readBlob(blob.oid).toString("utf8");
        const deletedAt = Date.parse(String(parseFile(text).data.deleted_at ?? ""));
        if (!Number.isFinite(deletedAt) || deletedAt > cutoff) continue;
        const m = memoryFromFile(`${MEMORIES_DIR}/${blob.path.slice(TRASH_DIR.length + 1)}`, text);
        changes.set(blob.path, null);
        purged.push({ id: m.id, reason: `in the trash for over ${trashDays} days`, from: blob.path, to: null });
      } catch {
        continue;
      }
    }
    return { archived, trashed, purged, changes, remaining, undated };
  };
  const summarize = (p) => {
    const head = `${plural(p.archived.length, "memory", "memories")} archived, ${p.trashed.length} moved to the trash, ${p.purged.length} purged from the trash; ${p.remaining} live`;
    const lines = [
      ...p.archived.map((i) => `archive ${i.id}: ${i.reason}`),
      ...p.trashed.map((i) => `trash   ${i.id}: ${i.reason}`),
      ...p.purged.map((i) => `purge   ${i.id}: ${i.reason}`)
    ];
    if (!ageRules) lines.push(`age rules off: retention.enabled is false (memory config set retention.enabled true, or --retention for one run)`);
    if (p.undated) lines.push(`${plural(p.undated, "memory has", "memories have")} no timestamp (hand-written): the age rules leave them alone; add "timestamp:" to their front matter to let them age`);
    return { head, lines };
  };
  if (opts.dryRun) {
    const p = plan(store.tip());
    const s = summarize(p);
    return { success: true, dryRun: true, ageRules, archived: p.archived, trashed: p.trashed, purged: p.purged, remaining: p.remaining, summary: [s.head, ...s.lines].join("\n"), commit: null };
  }
  const res = await store.mutate((tip) => {
    const p = plan(tip);
    const s = summarize(p);
    const ids = [...p.archived, ...p.trashed, ...p.purged].map((i) => i.id);
    const result = { archived: p.archived, trashed: p.trashed, purged: p.purged, remaining: p.remaining, summary: [s.head, ...s.lines].join("\n") };
    if (!p.changes.size) return { change: null, result };
    return {
      change: { changes: p.changes, message: `memory: prune: ${s.head}

${s.lines.join("\n")}

${[...new Set(ids)].map((i) => `Memory-Id: ${i}`).join("\n")}
` },
      result
    };
  });
  return { success: true, dryRun: false, ageRules, ...res };
}

export {
  archivePathFor,
  prune
};
