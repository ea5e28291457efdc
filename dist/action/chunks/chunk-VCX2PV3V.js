import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citeCommit
} from "./chunk-3A6X2SI5.js";
import {
  CITATION_STATES,
  MAX_CITED_FILE_BYTES,
  citationToFront,
  parseCitations,
  rangeHash,
  splitLines
} from "./chunk-6FGNS2U2.js";
import {
  runGitSync
} from "./chunk-2QD6CEEN.js";
import {
  MODE_GITLINK,
  MODE_SYMLINK,
  isRegularFile
} from "./chunk-OQDIJSBS.js";
import {
  memoryToFile
} from "./chunk-EYKMHHKG.js";
import {
  readBoundedFile
} from "./chunk-XRSA6KWW.js";
import {
  assertId
} from "./chunk-FBFUYQWQ.js";
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";

// src/citations/cache.ts
import { readdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
var CITATION_CACHE_FORMAT = 1;
var MAX_CACHE_BYTES = 64 * 1024 * 1024;
var MAX_CACHE_FILES = 16;
function citationCacheDir(branchCacheDir) {
  return join(branchCacheDir, `citations-v${CITATION_CACHE_FORMAT}`);
}
function fileOf(branchCacheDir, commit) {
  return /^[0-9a-f]{40}$/.test(commit) ? join(citationCacheDir(branchCacheDir), `${commit}.json`) : null;
}
function readBounded(file) {
  try {
    return readBoundedFile(file, { limit: MAX_CACHE_BYTES });
  } catch {
    return null;
  }
}
var STATES = new Set(CITATION_STATES);
function isCheck(v) {
  if (!v || typeof v !== "object") return false;
  const c = v;
  return typeof c.path === "string" && Array.isArray(c.lines) && c.lines.length === 2 && STATES.has(c.state);
}
function loadCitationStates(branchCacheDir, commit) {
  const out = /* @__PURE__ */ new Map();
  const file = fileOf(branchCacheDir, commit);
  const text = file ? readBounded(file) : null;
  if (!text) return out;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  const d = data;
  if (!d || d.format !== CITATION_CACHE_FORMAT || d.commit !== commit || !d.states || typeof d.states !== "object") return out;
  for (const [blob, checks] of Object.entries(d.states)) {
    if (/^[0-9a-f]{40}$/.test(blob) && Array.isArray(checks) && checks.every(isCheck)) out.set(blob, checks);
  }
  return out;
}
function saveCitationStates(branchCacheDir, commit, states) {
  const file = fileOf(branchCacheDir, commit);
  if (!file || !states.size) return;
  const merged = loadCitationStates(branchCacheDir, commit);
  for (const [k, v] of states) merged.set(k, v);
  writeCacheFile(file, JSON.stringify({ format: CITATION_CACHE_FORMAT, commit, states: Object.fromEntries(merged) }));
  try {
    const dir = citationCacheDir(branchCacheDir);
    const files = readdirSync(dir).filter((n) => /^[0-9a-f]{40}\.json$/.test(n)).map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const f of files.slice(MAX_CACHE_FILES)) unlinkSync(join(dir, f.n));
  } catch {
  }
}

// src/citations/verify.ts
import { isUtf8 } from "node:buffer";

// src/citations/line-diff.ts
var MAX_EDITS = 2e3;
function lineMapping(a, b) {
  const map = new Int32Array(a.length).fill(-1);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) {
    map[head] = head;
    head++;
  }
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    map[a.length - 1 - tail] = b.length - 1 - tail;
    tail++;
  }
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n === 0 || m === 0) return map;
  const ids = /* @__PURE__ */ new Map();
  const A = new Int32Array(n);
  const B = new Int32Array(m);
  for (let i = 0; i < n; i++) {
    const s = a[head + i];
    let id = ids.get(s);
    if (id === void 0) ids.set(s, id = ids.size);
    A[i] = id;
  }
  for (let j = 0; j < m; j++) {
    const s = b[head + j];
    let id = ids.get(s);
    if (id === void 0) ids.set(s, id = ids.size);
    B[j] = id;
  }
  const max = Math.min(n + m, MAX_EDITS);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace = [];
  let found = -1;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x2 = k === -d || k !== d && v[off + k - 1] < v[off + k + 1] ? v[off + k + 1] : v[off + k - 1] + 1;
      let y2 = x2 - k;
      while (x2 < n && y2 < m && A[x2] === B[y2]) {
        x2++;
        y2++;
      }
      v[off + k] = x2;
      if (x2 >= n && y2 >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return null;
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d];
    const at = (k2) => prev[k2 + d + 1];
    const k = x - y;
    const down = k === -d || k !== d && at(k - 1) < at(k + 1);
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    const sx = down ? px : px + 1;
    while (x > sx && y > sx - k) {
      x--;
      y--;
      map[head + x] = head + y;
    }
    x = px;
    y = py;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    map[head + x] = head + y;
  }
  return map;
}

