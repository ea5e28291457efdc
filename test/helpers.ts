import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { MemoryError } from '../src/core/errors.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh temp directory removed after the test file. */
export function tempDir(prefix = 'gm-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** Environment for git in tests: no user/global config leaks in, a fixed identity. */
export const gitEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  GITHUB_ACTIONS: '',
  MEMORY_BRANCH: '',
};
for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE']) delete gitEnv[k];

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trimEnd();
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
  const r = spawnSync(process.execPath, [CLI(), ...args], { cwd, env: { ...gitEnv, ...opts.env }, input: opts.input ?? '', encoding: 'utf8' });
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
  return spawnSync(cmd, args, { cwd, env: gitEnv, encoding: 'utf8' });
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
