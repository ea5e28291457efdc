import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheServiceAvailable, indexCacheKey, indexCachePrefix, runnerCache } from '../../src/action/index-cache.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { ciClone, git, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { bowEnv, startEmbedServer, type EmbedServer } from '../hybrid/embed-server.js';
import { startCacheServer, type CacheServer } from './cache-server.js';
import { checkout, makeRemote, runAction } from './run-action.js';

const TREE = 'a'.repeat(40);

describe('action: search index in the runner cache', () => {
  it('keys name the index format, the branch and the tree; the prefix restores an older tree of the branch', () => {
    expect(indexCacheKey('memory', TREE)).toBe(`git-memory-index-v${SEGMENT_FORMAT}-memory:${TREE}`);
    expect(indexCacheKey('memory', TREE).startsWith(indexCachePrefix('memory'))).toBe(true);
    expect(indexCacheKey('memory', null)).toBe(`${indexCachePrefix('memory')}empty`);
    // Another branch never matches the prefix ("memory" is a prefix of "memory-x" as text only).
    expect(indexCacheKey('memory-x', TREE).startsWith(indexCachePrefix('memory'))).toBe(false);
    // Keys may not hold commas; slashes are encoded too.
    expect(indexCacheKey('team/a,b', TREE)).toBe(`git-memory-index-v${SEGMENT_FORMAT}-team%2Fa%2Cb:${TREE}`);
  });

  it('needs the runner cache service: skipped quietly (a debug line) without it', () => {
    expect(cacheServiceAvailable({})).toBe(false);
    expect(cacheServiceAvailable({ ACTIONS_CACHE_URL: 'https://cache.example/' })).toBe(false);
    expect(cacheServiceAvailable({ ACTIONS_CACHE_URL: 'https://cache.example/', ACTIONS_RUNTIME_TOKEN: 't' })).toBe(true);
    expect(cacheServiceAvailable({ ACTIONS_RESULTS_URL: 'https://results.example/', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_CACHE_SERVICE_V2: 'true' })).toBe(true);
    expect(cacheServiceAvailable({ ACTIONS_CACHE_URL: 'https://cache.example/', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_CACHE_SERVICE_V2: 'true' })).toBe(false);
    // As @actions/cache decides: any non-empty flag is v2 (even "false"), except on Enterprise Server (v1 only).
    expect(cacheServiceAvailable({ ACTIONS_CACHE_URL: 'https://cache.example/', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_CACHE_SERVICE_V2: 'false' })).toBe(false);
    expect(cacheServiceAvailable({ ACTIONS_CACHE_URL: 'https://cache.example/', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_CACHE_SERVICE_V2: 'true', GITHUB_SERVER_URL: 'https://ghes.example.com' })).toBe(true);
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(`info ${m}`), warning: (m: string) => lines.push(`warning ${m}`), debug: (m: string) => lines.push(`debug ${m}`) };
    expect(runnerCache('memory', '/nonexistent', log, {})).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^debug index cache: no runner cache service/)]);
  });

  it('a search step without the cache service searches as before and says so only in the debug log', async () => {
    const remote = makeRemote();
    const ws = checkout(remote);
    const stored = await runAction(ws, { command: 'store', content: 'Staging restarts nightly at 02:00', sync: 'true' });
    expect(stored.code, stored.stdout + stored.stderr).toBe(0);
    const r = await runAction(checkout(remote), { command: 'search', query: 'staging restarts', sync: 'true' }, { env: { ACTIONS_CACHE_URL: '', ACTIONS_RESULTS_URL: '', ACTIONS_RUNTIME_TOKEN: '' } });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.outputs.count).toBe('1');
    // The whole --json response, with no indexCache report: nothing was restored or saved.
    expect(r.json).toMatchObject({ success: true, results: expect.any(Array), total: 1 });
    expect(r.json.indexCache).toBeUndefined();
    expect(r.stdout).toMatch(/::debug::index cache: no runner cache service/);
    expect(r.warnings).toEqual([]);
  });
});

