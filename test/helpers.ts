import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { MemoryError } from '../src/errors.js';
import { execSyncVia, spawnSyncVia } from './spawner.js';

const dirs: string[] = [];
/**
 * Removes the temp directories made so far. test/setup-env.ts calls it after each test file: the fast
 * project shares one module graph between the files a worker runs (isolate: false), so a hook
 * registered here when this module loads would run after the first file only.
 */
export function removeTempDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** A fresh temp directory removed after the test file. */
export function tempDir(prefix = 'gm-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** The tests' own global git config (test/gitconfig): no user config, and no gc or fsync work no test checks. */
export const TEST_GIT_CONFIG = fileURLToPath(new URL('./gitconfig', import.meta.url));

/** Environment for git in tests: no user/global config leaks in, a fixed identity. */
export const gitEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: TEST_GIT_CONFIG,
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GITHUB_ACTIONS: '',
  MEMORY_BRANCH: '',
};
for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE']) delete gitEnv[k];

export function git(cwd: string, ...args: string[]): string {
  // Through the worker's spawner (test/spawner.ts): a fork of a vitest worker costs more than the git call.
  return execSyncVia('git', args, { cwd, env: gitEnv }).toString('utf8').trimEnd();
}

/** `git init` in a new temp dir; with `commit`, one commit on the default branch. */
export function makeRepo(opts: { commit?: boolean; bare?: boolean } = {}): string {
  const d = tempDir('gm-repo-');
  git(d, 'init', '-q', ...(opts.bare ? ['--bare'] : []), '-b', 'main');
  if (opts.commit && !opts.bare) {
    writeFileSync(join(d, 'README.md'), '# test repo\n');
    git(d, 'add', 'README.md');
    git(d, 'commit', '-q', '-m', 'init');
  }
  return d;
}

export const CLI = () => {
  const p = process.env.GIT_MEMORY_TEST_CLI;
  // Only the e2e project builds dist (test/README.md): a test that spawns the CLI lives in a *.e2e.test.ts file.
  if (!p) throw new Error('the built CLI is only available to e2e tests: name the file *.e2e.test.ts, or use runCli (test/run-cli.ts) to run the command in-process');
  return p;
};

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

/** Runs the built CLI as a child process, the way a user does. */
export function cli(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const res = spawnSyncVia(process.execPath, [CLI(), ...args], { cwd, env: { ...gitEnv, ...opts.env }, input: opts.input ?? '' });
  const r = { status: res.status, stdout: res.stdout.toString('utf8'), stderr: res.stderr.toString('utf8') };
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

/** Async variant, for running several CLI processes at the same time. */
export function cliAsync(cwd: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI(), ...args], { cwd, env: { ...gitEnv, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => {
      let json: any;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code: code ?? -1, stdout, stderr, json });
    });
  });
}

/** Everything about a checkout that a memory write must leave alone. */
export function checkoutState(dir: string): Record<string, string> {
  const read = (...a: string[]) => {
    try {
      return git(dir, ...a);
    } catch (e) {
      return `ERR ${(e as Error).message.split('\n')[0]}`;
    }
  };
  return {
    status: read('status', '--porcelain=v2', '--branch', '--untracked-files=all'),
    head: read('symbolic-ref', '-q', 'HEAD') + ' ' + read('rev-parse', '-q', '--verify', 'HEAD'),
    index: read('ls-files', '-s'),
    stash: read('stash', 'list'),
    diff: read('diff'),
    diffCached: read('diff', '--cached'),
  };
}

export function runSync(cmd: string, args: string[], cwd: string) {
  const r = spawnSyncVia(cmd, args, { cwd, env: gitEnv });
  return { ...r, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

/** The stable code a promise rejects with; fails the test if it resolves or rejects with a non-MemoryError. */
export async function errorCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(MemoryError);
    return (e as MemoryError).code;
  }
  throw new Error('expected a rejection');
}

/**
 * What git itself reads for each id, in one `git cat-file --batch` process instead of two spawns an
 * object: `{ type, data }` by id (a missing id throws).
 */
