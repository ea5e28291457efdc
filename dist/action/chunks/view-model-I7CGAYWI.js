import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  capFileText,
  capText,
  gitCliAsync,
  historyTextBudget,
  resolveCommit,
  spendTextBudget,
  versionTextCap
} from "./chunk-Z4E6GYTI.js";
import {
  CORE_DIR
} from "./chunk-XR5R6GM7.js";
import {
  checkCitations,
  citationStates
} from "./chunk-VCX2PV3V.js";
import {
  citeCommit
} from "./chunk-3A6X2SI5.js";
import "./chunk-M4G72GDM.js";
import {
  TRASH_DIR,
  listTrash,
  trashCount
} from "./chunk-OR7XTQ53.js";
import "./chunk-WMTLY4KJ.js";
import {
  MAX_CITED_FILE_BYTES,
  parseCitations,
  splitLines
} from "./chunk-6FGNS2U2.js";
import "./chunk-GRE5BRR7.js";
import "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
import {
  ARCHIVE_DIR,
  MEMORIES_DIR,
  loadCatalog,
  slicer
} from "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import {
  diffFiles,
  isRegularFile
} from "./chunk-OQDIJSBS.js";
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import {
  parseFile
} from "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import {
  assertId
} from "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/view-citations.ts
var VIEW_CODE_LINES = 60;
var VIEW_CODE_CHARS = 8 * 1024;
function viewCitations(store, extra, commit, checks) {
  if (!extra || extra.citations === void 0) return void 0;
  let at;
  try {
    at = commit ?? citeCommit(store.git);
  } catch {
    return { error: "the checkout has no commit to verify at (HEAD is unborn or not here)" };
  }
  const got = checks ?? checkCitations(store.git, at, [{ key: "m", citations: parseCitations(extra.citations) }]).checks.get("m") ?? [];
  const tree = store.git.readCommit(at).tree;
  return { commit: at, items: got.map((c) => ({ ...c, ...excerptOf(store, tree, c) })) };
}
function excerptOf(store, tree, c) {
  if (c.state !== "valid" && c.state !== "moved" && c.state !== "changed") return {};
  const path = c.at?.path ?? c.renamed ?? c.path;
  const [start, end] = c.at?.lines ?? c.lines;
  try {
    const e = store.git.entryAt(tree, path);
    if (!e || !isRegularFile(e.mode)) return {};
    const data = store.git.readBlob(e.oid);
    if (data.length > MAX_CITED_FILE_BYTES) return {};
    const lines = splitLines(data.toString("utf8"));
    const last = Math.min(end, lines.length, start + VIEW_CODE_LINES - 1);
    if (start < 1 || start > lines.length) return {};
    let text = lines.slice(start - 1, last).join("\n");
    let truncated = last < end;
    if (text.length > VIEW_CODE_CHARS) {
      text = text.slice(0, VIEW_CODE_CHARS);
      truncated = true;
    }
    return { code: { path, start, text, ...truncated ? { truncated: true } : {} } };
  } catch {
    return {};
  }
}

// src/view/model/items.ts
var MAX_TEXT = 200;
var SORT = (a, b) => a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
function clip(s, max = MAX_TEXT) {
  if (s === void 0 || s === null) return void 0;
  const t = String(s);
  return t.length > max ? t.slice(0, max) : t;
}
function itemOf(m, state) {
  const src = m.metadata?.job ?? m.metadata?.source;
  return {
    id: m.id,
    timestamp: m.timestamp,
    ...m.updated ? { updated: m.updated } : {},
    tags: m.tags,
    category: m.category,
    priority: m.priority,
    ...m.scope ? { scope: m.scope } : {},
    ...src !== void 0 ? { source: clip(src, 100) } : {},
    state,
    excerpt: m.content.length > 280 ? m.content.slice(0, 280) + "\u2026" : m.content
  };
}

