// Shared checks of the boundary suite (docs/security.md): every case must end in a coded error or a
// success, within a time cap, inside a memory cap, with no secret stored or echoed, and with no ref
// but the memory branch moved.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CLI, git, gitEnv, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

/** Codes a boundary case may end with. INTERNAL is never acceptable: it means an unhandled path. */
export const CODES = new Set([
  'NOT_FOUND', 'INVALID_ID', 'INVALID_INPUT', 'EMPTY_CONTENT', 'CONTENT_TOO_LARGE', 'BINARY_CONTENT',
  'CONFIRMATION_REQUIRED', 'CONFLICT', 'SECRET_DETECTED', 'DUPLICATE',
]);

/** Per-case time cap (ms) and V8 heap cap (MB) of the child process: unbounded reads die past it. */
export const TIME_CAP_MS = 20_000;
export const HEAP_CAP_MB = 96;

export interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  json: any;
  ms: number;
}

const parse = (s: string) => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/** The built CLI with a heap cap and a time cap. `input` is stdin (a string or bytes). */
export function run(cwd: string, args: string[], opts: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): Run {
  const t = Date.now();
  const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, CLI(), ...args], {
    cwd,
    env: { ...gitEnv, ...opts.env },
    input: opts.input ?? '',
    encoding: 'utf8',
    timeout: TIME_CAP_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, json: parse(r.stdout), ms: Date.now() - t };
}

/**
 * The command line in this process (test/run-cli.ts), in the shape of `run`: for cases about what a
 * command answers (codes, masking, escaping, what reaches the branch), not about the process's heap or
 * time cap, which only `run` (a spawned CLI, in an e2e file) enforces.
 */
export async function runIn(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const t = Date.now();
  const r = await runCli(cwd, args, opts);
  return { code: r.code, signal: null, stdout: r.stdout, stderr: r.stderr, json: r.json, ms: Date.now() - t };
}

/**
 * The CLI with an endless producer on stdin (`yes | memory store -`): chunks are written until the
 * process exits. A reader that holds everything would pass the heap cap and be killed.
 */
export function runStreaming(cwd: string, args: string[], chunk: Buffer, maxBytes = 400 * 1024 * 1024): Promise<Run & { written: number }> {
  return new Promise((resolve) => {
    const t = Date.now();
    const p = spawn(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, CLI(), ...args], { cwd, env: gitEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let written = 0;
    let done = false;
    const timer = setTimeout(() => p.kill('SIGKILL'), TIME_CAP_MS);
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.stdin.on('error', () => {});
    const pump = () => {
      while (!done && written < maxBytes) {
        written += chunk.length;
        if (!p.stdin.write(chunk)) return void p.stdin.once('drain', pump);
      }
      if (!done) p.stdin.end();
    };
    pump();
    p.on('close', (code, signal) => {
      done = true;
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, json: parse(stdout), ms: Date.now() - t, written });
    });
  });
}

/** A finished case: exit 0 with success, or a non-zero exit with one of CODES (in --json output). */
export function expectCoded(r: Run, allowed: Iterable<string> = CODES): string {
  expect(r.signal, `killed: ${r.stderr.slice(0, 500)}`).toBeNull();
  expect(r.ms).toBeLessThan(TIME_CAP_MS);
  if (r.code === 0) return 'OK';
  expect(r.json, `no JSON error on stdout (exit ${r.code}): ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`).toBeDefined();
  expect(r.json.success).toBe(false);
  const code = r.json.error.code as string;
  expect([...allowed]).toContain(code);
  return code;
}

/** Every ref of the repository (and HEAD) except the memory branch. */
export function otherRefs(repo: string): string {
  const refs = git(repo, 'for-each-ref', '--format=%(refname) %(objectname)')
    .split('\n')
    .filter((l) => l && !l.startsWith('refs/heads/memory '));
  let head = '';
  try {
    head = git(repo, 'rev-parse', '-q', '--verify', 'HEAD');
  } catch {
    head = '(unborn)';
  }
  return [...refs, `HEAD ${git(repo, 'symbolic-ref', '-q', 'HEAD')} ${head}`].join('\n');
}

