import { describe, expect, it } from 'vitest';
import { cacheServiceAvailable, indexCacheKey, indexCachePrefix, runnerCache } from '../../src/action/index-cache.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { checkout, makeRemote, runAction } from './run-action.js';

const TREE = 'a'.repeat(40);

describe('action: search index in the runner cache (issue #29)', () => {
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
    // The whole --json response (#28), with no indexCache report: nothing was restored or saved.
    expect(r.json).toMatchObject({ success: true, results: expect.any(Array), total: 1 });
    expect(r.json.indexCache).toBeUndefined();
    expect(r.stdout).toMatch(/::debug::index cache: no runner cache service/);
    expect(r.warnings).toEqual([]);
  });
});
