/**
 * The CLI's side of the search helper (docs/daemon.md): ask a running helper, start one on demand,
 * and give up quietly whenever anything is off, so the caller searches in-process. On the CLI's
 * start-up path: node:net and node:child_process are required only when used, and nothing here
 * imports search, vector or model code.
 */
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { MemoryError, type ErrorCode, InternalError } from '../core/errors.js';
import type { SearchQuery, SearchResponse } from '../core/search-types.js';
import type { MemoryStore } from '../core/store.js';
import { buildId, daemonMode, daemonPaths, envFingerprint, isPrivateDir, PROTOCOL, requestTimeoutMs, socketDir, type DaemonOp, type DaemonPaths, type DaemonRequest, type DaemonResponse, type DaemonStatus } from './common.js';

const req = createRequire(import.meta.url);

type Outcome =
  /** The helper answered. */
  | { kind: 'answer'; res: DaemonResponse }
  /** Nobody listens: no socket (`absent`) or a socket left by a helper that is gone (`refused`). */
  | { kind: 'absent' | 'refused' }
  /** Connected, then no (complete) answer: the helper died, hung past the timeout, or sent garbage. */
  | { kind: 'lost'; reason: string };

const MAX_RESPONSE_BYTES = 256 << 20;

/** One request over one connection. Never throws. */
export function send(socket: string, body: DaemonRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const net = req('node:net') as typeof import('node:net');
    let done = false;
    let connected = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      conn.destroy();
      resolve(o);
    };
    const conn = net.createConnection(socket);
    const timer = setTimeout(() => finish({ kind: 'lost', reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
    conn.on('connect', () => {
      connected = true;
      conn.write(JSON.stringify(body) + '\n');
    });
    conn.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_RESPONSE_BYTES) return finish({ kind: 'lost', reason: 'answer too large' });
      const nl = c.indexOf(10);
      if (nl < 0) return void chunks.push(c);
      chunks.push(c.subarray(0, nl));
      try {
        finish({ kind: 'answer', res: JSON.parse(Buffer.concat(chunks).toString('utf8')) as DaemonResponse });
      } catch {
        finish({ kind: 'lost', reason: 'unreadable answer' });
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (connected) finish({ kind: 'lost', reason: err.code ?? err.message });
      else finish({ kind: err.code === 'ECONNREFUSED' || err.code === 'ENOTSOCK' ? 'refused' : 'absent' });
    });
    conn.on('close', () => finish(connected ? { kind: 'lost', reason: 'connection closed before an answer' } : { kind: 'absent' }));
  });
}

function body(store: MemoryStore, op: DaemonOp, extra: Partial<DaemonRequest> = {}): DaemonRequest {
  return { v: PROTOCOL, op, build: buildId(), env: envFingerprint(), repo: store.git.location.root, branch: store.branch, ...extra };
}

/** The helper's paths for this store, or null when its folder is not a private folder of this user. */
function pathsFor(store: MemoryStore): DaemonPaths {
  return daemonPaths(store.git.location.commonDir);
}

function usable(p: DaemonPaths): boolean {
  return isPrivateDir(p.dir) && isPrivateDir(socketDir(p));
}

/** Would this search load the embedding model in-process? Only such searches start a helper. */
function needsModel(store: MemoryStore, q: SearchQuery): boolean {
  if (q.mode === 'fulltext' || q.archived) return false;
  if (!(typeof q.query === 'string' && q.query.trim())) return false;
  let kind = process.env.MEMORY_EMBEDDER;
  if (!kind) {
    try {
      kind = String((store.config().hybrid as unknown as Record<string, unknown> | undefined)?.embedder ?? '');
    } catch {
      kind = '';
    }
  }
  return (kind || 'use').toLowerCase() !== 'none';
}

