import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  IndexView,
  archiveSegment,
  baseSegmentFile,
  compileFilter,
  keepBest,
  newestFirst,
  openIndex,
  readMemory,
  readNewestOrder
} from "./chunk-Z6CSIE4F.js";
import {
  PRIORITY_NAME
} from "./chunk-GHVMMVOT.js";
import "./chunk-KZZYYKRM.js";
import "./chunk-TDEZOTZH.js";
import "./chunk-4REC64I2.js";
import {
  isPriority,
  normalizeTags
} from "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-UCBYA3PT.js";
import {
  copyWins,
  duplicateIdWarning
} from "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
  const unfiltered = !filter.tags.length && filter.category === void 0 && filter.scope === void 0 && filter.priority === void 0;
  if (limit !== null && unfiltered && archivePart < 0) {
    const page2 = newestPage(branch, view, limit);
    if (page2) return { memories: readPage(branch, view, page2, -1), total: view.n };
  }
  const pass = compileFilter(view, filter);
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
function newestPage(branch, view, limit) {
  const base = view.parts[0];
  if (!base || base.seg.kind !== "base") return null;
  const idOf = (it) => view.parts[it.part].seg.ids.get(it.doc);
  const cmp = (a, b) => {
    if (a.ts !== b.ts) return b.ts - a.ts;
    const ia = idOf(a);
    const ib = idOf(b);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
  const top = [];
  for (let pi = 1; pi < view.parts.length; pi++) {
    const { seg, dead } = view.parts[pi];
    for (let d = 0; d < seg.n; d++) if (!dead?.[d]) keepBest(top, { part: pi, doc: d, ts: seg.ts[d] }, limit, cmp);
  }
  const file = baseSegmentFile(branch);
  let from = 0;
  let taken = 0;
  while (taken < limit && from < base.seg.n) {
    const chunk = readNewestOrder(file, base.seg, from, Math.max(64, (limit - taken) * 2));
    if (!chunk) return null;
    if (!chunk.docs.length) break;
    for (let i = 0; i < chunk.docs.length && taken < limit; i++) {
      from++;
      const d = chunk.docs[i];
      if (base.dead?.[d]) continue;
      taken++;
      keepBest(top, { part: 0, doc: d, ts: chunk.ts[i] }, limit, cmp);
    }
  }
  return top;
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
function docsWithId(seg, id, dead, max = Infinity) {
  const key = Buffer.from(id, "utf8");
  const blob = seg.ids.blob;
  const off = seg.ids.off;
  const out = [];
  for (let at = blob.indexOf(key); at >= 0 && out.length < max; at = blob.indexOf(key, at + 1)) {
    let lo = 0;
    let hi = seg.n - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >>> 1;
      if (off[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    if (off[lo] === at && off[lo + 1] === at + key.length && !dead?.[lo]) out.push(lo);
  }
  return out;
}
function filesOfIdInIndex(branch, id) {
  const view = openIndex(branch);
  const tree = branch.treeOf(branch.tip());
  const out = [];
  for (const { seg, dead } of view.parts) {
    for (const d of docsWithId(seg, id, dead)) out.push({ path: seg.paths.get(d), oid: seg.oids.get(d) });
    if (!seg.dupes) return null;
    for (const [path, oid] of seg.dupes) if (tree && branch.git.entryAt(tree, path)?.oid === oid) out.push({ path, oid });
  }
  return out;
}
function indexCounts(branch) {
  const view = openIndex(branch);
  const out = { total: 0, categories: /* @__PURE__ */ new Map(), tags: /* @__PURE__ */ new Map(), priorities: { low: 0, medium: 0, high: 0 }, months: /* @__PURE__ */ new Map(), oldest: null, newest: null, unreadable: view.skipped };
  let monthFrom = 1;
  let monthTo = 0;
  let monthKey = "";
  let monthCount = 0;
  const flush = () => {
    if (monthCount) out.months.set(monthKey, (out.months.get(monthKey) ?? 0) + monthCount);
    monthCount = 0;
  };
  for (const { seg, dead } of view.parts) {
    const catCounts = new Uint32Array(seg.cats.length);
    const tagCounts = new Uint32Array(seg.tags.length);
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d]) continue;
      out.total++;
      catCounts[seg.cat[d]]++;
      for (let i = seg.tagOff[d]; i < seg.tagOff[d + 1]; i++) tagCounts[seg.tagIds[i]]++;
      out.priorities[PRIORITY_NAME[seg.prio[d]]]++;
      const ts = seg.ts[d];
      if (out.oldest === null || ts < out.oldest) out.oldest = ts;
      if (out.newest === null || ts > out.newest) out.newest = ts;
      if (!(ts >= monthFrom && ts < monthTo)) {
        flush();
        const date = new Date(ts);
        monthKey = date.toISOString().slice(0, 7);
        monthFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
        monthTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      }
      monthCount++;
    }
    seg.cats.forEach((c, i) => catCounts[i] && out.categories.set(c, (out.categories.get(c) ?? 0) + catCounts[i]));
    seg.tags.forEach((t, i) => tagCounts[i] && out.tags.set(t, (out.tags.get(t) ?? 0) + tagCounts[i]));
  }
  flush();
  return out;
}
export {
  filesOfIdInIndex,
  indexCounts,
  listMemories,
  locateInIndex
};
