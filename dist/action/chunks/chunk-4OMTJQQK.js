import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  InternalError,
  errorOf
} from "./chunk-FJGJKBHJ.js";

// src/daemon/common.ts
import { lstatSync, mkdirSync, chmodSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
var PROTOCOL = 1;
var MAX_REQUEST_BYTES = 1 << 20;
var DEFAULT_IDLE_MINUTES = 10;
var VERSION = true ? "0.1.0" : "dev";
function daemonMode(env = process.env) {
  const raw = (env.MEMORY_DAEMON ?? "").trim().toLowerCase();
  const mode = ["0", "off", "false", "no", "never"].includes(raw) ? "off" : ["1", "on", "true", "yes", "always"].includes(raw) ? "on" : "auto";
  if (mode === "off") return { mode, effective: "off", reason: "MEMORY_DAEMON=off" };
  if (process.platform === "win32") return { mode, effective: "off", reason: "not available on Windows (unix sockets)" };
  if (mode === "on") return { mode, effective: "on", reason: "MEMORY_DAEMON=on" };
  const ci = ["CI", "GITHUB_ACTIONS"].find((k) => ["1", "true", "yes"].includes((env[k] ?? "").trim().toLowerCase()));
  return ci ? { mode, effective: "off", reason: `auto: off in CI (${ci} is set)` } : { mode, effective: "on", reason: "auto" };
}
function idleTimeoutMs(env = process.env) {
  const raw = (env.MEMORY_DAEMON_IDLE ?? "").trim().toLowerCase();
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(raw);
  if (!m) return DEFAULT_IDLE_MINUTES * 6e4;
  const ms = Number(m[1]) * { ms: 1, s: 1e3, m: 6e4, h: 36e5 }[m[2] ?? "s"];
  return ms > 0 && ms <= 864e5 ? ms : DEFAULT_IDLE_MINUTES * 6e4;
}
function requestTimeoutMs(env = process.env) {
  const n = Number(env.MEMORY_DAEMON_TIMEOUT);
  return Number.isFinite(n) && n > 0 && n <= 2 ** 31 - 1 ? n : 3e4;
}
var buildMemo = null;
function buildId(fresh = false) {
  if (buildMemo && !fresh) return buildMemo;
  let file = "";
  let mtime = 0;
  try {
    file = fileURLToPath(import.meta.url);
    mtime = statSync(file).mtimeMs;
  } catch {
  }
  const id = `${VERSION}|${PROTOCOL}|${file}|${mtime}`;
  if (!fresh) buildMemo = id;
  return id;
}
var ENV_IGNORED = /^MEMORY_(DAEMON.*|VECTORS_COMMIT|AUTO_SYNC|BRANCH|REMOTE|DEBUG)$/;
function envFingerprint(env = process.env) {
  const pairs = Object.keys(env).filter((k) => k.startsWith("MEMORY_") && !ENV_IGNORED.test(k) && env[k]).sort().map((k) => [k, env[k] ?? ""]);
  pairs.push(["TZ", env.TZ ?? ""]);
  const keyVar = env.MEMORY_EMBEDDER_KEY_ENV || "OPENAI_API_KEY";
  const key = env[keyVar];
  if (key) {
    const { createHash } = createRequire(import.meta.url)("node:crypto");
    pairs.push(["key", createHash("sha256").update(key).digest("hex").slice(0, 16)]);
  }
  return JSON.stringify(pairs);
}
var START_BACKOFF_MS = 5 * 6e4;
var MAX_SOCKET_PATH = 100;
function daemonPaths(commonDir, env = process.env) {
  const dir = join(commonDir, "git-memory", "@daemon");
  let socket = join(dir, "daemon.sock");
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const { createHash } = createRequire(import.meta.url)("node:crypto");
    const uid = typeof process.getuid === "function" ? process.getuid() : 0;
    const base = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, "git-memory") : join(tmpdir(), `git-memory-${uid}`);
    socket = join(base, `${createHash("sha256").update(commonDir).digest("hex").slice(0, 20)}.sock`);
  }
  return { dir, socket, pidFile: join(dir, "daemon.pid"), busyFile: join(dir, "busy.json"), backoffFile: join(dir, "start-failed.json") };
}
function socketDir(p) {
  return p.socket.slice(0, p.socket.lastIndexOf("/"));
}
function privateDir(dir) {
  try {
    mkdirSync(dir, { recursive: true, mode: 448 });
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    if (st.uid !== uid) return false;
    if ((st.mode & 511) !== 448) chmodSync(dir, 448);
    return (lstatSync(dir).mode & 63) === 0;
  } catch {
    return false;
  }
}
function isPrivateDir(dir) {
  try {
    const st = lstatSync(dir);
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    return st.isDirectory() && st.uid === uid && (st.mode & 63) === 0;
  } catch {
    return false;
  }
}
function alive(pid) {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

// src/daemon/client.ts
import { existsSync, lstatSync as lstatSync2, readFileSync as readFileSync2, unlinkSync, writeFileSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { resolve } from "node:path";
var req = createRequire2(import.meta.url);
var MAX_RESPONSE_BYTES = 256 << 20;
function send(socket, body2, timeoutMs) {
  return new Promise((resolve2) => {
    const net = req("node:net");
    let done = false;
    let connected = false;
    const chunks = [];
    let size = 0;
    const finish = (o) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      conn.destroy();
      resolve2(o);
    };
    const conn = net.createConnection(socket);
    const timer = setTimeout(() => finish({ kind: "lost", reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
    conn.on("connect", () => {
      connected = true;
      conn.write(JSON.stringify(body2) + "\n");
    });
    conn.on("data", (c) => {
      size += c.length;
      if (size > MAX_RESPONSE_BYTES) return finish({ kind: "lost", reason: "answer too large" });
      const nl = c.indexOf(10);
      if (nl < 0) return void chunks.push(c);
      chunks.push(c.subarray(0, nl));
      try {
        finish({ kind: "answer", res: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      } catch {
        finish({ kind: "lost", reason: "unreadable answer" });
      }
    });
    conn.on("error", (err) => {
      if (connected) finish({ kind: "lost", reason: err.code ?? err.message });
      else finish({ kind: err.code === "ECONNREFUSED" || err.code === "ENOTSOCK" ? "refused" : "absent" });
    });
    conn.on("close", () => finish(connected ? { kind: "lost", reason: "connection closed before an answer" } : { kind: "absent" }));
  });
}
function body(store, op, extra = {}) {
  return { v: PROTOCOL, op, build: buildId(), env: envFingerprint(), repo: store.git.location.root, branch: store.branch, ...extra };
}
function pathsFor(store) {
  return daemonPaths(store.git.location.commonDir);
}
function usable(p) {
  return isPrivateDir(p.dir) && isPrivateDir(socketDir(p));
}
function needsModel(store, q) {
  if (q.mode === "fulltext" || q.archived) return false;
  if (!(typeof q.query === "string" && q.query.trim())) return false;
  let kind = process.env.MEMORY_EMBEDDER;
  if (!kind) {
    try {
      kind = String(store.config().hybrid?.embedder ?? "");
    } catch {
      kind = "";
    }
  }
  return (kind || "use").toLowerCase() !== "none";
}
function spawnDaemon(store, extraArgs = []) {
  const script = process.argv[1] ? resolve(process.argv[1]) : "";
  if (!script || !existsSync(script)) return null;
  try {
    const cp = req("node:child_process");
    const root = store.git.location.root;
    const child = cp.spawn(process.execPath, [script, "daemon", "run", "--repo", root, "--branch", store.branch, ...extraArgs], { detached: true, stdio: "ignore", cwd: root, env: process.env });
    let exited = false;
    child.on("error", () => exited = true);
    child.on("exit", () => exited = true);
    child.unref();
    return { pid: child.pid ?? 0, exited: () => exited };
  } catch {
    return null;
  }
}
function readJson(file) {
  try {
    const v = JSON.parse(readFileSync2(file, "utf8"));
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
}
function livePid(p) {
  if (!isPrivateDir(p.dir)) return 0;
  const pid = Number(readJson(p.pidFile)?.pid) || 0;
  if (!alive(pid)) return 0;
  try {
    const cmd = readFileSync2(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (!(cmd.includes("daemon") && cmd.includes("run"))) return 0;
  } catch {
  }
  return pid;
}
function busyWith(p, pid) {
  const b = readJson(p.busyFile);
  if (!b || Number(b.pid) !== pid || typeof b.since !== "string") return null;
  return { since: b.since, op: String(b.op ?? "search") };
}
function backedOff(p) {
  if (!isPrivateDir(p.dir)) return null;
  const b = readJson(p.backoffFile);
  if (!b || !(Number(b.retryAfter) > Date.now())) return null;
  return String(b.reason ?? "a helper did not start");
}
function backOff(p, reason) {
  try {
    writeFileSync(p.backoffFile, JSON.stringify({ at: (/* @__PURE__ */ new Date()).toISOString(), retryAfter: Date.now() + START_BACKOFF_MS, reason }) + "\n", { mode: 384 });
  } catch {
  }
}
function clearBackOff(p) {
  try {
    unlinkSync(p.backoffFile);
  } catch {
  }
}
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function sendWhenUp(p, b, deadline, timeoutMs, child) {
  for (; ; ) {
    const o = usable(p) ? await send(p.socket, b, timeoutMs) : { kind: "absent" };
    const replaced = o.kind === "answer" && !o.res.ok && !!o.res.stale;
    if (o.kind === "answer" && !replaced || o.kind === "lost" || Date.now() >= deadline) return o;
    if (child?.exited() && !livePid(p)) return o;
    await sleep(20);
  }
}
var NO_MODEL_WAIT_MS = 2e3;
var START_WAIT_MS = 5e3;
function debug(msg) {
  if (process.env.MEMORY_DEBUG) process.stderr.write(`git-memory: daemon: ${msg}
`);
}
async function searchViaDaemon(store, q) {
  if (daemonMode().effective === "off") return null;
  const p = pathsFor(store);
  const b = body(store, "search", { query: q });
  const model = needsModel(store, q);
  if (!model && usable(p)) {
    const pid = livePid(p);
    if (pid && busyWith(p, pid)) {
      debug("helper busy: searching in-process");
      return null;
    }
  }
  const timeout = model ? requestTimeoutMs() : Math.min(requestTimeoutMs(), NO_MODEL_WAIT_MS);
  let o = usable(p) ? await send(p.socket, b, timeout) : { kind: "absent" };
  if (o.kind === "answer" && !o.res.ok && o.res.stale) {
    debug(`stale helper (${o.res.stale}), starting a new one`);
    o = { kind: "absent" };
  }
  if ((o.kind === "absent" || o.kind === "refused") && model) {
    const why = backedOff(p);
    if (why) debug(`not starting a helper until the back-off ends (${why})`);
    else if (!privateDir(p.dir) || !privateDir(socketDir(p))) debug("the helper folder is not a private folder of this user: not starting one");
    else {
      const child = spawnDaemon(store);
      if (child) {
        debug("started a helper");
        o = await sendWhenUp(p, b, Date.now() + START_WAIT_MS, timeout, child);
        if (o.kind === "absent" || o.kind === "refused") backOff(p, child.exited() ? "the helper exited without listening" : `nobody listened within ${START_WAIT_MS} ms`);
        else if (o.kind === "answer") clearBackOff(p);
      }
    }
  }
  if (o.kind !== "answer") {
    debug(`searching in-process (${o.kind}${o.kind === "lost" ? ": " + o.reason : ""})`);
    return null;
  }
  const res = o.res;
  for (const w of res.warnings ?? []) store.warn(w);
  if (res.ok) return res.result;
  if (res.error && res.error.code !== "INTERNAL") throw errorOf(res.error.code, res.error.message, res.error.data ?? {});
  debug(`searching in-process (${res.stale ? "stale: " + res.stale : res.error?.message})`);
  return null;
}
async function notifyStored(store) {
  if (daemonMode().effective === "off") return;
  const p = pathsFor(store);
  if (!usable(p) || !existsSync(p.socket)) return;
  await send(p.socket, body(store, "refresh"), 300);
}
async function cleanStale(p, stopped = 0) {
  const cleaned = [];
  if (!usable(p) || livePid(p)) return cleaned;
  const pid = Number(readJson(p.pidFile)?.pid) || 0;
  if (alive(pid)) return cleaned;
  const uid = typeof process.getuid === "function" ? process.getuid() : -1;
  const own = (f, socket) => {
    try {
      const st = lstatSync2(f);
      return (uid < 0 || st.uid === uid) && (socket ? st.isSocket() : st.isFile());
    } catch {
      return false;
    }
  };
  if (own(p.socket, true) && !(stopped && pid === stopped)) {
    const o = await send(p.socket, { v: PROTOCOL, op: "status", build: "", env: "" }, 1e3);
    debug(`stale check of the socket: ${o.kind}`);
    if (o.kind !== "refused") return cleaned;
  }
  for (const [f, socket] of [[p.socket, true], [p.pidFile, false], [p.busyFile, false]]) {
    if (!own(f, socket)) continue;
    try {
      unlinkSync(f);
      cleaned.push(f.slice(f.lastIndexOf("/") + 1));
    } catch {
    }
  }
  return cleaned;
}
function backoffState(p) {
  const why = backedOff(p);
  if (!why) return {};
  const until = Number(readJson(p.backoffFile)?.retryAfter);
  return { backoff: { until: new Date(until).toISOString(), reason: why } };
}
var STATUS_WAIT_MS = 5e3;
var STOP_ASK_MS = 2e3;
var STOP_TERM_GRACE_MS = 5e3;
var STOP_TERM_FLOOR_MS = 1e3;
var capped = (ms) => Math.min(ms, requestTimeoutMs());
async function daemonStatus(store) {
  const m = daemonMode();
  const p = pathsFor(store);
  const base = { success: true, mode: m.mode, reason: m.reason, socket: p.socket };
  const o = usable(p) ? await send(p.socket, body(store, "status"), capped(STATUS_WAIT_MS)) : { kind: "absent" };
  if (o.kind === "answer" && o.res.ok && o.res.status) {
    const st = o.res.status;
    const stale = st.build !== buildId() ? "version" : void 0;
    return { ...base, running: true, status: st, ...stale ? { stale } : {} };
  }
  const pid = livePid(p);
  if (pid) return { ...base, running: true, busy: { pid, ...busyWith(p, pid) ?? {} } };
  const cleaned = o.kind === "refused" || o.kind === "absent" ? await cleanStale(p) : [];
  return { ...base, running: false, ...cleaned.length ? { cleaned } : {}, ...backoffState(p) };
}
async function gone(pid, ms) {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() >= until) return false;
    await sleep(20);
  }
  return true;
}
async function stopDaemon(store) {
  const p = pathsFor(store);
  const before = livePid(p);
  const o = usable(p) ? await send(p.socket, body(store, "stop"), capped(STOP_ASK_MS)) : { kind: "absent" };
  const pid = (o.kind === "answer" && o.res.ok ? o.res.status?.pid : void 0) || before;
  if (!pid) {
    const cleaned2 = await cleanStale(p);
    return { success: true, stopped: false, ...cleaned2.length ? { cleaned: cleaned2 } : {} };
  }
  let signal;
  if (!await gone(pid, o.kind === "answer" ? 3e3 : 0)) {
    signal = "SIGTERM";
    try {
      process.kill(pid, "SIGTERM");
    } catch {
    }
    if (!await gone(pid, Math.max(capped(STOP_TERM_GRACE_MS), STOP_TERM_FLOOR_MS))) {
      signal = "SIGKILL";
      try {
        process.kill(pid, "SIGKILL");
      } catch {
      }
      await gone(pid, 2e3);
    }
  }
  const cleaned = alive(pid) ? [] : await cleanStale(p, pid);
  return { success: true, stopped: !alive(pid), pid, ...signal ? { signal } : {}, ...cleaned.length ? { cleaned } : {} };
}
async function startDaemon(store) {
  const p = pathsFor(store);
  const first = await daemonStatus(store);
  if (first.running && !first.stale) return first;
  if (first.running && first.stale) await stopDaemon(store);
  clearBackOff(p);
  const child = spawnDaemon(store);
  if (!child) throw new InternalError("could not start the search helper (no CLI script to run)");
  const o = await sendWhenUp(p, body(store, "status"), Date.now() + START_WAIT_MS, 12e4, child);
  if (o.kind === "answer" && o.res.ok) return daemonStatus(store);
  const why = o.kind === "lost" ? o.reason : o.kind === "answer" ? o.res.ok ? "" : o.res.stale ? `a stale helper (${o.res.stale}) still answers` : o.res.error?.message : "nobody listening";
  throw new InternalError(`the search helper did not start (${why})`, { next: "daemon.run" });
}

export {
  PROTOCOL,
  MAX_REQUEST_BYTES,
  VERSION,
  idleTimeoutMs,
  buildId,
  envFingerprint,
  daemonPaths,
  socketDir,
  privateDir,
  alive,
  send,
  searchViaDaemon,
  notifyStored,
  daemonStatus,
  stopDaemon,
  startDaemon
};
