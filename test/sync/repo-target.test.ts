import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

/** A bare remote with one commit on main, and a clone of it. */
function remoteAndClone(): { remote: string; clone: string } {
  const remote = makeRepo({ bare: true });
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  writeFileSync(join(seed, 'README.md'), '# project\n');
  git(seed, 'add', 'README.md');
  git(seed, 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const clone = tempDir('gm-clone-');
  git(clone, 'clone', '-q', remote, '.');
  return { remote, clone };
}

const hasRef = (repo: string, ref: string) => spawnSync('git', ['rev-parse', '--verify', '-q', ref], { cwd: repo, env: gitEnv }).status === 0;

describe('sync runs git in the repository it was given', () => {
  it('an explicit --repo wins over GIT_DIR in the environment, for fetch, push and the history questions', async () => {
    const a = remoteAndClone();
    // Another repository, with a remote of its own also called origin: a sync that followed GIT_DIR
    // would fetch from and push to the wrong remote.
    const b = remoteAndClone();
    const env = { GIT_DIR: join(b.clone, '.git') };

    const stored = await runCli(a.clone, ['store', 'belongs to A', '--repo', a.clone, '--json'], { env });
    expect(stored.code).toBe(0);
    const first = await runCli(tempDir(), ['sync', '--repo', a.clone, '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.json.pushed).toBe(true);
    expect(git(a.remote, 'rev-parse', 'memory')).toBe(git(a.clone, 'rev-parse', 'memory'));

    // A second writer on A's remote, so the next sync fetches, combines and pushes (merge base, chain).
    const other = tempDir('gm-clone-');
    git(other, 'clone', '-q', a.remote, '.');
    expect((await runCli(other, ['store', 'from another clone of A', '--json'])).code).toBe(0);
    expect((await runCli(other, ['sync', '--json'])).code).toBe(0);
    expect((await runCli(a.clone, ['store', 'A again', '--repo', a.clone, '--json'], { env })).code).toBe(0);
    const second = await runCli(tempDir(), ['sync', '--repo', a.clone, '--json'], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.json.pulled).toBe(true);
    expect(git(a.remote, 'rev-parse', 'memory')).toBe(git(a.clone, 'rev-parse', 'memory'));
    const contents = git(a.remote, 'log', '--format=%s', 'memory');
    expect(contents.split('\n').length).toBeGreaterThanOrEqual(3);

    // B and its remote were never touched.
    expect(hasRef(b.clone, 'refs/heads/memory')).toBe(false);
    expect(hasRef(b.remote, 'refs/heads/memory')).toBe(false);
    expect(git(b.clone, 'for-each-ref', '--format=%(refname)', 'refs/git-memory')).toBe('');
  });
});
