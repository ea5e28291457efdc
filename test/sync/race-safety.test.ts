import { describe, expect, it } from 'vitest';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { fsckBranch, idsUnder, ok, pendingRefs, setup } from './fixtures.js';

// The sync protocol's safety with the one-push path, adversarially:
// interleavings that lose a memory, undo a delete or duplicate one. The command line in-process, real
// clones and a real bare remote on disk; the remote's update hook holds the branch where a race is needed.

/** The remote's per-ref hook refuses updates of the branch while the file `hold-branch` exists. */
function holdBranch(remote: string): () => void {
  writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\n[ "$1" = refs/heads/memory ] && [ -f hold-branch ] && exit 1\nexit 0\n');
  chmodSync(join(remote, 'hooks', 'update'), 0o755);
  writeFileSync(join(remote, 'hold-branch'), '');
  return () => rmSync(join(remote, 'hold-branch'));
}

/** `a` stores a seed memory, then x while the branch is held: x lands only in a pending ref (a lost race). */
async function parkInPendingRef(remote: string, a: string): Promise<{ id: string; sync: { pendingRef: string } }> {
  ok(await runCli(a, ['store', 'seed memory', '--sync', '--json']));
  const release = holdBranch(remote);
  const x = ok(await runCli(a, ['store', 'x: this one will be deleted', '--sync', '--json'])).json;
  expect(x.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
  release();
  return x;
}

const listIds = async (repo: string, sync = true) =>
  ok(await runCli(repo, ['list', ...(sync ? ['--sync'] : []), '--limit', '100', '--json'])).json.memories.map((m: { id: string }) => m.id) as string[];

describe('sync safety when writers race', { timeout: 300_000 }, () => {
  it('against a server without atomic pushes, a delete of a memory a one-push writer parked in a pending ref stays deleted', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    // AWS CodeCommit and other servers answer "the receiving end does not support --atomic push".
    git(remote, 'config', 'receive.advertiseAtomic', 'false');
    // The one push is not atomic, so such a server takes it; the branch loses its lease (held here),
    // the pending ref lands: x is only in a pending ref, as after any lost race.
    const x = await parkInPendingRef(remote, a);
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

  // A fold on a server without atomic pushes pushes the branch, then deletes the refs
  // it folded. Stopped in between (kill -9), or with a delete that lost its lease, the ref stays behind
  // although the branch holds its commits as replays. Before: the next fold replayed it again, and a
  // memory of it deleted meanwhile came back (red: the check after the delete failed). Now commits the
  // branch's history already holds as replays are not replayed again (src/sync/union.ts unionOf).
  it('a ref a no-atomic fold left behind is not replayed again: a memory of it deleted since stays deleted', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    git(remote, 'config', 'receive.advertiseAtomic', 'false');
    const x = await parkInPendingRef(remote, a);
    // The remote refuses deletes of pending refs: what a fold killed between its two pushes leaves.
    writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\ncase "$1" in refs/memory-pending/*) [ -f hold-deletes ] && [ "$3" = 0000000000000000000000000000000000000000 ] && exit 1;; esac\nexit 0\n');
    writeFileSync(join(remote, 'hold-deletes'), '');
    const f = ok(await runCli(b, ['sync', '--fold', '--json'])).json;
    expect(f).toMatchObject({ folded: 0, pendingRemote: 1 });
    expect(idsUnder(remote, 'memory', 'memories')).toContain(x.id);
    expect(pendingRefs(remote)).toContain(x.sync.pendingRef);
    // x is deleted while the ref is still there; the delete's own sync folds again.
    ok(await runCli(c, ['pull', '--json']));
    ok(await runCli(c, ['delete', x.id, '--sync', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    expect(await listIds(b)).not.toContain(x.id);
    // Deletes allowed again: the next fold removes the ref, and x stays deleted.
    rmSync(join(remote, 'hold-deletes'));
    ok(await runCli(a, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(await listIds(a)).not.toContain(x.id);
    fsckBranch(remote);
  });

  // A clone that pulled in mode pending holds replays of other writers' pending refs;
  // `--mode branch` (MEMORY_SYNC_MODE=branch) plans from the merge base, not the mark, so it publishes
  // those replays to the branch and leaves the refs. Once the memory is deleted on the branch, a fold
  // that replayed the ref on a branch without it would bring the memory back next to its trash copy:
  // a fold does not replay commits the branch's history already holds as replays (the same check
  // as for a ref a no-atomic fold left behind, above).
  it('a memory parked in a pending ref, published by a --mode branch sync of a clone that pulled it, then deleted, stays deleted', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const x = await parkInPendingRef(remote, a);
    // b commits under a name of its own. Under the same name and within the same second, b's replay of
    // a's commit had the very id of a's own replay, the one the pending ref's Copy-Of names: the fold
    // found it on the branch and dropped the ref, and the hole did not show (the full suite once).
    const asB = { GIT_AUTHOR_NAME: 'Writer B', GIT_COMMITTER_NAME: 'Writer B' };
    ok(await runCli(b, ['pull', '--json'], { env: asB }));
    const d = ok(await runCli(b, ['delete', x.id, '--sync', '--json'], { env: { ...asB, MEMORY_SYNC_MODE: 'branch' } })).json;
    expect(d.sync.mode).toBe('branch');
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    expect(pendingRefs(remote)).toContain(x.sync.pendingRef);
    ok(await runCli(c, ['sync', '--fold', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
  });

  // Killed after the remote took its
  // push but before the local branch and the mark moved: when the branch had moved since the mark, what
  // landed is a replay (another commit id), and a next sync that re-applied the original commits
  // three-way from the mark, with the memory deleted meanwhile (neither the base nor the remote has
  // memories/x), would store it again: the memory back next to its trash copy. So own
  // commits whose replay the union's history holds (same author line, message and changes) are the
  // base, not re-applied (src/sync/union.ts publishedPrefix). Mode branch keeps the window.
  it('a writer killed after its push landed and before its local branch moved does not bring back a memory deleted meanwhile', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    ok(await runCli(a, ['store', 'seed memory', '--sync', '--json']));
    ok(await runCli(b, ['store', 'w from b', '--sync', '--json'])); // the branch moves past a's mark
    const x = ok(await runCli(a, ['store', 'x: this one will be deleted', '--json'])).json;
    const mark = 'refs/git-memory/shared/origin/memory';
    const before = { local: git(a, 'rev-parse', 'memory'), mark: git(a, 'rev-parse', mark) };
    const s = ok(await runCli(a, ['sync', '--json'])).json;
    expect(s.pushed).toBe(true);
    expect(idsUnder(remote, 'memory', 'memories')).toContain(x.id);
    // kill -9 right after the push: neither the local branch nor the mark moved.
    git(a, 'update-ref', 'refs/heads/memory', before.local);
    git(a, 'update-ref', mark, before.mark);
    ok(await runCli(c, ['pull', '--json']));
    ok(await runCli(c, ['delete', x.id, '--sync', '--json']));
    ok(await runCli(c, ['sync', '--fold', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    ok(await runCli(a, ['sync', '--fold', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
  });
});
