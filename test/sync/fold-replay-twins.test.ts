import { afterEach, describe, expect, it, vi } from 'vitest';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { ciClone, fsckBranch, idsUnder, ok, pendingRefs, setup } from './fixtures.js';

// The fold's replay check (src/sync/union.ts replayIndex/replayedPrefix): a pending ref's
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

describe('fold replay check: cost in a shallow clone', { timeout: 300_000 }, () => {
  // A CI job's clone is shallow and blob-less: each fetch of the branch is 4 commits deep, and the
  // branch's older history is not there. The check reads the changes of a branch commit that matches
  // a pending ref's commit (its key), which needs that commit's parent. At the shallow boundary the
  // parent is missing, and in a partial clone git fetches it lazily with the filter and no depth: every
  // commit and tree of the branch's history behind it, to compare one commit. The boundary commit's
  // changes are unknown here; it cannot count as a replay (the ref is replayed, as before the check).
  it('a fold in a shallow blob-less clone does not fetch the branch history behind its boundary', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    git(remote, 'config', 'receive.advertiseAtomic', 'false');
    git(remote, 'config', 'uploadpack.allowFilter', 'true');
    for (let i = 0; i < 4; i++) ok(await runCli(a, ['store', `older memory ${i}`, '--sync', '--json']));
    const release = holdBranch(remote);
    const x = ok(await runCli(a, ['store', 'x: parked in a pending ref', '--sync', '--json'])).json;
    expect(x.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
    release();
    // A no-atomic fold stopped after its branch push: the ref stays, its commit is on the branch.
    writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\ncase "$1" in refs/memory-pending/*) [ -f hold-deletes ] && [ "$3" = 0000000000000000000000000000000000000000 ] && exit 1;; esac\nexit 0\n');
    writeFileSync(join(remote, 'hold-deletes'), '');
    // The folder is another identity: a replay by the writer's own identity in the same second is
    // byte for byte the writer's commit, which the ref names (Copy-Of), and the ref is dropped as a copy.
    ok(await runCli(b, ['sync', '--fold', '--json'], { env: { GIT_AUTHOR_NAME: 'Folder', GIT_AUTHOR_EMAIL: 'folder@example.com' } }));
    // Three more commits: the replay of x is the fourth from the tip, the boundary of a CI job's fetch.
    for (let i = 0; i < 3; i++) ok(await runCli(c, ['store', `later memory ${i}`, '--sync', '--json']));
    rmSync(join(remote, 'hold-deletes'));
    expect(git(remote, 'log', '-1', '--format=%B', 'memory~3')).toContain(x.id);
    const oldest = git(remote, 'rev-list', '--max-parents=0', 'memory');
    const job = ciClone(`file://${remote}`);
    ok(await runCli(job, ['store', 'y from a ci job', '--json']));
    const trace = join(tempDir('gm-trace-'), 'trace');
    const fr = ok(await runCli(job, ['sync', '--fold', '--json'], { env: { GIT_TRACE: trace, MEMORY_SYNC_TREELESS: '0' } }));
    const f = fr.json;
    expect(f).toMatchObject({ pushed: true, pendingRemote: 0 });
    expect(pendingRefs(remote)).toEqual([]);
    // One fetch (the branch and its pending refs), no lazy one; the branch's first commit never came.
    const fetches = readFileSync(trace, 'utf8').split('\n').filter((l) => /built-in: git fetch/.test(l));
    expect(fetches, fetches.join('\n')).toHaveLength(1);
    // (Listed, not probed: `git cat-file -e` would fetch it lazily itself.)
    expect(git(job, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n')).not.toContain(oldest);
    expect(idsUnder(remote, 'memory', 'memories')).toContain(x.id);
    fsckBranch(remote);
  });

  // The same read past the boundary from the other caller (publishedPrefix, older than the check): a
  // CI job whose first write lost its race (pending ref; the mark is its own tip, on no branch line)
  // writes again after another writer moved the branch. The search for its own commits walks the
  // union's first parents back to the mark, which is not on that line: it reached the shallow boundary
  // and read the parent behind it, and git fetched the branch's whole history (the first commit came).
  it("a CI job's second write after a lost race does not fetch the branch history either", async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    git(remote, 'config', 'uploadpack.allowFilter', 'true');
    for (let i = 0; i < 6; i++) ok(await runCli(a, ['store', `older memory ${i}`, '--sync', '--json']));
    const oldest = git(remote, 'rev-list', '--max-parents=0', 'memory');
    const job = ciClone(`file://${remote}`);
    const release = holdBranch(remote);
    const env = { MEMORY_SYNC_TREELESS: '0' };
    const first = ok(await runCli(job, ['store', 'first fact from the job', '--sync', '--json'], { env })).json;
    expect(first.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
    release();
    ok(await runCli(a, ['store', 'another writer moves the branch', '--sync', '--json']));
    const second = ok(await runCli(job, ['store', 'second fact from the job', '--sync', '--json'], { env })).json;
    expect(second.sync.pushed).toBe(true);
    expect(git(job, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n')).not.toContain(oldest);
    // Nothing lost: the first fact may still wait in its pending ref (a burst is in progress); a fold.
    ok(await runCli(a, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    const on = idsUnder(remote, 'memory', 'memories');
    expect(on).toContain(first.id);
    expect(on).toContain(second.id);
  });
});
