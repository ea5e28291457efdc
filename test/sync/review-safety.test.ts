import { describe, expect, it } from 'vitest';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { fsckBranch, idsUnder, ok, pendingRefs, setup } from './fixtures.js';

// Adversarial review of the sync protocol's safety after the one-push path (issue 29) and its fixes:
// interleavings that lose a memory, undo a delete or duplicate one. The command line in-process, real
// clones and a real bare remote on disk; the remote's update hook holds the branch where a race is needed.

/** The remote's per-ref hook refuses updates of the branch while the file `hold-branch` exists. */
function holdBranch(remote: string): () => void {
  writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\n[ "$1" = refs/heads/memory ] && [ -f hold-branch ] && exit 1\nexit 0\n');
  chmodSync(join(remote, 'hooks', 'update'), 0o755);
  writeFileSync(join(remote, 'hold-branch'), '');
  return () => rmSync(join(remote, 'hold-branch'));
}

const listIds = async (repo: string, sync = true) =>
  ok(await runCli(repo, ['list', ...(sync ? ['--sync'] : []), '--limit', '100', '--json'])).json.memories.map((m: { id: string }) => m.id) as string[];

describe('sync safety review', { timeout: 300_000 }, () => {
  it('against a server without atomic pushes, a delete of a memory a one-push writer parked in a pending ref stays deleted', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    // AWS CodeCommit and other servers answer "the receiving end does not support --atomic push".
    git(remote, 'config', 'receive.advertiseAtomic', 'false');
    ok(await runCli(a, ['store', 'seed memory', '--sync', '--json']));
    // The one push is not atomic, so such a server takes it; the branch loses its lease (held here),
    // the pending ref lands: x is only in a pending ref, as after any lost race.
    const release = holdBranch(remote);
    const x = ok(await runCli(a, ['store', 'x: this one will be deleted', '--sync', '--json'])).json;
    expect(x.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
    release();
    // Another writer reads x (from the pending ref) and deletes it. Before: its fold needed an atomic
    // push, so it fell back to the branch protocol, which published its local branch (x's store and its
    // delete) and left the pending ref. Now it folds without --atomic: the branch, then the ref.
    ok(await runCli(b, ['pull', '--json']));
    expect(await listIds(b, false)).toContain(x.id);
    const d = ok(await runCli(b, ['delete', x.id, '--sync', '--json'])).json;
    expect(d.sync).toMatchObject({ mode: 'pending', folded: 1, pendingRemote: 0 });
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    // Every later reader replays the pending ref nobody could fold (a fold is atomic) on that branch:
    // its base lacks x, its commit adds x, the branch lacks x → x is back, next to its trash copy.
    expect(await listIds(c)).not.toContain(x.id);
    ok(await runCli(c, ['store', 'y from c', '--sync', '--json']));
    ok(await runCli(c, ['sync', '--fold', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(pendingRefs(remote)).toEqual([]);
    fsckBranch(remote);
  });
});
