import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  findLive,
  idLookupFor
} from "./chunk-M4G72GDM.js";
import {
  TRASH_DIR,
  listTrash,
  trashPathFor
} from "./chunk-OR7XTQ53.js";
import {
  runGit,
  runGitSync
} from "./chunk-2QD6CEEN.js";
import {
  ARCHIVE_DIR,
  MEMORIES_DIR,
  blobText
} from "./chunk-CQNYWYCJ.js";
import {
  memoryFromFile,
  publicMemory
} from "./chunk-EYKMHHKG.js";
import {
  isTreeMode
} from "./chunk-SSV3AZGT.js";
import {
  assertId,
  idTime,
  pathFor
} from "./chunk-FBFUYQWQ.js";
import {
  InternalError,
  InvalidInputError,
  NotFoundError
} from "./chunk-FJGJKBHJ.js";

// src/ops/history.ts
import { createHash } from "node:crypto";
var HISTORY_TIMEOUT = 6e5;
function historyTarget(store) {
  return { gitDir: store.git.location.commonDir, root: store.git.location.commonDir };
}
function historyError(args, err) {
  const e = err;
  if (/git is not installed or not on PATH/.test(e.message)) return new InternalError("git is not installed or not on PATH: history needs the git command");
  return new InternalError(`git ${args[0]} failed: ${(e.data?.stderr || e.message).trim().split("\n")[0]}`);
}
function gitCli(store, args) {
  try {
    return runGitSync(historyTarget(store), ["-c", "core.quotePath=false", ...args], { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT }).stdout.toString("utf8");
  } catch (err) {
    throw historyError(args, err);
  }
}
async function gitCliAsync(store, args) {
  try {
    return (await runGit(historyTarget(store), args, { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT })).stdout.toString("utf8");
  } catch (err) {
    throw historyError(args, err);
  }
}
function resolveCommit(store, rev) {
  const r = String(rev ?? "").trim();
  if (!r || r.startsWith("-") || !/^[0-9A-Za-z._\/~^@{}:-]+$/.test(r)) throw new InvalidInputError(`invalid version ${JSON.stringify(rev)}: give a commit id`, { field: "version" });
  if (/^[0-9a-f]{40}$/.test(r)) {
    try {
      store.git.readCommit(r);
      return r;
    } catch {
      throw new NotFoundError(r, "commit");
    }
  }
  try {
    return runGitSync(historyTarget(store), ["rev-parse", "--verify", "--quiet", `${r}^{commit}`]).stdout.toString("utf8").trim();
  } catch {
    throw new NotFoundError(r, "commit");
  }
}
function logPaths(store, pathspecs, opts = {}) {
  if (!store.tip()) return [];
  const args = ["log", "--format=%x1e%H%x1f%ct%x1f%s", ...opts.nameStatus ? ["--name-status", "--no-renames"] : [], store.ref, "--", ...pathspecs];
  const out = gitCli(store, args);
  const records = [];
  for (const chunk of out.split("")) {
    if (!chunk.trim()) continue;
    const lines = chunk.split("\n");
    const [commit, ct, subject] = lines[0].split("");
    const files = [];
    for (const l of lines.slice(1)) {
      const m = /^([AMDTC])\d*\t(.+)$/.exec(l);
      if (m) files.push({ status: m[1], path: m[2] });
    }
    records.push({ commit, timestamp: new Date(Number(ct) * 1e3).toISOString(), message: subject ?? "", files });
  }
  return records;
}
function stateOf(path) {
  const top = path.split("/")[0];
  return top === MEMORIES_DIR ? "live" : top === TRASH_DIR ? "trash" : top;
}
var HISTORY_TEXT_BUDGET = 8 * 1024 * 1024;
function historyTextBudget(env = process.env) {
  const n = Number(env.MEMORY_HISTORY_TEXT_BUDGET);
  return Number.isInteger(n) && n >= 0 ? n : HISTORY_TEXT_BUDGET;
}
var versionTextCap = (budget) => Math.floor(budget / 4);
function capFileText(file, cap) {
  const end = file.subarray(0, 256 * 1024 + 8).indexOf("\n---", 3);
  let start = end < 0 ? 0 : end + 4;
  if (file[start] === 13) start++;
  if (file[start] === 10) start++;
  const text = file.subarray(start);
  const hash = createHash("sha1").update(text).digest("hex");
  if (text.length <= cap) return { file, bytes: null, hash };
  return { file: file.subarray(0, start + utf8Cut(text, cap)), bytes: text.length, hash };
}
function utf8Cut(bytes, max) {
  let cut = Math.min(max, bytes.length);
  while (cut > 0 && cut < bytes.length && (bytes[cut] & 192) === 128) cut--;
  return cut;
}
function capText(v, cap) {
  if (v.content === null || v.content.length <= cap / 4 || Buffer.byteLength(v.content, "utf8") <= cap) return v;
  const bytes = Buffer.from(v.content, "utf8");
  return { ...v, content: bytes.subarray(0, utf8Cut(bytes, cap)).toString("utf8"), contentBytes: v.contentBytes ?? bytes.length };
}
function spendTextBudget(newestFirst, budget) {
  let left = budget;
  return newestFirst.map((v) => {
    if (v.content === null) return v;
    const size = Buffer.byteLength(v.content, "utf8");
    if (size <= left) {
      left -= size;
      return v;
    }
    const all = Buffer.from(v.content, "utf8");
    const kept = all.subarray(0, utf8Cut(all, left)).toString("utf8");
    left = 0;
    return { ...v, content: kept, contentBytes: v.contentBytes ?? size };
  });
}
function eventFor(prev, now, everLive) {
  if (now === "gone") return prev === "trash" ? "purged" : "removed";
  if (now === "live") return prev === null || prev === "gone" ? everLive ? "restored" : "stored" : prev === "live" ? "updated" : "restored";
  if (now === "trash") return prev === "trash" ? "changed" : "deleted";
  return prev === now ? "changed" : "moved";
}
function historySpecs(store, id, lookup) {
  const rels = /* @__PURE__ */ new Set();
  if (idTime(id) !== null) rels.add(pathFor(id, "").slice(MEMORIES_DIR.length + 1));
  const tops = /* @__PURE__ */ new Set([MEMORIES_DIR, TRASH_DIR, ARCHIVE_DIR]);
  const tip = store.tip();
  if (tip) {
    for (const e of store.git.readTree(store.git.readCommit(tip).tree)) if (isTreeMode(e.mode)) tops.add(e.name);
    const live = findLive(store, id, tip, lookup);
    for (const p of [live?.path, ...listTrash(store, tip).filter((t) => t.id === id).map((t) => t.path)]) {
      if (p && p.includes("/")) rels.add(p.slice(p.indexOf("/") + 1));
    }
  }
  if (!rels.size) return null;
  const specs = [];
  for (const top of tops) for (const rel of rels) specs.push(`:(literal)${top}/${rel}`);
  return specs;
}
function versionsOf(store, id, cap = Infinity, lookup = null) {
  assertId(id);
  const specs = historySpecs(store, id, lookup) ?? [`:(glob)**/${id}.md`];
  const records = logPaths(store, specs, { nameStatus: true }).reverse();
  const out = [];
  let prev = null;
  let prevMemory = null;
  let prevHash = "";
  let everLive = false;
  for (const r of records) {
    const present = r.files.filter((f) => f.status !== "D");
    const pick = present.find((f) => stateOf(f.path) === "live") ?? present[0];
    let v;
    if (!pick) {
      const gone = r.files[0]?.path ?? "";
      v = { version: null, commit: r.commit, timestamp: r.timestamp, content: null, event: eventFor(prev, "gone", everLive), state: "gone", path: gone, message: r.message, text: null };
    } else {
      const state = stateOf(pick.path);
      let text = null;
      let content = null;
      let version = null;
      let unreadable;
      let extra = {};
      try {
        const entry = store.git.entryAt(store.git.readCommit(r.commit).tree, pick.path);
        if (entry) {
          const capped = capFileText(store.git.readBlob(entry.oid), cap);
          text = blobText(capped.file, `${pick.path} at ${r.commit.slice(0, 7)}`, (w) => store.warn(w));
          const m = memoryFromFile(pick.path, text);
          content = m.content;
          const n = Number(m.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
          extra = { tags: m.tags, ...capped.bytes !== null ? { contentBytes: capped.bytes } : {} };
          if (prevMemory) {
            const was = prevMemory;
            const fields = ["content", "tags", "category", "priority", "scope"].filter((f) => f === "content" ? prevHash !== capped.hash : JSON.stringify(was[f] ?? null) !== JSON.stringify(m[f] ?? null));
            extra.changed = fields;
          }
          prevMemory = m;
          prevHash = capped.hash;
        }
      } catch (err) {
        unreadable = err.message;
        store.warn(`${pick.path} at ${r.commit.slice(0, 7)}: ${unreadable}`);
      }
      v = { version, commit: r.commit, timestamp: r.timestamp, content, event: eventFor(prev, state, everLive), state, path: pick.path, message: r.message, text, ...extra };
      if (unreadable !== void 0) v.unreadable = unreadable;
      if (state === "live") everLive = true;
    }
    prev = v.state;
    out.push(v);
  }
  return out;
}
async function memoryHistory(store, id) {
  const budget = historyTextBudget();
  const all = versionsOf(store, id, versionTextCap(budget), await idLookupFor(store, id));
  if (!all.length) throw new NotFoundError(id, "memory in git history");
  return { success: true, id, versions: spendTextBudget(all.reverse().map(({ text: _t, ...v }) => v), budget) };
}
function lastKnownFile(store, id, lookup = null) {
  const all = versionsOf(store, id, Infinity, lookup);
  for (let i = all.length - 1; i >= 0; i--) {
    const v = all[i];
    if (v.text === null) continue;
    const rest = v.path.slice(v.path.indexOf("/"));
    return { livePath: v.state === "live" ? v.path : MEMORIES_DIR + rest, text: v.text };
  }
  return null;
}
async function getAt(store, id, at) {
  assertId(id);
  const atStr = String(at ?? "").trim();
  const asVersion = /^v?(\d{1,6})$/i.exec(atStr);
  if (asVersion) {
    const n = Number(asVersion[1]);
    const all = versionsOf(store, id, Infinity, await idLookupFor(store, id)).filter((v2) => v2.version === n && v2.text !== null);
    if (!all.length) throw new NotFoundError(`${id} version ${n}`, "memory version");
    const v = [...all].reverse().find((x) => x.state === "live") ?? all[all.length - 1];
    return resultFrom(v.path, v.text, v.commit, v.state);
  }
  const commit = resolveCommit(store, atStr);
  const tree = store.git.readCommit(commit).tree;
  const candidates = [];
  if (idTime(id) !== null) {
    const live = pathFor(id, "");
    candidates.push(live, trashPathFor(live));
  }
  for (const p of candidates) {
    const e = store.git.entryAt(tree, p);
    if (e) return resultFrom(p, store.git.readBlob(e.oid).toString("utf8"), commit, stateOf(p));
  }
  for (const v of versionsOf(store, id, Infinity, await idLookupFor(store, id))) {
    if (!v.path) continue;
    const e = store.git.entryAt(tree, v.path);
    if (e) return resultFrom(v.path, store.git.readBlob(e.oid).toString("utf8"), commit, stateOf(v.path));
  }
  throw new NotFoundError(`${id} at ${commit.slice(0, 12)}`, "memory");
}
function resultFrom(path, text, commit, state) {
  const livePath = state === "live" ? path : MEMORIES_DIR + path.slice(path.indexOf("/"));
  const m = memoryFromFile(livePath, text);
  const out = { success: true, memory: publicMemory(m), commit, state };
  if (typeof m.extra.deleted_at === "string") out.deleted_at = m.extra.deleted_at;
  return out;
}

export {
  gitCli,
  gitCliAsync,
  resolveCommit,
  logPaths,
  HISTORY_TEXT_BUDGET,
  historyTextBudget,
  versionTextCap,
  capFileText,
  utf8Cut,
  capText,
  spendTextBudget,
  memoryHistory,
  lastKnownFile,
  getAt
};
