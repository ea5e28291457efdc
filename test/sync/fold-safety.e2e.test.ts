import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, cliAsync, git, gitEnv, makeRepo, tempDir } from '../helpers.js';

// Issue 24, data items 1 and 4: what a fold keeps (a delete stays deleted, even of a memory that was
// still only in a pending ref) and what it refuses (names git refuses, a mass deletion). Real CLI
// processes, real clones, a real bare remote on disk, pending refs made the way writers make them.

/** A bare remote whose default branch has one commit, and `n` full clones of it. */
function setup(n: number): { remote: string; clones: string[] } {
  const remote = makeRepo({ bare: true });
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  writeFileSync(join(seed, 'README.md'), '# project\n');
  git(seed, 'add', 'README.md');
  git(seed, 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const clones = Array.from({ length: n }, () => {
    const d = tempDir('gm-clone-');
    git(d, 'clone', '-q', remote, '.');
    return d;
  });
  return { remote, clones };
}

function pathsOn(repo: string, ref: string, under: string): string[] {
  const out = git(repo, 'ls-tree', '-r', '--name-only', ref, '--', under);
  return out ? out.split('\n').filter((p) => p.endsWith('.md')) : [];
}
const idsUnder = (repo: string, ref: string, under: string) => pathsOn(repo, ref, under).map((p) => p.slice(p.lastIndexOf('/') + 1, -3)).sort();

function pendingRefs(remote: string): string[] {
  const out = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/memory-pending/');
  return out ? out.split('\n') : [];
}

/** A pending ref name made now (a burst in progress for every writer that fetches it). */
const pendingName = (tag: string) => `refs/memory-pending/memory/${Date.now().toString(36).padStart(9, '0')}-${tag}`;

function ok(r: { code: number; stdout: string; stderr: string }) {
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return r;
}

/** The memory branch of `remote` in a fresh repository: `git fsck --strict` on what a clone gets (pending refs left for a person aside). */
function fsckBranch(remote: string): void {
  const d = tempDir('gm-fsck-');
  git(d, 'init', '-q', '--bare');
  git(d, 'fetch', '-q', remote, 'memory:refs/heads/memory');
  expect(() => git(d, 'fsck', '--strict', '--no-progress', '--no-dangling')).not.toThrow();
}

/** Writes a tree object from raw entries, names as given (git mktree would refuse some of them). */
function rawTree(repo: string, entries: { mode: string; name: string; oid: string }[]): string {
  const parts = entries
    .slice()
    .sort((a, b) => Buffer.compare(Buffer.from(a.name + (a.mode === '40000' ? '/' : '')), Buffer.from(b.name + (b.mode === '40000' ? '/' : ''))))
    .map((e) => Buffer.concat([Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.oid, 'hex')]));
  return execFileSync('git', ['hash-object', '-w', '-t', 'tree', '--literally', '--stdin'], { cwd: repo, env: gitEnv, input: Buffer.concat(parts) })
    .toString()
    .trim();
}

function lsTree(repo: string, tree: string): { mode: string; name: string; oid: string }[] {
  const out = git(repo, 'ls-tree', tree);
  return out
    ? out.split('\n').map((l) => {
        const [meta, name] = l.split('\t');
        const [mode, , oid] = meta.split(' ');
        return { mode: mode === '040000' ? '40000' : mode, name, oid };
      })
    : [];
}

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