// src/view/model/history-log.ts
function stemOf(path) {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, "");
}
var LOG_FORMAT = "%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%ct%x1f%s%x1f%(trailers:only,unfold)";
function parseTrailers(body) {
  const out = {};
  for (const line of body.split("\n")) {
    const m = /^([A-Za-z][A-Za-z0-9-]{0,40}):\s+(.{1,500})$/.exec(line.trim());
    if (m) out[m[1]] = m[2];
  }
  return out;
}
function parseLog(out) {
  const entries = [];
  for (const chunk of out.split("")) {
    if (!chunk.trim()) continue;
    const [commit, parents, author, email, ct, subject, trailers] = chunk.split("");
    entries.push({ commit, parents: parents ? parents.split(" ") : [], author: clip(author, 100) ?? "", email: clip(email, 100) ?? "", timestamp: new Date(Number(ct) * 1e3).toISOString(), message: clip(subject, 300) ?? "", trailers: parseTrailers(trailers ?? "") });
  }
  return entries;
}
function historyArgs(range) {
  return ["-c", "core.quotePath=false", "log", `--format=${LOG_FORMAT}`, "--raw", "--no-abbrev", "--no-renames", ...range, "--", MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR];
}
async function indexLog(out, byStem, commits) {
  let lines = 0;
  const slice = slicer();
  const due = () => (++lines & 255) === 0 && slice.due();
  for (const chunk of out.split("")) {
    if (!chunk.trim()) continue;
    if (due()) await slice.next();
    const nl = chunk.indexOf("\n", chunk.lastIndexOf(""));
    const [e] = parseLog("" + (nl < 0 ? chunk : chunk.slice(0, nl)));
    if (!e) continue;
    commits.set(e.commit, e);
    for (let at = nl < 0 ? chunk.length : nl + 1; at < chunk.length; ) {
      const end = chunk.indexOf("\n", at) < 0 ? chunk.length : chunk.indexOf("\n", at);
      const line = chunk.slice(at, end);
      at = end + 1;
      if (due()) await slice.next();
      const m = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) ([AMDT])\t(.+)$/.exec(line);
      if (!m || !m[3].endsWith(".md")) continue;
      const stem = stemOf(m[3]);
      const list = byStem.get(stem) ?? [];
      list.push({ commit: e.commit, status: m[2], path: m[3], ...m[2] !== "D" ? { oid: m[1] } : {} });
      byStem.set(stem, list);
    }
  }
}
var HistoryLog = class {
  constructor(store) {
    this.store = store;
  }
  store;
  /** The index last built, or null before the first. */
  get current() {
    return this.hist;
  }
  hist = null;
  histBuilding = null;
  /**
   * Which commits touched which memory file, from one `git log --name-status` pass over the branch
   * (memories/, archive/, trash/), kept in memory and extended with only the new commits when the tip
   * moves. A memory's page then reads its versions' blobs in-process: no git process per page (one
   * `git log` per page cost ~1 s on a loaded machine; this pass costs one such call per tip).
   */
  async historyIndex() {
    const tip = this.store.tip();
    if (!tip) return { tip: null, byStem: /* @__PURE__ */ new Map(), commits: /* @__PURE__ */ new Map() };
    if (this.hist?.tip === tip) return this.hist;
    if (this.histBuilding) {
      const h = await this.histBuilding;
      if (h.tip === tip) return h;
    }
    this.histBuilding = (async () => {
      const prev = this.hist;
      let range = [tip];
      if (prev?.tip) {
        try {
          await gitCliAsync(this.store, ["merge-base", "--is-ancestor", prev.tip, tip]);
          range = [`${prev.tip}..${tip}`];
        } catch {
        }
      }
      const ahead = this.ahead;
      this.ahead = null;
      const out = range[0] === tip && ahead?.tip === tip ? await ahead.out : await gitCliAsync(this.store, historyArgs(range));
      const incremental = range[0] !== tip && prev;
      const byStem = /* @__PURE__ */ new Map();
      const commits = incremental ? new Map(prev.commits) : /* @__PURE__ */ new Map();
      await indexLog(out, byStem, commits);
      if (incremental) for (const [stem, old] of prev.byStem) byStem.set(stem, [...byStem.get(stem) ?? [], ...old]);
      const h = { tip, byStem, commits };
      this.hist = h;
      return h;
    })();
    try {
      return await this.histBuilding;
    } finally {
      this.histBuilding = null;
    }
  }
  /** The history index's `git log` of the whole branch at `tip`, started now, taken by {@link historyIndex}. */
  logAhead(tip) {
    if (!tip || this.hist?.tip === tip || this.histBuilding || this.ahead?.tip === tip) return;
    const out = gitCliAsync(this.store, historyArgs([tip]));
    out.catch(() => {
    });
    this.ahead = { tip, out };
  }
  ahead = null;
  /**
   * The history index of only the files named `stems` (under memories/, archive/ and trash/) at `tip`,
   * from a `git log --raw` limited to them; null when no stem can be named in a pathspec.
   */
  async ofStems(stems, tip) {
    const specs = [...stems].filter((st) => /^[A-Za-z0-9_-]{1,100}$/.test(st)).flatMap((st) => [MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR].map((d) => `:(glob)${d}/**/${st}.md`));
    if (!specs.length) return null;
    const out = await gitCliAsync(this.store, ["-c", "core.quotePath=false", "log", `--format=${LOG_FORMAT}`, "--raw", "--no-abbrev", "--no-renames", tip, "--", ...specs]);
    const h = { tip, byStem: /* @__PURE__ */ new Map(), commits: /* @__PURE__ */ new Map() };
    await indexLog(out, h.byStem, h.commits);
    return h;
  }
};

