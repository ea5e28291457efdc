import { describe, expect, it } from 'vitest';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, cliAsync, git, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { sync, pull } from '../../src/sync/index.js';
import { memoryStats } from '../../src/lifecycle/stats.js';
import { MemoryError } from '../../src/errors.js';
import { setup, idsOn, pendingRefs, withStore, storeIn, raceNextPush, twoWriters } from './fixtures.js';

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
