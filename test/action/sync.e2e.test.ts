import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { checkoutState, cli, git } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { serveReadOnly } from './git-http.js';
import { checkout, makeRemote, runAction } from './run-action.js';
import { asRoot, rootOnly } from '../root-only.js';

/** Memory ids on the remote's memory branch, read with plain git. */
function remoteIds(bare: string, branch = 'memory'): string[] {
  const files = git(bare, 'ls-tree', '-r', '--name-only', branch).split('\n');
  return files.filter((f) => f.startsWith('memories/')).map((f) => f.replace(/^.*\/(mem_[a-z0-9]+)\.md$/, '$1')).sort();
}

describe('action with sync (the default)', () => {
  it('stores in one job and finds it from another job, each in a fresh shallow checkout', async () => {
    const remote = makeRemote();
    const writer = checkout(remote);
    const before = checkoutState(writer);
    const stored = await runAction(writer, { content: 'Deploys to staging need the VPN', tags: 'deploy' });
    expect(stored.code, stored.stdout + stored.stderr).toBe(0);
    expect(remoteIds(remote)).toEqual([stored.outputs.id]);
    expect(git(remote, 'log', '-1', '--format=%an', 'memory')).toBe('github-actions[bot]');
    expect(checkoutState(writer)).toEqual(before);

    const reader = checkout(remote);
    expect(git(reader, 'for-each-ref', 'refs/heads/memory')).toBe('');
    const got = await runAction(reader, { command: 'get', id: stored.outputs.id });
    expect(got.code, got.stdout).toBe(0);
    expect(got.json.memory.content).toBe('Deploys to staging need the VPN');
    const found = await runAction(checkout(remote), { command: 'search', query: 'staging VPN' });
    expect(found.code, found.stdout).toBe(0);
    expect(found.json.results.map((m: any) => m.id)).toEqual([stored.outputs.id]);
    expect(found.outputs.count).toBe('1');
    expect(found.summary).toContain(stored.outputs.id);
  });

  it('searches with filters, writes a table to the job summary, and takes any query string', async () => {
    const remote = makeRemote();
    const ws = checkout(remote);
    const ids: Record<string, string> = {};
    for (const [key, content, tags, category] of [
      ['vpn', 'Deploys to staging need the VPN | and a token', 'deploy,vpn', 'infra'],
      ['cache', 'The deploy cache is cleared nightly', 'deploy,cache', 'infra'],
      ['ui', 'Buttons use the primary color', 'ui', 'design'],
      ['zh', '部署到生产环境需要先开启VPN', 'deploy', 'infra'],
    ]) ids[key] = (await runAction(ws, { content, tags, category, sync: 'false' })).outputs.id;
    await runAction(ws, { command: 'sync' });

    const reader = checkout(remote);
    const r = await runAction(reader, { command: 'search', query: 'deploy VPN', tags: 'deploy', category: 'infra', limit: '2' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json.results[0].id).toBe(ids.vpn);
    expect(r.json.results.length).toBe(2);
    expect(r.json.total).toBeGreaterThanOrEqual(2);
    expect(typeof r.json.results[0].relevance).toBe('number');
    expect(JSON.parse(r.outputs.results)).toEqual(r.json.results);
    const rows = r.summary.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(ids.vpn);
    expect(rows[0]).toContain('VPN \\| and a token');

    const zh = await runAction(reader, { command: 'search', query: '生产环境' });
    expect(zh.json.results.map((m: any) => m.id)).toContain(ids.zh);
    for (const query of ['foo:bar', 'c++', '"', 'a~ ^2 -x *', '']) {
      const h = await runAction(reader, { command: 'search', query, sync: 'false' });
      expect(h.code, `${query}: ${h.stdout}`).toBe(0);
    }
  });

  it('keeps every memory when a matrix of jobs stores at the same moment', async () => {
    const remote = makeRemote();
    const writers = [1, 2, 3, 4].map(() => checkout(remote));
    const runs = await Promise.all(writers.map((ws, i) => runAction(ws, { content: `writer ${i} learned something`, tags: `writer-${i},matrix` })));
    for (const r of runs) expect(r.code, r.stdout + r.stderr).toBe(0);
    // A job that lost the race for the branch shared its memory in a pending ref: readers see it at once.
    const list = await runAction(checkout(remote), { command: 'list', tags: 'matrix' });
    expect(list.json.total).toBe(4);
    // Any later sync folds the pending refs into the branch.
    expect((await runAction(checkout(remote), { command: 'sync' })).code).toBe(0);
    expect(remoteIds(remote)).toEqual(runs.map((r) => r.outputs.id).sort());
    expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).toBe('');
    expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  });

  it('does not store again what another job already stored: same id, nothing new on the remote', async () => {
    const remote = makeRemote();
    const first = await runAction(checkout(remote), { content: 'The nightly build needs 8 GB of RAM', tags: 'ci' });
    const again = await runAction(checkout(remote), { content: 'The nightly build needs 8 GB of RAM', tags: 'ci' });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.id).toBe(first.outputs.id);
    expect(again.json).toMatchObject({ success: true, id: first.outputs.id, duplicate: true });
    expect(again.outputs.count).toBe('0');
    expect(again.summary).toMatch(/already/);
    expect(remoteIds(remote)).toEqual([first.outputs.id]);
  });

  it('deletes a memory that so far exists only on the remote, and publishes the deletion', async () => {
    const remote = makeRemote();
    const a = await runAction(checkout(remote), { content: 'obsolete', tags: 'old' });
    const b = await runAction(checkout(remote), { content: 'keep me' });
    const del = await runAction(checkout(remote), { command: 'delete', id: a.outputs.id });
    expect(del.code, del.stdout).toBe(0);
    expect(remoteIds(remote)).toEqual([b.outputs.id]);
  });

  it('reads an empty store when the remote has no memory branch yet', async () => {
    const remote = makeRemote();
    const r = await runAction(checkout(remote), { command: 'recent' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json).toEqual({ success: true, memories: [] });
  });

  it('command sync publishes memories stored with sync: false', async () => {
    const remote = makeRemote();
    const ws = checkout(remote);
    const s = await runAction(ws, { content: 'offline first', sync: 'false' });
    expect(git(remote, 'for-each-ref', 'refs/heads/memory')).toBe('');
    const r = await runAction(ws, { command: 'sync' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.json).toMatchObject({ success: true, pushed: true });
    expect(remoteIds(remote)).toEqual([s.outputs.id]);
  });

  it('fails with the permission to grant when the token may not push (HTTP 403)', async () => {
    const remote = makeRemote();
    const http = await serveReadOnly(remote);
    try {
      const ws = checkout(http.url);
      const r = await runAction(ws, { content: 'cannot be shared' });
      expect(r.code).toBe(1);
      expect(r.json.error.code).toBe('PERMISSION_DENIED');
      expect(r.errors[0]).toContain('permissions: contents: write');
      expect(git(remote, 'for-each-ref', 'refs/heads/memory')).toBe('');
      // Reading needs only read access.
      const read = await runAction(checkout(http.url), { command: 'recent' });
      expect(read.code, read.stdout).toBe(0);
    } finally {
      await http.close();
    }
  });

  // Needs root to hand the checkout to another user, as a container job's workspace is.
  rootOnly('root, to hand the workspace to another user', asRoot)('tells a container job to mark the workspace safe when git refuses it', async () => {
    const ws = checkout(makeRemote());
    execFileSync('chown', ['-R', 'nobody', ws]);
    const r = await runAction(ws, { content: 'from a container job' });
    expect(r.code).toBe(1);
    expect(r.errors[0]).toContain('safe.directory');
  });

  it('says to keep the checkout credentials when the push has none (HTTP 401)', async () => {
    const remote = makeRemote();
    const http = await serveReadOnly(remote, 'no-credentials');
    try {
      const r = await runAction(checkout(http.url), { content: 'cannot be shared either' });
      expect(r.code).toBe(1);
      expect(r.json.error.code).toBe('PERMISSION_DENIED');
      expect(r.errors[0]).toContain('persist-credentials');
    } finally {
      await http.close();
    }
  });

  it('fails clearly when the remote cannot be reached', async () => {
    const ws = checkout(makeRemote());
    git(ws, 'remote', 'set-url', 'origin', 'file:///nonexistent/remote.git');
    const r = await runAction(ws, { command: 'list' });
    expect(r.code).toBe(1);
    expect(r.json.error.code).toBe('REMOTE_UNREACHABLE');
    expect(r.errors[0]).toContain('remote');
  });

  it('applies the branch\'s retention after a store when retention is enabled, in the pushed result', async () => {
    const remote = makeRemote();
    const seed = checkout(remote);
    const old = await new MemoryStore({ repo: seed, warn: () => {} }).store({ content: 'written long ago', timestamp: '2020-01-01T00:00:00Z' });
    expect(cli(seed, ['config', 'set', 'retention.enabled', 'true', '--json']).code).toBe(0);
    expect(cli(seed, ['sync', '--json']).code).toBe(0);

    const r = await runAction(checkout(remote), { content: 'a fresh lesson' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.json.pruned).toEqual({ archived: 0, trashed: 1, purged: 0 });
    const files = git(remote, 'ls-tree', '-r', '--name-only', 'memory').split('\n');
    expect(files.some((f) => f.startsWith('trash/') && f.endsWith(`${old.id}.md`))).toBe(true);
    expect(remoteIds(remote)).toEqual([r.outputs.id]);
    // Without retention on the branch a store prunes nothing.
    const plain = makeRemote();
    const p = await runAction(checkout(plain), { content: 'no retention here' });
    expect(p.json.pruned).toBeUndefined();
  });
});