// src/model/facets.ts
var FACET_TOP = 30;
function topFacet(counts) {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, FACET_TOP);
}

// src/view/model/listing.ts
var MAX_PAGE = 200;
var Listing = class {
  constructor(store, deps, history) {
    this.store = store;
    this.deps = deps;
    this.history = history;
  }
  store;
  deps;
  history;
  sorted = /* @__PURE__ */ new Map();
  catalogs = /* @__PURE__ */ new Map();
  /** A commit id for `at` (a full or short hash, or a revision such as `memory~3`); null: the tip. */
  resolve(at) {
    if (at === void 0 || at === "") return this.store.tip();
    return resolveCommit(this.store, at);
  }
  /** The catalogs and trash at `commit` (null: the tip), kept for the tip and the last few commits looked at. */
  snapshot(commit) {
    const key = commit ?? "";
    const hit = this.catalogs.get(key);
    if (hit) return hit;
    let snap;
    if (commit === this.store.tip()) snap = { live: this.store.catalog(commit), archived: this.store.archiveCatalog(commit), trash: listTrash(this.store, commit) };
    else {
      const tree = this.store.treeOf(commit);
      const tip = this.store.tip();
      const opts = { dir: this.store.cacheDir, persist: false, warn: () => {
      } };
      snap = {
        live: loadCatalog(this.store.git, tree, { ...opts, previous: this.store.catalog(tip) }),
        archived: loadCatalog(this.store.git, tree, { ...opts, previous: this.store.archiveCatalog(tip), prefix: ARCHIVE_DIR }),
        trash: listTrash(this.store, commit)
      };
    }
    if (this.catalogs.size > 8) this.catalogs.delete(this.catalogs.keys().next().value);
    this.catalogs.set(key, snap);
    return snap;
  }
  /** Every memory at `commit`, live, archived and in the trash, newest first. */
  items(commit) {
    const key = commit ?? "";
    const hit = this.sorted.get(key);
    if (hit) return hit;
    const s = this.snapshot(commit);
    const out = [];
    for (const e of s.live.byId.values()) out.push(itemOf(e.memory, "live"));
    for (const e of s.archived.byId.values()) out.push(itemOf(e.memory, "archived"));
    for (const t of s.trash) out.push(itemOf(t, "trash"));
    return this.keepSorted(key, out);
  }
  keepSorted(key, out) {
    out.sort(SORT);
    if (this.sorted.size > 8) this.sorted.delete(this.sorted.keys().next().value);
    this.sorted.set(key, out);
    return out;
  }
  /** {@link items} of the tip for the background load: made in pieces of about SLICE_MS, then sorted. */
  async itemsInSlices(tip) {
    const s = this.snapshot(tip);
    const out = [];
    const slice = slicer();
    for (const [cat, state] of [[s.live, "live"], [s.archived, "archived"]]) {
      for (const e of cat.byId.values()) {
        out.push(itemOf(e.memory, state));
        if ((out.length & 255) === 0 && slice.due()) await slice.next();
      }
    }
    for (const t of s.trash) out.push(itemOf(t, "trash"));
    if (this.store.tip() === tip && !this.sorted.has(tip ?? "")) this.keepSorted(tip ?? "", out);
  }
  async list(p) {
    const at = this.resolve(p.at);
    const size = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(p.size ?? 50)) || 50));
    const page = Math.max(1, Math.floor(Number(p.page ?? 1)) || 1);
    const state = p.state || "live";
    if (!["live", "archived", "trash", "all"].includes(state)) throw new InvalidInputError(`state must be live, archived, trash or all`, { field: "state" });
    const q = (p.q ?? "").slice(0, 500).trim();
    this.lastList = Date.now();
    const plain = !q && state === "live" && !(p.tags ?? []).filter(Boolean).length && !p.category && !p.priority && !p.scope && !p.source;
    if (plain && at === this.store.tip() && page <= 10 && !this.sorted.has(at ?? "")) {
      const k = `${at}:${page}:${size}`;
      let quick = this.quick.get(k);
      if (!quick) {
        quick = this.quickList(at, page, size);
        if (this.quick.size >= 16) this.quick.delete(this.quick.keys().next().value);
        this.quick.set(k, quick);
        quick.catch(() => this.quick.delete(k));
      }
      this.startWarming();
      return quick;
    }
    const key = JSON.stringify([at, q, p.mode, state, p.tags, p.category, p.priority, p.scope, p.source]);
    let hit = this.lists.get(key);
    if (!hit) {
      if (!q || state !== "live" && state !== "archived") await this.settled();
      hit = await this.match(at, q, state, p);
      if (this.lists.size >= 32) this.lists.delete(this.lists.keys().next().value);
      this.lists.set(key, hit);
    }
    return { at, total: hit.filtered.length, page, size, items: hit.filtered.slice((page - 1) * size, page * size), facets: hit.facets, ...hit.search ? { search: hit.search } : {} };
  }
  /**
   * The first pages of the tip's unfiltered list before the full catalog is in memory: the newest
   * memories and the tag, category and priority counts come from the search index's document table
   * (what `memory list` and `memory stats` read), so the first page does not wait for every memory
   * file to be parsed (seconds at 100,000). Scope and source facets appear once the catalog is loaded.
   */
  async quickList(at, page, size) {
    const { listMemories, indexCounts } = await import("./listing-6KQBZH7K.js");
    const turn = () => new Promise((r2) => setImmediate(r2));
    await turn();
    const r = listMemories(this.store, {}, page * size);
    await turn();
    const c = indexCounts(this.store);
    await turn();
    const trash = trashCount(this.store, at);
    return {
      at,
      total: r.total,
      page,
      size,
      items: r.memories.slice((page - 1) * size).map((m) => itemOf(m, "live")),
      facets: {
        tags: topFacet(c.tags),
        category: topFacet(c.categories),
        priority: topFacet(new Map(Object.entries(c.priorities).filter(([, n]) => n > 0))),
        scope: [],
        source: [],
        state: [["live", c.total], ...trash ? [["trash", trash]] : []]
      },
      partial: true
    };
  }
  /**
   * The first page of the tip, computed before the browser asks for it (`memory view` calls this once
   * it listens). Unlike a request, it does not start the background load of the full catalog: that
   * load blocks this process for seconds at 100,000 memories and must wait until the first page is out
   * (it started during a slow browser's first request otherwise, and that page waited for it).
   */
  prefetch() {
    const at = this.store.tip();
    const k = `${at}:1:50`;
    if (this.sorted.has(at ?? "") || this.quick.has(k)) return;
    const quick = this.quickList(at, 1, 50);
    this.quick.set(k, quick);
    quick.catch(() => this.quick.delete(k));
  }
  /** Load the full catalog and the history index once the first page is out and the viewer is idle. */
  startWarming() {
    if (!this.warming) {
      this.warming = true;
      const warm = () => {
        if (Date.now() - this.lastList < 2e3) return void setTimeout(warm, 1e3).unref();
        void this.loadTip().catch(() => {
        }).then(() => this.history.historyIndex()).catch(() => {
        });
      };
      setTimeout(warm, 2e3).unref();
    }
  }
  /**
   * The tip's catalogs loaded without holding the event loop (the cache file is read off the thread,
   * then parsed a few entries at a time between turns of the loop, src/model/catalog.ts), then sorted. At 100,000 memories the
   * synchronous load held every request (a search as you type, a memory's page) for seconds. Requests
   * that need the whole catalog wait for this promise instead of starting a synchronous load of their own.
   */
  loadTip() {
    const tip = this.store.tip();
    if (this.sorted.has(tip ?? "")) return Promise.resolve();
    if (this.loading?.tip !== tip) {
      const p = (async () => {
        this.history.logAhead(tip);
        await this.store.catalogAsync(tip, false);
        await this.store.catalogAsync(tip, true);
        await this.itemsInSlices(tip);
      })();
      const entry = { tip, done: p };
      this.loading = entry;
      void p.catch(() => {
      }).finally(() => {
        if (this.loading === entry) this.loading = null;
      });
    }
    return this.loading.done;
  }
  /**
   * Waits for the background load of the tip's catalog when one is under way: any commit's snapshot
   * starts from the tip's catalog, which would otherwise be loaded a second time, synchronously.
   */
  async settled() {
    const l = this.loading;
    if (l) await l.done.catch(() => {
    });
  }
  /** The background load of the tip's catalog under way, if any: a memory's page reads its file alone meanwhile. */
  loading = null;
  warming = false;
  quick = /* @__PURE__ */ new Map();
  lastList = 0;
  lists = /* @__PURE__ */ new Map();
  async match(at, q, state, p) {
    let pool;
    let search;
    if (q) {
      const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? [])].slice(0, 20);
      if (at === this.store.tip() && (state === "live" || state === "archived")) {
        const mode = p.mode && ["hybrid", "vector", "fulltext"].includes(p.mode) ? p.mode : void 0;
        const r = await this.deps.search({ query: q, mode, limit: 1e3, archived: state === "archived" });
        pool = r.results.map((m) => ({ ...itemOf(m, m.archived ? "archived" : "live"), relevance: m.relevance, ...m.scores ? { scores: m.scores } : {} }));
        if (state === "archived") pool = pool.filter((i) => i.state === "archived");
        search = { total: r.total, mode: r.mode, fallback: r.fallback ? `${r.fallback.from} \u2192 ${r.fallback.to}: ${r.fallback.reason}` : void 0, ignored: r.ignoredQuery, words };
      } else {
        const all = this.items(at).filter((i) => state === "all" || i.state === state);
        pool = all.filter((i) => words.every((w) => i.excerpt.toLowerCase().includes(w) || i.tags.includes(w)));
        search = { mode: "words", words };
      }
    } else pool = this.items(at).filter((i) => state === "all" || i.state === state);
    const tags = (p.tags ?? []).filter(Boolean);
    const filtered = pool.filter(
      (i) => tags.every((t) => i.tags.includes(t)) && (!p.category || i.category === p.category) && (!p.priority || i.priority === p.priority) && (!p.scope || i.scope === p.scope) && (!p.source || i.source === p.source)
    );
    const count = (get, from = filtered) => {
      const m = /* @__PURE__ */ new Map();
      for (const i of from) for (const v of get(i)) if (v !== void 0) m.set(v, (m.get(v) ?? 0) + 1);
      return topFacet(m);
    };
    const facets = {
      tags: count((i) => i.tags),
      category: count((i) => [i.category]),
      priority: count((i) => [i.priority]),
      scope: count((i) => [i.scope]),
      source: count((i) => [i.source]),
      state: count((i) => [i.state], q ? filtered : this.items(at))
    };
    return { filtered, facets, search };
  }
};

