import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  FOLD_AT_PENDING,
  PENDING_NAMESPACE,
  buildPending,
  burstInProgress,
  newPendingRef,
  ownPendingRefs,
  pendingPrefix,
  pendingStatus,
  readPending,
  recentForeignTip,
  rememberOwnPending,
  writePendingStatus
} from "./chunk-OWH23NUR.js";
import {
  filterGiven
} from "./chunk-WJ3QJCL3.js";
import {
  listRefs,
  readEffectiveConfig
} from "./chunk-GTAEP7NI.js";
import {
  runGit,
  runGitSync
} from "./chunk-2QD6CEEN.js";
import "./chunk-E3OSZJLW.js";
import "./chunk-Z5YN2S7E.js";
import {
  diffFiles,
  isRegularFile
} from "./chunk-OQDIJSBS.js";
import {
  parseTime
} from "./chunk-EYKMHHKG.js";
import {
  parseFile
} from "./chunk-VIW2RCAO.js";
import {
  badTreeName,
  isRegularFileAt,
  isTreeMode,
  isTreeModeAt,
  scanTree,
  signature
} from "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import {
  idFromPath,
  isValidId
} from "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  ConflictError,
  InvalidInputError,
  InvalidTreeNameError,
  PermissionDeniedError,
  PushRejectedError,
  RefMovedError,
  RemoteUnreachableError,
  SyncFailedError,
  TooManyDeletesError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/sync/history.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