describe('action: the runner cache round trip (a fake cache service speaking the v2 protocol)', () => {
  let cacheServer: CacheServer;
  let embeds: EmbedServer;
  beforeAll(async () => {
    cacheServer = await startCacheServer();
    embeds = await startEmbedServer();
  });
  afterAll(async () => {
    await cacheServer.close();
    await embeds.close();
  });

  it('job 2 restores what job 1 saved and does not rebuild the index or re-embed the memories', async () => {
    const remote = makeRemote();
    // Memories on the remote's branch, written by the CLI from another clone.
    const writer = checkout(remote);
    const store = async (content: string) => {
      const r = await runCli(writer, ['store', content, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return r.json.id as string;
    };
    for (let i = 0; i < 5; i++) await store(`Deployment note ${i}: the staging cluster restarts nightly`);
    await store('The API rate limit is 100 requests per minute');
    git(writer, 'push', '-q', 'origin', 'memory');
    const tree = () => git(remote, 'rev-parse', 'memory^{tree}');

    // A runner: every job gets the same workspace and temp paths, emptied (a fresh machine each job).
    const runner = tempDir('gm-runner-');
    const ws = join(runner, 'work', 'widgets', 'widgets');
    const temp = join(runner, 'temp');
    const job = () => {
      rmSync(join(runner, 'work'), { recursive: true, force: true });
      rmSync(temp, { recursive: true, force: true });
      mkdirSync(temp, { recursive: true });
      mkdirSync(join(runner, 'work', 'widgets'), { recursive: true });
      ciClone(remote, { dir: ws });
      const env = { ...cacheServer.env, RUNNER_TEMP: temp, ...bowEnv(embeds) };
      return runAction(ws, { command: 'search', query: 'staging restarts nightly', sync: 'true', limit: '50' }, { env });
    };

    // Job 1: no entry yet: a full build and every memory embedded, saved under the branch's tree.
    const t1 = tree();
    let texts = embeds.texts();
    const one = await job();
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(one.stdout).toMatch(/index cache: no entry for this branch yet/);
    expect(one.stdout).toMatch(/index cache: the index was built from every memory of the branch/);
    expect(one.stdout).toContain(`index cache: saved ${indexCacheKey('memory', t1)}`);
    expect(one.json.vectors).toMatchObject({ embedded: 6 });
    expect(embeds.texts() - texts).toBe(7);
    expect(one.warnings).toEqual([]);
    expect(cacheServer.entries.map((e) => e.key)).toEqual([indexCacheKey('memory', t1)]);

    // The branch moves one commit.
    const fresh = await store('Staging restarts nightly moved to 03:00 UTC');
    git(writer, 'push', '-q', 'origin', 'memory');
    const t2 = tree();

    // Job 2, a fresh runner: the restore-key prefix finds job 1's entry; the index is brought up to
    // date from it (only the new memory analysed) and only the new memory is embedded.
    texts = embeds.texts();
    const two = await job();
    expect(two.code, two.stdout + two.stderr).toBe(0);
    expect(two.stdout).toMatch(new RegExp(`Cache hit for restore-key: ${indexCacheKey('memory', t1)}`));
    expect(two.stdout).toContain(`index cache: restored ${indexCacheKey('memory', t1)}`);
    expect(two.stdout).toMatch(/index cache: the index was reused, not rebuilt \((?:delta|delta-from-table); \d+ bytes restored \(vector files: 1\)\)/);
    expect(two.stdout).not.toMatch(/built from every memory/);
    expect(two.json.vectors).toMatchObject({ embedded: 1, reused: 6 });
    expect(embeds.texts() - texts).toBe(2);
    expect(two.json.results.map((r: { id: string }) => r.id)).toContain(fresh);
    expect(two.json.total).toBe(one.json.total + 1);
    expect(two.warnings).toEqual([]);
    // Saved under the new tree (the hit was not exact); entries are never overwritten.
    expect(two.stdout).toContain(`index cache: saved ${indexCacheKey('memory', t2)}`);
    expect(cacheServer.entries.map((e) => e.key)).toEqual([indexCacheKey('memory', t1), indexCacheKey('memory', t2)]);

    // Job 3, the same tree: its entry (the tree's own prefix), nothing to build, embed or save.
    texts = embeds.texts();
    const three = await job();
    expect(three.code, three.stdout + three.stderr).toBe(0);
    expect(three.stdout).toMatch(new RegExp(`Cache hit for restore-key: ${indexCacheKey('memory', t2)}`));
    expect(three.stdout).toMatch(/index cache: the index was reused, not rebuilt \(cached;/);
    expect(three.json.vectors).toMatchObject({ embedded: 0, reused: 7 });
    expect(embeds.texts() - texts).toBe(1);
    expect(three.json.results).toEqual(two.json.results);
    expect(three.stdout).not.toMatch(/index cache: saved/);
    expect(cacheServer.entries).toHaveLength(2);
    expect(cacheServer.calls.filter((c) => c.startsWith('PUT'))).toHaveLength(2);
  });
  it('vectors embedded after an exact hit are saved under a later key of the tree, and the next job restores them', async () => {
    const remote = makeRemote();
    const writer = checkout(remote);
    for (let i = 0; i < 5; i++) expect((await runCli(writer, ['store', `Deployment note ${i}: the staging cluster restarts nightly`, '--json'])).code).toBe(0);
    git(writer, 'push', '-q', 'origin', 'memory');
    const t = git(remote, 'rev-parse', 'memory^{tree}');
    const runner = tempDir('gm-runner-');
    const ws = join(runner, 'work', 'widgets', 'widgets');
    const temp = join(runner, 'temp');
    const job = (mode: string) => {
      rmSync(join(runner, 'work'), { recursive: true, force: true });
      rmSync(temp, { recursive: true, force: true });
      mkdirSync(temp, { recursive: true });
      mkdirSync(join(runner, 'work', 'widgets'), { recursive: true });
      ciClone(remote, { dir: ws });
      const env = { ...cacheServer.env, RUNNER_TEMP: temp, ...bowEnv(embeds) };
      return runAction(ws, { command: 'search', query: 'staging restarts nightly', sync: 'true', limit: '50', mode }, { env });
    };
    const keysOfT = () => cacheServer.entries.map((e) => e.key).filter((k) => k.startsWith(indexCacheKey('memory', t)));

    // Job 1, full text: the index is built and saved, no vector (none read, none embedded).
    const one = await job('fulltext');
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(one.stdout).toContain(`index cache: saved ${indexCacheKey('memory', t)}`);
    // Job 2, hybrid, the same tree: its entry is restored, every memory embedded (the entry had no
    // vectors), and the vectors are saved under a later key of the tree (entries are immutable).
    let texts = embeds.texts();
    const two = await job('hybrid');
    expect(two.code, two.stdout + two.stderr).toBe(0);
    expect(two.stdout).toContain(`index cache: restored ${indexCacheKey('memory', t)}`);
    expect(two.json.vectors).toMatchObject({ embedded: 5 });
    expect(embeds.texts() - texts).toBe(6);
    expect(two.stdout).toContain(`index cache: saved ${indexCacheKey('memory', t)}+`);
    expect(keysOfT()).toHaveLength(2);
    // Job 3, hybrid: the tree's newest entry, so nothing is embedded but the query, nothing saved.
    texts = embeds.texts();
    const three = await job('hybrid');
    expect(three.code, three.stdout + three.stderr).toBe(0);
    expect(three.stdout).toContain(`index cache: restored ${keysOfT()[1]}`);
    expect(three.json.vectors).toMatchObject({ embedded: 0, reused: 5 });
    expect(embeds.texts() - texts).toBe(1);
    expect(three.stdout).not.toMatch(/index cache: saved/);
    expect(keysOfT()).toHaveLength(2);
    expect(three.warnings).toEqual([]);
  });
});
