import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { catFileBatch, runGit, runGitSync } from '../../src/git/cli.js';
import { MemoryError } from '../../src/errors.js';
import { git, gitEnv, makeRepo } from '../helpers.js';

/** The one git runner: which repository, which environment, bounded output, coded failures. */
describe('git runner', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    for (const k of ['GIT_CONFIG_NOSYSTEM', 'GIT_CONFIG_GLOBAL', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL']) process.env[k] = gitEnv[k];
  });
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  it('runs against the repository it is given, whatever GIT_DIR / GIT_WORK_TREE say', async () => {
    const a = makeRepo({ commit: true });
    const b = makeRepo({ commit: true });
    process.env.GIT_DIR = join(b, '.git');
    process.env.GIT_WORK_TREE = b;
    const target = { gitDir: join(a, '.git'), root: a };
    expect(runGitSync(target, ['rev-parse', 'HEAD']).stdout.toString().trim()).toBe(git(a, 'rev-parse', 'HEAD'));
    expect((await runGit(target, ['rev-parse', '--show-toplevel'])).stdout.toString().trim()).toBe(git(a, 'rev-parse', '--show-toplevel'));
  });

  it('gives git English messages and no credential prompt', () => {
    const a = makeRepo({ commit: true });
    process.env.LC_ALL = 'de_DE.UTF-8';
    process.env.GIT_TERMINAL_PROMPT = '1';
    const env = runGitSync({ gitDir: join(a, '.git'), root: a }, ['-c', 'alias.e=!env', 'e']).stdout.toString();
    expect(env).toMatch(/^LC_ALL=C$/m);
    expect(env).toMatch(/^GIT_TERMINAL_PROMPT=0$/m);
  });

  it('bounds stdout: a command printing more than maxBytes fails with GIT_FAILED (sync and async)', async () => {
    const a = makeRepo({ commit: true });
    const big = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: a, env: gitEnv, input: 'x'.repeat(200_000), encoding: 'utf8' }).trim();
    const target = { gitDir: join(a, '.git'), root: a };
    expect(runGitSync(target, ['cat-file', 'blob', big]).stdout.length).toBe(200_000);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as MemoryError).code;
      }
      return null;
    };
    expect(code(() => runGitSync(target, ['cat-file', 'blob', big], { maxBytes: 10_000 }))).toBe('GIT_FAILED');
    await expect(runGit(target, ['cat-file', 'blob', big], { maxBytes: 10_000 })).rejects.toMatchObject({ code: 'GIT_FAILED' });
  });

  it('a failing command is GIT_FAILED with git\'s message; allowFailure returns it instead', async () => {
    const a = makeRepo({ commit: true });
    const target = { gitDir: join(a, '.git'), root: a };
    await expect(runGit(target, ['rev-parse', '--verify', 'no-such-rev'])).rejects.toBeInstanceOf(MemoryError);
    await expect(runGit(target, ['rev-parse', '--verify', 'no-such-rev'])).rejects.toMatchObject({ code: 'GIT_FAILED' });
    const r = runGitSync(target, ['rev-parse', '--verify', 'no-such-rev'], { allowFailure: true });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/fatal/);
    // git not on PATH: coded, not a crash.
    expect(() => runGitSync(target, ['status'], { env: { PATH: '/nonexistent' } })).toThrow(/not installed/);
  });

  it('catFileBatch reads many objects in one process and marks missing ones', () => {
    const a = makeRepo({ commit: true });
    const head = git(a, 'rev-parse', 'HEAD');
    const tree = git(a, 'rev-parse', 'HEAD^{tree}');
    const { objects } = catFileBatch({ gitDir: join(a, '.git'), root: a }, [head, tree, 'f'.repeat(40)]);
    expect((objects.get(head) as { type: string }).type).toBe('commit');
    expect((objects.get(tree) as { type: string }).type).toBe('tree');
    expect(objects.get('f'.repeat(40))).toBe('missing');
  });
});
