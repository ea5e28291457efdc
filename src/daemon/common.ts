/**
 * What the search helper (`memory daemon`, docs/daemon.md) and its clients share: where the socket
 * lives, who may talk to it, which build and which environment a helper answers for, and the switch
 * (MEMORY_DAEMON). This module sits on the CLI's start-up path: node:fs and node:path only, no
 * search code, nothing that loads a model.
 */
import { lstatSync, mkdirSync, chmodSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

declare const __VERSION__: string;

/** Wire protocol version; a helper speaking another one is stale. */
export const PROTOCOL = 1;
/** Largest request a helper reads (a search query is far smaller); larger ones are refused. */
export const MAX_REQUEST_BYTES = 1 << 20;
/** Default minutes a helper stays up without a request. */
export const DEFAULT_IDLE_MINUTES = 10;

export const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';

export type DaemonMode = 'auto' | 'on' | 'off';

/**
 * MEMORY_DAEMON: `off` never uses or starts a helper; `on` uses one and starts it on demand; `auto`
 * (the default) is `on` on a workstation and `off` in CI (CI or GITHUB_ACTIONS set to true/1), where
 * jobs are short, memory is tight, and a process left behind outlives the step that started it.
 */
export function daemonMode(env: NodeJS.ProcessEnv = process.env): { mode: DaemonMode; effective: 'on' | 'off'; reason: string } {
  const raw = (env.MEMORY_DAEMON ?? '').trim().toLowerCase();
  const mode: DaemonMode = ['0', 'off', 'false', 'no', 'never'].includes(raw) ? 'off' : ['1', 'on', 'true', 'yes', 'always'].includes(raw) ? 'on' : 'auto';
  if (mode === 'off') return { mode, effective: 'off', reason: 'MEMORY_DAEMON=off' };
  if (process.platform === 'win32') return { mode, effective: 'off', reason: 'not available on Windows (unix sockets)' };
  if (mode === 'on') return { mode, effective: 'on', reason: 'MEMORY_DAEMON=on' };
  const ci = ['CI', 'GITHUB_ACTIONS'].find((k) => ['1', 'true', 'yes'].includes((env[k] ?? '').trim().toLowerCase()));
  return ci ? { mode, effective: 'off', reason: `auto: off in CI (${ci} is set)` } : { mode, effective: 'on', reason: 'auto' };
}

/** Idle time before a helper exits, from MEMORY_DAEMON_IDLE: seconds, or with a unit (90s, 10m, 1h); 0 < t <= 24h. */
export function idleTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.MEMORY_DAEMON_IDLE ?? '').trim().toLowerCase();
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(raw);
  if (!m) return DEFAULT_IDLE_MINUTES * 60_000;
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return ms > 0 && ms <= 86_400_000 ? ms : DEFAULT_IDLE_MINUTES * 60_000;
}

/** Milliseconds a client waits for an answer before it searches in-process instead (MEMORY_DAEMON_TIMEOUT, ms). */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MEMORY_DAEMON_TIMEOUT);
  // Above 2^31 - 1 ms Node's timers fire after 1 ms: every request would time out.
  return Number.isFinite(n) && n > 0 && n <= 2 ** 31 - 1 ? n : 30_000;
}

/**
 * The build a process runs: version plus the path and modification time of the bundle file holding
 * this module. A helper answering for another build (an upgrade, a second install) is stale.
 */
let buildMemo: string | null = null;
export function buildId(fresh = false): string {
  if (buildMemo && !fresh) return buildMemo;
  let file = '';
  let mtime = 0;
  try {
    file = fileURLToPath(import.meta.url);
    mtime = statSync(file).mtimeMs;
  } catch {
    /* an unusual loader: the version alone */
  }
  const id = `${VERSION}|${PROTOCOL}|${file}|${mtime}`;
  if (!fresh) buildMemo = id;
  return id;
}

/** Variables that change nothing a helper computes (the client handles them) or that it sets itself. */
const ENV_IGNORED = /^MEMORY_(DAEMON.*|VECTORS_COMMIT|AUTO_SYNC|BRANCH|REMOTE|DEBUG)$/;

/**
 * The part of the environment a search answer depends on: every MEMORY_* setting (embedder, model,
 * weights, feedback, config values), TZ, and a digest of the embedding API key (never the key). A
 * helper answers only clients whose fingerprint equals the one it started with.
 */