// src/view/model/view-model.ts
var BIG_VERSION = 256 * 1024;
function nearKey(text) {
  return text.toLowerCase().replace(/[0-9]+/g, "#").replace(/[^\p{L}#]+/gu, " ").trim().slice(0, 400);
}
var ViewModel = class {
  constructor(store, deps) {
    this.store = store;
    this.deps = deps;
    this.history = new HistoryLog(store);
    this.listing = new Listing(store, deps, this.history);
  }
  store;
  deps;
  history;
  listing;
  /** A commit id for `at` (a full or short hash, or a revision such as `memory~3`); null: the tip. */
  resolve(at) {
    return this.listing.resolve(at);
  }
  branch() {
    return { branch: this.store.branch, tip: this.store.tip() };
  }
  /** Every memory at `commit`, live, archived and in the trash, newest first. */
  items(commit) {
    return this.listing.items(commit);
  }
  /** A page of the memories list (listing.ts). */
  list(p) {
    return this.listing.list(p);
  }
  /** The first page of the tip, computed before the browser asks for it (listing.ts). */
  prefetch() {
    this.listing.prefetch();
  }
  /** The history index of the tip (history-log.ts). */
  historyIndex() {
    return this.history.historyIndex();
  }
  snapshot(commit) {
    return this.listing.snapshot(commit);
  }
  settled() {
    return this.listing.settled();
  }
  /** Export only: parsed memories by blob id, so versions equal to the tip's file are not read again. */
  known = null;
  /** Memory pages by id and commit: a commit's content never changes. */
  pages = /* @__PURE__ */ new Map();
  async memory(id, atRev) {
    assertId(id);
    const at = this.resolve(atRev);
    const key = `${id}@${at}`;
    const hit = this.pages.get(key);
    if (hit) return hit;
    if (this.listing.loading && at === this.listing.loading.tip) {
      const own = this.store.findAtPath(id, at);
      if (own) return this.memoryAt(id, at, own);
    }
    await this.settled();
    const view = await this.memoryAt(id, at);
    if (this.pages.size >= 200) this.pages.delete(this.pages.keys().next().value);
    this.pages.set(key, view);
    return view;
  }
  async memoryAt(id, at, own) {
    const s = own ? null : this.snapshot(at);
    let entry = own ?? s?.live.byId.get(id);
    let state = "live";
    if (!entry) {
      entry = s?.archived.byId.get(id);
      state = "archived";
    }
    const trashed = entry ? void 0 : s?.trash.find((t) => t.id === id);
    const stems = /* @__PURE__ */ new Set([id, ...[entry?.path, trashed?.path].flatMap((p) => p ? [stemOf(p)] : [])]);
    const versions = own && at && this.history.current?.tip !== at ? await this.versionsByLog(stems, at) : await this.versionsOf(stems);
    if (!entry && !trashed && !versions.length) throw new NotFoundError(id);
    let memory = null;
    let frontMatter = "";
    const tree = this.store.treeOf(at);
    const raw = (path) => {
      const e = tree ? this.store.git.entryAt(tree, path) : null;
      if (!e) return "";
      const text = this.store.git.readBlob(e.oid).toString("utf8");
      const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      return m ? m[1] : "";
    };
    if (entry) {
      const { path: _p, extra: _e, ...pub } = entry.memory;
      const expires = entry.memory.extra?.expires;
      memory = capText({ ...pub, ...state === "archived" ? { archived: true } : {}, ...expires !== void 0 ? { expires: clip(expires, 40) } : {}, state, path: entry.path }, versionTextCap(historyTextBudget()));
      frontMatter = raw(entry.path);
    } else if (trashed) {
      memory = capText({ ...trashed, state: "trash", path: trashed.path }, versionTextCap(historyTextBudget()));
      frontMatter = raw(trashed.path);
      try {
        parseFile(frontMatter);
      } catch {
      }
    }
    const commands = [`memory get ${id}`, `memory history ${id}`];
    if (at && at !== this.store.tip()) commands.push(`memory get ${id} --at ${at.slice(0, 12)}`);
    if (memory?.state === "trash" || !memory && versions.length) commands.push(`memory trash restore ${id}`);
    const citations = entry ? viewCitations(this.store, entry.memory.extra) : void 0;
    return { id, at, memory, frontMatter, versions, commands, ...citations ? { citations } : {} };
  }
  async log(p = {}) {
    const size = Math.min(500, Math.max(1, Math.floor(Number(p.size ?? 100)) || 100));
    const page = Math.max(1, Math.floor(Number(p.page ?? 1)) || 1);
    if (!this.store.tip()) return { total: 0, page, size, entries: [] };
    const [count, out] = await Promise.all([
      gitCliAsync(this.store, ["rev-list", "--count", this.store.ref]),
      gitCliAsync(this.store, ["log", `--format=${LOG_FORMAT}`, `--skip=${(page - 1) * size}`, `-n${size}`, this.store.ref])
    ]);
    return { total: Number(count.trim()), page, size, entries: parseLog(out) };
  }
  /** Memories added, changed and deleted from commit `a` to commit `b` (live, archived and trash files). */
  async compare(aRev, bRev) {
    await this.settled();
    const a = this.resolve(aRev);
    const b = this.resolve(bRev);
    if (!a || !b) throw new InvalidInputError("compare needs two commits of the branch", { field: "a" });
    const changes = diffFiles((oid) => this.store.git.readTree(oid), this.store.treeOf(a), this.store.treeOf(b));
    const ids = (path) => /([^/]+)\.md$/.exec(path)?.[1];
    const touched = /* @__PURE__ */ new Set();
    for (const c of changes) if ([MEMORIES_DIR, ARCHIVE_DIR, TRASH_DIR].includes(c.path.split("/")[0])) touched.add(ids(c.path) ?? "");
    touched.delete("");
    const before = new Map(this.items(a).map((i) => [i.id, i]));
    const after = new Map(this.items(b).map((i) => [i.id, i]));
    const out = { a, b, added: [], changed: [], deleted: [] };
    for (const id of touched) {
      const x = before.get(id);
      const y = after.get(id);
      if (y && (!x || x.state !== "live" && y.state === "live")) out.added.push(y);
      else if (x && (!y || x.state === "live" && y.state !== "live")) out.deleted.push(y ?? x);
      else if (y) out.changed.push(y);
    }
    for (const l of [out.added, out.changed, out.deleted]) l.sort(SORT);
    return out;
  }
  async stats() {
    await this.settled();
    const { memoryStats } = await import("./stats-OJC4EVNZ.js");
    const stats = await memoryStats(this.store, { top: 20 });
    const live = this.items(this.store.tip()).filter((i) => i.state === "live");
    const monthSet = /* @__PURE__ */ new Set();
    const byCat = /* @__PURE__ */ new Map();
    for (const i of live) {
      const m = i.timestamp.slice(0, 7);
      monthSet.add(m);
      const c = byCat.get(i.category) ?? /* @__PURE__ */ new Map();
      c.set(m, (c.get(m) ?? 0) + 1);
      byCat.set(i.category, c);
    }
    const months = [...monthSet].sort();
    const series = [...byCat].map(([category, c]) => ({ category, counts: months.map((m) => c.get(m) ?? 0) })).sort((x, y) => y.counts.reduce((s, n) => s + n, 0) - x.counts.reduce((s, n) => s + n, 0)).slice(0, 8);
    const days = /* @__PURE__ */ new Map();
    const authors = /* @__PURE__ */ new Map();
    if (this.store.tip()) {
      const out = await gitCliAsync(this.store, ["log", "--format=%ct%x1f%an%x1f%(trailers:key=Job,valueonly,separator=%x2C)", "-n100000", this.store.ref]);
      for (const line of out.split("\n")) {
        if (!line) continue;
        const [ct, an, job] = line.split("");
        const d = new Date(Number(ct) * 1e3).toISOString().slice(0, 10);
        days.set(d, (days.get(d) ?? 0) + 1);
        const who = clip(job || an, 80) ?? "";
        authors.set(who, (authors.get(who) ?? 0) + 1);
      }
    }
    const cfg = this.store.config();
    let retention = null;
    try {
      const r = await this.deps.pruneDryRun();
      const expire = r.trashed.filter((i) => /expire/.test(i.reason)).length;
      const sample = [...r.archived, ...r.trashed, ...r.purged].slice(0, 10).map((i) => `${i.id}: ${clip(i.reason, 80)}`);
      retention = { archive: r.archived.length, expire, trash: r.trashed.length - expire, purge: r.purged.length, sample };
    } catch {
      retention = null;
    }
    return {
      stats,
      monthsByCategory: { months, series },
      writesPerDay: [...days].sort((x, y) => x[0] < y[0] ? -1 : 1).slice(-90),
      writesPerAuthor: [...authors].sort((x, y) => y[1] - x[1]).slice(0, 10),
      caps: { memories: stats.total, maxMemories: cfg.maxMemories, trash: stats.trash, trashRetentionDays: cfg.trashRetentionDays, branchBytes: stats.branch_size_bytes },
      retention
    };
  }
  async health() {
    await this.settled();
    const tip = this.store.tip();
    const live = this.store.catalog(tip);
    const byId = /* @__PURE__ */ new Map();
    for (const e of live.entries) byId.set(e.memory.id, [...byId.get(e.memory.id) ?? [], e.path]);
    const near = /* @__PURE__ */ new Map();
    for (const e of live.byId.values()) {
      const k = nearKey(e.memory.content);
      if (k) near.set(k, [...near.get(k) ?? [], e.memory.id]);
    }
    const { listRefs, pendingPrefix } = await import("./pending-CFYSKZMI.js");
    return {
      unreadable: live.skipped.map((s) => ({ path: s.path, reason: clip(s.reason, 300) ?? "" })).slice(0, 500),
      duplicateIds: [...byId].filter(([, p]) => p.length > 1).map(([id, paths]) => ({ id, paths })).slice(0, 500),
      pendingRefs: [...listRefs(this.store.git.location.commonDir, pendingPrefix(this.store.branch))].map(([ref, oid]) => ({ ref, oid })).slice(0, 500),
      nearDuplicates: [...near].filter(([, ids]) => ids.length > 1).map(([k, ids]) => ({ ids: ids.slice(0, 20), excerpt: k.slice(0, 120) })).slice(0, 200)
    };
  }
  /**
   * One memory's versions without the history index (a page asked for while the catalog loads, before
   * the index is built): `git log --raw` of the branch limited to that memory's files (by name, under
   * memories/, archive/ and trash/), parsed the same way. Milliseconds on a branch of one import, where
   * the whole index is ~14 MB of log to parse at 100,000 memories.
   */
  async versionsByLog(stems, tip) {
    const h = await this.history.ofStems(stems, tip);
    return h ? this.versionsFromIndex(stems, h) : this.versionsOf(stems);
  }
  async versionsOf(stems) {
    await this.historyIndex();
    return this.versionsFromIndex(stems);
  }
  /** A memory's versions, newest first (at most 200), from the history index: events as `memory history` names them. */
  async versionsFromIndex(stems, h = this.history.current) {
    if (!h) return [];
    const budget = historyTextBudget();
    const cap = versionTextCap(budget);
    const touches = [...stems].flatMap((st) => h.byStem.get(st) ?? []);
    const order = /* @__PURE__ */ new Map();
    for (const t of touches) if (!order.has(t.commit)) order.set(t.commit, order.size);
    const byCommit = /* @__PURE__ */ new Map();
    for (const t of touches) byCommit.set(t.commit, [...byCommit.get(t.commit) ?? [], t]);
    const commits = [...byCommit.keys()].sort((a, b) => order.get(a) - order.get(b)).slice(0, 200);
    const out = [];
    let prev = null;
    let everLive = false;
    for (const commit of commits.reverse()) {
      const ts = byCommit.get(commit);
      const present = ts.filter((t) => t.status !== "D");
      const pick = present.find((t) => t.path.startsWith(MEMORIES_DIR + "/")) ?? present[0];
      const info = h.commits.get(commit);
      const base = { commit, timestamp: info?.timestamp ?? "", message: info?.message ?? "", author: info?.author ?? "", email: info?.email ?? "", trailers: info?.trailers ?? {} };
      if (!pick) {
        out.push({ ...base, version: null, event: prev === "trash" ? "purged" : "removed", state: "gone", path: ts[0].path, content: null });
        prev = "gone";
        continue;
      }
      const top = pick.path.split("/")[0];
      const state = top === MEMORIES_DIR ? "live" : top === TRASH_DIR ? "trash" : top;
      const event = state === "live" ? prev === null || prev === "gone" ? everLive ? "restored" : "stored" : prev === "live" ? "updated" : "restored" : state === "trash" ? prev === "trash" ? "changed" : "deleted" : prev === state ? "changed" : "moved";
      let content = null;
      let contentBytes;
      let version = null;
      try {
        const tree = pick.oid ? null : this.store.treeOf(commit);
        const entry = pick.oid ? { oid: pick.oid } : tree ? this.store.git.entryAt(tree, pick.path) : null;
        const known = entry ? this.known?.get(entry.oid) : void 0;
        if (known) {
          content = known.content;
          const n = Number(known.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
        } else if (entry) {
          const blob = this.store.git.readBlob(entry.oid);
          const capped = capFileText(blob, cap);
          if (blob.length > BIG_VERSION) await new Promise((r) => setImmediate(r));
          const m = memoryFromFile(MEMORIES_DIR + pick.path.slice(pick.path.indexOf("/")), capped.file.toString("utf8"));
          content = m.content;
          if (capped.bytes !== null) contentBytes = capped.bytes;
          const n = Number(m.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
        }
      } catch {
      }
      out.push({ ...base, version, event, state, path: pick.path, content, ...contentBytes !== void 0 ? { contentBytes } : {} });
      if (state === "live") everLive = true;
      prev = state;
    }
    return spendTextBudget(
      out.reverse().map((v) => capText(v, cap)),
      budget
    );
  }
  /**
   * Every memory at the tip (live, archived, trash) with its versions, for the static export: the
   * versions of all of them come from one `git log --name-status` pass instead of one per memory.
   */
  async *exportMemories() {
    const tip = this.store.tip();
    if (!tip) return;
    await this.historyIndex();
    const s = this.snapshot(tip);
    this.known = new Map([...s.live.entries, ...s.archived.entries].map((e) => [e.oid, e.memory]));
    const tree = this.store.treeOf(tip);
    const raw = (path, oid) => {
      const e = oid ? { oid } : tree ? this.store.git.entryAt(tree, path) : null;
      const m = e ? /^---\r?\n([\s\S]*?)\r?\n---/.exec(this.store.git.readBlob(e.oid).toString("utf8")) : null;
      return m ? m[1] : "";
    };
    const cap = versionTextCap(historyTextBudget());
    let head;
    try {
      head = citeCommit(this.store.git);
    } catch {
      head = void 0;
    }
    const states = head ? citationStates(this.store, head).states : /* @__PURE__ */ new Map();
    const cites = (e) => viewCitations(this.store, e.memory.extra, head, head ? states.get(e.memory.id) : void 0);
    const view = async (id, memory, oid, citations) => ({
      ...citations ? { citations } : {},
      id,
      at: null,
      memory: memory && capText(memory, cap),
      frontMatter: memory ? raw(memory.path, oid) : "",
      versions: await this.versionsFromIndex(/* @__PURE__ */ new Set([id, ...memory ? [stemOf(memory.path)] : []])),
      commands: [`memory get ${id}`, `memory history ${id}`, ...memory?.state === "trash" ? [`memory trash restore ${id}`] : []]
    });
    const pub = (e, state) => {
      const { path: _p, extra: _e, ...m } = e.memory;
      return { ...m, state, path: e.path };
    };
    for (const e of s.live.byId.values()) yield await view(e.memory.id, pub(e, "live"), e.oid, cites(e));
    for (const e of s.archived.byId.values()) yield await view(e.memory.id, { ...pub(e, "archived"), archived: true }, e.oid, cites(e));
    for (const t of s.trash) yield await view(t.id, { ...t, state: "trash", path: t.path });
  }
  async core() {
    const tip = this.store.tip();
    const tree = this.store.treeOf(tip);
    if (!tree) return [];
    const docs = [];
    for (const b of this.store.git.listBlobs(tree, CORE_DIR).slice(0, 50)) {
      if (!b.path.endsWith(".md")) continue;
      const out = await gitCliAsync(this.store, ["log", `--format=${LOG_FORMAT}`, "-n200", this.store.ref, "--", b.path]);
      const versions = parseLog(out).map((e) => {
        const t = this.store.treeOf(e.commit);
        const entry = t ? this.store.git.entryAt(t, b.path) : null;
        return { commit: e.commit, timestamp: e.timestamp, author: e.author, message: e.message, content: entry ? this.store.git.readBlob(entry.oid).toString("utf8") : null };
      });
      docs.push({ name: b.path.slice(CORE_DIR.length + 1, -3), content: this.store.git.readBlob(b.oid).toString("utf8"), versions });
    }
    return docs;
  }
};
export {
  ViewModel
};
