import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  readEffectiveConfig
} from "./chunk-HZ5QBSCX.js";
import {
  isTreeMode
} from "./chunk-QHDPJDFF.js";
import {
  idFromPath,
  isValidId,
  parseFile
} from "./chunk-AAUR7TRV.js";
import {
  MemoryError,
  RefMovedError
} from "./chunk-6IDCQH2Q.js";

// src/sync/sync.ts
import { existsSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { join, resolve } from "node:path";

// src/sync/combine.ts
function diffTrees(git, a, b) {
  const out = /* @__PURE__ */ new Map();
  const all = (tree, base, value) => {
    for (const e of git.readTree(tree)) {
      const p = base ? `${base}/${e.name}` : e.name;
      if (isTreeMode(e.mode)) all(e.oid, p, value);
      else if (isFile(e)) out.set(p, value(e.oid));
    }
  };
  const walk = (ta, tb, base) => {
    if (ta === tb) return;
    if (!ta) return all(tb, base, (oid) => oid);
    if (!tb) return all(ta, base, () => null);
    const ea = new Map(git.readTree(ta).map((e) => [e.name, e]));
    const eb = new Map(git.readTree(tb).map((e) => [e.name, e]));
    for (const name of /* @__PURE__ */ new Set([...ea.keys(), ...eb.keys()])) {
      const x = ea.get(name);
      const y = eb.get(name);
      if (x && y && x.oid === y.oid && isTreeMode(x.mode) === isTreeMode(y.mode)) continue;
      const p = base ? `${base}/${name}` : name;
      const xt = x && isTreeMode(x.mode) ? x.oid : null;
      const yt = y && isTreeMode(y.mode) ? y.oid : null;
      if (xt || yt) walk(xt, yt, p);
      const xf = x && isFile(x) ? x.oid : null;
      const yf = y && isFile(y) ? y.oid : null;
      if (xf !== yf) out.set(p, yf);
    }
  };
  walk(a, b, "");
  return out;
}
function isFile(e) {
  return !isTreeMode(e.mode) && e.mode !== "120000" && e.mode !== "160000";
}
function isoOrEmpty(v) {
  const t = typeof v === "string" ? Date.parse(v) : v instanceof Date ? v.getTime() : NaN;
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
function signature(id, when) {
  const clean = (s) => s.replace(/[<>\n]/g, "").trim();
  return `${clean(id.name) || "git-memory"} <${clean(id.email)}> ${Math.floor(when.getTime() / 1e3)} +0000`;
}
function writeCommit(git, tree, parent, author, committer, message) {
  const msg = message.endsWith("\n") ? message : message + "\n";
  return git.objects.write("commit", Buffer.from(`tree ${tree}
parent ${parent}
author ${author}
committer ${committer}

${msg}`, "utf8"));
}
function withContent(git, changes) {
  const out = /* @__PURE__ */ new Map();
  for (const [p, oid] of changes) out.set(p, oid === null ? null : git.readBlob(oid));
  return out;
}
function combine(git, input) {
  const treeOf = (c) => git.readCommit(c).tree;
  const baseTree = input.base ? treeOf(input.base) : null;
  const remoteTree = treeOf(input.remote);
  const localDiff = diffTrees(git, baseTree, treeOf(input.local));
  const remoteDiff = diffTrees(git, baseTree, remoteTree);
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
  const targetTree = target.size ? git.writeTree(remoteTree, withContent(git, target)) : remoteTree;
  const committer = signature(input.committer, input.when);
  let tip = input.remote;
  let tipTree = remoteTree;
  let replayed = 0;
  for (const c of input.chain) {
    const info = git.readCommit(c);
    let parentTree;
    try {
      parentTree = info.parents.length ? treeOf(info.parents[0]) : null;
    } catch {
      parentTree = baseTree;
    }
    const d = diffTrees(git, parentTree, info.tree);
    if (!d.size) continue;
    const next = git.writeTree(tipTree, withContent(git, d));
    if (next === tipTree) continue;
    tip = writeCommit(git, next, tip, info.author, committer, info.message);
    tipTree = next;
    replayed++;
  }
  if (tipTree !== targetTree) {
    const lines = conflicts.map((c) => `Conflict: ${c.id ?? c.path} kept ${c.kept} version (${c.kind}; ${c.reason})`);
    const ids = [...new Set(conflicts.map((c) => c.id).filter((x) => !!x))].map((i) => `Memory-Id: ${i}`);
    const subject = conflicts.length ? `memory: sync with ${input.remoteName}: resolve ${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}` : `memory: sync with ${input.remoteName}: keep changes made on both sides`;
    const body = [...lines, ...lines.length && ids.length ? [""] : [], ...ids].join("\n");
    tip = writeCommit(git, targetTree, tip, committer, committer, body ? `${subject}

${body}
` : `${subject}
`);
  }
  return { tip, replayed, received: [...remoteDiff.keys()].filter((p) => p.startsWith("memories/")).length, conflicts };
}

// src/sync/git-cli.ts
import { execFile } from "node:child_process";
var DEFAULT_TIMEOUT_MS = 12e4;
function runGit(cwd, args, opts = {}) {
  return new Promise((resolve2) => {
    execFile(
      "git",
      args,
      {
        cwd,
        // English messages (we classify them), never an interactive credential prompt: a CI job or an
        // agent has no terminal to answer it, and a prompt would hang the sync instead of failing it.
        env: { ...process.env, LC_ALL: "C", LANGUAGE: "C", GIT_TERMINAL_PROMPT: "0" },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        killSignal: "SIGKILL"
      },
      (err, stdout, stderr) => {
        const e = err;
        if (e && typeof e.code === "string") {
          resolve2({ code: -1, stdout: "", stderr: `could not run git: ${e.message}`, timedOut: false });
          return;
        }
        resolve2({ code: e ? typeof e.code === "number" ? e.code : 1 : 0, stdout: String(stdout), stderr: String(stderr), timedOut: !!e?.killed });
      }
    );
  });
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
  return new MemoryError(code, `${what} failed: ${detail} (${HINT[code]})`, { ...data, exitCode: run.code, git: redact(run.stderr.trim().slice(-2e3)) });
}

// src/sync/history.ts
var LIMIT = 2e4;
function parents(git, oid) {
  try {
    return git.readCommit(oid).parents;
  } catch {
    return void 0;
  }
}
function linearMergeBase(git, a, b) {
  const seenA = /* @__PURE__ */ new Set();
  const seenB = /* @__PURE__ */ new Set();
  let x = a;
  let y = b;
  for (let i = 0; i < LIMIT && (x || y); i++) {
    if (x) {
      if (seenB.has(x)) return x;
      seenA.add(x);
      const p = parents(git, x);
      if (!p || p.length > 1) return void 0;
      x = p[0] ?? null;
    }
    if (y) {
      if (seenA.has(y)) return y;
      seenB.add(y);
      const p = parents(git, y);
      if (!p || p.length > 1) return void 0;
      y = p[0] ?? null;
    }
  }
  return x || y ? void 0 : null;
}
function linearChain(git, base, tip) {
  const out = [];
  let cur = tip;
  while (cur && cur !== base) {
    if (out.length >= LIMIT) return void 0;
    out.push(cur);
    const p = parents(git, cur);
    if (!p || p.length > 1) return void 0;
    cur = p[0] ?? null;
  }
  if (base && cur !== base) return void 0;
  return out.reverse();
}

// src/sync/sync.ts
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function context(store, opts) {
  const remote = (opts.remote || process.env.MEMORY_REMOTE || "origin").trim();
  if (!remote || remote.startsWith("-") || /[\0\n]/.test(remote)) {
    throw new MemoryError("INVALID_INPUT", `invalid remote: ${JSON.stringify(remote)}`, { field: "remote" });
  }
  const loc = store.git.location;
  const cwd = loc.root;
  const configured = /^[A-Za-z0-9._-]+$/.test(remote) && readEffectiveConfig(loc).has(`remote.${remote}.url`);
  let trackingRef;
  if (configured) trackingRef = `refs/remotes/${remote}/${store.branch}`;
  else if (remote.includes(":") || remote.includes("/") || existsSync(resolve(cwd, remote))) {
    trackingRef = `refs/git-memory/remotes/${createHash("sha1").update(remote).digest("hex").slice(0, 12)}/${store.branch}`;
  } else {
    throw new MemoryError("REMOTE_UNREACHABLE", `no remote named "${remote}" in this repository (list them with "git remote -v", or pass a URL with --remote)`, { remote });
  }
  return { store, cwd, remoteArg: remote, remoteName: redact(remote), trackingRef, branch: store.branch, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS };
}
function retriesFrom(store, opts) {
  const raw = opts.retries ?? (process.env.MEMORY_SYNC_RETRIES ? Number(process.env.MEMORY_SYNC_RETRIES) : store.config().sync?.retries ?? 20);
  if (!Number.isInteger(raw) || raw < 0) throw new MemoryError("INVALID_INPUT", `retries must be a non-negative integer, got ${JSON.stringify(raw)}`, { field: "retries" });
  return raw;
}
function backoff(attempt) {
  return 10 + Math.random() * Math.min(1500, 40 * 2 ** attempt);
}
function deleteLooseRef(ctx, ref) {
  try {
    unlinkSync(join(ctx.store.git.location.commonDir, ref));
  } catch {
  }
  if (ctx.store.git.resolve(ref)) return runGit(ctx.cwd, ["update-ref", "-d", ref]).then(() => void 0);
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
async function fetchRemote(ctx) {
  const git = ctx.store.git;
  removeStaleFetchRefs(git.location.commonDir);
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString("hex")}`;
  const shallow = existsSync(join(git.location.commonDir, "shallow")) && !git.resolve(ctx.trackingRef);
  const args = ["-c", "fetch.recurseSubmodules=false", "fetch", "--quiet", "--no-tags", "--refmap=", ...shallow ? ["--depth=1"] : [], ctx.remoteArg, `+refs/heads/${ctx.branch}:${tmp}`];
  const run = await runGit(ctx.cwd, args, { timeoutMs: ctx.timeoutMs });
  if (run.code !== 0) {
    await deleteLooseRef(ctx, tmp);
    if (/couldn't find remote ref/i.test(run.stderr)) return null;
    throw gitFailure(`fetching ${ctx.branch} from ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch });
  }
  const oid = git.resolve(tmp);
  await deleteLooseRef(ctx, tmp);
  if (!oid) throw new MemoryError("SYNC_FAILED", `fetching ${ctx.branch} from ${ctx.remoteName} left no ref behind (local memories are unchanged)`, { remote: ctx.remoteName });
  await setRef(ctx, ctx.trackingRef, oid, `git-memory: fetch ${ctx.branch} from ${ctx.remoteName}`);
  return oid;
}
function removeStaleFetchRefs(commonDir) {
  const dir = join(commonDir, "refs", "git-memory", "fetch");
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    try {
      if (Date.now() - statSync(join(dir, n)).mtimeMs > 36e5) unlinkSync(join(dir, n));
    } catch {
    }
  }
}
async function mergeBase(ctx, a, b) {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== void 0) return fast;
  const run = await runGit(ctx.cwd, ["merge-base", a, b]);
  if (run.code === 0) return run.stdout.trim() || null;
  if (run.code === 1 && !run.stderr.trim()) return null;
  throw new MemoryError("SYNC_FAILED", `git merge-base failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
}
async function isAncestor(ctx, a, b) {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== void 0) return fast === a;
  const run = await runGit(ctx.cwd, ["merge-base", "--is-ancestor", a, b]);
  return run.code === 0;
}
async function localChain(ctx, base, tip) {
  const fast = linearChain(ctx.store.git, base, tip);
  if (fast) return fast;
  const run = await runGit(ctx.cwd, ["rev-list", "--first-parent", "--reverse", tip, ...base ? [`^${base}`] : []]);
  if (run.code !== 0) throw new MemoryError("SYNC_FAILED", `git rev-list failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
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
  const none = { received: 0, replayed: 0, conflicts: [] };
  if (!remote) return { tip: local, ...none };
  const git = ctx.store.git;
  if (!local) return { tip: remote, ...none, received: memoryFiles(diffTrees(git, null, git.readCommit(remote).tree).keys()) };
  if (local === remote) return { tip: local, ...none };
  const base = await mergeBase(ctx, local, remote);
  if (base === remote) return { tip: local, ...none };
  if (base === local) {
    return { tip: remote, ...none, received: memoryFiles(diffTrees(git, git.readCommit(local).tree, git.readCommit(remote).tree).keys()) };
  }
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now() });
  return { tip: res.tip, received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}
