import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  CORE_DIR,
  charCount
} from "./chunk-XR5R6GM7.js";
import {
  trashCount
} from "./chunk-OR7XTQ53.js";
import "./chunk-WMTLY4KJ.js";
import "./chunk-GRE5BRR7.js";
import "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import {
  isTreeMode
} from "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/stats.ts
function sortedCounts(m) {
  return Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}
var FIGURES_FILE = "stats-v1.json";
async function gitFigures(store) {
  const tip = store.tip();
  if (!tip) return { commits: 0, coreVersions: 0, bytes: 0 };
  const { gitCliAsync } = await import("./history-BUNQV4GL.js");
  const { readFileSync } = await import("node:fs");
  const { writeCacheFile } = await import("./atomic-file-UE4QCBE2.js");
  const { join } = await import("node:path");
  const file = join(store.cacheDir, FIGURES_FILE);
  let cached = null;
  try {
    const c = JSON.parse(readFileSync(file, "utf8"));
    if (typeof c?.tip === "string" && /^[0-9a-f]{40}$/.test(c.tip) && [c.commits, c.coreVersions, c.bytes].every((x) => Number.isInteger(x) && x >= 0)) cached = c;
  } catch {
  }
  if (cached?.tip === tip) return cached;
  const n = async (args) => {
    const v = Number((await gitCliAsync(store, args)).trim());
    return Number.isFinite(v) ? v : 0;
  };
  const walk = async (range) => {
    const [commits, coreVersions, bytes] = await Promise.all([n(["rev-list", "--count", ...range]), n(["rev-list", "--count", ...range, "--", `${CORE_DIR}/`]), n(["rev-list", "--objects", "--disk-usage", ...range])]);
    return { commits, coreVersions, bytes };
  };
  let out;
  const old = cached;
  const near = old ? forwardFigures(store, old.tip, tip) : null;
  if (old && near) out = { commits: old.commits + near.commits, coreVersions: old.coreVersions + near.coreVersions, bytes: old.bytes + near.bytes };
  else if (old) {
    const [sides, delta] = await Promise.all([
      gitCliAsync(store, ["rev-list", "--left-right", "--count", `${old.tip}...${tip}`]).then(
        (o) => /^(\d+)\s+(\d+)\s*$/.exec(o),
        () => null
      ),
      Promise.all([n(["rev-list", "--count", tip, `^${old.tip}`, "--", `${CORE_DIR}/`]), addedBytes(store, old.tip, tip)]).then(
        ([coreVersions, bytes]) => bytes === null ? null : { coreVersions, bytes },
        () => null
      )
    ]);
    const ancestor = !!sides && sides[1] === "0";
    const commits = sides ? Number(sides[2]) : 0;
    out = ancestor && delta ? { commits: old.commits + commits, coreVersions: old.coreVersions + delta.coreVersions, bytes: old.bytes + delta.bytes } : await walk([store.ref]);
  } else out = await walk([store.ref]);
  writeCacheFile(file, JSON.stringify({ tip, ...out }));
  return out;
}
var NEAR_COMMITS = 256;
function forwardFigures(store, old, tip) {
  try {
    const git = store.git;
    const chain = [];
    for (let c = tip; c !== old; ) {
      if (chain.length >= NEAR_COMMITS) return null;
      const info = git.readCommit(c);
      if (info.parents.length !== 1) return null;
      const parent = git.readCommit(info.parents[0]);
      chain.push({ oid: c, tree: info.tree, parentTree: parent.tree });
      c = info.parents[0];
    }
    const oids = /* @__PURE__ */ new Set();
    const added = (from, to) => {
      oids.add(to);
      if (from === to) return;
      const was = new Map((from ? git.readTree(from) : []).map((e) => [e.name, e]));
      for (const e of git.readTree(to)) {
        const x = was.get(e.name);
        if (x && x.oid === e.oid && x.mode === e.mode) continue;
        if (isTreeMode(e.mode)) added(x && isTreeMode(x.mode) ? x.oid : null, e.oid);
        else oids.add(e.oid);
      }
    };
    const coreOf = (tree) => git.readTree(tree).find((e) => e.name === CORE_DIR && isTreeMode(e.mode))?.oid ?? null;
    let coreVersions = 0;
    for (const c of chain) {
      oids.add(c.oid);
      added(c.parentTree, c.tree);
      if (coreOf(c.tree) !== coreOf(c.parentTree)) coreVersions++;
    }
    let bytes = 0;
    for (const oid of oids) {
      const size = git.objects.looseSize(oid);
      if (size === null) return null;
      bytes += size;
    }
    return { commits: chain.length, coreVersions, bytes };
  } catch {
    return null;
  }
}
async function addedBytes(store, old, tip) {
  const { gitCliAsync } = await import("./history-BUNQV4GL.js");
  const { runGit } = await import("./cli-FXEO32MO.js");
  const log = await gitCliAsync(store, ["log", "--format=%x1e%H %T", "--raw", "-r", "-t", "--root", "--no-renames", "--no-abbrev", "--diff-merges=first-parent", tip, `^${old}`]);
  const oids = /* @__PURE__ */ new Set();
  for (const chunk of log.split("")) {
    const lines = chunk.split("\n");
    const head = /^([0-9a-f]{40,64}) ([0-9a-f]{40,64})$/.exec(lines[0].trim());
    if (!head) continue;
    oids.add(head[1]);
    oids.add(head[2]);
    for (const l of lines.slice(1)) {
      const m = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) [A-Z]\d*\t/.exec(l);
      if (m && !/^0+$/.test(m[1])) oids.add(m[1]);
    }
  }
  if (!oids.size) return 0;
  const r = await runGit({ gitDir: store.git.location.commonDir, root: store.git.location.commonDir }, ["cat-file", "--batch-check=%(objectsize:disk)"], { input: [...oids].join("\n") + "\n", maxBytes: 64 * 1024 * 1024, timeoutMs: 6e5 });
  let bytes = 0;
  for (const l of r.stdout.toString("utf8").split("\n")) {
    const v = Number(l);
    if (!l) continue;
    if (!Number.isInteger(v) || v < 0) return null;
    bytes += v;
  }
  return bytes;
}
async function memoryStats(store, opts = {}) {
  const top = opts.top ?? 10;
  const tip = store.tip();
  const { indexCounts } = await import("./listing-6KQBZH7K.js");
  const c = indexCounts(store);
  const iso = (ms) => ms === null ? null : new Date(ms).toISOString();
  const documents = {};
  let coreChars = 0;
  const tree = store.treeOf(tip);
  if (tree) {
    for (const b of store.git.listBlobs(tree, CORE_DIR)) {
      if (!b.path.endsWith(".md")) continue;
      const chars = charCount(store.git.readBlob(b.oid).toString("utf8"));
      documents[b.path.slice(CORE_DIR.length + 1, -3)] = chars;
      coreChars += chars;
    }
  }
  const g = await gitFigures(store);
  return {
    success: true,
    total: c.total,
    categories: sortedCounts(c.categories),
    tags: { distinct: c.tags.size, top: Object.entries(sortedCounts(c.tags)).slice(0, top).map(([tag, count]) => ({ tag, count })) },
    priorities: c.priorities,
    trash: trashCount(store, tip),
    core: { chars: coreChars, versions: g.coreVersions, documents },
    commits: g.commits,
    oldest: iso(c.oldest),
    newest: iso(c.newest),
    months: Object.fromEntries([...c.months].sort((a, b) => a[0] < b[0] ? -1 : 1)),
    branch_size_bytes: g.bytes,
    unreadable: c.unreadable,
    pending_refs: await (await import("./pending-CFYSKZMI.js")).pendingRefsFigure(store)
  };
}
var BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
function monthSeries(months, max = 24) {
  const keys = Object.keys(months).sort();
  if (!keys.length) return [];
  const out = [];
  let [y, m] = keys[0].split("-").map(Number);
  const [ly, lm] = keys[keys.length - 1].split("-").map(Number);
  while (y < ly || y === ly && m <= lm) {
    const k = `${y}-${String(m).padStart(2, "0")}`;
    out.push([k, months[k] ?? 0]);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out.slice(-max);
}
function sparkline(values) {
  const max = Math.max(0, ...values);
  return values.map((v) => v <= 0 || max === 0 ? " " : BARS[Math.min(BARS.length - 1, Math.ceil(v / max * BARS.length) - 1)]).join("");
}
function humanBytes(n) {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
function formatStats(s) {
  const list = (o, n = 6) => {
    const e = Object.entries(o);
    const shown = e.slice(0, n).map(([k, v]) => `${k} ${v}`);
    return (shown.join(" \xB7 ") || "-") + (e.length > n ? ` \xB7 (+${e.length - n} more)` : "");
  };
  const series = monthSeries(s.months);
  const rows = [
    ["memories", `${s.total}${s.unreadable ? ` (+${s.unreadable} unreadable file${s.unreadable === 1 ? "" : "s"}; "memory export -o /dev/null" names ${s.unreadable === 1 ? "it" : "them"})` : ""}`],
    ["in trash", String(s.trash)],
    ["categories", list(s.categories)],
    ["priorities", `high ${s.priorities.high} \xB7 medium ${s.priorities.medium} \xB7 low ${s.priorities.low}`],
    ["top tags", s.tags.top.length ? s.tags.top.slice(0, 8).map((t) => `${t.tag} ${t.count}`).join(" \xB7 ") + (s.tags.distinct > 8 ? ` (${s.tags.distinct} distinct)` : "") : "-"],
    ["core", `${s.core.chars} chars in ${Object.keys(s.core.documents).length} document(s) \xB7 ${s.core.versions} versions`],
    ["commits", String(s.commits)],
    ["oldest", s.oldest ? s.oldest.slice(0, 10) : "-"],
    ["newest", s.newest ? s.newest.slice(0, 10) : "-"],
    ["branch size", humanBytes(s.branch_size_bytes)],
    ...s.pending_refs ? [["pending refs", `${s.pending_refs.count} on the remote (as of ${s.pending_refs.checked_at.slice(0, 16).replace("T", " ")}; "memory sync" folds them)`]] : []
  ];
  if (series.length) {
    const peak = Math.max(...series.map(([, v]) => v));
    rows.push(["per month", series.length === 1 ? `${series[0][0]} ${sparkline([peak])} ${peak}` : `${series[0][0]} ${sparkline(series.map(([, v]) => v))} ${series[series.length - 1][0]}  (peak ${peak})`]);
  }
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join("\n");
}
export {
  formatStats,
  humanBytes,
  memoryStats,
  monthSeries,
  sparkline
};
