import type * as ChildProcess from 'node:child_process';
import { GitCommandError } from '../errors.js';

// node:child_process is required on first use: `memory get` never spawns git.
declare const require: (id: string) => unknown;
let cpLib: typeof ChildProcess | undefined;
const cp = () => (cpLib ??= require('node:child_process') as typeof ChildProcess);

/** Where git runs: the git dir is always passed explicitly, so GIT_DIR in the environment never wins. */
export interface GitTarget {
  gitDir: string;
  /** The work tree root (or the git dir for a bare repository): the child's working directory. */
  root: string;
}

export interface GitRunOptions {
  input?: string | Buffer;
  /** Stdout larger than this fails the command (GIT_FAILED) instead of filling memory. Default 64 MiB. */
  maxBytes?: number;
  /** Kill the command after this long. Default 120 s (a fetch over a slow network). */
  timeoutMs?: number;
  /** Extra environment (e.g. GIT_AUTHOR_DATE). */
  env?: NodeJS.ProcessEnv;
  /** Return a failed result instead of throwing GIT_FAILED. */
  allowFailure?: boolean;
}

export interface GitRunResult {
  status: number;
  stdout: Buffer;
  stderr: string;
  /** Killed after `timeoutMs` (the status is then -1). */
  timedOut?: boolean;
}

/** Variables that would point git at another repository or index than the one we name. */
const REPO_VARS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_NAMESPACE', 'GIT_PREFIX', 'GIT_CEILING_DIRECTORIES'];

/**
 * The environment of every git child: the repository named by path (an explicit --repo wins over an
 * inherited GIT_DIR), messages in English (they are parsed), never a prompt for credentials (a CI job
 * or an MCP server has no one to answer it).
 */
export function gitEnv(target: GitTarget, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of REPO_VARS) delete env[k];
  return { ...env, GIT_DIR: target.gitDir, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', ...extra };
}

const DEFAULT_MAX = 64 << 20;
const DEFAULT_TIMEOUT = 120_000;

function fail(args: string[], r: { status: number | null; stderr: string; error?: Error }): GitCommandError {
  const why = r.error ? `${(r.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed or not on PATH' : r.error.message}\n${r.stderr}` : r.stderr;
  return new GitCommandError(args, r.status, why);
}

/** Runs git synchronously (the object reader's fallback is called from synchronous code). */
export function runGitSync(target: GitTarget, args: string[], opts: GitRunOptions = {}): GitRunResult {
  const r = cp().spawnSync('git', args, {
    cwd: target.root,
    env: gitEnv(target, opts.env),
    input: opts.input,
    maxBuffer: opts.maxBytes ?? DEFAULT_MAX,
    timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stderr = r.stderr ? r.stderr.toString('utf8') : '';
  const res = { status: r.status ?? -1, stdout: r.stdout ?? Buffer.alloc(0), stderr };
  if (r.error || r.status !== 0) {
    if (opts.allowFailure && !r.error) return res;
    throw fail(args, { status: r.status, stderr, error: r.error });
  }
  return res;
}

/** Runs git without blocking the event loop; stdout is bounded the same way. */
export function runGit(target: GitTarget, args: string[], opts: GitRunOptions = {}): Promise<GitRunResult> {
  const max = opts.maxBytes ?? DEFAULT_MAX;
  return new Promise((resolve, reject) => {
    const child = cp().spawn('git', args, { cwd: target.root, env: gitEnv(target, opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let overflow = false;
    let spawnError: Error | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? DEFAULT_TIMEOUT);
    child.stdout.on('data', (c: Buffer) => {
      outBytes += c.length;
      if (outBytes > max) {
        overflow = true;
        child.kill('SIGKILL');
      } else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 65536) err += c.toString('utf8');
    });
    child.on('error', (e) => (spawnError = e));
    child.stdin.on('error', () => {
      /* the child exited before reading all its input; its status says why */
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const res: GitRunResult = { status: code ?? -1, stdout: Buffer.concat(out), stderr: err, ...(timedOut ? { timedOut } : {}) };
      if (overflow) return reject(fail(args, { status: code, stderr: `output over ${max} bytes\n${err}` }));
      if (spawnError || code !== 0) {
        if (opts.allowFailure && !spawnError) return resolve(res);
        return reject(fail(args, { status: code, stderr: err, error: spawnError }));
      }
      resolve(res);
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** One object as `git cat-file --batch` prints it; `missing` when git has no such object. */
export type CatFileResult = { type: 'commit' | 'tree' | 'blob' | 'tag'; data: Buffer } | 'missing';

/**
 * Reads objects with one `git cat-file --batch` process (which fetches a partial clone's promised
 * objects). Returns each requested id's object or 'missing', plus git's stderr (why it was missing).
 */
export function catFileBatch(target: GitTarget, oids: string[], opts: { maxBytes?: number; config?: string[] } = {}): { objects: Map<string, CatFileResult>; stderr: string } {
  const r = runGitSync(target, [...(opts.config ?? []), 'cat-file', '--batch'], { input: oids.join('\n') + '\n', allowFailure: true, maxBytes: opts.maxBytes });
  const objects = new Map<string, CatFileResult>();
  const buf = r.stdout;
  let p = 0;
  while (p < buf.length) {
    const nl = buf.indexOf(0x0a, p);
    if (nl < 0) break;
    const header = buf.toString('latin1', p, nl);
    const m = /^(\S+) (commit|tree|blob|tag) (\d+)$/.exec(header);
    if (!m) {
      objects.set(header.split(' ')[0], 'missing');
      p = nl + 1;
      continue;
    }
    const n = Number(m[3]);
    objects.set(m[1], { type: m[2] as 'blob', data: buf.subarray(nl + 1, nl + 1 + n) });
    p = nl + 1 + n + 1;
  }
  return { objects, stderr: r.stderr };
}
