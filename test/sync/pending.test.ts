import { describe, expect, it } from 'vitest';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ciClone, cli, cliAsync, git, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { sync, pull } from '../../src/sync/index.js';
import { FOLD_AT_PENDING, newPendingRef } from '../../src/sync/pending.js';
import { memoryStats } from '../../src/lifecycle/stats.js';
import { MemoryError } from '../../src/errors.js';
import { runCli } from '../run-cli.js';
import { setup, idsOn, pendingRefs, withStore, storeIn, raceNextPush, twoWriters } from './fixtures.js';

// Real git remotes and concurrent CLI processes: slow on a loaded 2-core machine.
describe('pending refs', { timeout: 300_000 }, () => {
  it('a writer that loses the race publishes to its own pending ref; readers see the union; the next sync folds it with author, message and trailers kept', async () => {
    const { remote, a, b, c, x1, x2, parked } = await twoWriters();
    const y1 = await storeIn(b, 'y1 from b');
    const original = git(b, 'log', '-1', '--format=%an <%ae> %at%n%B', 'memory');
    raceNextPush(remote, parked);

    const r = await withStore(b, (s) => sync(s));
    expect(r).toMatchObject({ mode: 'pending', pushed: true, retries: 1, folded: 0, sent: 1, pendingRemote: 1 });
    expect(r.pendingRef).toMatch(/^refs\/memory-pending\/memory\/[0-9a-z]{9}-[0-9a-f]{10}$/);
    expect(pendingRefs(remote)).toEqual([r.pendingRef]);
    // The branch is what the race left; b's memory is in the pending ref, on a root of its own.
    expect(idsOn(remote)).toEqual([x1, x2].sort());
    expect(git(remote, 'rev-list', '--count', r.pendingRef as string)).toBe('2');

    // A reader that pulls sees the union.
    const p = await withStore(c, (s) => pull(s));
    expect(p.pendingRemote).toBe(1);
    expect(idsOn(c)).toEqual([x1, x2, y1].sort());
    const st = await withStore(c, (s) => memoryStats(s));
    expect(st.pending_refs?.count).toBe(1);

    // Any ordinary sync folds it: one push that moves the branch and deletes the pending ref.
    const f = await withStore(a, (s) => sync(s));
    expect(f).toMatchObject({ pushed: true, folded: 1, pendingRemote: 0 });
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toEqual([x1, x2, y1].sort());
    const folded = git(remote, 'log', '--format=%an <%ae> %at%n%B', '--grep', `Memory-Id: ${y1}`, 'memory');
    expect(folded).toBe(original);
    expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
    expect(git(remote, 'log', '--format=%s', 'memory')).not.toContain('pending base');
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
    expect((await withStore(a, (s) => memoryStats(s))).pending_refs?.count).toBe(0);

    // b syncs again: nothing re-sent, nothing duplicated, same tree as the remote.
    const again = await withStore(b, (s) => sync(s));
    expect(again).toMatchObject({ pushed: false, pendingRef: null });
    expect(git(b, 'rev-parse', 'memory^{tree}')).toBe(git(remote, 'rev-parse', 'memory^{tree}'));
    expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${y1}`, 'memory').split('\n')).toHaveLength(1);
  });

  it('during a burst (a pending ref made seconds ago) a writer pushes once: the branch and a pending ref together; a sync with nothing of its own still folds', async () => {
    const { remote, a, b, c, x1, x2, parked } = await twoWriters();
    const y = await storeIn(b, 'y from b');
    raceNextPush(remote, parked);
    expect((await withStore(b, (s) => sync(s))).pendingRef).not.toBeNull();
    const branch = git(remote, 'rev-parse', 'memory');
    // c has a memory of its own: ONE push, not atomic, that moves the branch to its commit (under a
    // lease) and makes a pending ref holding the same commit; nobody raced it, so both landed and the
    // pending ref is a redundant copy. No fold is raced for (b's pending ref is left alone).
    await withStore(c, (s) => pull(s));
    const z = await storeIn(c, 'z from c');
    const r = await withStore(c, (s) => sync(s));
    expect(r).toMatchObject({ mode: 'pending', pushed: true, retries: 0, folded: 0, sent: 1, pendingRef: null, pendingRemote: 2 });
    expect(git(remote, 'rev-parse', 'memory')).toBe(r.remoteTip);
    expect(git(remote, 'rev-parse', 'memory~1')).toBe(branch);
    expect(idsOn(remote)).toContain(z);
    expect(pendingRefs(remote)).toHaveLength(2);
    // It did not replay b's pending ref (the folder's work: N writers each replaying every pending
    // ref made a burst cost N²); c reads y after its next pull.
    expect(idsOn(c)).not.toContain(y);
    await withStore(c, (s) => pull(s));
    expect(idsOn(c)).toEqual(expect.arrayContaining([y, z]));
    // A reader already sees all four; the next sync without memories of its own folds both refs.
    const f = await withStore(a, (s) => sync(s));
    expect(f).toMatchObject({ pushed: true, folded: 2, pendingRemote: 0 });
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toEqual([x1, x2, y, z].sort());
    for (const id of [y, z]) expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${id}`, 'memory').split('\n')).toHaveLength(1);
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  });

  it('a clone storing several memories in a row, seconds apart, leaves one pending ref, not one per write: its own copy is no sign of a burst, and the next write deletes it', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    let last: string[] = [];
    for (let i = 0; i < 3; i++) {
      await storeIn(a, `in a row ${i}`);
      const r = await withStore(a, (s) => sync(s));
      // One push: the branch and a copy of the commit in a pending ref; the previous write's copy deleted.
      expect(r).toMatchObject({ pushed: true, pendingRef: null, pendingRemote: 1 });
      const now = pendingRefs(remote);
      expect(now).toHaveLength(1);
      expect(now).not.toEqual(last);
      last = now;
    }
    expect(idsOn(remote)).toHaveLength(3);
    // A sync with nothing of its own folds the last copy: a no-op on the branch, deleted.
    const f = await withStore(a, (s) => sync(s));
    expect(f).toMatchObject({ folded: 1, pendingRemote: 0 });
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toHaveLength(3);
    expect(git(remote, 'rev-list', '--count', 'memory')).toBe('3');
  });

  it('pending refs do not pile up under sustained traffic: from FOLD_AT_PENDING on, a writer folds them even in a burst', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    await storeIn(a, 'first');
    await withStore(a, (s) => sync(s, { fold: true }));
    // What contended writers leave when their branch push landed: fresh pending refs holding commits
    // the branch already has. One short of the cap, a writer still takes the one-push path...
    const tip = git(remote, 'rev-parse', 'memory');
    const fresh = (n: number) => {
      // Named 25 s ahead (the burst rule takes names up to 30 s either side of now): a loaded machine
      // that takes longer than 30 s to reach the next sync must not make them look settled.
      for (let i = 0; i < n; i++) git(remote, 'update-ref', newPendingRef('memory', Date.now() + 25_000), tip);
    };
    fresh(FOLD_AT_PENDING - 1);
    await storeIn(b, 'second');
    const one = await withStore(b, (s) => sync(s));
    expect(one).toMatchObject({ pushed: true, folded: 0 });
    expect(pendingRefs(remote)).toHaveLength(FOLD_AT_PENDING);
    // ...at the cap it folds them all (atomic push), whatever their age.
    await storeIn(a, 'third');
    const folded = await withStore(a, (s) => sync(s));
    expect(folded).toMatchObject({ pushed: true, folded: FOLD_AT_PENDING, pendingRemote: 0 });
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toHaveLength(3);
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  });

  it('memory sync --fold folds explicitly; --json reports it', async () => {
    const { remote, b, c, parked } = await twoWriters();
    await storeIn(b, 'y from b');
    raceNextPush(remote, parked);
    expect((await withStore(b, (s) => sync(s))).pendingRef).not.toBeNull();
    const r = await runCli(c, ['sync', '--fold', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ folded: 1, pendingRemote: 0, pendingRef: null });
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsOn(remote)).toHaveLength(3);
    const stats = await runCli(c, ['stats', '--json']);
    expect(stats.json.pending_refs).toMatchObject({ count: 0 });
  });

  it('a shallow single-branch clone reads a pending ref longer than its first fetch depth', async () => {
    const { remote, b, parked } = await twoWriters();
    const mine: string[] = [];
    for (let i = 0; i < 6; i++) mine.push(await storeIn(b, `offline ${i}`));
    raceNextPush(remote, parked);
    const r = await withStore(b, (s) => sync(s));
    expect(r.sent).toBe(6);
    const ci = ciClone(remote);
    const p = await withStore(ci, (s) => pull(s));
    expect(p.pendingRemote).toBe(1);
    for (const id of mine) expect(idsOn(ci)).toContain(id);
    expect(idsOn(ci)).toHaveLength(8);
    // The shallow clone folds too, and the branch history stays shallow-fetch friendly (no pending base on it).
    const f = await withStore(ci, (s) => sync(s));
    expect(f.folded).toBe(1);
    expect(idsOn(remote)).toHaveLength(8);
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  });

  it('a fresh shallow CI clone shares its store with one fetch (two on a small branch by default) and one push, no other git process, quiet or in a burst', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    // A branch history deeper than the first fetch's depth, so the clone sees a shallow boundary: six
    // commits, published by one sync (it pushes them as they are, as `sent: 6` shows below for b).
    // Written an hour ago: a branch tip committed seconds ago by another writer is a sign of a burst.
    const hourAgo = () => new Date(Date.now() - 3_600_000);
    const s = new MemoryStore({ repo: a, now: hourAgo });
    try {
      for (let i = 0; i < 6; i++) await s.store({ content: `history ${i}` });
      // --fold: the atomic fold, which leaves no copy of these commits under a pending ref.
      expect((await sync(s, { fold: true })).sent).toBe(6);
    } finally {
      s.close();
    }
    expect(git(remote, 'rev-list', '--count', 'memory')).toBe('6');
    // By default a first write's fetch takes the commits only and reads the branch's size claim; on a
    // small branch every tree then comes in a second fetch (docs/sync.md "How a first write picks its
    // fetch"). MEMORY_SYNC_TREELESS=0 takes them in the first: one fetch.
    const job = async (n: string, pendingBefore: number, env: NodeJS.ProcessEnv, fetches: number) => {
      const ci = ciClone(remote, { detach: true });
      const trace = join(tempDir('gm-trace-'), 'trace.txt');
      const r = await runCli(ci, ['store', `learned in job ${n}`, '--sync', '--json'], { env: { GIT_TRACE: trace, MEMORY_SYNC_TREELESS: '', ...env } });
      expect(r.code).toBe(0);
      expect(r.json.sync.pendingRemote).toBeGreaterThanOrEqual(pendingBefore);
      // git commands started by git-memory: only the fetch and the push (the trace also holds what those
      // two start, here and on the file:// remote's side; left out); no merge-base or other helper.
      const ours = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((l) => / trace: built-in: git (?:-c \S+ )*(\S+)/.test(l) && !/--shallow-file|--git-dir=|pack-objects|unpack-objects|index-pack|rev-list --objects|upload-pack|receive-pack|gc --auto|for-each-ref '--format=%\(objectname\)'/.test(l))
        .map((l) => / trace: built-in: git (?:-c \S+ )*(\S+)/.exec(l)![1]);
      expect(ours).toEqual([...Array(fetches).fill('fetch'), 'push']);
      return r.json;
    };
    const quiet = await job('one', 0, {}, 2);
    expect(quiet.sync.pendingRef).toBeNull();
    expect(idsOn(remote)).toContain(quiet.id);
    // Its one push left a copy of its commit in a pending ref (the branch push landed too).
    expect(pendingRefs(remote)).toHaveLength(1);
    // A burst: a pending ref made seconds ago is on the remote, so the next job publishes to one of its own.
    const b = tempDir('gm-clone-');
    git(b, 'clone', '-q', remote, '.');
    await storeIn(b, 'parked writer');
    git(b, 'push', '-q', 'origin', `memory:refs/memory-pending/memory/${Date.now().toString(36).padStart(9, '0')}-aaaaaaaaaa`);
    const burst = await job('two', 2, { MEMORY_SYNC_TREELESS: '0' }, 1);
    // Its one push moved the branch (nobody raced it) and made a pending ref holding the same commit;
    // the refs of the burst (the quiet job's copy among them, seconds old) are left to the fold.
    expect(burst.sync.pendingRef).toBeNull();
    expect(burst.sync.pendingRemote).toBe(3);
    expect(pendingRefs(remote)).toHaveLength(3);
    expect(idsOn(remote)).toContain(burst.id);
    const f = await withStore(a, (s) => sync(s));
    expect(f.folded).toBe(3);
    expect(pendingRefs(remote)).toEqual([]);
    expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${burst.id}`, 'memory').split('\n')).toHaveLength(1);
    expect(idsOn(remote)).toContain(burst.id);
  });

  it('PUSH_REJECTED carries the remote\'s own message, bounded and without control characters', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    await storeIn(a, 'refused');
    const hook = join(remote, 'hooks', 'pre-receive');
    writeFileSync(
      hook,
      `#!/bin/sh
cat >/dev/null
echo "GH006: Protected branch update failed for refs/heads/memory." >&2
printf '\\033[31merror: Changes must be made through a pull request.\\033[0m\\n' >&2
head -c 5000 /dev/zero | tr '\\0' 'x' >&2
echo >&2
exit 1
`,
    );
    chmodSync(hook, 0o755);
    const tip = git(a, 'rev-parse', 'memory');
    const r = await runCli(a, ['sync', '--json']);
    expect(r.code).toBe(6);
    expect(r.json.error.code).toBe('PUSH_REJECTED');
    expect(r.json.error.message).toContain('GH006: Protected branch update failed');
    expect(r.json.error.message).toContain('Changes must be made through a pull request.');
    expect(r.json.error.data.remoteMessage.length).toBeLessThanOrEqual(600);
    expect(r.stdout + r.stderr).not.toMatch(/\u001b/);
    expect(r.stdout.length).toBeLessThan(4000);
    expect(git(a, 'rev-parse', 'memory')).toBe(tip);
    // The same through the branch-only protocol and through push.
    for (const args of [['sync', '--mode', 'branch'], ['push']]) {
      const x = await runCli(a, [...args, '--json']);
      expect(x.json.error.code, args.join(' ')).toBe('PUSH_REJECTED');
      expect(x.json.error.message, args.join(' ')).toContain('GH006');
    }
    expect(git(remote, 'branch', '--list', 'memory')).toBe('');
  });

  it('falls back to the branch protocol when the server refuses pending refs or atomic pushes', async () => {
    const { remote, b, x1, x2, parked } = await twoWriters();
    const y = await storeIn(b, 'y from b');
    raceNextPush(remote, parked, `case "$input" in *refs/memory-pending/*) echo "only branches here" >&2; exit 1;; esac`);
    const r = await withStore(b, (s) => sync(s));
    expect(r).toMatchObject({ mode: 'branch', pushed: true, pendingRef: null });
    expect(idsOn(remote)).toEqual([x1, x2, y].sort());
    expect(pendingRefs(remote)).toEqual([]);

    const { remote: r2, clones } = setup(1);
    git(r2, 'config', 'receive.advertiseAtomic', 'false');
    const z = await storeIn(clones[0], 'z');
    // A quiet writer's one push is not atomic: a server without atomic pushes takes it as it is.
    const res = await withStore(clones[0], (s) => sync(s));
    expect(res).toMatchObject({ mode: 'pending', pushed: true, created: true });
    expect(idsOn(r2)).toEqual([z]);
    // Without atomic pushes a fold moves the branch first, then deletes what it folded (a pending ref
    // left for nobody to fold was replayed by every reader: test/sync/race-safety.test.ts).
    expect(pendingRefs(r2)).toHaveLength(1);
    const again = await withStore(clones[0], (s) => sync(s, { fold: true }));
    expect(again).toMatchObject({ mode: 'pending', folded: 1, pendingRemote: 0 });
    expect(idsOn(r2)).toEqual([z]);
    expect(pendingRefs(r2)).toEqual([]);
  });

  it('a malformed pending ref is left alone and reported, never folded', async () => {
    const { remote, a, x1, x2 } = await twoWriters();
    // A merge commit is nothing a writer pushes.
    const tree = git(a, 'rev-parse', 'memory^{tree}');
    const merge = git(a, 'commit-tree', tree, '-p', 'memory', '-p', 'memory~1', '-m', 'not a pending chain');
    git(a, 'push', '-q', 'origin', `${merge}:refs/memory-pending/memory/zzz-bogus`);
    const r = await withStore(a, (s) => sync(s));
    expect(r).toMatchObject({ folded: 0, pendingRemote: 1 });
    expect(pendingRefs(remote)).toEqual(['refs/memory-pending/memory/zzz-bogus']);
    expect(idsOn(remote)).toEqual([x1, x2].sort());
    expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
  });

  it('rejects an unknown sync mode with INVALID_INPUT', async () => {
    const { clones } = setup(1);
    await expect(withStore(clones[0], (s) => sync(s, { mode: 'sideways' as never }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(withStore(clones[0], (s) => sync(s, { mode: 'branch', fold: true }))).rejects.toBeInstanceOf(MemoryError);
  });
});
