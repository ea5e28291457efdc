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
import { MemoryError, InvalidInputError } from '../core/errors.js';
import type { SearchQuery } from '../core/search-types.js';
import { MemoryStore } from '../core/store.js';
import { send } from './client.js';
import { alive, buildId, daemonPaths, envFingerprint, idleTimeoutMs, MAX_REQUEST_BYTES, privateDir, PROTOCOL, socketDir, VERSION, type DaemonPaths, type DaemonRequest, type DaemonResponse, type DaemonStatus } from './common.js';

export interface RunOptions {
  repo?: string;
  branch?: string;
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

export async function runDaemon(opts: RunOptions = {}): Promise<number> {
  const log = opts.log ?? (() => {});
  const home = new MemoryStore({ repo: opts.repo, branch: opts.branch, warn: () => {} });
  const commonDir = real(home.git.location.commonDir);
  const p = daemonPaths(home.git.location.commonDir);
  if (!privateDir(p.dir) || !privateDir(socketDir(p))) {
    log(`not starting: ${p.dir} is not a private folder of this user`);
    return 1;
  }
  // What this helper answers for, fixed before it changes its own environment.
  const build = buildId();
  const env = envFingerprint();
  // Never writes to the branch: vectors it computes stay in the local cache.
  process.env.MEMORY_VECTORS_COMMIT = '0';
  if (!(await acquire(p, build, env))) {
    log('another helper runs (or is starting) for this repository');
    home.close();
    return 0;
  }

  const root = home.git.location.root;
  const homeBranch = home.branch;
  home.close();
  const startedAt = Date.now();
  const idleMs = idleTimeoutMs();
  let lastRequest = Date.now();
  /** When the helper last finished a request before the current one (what status reports as idle). */
  let idleSince = lastRequest;
  let requests = 0;
  let sink: string[] | null = null;
  const stores = new Map<string, { store: MemoryStore; tip: string | null }>();
  let queue: Promise<unknown> = Promise.resolve();
  const refreshing = new Set<string>();
  let server: Server | null = null;
  let socketIno = 0;
  let stopping = false;
  let watch: NodeJS.Timeout | undefined;

  const storeFor = (repo: unknown, branch: unknown): { store: MemoryStore; tip: string | null } => {
    if (typeof repo !== 'string' || !repo || (branch !== undefined && typeof branch !== 'string')) throw new InvalidInputError('a request names its repository and branch');
    const key = `${repo}\0${branch ?? ''}`;
    let hit = stores.get(key);
    if (hit) {
      stores.delete(key);
      stores.set(key, hit);
      return hit;
    }
    const store = new MemoryStore({ repo, branch: branch as string | undefined, source: 'cli', warn: (m) => sink?.push(m) });
    if (real(store.git.location.commonDir) !== commonDir) {
      store.close();
      throw new InvalidInputError('this helper serves another repository', { repo });
    }
    hit = { store, tip: null };
    stores.set(key, hit);
    while (stores.size > MAX_STORES) {
      const [k, old] = stores.entries().next().value as [string, { store: MemoryStore }];
      stores.delete(k);
      old.store.close();
    }
    return hit;
  };

  const drop = (repo: unknown, branch: unknown) => {
    const key = `${repo}\0${branch ?? ''}`;
    stores.get(key)?.store.close();
    stores.delete(key);
  };

  const status = (): DaemonStatus => ({
    pid: process.pid,
    version: VERSION,
    build,
    protocol: PROTOCOL,
    socket: p.socket,
    startedAt: new Date(startedAt).toISOString(),
    uptimeMs: Date.now() - startedAt,
    idleMs: Date.now() - idleSince,
    idleTimeoutMs: idleMs,
    requests,
    rssBytes: process.memoryUsage.rss(),
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    stores: [...stores.entries()].map(([k, v]) => ({ repo: k.split('\0')[0], branch: v.store.branch, tip: v.tip })),
  });

  /** Removes the socket and pid file if they are still this helper's (before any answer that makes a client start another). */
  const release = () => {
    try {
      if (socketIno && statSync(p.socket).ino === socketIno) unlinkSync(p.socket);
    } catch {
      /* gone */
    }
    try {
      if (readPid(p.pidFile)?.pid === process.pid) unlinkSync(p.pidFile);
    } catch {
      /* gone */
    }
    idle();
  };

  let exitResolve: (code: number) => void = () => {};
  const exited = new Promise<number>((r) => (exitResolve = r));
  const shutdown = (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`exiting: ${why}`);
    release();
    server?.close();
    for (const { store } of stores.values()) store.close();
    clearInterval(watch);
    clearTimeout(idleTimer);
    // Let answers in flight reach their clients.
    setTimeout(() => exitResolve(0), 50).unref();
  };

