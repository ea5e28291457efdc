import { describe, expect, it } from 'vitest';
import { writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { cli, cliAsync, git, gitEnv, makeRepo, tempDir, checkoutState } from '../helpers.js';
import { MemoryStore } from '../../src/core/store.js';
import { memoryToFile } from '../../src/core/memory.js';
import { classifyGitFailure } from '../../src/sync/git-cli.js';

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

/** Memory ids on a branch of any repository (bare or not), read with the git CLI. */
function idsOn(repo: string, ref = 'memory'): string[] {
  const out = git(repo, 'ls-tree', '-r', '--name-only', ref, '--', 'memories');
  return out
    .split('\n')
    .filter((p) => p.endsWith('.md'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -3))
    .sort();
}

function fileOf(repo: string, id: string, ref = 'memory'): string | null {
  const path = git(repo, 'ls-tree', '-r', '--name-only', ref, '--', 'memories')
    .split('\n')
    .find((p) => p.endsWith(`/${id}.md`));
  return path ? git(repo, 'show', `${ref}:${path}`) : null;
}

function reachableBlobs(repo: string, ref = 'memory'): Set<string> {
  return new Set(
    git(repo, 'rev-list', '--objects', ref)
      .split('\n')
      .map((l) => l.split(' ')[0]),
  );
}

/** Writes a new version of a memory (a later `updated` time) as one commit, the way an update does. */
async function edit(repo: string, id: string, content: string, updated: string): Promise<void> {
  const s = new MemoryStore({ repo });
  try {
    const hit = s.find(id);
    if (!hit) throw new Error(`no ${id} in ${repo}`);
    const file = Buffer.from(memoryToFile({ ...hit.memory, content, updated }));
    await s.mutate(() => ({ change: { changes: new Map([[hit.path, file]]), message: `memory: update ${id}\n` }, result: {} }));
  } finally {
    s.close();
  }
}

async function remove(repo: string, id: string): Promise<void> {
  const s = new MemoryStore({ repo });
  try {
    const hit = s.find(id);
    if (!hit) throw new Error(`no ${id} in ${repo}`);
    await s.mutate(() => ({ change: { changes: new Map([[hit.path, null]]), message: `memory: delete ${id}\n` }, result: {} }));
  } finally {
    s.close();
  }
}

function store(repo: string, content: string, extra: string[] = []): string {
  const r = cli(repo, ['store', content, '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.json.id;
}

function sync(repo: string, extra: string[] = []) {
  const r = cli(repo, ['sync', '--json', ...extra]);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return r.json;
}

// Real git remotes and CLI processes: minutes on a loaded 2-core machine.
describe('memory sync', { timeout: 300_000 }, () => {
  it('N clones x M memories stored and synced by concurrent processes: nothing lost, fsck clean', async () => {
    const N = 3;
    const M = 5;
    const { remote, clones } = setup(N);
    // Two writer processes share clone 0, so local compare-and-swap races happen during syncs too.
    const writers = [...clones, clones[0]];
    const results = await Promise.all(
      writers.map(async (dir, w) => {
        const out = [];
        for (let i = 0; i < M; i++) {
          out.push(await cliAsync(dir, ['store', `writer ${w} memory ${i}`, '--tags', `w${w}`, '--sync', '--json'], { env: { MEMORY_SYNC_RETRIES: '40' } }));
        }
        return out;
      }),
    );
    const all = results.flat();
    for (const r of all) expect(r.code, r.stderr + r.stdout).toBe(0);
    const stored = all.map((r) => r.json.id as string).sort();
    expect(new Set(stored).size).toBe(writers.length * M);
    // Every process synced after its own store, so the remote holds every memory: on the branch, or
    // in a pending ref when another writer moved the branch first. One more sync folds them all.
    sync(clones[1]);
    expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).toBe('');
    expect(idsOn(remote)).toEqual(stored);
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
    for (const c of clones) {
      sync(c);
      expect(idsOn(c)).toEqual(stored);
      expect(() => git(c, 'fsck', '--no-progress')).not.toThrow();
      expect(cli(c, ['list', '--limit', '100', '--json']).json.total).toBe(stored.length);
    }
    // Re-applied, not merged: the branch history stays a single line.
    expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
  });
});
