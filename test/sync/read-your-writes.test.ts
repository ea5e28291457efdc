// A writer whose first memory is still only in its own pending ref (its branch push lost the race in a
// burst) and which stores and syncs again during the burst: its local branch must still hold that
// first memory, so `get` and `delete` work locally without a pull, and nothing is lost on the remote.
import { describe, expect, it } from 'vitest';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { idsUnder, ok, pendingName, pendingRefs, raceNextPush, setup } from './fixtures.js';

describe('read your writes after a burst', { timeout: 120_000 }, () => {
  it('a memory parked in the writer\'s own pending ref stays readable and deletable locally after its next sync', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    ok(await runCli(a, ['store', 'seed memory about otters', '--sync']));
    ok(await runCli(b, ['sync']));
    // Another writer publishes right now: a pending ref made this instant is the sign of a burst.
    const y = (ok(await runCli(b, ['store', 'y: a memory of another writer about voles', '--json'])).json as { id: string }).id;
    git(b, 'push', '-q', 'origin', `memory:${pendingName('bbbbbbbbbb')}`);
    // ...and that writer's branch push lands between this writer's fetch and its own push.
    raceNextPush(remote, git(b, 'rev-parse', 'memory'));

    const m1 = (ok(await runCli(a, ['store', 'm1: the first memory of this writer about herons', '--json'])).json as { id: string }).id;
    const first = ok(await runCli(a, ['sync', '--json'])).json as { pendingRef: string | null };
    expect(first.pendingRef).toMatch(/^refs\/memory-pending\//);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(m1);

    const m2 = (ok(await runCli(a, ['store', 'm2: the second memory of this writer about egrets', '--json'])).json as { id: string }).id;
    ok(await runCli(a, ['sync', '--json']));

    // Locally, without a pull: both of this writer's memories.
    const got = await runCli(a, ['get', m1, '--json']);
    expect(got.code, got.stderr).toBe(0);
    ok(await runCli(a, ['get', m2, '--json']));
    const deleted = await runCli(a, ['delete', m1, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((deleted.json as { deleted: number | boolean }).deleted).toBeTruthy();

    // Nothing lost, nothing revived on the remote once everything is folded.
    ok(await runCli(a, ['sync', '--fold']));
    ok(await runCli(c, ['sync', '--fold']));
    expect(pendingRefs(remote)).toEqual([]);
    const live = idsUnder(remote, 'memory', 'memories');
    expect(live).toEqual(expect.arrayContaining([m2, y]));
    expect(live).not.toContain(m1);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(m1);
  });
});