  let idleTimer: NodeJS.Timeout = setTimeout(() => {}, 0);
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => shutdown(`idle for ${Math.round(idleMs / 1000)} s`), idleMs);
  };

  /**
   * While a request runs, a busy marker says so: a client whose search needs no model searches
   * in-process instead of queueing behind it, and `daemon status` can say what a helper that does
   * not answer (its thread held by the model) is doing.
   */
  const busy = (op: string) => {
    try {
      writeFileSync(p.busyFile, JSON.stringify({ pid: process.pid, since: new Date().toISOString(), op }) + '\n', { mode: 0o600 });
    } catch {
      /* the folder is gone: the watch below ends this helper */
    }
  };
  const idle = () => {
    try {
      if (readPid(p.busyFile)?.pid === process.pid) unlinkSync(p.busyFile);
    } catch {
      /* gone */
    }
  };

  /** Runs `fn` after every request queued before it: one search at a time, in arrival order. */
  const enqueue = <T>(fn: () => Promise<T>, op = 'search'): Promise<T> => {
    const marked = () => {
      busy(op);
      return fn().finally(idle);
    };
    const run = queue.then(marked, marked);
    queue = run.catch(() => {});
    return run;
  };

  const warm = async (repo: unknown, branch: unknown) => {
    try {
      const s = storeFor(repo, branch);
      s.store.invalidateConfig();
      sink = [];
      // A default search: loads the index, the vectors (embedding new memories into the local
      // cache) and the model, exactly the paths the next real search takes.
      await s.store.search({ query: 'warm up', limit: 1 });
      s.tip = s.store.tip();
    } catch (err) {
      log(`warm-up failed: ${(err as Error).message}`);
      drop(repo, branch);
    } finally {
      sink = null;
    }
  };

  const handle = async (r: DaemonRequest): Promise<{ res: DaemonResponse; after?: () => void }> => {
    if (r.op === 'status') return { res: { ok: true, status: status() } };
    if (r.op === 'stop') {
      const st = status();
      release();
      return { res: { ok: true, status: st }, after: () => shutdown('stop requested') };
    }
    if (r.build !== build || r.env !== env) {
      // Another build (an upgrade, a second install) or environment: give way to a fresh helper.
      const stale = r.build !== build ? 'version' : 'env';
      release();
      return { res: { ok: false, stale }, after: () => shutdown(`stale for a client (${stale})`) };
    }
    if (r.op === 'refresh') {
      // Stores in a burst queue one refresh per branch, not one each.
      const key = `${r.repo}\0${r.branch ?? ''}`;
      if (!refreshing.has(key)) {
        refreshing.add(key);
        void enqueue(() => (refreshing.delete(key), warm(r.repo, r.branch)), 'refresh');
      }
      return { res: { ok: true } };
    }
    if (r.op !== 'search') return { res: { ok: false, error: { code: 'INVALID_INPUT', message: `unknown request ${JSON.stringify(r.op)}` } } };
    return enqueue(async () => {
      sink = [];
      try {
        const s = storeFor(r.repo, r.branch);
        // The repository's .git-memory.json may have changed since the last request.
        s.store.invalidateConfig();
        const q = r.query;
        if (q === null || typeof q !== 'object' || Array.isArray(q)) throw new InvalidInputError('search takes an options object', { field: 'query' });
        const result = await s.store.search(q as SearchQuery);
        s.tip = s.store.tip();
        return { res: { ok: true, result, warnings: sink } };
      } catch (err) {
        if (err instanceof MemoryError) {
          if (err.code === 'INTERNAL' || err.code === 'CORRUPT_OBJECT') drop(r.repo, r.branch);
          return { res: { ok: false, error: err.toJSON(), warnings: sink ?? [] } };
        }
        // A bug or a changed repository (repacked, replaced): start from a fresh store next time.
        drop(r.repo, r.branch);
        log(`request failed: ${(err as Error)?.stack ?? err}`);
        return { res: { ok: false, error: { code: 'INTERNAL', message: (err as Error)?.message ?? String(err) }, warnings: sink ?? [] } };
      } finally {
        sink = null;
      }
    });
  };

  const onConnection = (conn: Socket) => {
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
      requests++;
      idleSince = lastRequest;
      lastRequest = Date.now();
      clearTimeout(idleTimer);
      const reply = (res: DaemonResponse) => {
        if (!conn.destroyed) conn.end(JSON.stringify(res) + '\n');
      };
      const answer: Promise<{ res: DaemonResponse; after?: () => void }> =
        r.v !== PROTOCOL
          ? (release(), Promise.resolve({ res: { ok: false, stale: 'protocol' } as DaemonResponse, after: () => shutdown('client speaks another protocol') }))
          : handle(r);
      answer
        .then(({ res, after }) => {
          reply(res);
          after?.();
        })
        .catch((err) => reply({ ok: false, error: { code: 'INTERNAL', message: (err as Error)?.message ?? String(err) } }))
        .finally(() => {
          lastRequest = Date.now();
          if (!stopping) armIdle();
        });
    });
  };

  // Listen: any socket file left here is stale (the lock is ours). Born 0600 (umask), then checked.
  try {
    if (existsSync(p.socket)) unlinkSync(p.socket);
  } catch {
    /* gone */
  }
  server = createServer(onConnection);
  const oldMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(p.socket, () => resolve());
    });
  } catch (err) {
    process.umask(oldMask);
    log(`cannot listen on ${p.socket}: ${(err as Error).message}`);
    release();
    return 1;
  }
  process.umask(oldMask);
  chmodSync(p.socket, 0o600);
  socketIno = statSync(p.socket).ino;
  log(`listening on ${p.socket} (pid ${process.pid}, idle timeout ${Math.round(idleMs / 1000)} s)`);

  watch = setInterval(() => {
    try {
      if (statSync(p.socket).ino !== socketIno) return shutdown('socket replaced');
    } catch {
      return shutdown('socket removed');
    }
    if (readPid(p.pidFile)?.pid !== process.pid) return shutdown('pid file removed or replaced');
    if (buildId(true) !== build) return shutdown('its program changed on disk');
  }, WATCH_MS);
  watch.unref();
  armIdle();
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => shutdown(sig));
  process.on('uncaughtException', (err) => {
    log(`uncaught: ${err?.stack ?? err}`);
    shutdown('uncaught exception');
  });

  // Warm the branch it was started for, ahead of the request that started it.
  void enqueue(() => warm(root, homeBranch), 'warm-up');
  return exited;
}
