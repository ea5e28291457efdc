import { describe, expect, it } from 'vitest';
import { writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ciClone, cli, cliAsync, git, gitEnv, makeRepo, tempDir, checkoutState } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { classifyGitFailure } from '../../src/sync/git-cli.js';
import { runCli } from '../run-cli.js';
import { setup, idsOn, fileOf, reachableBlobs, edit, remove } from './fixtures.js';

async function store(repo: string, content: string, extra: string[] = []): Promise<string> {
  const r = await runCli(repo, ['store', content, '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.json.id;
}

async function sync(repo: string, extra: string[] = []) {
  const r = await runCli(repo, ['sync', '--json', ...extra]);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return r.json;
}

// Real git remotes and CLI processes: minutes on a loaded 2-core machine.
describe('memory sync', { timeout: 300_000 }, () => {

  it('creates the remote branch on first push and leaves the checkout alone', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    expect(git(remote, 'branch', '--list', 'memory')).toBe('');
    const before = checkoutState(a);
    const id = await store(a, 'first memory');
    const r = await sync(a);
    expect(r).toMatchObject({ success: true, pushed: true, created: true, sent: 1, retries: 0 });
    expect(idsOn(remote)).toEqual([id]);
    expect(git(a, 'rev-parse', 'refs/remotes/origin/memory')).toBe(git(remote, 'rev-parse', 'memory'));
    expect(checkoutState(a)).toEqual(before);
    // Nothing new on either side: the next sync only folds (deletes) the copy the one push left in a
    // pending ref (docs/sync.md); the one after is a no-op.
    expect(await sync(a)).toMatchObject({ pulled: false, sent: 0, folded: 1, pendingRemote: 0 });
    expect(await sync(a)).toMatchObject({ pushed: false, pulled: false, sent: 0, folded: 0 });
  });

  it('pull adopts the remote branch when there is no local one; push publishes without combining', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const id = await store(a, 'shared');
    expect((await runCli(a, ['push', '--json'])).json).toMatchObject({ pushed: true, created: true });
    const p = await runCli(b, ['pull', '--json']);
    expect(p.code).toBe(0);
    expect(p.json).toMatchObject({ pulled: true, received: 1 });
    expect(idsOn(b)).toEqual([id]);
    // b has something new, a pushed meanwhile: a plain push must refuse rather than overwrite.
    await store(a, 'a again');
    expect((await runCli(a, ['push', '--json'])).code).toBe(0);
    await store(b, 'b again');
    const rejected = await runCli(b, ['push', '--json']);
    expect(rejected.code).toBe(6);
    expect(rejected.json.error.code).toBe('PUSH_REJECTED');
    expect(idsOn(remote)).toHaveLength(2);
    expect(await sync(b)).toMatchObject({ pushed: true, replayed: 1 });
    expect(idsOn(remote)).toHaveLength(3);
  });

  it('same memory edited on both sides: the later update wins, the other version stays in history', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const x = await store(a, 'x original');
    const y = await store(a, 'y original');
    await sync(a);
    await sync(b);
    // a: x is the newer edit, y the older one; b the reverse. a pushes first.
    await edit(a, x, 'x edited by a (newer)', '2030-01-02T00:00:00.000Z');
    await edit(a, y, 'y edited by a (older)', '2030-01-01T00:00:00.000Z');
    await edit(b, x, 'x edited by b (older)', '2030-01-01T00:00:00.000Z');
    await edit(b, y, 'y edited by b (newer)', '2030-01-02T00:00:00.000Z');
    const xPath = git(b, 'ls-tree', '-r', '--name-only', 'memory', '--', 'memories').split('\n').find((p) => p.includes(x));
    const bX = git(b, 'rev-parse', `memory:${xPath}`);
    await sync(a);
    const r = await sync(b);
    expect(r.conflicts).toHaveLength(2);
    const byId = Object.fromEntries(r.conflicts.map((c: any) => [c.id, c]));
    expect(byId[x]).toMatchObject({ kind: 'both-changed', kept: 'remote' });
    expect(byId[y]).toMatchObject({ kind: 'both-changed', kept: 'local' });
    expect(fileOf(remote, x)).toContain('x edited by a (newer)');
    expect(fileOf(remote, y)).toContain('y edited by b (newer)');
    // b's losing version of x is still reachable from the branch: nothing silently dropped.
    expect(reachableBlobs(remote).has(bX)).toBe(true);
    await sync(a);
    expect(fileOf(a, x)).toContain('x edited by a (newer)');
    expect(fileOf(a, y)).toContain('y edited by b (newer)');
    expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
  });

  it('delete on one side, edit on the other: the edit is kept and reported', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const x = await store(a, 'x');
    const y = await store(a, 'y');
    await sync(a);
    await sync(b);
    await remove(a, x);
    await edit(b, x, 'x edited by b', '2030-01-01T00:00:00.000Z');
    await edit(a, y, 'y edited by a', '2030-01-01T00:00:00.000Z');
    await remove(b, y);
    await sync(a);
    const r = await sync(b);
    const byId = Object.fromEntries(r.conflicts.map((c: any) => [c.id, c]));
    expect(byId[x]).toMatchObject({ kind: 'deleted-remotely', kept: 'local' });
    expect(byId[y]).toMatchObject({ kind: 'deleted-locally', kept: 'remote' });
    expect(fileOf(remote, x)).toContain('x edited by b');
    expect(fileOf(remote, y)).toContain('y edited by a');
    expect((await runCli(b, ['get', y, '--json'])).json.memory.content).toBe('y edited by a');
  });

  it('a local change that was undone does not undo the remote change to the same memory', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const x = await store(a, 'x original');
    await sync(a);
    await sync(b);
    const path = git(b, 'ls-tree', '-r', '--name-only', 'memory', '--', 'memories').split('\n').find((p) => p.includes(x)) as string;
    const original = execFileSync('git', ['cat-file', 'blob', `memory:${path}`], { cwd: b, env: gitEnv });
    await edit(b, x, 'x edited by b, then undone', '2030-01-05T00:00:00.000Z');
    const s = new MemoryStore({ repo: b });
    await s.mutate(() => ({ change: { changes: new Map([[path, original]]), message: 'memory: undo\n' }, result: {} }));
    s.close();
    expect(git(b, 'rev-parse', `memory:${path}`)).toBe(git(a, 'rev-parse', `memory:${path}`));
    await edit(a, x, 'x edited by a', '2030-01-01T00:00:00.000Z');
    await sync(a);
    const r = await sync(b);
    // b's net change to x is none, so a's edit stands, even though b's replayed commits touched x.
    expect(r.conflicts).toEqual([]);
    expect(fileOf(remote, x)).toContain('x edited by a');
    expect(git(remote, 'log', '-1', '--format=%s', 'memory')).toMatch(/^memory: sync with origin/);
  });

  it("a fresh clone's first store does not replace the branch README edited on the remote", async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    await store(a, 'from a');
    const s = new MemoryStore({ repo: a });
    await s.mutate(() => ({ change: { changes: new Map([['README.md', Buffer.from('# Our team memory\n\nEdited by hand.\n')]]), message: 'docs: README\n' }, result: {} }));
    s.close();
    await sync(a);
    // b never fetched the branch: its first store starts a new history with the default README.
    const fromB = await store(b, 'from b');
    const r = await sync(b);
    expect(r.conflicts).toEqual([expect.objectContaining({ path: 'README.md', kept: 'remote' })]);
    expect(git(remote, 'show', 'memory:README.md')).toContain('Edited by hand.');
    expect(idsOn(remote)).toContain(fromB);
  });

  it('works in a shallow single-branch clone with a detached HEAD, and keeps deletions deleted', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    for (let i = 0; i < 3; i++) {
      writeFileSync(join(a, `f${i}.txt`), `${i}\n`);
      git(a, 'add', '.');
      git(a, 'commit', '-q', '-m', `c${i}`);
    }
    git(a, 'push', '-q', 'origin', 'HEAD:main');
    const gone = await store(a, 'will be deleted');
    const kept = await store(a, 'kept');
    await sync(a);

    // What actions/checkout gives a job: depth 1, one branch, detached HEAD.
    const ci = ciClone(remote, { detach: true });
    expect(git(ci, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const before = checkoutState(ci);
    const fromCi = await store(ci, 'stored by a CI job before its first sync');
    expect(await sync(ci)).toMatchObject({ pushed: true, replayed: 1 });
    expect(idsOn(remote)).toEqual([gone, kept, fromCi].sort());

    // The remote moves on (a deletion), the CI clone stores again: the incremental fetch must find the
    // merge base, or the deleted memory would come back.
    await sync(a);
    await remove(a, gone);
    const later = await store(a, 'later from a');
    await sync(a);
    const second = await store(ci, 'second from CI');
    const r = await sync(ci);
    expect(r).toMatchObject({ pushed: true, conflicts: [] });
    expect(idsOn(remote)).toEqual([kept, fromCi, later, second].sort());
    expect(idsOn(ci)).toEqual(idsOn(remote));
    expect(checkoutState(ci)).toEqual(before);
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
    expect(() => git(ci, 'fsck', '--no-progress')).not.toThrow();
    // A read with --sync pulls first.
    await sync(a);
    const fromA = await store(a, 'read me after pulling');
    await sync(a);
    expect((await runCli(ci, ['get', fromA, '--sync', '--json'])).json.memory.content).toBe('read me after pulling');
  });

  it('unreachable or unknown remotes fail with a clear code and leave local memories untouched', async () => {
    const repo = makeRepo({ commit: true });
    await store(repo, 'local only');
    const tip = git(repo, 'rev-parse', 'memory');
    git(repo, 'remote', 'add', 'origin', join(tempDir(), 'does-not-exist.git'));
    for (const args of [['sync'], ['pull'], ['push'], ['sync', '--remote', 'nosuchremote'], ['sync', '--remote', 'file:///nonexistent/repo.git']]) {
      const r = await runCli(repo, [...args, '--json']);
      expect(r.code, args.join(' ')).toBe(6);
      expect(r.json.error.code, args.join(' ')).toBe('REMOTE_UNREACHABLE');
    }
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
    // Local operations keep working offline.
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(1);
    // With automatic sync: a read warns and answers from local memories; a write is kept locally
    // and the command fails with the sync's code.
    const read = await runCli(repo, ['list', '--json'], { env: { MEMORY_AUTO_SYNC: '1' } });
    expect(read.code).toBe(0);
    expect(read.stderr).toMatch(/REMOTE_UNREACHABLE/);
    const write = await runCli(repo, ['store', 'kept even offline', '--json'], { env: { MEMORY_AUTO_SYNC: '1' } });
    expect(write.code).toBe(6);
    expect(write.json.error.code).toBe('REMOTE_UNREACHABLE');
    expect(write.json.error.data.result.id).toMatch(/^mem_/);
    expect((await runCli(repo, ['get', write.json.error.data.result.id, '--json'])).code).toBe(0);
  });

  it('a push the server refuses is PUSH_REJECTED, not retried, and leaves the local branch as it was', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    const hook = join(remote, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "branch is protected" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    await store(a, 'refused');
    const tip = git(a, 'rev-parse', 'memory');
    const r = await runCli(a, ['sync', '--json']);
    expect(r.code).toBe(6);
    expect(r.json.error.code).toBe('PUSH_REJECTED');
    expect(git(a, 'rev-parse', 'memory')).toBe(tip);
    expect(git(remote, 'branch', '--list', 'memory')).toBe('');
  });

  it('MEMORY_AUTO_SYNC=1 shares a store in one command', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    const r = await runCli(a, ['store', 'auto shared', '--json'], { env: { MEMORY_AUTO_SYNC: '1' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.sync).toMatchObject({ pushed: true });
    expect(idsOn(remote)).toEqual([r.json.id]);
    // --no-sync overrides the environment.
    const off = await runCli(b, ['store', 'not shared', '--no-sync', '--json'], { env: { MEMORY_AUTO_SYNC: '1' } });
    expect(off.code).toBe(0);
    expect(off.json.sync).toBeUndefined();
    expect(idsOn(remote)).toEqual([r.json.id]);
  });

  it('classifies git failures by their message', () => {
    expect(classifyGitFailure("remote: Permission to o/r.git denied to bot.\nfatal: unable to access 'https://github.com/o/r/': The requested URL returned error: 403")).toBe('PERMISSION_DENIED');
    expect(classifyGitFailure('git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.')).toBe('PERMISSION_DENIED');
    expect(classifyGitFailure("fatal: could not read Username for 'https://github.com': terminal prompts disabled")).toBe('PERMISSION_DENIED');
    expect(classifyGitFailure("fatal: unable to access 'https://x.invalid/r.git/': Could not resolve host: x.invalid")).toBe('REMOTE_UNREACHABLE');
    expect(classifyGitFailure('', true)).toBe('REMOTE_UNREACHABLE');
    expect(classifyGitFailure('fatal: something else entirely')).toBe('SYNC_FAILED');
  });

  it('never prints credentials embedded in a remote URL', async () => {
    const repo = makeRepo({ commit: true });
    await store(repo, 'local');
    const r = await runCli(repo, ['sync', '--remote', 'https://x-access-token:ghs_SECRET123@127.0.0.1:9/o/r.git', '--json']);
    expect(r.code).toBe(6);
    expect(r.json.error.code).toBe('REMOTE_UNREACHABLE');
    expect(r.stdout + r.stderr).not.toContain('ghs_SECRET123');
  });
});
