import { describe, expect, it } from 'vitest';
import { cli, cliAsync, git, tempDir } from '../helpers.js';
import { fsckBranch, idsUnder, ok, pendingName, pendingRefs, setup } from './fixtures.js';

// What a fold keeps, with real concurrency: several writer processes store and delete during a
// burst while another writer's pending ref is parked; a reader's fold keeps every delete. The rest of
// the fold-safety tests (one command at a time) run in-process in fold-safety.test.ts.

describe('fold safety, concurrent writer processes', { timeout: 300_000 }, () => {
  it('4 concurrent writers store and delete during a burst: every delete survives the fold, every kept memory arrives', async () => {
    const { remote, clones } = setup(6);
    const writers = clones.slice(0, 4);
    const [parked, reader] = clones.slice(4);
    ok(cli(parked, ['store', 'parked writer', '--json']));
    git(parked, 'push', '-q', 'origin', `memory:${pendingName('bbbbbbbbbb')}`);
    const runs = await Promise.all(
      writers.map(async (dir, w) => {
        const keep = await cliAsync(dir, ['store', `writer ${w} keeps this`, '--sync', '--json']);
        const gone: string[] = [];
        for (let i = 0; i < 2; i++) {
          const s = await cliAsync(dir, ['store', `writer ${w} deletes this ${i}`, '--sync', '--json']);
          expect(s.code, s.stderr || s.stdout).toBe(0);
          const del = await cliAsync(dir, ['delete', s.json.id, '--sync', '--json']);
          expect(del.code, del.stderr || del.stdout).toBe(0);
          gone.push(s.json.id);
        }
        expect(keep.code, keep.stderr || keep.stdout).toBe(0);
        return { keep: keep.json.id as string, gone };
      }),
    );
    ok(cli(reader, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    const live = idsUnder(remote, 'memory', 'memories');
    const trash = idsUnder(remote, 'memory', 'trash');
    const deleted = runs.flatMap((r) => r.gone);
    expect(deleted).toHaveLength(8);
    expect(deleted.filter((id) => live.includes(id)), 'deletes that came back').toEqual([]);
    for (const id of deleted) expect(trash).toContain(id);
    for (const r of runs) expect(live).toContain(r.keep);
    fsckBranch(remote);
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    const list = ok(cli(fresh, ['list', '--sync', '--limit', '100', '--json'])).json;
    expect(list.memories.map((m: { id: string }) => m.id).sort()).toEqual(live);
  });

});
