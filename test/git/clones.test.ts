import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/store.js';
import { checkoutState, cli, git, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

/**
 * Real clones of a real bare remote on disk, in the shapes CI checkouts have: partial
 * (`--filter=blob:none`), shallow (`--depth 1`) and detached.
 */

const N = 6;

/**
 * A bare remote with N memories. Built once a file (a repository, N stores, a bare clone) and copied
 * per test (cp -r), so each test owns its remote (some move it away); the fast project keeps this
 * module between files while each file's temp folders go, hence the existence check.
 */
let template: { bare: string; ids: string[] } | undefined;
async function seedRemote(): Promise<{ url: string; bare: string; ids: string[] }> {
  if (!template || !existsSync(template.bare)) {
    const src = makeRepo({ commit: true });
    const store = new MemoryStore({ repo: src, warn: () => {} });
    const ids: string[] = [];
    for (let i = 0; i < N; i++) ids.push((await store.store({ content: `fact number ${i} about cherry orchards`, tags: ['orchard'] })).id);
    store.close();
    const bare = join(tempDir('gm-remote-'), 'remote.git');
    git(src, 'clone', '-q', '--bare', src, bare);
    git(bare, 'config', 'uploadpack.allowFilter', 'true');
    template = { bare, ids };
  }
  const bare = join(tempDir('gm-remote-'), 'remote.git');
  cpSync(template.bare, bare, { recursive: true });
  return { url: `file://${bare}`, bare, ids: [...template.ids] };
}

function partialClone(url: string): string {
  const dir = join(tempDir('gm-partial-'), 'c');
  git(join(dir, '..'), 'clone', '-q', '--filter=blob:none', '--no-checkout', url, dir);
  git(dir, 'fetch', '-q', 'origin', 'memory:memory');
  return dir;
}

/** Blob ids git itself reports as missing (promised, not yet fetched) on the memory branch. */
function missingBlobs(dir: string): string[] {
  return git(dir, 'rev-list', '--objects', '--missing=print', 'memory')
    .split('\n')
    .filter((l) => l.startsWith('?'))
    .map((l) => l.slice(1));
}

describe('partial clone (--filter=blob:none)', () => {
  it('is really partial: the memory files are promised, not present', async () => {
    const { url } = await seedRemote();
    const dir = partialClone(url);
    expect(git(dir, 'config', 'remote.origin.promisor')).toBe('true');
    expect(missingBlobs(dir).length).toBeGreaterThanOrEqual(N);
  });

  it('list, search and get read every memory, fetching the promised blobs in one round trip', async () => {
    const { url, ids } = await seedRemote();
    const dir = partialClone(url);
    const list = await runCli(dir, ['list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json.memories.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
    expect(list.stderr).not.toMatch(/skipped/);

    const search = await runCli(dir, ['search', 'cherry orchards', '--json', '--limit', '20']);
    expect(search.code).toBe(0);
    expect(search.json.results.length).toBe(N);

    // A fresh clone: get of one id reads that one blob through git.
    const other = partialClone(url);
    const get = await runCli(other, ['get', ids[3], '--json']);
    expect(get.code).toBe(0);
    expect(get.json.memory.content).toBe('fact number 3 about cherry orchards');

    // Library: the catalog of a third clone fetches all missing blobs with one `git fetch`.
    const third = partialClone(url);
    const store = new MemoryStore({ repo: third, warn: () => {} });
    expect(store.catalog().entries.length).toBe(N);
    expect(store.git.fallbackStats.prefetches).toBe(1);
    expect(store.git.fallbackStats.prefetched).toBeGreaterThanOrEqual(N - 1);
    expect(store.git.fallbackStats.catFile).toBeLessThanOrEqual(1);
  });

  it('fails with OBJECT_MISSING when the remote is unreachable, and caches nothing of the failure', async () => {
    const { url, bare } = await seedRemote();
    const dir = partialClone(url);
    renameSync(bare, bare + '.away');
    for (const args of [['list', '--json'], ['search', 'cherry', '--json'], ['stats', '--json']]) {
      const r = await runCli(dir, args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.json?.success, args.join(' ')).toBe(false);
      expect(r.json.error.code, args.join(' ')).toBe('OBJECT_MISSING');
    }
    renameSync(bare + '.away', bare);
    // The remote is back: the very next reads see every memory (no stale cache to delete by hand).
    const list = await runCli(dir, ['list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json.total).toBe(N);
    const search = await runCli(dir, ['search', 'cherry', '--json', '--limit', '20']);
    expect(search.code).toBe(0);
    expect(search.json.results.length).toBe(N);
    expect(missingBlobs(dir).length).toBeLessThan(N);
  });

  it('get of an existing id is never NOT_FOUND when its blob cannot be fetched', async () => {
    const { url, bare, ids } = await seedRemote();
    const dir = partialClone(url);
    renameSync(bare, bare + '.away');
    const r = await runCli(dir, ['get', ids[0], '--json']);
    expect(r.json.error.code).toBe('OBJECT_MISSING');
    renameSync(bare + '.away', bare);
    expect((await runCli(dir, ['get', ids[0], '--json'])).json.memory.id).toBe(ids[0]);
  });

  it('stores on top of a partial clone; git reads what was written', async () => {
    const { url } = await seedRemote();
    const dir = partialClone(url);
    const before = checkoutState(dir);
    const r = await runCli(dir, ['store', 'written into a partial clone', '--json']);
    expect(r.code).toBe(0);
    expect(git(dir, 'cat-file', '-p', `memory:memories`)).toMatch(/tree/);
    expect(git(dir, 'log', '-1', '--format=%B', 'memory')).toContain(r.json.id);
    expect((await runCli(dir, ['list', '--json'])).json.total).toBe(N + 1);
    expect(checkoutState(dir)).toEqual(before);
  });
});

describe('shallow and detached clones', () => {
  it('a shallow clone (--depth 1) lists, searches and stores', async () => {
    const { url, ids } = await seedRemote();
    const dir = join(tempDir('gm-shallow-'), 'c');
    git(join(dir, '..'), 'clone', '-q', '--depth', '1', url, dir);
    git(dir, 'fetch', '-q', '--depth', '1', 'origin', 'memory:memory');
    expect(git(dir, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const list = await runCli(dir, ['list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json.memories.map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
    expect((await runCli(dir, ['search', 'orchards', '--json'])).json.results.length).toBeGreaterThan(0);
    expect((await runCli(dir, ['store', 'stored on a shallow clone', '--json'])).code).toBe(0);
    expect((await runCli(dir, ['list', '--json'])).json.total).toBe(N + 1);
  });

  it('a detached HEAD is left alone by reads and writes', async () => {
    const { url } = await seedRemote();
    const dir = join(tempDir('gm-detached-'), 'c');
    git(join(dir, '..'), 'clone', '-q', url, dir);
    git(dir, 'checkout', '-q', '--detach');
    git(dir, 'fetch', '-q', 'origin', 'memory:memory');
    const before = checkoutState(dir);
    expect(before.head).toMatch(/^ERR .* [0-9a-f]{40}$/); // `symbolic-ref HEAD` fails: detached
    expect((await runCli(dir, ['store', 'stored with a detached HEAD', '--json'])).code).toBe(0);
    expect((await runCli(dir, ['list', '--json'])).json.total).toBe(N + 1);
    expect(checkoutState(dir)).toEqual(before);
  });
});
