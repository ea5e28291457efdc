/**
 * The search helper (`memory daemon run`, docs/daemon.md): one process per repository that keeps the
 * embedding model, the full-text index and the vectors warm, and answers searches over a unix socket
 * with exactly what an in-process `store.search` returns, read at the branch tip of each request.
 *
 * - Socket `daemon.sock` (0600) in a 0700 folder under the git dir; only this user can connect.
 * - One request per connection, one JSON line each way, at most 1 MiB in; requests run one at a time.
 * - Answers only clients of the same build and environment (else says `stale` and exits, and the
 *   client starts a fresh helper); never writes to the branch (new vectors go to the local cache).
 * - Exits after MEMORY_DAEMON_IDLE without a request, on `stop`, on SIGTERM/SIGINT, when its socket
 *   or pid file is removed or replaced, or when its own bundle changes on disk (an upgrade).
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync, chmodSync, existsSync, realpathSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { MemoryError, InvalidInputError } from '../errors.js';
import type { SearchQuery } from '../model/search-types.js';
import type { HelperBranch, OpenHelperBranch } from '../model/branch-view.js';
import { send } from './client.js';
import { alive, buildId, daemonPaths, envFingerprint, idleTimeoutMs, MAX_REQUEST_BYTES, privateDir, PROTOCOL, socketDir, VERSION, type DaemonPaths, type DaemonRequest, type DaemonResponse, type DaemonStatus } from './common.js';

export interface RunOptions {
  repo?: string;
  branch?: string;
  /** Opens a branch to serve (the door's `runSearchHelper` passes the store's opener). */
  open: OpenHelperBranch;
  /** Where to say what happens (foreground runs); default nowhere. */
  log?: (line: string) => void;
}

/** Most branches (work tree × branch) kept open at once; the least recently used is dropped. */
const MAX_STORES = 8;
/** How often the helper checks that its socket, pid file and bundle are still its own. */
const WATCH_MS = 2000;

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

function readPid(file: string): { pid: number; mtimeMs: number } | null {
  try {
    return { pid: Number(JSON.parse(readFileSync(file, 'utf8')).pid) || 0, mtimeMs: statSync(file).mtimeMs };
  } catch {
    return null;
  }
}


/**
 * Takes the helper's lock (the pid file, created exclusively). Gives way to a live helper that
 * answers, or that took the lock less than 30 s ago (starting); removes the lock of a dead one.
 */
async function acquire(p: DaemonPaths, build: string, env: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(p.pidFile, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, version: VERSION, startedAt: new Date().toISOString() }) + '\n');
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    const other = readPid(p.pidFile);
    if (other && other.pid !== process.pid && alive(other.pid)) {
      const o = await send(p.socket, { v: PROTOCOL, op: 'status', build, env }, 2000);
      if (o.kind === 'answer' || Date.now() - other.mtimeMs < 30_000) return false;
    }
    try {
      unlinkSync(p.pidFile);
    } catch {
      /* someone else removed it */
    }
  }
  return false;
}

/** What a helper answers for and where, fixed when it starts. */
interface HelperSetup {
  paths: DaemonPaths;
  /** The repository's common git dir, resolved: requests for another repository are refused. */
  commonDir: string;
  build: string;
  env: string;
  idleMs: number;
  log: (line: string) => void;
  /** Opens the branch a request names. */
  open: OpenHelperBranch;
}

type Handled = { res: DaemonResponse; after?: () => void };

/**
 * One running helper: its open stores, its request queue, its socket and timers, and the methods
 * that serve a connection, answer a request and end the helper. {@link runDaemon} takes the lock,
 * makes one, listens and waits for {@link exited}.
 */
export class SearchHelper {
  private readonly startedAt = Date.now();
  private lastRequest = Date.now();
  /** When the helper last finished a request before the current one (what status reports as idle). */
  private idleSince = this.lastRequest;
  private requests = 0;
  /** Warnings of the request running now (requests run one at a time). */
  private sink: string[] | null = null;
  /** Open stores by repository and branch, least recently used first. */
  private readonly stores = new Map<string, { store: HelperBranch; tip: string | null; ready: boolean }>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly refreshing = new Set<string>();
  private server: Server | null = null;
  private socketIno = 0;
  private stopping = false;
  private watch: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private exitResolve: (code: number) => void = () => {};
  /** Resolves with the exit code once the helper has stopped. */
  readonly exited = new Promise<number>((r) => (this.exitResolve = r));

