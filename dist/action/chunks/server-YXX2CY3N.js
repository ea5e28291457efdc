import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MAX_REQUEST_BYTES,
  PROTOCOL,
  VERSION,
  alive,
  buildId,
  daemonPaths,
  envFingerprint,
  idleTimeoutMs,
  privateDir,
  send,
  socketDir
} from "./chunk-4OMTJQQK.js";
import {
  InvalidInputError,
  MemoryError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/daemon/server.ts
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync, chmodSync, existsSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
var MAX_STORES = 8;
var WATCH_MS = 2e3;
var real = (p) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};
function readPid(file) {
  try {
    return { pid: Number(JSON.parse(readFileSync(file, "utf8")).pid) || 0, mtimeMs: statSync(file).mtimeMs };
  } catch {
    return null;
  }
}
async function acquire(p, build, env) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(p.pidFile, "wx", 384);
      writeSync(fd, JSON.stringify({ pid: process.pid, version: VERSION, startedAt: (/* @__PURE__ */ new Date()).toISOString() }) + "\n");
      closeSync(fd);
      return true;
    } catch (err) {
      if (err.code !== "EEXIST") return false;
    }
    const other = readPid(p.pidFile);
    if (other && other.pid !== process.pid && alive(other.pid)) {
      const o = await send(p.socket, { v: PROTOCOL, op: "status", build, env }, 2e3);
      if (o.kind === "answer" || Date.now() - other.mtimeMs < 3e4) return false;
    }
    try {
      unlinkSync(p.pidFile);
    } catch {
    }
  }
  return false;
}
var SearchHelper = class {
  constructor(setup) {
    this.setup = setup;
  }
  setup;
  startedAt = Date.now();
  lastRequest = Date.now();
  /** When the helper last finished a request before the current one (what status reports as idle). */
  idleSince = this.lastRequest;
  requests = 0;
  /** Warnings of the request running now (requests run one at a time). */
  sink = null;
  /** Open stores by repository and branch, least recently used first. */
  stores = /* @__PURE__ */ new Map();
  queue = Promise.resolve();
  refreshing = /* @__PURE__ */ new Set();
  server = null;
  socketIno = 0;
  stopping = false;
  watch;
  idleTimer;
  exitResolve = () => {
  };
  /** Resolves with the exit code once the helper has stopped. */
  exited = new Promise((r) => this.exitResolve = r);
  get p() {
    return this.setup.paths;
  }
  /** The store of (repo, branch), opened on first use; at most MAX_STORES stay open. */
  storeFor(repo, branch) {
    if (typeof repo !== "string" || !repo || branch !== void 0 && typeof branch !== "string") throw new InvalidInputError("a request names its repository and branch");
    const key = `${repo}\0${branch ?? ""}`;
    let hit = this.stores.get(key);
    if (hit) {
      this.stores.delete(key);
      this.stores.set(key, hit);
      return hit;
    }
    const store = this.setup.open(repo, branch, (m) => this.sink?.push(m));
    if (real(store.git.location.commonDir) !== this.setup.commonDir) {
      store.close();
      throw new InvalidInputError("this helper serves another repository", { repo });
    }
    hit = { store, tip: null, ready: false };
    this.stores.set(key, hit);
    while (this.stores.size > MAX_STORES) {
      const [k, old] = this.stores.entries().next().value;
      this.stores.delete(k);
      old.store.close();
    }
    return hit;
  }
  /** Closes the store of (repo, branch): its index files close with it (src/search/index-files.ts). */
  drop(repo, branch) {
    const key = `${repo}\0${branch ?? ""}`;
    this.stores.get(key)?.store.close();
    this.stores.delete(key);
  }
  status() {
    return {
      pid: process.pid,
      version: VERSION,
      build: this.setup.build,
      protocol: PROTOCOL,
      socket: this.p.socket,
      startedAt: new Date(this.startedAt).toISOString(),
      uptimeMs: Date.now() - this.startedAt,
      idleMs: Date.now() - this.idleSince,
      idleTimeoutMs: this.setup.idleMs,
      requests: this.requests,
      rssBytes: process.memoryUsage.rss(),
      cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1e3),
      stores: [...this.stores.entries()].map(([k, v]) => ({ repo: k.split("\0")[0], branch: v.store.branch, tip: v.tip, ready: v.ready }))
    };
  }
  /** Removes the socket and pid file if they are still this helper's (before any answer that makes a client start another). */
  release() {
    try {
      if (this.socketIno && statSync(this.p.socket).ino === this.socketIno) unlinkSync(this.p.socket);
    } catch {
    }
    try {
      if (readPid(this.p.pidFile)?.pid === process.pid) unlinkSync(this.p.pidFile);
    } catch {
    }
    this.idle();
  }
  /** Stops serving: the lock and socket go, every store closes, {@link exited} resolves. */
  shutdown(why) {
    if (this.stopping) return;
    this.stopping = true;
    this.setup.log(`exiting: ${why}`);
    this.release();
    this.server?.close();
    for (const { store } of this.stores.values()) store.close();
    this.stores.clear();
    clearInterval(this.watch);
    clearTimeout(this.idleTimer);
    setTimeout(() => this.exitResolve(0), 50).unref();
  }
  armIdle() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.shutdown(`idle for ${Math.round(this.setup.idleMs / 1e3)} s`), this.setup.idleMs);
  }
  /**
   * While a request runs, a busy marker says so: a client whose search needs no model searches
   * in-process instead of queueing behind it, and `daemon status` can say what a helper that does
   * not answer (its thread held by the model) is doing.
   */
  busy(op) {
    try {
      writeFileSync(this.p.busyFile, JSON.stringify({ pid: process.pid, since: (/* @__PURE__ */ new Date()).toISOString(), op }) + "\n", { mode: 384 });
    } catch {
    }
  }
  idle() {
    try {
      if (readPid(this.p.busyFile)?.pid === process.pid) unlinkSync(this.p.busyFile);
    } catch {
    }
  }
  /** Runs `fn` after every request queued before it: one search at a time, in arrival order. */
  enqueue(fn, op = "search") {
    const marked = () => {
      this.busy(op);
      return fn().finally(() => this.idle());
    };
    const run = this.queue.then(marked, marked);
    this.queue = run.catch(() => {
    });
    return run;
  }
  /** A default search on (repo, branch): loads the index, the vectors and the model, the paths the next real search takes. */
  async warm(repo, branch) {
    try {
      const s = this.storeFor(repo, branch);
      s.store.invalidateConfig();
      this.sink = [];
      await s.store.search({ query: "warm up", limit: 1 });
      s.tip = s.store.tip();
      s.ready = true;
    } catch (err) {
      this.setup.log(`warm-up failed: ${err.message}`);
      this.drop(repo, branch);
    } finally {
      this.sink = null;
    }
  }
  /** Queues a warm-up (of the branch the helper was started for, before the request that started it). */
  warmSoon(repo, branch, op = "warm-up") {
    void this.enqueue(() => this.warm(repo, branch), op);
  }
  /** The answer to one request, and what to do once it is sent. */
  async handle(r) {
    if (r.op === "status") return { res: { ok: true, status: this.status() } };
    if (r.op === "stop") {
      const st = this.status();
      this.release();
      return { res: { ok: true, status: st }, after: () => this.shutdown("stop requested") };
    }
    if (r.build !== this.setup.build || r.env !== this.setup.env) {
      const stale = r.build !== this.setup.build ? "version" : "env";
      this.release();
      return { res: { ok: false, stale }, after: () => this.shutdown(`stale for a client (${stale})`) };
    }
    if (r.op === "refresh") {
      const key = `${r.repo}\0${r.branch ?? ""}`;
      if (!this.refreshing.has(key)) {
        this.refreshing.add(key);
        void this.enqueue(() => (this.refreshing.delete(key), this.warm(r.repo, r.branch)), "refresh");
      }
      return { res: { ok: true } };
    }
    if (r.op !== "search") return { res: { ok: false, error: { code: "INVALID_INPUT", message: `unknown request ${JSON.stringify(r.op)}` } } };
    return this.enqueue(() => this.search(r));
  }
  /** A search request, run in its turn. */
  async search(r) {
    this.sink = [];
    try {
      const s = this.storeFor(r.repo, r.branch);
      s.store.invalidateConfig();
      const q = r.query;
      if (q === null || typeof q !== "object" || Array.isArray(q)) throw new InvalidInputError("search takes an options object", { field: "query" });
      const result = await s.store.search(q);
      s.tip = s.store.tip();
      s.ready = true;
      return { res: { ok: true, result, warnings: this.sink } };
    } catch (err) {
      if (err instanceof MemoryError) {
        if (err.code === "INTERNAL" || err.code === "CORRUPT_OBJECT") this.drop(r.repo, r.branch);
        return { res: { ok: false, error: err.toJSON(), warnings: this.sink ?? [] } };
      }
      this.drop(r.repo, r.branch);
      this.setup.log(`request failed: ${err?.stack ?? err}`);
      return { res: { ok: false, error: { code: "INTERNAL", message: err?.message ?? String(err) }, warnings: this.sink ?? [] } };
    } finally {
      this.sink = null;
    }
  }
  /** Reads one JSON line (bounded) from a connection, answers it, and closes the connection. */
  onConnection(conn) {
    const chunks = [];
    let size = 0;
    let got = false;
    conn.setTimeout(6e4, () => conn.destroy());
    conn.on("error", () => {
    });
    conn.on("data", (c) => {
      if (got) return;
      const nl = c.indexOf(10);
      size += nl < 0 ? c.length : nl;
      if (size > MAX_REQUEST_BYTES) {
        got = true;
        conn.end(JSON.stringify({ ok: false, error: { code: "INVALID_INPUT", message: `request over ${MAX_REQUEST_BYTES} bytes` } }) + "\n");
        setTimeout(() => conn.destroy(), 1e3).unref();
        return;
      }
      if (nl < 0) return void chunks.push(c);
      got = true;
      conn.setTimeout(0);
      chunks.push(c.subarray(0, nl));
      let r;
      try {
        r = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (!r || typeof r !== "object" || typeof r.op !== "string") throw new Error("not a request");
      } catch {
        conn.end(JSON.stringify({ ok: false, error: { code: "INVALID_INPUT", message: "unreadable request" } }) + "\n");
        return;
      }
      this.requests++;
      this.idleSince = this.lastRequest;
      this.lastRequest = Date.now();
      clearTimeout(this.idleTimer);
      const reply = (res) => {
        if (!conn.destroyed) conn.end(JSON.stringify(res) + "\n");
      };
      const answer = r.v !== PROTOCOL ? (this.release(), Promise.resolve({ res: { ok: false, stale: "protocol" }, after: () => this.shutdown("client speaks another protocol") })) : this.handle(r);
      answer.then(({ res, after }) => {
        reply(res);
        after?.();
      }).catch((err) => reply({ ok: false, error: { code: "INTERNAL", message: err?.message ?? String(err) } })).finally(() => {
        this.lastRequest = Date.now();
        if (!this.stopping) this.armIdle();
      });
    });
  }
  /**
   * Listens on the socket (any socket file left there is stale: the lock is ours; born 0600 by the
   * umask, then checked), then watches that socket, pid file and bundle stay its own. False when it
   * cannot listen.
   */
  async listen() {
    const p = this.p;
    try {
      if (existsSync(p.socket)) unlinkSync(p.socket);
    } catch {
    }
    const server = createServer((conn) => this.onConnection(conn));
    this.server = server;
    const oldMask = process.umask(127);
    try {
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(p.socket, () => resolve());
      });
    } catch (err) {
      this.setup.log(`cannot listen on ${p.socket}: ${err.message}`);
      this.release();
      return false;
    } finally {
      process.umask(oldMask);
    }
    chmodSync(p.socket, 384);
    this.socketIno = statSync(p.socket).ino;
    this.setup.log(`listening on ${p.socket} (pid ${process.pid}, idle timeout ${Math.round(this.setup.idleMs / 1e3)} s)`);
    this.watch = setInterval(() => this.checkOwnFiles(), WATCH_MS);
    this.watch.unref();
    this.armIdle();
    return true;
  }
  /** Ends the helper when its socket or pid file was removed or replaced, or its program changed on disk. */
  checkOwnFiles() {
    try {
      if (statSync(this.p.socket).ino !== this.socketIno) return this.shutdown("socket replaced");
    } catch {
      return this.shutdown("socket removed");
    }
    if (readPid(this.p.pidFile)?.pid !== process.pid) return this.shutdown("pid file removed or replaced");
    if (buildId(true) !== this.setup.build) return this.shutdown("its program changed on disk");
  }
};
async function runDaemon(opts) {
  const log = opts.log ?? (() => {
  });
  const home = opts.open(opts.repo, opts.branch, () => {
  });
  const root = home.git.location.root;
  const homeBranch = home.branch;
  const commonDir = real(home.git.location.commonDir);
  const paths = daemonPaths(home.git.location.commonDir);
  home.close();
  if (!privateDir(paths.dir) || !privateDir(socketDir(paths))) {
    log(`not starting: ${paths.dir} is not a private folder of this user`);
    return 1;
  }
  const build = buildId();
  const env = envFingerprint();
  if (!await acquire(paths, build, env)) {
    log("another helper runs (or is starting) for this repository");
    return 0;
  }
  const helper = new SearchHelper({ paths, commonDir, build, env, idleMs: idleTimeoutMs(), log, open: opts.open });
  if (!await helper.listen()) return 1;
  for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(sig, () => helper.shutdown(sig));
  process.on("uncaughtException", (err) => {
    log(`uncaught: ${err?.stack ?? err}`);
    helper.shutdown("uncaught exception");
  });
  helper.warmSoon(root, homeBranch);
  return helper.exited;
}
export {
  SearchHelper,
  runDaemon
};
