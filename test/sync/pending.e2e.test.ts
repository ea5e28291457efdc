import { describe, expect, it } from 'vitest';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, cliAsync, git, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/core/store.js';
import { sync, pull } from '../../src/sync/index.js';
import { memoryStats } from '../../src/core/stats.js';
import { MemoryError } from '../../src/core/errors.js';

/** A bare remote whose default branch has one commit, and `n` full clones of it. */
function setup(n: number): { remote: string; clones: string[] } {
  const remote = makeRepo({ bare: true });
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  writeFileSync(join(seed, 'README.md'), '# project\n');
  git(seed, 'add', 'README.md');
  git(seed, 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const clones = Array.from({ length: n }, () => {
    const d = tempDir('gm-clone-');
    git(d, 'clone', '-q', remote, '.');
    return d;
  });
  return { remote, clones };
}

function idsOn(repo: string, ref = 'memory'): string[] {
  return git(repo, 'ls-tree', '-r', '--name-only', ref, '--', 'memories')
    .split('\n')
    .filter((p) => p.endsWith('.md'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -3))
    .sort();
}

function pendingRefs(remote: string): string[] {
  const out = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/memory-pending/');
  return out ? out.split('\n') : [];
}

async function withStore<T>(repo: string, fn: (s: MemoryStore) => Promise<T>): Promise<T> {
  const s = new MemoryStore({ repo });
  try {
    return await fn(s);
  } finally {
    s.close();
  }
}

const storeIn = (repo: string, content: string) => withStore(repo, async (s) => (await s.store({ content })).id);

/**
 * Makes the next push to the remote lose a race deterministically: its pre-receive hook moves
 * refs/heads/memory to `oid` (a commit already on the remote) before the push is applied, as another
 * writer's push landing in between would. Later pushes are left alone.
 */
function raceNextPush(remote: string, oid: string, extra = ''): void {
  writeFileSync(join(remote, 'race-with'), oid + '\n');
  const hook = join(remote, 'hooks', 'pre-receive');
  writeFileSync(
    hook,
    `#!/bin/sh
input=$(cat)
${extra}
if [ -f race-with ] && [ ! -f raced ]; then
  : > raced
  env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git update-ref refs/heads/memory "$(cat race-with)"
fi
exit 0
`,
  );
  chmodSync(hook, 0o755);
}

/** a has stored and shared x1; b has pulled it; a then stores x2, parked on the remote outside the branch. */
async function twoWriters() {
  const { remote, clones } = setup(3);
  const [a, b, c] = clones;
  const x1 = await storeIn(a, 'x1 from a');
  await withStore(a, (s) => sync(s));
  await withStore(b, (s) => pull(s));
  const x2 = await storeIn(a, 'x2 from a');
  git(a, 'push', '-q', 'origin', 'memory:refs/parked/a');
  const parked = git(a, 'rev-parse', 'memory');
  return { remote, a, b, c, x1, x2, parked };
}

// Real git remotes and concurrent CLI processes: slow on a loaded 2-core machine.
describe('pending refs', { timeout: 300_000 }, () => {

  it('concurrent new (pending) and old (branch-only) writers: nothing lost, nothing duplicated, fsck clean', async () => {
    const { remote, clones } = setup(5);
    // Old writers use the branch-only protocol, as a git-memory without pending refs does.
    const writers = clones.map((dir, w) => ({ dir, env: w < 2 ? { MEMORY_SYNC_MODE: 'branch', MEMORY_SYNC_RETRIES: '60' } : {} }));
    const results = await Promise.all(
      writers.map(async ({ dir, env }, w) => {
        const out = [];
        for (let i = 0; i < 3; i++) out.push(await cliAsync(dir, ['store', `writer ${w} memory ${i}`, '--sync', '--json'], { env }));
        return out;
      }),
    );
    const all = results.flat();
    for (const r of all) expect(r.code, r.stderr + r.stdout).toBe(0);
    const stored = all.map((r) => r.json.id as string).sort();
    expect(new Set(stored).size).toBe(15);
    // Every memory is on the remote: on the branch or in a pending ref. One more sync folds them all.
    const f = cli(clones[4], ['sync', '--json']);
    expect(f.code, f.stderr).toBe(0);
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toEqual(stored);
    for (const id of stored) expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${id}`, 'memory').split('\n'), id).toHaveLength(1);
    expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
    // A fresh clone reads them all.
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    expect(cli(fresh, ['list', '--sync', '--limit', '100', '--json']).json.total).toBe(15);
  });
});
