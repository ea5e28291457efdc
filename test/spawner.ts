import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, constants as fsConstants, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Synchronous commands for the test helpers (git, fast-import, cat-file) run by one small spawner
 * process a test worker (test/spawner.py), instead of a fork of the worker each. Why: Node 20's libuv
 * starts every child with fork(), which copies the parent's page tables, and the child tears them down
 * again at exec; a vitest worker holds 100-130 MB, so each git call cost it several ms of system time
 * more than the git process itself (BENCHMARKS.md, "Test loop: fork cost").
 * Python's subprocess starts children with vfork. The answer is the same as spawnSync's: status,
 * stdout, stderr, and the spawn error (ENOENT) as `error`.
 *
 * Without a system python3 (/usr/bin or /usr/local/bin), or with GIT_MEMORY_TEST_SPAWNER=off, it is
 * node's own spawnSync (same results).
 */
export interface SyncResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  error?: NodeJS.ErrnoException;
}

interface Channel {
  req: number;
  res: number;
  pid: number;
}
let channel: Channel | null | undefined;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// A system python3, not a version manager's shim on PATH (pyenv's costs seconds of start-up).
const PYTHONS = ['/usr/bin/python3', '/usr/local/bin/python3'];

function open(): Channel | null {
  if (process.env.GIT_MEMORY_TEST_SPAWNER === 'off') return null;
  const python = PYTHONS.find((p) => existsSync(p));
  if (!python) return null;
  const dir = mkdtempSync(join(tmpdir(), 'gm-spawner-'));
  const reqPath = join(dir, 'req');
  const resPath = join(dir, 'res');
  try {
    execFileSync('mkfifo', [reqPath, resPath], { stdio: 'ignore' });
    const child = spawn(python, [fileURLToPath(new URL('./spawner.py', import.meta.url)), reqPath, resPath], { cwd: tmpdir(), stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', () => {});
    // The worker exits without waiting for it: it ends when the request FIFO closes.
    child.unref();
    // Opened without blocking (ENXIO until the spawner opens its end), so a spawner that never starts
    // means node's spawnSync after 20 s instead of a hung worker. A full pipe is waited out in `send`.
    let req: number | undefined;
    for (const deadline = Date.now() + 20_000; req === undefined; ) {
      try {
        req = openSync(reqPath, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENXIO' || Date.now() > deadline) {
          child.kill();
          return null;
        }
        pause(5);
      }
    }
    // The spawner opens this right after the request FIFO; this open blocks until it has.
    const res = openSync(resPath, 'r');
    return { req, res, pid: child.pid ?? 0 };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function send(fd: number, data: Buffer): void {
  for (let at = 0; at < data.length; ) {
    try {
      at += writeSync(fd, data, at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      pause(1);
    }
  }
}

/** The spawner's process id once started (0 when commands run with node's spawnSync): bench/fork-cost.mjs reads its CPU time. */
export function spawnerPid(): number {
  return channel ? channel.pid : 0;
}

function readExactly(fd: number, n: number): Buffer {
  const buf = Buffer.alloc(n);
  let at = 0;
  while (at < n) {
    const got = readSync(fd, buf, at, n - at, null);
    if (got === 0) throw new Error('the test spawner (test/spawner.py) exited');
    at += got;
  }
  return buf;
}

export function spawnSyncVia(file: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string | Buffer }): SyncResult {
  if (channel === undefined) channel = open();
  const input = opts.input === undefined ? Buffer.alloc(0) : Buffer.isBuffer(opts.input) ? opts.input : Buffer.from(opts.input, 'utf8');
  if (!channel) {
    const r = spawnSync(file, args, { cwd: opts.cwd, env: opts.env, input, maxBuffer: 1 << 30 });
    return { status: r.status, signal: r.signal, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr ?? Buffer.alloc(0), ...(r.error ? { error: r.error as NodeJS.ErrnoException } : {}) };
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.env)) if (v !== undefined) env[k] = v;
  const line = Buffer.from(JSON.stringify({ file, args, cwd: opts.cwd, env, input: input.toString('base64') }) + '\n', 'utf8');
  let m;
  try {
    send(channel.req, line);
  } catch {
    // The spawner is gone (it never got this command): this call and every later one run with node's
    // spawnSync, rather than every later test of the worker failing on a dead pipe.
    channel = null;
    return spawnSyncVia(file, args, opts);
  }
  try {
    const len = readExactly(channel.res, 4).readUInt32BE(0);
    m = JSON.parse(readExactly(channel.res, len).toString('utf8'));
  } catch (e) {
    channel = null; // gone while running it: whether it ran is unknown, so this call fails; later ones do not
    throw e;
  }
  if (m.error !== undefined) {
    const error = Object.assign(new Error(`spawnSync ${file} ${m.errno === 2 ? 'ENOENT' : m.error}`), { code: m.errno === 2 ? 'ENOENT' : m.error, errno: -m.errno, syscall: `spawnSync ${file}`, path: file }) as NodeJS.ErrnoException;
    return { status: null, signal: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), error };
  }
  // Python reports a signal as a negative return code.
  const status: number = m.status;
  const signal = status < 0 ? (signalName(-status) as NodeJS.Signals) : null;
  return { status: status < 0 ? null : status, signal, stdout: Buffer.from(m.stdout, 'base64'), stderr: Buffer.from(m.stderr, 'base64') };
}

function signalName(n: number): string {
  return Object.entries(constants.signals).find(([, v]) => v === n)?.[0] ?? `SIG${n}`;
}

/** execFileSync's contract on top of spawnSyncVia: stdout, or an Error with status and stderr. */
export function execSyncVia(file: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; input?: string | Buffer }): Buffer {
  const r = spawnSyncVia(file, args, opts);
  if (r.error) throw r.error;
  if (r.status !== 0) {
    const stderr = r.stderr.toString('utf8');
    throw Object.assign(new Error(`Command failed: ${file} ${args.join(' ')}\n${stderr}`), { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr });
  }
  return r.stdout;
}