async function moveLocal(ctx, expect, next) {
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
  throw new MemoryError("CONFLICT", "the local memory branch kept moving during the sync; run it again", { ref: store.ref });
}
async function pushTip(ctx, oid) {
  const run = await runGit(ctx.cwd, ["push", "--porcelain", "--no-verify", ctx.remoteArg, `${oid}:refs/heads/${ctx.branch}`], { timeoutMs: ctx.timeoutMs });
  const line = run.stdout.split("\n").find((l) => /^[ +\-*!=]\t/.test(l));
  const [flag, , summary = ""] = line ? line.split("	") : [];
  if (run.code === 0 && flag !== "!") {
    const m = /^([0-9a-f]{4,40})\.\.\.?[0-9a-f]{4,40}$/.exec(summary.trim());
    return { ok: true, old: flag === "=" ? oid : m ? m[1] : null, created: flag === "*" };
  }
  if (flag === "!") {
    const data = { remote: ctx.remoteName, branch: ctx.branch, git: summary.trim() };
    if (/\[rejected\]/.test(summary) && /fetch first|non-fast-forward|stale info/.test(summary)) {
      return { ok: false, retryable: true, error: new MemoryError("PUSH_REJECTED", `the remote ${ctx.branch} moved: ${summary.trim()}`, data) };
    }
    if (/\[remote rejected\]/.test(summary) && /cannot lock|failed to (update|lock)|incorrect old value|but expected|reference already exists|unable to update/i.test(summary)) {
      return { ok: false, retryable: true, error: new MemoryError("PUSH_REJECTED", `the remote ${ctx.branch} moved: ${summary.trim()}`, data) };
    }
    return {
      ok: false,
      retryable: false,
      error: new MemoryError("PUSH_REJECTED", `the remote refused the push of ${ctx.branch}: ${summary.trim()} (a protected branch or a server hook? local memories are unchanged)`, data)
    };
  }
  return { ok: false, retryable: false, error: gitFailure(`pushing ${ctx.branch} to ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch }) };
}
function result(ctx, r) {
  return {
    success: true,
    remote: ctx.remoteName,
    branch: ctx.branch,
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
    ...r
  };
}
async function sync(store, opts = {}) {
  const ctx = context(store, opts);
  const maxRetries = retriesFrom(store, opts);
  let lastRejection = null;
  let rejected = 0;
  const seen = store.git.resolve(ctx.trackingRef);
  const start = store.tip();
  const ahead = start && seen && start !== seen ? linearChain(store.git, seen, start) : void 0;
  if (start && ahead?.length) {
    const pushed = await pushTip(ctx, start);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, start, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      return result(ctx, { tip: store.tip(), remoteTip: start, pushed: true, sent: ahead.length, pending: countCommits(ctx, store.tip(), start) });
    }
    if (!pushed.retryable) throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt - 1));
    const remote = await fetchRemote(ctx);
    const local = store.tip();
    const p = await plan(ctx, local, remote);
    if (!p.tip) return result(ctx, { retries: rejected });
    if (p.tip === remote) {
      const moved = await moveLocal(ctx, local, remote);
      return result(ctx, {
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
      return result(ctx, {
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
    if (!pushed.retryable) throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  throw new MemoryError(
    "PUSH_REJECTED",
    `the remote ${ctx.branch} kept moving: other writers pushed first ${rejected} times in a row; local memories are unchanged, run "memory sync" again (or raise --retries)`,
    { remote: ctx.remoteName, branch: ctx.branch, retries: maxRetries, last: lastRejection?.message }
  );
}
async function pull(store, opts = {}) {
  const ctx = context(store, opts);
  const remote = await fetchRemote(ctx);
  const local = store.tip();
  const p = await plan(ctx, local, remote);
  if (!p.tip || p.tip === local) return result(ctx, { tip: local, remoteTip: remote });
  const moved = await moveLocal(ctx, local, p.tip);
  return result(ctx, {
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
  const local = store.tip();
  if (!local) return result(ctx, {});
  const pushed = await pushTip(ctx, local);
  if (!pushed.ok) {
    if (pushed.retryable) {
      throw new MemoryError("PUSH_REJECTED", `the remote ${ctx.branch} has changes this repository does not have yet: run "memory sync" (or "memory pull", then "memory push"); local memories are unchanged`, pushed.error.data);
    }
    throw pushed.error;
  }
  await setRef(ctx, ctx.trackingRef, local, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
  const same = pushed.old !== null && local.startsWith(pushed.old);
  return result(ctx, { tip: local, remoteTip: local, pushed: !same, created: pushed.created, sent: same ? 0 : countCommits(ctx, local, pushed.old) });
}
export {
  classifyGitFailure,
  combine,
  diffTrees,
  pull,
  push,
  resolvePath,
  sync
};
