import { describe, expect, it } from 'vitest';
import { cli, cliAsync } from '../helpers.js';
import { fsckBranch, idsUnder, ok, pendingRefs, setup } from './fixtures.js';

// Read your writes with real concurrency: 8 clones each store with --sync twice, all at once, against
// one bare remote. Afterwards every clone gets and deletes its own first memory locally (no pull),
// and once folded the remote holds every second memory and none of the deleted ones.
// test/sync/read-your-writes.test.ts makes the same race deterministic, in-process.

describe('read your writes after a burst of concurrent writers', { timeout: 300_000 }, () => {
  it('8 clones storing twice at once each still get and delete their own first memory locally', async () => {
    const { remote, clones } = setup(9);
    const writers = clones.slice(0, 8);
    const reader = clones[8];
    ok(cli(reader, ['store', 'seed memory before the burst', '--sync', '--json']));
    const runs = await Promise.all(
      writers.map(async (dir, w) => {
        const first = await cliAsync(dir, ['store', `writer ${w} first memory`, '--sync', '--json']);
        expect(first.code, first.stderr || first.stdout).toBe(0);
        const second = await cliAsync(dir, ['store', `writer ${w} second memory`, '--sync', '--json']);
        expect(second.code, second.stderr || second.stdout).toBe(0);
        return { dir, first: first.json.id as string, second: second.json.id as string };
      }),
    );
    const notFound: string[] = [];
    for (const r of runs) {
      const got = await cliAsync(r.dir, ['get', r.first, '--json']);
      if (got.code !== 0) notFound.push(r.first);
      const del = await cliAsync(r.dir, ['delete', r.first, '--sync', '--json']);
      expect(del.code, del.stderr || del.stdout).toBe(0);
    }
    expect(notFound, 'own first memories not readable locally').toEqual([]);
    ok(cli(reader, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    const live = idsUnder(remote, 'memory', 'memories');
    const trash = idsUnder(remote, 'memory', 'trash');
    for (const r of runs) {
      expect(live).toContain(r.second);
      expect(live).not.toContain(r.first);
      expect(trash).toContain(r.first);
    }
    fsckBranch(remote);
  });
});
