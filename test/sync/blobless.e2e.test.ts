import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ciClone, cli, cliAsync, CLI, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { sync } from '../../src/sync/index.js';
import { idsOn, pendingRefs } from './fixtures.js';

/**
 * Writers fetch no blobs: a CI job (a fresh shallow clone) that stores with --sync fetches
 * the memory branch with `--filter=blob:none`, combines on trees and blob ids, and pushes. Against a
 * remote that does not allow filters, the same job gets the full pack, as before. Real bare remotes
 * (uploadpack.allowFilter on and off), the built CLI, real git.
 */

const PRELOAD = 24;

/** A bare remote: `main` with one commit, `memory` with PRELOAD memories (and the README a store writes). */
async function world(allowFilter: boolean, readme?: string): Promise<{ remote: string; url: string; preloaded: { id: string; content: string }[] }> {
  const remote = makeRepo({ bare: true });
  git(remote, 'config', 'uploadpack.allowFilter', String(allowFilter));
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const s = new MemoryStore({ repo: seed });
  const preloaded: { id: string; content: string }[] = [];
  try {
    for (let i = 0; i < PRELOAD; i++) {
      const content = `preloaded fact number ${i} about the zebra${i} deployment`;
      preloaded.push({ id: (await s.store({ content })).id, content });
    }
    if (readme !== undefined) {
      await s.mutate(() => ({ change: { changes: new Map([['README.md', Buffer.from(readme)]]), message: 'hand edit of the README\n' }, result: {} }));
    }
    await sync(s);
  } finally {
    s.close();
  }
  return { remote, url: `file://${remote}`, preloaded };
}

/**
 * Objects the branch names that this repository does not have (promised by the remote); never fetches.
 * Counted from the remote's side: a treeless writer (docs/sync.md) lacks whole subtrees, and
 * `rev-list --missing=print` here would stop at the first missing tree of each.
 */