export function envFingerprint(env: NodeJS.ProcessEnv = process.env): string {
  const pairs = Object.keys(env)
    // An empty variable means the same as an unset one everywhere it is read.
    .filter((k) => k.startsWith('MEMORY_') && !ENV_IGNORED.test(k) && env[k])
    .sort()
    .map((k) => [k, env[k] ?? '']);
  pairs.push(['TZ', env.TZ ?? '']);
  const keyVar = env.MEMORY_EMBEDDER_KEY_ENV || 'OPENAI_API_KEY';
  const key = env[keyVar];
  if (key) {
    const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    pairs.push(['key', createHash('sha256').update(key).digest('hex').slice(0, 16)]);
  }
  return JSON.stringify(pairs);
}

export interface DaemonPaths {
  /** 0700 folder holding the pid file (and the socket, unless the path would be too long). */
  dir: string;
  socket: string;
  pidFile: string;
  /** Present while the helper works on a request: `{ pid, since, op }` (clients that need no model skip a busy helper). */
  busyFile: string;
  /** Written when a helper a client started never listened: `{ at, retryAfter, reason }` (no new start until then). */
  backoffFile: string;
}

/** How long clients stop starting helpers after one failed to come up (a blocked socket path, say). */
export const START_BACKOFF_MS = 5 * 60_000;

/** Longest socket path used as is (sun_path holds 104-108 bytes depending on the system). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the helper of the repository whose shared git dir is `commonDir` lives:
 * `<git dir>/git-memory/@daemon/` (`@` never appears in an encoded branch name, so no branch's cache
 * folder can collide), socket `daemon.sock`. When that path is too long for a unix socket, the socket
 * goes to `$XDG_RUNTIME_DIR/git-memory/` or `<tmp>/git-memory-<uid>/`, named by a digest of the
 * git dir.
 */
export function daemonPaths(commonDir: string, env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const dir = join(commonDir, 'git-memory', '@daemon');
  let socket = join(dir, 'daemon.sock');
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
    const base = env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'git-memory') : join(tmpdir(), `git-memory-${uid}`);
    socket = join(base, `${createHash('sha256').update(commonDir).digest('hex').slice(0, 20)}.sock`);
  }
  return { dir, socket, pidFile: join(dir, 'daemon.pid'), busyFile: join(dir, 'busy.json'), backoffFile: join(dir, 'start-failed.json') };
}

/** The folder of the socket (the @daemon folder, or the short-path fallback). */
export function socketDir(p: DaemonPaths): string {
  return p.socket.slice(0, p.socket.lastIndexOf('/'));
}

/**
 * Makes `dir` (and its parents) exist as a private folder: a real directory (not a symlink) owned by
 * this user with mode 0700. Returns false when it cannot be made so (another user's folder in /tmp):
 * then no helper runs for this repository.
 */
export function privateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = lstatSync(dir);
    if (!st.isDirectory()) return false;
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    if (st.uid !== uid) return false;
    if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
    return (lstatSync(dir).mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Is `dir` an existing private folder of this user? (Clients check before they connect.) */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
    return st.isDirectory() && st.uid === uid && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

// ---- wire format: one JSON object per line, one request per connection ----

export type DaemonOp = 'search' | 'refresh' | 'status' | 'stop';

export interface DaemonRequest {
  v: number;
  op: DaemonOp;
  /** Build and environment of the client ({@link buildId}, {@link envFingerprint}); not checked for status and stop. */
  build: string;
  env: string;
  /** The repository root the client opened (a work tree of this helper's repository). */
  repo?: string;
  branch?: string;
  query?: unknown;
}

export interface DaemonStatus {
  pid: number;
  version: string;
  build: string;
  protocol: number;
  socket: string;
  startedAt: string;
  uptimeMs: number;
  idleMs: number;
  idleTimeoutMs: number;
  requests: number;
  rssBytes: number;
  /** CPU time (user + system) this helper has used, in ms. */
  cpuMs: number;
  /**
   * Branches kept warm: repository root, branch, the tip last answered from (null: the branch did not
   * exist then), and whether a warm-up or search has answered yet (false: still warming up).
   */
  stores: Array<{ repo: string; branch: string; tip: string | null; ready?: boolean }>;
}

export type DaemonResponse =
  | { ok: true; result?: unknown; status?: DaemonStatus; warnings?: string[] }
  | { ok: false; stale?: 'version' | 'env' | 'protocol'; error?: { code: string; message: string; data?: Record<string, unknown> }; warnings?: string[] };

/**
 * Is `pid` a live process? (EPERM: alive, another user's.) A zombie (exited, not yet reaped) is not:
 * a helper killed with -9 stays a zombie until whoever adopted it reaps it, and neither a client nor a
 * new helper may wait on it (the new helper would give way to it and the search would back off).
 */
export function alive(pid: number): boolean {
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // "pid (comm) S ...": the state follows the last ')'. A helper is detached, so whoever reaps it
    // (init, a container's subreaper) may take a while: `stop` must not wait on that.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: kill(0) is all there is
  }
}
