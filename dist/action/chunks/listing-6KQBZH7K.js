import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archiveSegment,
  compileFilter,
  filterMatches,
  noFilter,
  openIndex,
  readMemory
} from "./chunk-ACMVMPY4.js";
import {
  IndexView,
  baseSegmentFile,
  countSegment,
  emptyCounts,
  keepBest,
  newestByTime,
  newestFirst,
  newestPage,
  readBaseCounts,
  readNewestOrder,
  subtractDocs,
  writeBaseCounts
} from "./chunk-5VCWNMQA.js";
import "./chunk-YTZHN34W.js";
import {
  PRIORITY_NAME,
  docsWithId,
  gatherValues
} from "./chunk-CFTP24FZ.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-E3OSZJLW.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import {
  isPriority,
  memoryFromFile,
  normalizeTags
} from "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import {
  copyWins,
  duplicateIdWarning
} from "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/search/listing.ts
function listingView(branch, archived) {
  const view = openIndex(branch);
  if (!archived) return { view, archivePart: -1 };
  const arch = archiveSegment(branch, view.tree);
  if (!arch) return { view, archivePart: -1 };
  return { view: new IndexView([...view.parts, { seg: arch, dead: null }], view.tree), archivePart: view.parts.length };
}
function liveIds(view, upTo) {
  const out = /* @__PURE__ */ new Set();
  for (let pi = 0; pi < upTo; pi++) {
    const { seg, dead } = view.parts[pi];
    for (let d = 0; d < seg.n; d++) if (!dead?.[d]) out.add(seg.ids.get(d));
  }
  return out;
}
function listMemories(branch, q, limit) {
  const filter = { tags: normalizeTags(q.tags) };
  if (q.category !== void 0) filter.category = q.category;
  if (q.scope !== void 0) filter.scope = q.scope;
  if (q.priority !== void 0) {
    if (!isPriority(q.priority)) return { memories: [], total: 0 };
    filter.priority = q.priority;
  }
  const { view, archivePart } = listingView(branch, q.archived);
  const unfiltered = noFilter(filter);
  if (limit !== null && unfiltered && archivePart < 0) {
    const page2 = newestPage(view, baseSegmentFile(branch), limit);
    if (page2) return { memories: readPage(branch, view, page2, -1), total: view.n };
  }
  const matches = filterMatches(view, filter);
  if (matches && archivePart < 0) return matchedPage(branch, view, matches, limit);
  const pass = compileFilter(view, filter, matches);
  const hidden = archivePart >= 0 ? liveIds(view, archivePart) : null;
  const cmp = newestFirst(view);
  const top = [];
  const all = [];
  let total = 0;
  view.parts.forEach(({ seg, dead }, pi) => {
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d] || !pass(pi, d)) continue;
      if (pi === archivePart && hidden.has(seg.ids.get(d))) continue;
      total++;
      if (limit === null) {
        all.push({ part: pi, doc: d, relevance: 0 });
        continue;
      }
      if (top.length >= limit) {
        const last = top[top.length - 1];
        const lastTs = view.parts[last.part].seg.ts[last.doc];
        if (seg.ts[d] < lastTs) continue;
      }
      keepBest(top, { part: pi, doc: d, relevance: 0 }, limit, cmp);
    }
  });
  const page = limit === null ? all.sort(cmp) : top;
  return { memories: readPage(branch, view, page, archivePart), total };
}
function matchedPage(branch, view, matches, limit) {
  const cmp = newestByTime(view);
  const all = [];
  let total = 0;
  matches.forEach(({ docs, ts }, pi) => {
    total += docs.length;
    for (let k = 0; k < docs.length; k++) {
      const it = { part: pi, doc: docs[k], ts: ts[k] };
      if (limit === null) all.push(it);
      else {
        if (all.length >= limit && ts[k] < all[all.length - 1].ts) continue;
        keepBest(all, it, limit, cmp);
      }
    }
  });
  return { memories: readPage(branch, view, limit === null ? all.sort(cmp) : all, -1), total };
}
function readPage(branch, view, page, archivePart) {
  const memories = [];
  const seen = /* @__PURE__ */ new Map();
  const paths = [];
  for (const r of page) {
    const seg = view.parts[r.part].seg;
    const m = readMemory(branch, seg, r.doc);
    const path = seg.paths.get(r.doc);
    const at = seen.get(m.id);
    if (at !== void 0) {
      if (r.part !== archivePart && !memories[at].archived) {
        const win = copyWins({ id: m.id, path }, { id: m.id, path: paths[at] });
        branch.warn(duplicateIdWarning(m.id, win ? path : paths[at], win ? paths[at] : path));
        if (win) {
          memories[at] = m;
          paths[at] = path;
        }
      }
      continue;
    }
    seen.set(m.id, memories.length);
    paths.push(path);
    memories.push(r.part === archivePart ? { ...m, archived: true } : m);
  }
  return memories;
}
function locateInIndex(branch, id) {
  const view = openIndex(branch);
  let best = null;
  for (const part of view.parts) {
    for (const d of docsWithId(part.seg, id, part.dead)) {
      const c = { path: part.seg.paths.get(d), oid: part.seg.oids.get(d) };
      if (!best || copyWins({ id, path: c.path }, { id, path: best.path })) best = c;
    }
  }
  return best;
}
function idAtTip(branch, id) {
  const view = openIndex(branch);
  const leftOut = leftOutOnTip(branch, view);
  if (!leftOut || leftOut.some((f) => claims(branch, f, id))) return void 0;
  const at = locateInIndex(branch, id);
  if (at) return at;
  return view.skipped !== 0 ? void 0 : null;
}
function filesOfIdInIndex(branch, id) {
  const view = openIndex(branch);
  const leftOut = leftOutOnTip(branch, view);
  if (!leftOut) return null;
  const out = [];
  for (const { seg, dead } of view.parts) for (const d of docsWithId(seg, id, dead)) out.push({ path: seg.paths.get(d), oid: seg.oids.get(d) });
  return [...out, ...leftOut];
}
function leftOutOnTip(branch, view) {
  const tree = branch.treeOf(branch.tip());
  const out = [];
  for (const { seg } of view.parts) {
    if (!seg.dupes) return null;
    for (const [path, oid] of seg.dupes) if (tree && branch.git.entryAt(tree, path)?.oid === oid) out.push({ path, oid });
  }
  return out;
}
function claims(branch, f, id) {
  try {
    return memoryFromFile(f.path, branch.git.readBlob(f.oid).toString("utf8")).id === id;
  } catch {
    return true;
  }
}
function indexCounts(branch) {
  const view = openIndex(branch);
  const counts = emptyCounts();
  let oldest = null;
  let newest = null;
  const see = (ts) => {
    if (oldest === null || ts < oldest) oldest = ts;
    if (newest === null || ts > newest) newest = ts;
  };
  view.parts.forEach(({ seg, dead }, pi) => {
    const cached = pi === 0 && seg.kind === "base" ? baseCounts(branch, seg) : null;
    if (!cached) {
      countSegment(seg, dead, counts);
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) if (!dead?.[d]) see(ts[d]);
      return;
    }
    const gone = [];
    if (dead) {
      for (let d = 0; d < seg.n; d++) if (dead[d]) gone.push(d);
    }
    subtractDocs(seg, gone, cached, gatherValues);
    merge(counts, cached);
    const ends = liveEnds(branch, seg, dead);
    if (ends === "none") return;
    if (ends) {
      see(ends.oldest);
      see(ends.newest);
    } else {
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) if (!dead?.[d]) see(ts[d]);
    }
  });
  return { total: counts.total, categories: counts.categories, tags: counts.tags, priorities: counts.priorities, months: counts.months, oldest, newest, unreadable: view.skipped };
}
function merge(into, from) {
  into.total += from.total;
  for (const k of ["categories", "tags", "months"]) for (const [key, v] of from[k]) into[k].set(key, (into[k].get(key) ?? 0) + v);
  for (const p of PRIORITY_NAME) into.priorities[p] += from.priorities[p];
}
function baseCounts(branch, seg) {
  const file = baseSegmentFile(branch);
  const read = readBaseCounts(file, seg);
  if (read) return read;
  const counted = countSegment(seg, null, emptyCounts());
  writeBaseCounts(file, seg, counted);
  return { ...counted, categories: new Map(counted.categories), tags: new Map(counted.tags), months: new Map(counted.months), priorities: { ...counted.priorities } };
}
function liveEnds(branch, seg, dead) {
  const file = baseSegmentFile(branch);
  const first = (from, step) => {
    for (let at = from, size = 64; step > 0 ? at < seg.n : at >= 0; size *= 2) {
      const lo = step > 0 ? at : Math.max(0, at - size + 1);
      const chunk = readNewestOrder(file, seg, lo, step > 0 ? size : at - lo + 1);
      if (!chunk) return null;
      if (!chunk.docs.length) return void 0;
      for (let i = step > 0 ? 0 : chunk.docs.length - 1; i >= 0 && i < chunk.docs.length; i += step) if (!dead?.[chunk.docs[i]]) return chunk.ts[i];
      at = step > 0 ? at + chunk.docs.length : lo - 1;
    }
    return void 0;
  };
  if (!seg.n) return "none";
  const newest = first(0, 1);
  const oldest = first(seg.n - 1, -1);
  if (newest === null || oldest === null) return null;
  if (newest === void 0 || oldest === void 0) return "none";
  return { oldest, newest };
}
export {
  filesOfIdInIndex,
  idAtTip,
  indexCounts,
  listMemories
};