export function catFileBatch(repo: string, oids: string[]): Map<string, { type: string; data: Buffer }> {
  const out = execSyncVia('git', ['cat-file', '--batch'], { cwd: repo, env: gitEnv, input: oids.join('\n') + '\n' });
  const objects = new Map<string, { type: string; data: Buffer }>();
  let at = 0;
  for (const oid of oids) {
    const nl = out.indexOf(10, at);
    const [got, type, size] = out.subarray(at, nl).toString('utf8').split(' ');
    if (type === 'missing' || got !== oid) throw new Error(`git cat-file --batch: ${out.subarray(at, nl).toString('utf8')} (asked for ${oid})`);
    const start = nl + 1;
    objects.set(oid, { type, data: out.subarray(start, start + Number(size)) });
    at = start + Number(size) + 1;
  }
  return objects;
}

/**
 * Commits on `branch` (default: the current HEAD's branch, `main` in makeRepo), one per entry, each
 * writing the given files (path -> content; null deletes), in one `git fast-import` process instead of
 * an add and a commit spawn per commit. Objects land in a pack, as after a push or a gc; the work tree
 * and index are brought to the last commit when the branch is checked out. `loose`: the objects are
 * written as loose objects instead (fastimport.unpackLimit), as after a plain `git commit`.
 */
export function commitFiles(repo: string, commits: Array<{ files: Record<string, string | null>; message?: string }>, branch?: string, opts: { loose?: boolean } = {}): void {
  let target = branch;
  if (!target) target = git(repo, 'symbolic-ref', '--short', 'HEAD');
  let parent = '';
  try {
    parent = git(repo, 'rev-parse', '-q', '--verify', `refs/heads/${target}`);
  } catch {
    parent = '';
  }
  const parts: Buffer[] = [];
  const data = (s: string | Buffer) => {
    const b = Buffer.isBuffer(s) ? s : Buffer.from(s, 'utf8');
    parts.push(Buffer.from(`data ${b.length}\n`), b, Buffer.from('\n'));
  };
  let when = 1_700_000_000;
  commits.forEach((c, i) => {
    parts.push(Buffer.from(`commit refs/heads/${target}\ncommitter Test <test@example.com> ${when++} +0000\n`));
    data(c.message ?? `c${i}`);
    if (i === 0 && parent) parts.push(Buffer.from(`from ${parent}\n`));
    for (const [path, content] of Object.entries(c.files)) {
      if (content === null) parts.push(Buffer.from(`D ${path}\n`));
      else {
        parts.push(Buffer.from(`M 100644 inline ${path}\n`));
        data(content);
      }
    }
    parts.push(Buffer.from('\n'));
  });
  execSyncVia('git', ['-c', `fastimport.unpackLimit=${opts.loose ? 1_000_000 : 1}`, 'fast-import', '--quiet', '--done'], { cwd: repo, env: gitEnv, input: Buffer.concat([...parts, Buffer.from('done\n')]) });
  let head = '';
  try {
    head = git(repo, 'symbolic-ref', '--short', 'HEAD');
  } catch {
    head = '';
  }
  if (head === target && !git(repo, 'rev-parse', '--is-bare-repository').startsWith('true')) git(repo, 'reset', '-q', '--hard', target);
}

/**
 * What actions/checkout gives a job: a shallow (depth 1), single-branch clone of main from `remote`
 * (a URL, or a path taken as file://), into `dir` (created; default a new temporary folder); `detach`
 * leaves HEAD detached, as a checkout of a commit does.
 */
export function ciClone(remote: string, opts: { detach?: boolean; dir?: string } = {}): string {
  const d = opts.dir ?? tempDir('gm-ci-');
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(remote) ? remote : `file://${remote}`;
  git(tempDir(), 'clone', '-q', '--depth', '1', '--single-branch', '--branch', 'main', url, d);
  if (opts.detach) git(d, 'checkout', '-q', '--detach');
  return d;
}

/** A seeded pseudo-random generator (mulberry32): floats in [0, 1), the same sequence for a seed on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** {@link rng} as whole numbers: each call `(n)` gives one in [0, n). */
export function rngInt(seed: number): (n: number) => number {
  const r = rng(seed);
  return (n) => Math.floor(r() * n);
}