/** Everything on the memory branch a reader of the repository sees: every blob and every commit message. */
export function branchBytes(repo: string, branch = 'memory'): string {
  try {
    git(repo, 'rev-parse', '-q', '--verify', `refs/heads/${branch}`);
  } catch {
    return '';
  }
  const out: string[] = [git(repo, 'log', '--format=%B', branch)];
  for (const line of git(repo, 'rev-list', '--objects', branch).split('\n')) {
    const oid = line.split(' ')[0];
    if (git(repo, 'cat-file', '-t', oid) === 'blob') out.push(git(repo, 'cat-file', '-p', oid));
  }
  return out.join('\n');
}

/** Asserts `secret` (and its lowercase form, and its middle) appears in none of `texts`. */
export function expectNoSecret(secret: string, ...texts: string[]): void {
  const probes = [secret, secret.toLowerCase(), secret.slice(Math.floor(secret.length / 3), Math.floor(secret.length / 3) + 12)];
  for (const t of texts) for (const p of probes) expect(t.includes(p), `found ${p.slice(0, 4)}… in output`).toBe(false);
}

/**
 * Adds files to the memory branch with git itself (a hostile branch author's commit): blobs, symlinks
 * (`{ symlink: target }`) and gitlinks (`{ gitlink: oid }`).
 */
export function commitToBranch(repo: string, files: Record<string, string | { symlink: string } | { gitlink: string }>, branch = 'memory'): void {
  const index = join(tempDir('gm-index-'), 'index');
  const env = { ...gitEnv, GIT_INDEX_FILE: index };
  const g = (...a: string[]) => spawnSync('git', a, { cwd: repo, env, encoding: 'utf8' });
  let parent = '';
  const rev = g('rev-parse', '-q', '--verify', `refs/heads/${branch}`);
  if (rev.status === 0) {
    parent = rev.stdout.trim();
    g('read-tree', parent);
  }
  for (const [path, v] of Object.entries(files)) {
    if (typeof v === 'string' || 'symlink' in v) {
      const f = join(tempDir('gm-blob-'), 'blob');
      writeFileSync(f, typeof v === 'string' ? v : v.symlink);
      const oid = g('hash-object', '-w', f).stdout.trim();
      g('update-index', '--add', '--cacheinfo', `${typeof v === 'string' ? '100644' : '120000'},${oid},${path}`);
    } else g('update-index', '--add', '--cacheinfo', `160000,${v.gitlink},${path}`);
  }
  const tree = g('write-tree').stdout.trim();
  const commit = g('commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', 'hand edit').stdout.trim();
  const upd = g('update-ref', `refs/heads/${branch}`, commit);
  if (upd.status !== 0) throw new Error(upd.stderr);
}

// Fake credentials, assembled so that no scanner finds them in this file.
const j = (...p: string[]) => p.join('');
export const GH_TOKEN = j('gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8');
export const AWS_KEY_ID = j('AK', 'IA', 'Z3K9QW0XYV', 'ABCD12');
export const PEM = j('-----BEGIN ', 'RSA PRIVATE', ' KEY-----\n', 'MIIEowIBAAKCAQEAx1yZ3kP9mQ2vL7nR4tZ8wB6cF1hJ5sD0gAqWeRtYuIoPaSdF\n', 'x7Hk2Lm9Qp3Rs5Tv8Wx1Yz4Ab6Cd0Ef2Gh5Ij7Kl9Mn1Op3Qr5St7Uv9Wx1Yz3Ab5C\n', '-----END ', 'RSA PRIVATE', ' KEY-----');
/** The body line of PEM: the part that must never be stored, even when the END line is missing. */
export const PEM_BODY_PIECE = 'x7Hk2Lm9Qp3Rs5Tv8Wx1';