/** Starts a helper for this store's repository, detached, stdio ignored. False when it cannot be started. */
export function spawnDaemon(store: MemoryStore, extraArgs: string[] = []): boolean {
  // Absolute: the helper runs from the repository root, not from this process's directory.
  const script = process.argv[1] ? resolve(process.argv[1]) : '';
  if (!script || !existsSync(script)) return false;
  try {
    const cp = req('node:child_process') as typeof import('node:child_process');
    const root = store.git.location.root;
    const child = cp.spawn(process.execPath, [script, 'daemon', 'run', '--repo', root, '--branch', store.branch, ...extraArgs], { detached: true, stdio: 'ignore', cwd: root, env: process.env });
    child.on('error', () => {});
    child.unref();
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `b`, retrying while nobody listens yet (a helper just started), until `deadline`. */
async function sendWhenUp(p: DaemonPaths, b: DaemonRequest, deadline: number, timeoutMs: number): Promise<Outcome> {
  for (;;) {
    const o = usable(p) ? await send(p.socket, b, timeoutMs) : ({ kind: 'absent' } as Outcome);
    // A stale answer comes from the helper being replaced, still on the socket for a moment.
    const replaced = o.kind === 'answer' && !o.res.ok && !!o.res.stale;
    if ((o.kind === 'answer' && !replaced) || o.kind === 'lost' || Date.now() >= deadline) return o;
    await sleep(20);
  }
}

/** How long a client waits for a helper it started to listen (it listens before loading anything heavy). */
const START_WAIT_MS = 5000;

function debug(msg: string): void {
  if (process.env.MEMORY_DEBUG) process.stderr.write(`git-memory: daemon: ${msg}\n`);
}

/**
 * A search answered by the helper, or null: then the caller searches in-process. Uses a running
 * helper for any search; starts one (and waits for it) only for a search that would load the model,
 * when MEMORY_DAEMON allows. Errors the helper reports for the query itself (bad input) are thrown,
 * as the in-process search would; anything else falls back.
 */
export async function searchViaDaemon(store: MemoryStore, q: SearchQuery): Promise<SearchResponse | null> {
  if (daemonMode().effective === 'off') return null;
  const p = pathsFor(store);
  const b = body(store, 'search', { query: q });
  const timeout = requestTimeoutMs();
  let o: Outcome = usable(p) ? await send(p.socket, b, timeout) : { kind: 'absent' };
  if (o.kind === 'answer' && !o.res.ok && o.res.stale) {
    // The helper answered for another build or environment and is exiting: replace it.
    debug(`stale helper (${o.res.stale}), starting a new one`);
    o = { kind: 'absent' };
  }
  if ((o.kind === 'absent' || o.kind === 'refused') && needsModel(store, q)) {
    if (spawnDaemon(store)) {
      debug('started a helper');
      o = await sendWhenUp(p, b, Date.now() + START_WAIT_MS, timeout);
    }
  }
  if (o.kind !== 'answer') {
    debug(`searching in-process (${o.kind}${o.kind === 'lost' ? ': ' + o.reason : ''})`);
    return null;
  }
  const res = o.res;
  for (const w of res.warnings ?? []) store.warn(w);
  if (res.ok) return res.result as SearchResponse;
  if (res.error && res.error.code !== 'INTERNAL') throw new MemoryError(res.error.code as ErrorCode, res.error.message, res.error.data ?? {});
  debug(`searching in-process (${res.stale ? 'stale: ' + res.stale : res.error?.message})`);
  return null;
}

/**
 * After a CLI store: a warm helper embeds the new memory now (in its cache, never on the branch), so
 * the next search does not have to. Only a running helper is told; none is started, and the store
 * never waits for the embedding (just for the helper to take the request, at most 300 ms).
 */
export async function notifyStored(store: MemoryStore): Promise<void> {
  if (daemonMode().effective === 'off') return;
  const p = pathsFor(store);
  if (!usable(p) || !existsSync(p.socket)) return;
  await send(p.socket, body(store, 'refresh'), 300);
}

export interface DaemonState {
  success: true;
  running: boolean;
  mode: string;
  reason: string;
  socket: string;
  /** Stale files found (and removed) when no helper answered. */
  cleaned?: string[];
  /** Answered for another build or environment (it will not serve this client). */
  stale?: string;
  status?: DaemonStatus;
}

/** Removes a socket and pid file left by a helper that is gone (its pid no longer runs). */
function cleanStale(p: DaemonPaths): string[] {
  const cleaned: string[] = [];
  let pid = 0;
  try {
    pid = Number(JSON.parse(readFileSync(p.pidFile, 'utf8')).pid) || 0;
  } catch {
    /* none, or unreadable */
  }
  let alive = false;
  if (pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (err) {
      alive = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (alive) return cleaned;
  for (const f of [p.socket, p.pidFile]) {
    try {
      unlinkSync(f);
      cleaned.push(f.slice(f.lastIndexOf('/') + 1));
    } catch {
      /* not there */
    }
  }
  return cleaned;
}

/** `memory daemon status`. */
export async function daemonStatus(store: MemoryStore): Promise<DaemonState> {
  const m = daemonMode();
  const p = pathsFor(store);
  const base = { success: true as const, mode: m.mode, reason: m.reason, socket: p.socket };
  const o = usable(p) ? await send(p.socket, body(store, 'status'), 5000) : ({ kind: 'absent' } as Outcome);
  if (o.kind === 'answer' && o.res.ok && o.res.status) {
    const st = o.res.status;
    const stale = st.build !== buildId() ? 'version' : undefined;
    return { ...base, running: true, status: st, ...(stale ? { stale } : {}) };
  }
  const cleaned = o.kind === 'refused' || o.kind === 'absent' ? cleanStale(p) : [];
  return { ...base, running: false, ...(cleaned.length ? { cleaned } : {}) };
}

/** `memory daemon stop`: asks the helper to exit and waits until its socket is gone. */
export async function stopDaemon(store: MemoryStore): Promise<{ success: true; stopped: boolean; pid?: number; cleaned?: string[] }> {
  const p = pathsFor(store);
  const o = usable(p) ? await send(p.socket, body(store, 'stop'), 5000) : ({ kind: 'absent' } as Outcome);
  if (o.kind === 'answer' && o.res.ok) {
    const pid = o.res.status?.pid;
    const until = Date.now() + 5000;
    while (existsSync(p.socket) && Date.now() < until) await sleep(20);
    return { success: true, stopped: true, ...(pid ? { pid } : {}) };
  }
  const cleaned = cleanStale(p);
  return { success: true, stopped: false, ...(cleaned.length ? { cleaned } : {}) };
}

/** `memory daemon start`: starts a helper (unless one answers) and waits until it is warm. */
export async function startDaemon(store: MemoryStore): Promise<DaemonState> {
  const p = pathsFor(store);
  const first = await daemonStatus(store);
  if (first.running && !first.stale) return first;
  if (first.running && first.stale) await stopDaemon(store);
  if (!spawnDaemon(store)) throw new InternalError('could not start the search helper (no CLI script to run)');
  // A status request is answered after the warm-up queued before it: waiting for it waits for warm.
  const o = await sendWhenUp(p, body(store, 'status'), Date.now() + START_WAIT_MS, 120_000);
  if (o.kind === 'answer' && o.res.ok) return daemonStatus(store);
  const why = o.kind === 'lost' ? o.reason : o.kind === 'answer' ? (o.res.ok ? '' : o.res.stale ? `a stale helper (${o.res.stale}) still answers` : o.res.error?.message) : 'nobody listening';
  throw new InternalError(`the search helper did not start (${why}); run "memory daemon run" to see why`);
}