var LIMIT = 2e4;
function shallowRoots(git) {
  try {
    return new Set(readFileSync(join(git.location.commonDir, "shallow"), "utf8").split("\n").filter((l) => /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(l)));
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function parents(git, oid, shallow) {
  if (shallow.has(oid)) return [];
  try {
    return git.readCommit(oid).parents;
  } catch {
    return void 0;
  }
}
function linearMergeBase(git, a, b) {
  const shallow = shallowRoots(git);
  const seenA = /* @__PURE__ */ new Set();
  const seenB = /* @__PURE__ */ new Set();
  let x = a;
  let y = b;
  for (let i = 0; i < LIMIT && (x || y); i++) {
    if (x) {
      if (seenB.has(x)) return x;
      seenA.add(x);
      const p = parents(git, x, shallow);
      if (!p || p.length > 1) return void 0;
      x = p[0] ?? null;
    }
    if (y) {
      if (seenA.has(y)) return y;
      seenB.add(y);
      const p = parents(git, y, shallow);
      if (!p || p.length > 1) return void 0;
      y = p[0] ?? null;
    }
  }
  return x || y ? void 0 : null;
}
function linearChain(git, base, tip) {
  const shallow = shallowRoots(git);
  const out = [];
  let cur = tip;
  while (cur && cur !== base) {
    if (out.length >= LIMIT) return void 0;
    out.push(cur);
    const p = parents(git, cur, shallow);
    if (!p || p.length > 1) return void 0;
    cur = p[0] ?? null;
  }
  if (base && cur !== base) return void 0;
  return out.reverse();
}

// src/sync/context.ts
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { resolve } from "node:path";

// src/sync/combine.ts
function changedFiles(git, a, b) {
  const out = /* @__PURE__ */ new Map();
  for (const c of diffFiles((t) => git.readTree(t), a, b)) out.set(c.path, c.newOid);
  return out;
}
function countMemoryFiles(git, tree, cap = Infinity) {
  const top = tree ? git.entryAt(tree, "memories") : null;
  if (!top || !isTreeMode(top.mode)) return 0;
  let budget = cap;
  const spend = (n) => {
    budget -= n;
    if (budget < 0) throw CAP_REACHED;
  };
  const counted = /* @__PURE__ */ new Map();
  const walk = (oid) => {
    const known = counted.get(oid);
    if (known !== void 0) {
      spend(known);
      return known;
    }
    const data = git.objects.read(oid, "tree").data;
    let n = 0;
    scanTree(data, oid, (at, sp, nul) => {
      if (isTreeModeAt(data, at, sp)) n += walk(data.toString("hex", nul + 1, nul + 21));
      else if (isRegularFileAt(data, at, sp)) {
        n++;
        spend(1);
      }
    });
    counted.set(oid, n);
    return n;
  };
  try {
    return walk(top.oid);
  } catch (e) {
    if (e === CAP_REACHED) return cap;
    throw e;
  }
}
var CAP_REACHED = /* @__PURE__ */ Symbol("cap reached");
var MEMORY_COUNT_TRAILER = "Memory-Count";
var COUNT_LINE = /^Memory-Count:[ \t]*(.*)$/i;
var MAX_MESSAGE_SCAN = 64 * 1024;
function parseMemoryCount(message) {
  const text = message.length > MAX_MESSAGE_SCAN ? message.slice(-MAX_MESSAGE_SCAN) : message;
  const paragraphs = text.trimEnd().split(/\n[ \t]*\n/);
  const last = paragraphs[paragraphs.length - 1] ?? "";
  const values = last.split("\n").map((l) => COUNT_LINE.exec(l)).filter((m) => !!m).map((m) => m[1]);
  if (values.length !== 1 || !/^(0|[1-9][0-9]{0,9})$/.test(values[0])) return null;
  return Number(values[0]);
}
function claimedCount(git, tip, depth = 4) {
  let c = tip;
  for (let i = 0; c && i < depth; i++) {
    let info;
    try {
      info = git.readCommit(c);
    } catch {
      return null;
    }
    const n = parseMemoryCount(info.message);
    if (n !== null) return n;
    c = info.parents[0];
  }
  return null;
}
function withMemoryCount(message, count) {
  const trimmed = message.trimEnd();
  let cut = -1;
  for (const m of trimmed.matchAll(/\n[ \t]*\n/g)) cut = (m.index ?? 0) + m[0].length;
  let out = trimmed;
  let inTrailers = false;
  if (cut >= 0) {
    const last = trimmed.slice(cut).split("\n").filter((l) => !COUNT_LINE.test(l));
    inTrailers = last.length > 0 && last.every((l) => /^[A-Za-z0-9-]+: /.test(l));
    out = last.length ? trimmed.slice(0, cut) + last.join("\n") : trimmed.slice(0, cut).trimEnd();
  }
  return `${out}${inTrailers ? "\n" : "\n\n"}${MEMORY_COUNT_TRAILER}: ${Math.max(0, Math.round(count))}
`;
}
function countDelta(git, tree, changes) {
  let n = 0;
  for (const [p, oid] of changes) {
    if (!p.startsWith("memories/")) continue;
    const e = git.entryAt(tree, p);
    const before = !!e && isRegularFile(e.mode);
    if (before !== (oid !== null)) n += before ? -1 : 1;
  }
  return n;
}
function filesAt(git, tree, paths) {
  const out = /* @__PURE__ */ new Map();
  for (const p of paths) {
    const e = git.entryAt(tree, p);
    if (e && isRegularFile(e.mode)) out.set(p, e.oid);
  }
  return out;
}
function isoOrEmpty(v) {
  const t = typeof v === "string" ? parseTime(v) : v instanceof Date ? v.getTime() : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : "";
}
function versionKey(git, path, oid) {
  if (!path.endsWith(".md")) return { time: "", id: null };
  try {
    const { data } = parseFile(git.readBlob(oid).toString("utf8"));
    return { time: isoOrEmpty(data.updated) || isoOrEmpty(data.timestamp), id: isValidId(data.id) ? data.id : null };
  } catch {
    return { time: "", id: null };
  }
}
function pathId(path) {
  if (!path.startsWith("memories/") || !path.endsWith(".md")) return null;
  const name = path.slice(path.lastIndexOf("/") + 1, -3);
  return isValidId(name) ? name : idFromPath(path);
}
function resolvePath(git, path, local, remote) {
  if (local === null || remote === null) {
    const kept = local === null ? "remote" : "local";
    const oid = local ?? remote;
    return {
      path,
      id: versionKey(git, path, oid).id ?? pathId(path),
      kind: local === null ? "deleted-locally" : "deleted-remotely",
      kept,
      local,
      remote,
      reason: `deleted on the ${kept === "local" ? "remote" : "local"} side, changed on the ${kept} side: the change is kept`
    };
  }
  const l = versionKey(git, path, local);
  const r = versionKey(git, path, remote);
  const untimed = !l.time && !r.time;
  const localWins = l.time !== r.time ? l.time > r.time : !untimed && local > remote;
  const win = localWins ? l : r;
  const lose = localWins ? r : l;
  return {
    path,
    id: l.id ?? r.id ?? pathId(path),
    kind: "both-changed",
    kept: localWins ? "local" : "remote",
    local,
    remote,
    reason: untimed ? "no update time in either version: the published (remote) one is kept" : win.time !== lose.time ? `later update (${win.time || "?"} over ${lose.time || "?"})` : "same update time: larger blob id"
  };
}
function asEntries(changes) {
  return changes;
}
function combine(git, input) {
  const treeOf2 = (c) => git.readCommit(c).tree;
  const baseTree = input.base ? treeOf2(input.base) : null;
  const remoteTree = treeOf2(input.remote);
  const localDiff = changedFiles(git, baseTree, treeOf2(input.local));
  const remoteDiff = baseTree ? changedFiles(git, baseTree, remoteTree) : filesAt(git, remoteTree, localDiff.keys());
  const received = baseTree ? [...remoteDiff.keys()].filter((p) => p.startsWith("memories/")).length : input.uncounted ? null : countMemoryFiles(git, remoteTree);
  const target = new Map(localDiff);
  const conflicts = [];
  for (const [path, l] of localDiff) {
    if (!remoteDiff.has(path)) continue;
    const r = remoteDiff.get(path);
    if (l === r) continue;
    const c = resolvePath(git, path, l, r);
    conflicts.push(c);
    target.set(path, c.kept === "local" ? l : r);
  }
  for (const [p, v] of [...target]) {
    const onRemote = remoteDiff.has(p) ? remoteDiff.get(p) : void 0;
    if (onRemote !== void 0 && onRemote === v) target.delete(p);
  }
  const targetTree = target.size ? git.writeTree(remoteTree, asEntries(target)) : remoteTree;
  let count = !baseTree && received !== null ? received : claimedCount(git, input.remote);
  if (count !== null && input.checkClaimFrom !== void 0 && count >= input.checkClaimFrom) {
    try {
      const seen = countMemoryFiles(git, remoteTree, input.checkClaimFrom);
      if (seen < input.checkClaimFrom) count = seen;
    } catch {
    }
  }
  const sized = (message, tree, changes) => {
    if (count === null) return message;
    count += countDelta(git, tree, changes);
    return withMemoryCount(message, count);
  };
  const committer = signature(input.committer, input.when);
  let tip = input.remote;
  let tipTree = remoteTree;
  let replayed = 0;
  for (const c of input.chain) {
    const info = git.readCommit(c);
    let parentTree;
    try {
      parentTree = info.parents.length ? treeOf2(info.parents[0]) : null;
    } catch {
      parentTree = baseTree;
    }
    const d = changedFiles(git, parentTree, info.tree);
    if (!d.size) continue;
    const next = git.writeTree(tipTree, asEntries(d));
    if (next === tipTree) continue;
    tip = git.writeCommit({ tree: next, parents: [tip], author: info.author, committer, message: sized(info.message, tipTree, d) });
    tipTree = next;
    replayed++;
  }
  if (tipTree !== targetTree) {
    const lines = conflicts.map((c) => `Conflict: ${c.id ?? c.path} kept ${c.kept} version (${c.kind}; ${c.reason})`);
    const ids = [...new Set(conflicts.map((c) => c.id).filter((x) => !!x))].map((i) => `Memory-Id: ${i}`);
    const subject = conflicts.length ? `memory: sync with ${input.remoteName}: resolve ${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}` : `memory: sync with ${input.remoteName}: keep changes made on both sides`;
    const body = [...lines, ...lines.length && ids.length ? [""] : [], ...ids].join("\n");
    tip = git.writeCommit({ tree: targetTree, parents: [tip], author: committer, committer, message: sized(body ? `${subject}

${body}
` : `${subject}
`, tipTree, changedFiles(git, tipTree, targetTree)) });
  }
  return { tip, replayed, received, conflicts };
}

// src/sync/git-cli.ts
var DEFAULT_TIMEOUT_MS = 12e4;
async function runGit2(target, args, opts = {}) {
  try {
    const r = await runGit(target, args, { timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, allowFailure: true });
    return { code: r.status, stdout: r.stdout.toString("utf8"), stderr: r.stderr, timedOut: !!r.timedOut };
  } catch (err) {
    return { code: -1, stdout: "", stderr: `could not run git: ${err.message}`, timedOut: false };
  }
}
var PERMISSION = [
  /permission denied/i,
  /permission to .* denied/i,
  /authentication failed/i,
  /could not read (username|password)/i,
  /terminal prompts disabled/i,
  /returned error: 40[13]/i,
  /\b403\b.*forbidden/i,
  /access denied/i,
  /not authorized/i,
  /insufficient permission/i,
  /write access to repository not granted/i
];
var UNREACHABLE = [
  /could not resolve host/i,
  /could not resolve hostname/i,
  /connection refused/i,
  /connection timed out/i,
  /operation timed out/i,
  /network is unreachable/i,
  /no route to host/i,
  /failed to connect/i,
  /couldn't connect/i,
  /unable to access/i,
  /does not appear to be a git repository/i,
  /could not read from remote repository/i,
  /repository .*not found/i,
  /not a git repository/i,
  /no such file or directory/i,
  /host key verification failed/i,
  /the remote end hung up/i
];
function classifyGitFailure(stderr, timedOut = false) {
  if (timedOut) return "REMOTE_UNREACHABLE";
  if (PERMISSION.some((r) => r.test(stderr))) return "PERMISSION_DENIED";
  if (UNREACHABLE.some((r) => r.test(stderr))) return "REMOTE_UNREACHABLE";
  return "SYNC_FAILED";
}
var FAILURE = { REMOTE_UNREACHABLE: RemoteUnreachableError, PERMISSION_DENIED: PermissionDeniedError, SYNC_FAILED: SyncFailedError };
var HINT = {
  REMOTE_UNREACHABLE: 'check the remote name/URL ("git remote -v") and the network; local memories are unchanged',
  PERMISSION_DENIED: 'check the credentials git uses for this remote (in GitHub Actions: "permissions: contents: write"); local memories are unchanged',
  SYNC_FAILED: "local memories are unchanged"
};
function redact(text) {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1***@");
}
function gitMessage(stderr) {
  const lines = redact(stderr).split("\n").map((l) => l.trim()).filter((l) => l && !/^hint:/i.test(l));
  return lines.slice(-3).join(" / ") || "no message from git";
}
function gitFailure(what, run, data = {}) {
  const code = classifyGitFailure(run.stderr, run.timedOut);
  const detail = run.timedOut ? "timed out" : gitMessage(run.stderr);
  return new FAILURE[code](`${what} failed: ${detail} (${HINT[code]})`, { ...data, exitCode: run.code, git: redact(run.stderr.trim().slice(-2e3)) });
}
var REMOTE_MESSAGE_MAX = 600;
function remoteMessage(stderr) {
  const lines = redact(stderr).split(/\r?\n|\r/).filter((l) => /^remote:/.test(l)).map(
    (l) => l.slice(7).replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, "").replace(/[\x00-\x1f\x7f-\x9f]/g, "").trim()
  ).filter((l) => l && !/^-+$/.test(l));
  const text = lines.join(" / ");
  return text.length > REMOTE_MESSAGE_MAX ? text.slice(0, REMOTE_MESSAGE_MAX - 1) + "\u2026" : text;
}

// src/sync/context.ts
function report(ctx, phase) {
  try {
    ctx.onProgress?.({ phase, remote: ctx.remoteName });
  } catch {
  }
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
var FIRST_FETCH_DEPTH = 4;
function context(store, opts) {
  const remote = (opts.remote || process.env.MEMORY_REMOTE || "origin").trim();
  if (!remote || remote.startsWith("-") || /[\0\n]/.test(remote)) {
    throw new InvalidInputError(`invalid remote: ${JSON.stringify(remote)}`, { field: "remote" });
  }
  const loc = store.git.location;
  const cwd = loc.root;
  const configured = /^[A-Za-z0-9._-]+$/.test(remote) && readEffectiveConfig(loc).has(`remote.${remote}.url`);
  let trackingRef;
  let key;
  if (configured) {
    trackingRef = `refs/remotes/${remote}/${store.branch}`;
    key = remote;
  } else if (remote.includes(":") || remote.includes("/") || existsSync(resolve(cwd, remote))) {
    key = createHash("sha1").update(remote).digest("hex").slice(0, 12);
    trackingRef = `refs/git-memory/remotes/${key}/${store.branch}`;
  } else {
    throw new RemoteUnreachableError(`no remote named "${remote}" in this repository`, { remote, next: "remote" });
  }
  return {
    store,
    cwd,
    target: store.git.target,
    commonDir: loc.commonDir,
    remoteArg: remote,
    remoteName: redact(remote),
    trackingRef,
    named: configured,
    markRef: `refs/git-memory/shared/${key}/${store.branch}`,
    branch: store.branch,
    branchRef: `refs/heads/${store.branch}`,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    onProgress: opts.onProgress
  };
}
function retriesFrom(store, opts) {
  const raw = opts.retries ?? (process.env.MEMORY_SYNC_RETRIES ? Number(process.env.MEMORY_SYNC_RETRIES) : store.config().sync?.retries ?? 20);
  if (!Number.isInteger(raw) || raw < 0) throw new InvalidInputError(`retries must be a non-negative integer, got ${JSON.stringify(raw)}`, { field: "retries" });
  return raw;
}
function modeFrom(opts) {
  const raw = opts.mode ?? (process.env.MEMORY_SYNC_MODE || "pending");
  if (raw !== "pending" && raw !== "branch") throw new InvalidInputError(`sync mode must be "pending" or "branch", got ${JSON.stringify(String(raw).slice(0, 40))}`, { field: "mode" });
  return raw;
}
function backoff(attempt) {
  return 10 + Math.random() * Math.min(1500, 40 * 2 ** attempt);
}
async function setRef(ctx, ref, oid, message) {
  for (let i = 0; i < 5; i++) {
    const cur = ctx.store.git.resolve(ref);
    if (cur === oid) return;
    try {
      await ctx.store.git.refs.compareAndSwap(ref, cur, oid, { who: ctx.store.identity(), message });
      return;
    } catch (err) {
      if (!(err instanceof RefMovedError)) return;
    }
  }
}
async function deleteRefsUnder(ctx, prefix) {
  await ctx.store.git.refs.deleteUnder(prefix);
}
function result(ctx, mode, r) {
  return {
    success: true,
    remote: ctx.remoteName,
    branch: ctx.branch,
    mode,
    tip: null,
    remoteTip: null,
    pulled: false,
    pushed: false,
    created: false,
    received: 0,
    sent: 0,
    replayed: 0,
    conflicts: [],
    retries: 0,
    pending: 0,
    folded: 0,
    pendingRef: null,
    pendingRemote: null,
    refused: [],
    ...r
  };
}
function treeOf(ctx, c) {
  return c ? ctx.store.git.readCommit(c).tree : null;
}

// src/sync/fetch.ts
import { existsSync as existsSync2 } from "node:fs";
import { randomBytes } from "node:crypto";
import { join as join3 } from "node:path";

// src/git/config.ts
import { closeSync, openSync, readFileSync as readFileSync2, renameSync, rmSync, writeSync } from "node:fs";
import { join as join2 } from "node:path";
async function setConfigValue(target, commonDir, section, subsection, key, value) {
  if (addConfigLine(commonDir, section, subsection, key, value)) return true;
  return (await runGit(target, ["config", `${section}.${subsection}.${key}`, value], { allowFailure: true })).status === 0;
}
function addConfigLine(commonDir, section, subsection, key, value) {
  const file = join2(commonDir, "config");
  const lock = `${file}.lock`;
  let fd;
  try {
    fd = openSync(lock, "wx", 420);
  } catch {
    return false;
  }
  let renamed = false;
  try {
    const text = readFileSync2(file, "utf8");
    const lines = text.split("\n");
    const header = `[${section} "${subsection}"]`;
    const keyLine = new RegExp(`^\\s*${key.replace(/[^\w]/g, "\\$&")}\\s*(=|$)`, "i");
    let inSection = false;
    const heads = [];
    let already = false;
    lines.forEach((l, i) => {
      const t = l.trim();
      if (t.startsWith("[")) {
        inSection = t === header;
        if (inSection) heads.push(i);
      } else if (inSection && keyLine.test(l)) already = true;
    });
    if (heads.length !== 1 || already) return false;
    lines.splice(heads[0] + 1, 0, `	${key} = ${value}`);
    writeSync(fd, lines.join("\n"));
    closeSync(fd);
    fd = -1;
    renameSync(lock, file);
    renamed = true;
    return true;
  } catch {
    return false;
  } finally {
    if (fd >= 0) closeSync(fd);
    if (!renamed) rmSync(lock, { force: true });
  }
}

// src/sync/guard.ts
var PLAIN_BYTE = new Uint8Array(256);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") PLAIN_BYTE[c.charCodeAt(0)] = 1;
function shown(s) {
  const t = s.length > 80 ? s.slice(0, 80) + "\u2026" : s;
  return JSON.stringify(t).replace(/[\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}
function findBadName(git, old, tree, opts = {}) {
  const absent = (oid) => opts.onlyPresent === true && !git.objects.has(oid);
  const clean = /* @__PURE__ */ new Set();
  const fresh = (y, base) => {
    if (clean.has(y) || absent(y)) return null;
    const data = git.objects.read(y, "tree").data;
    let found = null;
    scanTree(data, y, (at, sp, nul) => {
      let plain = nul > sp + 1 && data[sp + 1] !== 46 && data[sp + 1] !== 45;
      for (let i = sp + 1; plain && i < nul; i++) plain = PLAIN_BYTE[data[i]] === 1;
      const name = plain && !isTreeModeAt(data, at, sp) ? null : data.toString("utf8", sp + 1, nul);
      const why = plain || name === null ? null : badTreeName(name);
      if (why) found = { path: base ? `${base}/${name}` : name, reason: why };
      else if (name !== null && isTreeModeAt(data, at, sp)) found = fresh(data.toString("hex", nul + 1, nul + 21), base ? `${base}/${name}` : name);
      return found !== null;
    });
    if (!found) clean.add(y);
    return found;
  };
  const walk = (x, y, base) => {
    if (!y || x === y || absent(y)) return null;
    if (!x || absent(x)) return fresh(y, base);
    const xs = new Map(x ? git.readTree(x).map((e) => [e.name, e]) : []);
    for (const e of git.readTree(y)) {
      const before = xs.get(e.name);
      if (before && before.oid === e.oid && before.mode === e.mode) continue;
      const why = badTreeName(e.name);
      if (why) return { path: base ? `${base}/${e.name}` : e.name, reason: why };
      if (isTreeMode(e.mode)) {
        const r = walk(before && isTreeMode(before.mode) ? before.oid : null, e.oid, base ? `${base}/${e.name}` : e.name);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(old, tree, "");
}
function assertValidNames(git, old, tree, what, data, opts = {}) {
  const bad = findBadName(git, old, tree, opts);
  if (bad) throw invalidName(bad, what, data);
}
function treeNameCheck(what, data) {
  return (oid, raw) => {
    let bad = null;
    scanTree(raw, oid, (_at, sp, nul) => {
      let plain = nul > sp + 1 && raw[sp + 1] !== 46 && raw[sp + 1] !== 45;
      for (let i = sp + 1; plain && i < nul; i++) plain = PLAIN_BYTE[raw[i]] === 1;
      if (plain) return false;
      const name = raw.toString("utf8", sp + 1, nul);
      const why = badTreeName(name);
      if (why) bad = { path: `${name} (in tree ${oid.slice(0, 12)})`, reason: why };
      return bad !== null;
    });
    if (bad) throw invalidName(bad, what, data);
  };
}
function invalidName(bad, what, data) {
  return new InvalidTreeNameError(
    `${what} holds a file or folder git refuses (${bad.reason} at ${shown(bad.path)}): it is not taken into the local branch and nothing was written; the rest of the memories stay readable. Remove that entry on the remote (or delete the pending ref) and sync again.`,
    { ...data, path: shown(bad.path).slice(1, -1), reason: bad.reason }
  );
}
function deletedFiles(git, before, after) {
  const out = [];
  const walk = (x, y, base) => {
    if (x === y) return;
    const ys = new Map((y ? git.readTree(y) : []).map((e) => [e.name, e]));
    for (const e of git.readTree(x)) {
      const p = base ? `${base}/${e.name}` : e.name;
      const other = ys.get(e.name);
      if (isTreeMode(e.mode)) walk(e.oid, other && isTreeMode(other.mode) ? other.oid : null, p);
      else if (isRegularFile(e.mode) && !(other && isRegularFile(other.mode))) out.push(p);
    }
  };
  if (before) walk(before, after, "");
  return out;
}
var DEFAULT_MAX_DELETE_RATIO = 0.5;
var MIN_GUARDED_DELETES = 2;
function memoryPaths(git, tree) {
  const out = /* @__PURE__ */ new Set();
  if (!tree) return out;
  for (const [p] of changedFiles(git, null, tree)) if (isMemoryPath(p)) out.add(p);
  return out;
}
var isMemoryPath = (p) => p.startsWith("memories/") && p.endsWith(".md");
async function assertDeleteBound(git, before, after, ownDeletions, ratio, data, stillPending = () => false) {
  if (ratio >= 1) return;
  const gone = /* @__PURE__ */ new Set();
  for (const t of before) {
    if (!t || t === after) continue;
    for (const p of deletedFiles(git, t, after)) if (isMemoryPath(p)) gone.add(p);
  }
  if (gone.size <= MIN_GUARDED_DELETES) return;
  for (const p of [...gone]) {
    const rel = p.slice("memories/".length);
    if (after && (git.entryAt(after, `trash/${rel}`) || git.entryAt(after, `archive/${rel}`))) gone.delete(p);
  }
  if (gone.size <= MIN_GUARDED_DELETES) return;
  for (const p of [...gone]) if (stillPending(p)) gone.delete(p);
  if (gone.size <= MIN_GUARDED_DELETES) return;
  for (const p of await ownDeletions()) gone.delete(p);
  if (gone.size <= MIN_GUARDED_DELETES) return;
  const had = /* @__PURE__ */ new Set();
  for (const t of before) for (const p of memoryPaths(git, t)) had.add(p);
  const deleted = gone.size;
  if (deleted <= ratio * had.size) return;
  throw new TooManyDeletesError(
    `this sync would remove ${deleted} of ${had.size} memories from the branch (not to the trash, and not deleted by this repository) (more than sync.maxDeleteRatio = ${ratio} of the store): nothing was written. If that is intended (someone cleared the store), run it again with MEMORY_SYNC_MAX_DELETE_RATIO=1 in the environment; otherwise remove the pending ref or restore the remote branch.`,
    { ...data, deleted, total: had.size, ratio }
  );
}

// src/sync/fetch.ts
var FETCH_CONFIG = ["-c", "fetch.recurseSubmodules=false", "-c", "maintenance.auto=false", "-c", "gc.auto=0"];
async function fetchSnapshot(ctx, withPending, write = false, treelessOk = false) {
  report(ctx, "fetch");
  const git = ctx.store.git;
  git.refs.deleteStale("refs/git-memory/fetch", 36e5);
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString("hex")}`;
  const shallow = existsSync2(join3(ctx.commonDir, "shallow")) && !git.resolve(ctx.trackingRef);
  const blobless = write && bloblessFetch(ctx, shallow);
  const wasPromisor = blobless && git.partialCloneRemote() === ctx.remoteArg;
  const mode = treelessMode();
  const unchecked = treelessOk && blobless && mode !== "off" ? git.resolve(uncheckedRef(ctx)) : null;
  let treeless = treelessOk && blobless && mode !== "off" && (shallow || !!unchecked);
  const filter = treeless && shallow ? "--filter=tree:0" : blobless ? "--filter=blob:none" : null;
  const args = [
    ...FETCH_CONFIG,
    ...blobless ? asPromisor(ctx.remoteArg) : [],
    "fetch",
    "--quiet",
    "--no-tags",
    "--refmap=",
    ...shallow ? [`--depth=${FIRST_FETCH_DEPTH}`] : [],
    ...filter ? [filter] : [],
    ctx.remoteArg
  ];
  const branchSpec = `+${ctx.branchRef}:${tmp}/branch`;
  const pendingSpec = `+${pendingPrefix(ctx.branch)}*:${tmp}/pending/*`;
  try {
    let run = await runGit2(ctx.target, [...args, branchSpec, ...withPending ? [pendingSpec] : []], { timeoutMs: ctx.timeoutMs });
    if (run.code !== 0 && filter === "--filter=tree:0" && /filter/i.test(run.stderr)) {
      treeless = false;
      args[args.indexOf(filter)] = "--filter=blob:none";
      run = await runGit2(ctx.target, [...args, branchSpec, ...withPending ? [pendingSpec] : []], { timeoutMs: ctx.timeoutMs });
    }
    let noBranch = false;
    if (run.code !== 0 && /couldn't find remote ref/i.test(run.stderr)) {
      noBranch = true;
      const plain = args.filter((a) => !a.startsWith("--depth="));
      run = withPending ? await runGit2(ctx.target, [...plain, pendingSpec], { timeoutMs: ctx.timeoutMs }) : { code: 0, stdout: "", stderr: "", timedOut: false };
    }
    if (run.code !== 0) throw gitFailure(`fetching ${ctx.branch} from ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch });
    const refs = listRefs(ctx.commonDir, `${tmp}/`);
    if (blobless && !wasPromisor && refs.size) await afterFirstBloblessFetch(ctx);
    if (treeless && (noBranch || !git.partialCloneRemote())) treeless = false;
    const tip = noBranch ? null : refs.get(`${tmp}/branch`) ?? null;
    if (!noBranch && !tip) throw new SyncFailedError(`fetching ${ctx.branch} from ${ctx.remoteName} left no ref behind (local memories are unchanged)`, { remote: ctx.remoteName });
    const pending = [];
    for (const [ref, oid] of refs) {
      if (ref.startsWith(`${tmp}/pending/`)) pending.push({ ref: pendingPrefix(ctx.branch) + ref.slice(`${tmp}/pending/`.length), oid });
    }
    pending.sort((a, b) => a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0);
    if (treeless && tip && shallow && mode === "auto" && !bigBranch(git, tip)) treeless = !await fetchTipTrees(ctx, tip, pending);
    if (treeless && tip) await startTreeFetch(ctx, tip);
    if (tip) await setRef(ctx, ctx.trackingRef, tip, `git-memory: fetch ${ctx.branch} from ${ctx.remoteName}`);
    return { tip, pending, blobless };
  } finally {
    await deleteRefsUnder(ctx, `${tmp}/`);
  }
}
async function fetchPendingTrees(ctx, snap) {
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString("hex")}`;
  const depth = existsSync2(join3(ctx.commonDir, "shallow")) ? [`--depth=${FIRST_FETCH_DEPTH}`] : [];
  try {
    const run = await runGit2(
      ctx.target,
      [...FETCH_CONFIG, ...filterGiven(ctx.remoteArg), "fetch", "--quiet", "--no-tags", "--refmap=", ...depth, "--filter=blob:none", ctx.remoteArg, ...snap.pending.map((p, i) => `+${p.ref}:${tmp}/${i}`)],
      { timeoutMs: ctx.timeoutMs }
    );
    void run;
  } finally {
    await deleteRefsUnder(ctx, `${tmp}/`);
  }
}
function treelessMode() {
  const env = process.env.MEMORY_SYNC_TREELESS?.trim().toLowerCase();
  if (env === void 0 || env === "") return "auto";
  if (["1", "true", "yes", "on"].includes(env)) return "on";
  if (["0", "false", "no", "off"].includes(env)) return "off";
  return "auto";
}
var TREELESS_FROM = 1e5;
function bigBranch(git, tip) {
  const n = claimedCount(git, tip, FIRST_FETCH_DEPTH);
  return n !== null && n >= TREELESS_FROM;
}
async function fetchTipTrees(ctx, tip, pending) {
  const git = ctx.store.git;
  const trees = [];
  for (const c of [tip, ...pending.map((p) => p.oid)]) {
    try {
      trees.push(git.readCommit(c).tree);
    } catch {
      return false;
    }
  }
  const run = await runGit2(
    ctx.target,
    [...FETCH_CONFIG, "-c", "fetch.negotiationAlgorithm=noop", ...filterGiven(ctx.remoteArg), "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--filter=blob:none", ctx.remoteArg, ...new Set(trees)],
    { timeoutMs: ctx.timeoutMs }
  );
  return run.code === 0 && git.objects.tryRead(trees[0]) !== null;
}
function uncheckedRef(ctx) {
  return `refs/git-memory/unchecked/${ctx.branch}`;
}
async function startTreeFetch(ctx, tip) {
  const git = ctx.store.git;
  ctx.treeless = true;
  await setRef(ctx, uncheckedRef(ctx), tip, "git-memory: trees not read by a treeless sync");
  if (git.resolve(uncheckedRef(ctx)) !== tip) throw new SyncFailedError(`could not write ${uncheckedRef(ctx)} (local memories are unchanged): check that the repository is writable`, { ref: uncheckedRef(ctx) });
  git.treeFetch = {
    remote: ctx.remoteArg,
    fetches: 0,
    check: treeNameCheck(`the remote ${ctx.branch} (or a pending ref of it)`, { remote: ctx.remoteName, branch: ctx.branch }),
    fallback: () => {
      const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString("hex")}`;
      runGitSync(ctx.target, [...FETCH_CONFIG, ...filterGiven(ctx.remoteArg), "fetch", "--quiet", "--no-tags", "--refmap=", `--depth=${FIRST_FETCH_DEPTH}`, "--filter=blob:none", ctx.remoteArg, `+${ctx.branchRef}:${tmp}`], { allowFailure: true });
      git.refs.deleteSync(tmp);
    }
  };
}
function bloblessFetch(ctx, shallowFirst) {
  const env = process.env.MEMORY_SYNC_BLOBLESS;
  if (env !== void 0 && ["0", "false", "no", "off"].includes(env.trim().toLowerCase())) return false;
  if (!ctx.named) return false;
  return shallowFirst || ctx.store.git.partialCloneRemote() === ctx.remoteArg;
}
function asPromisor(remote) {
  return ["-c", `remote.${remote}.promisor=true`, ...filterGiven(remote)];
}
async function afterFirstBloblessFetch(ctx) {
  const git = ctx.store.git;
  git.forgetPartialClone();
  if (git.partialCloneRemote() === ctx.remoteArg) return;
  await setConfigValue(ctx.target, ctx.commonDir, "remote", ctx.remoteArg, "promisor", "true");
  git.forgetPartialClone();
}

// src/sync/local.ts
async function mergeBase(ctx, a, b) {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== void 0) return fast;
  const run = await runGit2(ctx.target, ["merge-base", a, b]);
  if (run.code === 0) return run.stdout.trim() || null;
  if (run.code === 1 && !run.stderr.trim()) return null;
  throw new SyncFailedError(`git merge-base failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
}
async function isAncestor(ctx, a, b) {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== void 0) return fast === a;
  const run = await runGit2(ctx.target, ["merge-base", "--is-ancestor", a, b]);
  return run.code === 0;
}
async function localChain(ctx, base, tip) {
  const fast = linearChain(ctx.store.git, base, tip);
  if (fast) return fast;
  const run = await runGit2(ctx.target, ["rev-list", "--first-parent", "--reverse", tip, ...base ? [`^${base}`] : []]);
  if (run.code !== 0) throw new SyncFailedError(`git rev-list failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
  return run.stdout.split("\n").filter(Boolean);
}
function countCommits(ctx, from, until, max = 1e5) {
  let n = 0;
  let cur = from;
  while (cur && !(until && cur.startsWith(until)) && n < max) {
    n++;
    try {
      cur = ctx.store.git.readCommit(cur).parents[0] ?? null;
    } catch {
      break;
    }
  }
  return n;
}
function memoryFiles(paths) {
  let n = 0;
  for (const p of paths) if (p.startsWith("memories/")) n++;
  return n;
}
async function plan(ctx, local, remote) {
  report(ctx, "combine");
  const none = { received: 0, replayed: 0, conflicts: [] };
  if (!remote) return { tip: local, ...none };
  const git = ctx.store.git;
  if (!local) return { tip: remote, ...none, received: ctx.treeless ? null : countMemoryFiles(git, git.readCommit(remote).tree) };
  if (local === remote) return { tip: local, ...none };
  const base = await mergeBase(ctx, local, remote);
  if (base === remote) return { tip: local, ...none };
  if (base === local) {
    return { tip: remote, ...none, received: memoryFiles(changedFiles(git, git.readCommit(local).tree, git.readCommit(remote).tree).keys()) };
  }
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM } });
  return { tip: res.tip, received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}
async function moveLocal(ctx, expect, next, keepIfMoved = false) {
  const store = ctx.store;
  let pending = 0;
  const conflicts = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    if (expect === next) return { tip: next, pending, conflicts };
    try {
      await store.git.refs.compareAndSwap(store.ref, expect, next, { who: store.identity(), message: `git-memory: sync with ${ctx.remoteName}` });
      return { tip: next, pending, conflicts };
    } catch (err) {
      if (!(err instanceof RefMovedError)) throw err;
    }
    const now = store.tip();
    if (keepIfMoved && now && expect && attempt === 0) return { tip: now, pending: countCommits(ctx, now, expect), conflicts, kept: true };
    if (!now) {
      expect = null;
      continue;
    }
    const base = expect && await isAncestor(ctx, expect, now) ? expect : await mergeBase(ctx, now, next);
    if (base === now) {
      expect = now;
      continue;
    }
    if (base === next) return { tip: now, pending, conflicts };
    const chain = await localChain(ctx, base, now);
    const res = combine(store.git, { base, local: now, remote: next, chain, remoteName: ctx.remoteName, committer: store.identity(), when: store.now() });
    pending += res.replayed;
    conflicts.push(...res.conflicts);
    expect = now;
    next = res.tip;
    await sleep(Math.random() * 5);
  }
  throw new ConflictError("the local memory branch kept moving during the sync; run it again", { ref: store.ref });
}
async function guardResult(ctx, local, remoteTip, next, pending = []) {
  const git = ctx.store.git;
  const data = { remote: ctx.remoteName, branch: ctx.branch };
  const what = `the remote ${ctx.branch} (or a pending ref of it)`;
  const unchecked = ctx.treeless ? null : git.resolve(uncheckedRef(ctx));
  if (unchecked) {
    assertValidNames(git, null, treeOf(ctx, next ?? local), what, data);
    await git.refs.delete(uncheckedRef(ctx), unchecked);
  }
  if (!next || next === local) return;
  assertValidNames(git, treeOf(ctx, local), treeOf(ctx, next), what, data, { onlyPresent: !!ctx.treeless });
  const ratio = ctx.store.config().sync?.maxDeleteRatio ?? DEFAULT_MAX_DELETE_RATIO;
  await assertDeleteBound(git, [treeOf(ctx, local), treeOf(ctx, remoteTip)], treeOf(ctx, next), async () => {
    const made = await ownSinceShared(ctx, local, remoteTip);
    const own = /* @__PURE__ */ new Set();
    for (const [path, oid] of changedFiles(git, made.baseTree, treeOf(ctx, local))) if (oid === null) own.add(path);
    return own;
  }, ratio, data, addedByPending(ctx, pending));
}
function addedByPending(ctx, pending) {
  const git = ctx.store.git;
  const trees = /* @__PURE__ */ new Map();
  const of = (p) => {
    if (!trees.has(p.oid)) {
      try {
        const pc = readPending(git, p.oid);
        trees.set(p.oid, pc ? { base: treeOf(ctx, pc.base), tip: git.readCommit(p.oid).tree } : null);
      } catch {
        trees.set(p.oid, null);
      }
    }
    return trees.get(p.oid) ?? null;
  };
  return (path) => pending.some((p) => {
    const t = of(p);
    try {
      return !!t && !!git.entryAt(t.tip, path) && !(t.base && git.entryAt(t.base, path));
    } catch {
      return false;
    }
  });
}
async function chainBetween(ctx, base, tip) {
  if (!tip || tip === base) return [];
  return localChain(ctx, base, tip);
}
async function ownSinceShared(ctx, local, remoteTip) {
  if (!local) return { baseTree: null, commits: [] };
  const mark = validMark(ctx, local);
  const common = remoteTip ? await mergeBase(ctx, local, remoteTip) : null;
  const base = !mark ? common : common && common !== mark && linearChain(ctx.store.git, mark, common) ? common : mark;
  if (base === local) return { baseTree: treeOf(ctx, base), commits: [] };
  return { baseTree: treeOf(ctx, base), commits: await chainBetween(ctx, base, local) };
}
function validMark(ctx, local) {
  const mark = ctx.store.git.resolve(ctx.markRef);
  if (!mark || !local) return null;
  if (mark === local) return mark;
  return linearChain(ctx.store.git, mark, local) ? mark : null;
}

// src/sync/push.ts
var MOVED_LOCAL = /fetch first|non-fast-forward|stale info/;
var MOVED_REMOTE = /cannot lock|failed to (update|lock)|incorrect old value|but expected|reference already exists|unable to update|atomic (push|transaction) failed/i;
async function pushRefs(ctx, updates, atomic = true) {
  report(ctx, "push");
  const args = ["push", "--porcelain", "--no-verify", ...atomic ? ["--atomic"] : []];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ""}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ""}:${u.ref}`));
  const run = await runGit2(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, updates[0].ref);
}
async function pushEach(ctx, updates) {
  report(ctx, "push");
  const args = ["push", "--porcelain", "--no-verify"];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ""}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ""}:${u.ref}`));
  const run = await runGit2(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  const lines = /* @__PURE__ */ new Map();
  for (const l of run.stdout.split("\n")) {
    if (!/^[ +\-*!=]\t/.test(l)) continue;
    const [flag, spec = "", summary = ""] = l.split("	");
    lines.set(spec.slice(spec.lastIndexOf(":") + 1), { flag, summary: summary.trim() });
  }
  const status = /* @__PURE__ */ new Map();
  let error = null;
  for (const u of updates) {
    const l = lines.get(u.ref);
    let st;
    if (!l) st = "failed";
    else if (l.flag !== "!") st = "ok";
    else st = /\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary) || /\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary) ? "moved" : "refused";
    status.set(u.ref, st);
    if (st !== "ok" && !error) {
      const o = pushOutcome(ctx, run.code === 0 ? { ...run, code: 1 } : run, u.ref);
      error = o.ok ? null : o.error;
    }
  }
  return { status, error };
}
function pushOutcome(ctx, run, mainRef) {
  const lines = run.stdout.split("\n").filter((l) => /^[ +\-*!=]\t/.test(l)).map((l) => {
    const [flag, spec = "", summary = ""] = l.split("	");
    return { flag, ref: spec.slice(spec.lastIndexOf(":") + 1), summary: summary.trim() };
  });
  const main = lines.find((l) => l.ref === mainRef);
  const data = { remote: ctx.remoteName, branch: ctx.branch };
  if (run.code === 0 && lines.length && !lines.some((l) => l.flag === "!")) {
    const m = main && /^([0-9a-f]{4,40})\.\.\.?[0-9a-f]{4,40}$/.exec(main.summary);
    return { ok: true, created: main?.flag === "*", old: main?.flag === "=" ? "same" : m ? m[1] : null };
  }
  if (/does not support --atomic|atomic push.*not supported/i.test(run.stderr)) {
    return { ok: false, kind: "no-atomic", error: new SyncFailedError(`${ctx.remoteName} cannot update several refs atomically`, data) };
  }
  const rejected = lines.filter((l) => l.flag === "!");
  if (rejected.length) {
    const real = rejected.filter((l) => !/atomic push failed/.test(l.summary));
    const said = remoteMessage(run.stderr);
    const why = (real[0] ?? rejected[0]).summary;
    const moved = real.length ? real.every((l) => /\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary) || /\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary)) : true;
    if (moved) return { ok: false, kind: "moved", error: new PushRejectedError(`the remote ${ctx.branch} moved: ${why}`, { ...data, git: why }) };
    return {
      ok: false,
      kind: "refused",
      error: new PushRejectedError(
        `the remote refused the push of ${ctx.branch}: ${why}${said ? `; the remote said: ${said}` : ""} (a protected branch or a server hook? local memories are unchanged)`,
        { ...data, git: why, remoteMessage: said || null }
      )
    };
  }
  return { ok: false, kind: "failed", error: gitFailure(`pushing ${ctx.branch} to ${ctx.remoteName}`, run, { ...data, remoteMessage: remoteMessage(run.stderr) || null }) };
}
async function pushTip(ctx, oid) {
  report(ctx, "push");
  const run = await runGit2(ctx.target, ["push", "--porcelain", "--no-verify", ctx.remoteArg, `${oid}:${ctx.branchRef}`], { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, ctx.branchRef);
}

// src/sync/branch.ts
async function syncBranch(ctx, maxRetries, rejectedBefore = 0) {
  const store = ctx.store;
  let lastRejection = null;
  let rejected = rejectedBefore;
  const done = async (r) => {
    if (r.remoteTip && r.tip && (r.tip === r.remoteTip || linearChain(store.git, r.remoteTip, r.tip))) await setRef(ctx, ctx.markRef, r.remoteTip, `git-memory: shared with ${ctx.remoteName}`);
    return result(ctx, "branch", r);
  };
  const seen = store.git.resolve(ctx.trackingRef);
  const start = store.tip();
  const ahead = start && seen && start !== seen && !rejectedBefore ? linearChain(store.git, seen, start) : void 0;
  if (start && ahead?.length) {
    const pushed = await pushTip(ctx, start);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, start, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      return done({ tip: store.tip(), remoteTip: start, pushed: true, sent: ahead.length, pending: countCommits(ctx, store.tip(), start) });
    }
    if (pushed.kind !== "moved") throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0 || rejected) await sleep(backoff(Math.max(0, rejected - 1)));
    const remote = (await fetchSnapshot(ctx, false, true)).tip;
    const local = store.tip();
    const p = await plan(ctx, local, remote);
    await guardResult(ctx, local, remote, p.tip);
    if (!p.tip) return done({ retries: rejected });
    if (p.tip === remote) {
      const moved = await moveLocal(ctx, local, remote);
      return done({
        tip: moved.tip,
        remoteTip: remote,
        pulled: local !== remote,
        received: p.received,
        conflicts: [...p.conflicts, ...moved.conflicts],
        retries: rejected,
        pending: moved.pending
      });
    }
    const pushed = await pushTip(ctx, p.tip);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, p.tip, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      const moved = await moveLocal(ctx, local, p.tip);
      return done({
        tip: moved.tip,
        remoteTip: p.tip,
        pulled: p.tip !== local,
        pushed: true,
        created: pushed.created || remote === null,
        received: p.received,
        sent: countCommits(ctx, p.tip, remote),
        replayed: p.replayed,
        conflicts: [...p.conflicts, ...moved.conflicts],
        retries: rejected,
        pending: moved.pending
      });
    }
    if (pushed.kind !== "moved") throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  throw new PushRejectedError(
    `the remote ${ctx.branch} kept moving: other writers pushed first ${rejected} times in a row; local memories are unchanged, run "memory sync" again (or raise --retries)`,
    { remote: ctx.remoteName, branch: ctx.branch, retries: maxRetries, last: lastRejection?.message }
  );
}

