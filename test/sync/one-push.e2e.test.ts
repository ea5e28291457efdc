import { describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { ciClone, CLI, cli, cliAsync, git, gitEnv, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { pull, sync } from '../../src/sync/index.js';
import { setup, idsOn, pendingRefs, raceNextPush, withStore } from './fixtures.js';

/**
 * A writer with commits of its own publishes with ONE push, the branch (under a lease) and a
 * pending ref of its own together, not an atomic fold that, lost, costs a second push: when it has
 * signs of other writers (a pending ref or a foreign branch tip made in the last 30 s), and when the
 * remote has nothing to fold (no pending refs, or only copies of what the branch holds, which the
 * same push deletes). A quiet writer's copy stays until the next writer or fold deletes it. Pushes
 * are counted where they land: the remote's pre-receive hook logs each one.
 */

const pushesLogged = (remote: string) => (existsSync(join(remote, 'pushes.log')) ? readFileSync(join(remote, 'pushes.log'), 'utf8').split('\n').filter(Boolean).length : 0);

/** A git first on PATH that logs each `git push` a writer starts into its own file ($GM_PUSHLOG). */
function pushCounter(): string {
  const dir = tempDir('gm-shim-');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(join(dir, 'git'), `#!/bin/sh\nfor a in "$@"; do case "$a" in push) [ -n "$GM_PUSHLOG" ] && echo push >> "$GM_PUSHLOG"; break;; -c) ;; -*|*=*) ;; *) break;; esac; done\nexec "${real}" "$@"\n`);
  chmodSync(join(dir, 'git'), 0o755);
  return dir;
}

function checkRemote(remote: string, ids: string[]): void {
  expect(pendingRefs(remote)).toEqual([]);
  expect(idsOn(remote)).toEqual([...ids].sort());
  for (const id of ids) expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${id}`, 'memory').split('\n'), id).toHaveLength(1);
  expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
  expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  const fresh = tempDir('gm-fresh-');
  git(fresh, 'clone', '-q', remote, '.');
  const r = cli(fresh, ['list', '--sync', '--limit', '1000', '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.json.memories.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
}

describe('one push per contended writer', { timeout: 300_000 }, () => {
  it('a writer that meets a fresh foreign tip pushes once, also when another writer wins the branch meanwhile; a quiet one pushes once and leaves a copy', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    // The branch was last written an hour ago: no sign of other writers.
    const old = new MemoryStore({ repo: a, now: () => new Date(Date.now() - 3_600_000) });
    let x1: string;
    try {
      x1 = (await old.store({ content: 'x1 from a, an hour ago' })).id;
      await sync(old, { fold: true }); // no copy left behind
    } finally {
      old.close();
    }
    raceNextPush(remote, git(remote, 'rev-parse', 'memory'), 'echo push >> pushes.log');
    writeFileSync(join(remote, 'raced'), ''); // no race for this one
    const quiet = cli(ciClone(remote, { detach: true }), ['store', 'quiet job', '--sync', '--json']);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(pushesLogged(remote)).toBe(1);
    expect(quiet.json.sync).toMatchObject({ pushed: true, retries: 0, pendingRef: null, pendingRemote: 1 });
    expect(pendingRefs(remote)).toHaveLength(1);

    // The quiet job's tip is seconds old. Another writer (a) moves the branch while the next job's push
    // is in flight (the hook), so that job's lease on the branch fails: its memory lands in its pending
    // ref from the same push, not an atomic fold push rejected and then a second push.
    const a2 = await withStore(a, async (s) => {
      await pull(s);
      return (await s.store({ content: 'x2 from a, parked' })).id;
    });
    git(a, 'push', '-q', 'origin', 'memory:refs/parked/a');
    rmSync(join(remote, 'raced'));
    raceNextPush(remote, git(a, 'rev-parse', 'memory'), 'echo push >> pushes.log');
    const before = pushesLogged(remote);
    const job = cli(ciClone(remote, { detach: true }), ['store', 'job that loses the branch', '--sync', '--json']);
    expect(job.code, job.stderr).toBe(0);
    expect(pushesLogged(remote) - before).toBe(1);
    expect(job.json.sync).toMatchObject({ pushed: true, retries: 1, pendingRemote: 2 });
    expect(job.json.sync.pendingRef).toMatch(/^refs\/memory-pending\/memory\//);
    expect(git(remote, 'rev-parse', 'memory')).toBe(git(a, 'rev-parse', 'memory'));
    git(remote, 'update-ref', '-d', 'refs/parked/a');
    // The next sync folds it; every memory is on the branch once.
    const f = cli(a, ['sync', '--json']);
    expect(f.code, f.stderr).toBe(0);
    expect(f.json.folded).toBe(2);
    checkRemote(remote, [x1!, quiet.json.id, a2, job.json.id]);
  });

  it('the first wave against a branch written an hour ago pushes once per writer: an hour-old copy is deleted, nothing is raced for', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    const hourAgo = () => new Date(Date.now() - 3_600_000);
    const old = new MemoryStore({ repo: a, now: hourAgo });
    let x1: string;
    try {
      x1 = (await old.store({ content: 'x1 from a, an hour ago' })).id;
      await sync(old, { fold: true });
    } finally {
      old.close();
    }
    // What a quiet writer left an hour ago: a copy of the branch's commits in a pending ref.
    const copy = `refs/memory-pending/memory/${(Date.now() - 3_600_000).toString(36).padStart(9, '0')}-bbbbbbbbbb`;
    git(a, 'push', '-q', 'origin', `memory:${copy}`);
    writeFileSync(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\ncat >/dev/null\necho push >> pushes.log\nsleep 0.3\n');
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
    const shim = pushCounter();
    const logs = tempDir('gm-pushlog-');
    const jobs = Array.from({ length: 6 }, (_, i) => ({ dir: ciClone(remote, { detach: true }), log: join(logs, `w${i}`) }));
    const results = await Promise.all(jobs.map((j, i) => cliAsync(j.dir, ['store', `first wave ${i}`, '--sync', '--json'], { env: { PATH: `${shim}:${process.env.PATH}`, GM_PUSHLOG: j.log } })));
    for (const r of results) expect(r.code, r.stderr + r.stdout).toBe(0);
    const pushes = jobs.map((j) => (existsSync(j.log) ? readFileSync(j.log, 'utf8').split('\n').filter(Boolean).length : 0));
    // Before: each saw no sign of a burst and raced an atomic fold of the copy; all but one lost and pushed again.
    expect(pushes).toEqual([1, 1, 1, 1, 1, 1]);
    expect(pendingRefs(remote)).not.toContain(copy);
    const f = cli(a, ['sync', '--json']);
    expect(f.code, f.stderr).toBe(0);
    checkRemote(remote, [x1!, ...results.map((r) => r.json.id)]);
  });

  it('8 concurrent CI writers (2 of them on the branch-only protocol) and kill -9: the new ones push once each; after one more sync nothing is lost, no pending ref is left', async () => {
    const { remote, clones } = setup(1);
    const [a] = clones;
    const seed = cli(a, ['store', 'seed', '--sync', '--json']);
    expect(seed.code, seed.stderr).toBe(0);
    writeFileSync(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\ncat >/dev/null\necho push >> pushes.log\nsleep 0.3\n');
    chmodSync(join(remote, 'hooks', 'pre-receive'), 0o755);
    const shim = pushCounter();
    const logs = tempDir('gm-pushlog-');
    mkdirSync(logs, { recursive: true });
    const jobs = Array.from({ length: 8 }, (_, i) => ({ dir: ciClone(remote, { detach: true }), old: i < 2, log: join(logs, `w${i}`) }));
    // A sign of a burst that a loaded machine cannot outlast: a pending ref named 25 s ahead (the burst
    // rule takes names up to 30 s either side of now), holding nothing to fold (a root commit only).
    git(a, 'push', '-q', 'origin', `memory:refs/memory-pending/memory/${(Date.now() + 25_000).toString(36).padStart(9, '0')}-aaaaaaaaaa`);
    const results = await Promise.all(
      jobs.map((j, i) =>
        cliAsync(j.dir, ['store', `writer ${i} learned something`, '--sync', '--json'], {
          env: { PATH: `${shim}:${process.env.PATH}`, GM_PUSHLOG: j.log, ...(j.old ? { MEMORY_SYNC_MODE: 'branch', MEMORY_SYNC_RETRIES: '60' } : {}) },
        }),
      ),
    );
    for (const r of results) expect(r.code, r.stderr + r.stdout).toBe(0);
    const pushes = jobs.map((j) => (existsSync(j.log) ? readFileSync(j.log, 'utf8').split('\n').filter(Boolean).length : 0));
    // Every new writer met a pending ref made seconds ago: one push each.
    expect(pushes.slice(2)).toEqual([1, 1, 1, 1, 1, 1]);
    const ids = [seed.json.id, ...results.map((r) => r.json.id)];
    // A writer killed with -9 while its push is in flight (the hook sleeps): whatever the remote took
    // is complete; its memory is local and the same clone's next sync shares it.
    const victim = ciClone(remote, { detach: true });
    const v = cli(victim, ['store', 'victim', '--json']);
    expect(v.code, v.stderr).toBe(0);
    const base = pushesLogged(remote);
    const p = spawn(process.execPath, [CLI(), 'sync', '--json'], { cwd: victim, env: gitEnv, stdio: 'ignore' });
    for (let t = 0; t < 1200 && pushesLogged(remote) === base; t++) await new Promise((r) => setTimeout(r, 25));
    // The push must really be in flight when the kill lands (else this case tests nothing).
    expect(pushesLogged(remote)).toBeGreaterThan(base);
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
    expect(cli(victim, ['sync', '--json']).code).toBe(0);
    ids.push(v.json.id);
    // The burst has settled: one more sync folds every pending ref, redundant copies included.
    const f = cli(a, ['sync', '--json']);
    expect(f.code, f.stderr).toBe(0);
    checkRemote(remote, ids);
  });
});
