import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  normalizeTags,
  publicMemory
} from "./chunk-EYKMHHKG.js";
import {
  limitOf
} from "./chunk-XRSA6KWW.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/ops/list.ts
function toLimit(v, dflt, name) {
  return limitOf(v, dflt, name);
}
function byNewest(a, b) {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
function filterMemories(b, f = {}) {
  const tags = normalizeTags(f.tags);
  const out = [];
  const live = b.catalog().byId;
  const sources = [[live.values(), false]];
  if (f.archived) sources.push([b.archiveCatalog().byId.values(), true]);
  for (const [entries, archived] of sources) {
    for (const e of entries) {
      const m = e.memory;
      if (archived && live.has(m.id)) continue;
      if (f.category !== void 0 && m.category !== f.category) continue;
      if (f.scope !== void 0 && m.scope !== f.scope) continue;
      if (f.priority !== void 0 && m.priority !== f.priority) continue;
      if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
      out.push(archived ? { ...publicMemory(m), archived: true } : publicMemory(m));
    }
  }
  return out.sort(byNewest);
}
async function recentMemories(b, count) {
  const n = toLimit(count, 10, "count");
  const { listMemories } = await import("./listing-6KQBZH7K.js");
  const r = listMemories(b, {}, n);
  return { success: true, memories: r.memories, total: r.total };
}
async function taggedMemories(b, tags) {
  const t = normalizeTags(tags);
  if (!t.length) throw new InvalidInputError("give at least one tag", { field: "tags" });
  const { listMemories } = await import("./listing-6KQBZH7K.js");
  return { success: true, memories: listMemories(b, { tags: t }, null).memories };
}
async function listPage(b, f = {}) {
  const limit = toLimit(f.limit, 50, "limit");
  const { listMemories } = await import("./listing-6KQBZH7K.js");
  const r = listMemories(b, f, limit);
  return { success: true, memories: r.memories, total: r.total };
}

export {
  filterMemories,
  recentMemories,
  taggedMemories,
  listPage
};
