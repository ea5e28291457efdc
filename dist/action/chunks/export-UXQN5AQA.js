import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  isoOrThrow,
  recordToMemory
} from "./chunk-2SNIHXH3.js";
import "./chunk-YOGQNHPV.js";
import "./chunk-OR7XTQ53.js";
import {
  UPSERT_KEY_FIELD
} from "./chunk-GRE5BRR7.js";
import "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import {
  UNDATED,
  isUndated
} from "./chunk-EYKMHHKG.js";
import {
  setOwn
} from "./chunk-VIW2RCAO.js";
import {
  shownName
} from "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import {
  idTime
} from "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  ExportIncompleteError,
  InvalidInputError,
  MemoryError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/export.ts
var RECORD_FIELDS = /* @__PURE__ */ new Set(["id", "content", "tags", "category", "priority", "timestamp", "updated", "scope", "metadata", "archived", "path", "relevance"]);
function exportRecord(m, archived = false) {
  const out = { id: m.id, content: m.content, tags: m.tags, category: m.category, priority: m.priority, timestamp: m.timestamp };
  if (m.updated) out.updated = m.updated;
  if (m.scope) out.scope = m.scope;
  out.metadata = m.metadata;
  for (const [k, v] of Object.entries(m.extra)) {
    if (v === void 0) continue;
    if (RECORD_FIELDS.has(k) || k === UPSERT_KEY_FIELD && typeof v !== "string") out[`original_${k}`] = v;
    else setOwn(out, k, v);
  }
  if (archived) out.archived = true;
  return out;
}
function importableTime(v, field) {
  try {
    isoOrThrow(v, field);
    return true;
  } catch {
    return false;
  }
}
function repairDates(rec, m) {
  const fixed = [];
  if (!isUndated(m) && !importableTime(rec.timestamp, "timestamp")) {
    rec.invalid_timestamp = rec.timestamp;
    const t = idTime(m.id);
    rec.timestamp = t !== null && importableTime(t, "timestamp") ? new Date(t).toISOString() : UNDATED;
    fixed.push("timestamp");
  }
  for (const f of ["updated", "expires"]) {
    if (rec[f] === void 0 || rec[f] === null || rec[f] === "" || importableTime(rec[f], f)) continue;
    rec[`invalid_${f}`] = rec[f];
    delete rec[f];
    fixed.push(f);
  }
  return fixed;
}
function importProblem(rec, maxContentBytes) {
  try {
    recordToMemory(CHECKER, rec, { allowSecret: true, maxContentBytes, secretGuard: "off", defaultCategory: "general", defaultPriority: "medium" });
    return null;
  } catch (err) {
    return err instanceof MemoryError ? err : new InvalidInputError(err.message);
  }
}
var CHECKER = { now: () => /* @__PURE__ */ new Date() };
function collectForExport(store, opts = {}) {
  const tip = store.tip();
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const e of store.catalog(tip).byId.values()) {
    seen.add(e.memory.id);
    out.push({ memory: e.memory, archived: false });
  }
  if (opts.archived) {
    for (const e of store.archiveCatalog(tip).entries) {
      if (seen.has(e.memory.id)) continue;
      seen.add(e.memory.id);
      out.push({ memory: e.memory, archived: true });
    }
  }
  return out.sort((a, b) => a.memory.timestamp < b.memory.timestamp ? -1 : a.memory.timestamp > b.memory.timestamp ? 1 : a.memory.id < b.memory.id ? -1 : 1);
}
function markdownOf(items, branch) {
  const parts = [`# Memories (${items.length}) from branch ${branch}
`];
  for (const { memory: m, archived } of items) {
    const facts = [m.timestamp, m.category, `priority ${m.priority}`, m.scope ? `scope ${m.scope}` : "", archived ? "archived" : ""].filter(Boolean).join(" \xB7 ");
    const tags = m.tags.length ? `
${m.tags.map((t) => "`#" + t + "`").join(" ")}
` : "";
    const body = m.content.trimEnd();
    const fence = "`".repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((x) => x[0].length + 1)));
    parts.push(`## ${m.id}

${facts}
${tags}
${fence}text
${body}
${fence}
`);
  }
  return parts.join("\n");
}
function* exportChunks(store, opts = {}) {
  const format = opts.format ?? "jsonl";
  if (!["jsonl", "json", "markdown"].includes(format)) throw new InvalidInputError(`format must be jsonl, json or markdown, got ${JSON.stringify(format)}`, { field: "format" });
  const items = collectForExport(store, opts);
  const skipped = opts.skipped ?? [];
  const tip = store.tip();
  for (const f of [...store.catalog(tip).skipped, ...opts.archived ? store.archiveCatalog(tip).skipped : []]) {
    skipped.push({ id: "", path: shownName(f.path), code: "UNREADABLE_MEMORY", reason: f.reason });
  }
  if (format === "markdown") {
    yield markdownOf(items, store.branch);
    return items.length;
  }
  const max = opts.maxContentBytes ?? 16 * 1024 * 1024;
  let repaired = 0;
  let written = 0;
  if (format === "json") yield "[\n";
  for (let i = 0; i < items.length; i += 1e3) {
    const lines = [];
    for (const { memory, archived } of items.slice(i, i + 1e3)) {
      const rec = exportRecord(memory, archived);
      const fixed = repairDates(rec, memory);
      if (fixed.length && ++repaired <= 20) store.warn(`export: ${memory.id} (${memory.path}): ${fixed.map((f) => `${f} ${JSON.stringify(String(rec[`invalid_${f}`])).slice(0, 60)}`).join(", ")} is not a date import accepts (1970..2999); written as ${fixed.map((f) => `invalid_${f}`).join(", ")}`);
      const problem = importProblem(rec, max);
      if (problem) {
        skipped.push({ id: memory.id, path: memory.path, code: problem.code, reason: problem.message });
        continue;
      }
      const text = JSON.stringify(rec);
      lines.push(format === "json" ? (written > 0 ? ",\n" : "") + "  " + text : text + "\n");
      written++;
    }
    if (lines.length) yield lines.join("");
  }
  if (repaired > 20) store.warn(`export: ${repaired - 20} more memories had dates import refuses, written as invalid_<field>`);
  if (format === "json") yield written ? "\n]\n" : "]\n";
  return written;
}
async function exportMemories(store, opts = {}) {
  const skipped = opts.skipped ?? [];
  const gen = exportChunks(store, { maxContentBytes: (await store.loadConfig()).maxContentBytes, ...opts, skipped });
  let data = "";
  for (; ; ) {
    const n = gen.next();
    if (n.done) {
      if (skipped.length) store.warn(new ExportIncompleteError(skipped, n.value).message);
      return { success: true, format: opts.format ?? "jsonl", count: n.value, data, skipped };
    }
    data += n.value;
  }
}
export {
  collectForExport,
  exportChunks,
  exportMemories,
  exportRecord
};