function missingObjects(repo: string, remote?: string): number {
  if (!remote) {
    return git(repo, 'rev-list', '--objects', '--missing=print', 'memory')
      .split('\n')
      .filter((l) => l.startsWith('?')).length;
  }
  const here = new Set(git(repo, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n'));
  return git(remote, 'rev-list', '--objects', 'memory')
    .split('\n')
    .filter((l) => l && !here.has(l.slice(0, 40))).length;
}

function fsckClean(repo: string): void {
  // Throws (non-zero exit) on any error; --strict also fails on warnings such as bad names.
  git(repo, 'fsck', '--strict', '--no-progress');
}

function fullClone(remote: string): string {
  const d = tempDir('gm-full-');
  git(d, 'clone', '-q', '--no-checkout', remote, '.');
  git(d, 'fetch', '-q', 'origin', '+refs/heads/memory:refs/heads/memory');
  return d;
}

// Real processes on a shared machine: generous per-test limits (each test spawns 5-15 CLI processes).
describe('writers fetch no blobs', { timeout: 300_000 }, () => {
  it('a store --sync from a fresh shallow clone fetches no blob of the branch (allowFilter on), and everything stays readable', async () => {
    const w = await world(true);
    const job = ciClone(w.url);
    const r = cli(job, ['store', 'the ci job learned that builds need the cache warmed', '--sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.sync.pushed).toBe(true);
    // None of the preloaded memories' blobs came (README excepted: the job wrote its own, same bytes).
    expect(missingObjects(job, w.remote)).toBeGreaterThanOrEqual(PRELOAD);
    // git keeps the remote as the promisor (lazy reads) but not the filter as the default of later fetches.
    expect(git(job, 'config', '--get', 'remote.origin.promisor')).toBe('true');
    expect(() => git(job, 'config', '--get', 'remote.origin.partialclonefilter')).toThrow();

    fsckClean(w.remote);
    const full = fullClone(w.remote);
    fsckClean(full);
    expect(idsOn(full)).toContain(r.json.id);
    expect(idsOn(full)).toHaveLength(PRELOAD + 1);

    const reader = ciClone(w.url);
    const l = cli(reader, ['list', '--sync', '--limit', '1000', '--json']);
    expect(l.code, l.stderr).toBe(0);
    expect(l.json.total).toBe(PRELOAD + 1);

    // The blob-less clone itself answers reads (blobs fetched on demand) ...
    const g = cli(job, ['get', w.preloaded[7].id, '--json']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json.memory?.content ?? g.json.content).toBe(w.preloaded[7].content);
    const s = cli(job, ['search', 'zebra12 deployment', '--json']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.json.results.map((x: { id: string }) => x.id)).toContain(w.preloaded[12].id);
    // Those on-demand fetches are filtered too, and record no filter either (git would, unasked).
    expect(() => git(job, 'config', '--get', 'remote.origin.partialclonefilter')).toThrow();
    // ... and de-duplicates a second write against the memories it never fetched.
    const d = cli(ciClone(w.url), ['store', w.preloaded[3].content, '--json']);
    expect(d.code, d.stderr).toBe(0); // a fresh clone without the branch: nothing to de-duplicate against
    const job2 = ciClone(w.url);
    expect(cli(job2, ['store', 'first write of job two', '--sync', '--json']).code).toBe(0);
    expect(missingObjects(job2, w.remote)).toBeGreaterThanOrEqual(PRELOAD);
    const trace = join(tempDir('gm-trace-'), 'trace');
    const dup = cli(job2, ['store', w.preloaded[3].content, '--sync', '--json'], { env: { GIT_TRACE: trace } });
    expect(dup.code, dup.stderr).toBe(0);
    expect(dup.json.duplicate).toBe(true);
    expect(dup.json.id).toBe(w.preloaded[3].id);
    // The blobs it read came in one round trip (plus the sync's own fetch), not one fetch per blob.
    // (A treeless writer's clone, MEMORY_SYNC_TREELESS=1, needs up to two more: treeless.e2e.test.ts.)
    const fetches = readFileSync(trace, 'utf8').split('\n').filter((l) => /built-in: git .*\bfetch\b/.test(l));
    expect(fetches.length).toBeLessThanOrEqual(2);
  });

  it('falls back to the full fetch against a remote with uploadpack.allowFilter off', async () => {
    const w = await world(false);
    const job = ciClone(w.url);
    const r = cli(job, ['store', 'a fact stored against a remote without filters', '--sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.sync.pushed).toBe(true);
    expect(missingObjects(job)).toBe(0); // every blob came, as before
    fsckClean(w.remote);
    fsckClean(job);
    const full = fullClone(w.remote);
    fsckClean(full);
    expect(idsOn(full)).toContain(r.json.id);
    expect(idsOn(full)).toHaveLength(PRELOAD + 1);
    const again = cli(job, ['store', 'and a second one', '--sync', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(idsOn(fullClone(w.remote))).toHaveLength(PRELOAD + 2);
  });

  it('a path both sides wrote differently: the remote blob is fetched on demand to decide', async () => {
    const hand = '# Team memories\n\nEdited by hand on the branch.\n';
    const w = await world(true, hand);
    const job = ciClone(w.url);
    const r = cli(job, ['store', 'a job that meets a hand-edited README', '--sync', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const c = r.json.sync.conflicts.find((x: { path: string }) => x.path === 'README.md');
    expect(c?.kept).toBe('remote');
    const full = fullClone(w.remote);
    expect(git(full, 'show', 'memory:README.md') + '\n').toBe(hand);
    expect(idsOn(full)).toContain(r.json.id);
    fsckClean(w.remote);
    fsckClean(full);
    expect(missingObjects(job, w.remote)).toBeGreaterThanOrEqual(PRELOAD);
  });

  it('old full-fetch writers and new blob-less writers racing, one of them killed -9: nothing lost, fsck clean', async () => {
    const w = await world(true);
    // A remote slow to accept a push: the writers' pushes overlap.
    const hook = join(w.remote, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\ncat >/dev/null\nsleep 0.3\n');
    chmodSync(hook, 0o755);
    const kinds: Array<{ name: string; env: NodeJS.ProcessEnv }> = [
      { name: 'blob-less', env: {} },
      { name: 'blob-less', env: {} },
      { name: 'treeless', env: { MEMORY_SYNC_TREELESS: '1' } },
      { name: 'full fetch', env: { MEMORY_SYNC_BLOBLESS: '0' } },
      { name: 'full fetch', env: { MEMORY_SYNC_BLOBLESS: '0' } },
      { name: 'branch-only protocol, full fetch', env: { MEMORY_SYNC_BLOBLESS: '0', MEMORY_SYNC_MODE: 'branch' } },
    ];
    const jobs = kinds.map(() => ciClone(w.url));
    // The killed writer: its memory is committed locally first, then its sync is killed mid-way.
    const victim = ciClone(w.url);
    const stored = cli(victim, ['store', 'the killed job also learned something', '--json']);
    expect(stored.code, stored.stderr).toBe(0);
    const killed = spawn(process.execPath, [CLI(), 'sync', '--json'], { cwd: victim, env: gitEnv, stdio: 'ignore' });
    const runs = Promise.all(jobs.map((j, i) => cliAsync(j, ['store', `writer ${i} (${kinds[i].name}) learned fact ${i}`, '--sync', '--json'], { env: kinds[i].env })));
    await new Promise((r) => setTimeout(r, 400 + Math.random() * 400));
    killed.kill('SIGKILL');
    const res = await runs;
    for (const r of res) expect(r.code, r.stderr).toBe(0);
    const ids = [...res.map((r) => r.json.id as string), stored.json.id as string];
    // The killed job's clone syncs again; then one more sync from a fresh job folds what is pending.
    const again = cli(victim, ['sync', '--json']);
    expect(again.code, again.stderr).toBe(0);
    const folder = cli(ciClone(w.url), ['sync', '--json']);
    expect(folder.code, folder.stderr).toBe(0);

    const full = fullClone(w.remote);
    const onBranch = idsOn(full);
    for (const id of ids) expect(onBranch.filter((x) => x === id)).toHaveLength(1);
    expect(onBranch).toHaveLength(PRELOAD + ids.length);
    expect(pendingRefs(w.remote)).toEqual([]);
    fsckClean(w.remote);
    fsckClean(full);
    const reader = cli(ciClone(w.url), ['list', '--sync', '--limit', '1000', '--json']);
    expect(reader.json.total).toBe(PRELOAD + ids.length);
  });
  it('a first blob-less fetch that fails leaves the repository config as it was; the next one that succeeds records the promisor only', async () => {
    const w = await world(true);
    const job = ciClone(w.url);
    // A real bare remote that fails the fetch after git has connected and chosen the filter: a copy
    // of the remote without its objects (refs advertised, no pack can be made).
    const broken = tempDir('gm-broken-');
    cpSync(w.remote, broken, { recursive: true });
    rmSync(join(broken, 'objects'), { recursive: true, force: true });
    mkdirSync(join(broken, 'objects', 'pack'), { recursive: true });
    git(job, 'remote', 'set-url', 'origin', `file://${broken}`);
    const before = readFileSync(join(job, '.git', 'config'), 'utf8');
    const r = cli(job, ['sync', '--json']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/fetching memory/);
    expect(readFileSync(join(job, '.git', 'config'), 'utf8')).toBe(before);

    git(job, 'remote', 'set-url', 'origin', w.url);
    const ok = cli(job, ['store', 'stored after the failed fetch', '--sync', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(missingObjects(job)).toBeGreaterThanOrEqual(PRELOAD);
    expect(git(job, 'config', '--get', 'remote.origin.promisor')).toBe('true');
    expect(() => git(job, 'config', '--get', 'remote.origin.partialclonefilter')).toThrow();
    expect(idsOn(fullClone(w.remote))).toContain(ok.json.id);
  });
});