  constructor(private readonly setup: HelperSetup) {}

  private get p(): DaemonPaths {
    return this.setup.paths;
  }

  /** The store of (repo, branch), opened on first use; at most MAX_STORES stay open. */
  private storeFor(repo: unknown, branch: unknown): { store: HelperBranch; tip: string | null; ready: boolean } {
    if (typeof repo !== 'string' || !repo || (branch !== undefined && typeof branch !== 'string')) throw new InvalidInputError('a request names its repository and branch');
    const key = `${repo}\0${branch ?? ''}`;
    let hit = this.stores.get(key);
    if (hit) {
      this.stores.delete(key);
      this.stores.set(key, hit);
      return hit;
    }
    const store = this.setup.open(repo, branch as string | undefined, (m) => this.sink?.push(m));
    if (real(store.git.location.commonDir) !== this.setup.commonDir) {
      store.close();
      throw new InvalidInputError('this helper serves another repository', { repo });
    }
    hit = { store, tip: null, ready: false };
    this.stores.set(key, hit);
    while (this.stores.size > MAX_STORES) {
      const [k, old] = this.stores.entries().next().value as [string, { store: HelperBranch }];
      this.stores.delete(k);
      old.store.close();
    }
    return hit;
  }

  /** Closes the store of (repo, branch): its index files close with it (src/search/index-files.ts). */
  private drop(repo: unknown, branch: unknown): void {
    const key = `${repo}\0${branch ?? ''}`;
    this.stores.get(key)?.store.close();
    this.stores.delete(key);
  }

