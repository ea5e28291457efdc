import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitEnv, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { fsckBranch, idsUnder, lsTree, ok, pendingName, pendingRefs, rawTree, setup } from './fixtures.js';

// What a fold keeps (a delete stays deleted, even of a memory that was
// still only in a pending ref) and what it refuses (names git refuses, a mass deletion). The command
// line in-process (runCli), real clones, a real bare remote on disk, pending refs made the way writers
// make them. Several writer processes at once: fold-safety.e2e.test.ts.


/** `tree` with one extra entry `name` (a memory file) inside its first memories/<month>/<x>/ folder. */
function treeWithName(repo: string, tree: string, name: string, blob: string): string {
  const top = lsTree(repo, tree);
  const mem = top.find((e) => e.name === 'memories') as { oid: string };
  const months = lsTree(repo, mem.oid);
  const shard = lsTree(repo, months[0].oid);
  const leaf = lsTree(repo, shard[0].oid);
  const newLeaf = rawTree(repo, [...leaf, { mode: '100644', name, oid: blob }]);
  const newShard = rawTree(repo, shard.map((e, i) => (i === 0 ? { ...e, oid: newLeaf } : e)));
  const newMonths = rawTree(repo, months.map((e, i) => (i === 0 ? { ...e, oid: newShard } : e)));
  return rawTree(repo, top.map((e) => (e.name === 'memories' ? { ...e, oid: newMonths } : e)));
}

/** A pending ref as a writer pushes it: a root commit holding `base`, then one commit with `tree`. */
function pushPending(repo: string, base: string, tree: string, tag: string): string {
  const root = git(repo, 'commit-tree', base, '-m', 'memory: pending base');
  const c = git(repo, 'commit-tree', tree, '-p', root, '-m', 'memory: store\n\nMemory-Id: mem_00000000000000000');
  const ref = pendingName(tag);
  git(repo, 'push', '-q', 'origin', `${c}:${ref}`);
  return ref;
}

function memoryFile(repo: string, id: string, text: string): string {
  const body = `---\nid: ${id}\ntimestamp: 2026-11-30T10:00:00.000Z\ntags: []\ncategory: general\npriority: medium\n---\n${text}\n`;
  return execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, env: gitEnv, input: body }).toString().trim();
}

/**
 * Clone a's memory x, parked in a pending ref only: another writer's pending ref made seconds ago (a
 * burst), and the branch's per-ref hook refusing updates while `hold-branch` exists (as a lost lease
 * would), so a's one push lands in its pending ref alone. The hold is still on when this returns.
 */
