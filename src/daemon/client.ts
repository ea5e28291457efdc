/**
 * The CLI's side of the search helper (docs/daemon.md): ask a running helper, start one on demand,
 * and give up quietly whenever anything is off, so the caller searches in-process. On the CLI's
 * start-up path: node:net and node:child_process are required only when used, and nothing here
 * imports search, vector or model code.
 */
import { existsSync, lstatSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { errorOf, InternalError } from '../errors.js';
import type { SearchQuery, SearchResponse } from '../model/search-types.js';
import type { HelperClientBranch } from '../model/branch-view.js';
import { alive, buildId, daemonMode, daemonPaths, envFingerprint, isPrivateDir, privateDir, PROTOCOL, requestTimeoutMs, socketDir, START_BACKOFF_MS, type DaemonOp, type DaemonPaths, type DaemonRequest, type DaemonResponse, type DaemonStatus } from './common.js';

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

function body(store: HelperClientBranch, op: DaemonOp, extra: Partial<DaemonRequest> = {}): DaemonRequest {
  return { v: PROTOCOL, op, build: buildId(), env: envFingerprint(), repo: store.git.location.root, branch: store.branch, ...extra };
}

/** The helper's paths for this store, or null when its folder is not a private folder of this user. */
function pathsFor(store: HelperClientBranch): DaemonPaths {
  return daemonPaths(store.git.location.commonDir);
}

function usable(p: DaemonPaths): boolean {
  return isPrivateDir(p.dir) && isPrivateDir(socketDir(p));
}

/** Would this search load the embedding model in-process? Only such searches start a helper. */
function needsModel(store: HelperClientBranch, q: SearchQuery): boolean {
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

/** A helper this process started: `exited` turns true when it ends (it gave up, or could not listen). */
export interface Spawned {
  pid: number;
  exited: () => boolean;
}

/** Starts a helper for this store's repository, detached, stdio ignored. Null when it cannot be started. */
export function spawnDaemon(store: HelperClientBranch, extraArgs: string[] = []): Spawned | null {
  // Absolute: the helper runs from the repository root, not from this process's directory.
  const script = process.argv[1] ? resolve(process.argv[1]) : '';
  if (!script || !existsSync(script)) return null;
  try {
    const cp = req('node:child_process') as typeof import('node:child_process');
    const root = store.git.location.root;
    const child = cp.spawn(process.execPath, [script, 'daemon', 'run', '--repo', root, '--branch', store.branch, ...extraArgs], { detached: true, stdio: 'ignore', cwd: root, env: process.env });
    let exited = false;
    child.on('error', () => (exited = true));
    child.on('exit', () => (exited = true));
    child.unref();
    return { pid: child.pid ?? 0, exited: () => exited };
  } catch {
    return null;
  }
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The pid of the live helper named by the pid file, or 0. Only a pid file in this user's private
 * folder counts, and where the system tells (/proc), only a process running `daemon run`: a pid
 * reused by an unrelated process is never taken for a helper (nor signalled by `stop`).
 */
function livePid(p: DaemonPaths): number {
  if (!isPrivateDir(p.dir)) return 0;
  const pid = Number(readJson(p.pidFile)?.pid) || 0;
  if (!alive(pid)) return 0;
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!(cmd.includes('daemon') && cmd.includes('run'))) return 0;
  } catch {
    /* no /proc (macOS): the pid file and liveness are all there is */
  }
  return pid;
}

/** What a live helper is working on, from its busy marker: `{ since, op }`, or null when idle. */
function busyWith(p: DaemonPaths, pid: number): { since: string; op: string } | null {
  const b = readJson(p.busyFile);
  if (!b || Number(b.pid) !== pid || typeof b.since !== 'string') return null;
  return { since: b.since, op: String(b.op ?? 'search') };
}

/** A start that failed recently (see START_BACKOFF_MS): its reason, or null. */
function backedOff(p: DaemonPaths): string | null {
  if (!isPrivateDir(p.dir)) return null;
  const b = readJson(p.backoffFile);
  if (!b || !(Number(b.retryAfter) > Date.now())) return null;
  return String(b.reason ?? 'a helper did not start');
}

function backOff(p: DaemonPaths, reason: string): void {
  try {
    writeFileSync(p.backoffFile, JSON.stringify({ at: new Date().toISOString(), retryAfter: Date.now() + START_BACKOFF_MS, reason }) + '\n', { mode: 0o600 });
  } catch {
    /* a read-only git dir: every search tries again */
  }
}

function clearBackOff(p: DaemonPaths): void {
  try {
    unlinkSync(p.backoffFile);
  } catch {
    /* none */
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends `b`, retrying while nobody listens yet (a helper just started), until `deadline` or until `child` exits. */
async function sendWhenUp(p: DaemonPaths, b: DaemonRequest, deadline: number, timeoutMs: number, child?: Spawned): Promise<Outcome> {
  for (;;) {
    const o = usable(p) ? await send(p.socket, b, timeoutMs) : ({ kind: 'absent' } as Outcome);
    // A stale answer comes from the helper being replaced, still on the socket for a moment.
    const replaced = o.kind === 'answer' && !o.res.ok && !!o.res.stale;
    if ((o.kind === 'answer' && !replaced) || o.kind === 'lost' || Date.now() >= deadline) return o;
    // The helper we started is gone without listening (the socket path is blocked, another helper
    // holds the lock and is not answering): waiting longer gains nothing.
    if (child?.exited() && !livePid(p)) return o;
    await sleep(20);
  }
}

/** How long a search that needs no model waits for a helper's answer: no longer than an in-process search takes. */
const NO_MODEL_WAIT_MS = 2000;

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
export async function searchViaDaemon(store: HelperClientBranch, q: SearchQuery): Promise<SearchResponse | null> {
  if (daemonMode().effective === 'off') return null;
  const p = pathsFor(store);
  const b = body(store, 'search', { query: q });
  const model = needsModel(store, q);
  // A search that needs no model never waits on a busy helper: it is about as fast in-process, and
  // the helper runs one request at a time (a full-text search waited 30 s behind one).
  if (!model && usable(p)) {
    const pid = livePid(p);
    if (pid && busyWith(p, pid)) {
      debug('helper busy: searching in-process');
      return null;
    }
  }
  const timeout = model ? requestTimeoutMs() : Math.min(requestTimeoutMs(), NO_MODEL_WAIT_MS);
  let o: Outcome = usable(p) ? await send(p.socket, b, timeout) : { kind: 'absent' };
  if (o.kind === 'answer' && !o.res.ok && o.res.stale) {
    // The helper answered for another build or environment and is exiting: replace it.
    debug(`stale helper (${o.res.stale}), starting a new one`);
    o = { kind: 'absent' };
  }
  if ((o.kind === 'absent' || o.kind === 'refused') && model) {
    const why = backedOff(p);
    // A helper that could not start a moment ago will not start now: search in-process at once
    // instead of paying the wait on every search (~5 s each with a blocked socket path).
    if (why) debug(`not starting a helper until the back-off ends (${why})`);
    else if (!privateDir(p.dir) || !privateDir(socketDir(p))) debug('the helper folder is not a private folder of this user: not starting one');
    else {
      const child = spawnDaemon(store);
      if (child) {
        debug('started a helper');
        o = await sendWhenUp(p, b, Date.now() + START_WAIT_MS, timeout, child);
        if (o.kind === 'absent' || o.kind === 'refused') backOff(p, child.exited() ? 'the helper exited without listening' : `nobody listened within ${START_WAIT_MS} ms`);
        else if (o.kind === 'answer') clearBackOff(p);
      }
    }
  }
  if (o.kind !== 'answer') {
    debug(`searching in-process (${o.kind}${o.kind === 'lost' ? ': ' + o.reason : ''})`);
    return null;
  }
  const res = o.res;
  for (const w of res.warnings ?? []) store.warn(w);
  if (res.ok) return res.result as SearchResponse;
  if (res.error && res.error.code !== 'INTERNAL') throw errorOf(res.error.code, res.error.message, res.error.data ?? {});
  debug(`searching in-process (${res.stale ? 'stale: ' + res.stale : res.error?.message})`);
  return null;
}

/**
 * After a CLI store: a warm helper embeds the new memory now (in its cache, never on the branch), so
 * the next search does not have to. Only a running helper is told; none is started, and the store
 * never waits for the embedding (just for the helper to take the request, at most 300 ms).
 */
export async function notifyStored(store: HelperClientBranch): Promise<void> {
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
  /** Stale files found (and removed) when no helper process was alive. */
  cleaned?: string[];
  /** Answered for another build or environment (it will not serve this client). */
  stale?: string;
  status?: DaemonStatus;
  /** Alive but not answering (working on a long request): its pid, and what it is doing when it says. */
  busy?: { pid: number; since?: string; op?: string };
  /** Clients do not start a helper until then, because the last one they started never listened. */
  backoff?: { until: string; reason: string };
}

/**
 * Removes the socket and pid file of a helper that is gone. Only in this user's private folders, only
 * files this user owns, only when no process named by the pid file is alive and nothing listens on
 * the socket (a connection is refused): a live socket is never called stale (run as root,
 * status removed a live socket in another user's folder).
 */
async function cleanStale(p: DaemonPaths, stopped = 0): Promise<string[]> {
  const cleaned: string[] = [];
  if (!usable(p) || livePid(p)) return cleaned;
  const pid = Number(readJson(p.pidFile)?.pid) || 0;
  if (alive(pid)) return cleaned; // a live process we cannot identify: leave it alone
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  const own = (f: string, socket: boolean) => {
    try {
      const st = lstatSync(f);
      return (uid < 0 || st.uid === uid) && (socket ? st.isSocket() : st.isFile());
    } catch {
      return false;
    }
  };
  // The helper `stop` just ended still names itself in the pid file (a new one would have taken the
  // lock before listening): its socket is its own. Right after a kill a connection can still be
  // accepted for a moment, so the check below would keep it.
  if (own(p.socket, true) && !(stopped && pid === stopped)) {
    const o = await send(p.socket, { v: PROTOCOL, op: 'status', build: '', env: '' }, 1000);
    debug(`stale check of the socket: ${o.kind}`);
    if (o.kind !== 'refused') return cleaned; // something listens: not stale
  }
  for (const [f, socket] of [[p.socket, true], [p.pidFile, false], [p.busyFile, false]] as const) {
    if (!own(f, socket)) continue;
    try {
      unlinkSync(f);
      cleaned.push(f.slice(f.lastIndexOf('/') + 1));
    } catch {
      /* not there */
    }
  }
  return cleaned;
}

function backoffState(p: DaemonPaths): { backoff?: { until: string; reason: string } } {
  const why = backedOff(p);
  if (!why) return {};
  const until = Number(readJson(p.backoffFile)?.retryAfter);
  return { backoff: { until: new Date(until).toISOString(), reason: why } };
}

/** How long status waits for an answer before it looks at the process instead. */
const STATUS_WAIT_MS = 5000;
/** How long stop waits for the helper to answer its request, then for it to exit on SIGTERM. */
const STOP_ASK_MS = 2000;
const STOP_TERM_GRACE_MS = 5000;
const STOP_TERM_FLOOR_MS = 1000;

/**
 * A wait of status or stop, never longer than MEMORY_DAEMON_TIMEOUT (how long a client waits for the
 * helper at all; default 30 s, so the defaults above apply). A lower setting shortens them too: the
 * tests of a helper that does not answer set it instead of waiting 5 s + 2 s + 5 s for each look.
 */
const capped = (ms: number) => Math.min(ms, requestTimeoutMs());

/** `memory daemon status`: running means a helper process is alive, whether or not it answers now. */
export async function daemonStatus(store: HelperClientBranch): Promise<DaemonState> {
  const m = daemonMode();
  const p = pathsFor(store);
  const base = { success: true as const, mode: m.mode, reason: m.reason, socket: p.socket };
  const o = usable(p) ? await send(p.socket, body(store, 'status'), capped(STATUS_WAIT_MS)) : ({ kind: 'absent' } as Outcome);
  if (o.kind === 'answer' && o.res.ok && o.res.status) {
    const st = o.res.status;
    const stale = st.build !== buildId() ? 'version' : undefined;
    return { ...base, running: true, status: st, ...(stale ? { stale } : {}) };
  }
  // No answer: alive and busy (a long request holds it), or gone.
  const pid = livePid(p);
  if (pid) return { ...base, running: true, busy: { pid, ...(busyWith(p, pid) ?? {}) } };
  const cleaned = o.kind === 'refused' || o.kind === 'absent' ? await cleanStale(p) : [];
  return { ...base, running: false, ...(cleaned.length ? { cleaned } : {}), ...backoffState(p) };
}

/** Waits until `pid` is gone, at most `ms`. */
async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() >= until) return false;
    await sleep(20);
  }
  return true;
}