  status(): DaemonStatus {
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
      cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
      stores: [...this.stores.entries()].map(([k, v]) => ({ repo: k.split('\0')[0], branch: v.store.branch, tip: v.tip, ready: v.ready })),
    };
  }

  /** Removes the socket and pid file if they are still this helper's (before any answer that makes a client start another). */
  release(): void {
    try {
      if (this.socketIno && statSync(this.p.socket).ino === this.socketIno) unlinkSync(this.p.socket);
    } catch {
      /* gone */
    }
    try {
      if (readPid(this.p.pidFile)?.pid === process.pid) unlinkSync(this.p.pidFile);
    } catch {
      /* gone */
    }
    this.idle();
  }

  /** Stops serving: the lock and socket go, every store closes, {@link exited} resolves. */
  shutdown(why: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.setup.log(`exiting: ${why}`);
    this.release();
    this.server?.close();
    for (const { store } of this.stores.values()) store.close();
    this.stores.clear();
    clearInterval(this.watch);
    clearTimeout(this.idleTimer);
    // Let answers in flight reach their clients.
    setTimeout(() => this.exitResolve(0), 50).unref();
  }

  private armIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.shutdown(`idle for ${Math.round(this.setup.idleMs / 1000)} s`), this.setup.idleMs);
  }

  /**
   * While a request runs, a busy marker says so: a client whose search needs no model searches
   * in-process instead of queueing behind it, and `daemon status` can say what a helper that does
   * not answer (its thread held by the model) is doing.
   */
  private busy(op: string): void {
    try {
      writeFileSync(this.p.busyFile, JSON.stringify({ pid: process.pid, since: new Date().toISOString(), op }) + '\n', { mode: 0o600 });
    } catch {
      /* the folder is gone: the watch ends this helper */
    }
  }

  private idle(): void {
    try {
      if (readPid(this.p.busyFile)?.pid === process.pid) unlinkSync(this.p.busyFile);
    } catch {
      /* gone */
    }
  }

  /** Runs `fn` after every request queued before it: one search at a time, in arrival order. */
  private enqueue<T>(fn: () => Promise<T>, op = 'search'): Promise<T> {
    const marked = () => {
      this.busy(op);
      return fn().finally(() => this.idle());
    };
    const run = this.queue.then(marked, marked);
    this.queue = run.catch(() => {});
    return run;
  }

  /** A default search on (repo, branch): loads the index, the vectors and the model, the paths the next real search takes. */
  async warm(repo: unknown, branch: unknown): Promise<void> {
    try {
      const s = this.storeFor(repo, branch);
      s.store.invalidateConfig();
      this.sink = [];
      // New memories are embedded into the local cache: a search never writes to the branch.
      await s.store.search({ query: 'warm up', limit: 1 });
      s.tip = s.store.tip();
      s.ready = true;
    } catch (err) {
      this.setup.log(`warm-up failed: ${(err as Error).message}`);
      this.drop(repo, branch);
    } finally {
      this.sink = null;
    }
  }

  /** Queues a warm-up (of the branch the helper was started for, before the request that started it). */
  warmSoon(repo: string, branch: string, op = 'warm-up'): void {
    void this.enqueue(() => this.warm(repo, branch), op);
  }

  /** The answer to one request, and what to do once it is sent. */
  async handle(r: DaemonRequest): Promise<Handled> {
    if (r.op === 'status') return { res: { ok: true, status: this.status() } };
    if (r.op === 'stop') {
      const st = this.status();
      this.release();
      return { res: { ok: true, status: st }, after: () => this.shutdown('stop requested') };
    }
    if (r.build !== this.setup.build || r.env !== this.setup.env) {
      // Another build (an upgrade, a second install) or environment: give way to a fresh helper.
      const stale = r.build !== this.setup.build ? 'version' : 'env';
      this.release();
      return { res: { ok: false, stale }, after: () => this.shutdown(`stale for a client (${stale})`) };
    }
    if (r.op === 'refresh') {
      // Stores in a burst queue one refresh per branch, not one each.
      const key = `${r.repo}\0${r.branch ?? ''}`;
      if (!this.refreshing.has(key)) {
        this.refreshing.add(key);
        void this.enqueue(() => (this.refreshing.delete(key), this.warm(r.repo, r.branch)), 'refresh');
      }
      return { res: { ok: true } };
    }
    if (r.op !== 'search') return { res: { ok: false, error: { code: 'INVALID_INPUT', message: `unknown request ${JSON.stringify(r.op)}` } } };
    return this.enqueue(() => this.search(r));
  }

  /** A search request, run in its turn. */
  private async search(r: DaemonRequest): Promise<Handled> {
    this.sink = [];
    try {
      const s = this.storeFor(r.repo, r.branch);
      // The repository's .git-memory.json may have changed since the last request.
      s.store.invalidateConfig();
      const q = r.query;
      if (q === null || typeof q !== 'object' || Array.isArray(q)) throw new InvalidInputError('search takes an options object', { field: 'query' });
      const result = await s.store.search(q as SearchQuery);
      s.tip = s.store.tip();
      s.ready = true;
      return { res: { ok: true, result, warnings: this.sink } };
    } catch (err) {
      if (err instanceof MemoryError) {
        if (err.code === 'INTERNAL' || err.code === 'CORRUPT_OBJECT') this.drop(r.repo, r.branch);
        return { res: { ok: false, error: err.toJSON(), warnings: this.sink ?? [] } };
      }
      // A bug or a changed repository (repacked, replaced): start from a fresh store next time.
      this.drop(r.repo, r.branch);
      this.setup.log(`request failed: ${(err as Error)?.stack ?? err}`);
      return { res: { ok: false, error: { code: 'INTERNAL', message: (err as Error)?.message ?? String(err) }, warnings: this.sink ?? [] } };
    } finally {
      this.sink = null;
    }
  }

  /** Reads one JSON line (bounded) from a connection, answers it, and closes the connection. */
  private onConnection(conn: Socket): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let got = false;
    conn.setTimeout(60_000, () => conn.destroy());
    conn.on('error', () => {});
    conn.on('data', (c: Buffer) => {
      if (got) return;
      const nl = c.indexOf(10);
      size += nl < 0 ? c.length : nl;
      if (size > MAX_REQUEST_BYTES) {
        got = true;
        conn.end(JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: `request over ${MAX_REQUEST_BYTES} bytes` } }) + '\n');
        setTimeout(() => conn.destroy(), 1000).unref();
        return;
      }
      if (nl < 0) return void chunks.push(c);
      got = true;
      // The request is in: the client now waits as long as it chooses (MEMORY_DAEMON_TIMEOUT).
      conn.setTimeout(0);
      chunks.push(c.subarray(0, nl));
      let r: DaemonRequest;
      try {
        r = JSON.parse(Buffer.concat(chunks).toString('utf8')) as DaemonRequest;
        if (!r || typeof r !== 'object' || typeof r.op !== 'string') throw new Error('not a request');
      } catch {
        conn.end(JSON.stringify({ ok: false, error: { code: 'INVALID_INPUT', message: 'unreadable request' } }) + '\n');
        return;
      }
      this.requests++;
      this.idleSince = this.lastRequest;
      this.lastRequest = Date.now();
      clearTimeout(this.idleTimer);
      const reply = (res: DaemonResponse) => {
        if (!conn.destroyed) conn.end(JSON.stringify(res) + '\n');
      };
      const answer: Promise<Handled> =
        r.v !== PROTOCOL
          ? (this.release(), Promise.resolve({ res: { ok: false, stale: 'protocol' } as DaemonResponse, after: () => this.shutdown('client speaks another protocol') }))
          : this.handle(r);
      answer
        .then(({ res, after }) => {
          reply(res);
          after?.();
        })
        .catch((err) => reply({ ok: false, error: { code: 'INTERNAL', message: (err as Error)?.message ?? String(err) } }))
        .finally(() => {
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
  async listen(): Promise<boolean> {
    const p = this.p;
    try {
      if (existsSync(p.socket)) unlinkSync(p.socket);
    } catch {
      /* gone */
    }
    const server = createServer((conn) => this.onConnection(conn));
    this.server = server;
    const oldMask = process.umask(0o177);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(p.socket, () => resolve());
      });
    } catch (err) {
      this.setup.log(`cannot listen on ${p.socket}: ${(err as Error).message}`);
      this.release();
      return false;
    } finally {
      process.umask(oldMask);
    }
    chmodSync(p.socket, 0o600);
    this.socketIno = statSync(p.socket).ino;
    this.setup.log(`listening on ${p.socket} (pid ${process.pid}, idle timeout ${Math.round(this.setup.idleMs / 1000)} s)`);
    this.watch = setInterval(() => this.checkOwnFiles(), WATCH_MS);
    this.watch.unref();
    this.armIdle();
    return true;
  }

  /** Ends the helper when its socket or pid file was removed or replaced, or its program changed on disk. */
  private checkOwnFiles(): void {
    try {
      if (statSync(this.p.socket).ino !== this.socketIno) return this.shutdown('socket replaced');
    } catch {
      return this.shutdown('socket removed');
    }
    if (readPid(this.p.pidFile)?.pid !== process.pid) return this.shutdown('pid file removed or replaced');
    if (buildId(true) !== this.setup.build) return this.shutdown('its program changed on disk');
  }
}