// src/citations/verify.ts
var MAX_HUNK_LINES = 40;
var MAX_HUNK_CHARS = 4096;
var MAX_RENAME_DIFFS = 64;
var MIN_NAMED_LINES = 3;
var MAX_CANDIDATES = 1e4;
function checkCitations(repo, commit, sources) {
  const stats = { renameDiffs: 0, blobsRead: 0 };
  const tree = repo.readCommit(commit).tree;
  const entries = /* @__PURE__ */ new Map();
  const entry = (path) => {
    if (!entries.has(path)) entries.set(path, repo.entryAt(tree, path));
    return entries.get(path) ?? null;
  };
  const blobLines = /* @__PURE__ */ new Map();
  const linesOf = (oid) => {
    let got = blobLines.get(oid);
    if (got === void 0) {
      try {
        const data = repo.readBlob(oid);
        stats.blobsRead++;
        if (data.length > MAX_CITED_FILE_BYTES) got = `file over ${MAX_CITED_FILE_BYTES >> 20} MiB: content not searched`;
        else if (data.subarray(0, 8e3).includes(0) || !isUtf8(data)) got = "not a UTF-8 text file";
        else got = splitLines(data.toString("utf8"));
      } catch (err) {
        got = `object ${oid.slice(0, 12)} cannot be read here: ${err.message.split("\n")[0].slice(0, 160)}`;
      }
      blobLines.set(oid, got);
    }
    return got;
  };
  const hasCommit = /* @__PURE__ */ new Map();
  const readable = (oid) => {
    if (!hasCommit.has(oid)) {
      let ok = false;
      try {
        repo.readCommit(oid);
        ok = true;
      } catch {
        ok = false;
      }
      hasCommit.set(oid, ok);
    }
    return hasCommit.get(oid);
  };
  const all = [];
  for (const s of sources) s.citations.forEach((p, i) => p.ok && all.push({ key: s.key, i, c: p.citation }));
  const want = /* @__PURE__ */ new Set();
  for (const { c } of all) {
    const e = entry(c.path);
    if (e && isRegularFile(e.mode) && e.oid !== c.blob) {
      want.add(e.oid);
      want.add(c.blob);
    }
  }
  prefetch(repo, want);
  const renames = /* @__PURE__ */ new Map();
  const goneCommits = /* @__PURE__ */ new Set();
  for (const { c } of all) if (!entry(c.path) && goneCommits.size < MAX_RENAME_DIFFS && readable(c.commit)) goneCommits.add(c.commit);
  for (const from of goneCommits) {
    renames.set(from, renameMap(repo, from, commit));
    stats.renameDiffs++;
  }
  let treeFiles = null;
  const files = () => treeFiles ??= repo.listBlobs(tree, "");
  const want2 = /* @__PURE__ */ new Set();
  for (const { c } of all) {
    if (entry(c.path)) continue;
    const to = renames.get(c.commit)?.get(c.path);
    if (to) {
      const e = entry(to);
      if (e && e.oid !== c.blob) {
        want2.add(e.oid);
        want2.add(c.blob);
      }
    }
  }
  prefetch(repo, want2);
  const checks = /* @__PURE__ */ new Map();
  const reanchors = [];
  for (const s of sources) {
    const out = [];
    s.citations.forEach((p, i) => {
      if (!p.ok) {
        const bad = { path: p.path ?? "", lines: p.lines ?? [0, 0], state: "invalid", reason: p.reason };
        out.push(bad);
        return;
      }
      const c = p.citation;
      const base = { path: c.path, lines: [c.lines[0], c.lines[1]], state: "valid" };
      if (c.whole) base.whole = true;
      const moveTo = (path, lines2, blob) => {
        reanchors.push({ key: s.key, index: i, from: c, citation: { ...c, path, lines: lines2, commit, blob } });
        return { ...base, state: "moved", at: { path, lines: lines2 } };
      };
      const e = entry(c.path);
      if (e) {
        if (!isRegularFile(e.mode)) {
          out.push({ ...base, state: "changed", reason: e.mode === MODE_SYMLINK ? "the path is a symbolic link now (not followed)" : e.mode === MODE_GITLINK ? "the path is a submodule now (not followed)" : "the path is a folder now" });
          return;
        }
        if (e.oid === c.blob) {
          out.push(base);
          return;
        }
        const lines2 = linesOf(e.oid);
        if (typeof lines2 === "string") {
          out.push({ ...base, state: "unknown", reason: lines2 });
          return;
        }
        const old2 = linesOf(c.blob);
        const oldLines2 = typeof old2 === "string" ? null : old2;
        if (samePlace(c, lines2)) {
          out.push(base);
          return;
        }
        const found2 = locate(c, lines2, oldLines2);
        if (found2) {
          out.push(moveTo(c.path, found2.lines, e.oid));
          return;
        }
        out.push({ ...base, state: "changed", hunk: hunkOf(c, lines2, oldLines2) });
        return;
      }
      let to = renames.get(c.commit)?.get(c.path);
      if (!to && !renames.has(c.commit)) {
        const same = files().find((f) => f.oid === c.blob);
        if (same) {
          out.push(moveTo(same.path, [c.lines[0], c.lines[1]], same.oid));
          return;
        }
        const name = c.path.slice(c.path.lastIndexOf("/") + 1);
        const named = c.lines[1] - c.lines[0] + 1 >= MIN_NAMED_LINES ? files().filter((f) => f.path === name || f.path.endsWith("/" + name)) : [];
        if (named.length !== 1) named.length = 0;
        prefetch(repo, named.map((f) => f.oid));
        for (const f of named) {
          const lines2 = linesOf(f.oid);
          if (typeof lines2 === "string") continue;
          const found2 = samePlace(c, lines2) ? { lines: [c.lines[0], c.lines[1]] } : locate(c, lines2, null);
          if (found2) {
            out.push(moveTo(f.path, found2.lines, f.oid));
            return;
          }
        }
        out.push({ ...base, state: "gone" });
        return;
      }
      const te = to ? entry(to) : null;
      if (!to || !te || !isRegularFile(te.mode)) {
        out.push({ ...base, state: "gone" });
        return;
      }
      if (te.oid === c.blob) {
        out.push(moveTo(to, [c.lines[0], c.lines[1]], te.oid));
        return;
      }
      const lines = linesOf(te.oid);
      if (typeof lines === "string") {
        out.push({ ...base, state: "unknown", reason: lines, renamed: to });
        return;
      }
      const old = linesOf(c.blob);
      const oldLines = typeof old === "string" ? null : old;
      const found = samePlace(c, lines) ? { lines: [c.lines[0], c.lines[1]] } : locate(c, lines, oldLines);
      if (found) {
        out.push(moveTo(to, found.lines, te.oid));
        return;
      }
      out.push({ ...base, state: "changed", renamed: to, hunk: hunkOf(c, lines, oldLines) });
    });
    checks.set(s.key, out);
  }
  return { checks, reanchors, stats };
}
function prefetch(repo, oids) {
  const list = [...oids];
  if (list.length) repo.prefetchBlobs?.(list);
}
function renameMap(repo, from, to) {
  const out = /* @__PURE__ */ new Map();
  const r = runGitSync(repo.target, ["-c", "diff.renameLimit=10000", "diff-tree", "-r", "-M", "-z", "--no-commit-id", "--name-status", "--diff-filter=R", from, to], { allowFailure: true, maxBytes: 64 * 1024 * 1024 });
  if (r.status !== 0) return out;
  const parts = r.stdout.toString("utf8").split("\0");
  for (let i = 0; i + 2 < parts.length; i += 3) {
    if (!parts[i].startsWith("R")) break;
    out.set(parts[i + 1], parts[i + 2]);
  }
  return out;
}
function samePlace(c, lines) {
  const [s, e] = c.lines;
  if (c.whole) return lines.length === e && rangeHash(lines, 1, e) === c.sha256;
  return e <= lines.length && rangeHash(lines, s, e) === c.sha256;
}
function locate(c, lines, oldLines) {
  const [s, e] = c.lines;
  const n = e - s + 1;
  if (c.whole) return null;
  let near = s - 1;
  if (oldLines && e <= oldLines.length && rangeHash(oldLines, s, e) === c.sha256) {
    const map = lineMapping(oldLines, lines);
    if (map) {
      const j = map[s - 1];
      let run = j >= 0;
      for (let k = 1; run && k < n; k++) run = map[s - 1 + k] === j + k;
      if (run) return { lines: [j + 1, j + n] };
      for (let k = s - 1; k >= 0; k--) {
        if (map[k] >= 0) {
          near = map[k] + (s - 1 - k);
          break;
        }
      }
    }
  }
  const first = c.text !== void 0 ? c.text.slice(0, c.text.indexOf("\n") >>> 0) : oldLines && e <= oldLines.length ? oldLines[s - 1] : c.first;
  if (first === void 0) return null;
  const prefixOnly = c.text === void 0 && !oldLines && first.length >= 512;
  let best = -1;
  let tried = 0;
  for (let j = 0; j + n <= lines.length; j++) {
    const l = lines[j];
    if (!(prefixOnly ? l.startsWith(first) : l === first)) continue;
    if (++tried > MAX_CANDIDATES) break;
    if (rangeHash(lines, j + 1, j + n) !== c.sha256) continue;
    if (best < 0 || Math.abs(j - near) < Math.abs(best - near)) best = j;
  }
  return best >= 0 ? { lines: [best + 1, best + n] } : null;
}
function hunkOf(c, lines, oldLines) {
  const [s, e] = c.lines;
  const cited = c.text !== void 0 ? c.text.split("\n") : oldLines && e <= oldLines.length && rangeHash(oldLines, s, e) === c.sha256 ? oldLines.slice(s - 1, e) : null;
  let ns = s;
  let ne = Math.min(e, lines.length);
  const map = oldLines ? lineMapping(oldLines, lines) : null;
  if (map && oldLines) {
    let before = -1;
    for (let k = s - 2; k >= 0; k--) if (map[k] >= 0) {
      before = map[k];
      break;
    }
    let after = lines.length;
    for (let k = e; k < oldLines.length; k++) if (map[k] >= 0) {
      after = map[k];
      break;
    }
    ns = before + 2;
    ne = after;
  }
  const now = ns <= ne ? lines.slice(ns - 1, ne) : [];
  const head = `@@ -${s},${e - s + 1} +${ns},${now.length} @@`;
  const body = [head];
  const side = (mark, xs) => {
    for (const x of xs.slice(0, MAX_HUNK_LINES)) body.push(mark + x);
    if (xs.length > MAX_HUNK_LINES) body.push(`${mark}\u2026 ${xs.length - MAX_HUNK_LINES} more lines`);
  };
  if (cited) side("-", cited);
  else body.push(`-\u2026 ${e - s + 1} lines (the text of a range over the stored bound is not kept)`);
  side("+", now);
  let text = body.join("\n");
  if (text.length > MAX_HUNK_CHARS) text = text.slice(0, MAX_HUNK_CHARS) + "\n\u2026 (hunk cut)";
  return text;
}

