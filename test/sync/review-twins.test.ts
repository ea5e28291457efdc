import { afterEach, describe, expect, it, vi } from 'vitest';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../run-cli.js';
import { fsckBranch, idsUnder, ok, pendingRefs, setup } from './fixtures.js';

// Review of the fold's replay check (src/sync/sync.ts replayIndex/replayedPrefix): a pending ref's
// commits the branch's first-parent history already holds as replays are not replayed again. A "twin"
// is a branch commit with the same author line (time in seconds), the same message but for the size
// trailer, and the same changes. These tests look for twins that are not replays of the ref.

/** The remote's update hook refuses updates of the branch while the file `hold-branch` exists. */
function holdBranch(remote: string): () => void {
  writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\n[ "$1" = refs/heads/memory ] && [ -f hold-branch ] && exit 1\nexit 0\n');
  chmodSync(join(remote, 'hooks', 'update'), 0o755);
  writeFileSync(join(remote, 'hold-branch'), '');
  return () => rmSync(join(remote, 'hold-branch'));
}

describe('fold replay check: false twins', { timeout: 300_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // A restore writes the memory back as it was stored and removes its trash copy: its changes do not
  // depend on when it ran, and its message names only the id. Two restores of one memory in the same
  // second by the same identity (one agent; or CI jobs sharing the bot identity) have the same key and
  // the same changes, though each undoes a different delete. (`trash restore` takes no --sync: a sync follows.) Here the second restore lost its race and
  // waits in a pending ref; the first restore (and the delete after it) are on the branch. Only the
  // clock's seconds are shared: every step is 100 ms after the last (Date only is faked; git runs for
  // real). Before the fix the fold took the first restore for a replay of the second, dropped the ref
  // and the memory stayed in the trash: the user's last action lost.
  it('a second restore of a memory in the same second is folded, not taken for a replay of the first', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    let t = Date.parse('2026-11-30T10:00:00.000Z');
    const tick = () => vi.setSystemTime((t += 100));
    vi.useFakeTimers({ toFake: ['Date'] });
    tick();
    const m = ok(await runCli(a, ['store', 'a memory deleted, restored, deleted and restored again', '--sync', '--json'])).json;
    tick();
    ok(await runCli(a, ['delete', m.id, '--sync', '--json']));
    tick();
    ok(await runCli(a, ['trash', 'restore', m.id, '--json']));
    ok(await runCli(a, ['sync', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).toContain(m.id);
    tick();
    ok(await runCli(a, ['delete', m.id, '--sync', '--json']));
    expect(idsUnder(remote, 'memory', 'trash')).toContain(m.id);
    const release = holdBranch(remote);
    tick();
    ok(await runCli(a, ['trash', 'restore', m.id, '--json']));
    const r = ok(await runCli(a, ['sync', '--json'])).json;
    expect(r.pendingRef).toMatch(/^refs\/memory-pending\//);
    release();
    tick();
    ok(await runCli(b, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    // The last thing done to the memory was a restore: it is live, not in the trash.
    expect(idsUnder(remote, 'memory', 'memories')).toContain(m.id);
    expect(idsUnder(remote, 'memory', 'trash')).not.toContain(m.id);
    fsckBranch(remote);
  });
});