describe('fold safety (issue 24)', { timeout: 300_000 }, () => {
  it('a delete published during a burst stays deleted after the fold, also of a memory still only in a pending ref', () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    ok(cli(a, ['store', 'seed memory', '--sync', '--json']));
    // Another writer's pending ref, made seconds ago: a burst is in progress.
    ok(cli(b, ['pull']));
    ok(cli(b, ['store', 'parked writer', '--json']));
    git(b, 'push', '-q', 'origin', `memory:${pendingName('aaaaaaaaaa')}`);
    const x = ok(cli(a, ['store', 'x: this one will be deleted', '--sync', '--json'])).json;
    expect(x.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
    const d = ok(cli(a, ['delete', x.id, '--sync', '--json'])).json;
    expect(d.sync.pendingRef).toMatch(/^refs\/memory-pending\//);
    // A reader folds everything.
    const f = ok(cli(c, ['sync', '--fold', '--json'])).json;
    expect(f.folded).toBe(3);
    expect(pendingRefs(remote)).toEqual([]);
    expect(idsUnder(remote, 'memory', 'memories')).not.toContain(x.id);
    expect(idsUnder(remote, 'memory', 'trash')).toContain(x.id);
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    const list = ok(cli(fresh, ['list', '--sync', '--limit', '100', '--json'])).json;
    expect(list.memories.map((m: { id: string }) => m.id)).not.toContain(x.id);
    fsckBranch(remote);
  });

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
          expect(s.code, s.stderr).toBe(0);
          const del = await cliAsync(dir, ['delete', s.json.id, '--sync', '--json']);
          expect(del.code, del.stderr).toBe(0);
          gone.push(s.json.id);
        }
        expect(keep.code, keep.stderr).toBe(0);
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

  it('a pending ref or a pulled branch holding a name git refuses is not taken: INVALID_TREE_NAME, nothing written, the rest folds and stays readable', () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    for (let i = 0; i < 3; i++) ok(cli(a, ['store', `memory ${i} of a`, '--json']));
    ok(cli(a, ['sync', '--json']));
    ok(cli(b, ['pull']));
    const tree = git(b, 'rev-parse', 'memory^{tree}');
    const blob = memoryFile(b, 'mem_zzzzzzzzzzzzzzzzz', 'hostile');
    const names = ['..', '.git', '.GIT.', 'mem_a/b.md', '.'];
    for (const [i, name] of names.entries()) pushPending(b, tree, treeWithName(b, tree, name, blob), `bad${i}aaaaaaa`);
    // One good pending ref among them: it folds.
    ok(cli(b, ['store', 'a good pending memory', '--json']));
    const good = git(b, 'rev-parse', 'memory');
    pushPending(b, tree, git(b, 'rev-parse', `${good}^{tree}`), 'goodaaaaaa');
    const r = ok(cli(c, ['sync', '--json'])).json;
    expect(r.folded).toBe(1);
    expect(r.refused.map((x: { code: string }) => x.code)).toEqual(names.map(() => 'INVALID_TREE_NAME'));
    expect(r.pendingRemote).toBe(names.length);
    expect(pendingRefs(remote)).toHaveLength(names.length);
    expect(ok(cli(c, ['sync'])).stderr + ok(cli(c, ['sync'])).stdout).toMatch(/refused to fold .*INVALID_TREE_NAME/);
    fsckBranch(remote);
    expect(git(remote, 'ls-tree', '-r', '--name-only', 'memory')).not.toMatch(/(^|\/)(\.\.?|\.git)(\/|$)/im);
    expect(ok(cli(c, ['list', '--json'])).json.memories).toHaveLength(4);

    // The remote branch itself moved to a commit with such a name (a hand edit, a fork's push).
    for (const name of ['..', '.git', 'mem_a/b.md']) {
      const remoteTip = git(remote, 'rev-parse', 'memory');
      git(b, 'fetch', '-q', 'origin', 'memory');
      const base = git(b, 'rev-parse', `${remoteTip}^{tree}`);
      const bad = git(b, 'commit-tree', treeWithName(b, base, name, blob), '-p', remoteTip, '-m', 'hand edit');
      git(b, 'push', '-q', '-f', 'origin', `${bad}:refs/heads/memory`);
      const before = git(c, 'rev-parse', 'memory');
      for (const cmd of [['pull', '--json'], ['sync', '--json'], ['sync', '--fold', '--json'], ['pull', '--json']]) {
        const e = cli(c, cmd);
        expect(e.code, e.stdout).toBe(6);
        expect(e.json.error.code).toBe('INVALID_TREE_NAME');
      }
      const branchMode = cli(c, ['pull', '--json'], { env: { MEMORY_SYNC_MODE: 'branch' } });
      expect(branchMode.json.error.code).toBe('INVALID_TREE_NAME');
      expect(git(c, 'rev-parse', 'memory')).toBe(before);
      expect(ok(cli(c, ['list', '--json'])).json.memories).toHaveLength(4);
      git(b, 'push', '-q', '-f', 'origin', `${remoteTip}:refs/heads/memory`);
    }
  });

  it('a fold or pull that would remove more than half the memories stops with TOO_MANY_DELETES; MEMORY_SYNC_MAX_DELETE_RATIO=1 lets it through; moves to the trash and own deletes never count', () => {
    const { remote, clones } = setup(3);
    const [a, b, c] = clones;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(ok(cli(a, ['store', `memory ${i} of a`, '--json'])).json.id);
    ok(cli(a, ['sync', '--json']));
    // Own deletes (to the trash) of 5 of 8, then another clone pulls them: trash moves are not losses.
    for (const id of ids.slice(0, 5)) ok(cli(a, ['delete', id, '--json']));
    ok(cli(a, ['sync', '--json']));
    ok(cli(b, ['pull', '--json']));
    expect(ok(cli(b, ['list', '--json'])).json.memories).toHaveLength(3);
    for (let i = 0; i < 5; i++) ok(cli(a, ['store', `more ${i}`, '--json']));
    ok(cli(a, ['sync', '--json']));
    ok(cli(b, ['pull', '--json']));
    ok(cli(c, ['pull', '--json']));
    expect(ok(cli(c, ['list', '--json'])).json.memories).toHaveLength(8);

    // A pending ref whose tree drops every memory (and the trash with them).
    const tree = git(b, 'rev-parse', 'memory^{tree}');
    const empty = rawTree(b, lsTree(b, tree).filter((e) => e.name !== 'memories' && e.name !== 'trash'));
    const ref = pushPending(b, tree, empty, 'wipeaaaaaa');
    const branchBefore = git(remote, 'rev-parse', 'memory');
    // The branch's own config may not loosen the bound (it protects against the branch itself).
    expect(cli(c, ['config', 'set', 'sync.maxDeleteRatio', '1', '--json']).json.error.code).toBe('INVALID_INPUT');
    const cfg = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: c, env: gitEnv, input: '{"sync":{"maxDeleteRatio":1}}\n' }).toString().trim();
    const cTree = git(c, 'rev-parse', 'memory^{tree}');
    const dotMemory = lsTree(c, cTree).find((e) => e.name === '.memory');
    const cfgTree = rawTree(c, [...(dotMemory ? lsTree(c, dotMemory.oid).filter((e) => e.name !== 'config.json') : []), { mode: '100644', name: 'config.json', oid: cfg }]);
    const withCfg = rawTree(c, [...lsTree(c, cTree).filter((e) => e.name !== '.memory'), { mode: '40000', name: '.memory', oid: cfgTree }]);
    git(c, 'update-ref', 'refs/heads/memory', git(c, 'commit-tree', withCfg, '-p', 'memory', '-m', 'hand edit: loosen the bound'));
    const cBefore = git(c, 'rev-parse', 'memory');
    for (const cmd of [['sync', '--json'], ['sync', '--fold', '--json'], ['pull', '--json']]) {
      const e = cli(c, cmd);
      expect(e.code, e.stdout).toBe(6);
      expect(e.json.error.code).toBe('TOO_MANY_DELETES');
      expect(e.json.error.message).toContain('MEMORY_SYNC_MAX_DELETE_RATIO=1');
    }
    // A fresh clone (no local branch) is stopped too; the branch file may not loosen the bound.
    const fresh = tempDir('gm-fresh-');
    git(fresh, 'clone', '-q', remote, '.');
    expect(cli(fresh, ['sync', '--json']).json.error.code).toBe('TOO_MANY_DELETES');
    expect(git(remote, 'rev-parse', 'memory')).toBe(branchBefore);
    expect(pendingRefs(remote)).toEqual([ref]);
    expect(git(c, 'rev-parse', 'memory')).toBe(cBefore);
    expect(ok(cli(c, ['list', '--json'])).json.memories).toHaveLength(8);
    // The override, from the person running the command.
    const forced = ok(cli(c, ['sync', '--json'], { env: { MEMORY_SYNC_MAX_DELETE_RATIO: '1' } })).json;
    expect(forced.folded).toBe(1);
    expect(idsUnder(remote, 'memory', 'memories')).toEqual([]);
    fsckBranch(remote);
  });
});