export interface StopResult {
  success: true;
  stopped: boolean;
  pid?: number;
  /** How it ended when asking was not enough: it did not answer, or did not exit in time. */
  signal?: 'SIGTERM' | 'SIGKILL';
  cleaned?: string[];
}

/**
 * `memory daemon stop`: asks the helper to exit and returns once its process is gone (bounded: a
 * helper that does not answer within 2 s, busy with a long request, gets SIGTERM, and SIGKILL 5 s
 * later; both waits at most MEMORY_DAEMON_TIMEOUT). `stopped` is true exactly when a helper was running and no longer is.
 */
export async function stopDaemon(store: HelperClientBranch): Promise<StopResult> {
  const p = pathsFor(store);
  const before = livePid(p);
  const o = usable(p) ? await send(p.socket, body(store, 'stop'), capped(STOP_ASK_MS)) : ({ kind: 'absent' } as Outcome);
  const pid = (o.kind === 'answer' && o.res.ok ? o.res.status?.pid : undefined) || before;
  if (!pid) {
    const cleaned = await cleanStale(p);
    return { success: true, stopped: false, ...(cleaned.length ? { cleaned } : {}) };
  }
  let signal: StopResult['signal'];
  if (!(await gone(pid, o.kind === 'answer' ? 3000 : 0))) {
    signal = 'SIGTERM';
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* gone meanwhile */
    }
    // At least a second to exit on SIGTERM whatever MEMORY_DAEMON_TIMEOUT says (it is about answers, and
    // a helper finishing an index write deserves its grace before SIGKILL).
    if (!(await gone(pid, Math.max(capped(STOP_TERM_GRACE_MS), STOP_TERM_FLOOR_MS)))) {
      signal = 'SIGKILL';
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
      await gone(pid, 2000);
    }
  }
  const cleaned = alive(pid) ? [] : await cleanStale(p, pid);
  return { success: true, stopped: !alive(pid), pid, ...(signal ? { signal } : {}), ...(cleaned.length ? { cleaned } : {}) };
}

/** `memory daemon start`: starts a helper (unless one answers) and waits until it is warm. */
export async function startDaemon(store: HelperClientBranch): Promise<DaemonState> {
  const p = pathsFor(store);
  const first = await daemonStatus(store);
  if (first.running && !first.stale) return first;
  if (first.running && first.stale) await stopDaemon(store);
  // An explicit start tries whatever a failed one left behind.
  clearBackOff(p);
  const child = spawnDaemon(store);
  if (!child) throw new InternalError('could not start the search helper (no CLI script to run)');
  // A status request is answered after the warm-up queued before it: waiting for it waits for warm.
  const o = await sendWhenUp(p, body(store, 'status'), Date.now() + START_WAIT_MS, 120_000, child);
  if (o.kind === 'answer' && o.res.ok) return daemonStatus(store);
  const why = o.kind === 'lost' ? o.reason : o.kind === 'answer' ? (o.res.ok ? '' : o.res.stale ? `a stale helper (${o.res.stale}) still answers` : o.res.error?.message) : 'nobody listening';
  throw new InternalError(`the search helper did not start (${why})`, { next: 'daemon.run' });
}