/**
 * Runs the helper for the repository of `opts.repo` until it stops; resolves with the exit code.
 * Changes nothing process-wide but what a daemon process owns: the signal and uncaught-exception
 * handlers that end it.
 */
export async function runDaemon(opts: RunOptions): Promise<number> {
  const log = opts.log ?? (() => {});
  const home = opts.open(opts.repo, opts.branch, () => {});
  const root = home.git.location.root;
  const homeBranch = home.branch;
  const commonDir = real(home.git.location.commonDir);
  const paths = daemonPaths(home.git.location.commonDir);
  home.close();
  if (!privateDir(paths.dir) || !privateDir(socketDir(paths))) {
    log(`not starting: ${paths.dir} is not a private folder of this user`);
    return 1;
  }
  // What this helper answers for: the build and the environment a search's answer depends on.
  const build = buildId();
  const env = envFingerprint();
  if (!(await acquire(paths, build, env))) {
    log('another helper runs (or is starting) for this repository');
    return 0;
  }
  const helper = new SearchHelper({ paths, commonDir, build, env, idleMs: idleTimeoutMs(), log, open: opts.open });
  if (!(await helper.listen())) return 1;
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => helper.shutdown(sig));
  process.on('uncaughtException', (err) => {
    log(`uncaught: ${err?.stack ?? err}`);
    helper.shutdown('uncaught exception');
  });
  // Warm the branch it was started for, ahead of the request that started it.
  helper.warmSoon(root, homeBranch);
  return helper.exited;
}
