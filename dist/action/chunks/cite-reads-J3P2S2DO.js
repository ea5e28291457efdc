import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citationStates,
  citationsOf,
  entriesOf
} from "./chunk-VCX2PV3V.js";
import {
  citeCommit
} from "./chunk-3A6X2SI5.js";
import {
  filterMemories
} from "./chunk-L56RDSAW.js";
import {
  citationLabel,
  normalizeCitePath
} from "./chunk-6FGNS2U2.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-OQDIJSBS.js";
import {
  citationFree
} from "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import {
  limitOf
} from "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/cite-reads.ts
function statesFor(s, ids, ref) {
  if (!ids.length) return /* @__PURE__ */ new Map();
  let commit = null;
  let why = "";
  if (ref !== void 0) commit = citeCommit(s.git, ref);
  else
    try {
      commit = citeCommit(s.git);
    } catch {
      why = "the checkout has no commit to check at (bare or unborn HEAD)";
    }
  if (commit) {
    try {
      return citationStates(s, commit, { ids }).states;
    } catch (e) {
      why = `the citations could not be checked: ${e.message.slice(0, 200)}`;
    }
  }
  const out = /* @__PURE__ */ new Map();
  for (const e of entriesOf(s, ids)) {
    if (e.memory.extra.citations === void 0) continue;
    out.set(
      e.memory.id,
      citationsOf(e.memory.extra).map((p) => {
        if (p.ok) return { path: p.citation.path, lines: p.citation.lines, ...p.citation.whole ? { whole: true } : {}, state: "unknown", reason: why };
        return { path: p.path ?? "", lines: p.lines ?? [0, 0], state: "invalid", reason: p.reason };
      })
    );
  }
  return out;
}
function staleOf(checks, commit) {
  if (!checks?.length || !checks.every((c) => c.state === "changed" || c.state === "gone")) return null;
  const at = commit ? ` at ${commit.slice(0, 12)}` : "";
  const parts = checks.slice(0, 4).map((c) => `${citationLabel(c)} ${c.state}${c.state === "changed" && c.renamed ? ` (now ${c.renamed})` : ""}${at}`);
  if (checks.length > 4) parts.push(`and ${checks.length - 4} more`);
  return { reason: parts.join("; ") };
}
function commitOf(s, ref) {
  try {
    return citeCommit(s.git, ref);
  } catch {
    return void 0;
  }
}
function withCitations(s, memories, ref) {
  const states = statesFor(
    s,
    memories.filter((m) => !m.archived && !citationFree.has(m)).map((m) => m.id),
    ref
  );
  if (!states.size) return memories;
  const commit = commitOf(s, ref);
  return memories.map((m) => {
    const checks = states.get(m.id);
    if (!checks) return m;
    const stale = staleOf(checks, commit);
    return { ...m, citations: checks, ...stale ? { stale } : {} };
  });
}
function searchWithCitations(s, r, ref) {
  const results = withCitations(s, r.results, ref);
  const weak = withCitations(s, r.weak ?? [], ref);
  if (results === r.results && weak === (r.weak ?? [])) return r;
  const keep = [];
  const demoted = [];
  for (const m of results) (m.stale ? demoted : keep).push(m.stale && m.confidence !== void 0 ? { ...m, confidence: Math.min(m.confidence, 0.49) } : m);
  const out = { ...r, results: keep };
  if (r.weak !== void 0 || demoted.length) out.weak = [...demoted, ...weak];
  if (demoted.length) {
    out.total = Math.max(0, r.total - demoted.length);
    if (!keep.length) out.nothingConfident = `no memory matches the query confidently; ${out.weak.length} weak candidate${out.weak.length === 1 ? "" : "s"} ${out.weak.length === 1 ? "is" : "are"} under "weak" (${demoted.length} stale: the code ${demoted.length === 1 ? "it cites" : "they cite"} changed)`;
  }
  return out;
}
function cites(path, want) {
  return path === want || path.startsWith(want.endsWith("/") ? want : `${want}/`);
}
async function listCiting(s, f, path) {
  if (typeof path !== "string") throw new InvalidInputError("cites must be a path", { field: "cites" });
  const norm = path === "." || path === "./" ? { path: "" } : normalizeCitePath(path);
  if ("reason" in norm) throw new InvalidInputError(`cites: ${norm.reason}`, { field: "cites" });
  const limit = limitOf(f.limit, 50, "limit");
  const ids = /* @__PURE__ */ new Set();
  for (const e of s.catalog().entries) {
    if (e.memory.extra.citations === void 0) continue;
    for (const p of citationsOf(e.memory.extra)) {
      const at = p.ok ? p.citation.path : p.path;
      if (at !== void 0 && (norm.path === "" || cites(at, norm.path))) {
        ids.add(e.memory.id);
        break;
      }
    }
  }
  const all = filterMemories(s, { ...f, archived: false }).filter((m) => ids.has(m.id));
  return { success: true, memories: all.slice(0, limit), total: all.length };
}
function staleSinceAll(s) {
  const out = /* @__PURE__ */ new Map();
  let commit;
  try {
    commit = citeCommit(s.git);
  } catch {
    return out;
  }
  const states = citationStates(s, commit).states;
  const byId = new Map(s.catalog().entries.map((e) => [e.memory.id, e.memory]));
  for (const [id, checks] of states) {
    const stale = staleOf(checks, commit);
    const m = byId.get(id);
    if (!stale || !m) continue;
    let since = -Infinity;
    for (const p of citationsOf(m.extra)) {
      if (!p.ok) continue;
      try {
        since = Math.max(since, s.git.readCommit(p.citation.commit).time * 1e3);
      } catch {
      }
    }
    if (since === -Infinity) since = Date.parse(m.updated ?? m.timestamp);
    if (Number.isFinite(since)) out.set(id, { since, reason: stale.reason });
  }
  return out;
}
export {
  listCiting,
  searchWithCitations,
  staleOf,
  staleSinceAll,
  statesFor,
  withCitations
};