// src/lifecycle/verify.ts
var NOW_CONTEXT = 5;
var NOW_MAX_LINES = 80;
var NOW_MAX_CHARS = 8192;
function citationsOf(extra) {
  return parseCitations(extra.citations);
}
function entriesOf(s, ids) {
  const tip = s.tip();
  const out = [];
  let rest = false;
  for (const id of new Set(ids)) {
    let hit;
    try {
      hit = s.findAtPath(id, tip);
    } catch {
      hit = void 0;
    }
    if (hit) out.push(hit);
    else if (hit === void 0) rest = true;
  }
  if (rest) {
    const found = new Set(out.map((e) => e.memory.id));
    const wanted = new Set(ids);
    for (const e of s.catalog(tip).entries) if (wanted.has(e.memory.id) && !found.has(e.memory.id)) out.push(e);
  }
  return out;
}
function citationStates(s, commit, opts = {}) {
  const entries = opts.ids ? entriesOf(s, opts.ids) : s.catalog().entries;
  const states = /* @__PURE__ */ new Map();
  if (!entries.some((e) => e.memory.extra.citations !== void 0)) return { states, reanchors: [] };
  const cached = opts.fresh ? /* @__PURE__ */ new Map() : loadCitationStates(s.cacheDir, commit);
  const todo = [];
  const blobOf = /* @__PURE__ */ new Map();
  for (const e of entries) {
    if (e.memory.extra.citations === void 0) continue;
    const hit = cached.get(e.oid);
    if (hit) {
      states.set(e.memory.id, hit);
      continue;
    }
    blobOf.set(e.memory.id, e.oid);
    todo.push({ key: e.memory.id, citations: citationsOf(e.memory.extra) });
  }
  if (!todo.length) return { states, reanchors: [] };
  const res = checkCitations(s.git, commit, todo);
  const save = /* @__PURE__ */ new Map();
  for (const [id, checks] of res.checks) {
    states.set(id, checks);
    save.set(blobOf.get(id), checks);
  }
  saveCitationStates(s.cacheDir, commit, save);
  return { states, reanchors: res.reanchors };
}
function countsOf(memories) {
  const counts = { memories: memories.length, citations: 0 };
  for (const st of CITATION_STATES) counts[st] = 0;
  for (const m of memories)
    for (const c of m.citations) {
      counts[c.state]++;
      counts.citations++;
    }
  return counts;
}
async function verifyMemories(s, opts = {}) {
  if (opts.ids !== void 0 && (!Array.isArray(opts.ids) || opts.ids.some((x) => typeof x !== "string"))) throw new InvalidInputError("ids must be a list of memory ids", { field: "ids" });
  if (opts.since !== void 0 && opts.fix) throw new InvalidInputError("since reports changes between two refs and does not combine with fix: fix without since", { field: "fix" });
  const ref = opts.ref ?? "HEAD";
  const commit = citeCommit(s.git, opts.ref);
  if (opts.ids?.length) {
    for (const id of opts.ids) assertId(id);
    const found = new Set(entriesOf(s, opts.ids).map((e) => e.memory.id));
    const missing = opts.ids.find((id) => !found.has(id));
    if (missing !== void 0) throw new NotFoundError(missing);
  }
  let memories;
  let since;
  let reanchors = [];
  if (opts.since !== void 0) {
    const base = citeCommit(s.git, opts.since);
    since = { ref: opts.since, commit: base };
    memories = changedSince(s, base, commit, opts.ids);
  } else {
    const got = citationStates(s, commit, { ids: opts.ids, fresh: opts.fix });
    reanchors = got.reanchors;
    memories = [...got.states].map(([id, citations]) => ({ id, citations })).sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  }
  if (opts.code) memories = memories.map((m) => ({ ...m, citations: m.citations.map((c) => c.state === "changed" ? withNow(s, commit, c) : c) }));
  const out = { success: true, ref, commit, memories, counts: countsOf(memories) };
  if (since) out.since = since;
  if (opts.fix) out.fixed = await reanchor(s, ref, commit, reanchors);
  return out;
}
function changedSince(s, base, head, ids) {
  const cat = s.catalog();
  const wanted = ids ? new Set(ids) : null;
  const sources = [];
  for (const e of cat.entries) {
    if (wanted && !wanted.has(e.memory.id)) continue;
    if (e.memory.extra.citations === void 0) continue;
    sources.push({ key: e.memory.id, citations: citationsOf(e.memory.extra) });
  }
  const atBase = checkCitations(s.git, base, sources);
  const baseTree = s.git.readCommit(base).tree;
  const moved = new Map(atBase.reanchors.map((r) => [`${r.key}\0${r.index}`, r.citation]));
  const rebased = sources.map((src) => ({
    key: src.key,
    citations: src.citations.map((p, i) => {
      const check = atBase.checks.get(src.key)?.[i];
      if (!p.ok || !check) return p;
      if (check.state === "moved") return { ok: true, citation: moved.get(`${src.key}\0${i}`) };
      if (check.state !== "valid") return { ok: false, reason: `already ${check.state} at the base` };
      const e = s.git.entryAt(baseTree, p.citation.path);
      if (!e || !isRegularFile(e.mode)) return p;
      return { ok: true, citation: { ...p.citation, commit: base, blob: e.oid } };
    })
  }));
  const atHead = checkCitations(s.git, head, rebased);
  const out = [];
  for (const src of rebased) {
    const checks = atHead.checks.get(src.key) ?? [];
    const hit = checks.filter((c, i) => src.citations[i].ok && c.state !== "valid");
    if (hit.length) out.push({ id: src.key, citations: hit });
  }
  return out.sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
async function reanchor(s, ref, commit, reanchors) {
  if (!reanchors.length) return { citations: 0, memories: [], commit: null };
  const byId = /* @__PURE__ */ new Map();
  for (const r of reanchors) byId.set(r.key, [...byId.get(r.key) ?? [], r]);
  const res = await s.mutate((tip) => {
    const changes = /* @__PURE__ */ new Map();
    let n = 0;
    const ids = [];
    for (const [id, rs] of byId) {
      const hit = tip ? s.find(id, tip) : null;
      if (!hit || !Array.isArray(hit.memory.extra.citations)) continue;
      const list = [...hit.memory.extra.citations];
      const parsed = parseCitations(list);
      let changed = 0;
      for (const r of rs) {
        const p = parsed[r.index];
        if (!p?.ok || JSON.stringify(citationToFront(p.citation)) !== JSON.stringify(citationToFront(r.from))) continue;
        list[r.index] = citationToFront(r.citation);
        changed++;
      }
      if (!changed) continue;
      const next = { ...hit.memory, extra: { ...hit.memory.extra, citations: list } };
      changes.set(hit.path, Buffer.from(memoryToFile(next), "utf8"));
      n += changed;
      ids.push(id);
    }
    if (!changes.size) return { change: null, result: { citations: 0, memories: [] } };
    const label = ref === commit ? commit.slice(0, 12) : `${ref.slice(0, 100)} (${commit.slice(0, 12)})`;
    return {
      change: { changes, message: `memory: re-anchor ${n} moved citation${n === 1 ? "" : "s"} in ${ids.length} memor${ids.length === 1 ? "y" : "ies"}, verified against ${label}

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
` },
      result: { citations: n, memories: ids }
    };
  });
  return { citations: res.citations, memories: res.memories, commit: res.citations ? res.commit : null };
}
function withNow(s, commit, c) {
  const path = c.renamed ?? c.path;
  try {
    const e = s.git.entryAt(s.git.readCommit(commit).tree, path);
    if (!e || !isRegularFile(e.mode)) return c;
    const buf = s.git.readBlob(e.oid);
    if (buf.length > MAX_CITED_FILE_BYTES || buf.includes(0)) return c;
    const lines = splitLines(buf.toString("utf8"));
    if (!lines.length) return { ...c, now: { path, lines: [0, 0], text: "" } };
    const start = Math.max(1, Math.min(c.lines[0], lines.length) - NOW_CONTEXT);
    const end = Math.min(lines.length, Math.max(c.lines[1], start) + NOW_CONTEXT, start + NOW_MAX_LINES - 1);
    let text = lines.slice(start - 1, end).join("\n");
    if (text.length > NOW_MAX_CHARS) text = `${text.slice(0, NOW_MAX_CHARS)}\u2026`;
    return { ...c, now: { path, lines: [start, end], text } };
  } catch {
    return c;
  }
}

export {
  checkCitations,
  NOW_CONTEXT,
  NOW_MAX_LINES,
  NOW_MAX_CHARS,
  citationsOf,
  entriesOf,
  citationStates,
  verifyMemories
};