// src/sync/union.ts
import { existsSync as existsSync3, readFileSync as readFileSync3 } from "node:fs";
import { randomBytes as randomBytes2 } from "node:crypto";
import { join as join4 } from "node:path";
async function unionOf(ctx, snap) {
  report(ctx, "combine");
  const git = ctx.store.git;
  const chains = /* @__PURE__ */ new Map();
  for (const p of snap.pending) chains.set(p.ref, readPending(git, p.oid));
  const cut = snap.pending.filter((p) => !chains.get(p.ref));
  if (cut.length && existsSync3(join4(ctx.commonDir, "shallow"))) {
    const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes2(4).toString("hex")}`;
    try {
      const run = await runGit2(
        ctx.target,
        [...FETCH_CONFIG, ...snap.blobless ? asPromisor(ctx.remoteArg) : [], "fetch", "--quiet", "--no-tags", "--refmap=", `--depth=${2 ** 30}`, ...snap.blobless ? ["--filter=blob:none"] : [], ctx.remoteArg, ...cut.map((p, i) => `+${p.ref}:${tmp}/${i}`)],
        { timeoutMs: ctx.timeoutMs }
      );
      if (run.code === 0) for (const p of cut) chains.set(p.ref, readPending(git, p.oid));
    } finally {
      await deleteRefsUnder(ctx, `${tmp}/`);
    }
  }
  let tip = snap.tip;
  const folded = [];
  let copies = 0;
  const invalid = [];
  const refused = [];
  const conflicts = [];
  let history;
  for (const p of snap.pending) {
    const pc = chains.get(p.ref);
    if (!pc) {
      invalid.push(p);
      continue;
    }
    const bad = pendingBadName(git, pc, treeOf(ctx, snap.tip));
    if (bad) {
      invalid.push(p);
      refused.push({ ref: p.ref, code: "INVALID_TREE_NAME", path: JSON.stringify(bad.path.slice(0, 200)).slice(1, -1), reason: bad.reason });
      continue;
    }
    if (pc.copyOf && tip && linearChain(git, pc.copyOf, tip)) {
      folded.push(p);
      copies++;
      continue;
    }
    if (history === void 0) history = snap.tip ? replayIndex(ctx, firstParents(ctx, snap.tip, null) ?? []) : null;
    const done = replayedPrefix(ctx, pc.chain, history);
    if (done === pc.chain.length && done > 0) {
      folded.push(p);
      copies++;
      continue;
    }
    if (pc.chain.length) {
      const res = combine(git, {
        base: done ? pc.chain[done - 1] : pc.base,
        local: p.oid,
        // No branch on the remote (deleted by hand?): the first pending ref's base starts it.
        remote: tip ?? pc.base,
        chain: pc.chain.slice(done),
        remoteName: ctx.remoteName,
        committer: ctx.store.identity(),
        when: ctx.store.now()
      });
      tip = res.tip;
      conflicts.push(...res.conflicts);
    }
    folded.push(p);
  }
  return { tip, folded, copies, invalid, refused, conflicts };
}
function pendingBadName(git, pc, branchTree) {
  let prev = git.readCommit(pc.base).tree;
  const first = findBadName(git, branchTree, prev);
  if (first) return first;
  for (const c of pc.chain) {
    const t = git.readCommit(c).tree;
    const bad = findBadName(git, prev, t);
    if (bad) return bad;
    prev = t;
  }
  return null;
}
var PUBLISHED_SCAN = 1e3;
function publishedPrefix(ctx, chain, mark, union) {
  if (!chain.length || union === mark) return 0;
  const line = firstParents(ctx, union, mark);
  return line ? replayedPrefix(ctx, chain, replayIndex(ctx, line)) : 0;
}
function firstParents(ctx, from, stop) {
  const git = ctx.store.git;
  const shallow = shallowCommits(ctx);
  const line = [];
  try {
    for (let c = from; c !== stop; c = git.readCommit(c).parents[0]) {
      if (!c || line.length >= PUBLISHED_SCAN || shallow.has(c)) return stop === null ? line : null;
      line.push(c);
    }
  } catch {
    return stop === null ? line : null;
  }
  return line;
}
function shallowCommits(ctx) {
  try {
    return new Set(readFileSync3(join4(ctx.commonDir, "shallow"), "utf8").split("\n").filter(Boolean));
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
function replayKey(ctx, oid) {
  const c = ctx.store.git.readCommit(oid);
  return `${c.author}\0${c.message.replace(/^Memory-Count:.*$/gim, "").trimEnd()}`;
}
function replayIndex(ctx, history) {
  const byKey = /* @__PURE__ */ new Map();
  try {
    for (const c of history) {
      const k = replayKey(ctx, c);
      const same = byKey.get(k);
      if (same) same.push(c);
      else byKey.set(k, [c]);
    }
  } catch {
    return null;
  }
  return { byKey, changes: /* @__PURE__ */ new Map() };
}
function replayedPrefix(ctx, chain, index) {
  if (!chain.length || !index?.byKey.size) return 0;
  const git = ctx.store.git;
  const changes = (oid) => {
    const known = index.changes.get(oid);
    if (known !== void 0) return known;
    const c = git.readCommit(oid);
    const out = diffFiles((t) => git.readTree(t), c.parents[0] ? treeOf(ctx, c.parents[0]) : null, c.tree).map((f) => `${f.path}=${f.oldOid ?? ""}>${f.newOid ?? ""}`);
    const text = out.sort().join("\n");
    index.changes.set(oid, text);
    return text;
  };
  try {
    let n = 0;
    for (const c of chain) {
      const twins = index.byKey.get(replayKey(ctx, c));
      if (!twins) break;
      const mine = changes(c);
      if (!twins.some((t) => changes(t) === mine)) break;
      n++;
    }
    return n;
  } catch {
    return 0;
  }
}
async function planLocal(ctx, local, union, remoteTip) {
  const git = ctx.store.git;
  const none = { replayed: 0, conflicts: [] };
  const files = (a, b) => a ? memoryFiles(changedFiles(git, treeOf(ctx, a), treeOf(ctx, b)).keys()) : ctx.treeless ? null : countMemoryFiles(git, treeOf(ctx, b));
  if (!local) return { tip: union, union, own: [], received: files(null, union), ...none };
  if (!union) return { tip: local, union, own: await chainBetween(ctx, null, local), received: 0, ...none };
  const mark = validMark(ctx, local);
  if (mark) {
    if (union !== mark && treeOf(ctx, union) === treeOf(ctx, mark) && (!remoteTip || remoteTip === mark || linearChain(git, remoteTip, mark))) union = mark;
    if (mark === local) return { tip: union, union, own: [], received: files(mark, union), ...none };
    if (union === mark) return { tip: local, union, own: await chainBetween(ctx, mark, local), received: 0, ...none };
    let chain2 = await chainBetween(ctx, mark, local);
    const done = publishedPrefix(ctx, chain2, mark, union);
    if (done === chain2.length) return { tip: union, union, own: [], received: files(local, union), ...none };
    const base2 = done ? chain2[done - 1] : mark;
    chain2 = chain2.slice(done);
    const res2 = combine(git, { base: base2, local, remote: union, chain: chain2, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM } });
    return { tip: res2.tip, union, own: await chainBetween(ctx, union, res2.tip), received: res2.received, replayed: res2.replayed, conflicts: res2.conflicts };
  }
  if (local === union) return { tip: local, union, own: [], received: 0, ...none };
  const base = await mergeBase(ctx, local, union);
  if (base === union) return { tip: local, union, own: await chainBetween(ctx, union, local), received: 0, ...none };
  if (base === local) return { tip: union, union, own: [], received: files(local, union), ...none };
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote: union, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM } });
  return { tip: res.tip, union, own: await chainBetween(ctx, union, res.tip), received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}
function recordPending(ctx, count) {
  writePendingStatus(ctx.commonDir, { remote: ctx.remoteName, branch: ctx.branch, count, checkedAt: (/* @__PURE__ */ new Date()).toISOString() });
}
function contended(ctx, snap, seen, now, mine) {
  if (burstInProgress(snap.pending.filter((p) => !mine.has(p.ref)), now)) return true;
  if (!snap.tip || snap.tip === seen) return false;
  let time = null;
  try {
    time = ctx.store.git.readCommit(snap.tip).time * 1e3;
  } catch {
    return false;
  }
  return recentForeignTip(time, snap.tip, seen, now);
}
function appliesAlike(ctx, made, local, tip) {
  if (!made.commits.length || !made.baseTree) return true;
  const git = ctx.store.git;
  const tipTree = treeOf(ctx, tip);
  if (made.baseTree === tipTree) return true;
  try {
    for (const path of changedFiles(git, made.baseTree, treeOf(ctx, local)).keys()) {
      const was = git.entryAt(made.baseTree, path);
      if (!was) continue;
      const now = tipTree ? git.entryAt(tipTree, path) : null;
      if (!now || now.oid !== was.oid || now.mode !== was.mode) return false;
    }
  } catch {
    return false;
  }
  return true;
}
var MAX_COPY_CHECK = 8;
function copiesOnTip(ctx, snap, refs) {
  if (!refs.length) return [];
  if (!snap.tip || refs.length > MAX_COPY_CHECK) return null;
  const git = ctx.store.git;
  for (const p of refs) {
    const pc = readPending(git, p.oid);
    if (!pc || pendingBadName(git, pc, treeOf(ctx, snap.tip))) return null;
    if (!pc.chain.length || pc.copyOf && linearChain(git, pc.copyOf, snap.tip)) continue;
    try {
      const res = combine(git, { base: pc.base, local: p.oid, remote: snap.tip, chain: pc.chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now() });
      if (res.tip !== snap.tip) return null;
    } catch {
      return null;
    }
  }
  return refs;
}

// src/sync/pending-sync.ts
async function syncPending(ctx, maxRetries, fold) {
  const store = ctx.store;
  const git = store.git;
  let rejected = 0;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt - 1));
    const seen = attempt === 0 ? git.resolve(ctx.trackingRef) : null;
    const snap = await fetchSnapshot(ctx, true, true, true);
    const local = store.tip();
    if (!fold && attempt === 0 && snap.pending.length < FOLD_AT_PENDING) {
      const now = Date.now();
      const mine = ownPendingRefs(ctx.commonDir, ctx.remoteName, ctx.branch);
      const burst = contended(ctx, snap, seen, now, mine);
      const settled = snap.pending.filter((p2) => mine.has(p2.ref) || !burstInProgress([p2], now));
      const drop = copiesOnTip(ctx, snap, settled);
      if (burst || drop) {
        const made = await ownSinceShared(ctx, local, snap.tip);
        const alike = appliesAlike(ctx, made, local, snap.tip);
        const oneCopy = burst || made.commits.length < FIRST_FETCH_DEPTH;
        const own = oneCopy && alike && made.commits.length ? await planLocal(ctx, local, snap.tip, snap.tip) : null;
        if (own?.tip && own.own.length) {
          await guardResult(ctx, local, snap.tip, own.tip, snap.pending);
          const branchToo = !snap.tip || await isAncestor(ctx, snap.tip, own.tip);
          const keep = await withOwnParked(ctx, local, snap, mine);
          return publishPending(ctx, local, own, snap, rejected, own.conflicts, maxRetries, made, [], branchToo, branchToo ? drop ?? [] : [], keep);
        }
      }
    }
    if (ctx.treeless && snap.pending.length) await fetchPendingTrees(ctx, snap);
    const u = await unionOf(ctx, snap);
    const p = await planLocal(ctx, local, u.tip, snap.tip);
    const conflicts = [...u.conflicts, ...p.conflicts];
    await guardResult(ctx, local, snap.tip, p.tip);
    const base = { received: p.received, replayed: p.replayed, retries: rejected, refused: u.refused };
    if (!p.tip) {
      recordPending(ctx, u.invalid.length);
      return result(ctx, "pending", { ...base, pendingRemote: u.invalid.length });
    }
    if (p.tip === snap.tip && !u.folded.length) {
      const moved = await moveLocal(ctx, local, p.tip);
      await setRef(ctx, ctx.markRef, p.tip, `git-memory: shared with ${ctx.remoteName}`);
      recordPending(ctx, u.invalid.length);
      return result(ctx, "pending", { ...base, tip: moved.tip, remoteTip: snap.tip, pulled: p.tip !== local, conflicts: [...conflicts, ...moved.conflicts], pending: moved.pending, pendingRemote: u.invalid.length });
    }
    if (snap.tip && !await isAncestor(ctx, snap.tip, p.tip)) {
      throw new SyncFailedError(`internal: the combined ${ctx.branch} does not descend from the remote tip (local memories are unchanged)`, { remote: ctx.remoteName });
    }
    {
      let pushed = await pushRefs(ctx, [{ ref: ctx.branchRef, next: p.tip, expect: snap.tip }, ...u.folded.map((f) => ({ ref: f.ref, next: null, expect: f.oid }))]);
      let unfolded = 0;
      if (!pushed.ok && pushed.kind === "no-atomic") {
        pushed = await pushRefs(ctx, [{ ref: ctx.branchRef, next: p.tip, expect: snap.tip }], false);
        if (pushed.ok && u.folded.length) {
          const out = await pushEach(ctx, u.folded.map((f) => ({ ref: f.ref, next: null, expect: f.oid })));
          unfolded = u.folded.filter((f) => out.status.get(f.ref) !== "ok").length;
        }
      }
      if (pushed.ok) {
        await setRef(ctx, ctx.trackingRef, p.tip, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
        const moved = await moveLocal(ctx, local, p.tip);
        await setRef(ctx, ctx.markRef, p.tip, `git-memory: shared with ${ctx.remoteName}`);
        recordPending(ctx, u.invalid.length + unfolded);
        return result(ctx, "pending", {
          ...base,
          tip: moved.tip,
          remoteTip: p.tip,
          pulled: p.tip !== local,
          pushed: true,
          created: snap.tip === null,
          sent: countCommits(ctx, p.tip, snap.tip),
          conflicts: [...conflicts, ...moved.conflicts],
          pending: moved.pending,
          folded: u.folded.length - unfolded,
          ...u.copies && !unfolded ? { foldedCopies: u.copies } : {},
          pendingRemote: u.invalid.length + unfolded
        });
      }
      if (pushed.kind !== "moved") throw pushed.error;
      rejected++;
      if (fold && attempt < maxRetries) continue;
    }
    return publishPending(ctx, local, p, snap, rejected, conflicts, maxRetries, void 0, u.refused);
  }
}
async function withOwnParked(ctx, local, snap, mine) {
  const parked = snap.pending.filter((p) => mine.has(p.ref));
  if (!parked.length) return null;
  try {
    const u = await unionOf(ctx, { ...snap, pending: parked });
    if (!u.tip || u.tip === snap.tip || u.invalid.length) return null;
    return (await planLocal(ctx, local, u.tip, snap.tip)).tip;
  } catch {
    return null;
  }
}
async function publishPending(ctx, local, p, snap, rejected, conflicts, maxRetries, made, refused = [], branchToo = false, drop = [], localTip = null) {
  const store = ctx.store;
  let pendingRef = null;
  let remoteTip = snap.tip;
  let redundant = 0;
  let dropped = 0;
  const root = made ? made.baseTree : treeOf(ctx, p.union);
  const commits = made ? made.commits : p.own;
  if (commits.length) {
    const w = buildPending(store.git, root, commits, signature(store.identity(), store.now()), branchToo && p.tip ? p.tip : void 0);
    pendingRef = newPendingRef(ctx.branch);
    if (branchToo) {
      const out = await pushEach(ctx, [
        { ref: ctx.branchRef, next: p.tip, expect: snap.tip },
        { ref: pendingRef, next: w, expect: null },
        ...drop.map((d) => ({ ref: d.ref, next: null, expect: d.oid }))
      ]);
      dropped = drop.filter((d) => out.status.get(d.ref) === "ok").length;
      if (out.status.get(pendingRef) === "ok") rememberOwnPending(ctx.commonDir, ctx.remoteName, ctx.branch, pendingRef);
      const branch = out.status.get(ctx.branchRef);
      const parked = out.status.get(pendingRef) === "ok";
      if (branch !== "ok" && !parked) {
        if (out.status.get(pendingRef) === "refused") return syncBranch(ctx, maxRetries, rejected + (branch === "moved" ? 1 : 0));
        throw out.error;
      }
      if (branch === "moved") rejected++;
      if (branch === "ok") {
        remoteTip = p.tip;
        await setRef(ctx, ctx.trackingRef, p.tip, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
        if (parked) redundant = 1;
        pendingRef = null;
      }
    } else {
      const shared = await pushRefs(ctx, [{ ref: pendingRef, next: w, expect: null }], false);
      if (!shared.ok) {
        if (shared.kind === "refused" || shared.kind === "no-atomic") return syncBranch(ctx, maxRetries, rejected);
        throw shared.error;
      }
    }
  }
  const next = localTip ?? p.tip;
  const moved = await moveLocal(ctx, local, next, !!made && !!local);
  await setRef(ctx, ctx.markRef, moved.kept ? local : next, `git-memory: shared with ${ctx.remoteName}`);
  const left = snap.pending.length + (pendingRef ? 1 : 0) + redundant - dropped;
  recordPending(ctx, left);
  return result(ctx, "pending", {
    received: p.received,
    replayed: p.replayed,
    retries: rejected,
    tip: moved.tip,
    remoteTip,
    pulled: p.tip !== local,
    pushed: !!pendingRef || remoteTip !== snap.tip,
    created: snap.tip === null && remoteTip !== null,
    sent: commits.length,
    conflicts: [...conflicts, ...moved.conflicts],
    pending: moved.pending,
    pendingRef,
    pendingRemote: left,
    ...redundant + drop.length - dropped ? { pendingCopies: redundant + drop.length - dropped } : {},
    refused
  });
}
async function pullPending(ctx) {
  const store = ctx.store;
  const snap = await fetchSnapshot(ctx, true);
  const u = await unionOf(ctx, snap);
  const local = store.tip();
  const p = await planLocal(ctx, local, u.tip, snap.tip);
  await guardResult(ctx, local, snap.tip, p.tip);
  recordPending(ctx, snap.pending.length);
  const common = { remoteTip: snap.tip, received: p.received, pendingRemote: snap.pending.length, refused: u.refused };
  if (!p.tip || p.tip === local) {
    if (p.union && local && (p.union === local || linearChain(store.git, p.union, local))) await setRef(ctx, ctx.markRef, p.union, `git-memory: pull from ${ctx.remoteName}`);
    return result(ctx, "pending", { ...common, tip: local, received: 0 });
  }
  const moved = await moveLocal(ctx, local, p.tip);
  if (p.union) await setRef(ctx, ctx.markRef, p.union, `git-memory: pull from ${ctx.remoteName}`);
  return result(ctx, "pending", { ...common, tip: moved.tip, pulled: true, replayed: p.replayed, conflicts: [...u.conflicts, ...p.conflicts, ...moved.conflicts], pending: moved.pending });
}

// src/sync/sync.ts
async function sync(store, opts = {}) {
  const ctx = context(store, opts);
  const maxRetries = retriesFrom(store, opts);
  const mode = modeFrom(opts);
  if (mode === "branch") {
    if (opts.fold) throw new InvalidInputError("fold needs the pending mode (pending refs are what a fold folds)", { field: "fold" });
    return syncBranch(ctx, maxRetries);
  }
  try {
    return await syncPending(ctx, maxRetries, !!opts.fold);
  } finally {
    store.git.treeFetch = null;
  }
}
async function pull(store, opts = {}) {
  const ctx = context(store, opts);
  if (modeFrom(opts) === "pending") return pullPending(ctx);
  const remote = (await fetchSnapshot(ctx, false)).tip;
  const local = store.tip();
  const p = await plan(ctx, local, remote);
  await guardResult(ctx, local, remote, p.tip);
  if (!p.tip || p.tip === local) return result(ctx, "branch", { tip: local, remoteTip: remote });
  const moved = await moveLocal(ctx, local, p.tip);
  return result(ctx, "branch", {
    tip: moved.tip,
    remoteTip: remote,
    pulled: true,
    received: p.received,
    replayed: p.replayed,
    conflicts: [...p.conflicts, ...moved.conflicts],
    pending: moved.pending
  });
}
async function push(store, opts = {}) {
  const ctx = context(store, opts);
  const mode = modeFrom(opts);
  const local = store.tip();
  if (!local) return result(ctx, mode, {});
  const pushed = await pushTip(ctx, local);
  if (!pushed.ok) {
    if (pushed.kind === "moved") {
      throw new PushRejectedError(`the remote ${ctx.branch} has changes this repository does not have yet; local memories are unchanged`, { ...pushed.error.data, next: "sync" });
    }
    throw pushed.error;
  }
  await setRef(ctx, ctx.trackingRef, local, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
  const same = pushed.old === "same" || pushed.old !== null && local.startsWith(pushed.old);
  return result(ctx, mode, { tip: local, remoteTip: local, pushed: !same, created: pushed.created, sent: same ? 0 : countCommits(ctx, local, pushed.old === "same" ? local : pushed.old) });
}
export {
  PENDING_NAMESPACE,
  changedFiles,
  classifyGitFailure,
  combine,
  pendingStatus,
  pull,
  push,
  remoteMessage,
  resolvePath,
  sync
};
