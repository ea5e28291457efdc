import { describe, expect, it } from 'vitest';
import { writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { cli, cliAsync, git, gitEnv, makeRepo, tempDir, checkoutState } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { classifyGitFailure } from '../../src/sync/git-cli.js';
import { setup, idsOn, fileOf, reachableBlobs, edit, remove } from './fixtures.js';

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