async function parkedMemory(remote: string, a: string, b: string): Promise<string> {
  ok(await runCli(a, ['store', 'seed memory', '--sync', '--json']));
  ok(await runCli(b, ['pull']));
  ok(await runCli(b, ['store', 'parked writer', '--json']));
  git(b, 'push', '-q', 'origin', `memory:${pendingName('aaaaaaaaaa')}`);
  writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\n[ "$1" = refs/heads/memory ] && [ -f hold-branch ] && exit 1\nexit 0\n');
  chmodSync(join(remote, 'hooks', 'update'), 0o755);
  writeFileSync(join(remote, 'hold-branch'), '');
  const x = ok(await runCli(a, ['store', 'x: this one will be deleted', '--sync', '--json'])).json;
  expect(x.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
  return x.id;
}

describe('fold safety', { timeout: 300_000 }, () => {
  it('a delete published during a burst stays deleted after the fold, also of a memory still only in a pending ref', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const x = { id: await parkedMemory(remote, a, b) };
    // The delete changes a memory the branch does not hold: it cannot take the one push (the branch
    // alone cannot record it), so it folds, and the held branch refuses that: saved locally, not lost.
    const held = await runCli(a, ['delete', x.id, '--sync', '--json']);
    expect(held.code).not.toBe(0);
    expect(held.json.error.code).toBe('PUSH_REJECTED');
    expect(pendingRefs(remote)).toHaveLength(2);
    rmSync(join(remote, 'hold-branch'));
    ok(await runCli(a, ['sync', '--json']));
    // A reader folds whatever is left.
    ok(await runCli(c, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    const list = ok(await runCli(fresh, ['list', '--sync', '--limit', '100', '--json'])).json;
    expect(list.memories.map((m: { id: string }) => m.id)).not.toContain(x.id);
    fsckBranch(remote);
  });

  it('a delete of a memory still only in a pending ref, published while the branch takes updates again, stays deleted after the fold', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const x = { id: await parkedMemory(remote, a, b) };
    // The branch takes updates again (the lease of a burst writer that lost once, then won): the delete
    // reaches the branch while x itself is still only in a pending ref. The branch alone cannot record
    // that delete (x is not there to delete), so the fold must not lose it.
    rmSync(join(remote, 'hold-branch'));
    // It folds (the parked store and the other writer's ref) instead of sending one push.
    const d = ok(await runCli(a, ['delete', x.id, '--sync', '--json'])).json;
    expect(d.sync).toMatchObject({ folded: 2, pendingRef: null });
    ok(await runCli(c, ['sync', '--fold', '--json']));
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    // A quiet writer after the burst (no sign, nothing of its own to fold but copies) loses nothing either.
    const list = ok(await runCli(b, ['list', '--sync', '--limit', '100', '--json'])).json;
    expect(list.memories.map((m: { id: string }) => m.id)).not.toContain(x.id);
    fsckBranch(remote);
  });

  it('a writer in a burst whose branch holds memories pulled from pending refs publishes its own: they are pending, not deleted', async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'seed memory', '--sync', '--json']));
    ok(await runCli(b, ['pull']));
    for (const t of ['parked one', 'parked two', 'parked three']) ok(await runCli(b, ['store', t, '--json']));
    git(b, 'push', '-q', 'origin', `memory:${pendingName('cccccccccc')}`);
    ok(await runCli(a, ['pull']));
    expect(idsUnder(a, 'memory', 'memories')).toHaveLength(4);
    // A pending ref of the last 30 s: a burst, so the store takes the one push on the branch tip, where
    // the three parked memories are not. They leave a's branch until its next pull, nothing more.
    const x = ok(await runCli(a, ['store', 'x: made during the burst', '--sync', '--json'])).json;
    expect(x.sync.remoteTip).toBe(git(remote, 'rev-parse', 'memory'));
    ok(await runCli(a, ['sync', '--fold', '--json']));
    expect(idsUnder(remote, 'memory', 'memories')).toHaveLength(5);
    expect(idsUnder(a, 'memory', 'memories')).toHaveLength(5);
    expect(pendingRefs(remote)).toEqual([]);
  });

  it('a pending ref or a pulled branch holding a name git refuses is not taken: INVALID_TREE_NAME, nothing written, the rest folds and stays readable', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    for (let i = 0; i < 3; i++) ok(await runCli(a, ['store', `memory ${i} of a`, '--json']));
    ok(await runCli(a, ['sync', '--fold', '--json'])); // --fold: no copy left (a fresh one is a sign of a burst)
    ok(await runCli(b, ['pull']));
    const tree = git(b, 'rev-parse', 'memory^{tree}');
    const blob = memoryFile(b, 'mem_zzzzzzzzzzzzzzzzz', 'hostile');
    const names = ['..', '.git', '.GIT.', 'mem_a/b.md', '.'];
    for (const [i, name] of names.entries()) pushPending(b, tree, treeWithName(b, tree, name, blob), `bad${i}aaaaaaa`);
    // One good pending ref among them: it folds.
    ok(await runCli(b, ['store', 'a good pending memory', '--json']));
    const good = git(b, 'rev-parse', 'memory');
    pushPending(b, tree, git(b, 'rev-parse', `${good}^{tree}`), 'goodaaaaaa');
    const r = ok(await runCli(c, ['sync', '--json'])).json;
    expect(r.folded).toBe(1);
    expect(r.refused.map((x: { code: string }) => x.code)).toEqual(names.map(() => 'INVALID_TREE_NAME'));
    expect(r.pendingRemote).toBe(names.length);
    expect(pendingRefs(remote)).toHaveLength(names.length);
    expect(ok(await runCli(c, ['sync'])).stderr + ok(await runCli(c, ['sync'])).stdout).toMatch(/refused to fold .*INVALID_TREE_NAME/);
    fsckBranch(remote);
    expect(git(remote, 'ls-tree', '-r', '--name-only', 'memory')).not.toMatch(/(^|\/)(\.\.?|\.git)(\/|$)/im);
    expect(ok(await runCli(c, ['list', '--json'])).json.memories).toHaveLength(4);

    // The remote branch itself moved to a commit with such a name (a hand edit, a fork's push).
    for (const name of ['..', '.git', 'mem_a/b.md']) {
      const remoteTip = git(remote, 'rev-parse', 'memory');
      git(b, 'fetch', '-q', 'origin', 'memory');
      const base = git(b, 'rev-parse', `${remoteTip}^{tree}`);
      const bad = git(b, 'commit-tree', treeWithName(b, base, name, blob), '-p', remoteTip, '-m', 'hand edit');
      git(b, 'push', '-q', '-f', 'origin', `${bad}:refs/heads/memory`);
      const before = git(c, 'rev-parse', 'memory');
      for (const cmd of [['pull', '--json'], ['sync', '--json'], ['sync', '--fold', '--json'], ['pull', '--json']]) {
        const e = await runCli(c, cmd);
        expect(e.code, e.stdout).toBe(6);
        expect(e.json.error.code).toBe('INVALID_TREE_NAME');
      }
      const branchMode = await runCli(c, ['pull', '--json'], { env: { MEMORY_SYNC_MODE: 'branch' } });
      expect(branchMode.json.error.code).toBe('INVALID_TREE_NAME');
      expect(git(c, 'rev-parse', 'memory')).toBe(before);
      expect(ok(await runCli(c, ['list', '--json'])).json.memories).toHaveLength(4);
      git(b, 'push', '-q', '-f', 'origin', `${remoteTip}:refs/heads/memory`);
    }
  });

  it('a fold or pull that would remove more than half the memories stops with TOO_MANY_DELETES; MEMORY_SYNC_MAX_DELETE_RATIO=1 lets it through; moves to the trash and own deletes never count', async () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(ok(await runCli(a, ['store', `memory ${i} of a`, '--json'])).json.id);
    ok(await runCli(a, ['sync', '--fold', '--json']));
    // Own deletes (to the trash) of 5 of 8, then another clone pulls them: trash moves are not losses.
    for (const id of ids.slice(0, 5)) ok(await runCli(a, ['delete', id, '--json']));
    ok(await runCli(a, ['sync', '--fold', '--json']));
    ok(await runCli(b, ['pull', '--json']));
    expect(ok(await runCli(b, ['list', '--json'])).json.memories).toHaveLength(3);
    for (let i = 0; i < 5; i++) ok(await runCli(a, ['store', `more ${i}`, '--json']));
    ok(await runCli(a, ['sync', '--fold', '--json']));
    ok(await runCli(b, ['pull', '--json']));
    ok(await runCli(c, ['pull', '--json']));
    expect(ok(await runCli(c, ['list', '--json'])).json.memories).toHaveLength(8);

    // A pending ref whose tree drops every memory (and the trash with them).
    const tree = git(b, 'rev-parse', 'memory^{tree}');
    const empty = rawTree(b, lsTree(b, tree).filter((e) => e.name !== 'memories' && e.name !== 'trash'));
    const ref = pushPending(b, tree, empty, 'wipeaaaaaa');
    const branchBefore = git(remote, 'rev-parse', 'memory');
    // The branch's own config may not loosen the bound (it protects against the branch itself).
    expect((await runCli(c, ['config', 'set', 'sync.maxDeleteRatio', '1', '--json'])).json.error.code).toBe('INVALID_INPUT');
    const cfg = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: c, env: gitEnv, input: '{"sync":{"maxDeleteRatio":1}}\n' }).toString().trim();
    const cTree = git(c, 'rev-parse', 'memory^{tree}');
    const dotMemory = lsTree(c, cTree).find((e) => e.name === '.memory');
    const cfgTree = rawTree(c, [...(dotMemory ? lsTree(c, dotMemory.oid).filter((e) => e.name !== 'config.json') : []), { mode: '100644', name: 'config.json', oid: cfg }]);
    const withCfg = rawTree(c, [...lsTree(c, cTree).filter((e) => e.name !== '.memory'), { mode: '40000', name: '.memory', oid: cfgTree }]);
    git(c, 'update-ref', 'refs/heads/memory', git(c, 'commit-tree', withCfg, '-p', 'memory', '-m', 'hand edit: loosen the bound'));
    const cBefore = git(c, 'rev-parse', 'memory');
    for (const cmd of [['sync', '--json'], ['sync', '--fold', '--json'], ['pull', '--json']]) {
      const e = await runCli(c, cmd);
      expect(e.code, e.stdout).toBe(6);
      expect(e.json.error.code).toBe('TOO_MANY_DELETES');
      expect(e.json.error.message).toContain('MEMORY_SYNC_MAX_DELETE_RATIO=1');
    }
    // A fresh clone (no local branch) is stopped too; the branch file may not loosen the bound.
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    expect((await runCli(fresh, ['sync', '--json'])).json.error.code).toBe('TOO_MANY_DELETES');
    expect(git(remote, 'rev-parse', 'memory')).toBe(branchBefore);
    expect(pendingRefs(remote)).toEqual([ref]);
    expect(git(c, 'rev-parse', 'memory')).toBe(cBefore);
    expect(ok(await runCli(c, ['list', '--json'])).json.memories).toHaveLength(8);
    // The override, from the person running the command.
    const forced = ok(await runCli(c, ['sync', '--json'], { env: { MEMORY_SYNC_MAX_DELETE_RATIO: '1' } })).json;
    expect(forced.folded).toBe(1);
    expect(idsUnder(remote, 'memory', 'memories')).toEqual([]);
    fsckBranch(remote);
  });
});
