import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cli as spawnCli, git, gitEnv, tempDir } from '../helpers.js';

/** Treeless writes forced on (MEMORY_SYNC_TREELESS=1) for every command here, whatever size the branch claims (the default choice: treeless-default.e2e.test.ts). */
const cli = (cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
  spawnCli(cwd, args, { ...opts, env: { MEMORY_SYNC_TREELESS: '1', ...opts.env } });
import { ciClone, idsOn, lsTree, monthsWorld, rawTree } from './fixtures.js';
import { newId } from '../../src/model/id.js';

/**
 * A writer's first sync in a fresh shallow clone fetches the branch's commits
 * with no trees (`--filter=tree:0`), then only the trees it reads (the paths it writes), one by one,
 * each checked for names git refuses as it arrives. `received` is not counted (null), the clone is
 * marked, and its next pull checks every name. Real bare remotes, the built CLI, real git.
 */

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

const world = (remoteConfig?: Record<string, string>) => monthsWorld(MONTHS, { remoteConfig, thisMonth: true });

/** Object ids in this repository (never fetches). */
function objectsHere(repo: string): Set<string> {
  return new Set(git(repo, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n'));
}

/** The tree id of memories/<month> on the remote branch. */
function monthTree(remote: string, month: string, ref = 'memory'): string {
  return git(remote, 'rev-parse', `${ref}:memories/${month}`);
}


/**
 * Moves the remote branch to a commit whose memories/<month>/ also holds a folder named `name`, with
 * one memory of its own in it (an id no other file has, so a listing that took it would count it).
 */
function plantName(remote: string, month: string, name: string): void {
  const tip = git(remote, 'rev-parse', 'memory');
  const top = lsTree(remote, `${tip}^{tree}`);
  const mem = lsTree(remote, `${tip}:memories`);
  const mon = lsTree(remote, `${tip}:memories/${month}`);
  const id = newId(Date.parse(`${month}-09T10:00:00.000Z`));
  const body = `---\nid: ${id}\ntimestamp: ${month}-09T10:00:00.000Z\ntags: []\ncategory: general\npriority: medium\n---\nplanted under a hostile folder\n`;
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: remote, env: gitEnv, input: body }).toString().trim();
  const folder = rawTree(remote, [{ mode: '100644', name: `${id}.md`, oid: blob }]);
  const bad = rawTree(remote, [...mon, { mode: '40000', name, oid: folder }]);
  const newMem = rawTree(remote, mem.map((e) => (e.name === month ? { ...e, oid: bad } : e)));
  const root = rawTree(remote, top.map((e) => (e.name === 'memories' ? { ...e, oid: newMem } : e)));
  git(remote, 'update-ref', 'refs/heads/memory', git(remote, 'commit-tree', root, '-p', tip, '-m', 'hand edit'));
}

describe('a writer fetches only the trees on its path', { timeout: 300_000 }, () => {
  it('a fresh shallow clone stores with --sync reading no month it does not write; the next pull checks the rest', async () => {
    const w = await world();
    const job = ciClone(w.url);
    const r = cli(job, ['store', 'the ci job learned that the heron cache needs warming', '--sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.sync.pushed).toBe(true);
    expect(r.json.sync.received).toBeNull(); // not counted: that would read every tree
    // No tree of the months it does not write came, nor anything under them.
    const here = objectsHere(job);
    for (const m of MONTHS) expect(here.has(monthTree(w.remote, m)), m).toBe(false);
    expect(git(job, 'for-each-ref', '--format=%(refname)', 'refs/git-memory/unchecked')).toBe('refs/git-memory/unchecked/memory');
    // No filter recorded as the remote's default: the user's own `git fetch` of code stays whole.
    expect(() => git(job, 'config', '--get', 'remote.origin.partialclonefilter')).toThrow();

    git(w.remote, 'fsck', '--strict', '--no-progress');
    git(job, 'fsck', '--strict', '--no-progress');
    const full = tempDir('gm-full-');
    git(full, 'clone', '-q', '--no-checkout', w.remote, '.');
    git(full, 'fetch', '-q', 'origin', '+refs/heads/memory:refs/heads/memory');
    git(full, 'fsck', '--strict', '--no-progress');
    expect(idsOn(full)).toContain(r.json.id);
    expect(idsOn(full)).toHaveLength(w.total + 1);

    // The same clone reads everything (git fetches the missing trees), and its pull checks every name
    // and drops the mark.
    const l = cli(job, ['list', '--sync', '--limit', '1000', '--json']);
    expect(l.code, l.stderr).toBe(0);
    expect(l.json.total).toBe(w.total + 1);
    expect(git(job, 'for-each-ref', 'refs/git-memory/unchecked')).toBe('');
    // A second write in that clone: incremental, counted again.
    const again = cli(job, ['store', 'and a second fact about the heron cache size', '--sync', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(typeof again.json.sync.received).toBe('number');
    expect(idsOn(w.remote)).toHaveLength(w.total + 2);
  });

  it('a name git refuses: in a tree the writer reads, INVALID_TREE_NAME and nothing written; elsewhere, the next pull of that clone refuses it', async () => {
    const current = new Date().toISOString().slice(0, 7);
    // On the writer's path (memories/<this month>/): it reads that tree, so it refuses it.
    const a = await world();
    plantName(a.remote, current, '.git');
    const before = git(a.remote, 'rev-parse', 'memory');
    const job = ciClone(a.url);
    const r = cli(job, ['store', 'a fact that must not land next to a hostile name', '--sync', '--json']);
    expect(r.code).toBe(6);
    expect(r.json?.error?.code ?? r.stderr).toBe('INVALID_TREE_NAME');
    expect(git(a.remote, 'rev-parse', 'memory')).toBe(before);

    // Off the writer's path (an old month): the writer never reads it and publishes; its clone is
    // marked, and the first pull there refuses the branch.
    const b = await world();
    plantName(b.remote, MONTHS[0], '..');
    const job2 = ciClone(b.url);
    const w2 = cli(job2, ['store', 'a fact stored beside an old hostile month', '--sync', '--json']);
    expect(w2.code, w2.stderr).toBe(0);
    expect(git(job2, 'for-each-ref', '--format=%(refname)', 'refs/git-memory/unchecked')).toBe('refs/git-memory/unchecked/memory');
    // A read without a pull there leaves the entry out (the memory planted under it is not listed).
    const plain = cli(job2, ['list', '--limit', '1000', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.json.total).toBe(b.total + 1);
    const l = cli(job2, ['list', '--sync', '--json']);
    expect(l.code).toBe(6);
    expect(l.json?.error?.code ?? l.stderr).toBe('INVALID_TREE_NAME');
    expect(l.json?.error?.data?.path ?? '').toContain(`memories/${MONTHS[0]}/..`);
  });

  it('a remote that allows filters but not tree filters: the blob-less fetch as before, received counted', async () => {
    const w = await world({ 'uploadpack.allowFilter': 'true', 'uploadpackfilter.allow': 'false', 'uploadpackfilter.blob:none.allow': 'true' });
    const job = ciClone(w.url);
    const r = cli(job, ['store', 'a fact against a remote without tree filters', '--sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.sync.received).toBe(w.total);
    const here = objectsHere(job);
    for (const m of MONTHS) expect(here.has(monthTree(w.remote, m, 'memory~1')), m).toBe(true);
    expect(git(job, 'for-each-ref', 'refs/git-memory/unchecked')).toBe('');
    expect(idsOn(w.remote)).toHaveLength(w.total + 1);
  });
});
