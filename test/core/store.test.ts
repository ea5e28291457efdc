import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/store.js';
import { MemoryError } from '../../src/errors.js';
import { checkoutState, git, makeRepo, tempDir, errorCode as code } from '../helpers.js';

describe('MemoryStore', () => {
  it('stores, gets, lists, tags, deletes and clears', async () => {
    const repo = makeRepo({ commit: true });
    const s = new MemoryStore({ repo, warn: () => {} });
    const a = await s.store({ content: 'API rate limit is 100 requests/minute', tags: ['api', 'limits'], category: 'infrastructure', priority: 'high' });
    const b = await s.store({ content: 'The user prefers TypeScript', tags: 'prefs, TypeScript', scope: 'p2p:ou_123' });
    expect(a).toMatchObject({ success: true, id: expect.stringMatching(/^mem_[0-9a-z]{17}$/) });
    expect(Date.parse(a.timestamp)).toBeGreaterThan(0);

    const got = await s.get(a.id);
    expect(got.memory).toMatchObject({ id: a.id, content: 'API rate limit is 100 requests/minute', tags: ['api', 'limits'], category: 'infrastructure', priority: 'high' });
    expect(got.memory.metadata).toMatchObject({ source: 'library', version: 1 });

    expect((await s.recent()).memories.map((m) => m.id)).toEqual([b.id, a.id]);
    expect((await s.recent(1)).memories.map((m) => m.id)).toEqual([b.id]);
    expect((await s.tagged('api,limits')).memories.map((m) => m.id)).toEqual([a.id]);
    expect((await s.tagged(['api', 'prefs'])).memories).toEqual([]);
    expect((await s.list({ tags: ['typescript'] })).memories[0].tags).toEqual(['prefs', 'typescript']);
    expect((await s.list({ scope: 'p2p:ou_123' })).memories.map((m) => m.id)).toEqual([b.id]);
    expect(await s.list({ category: 'infrastructure', limit: 1 })).toMatchObject({ total: 1 });
    const page = await s.list({ limit: 1 });
    expect(page.memories).toHaveLength(1);
    expect(page.total).toBe(2);

    expect(await s.delete(a.id)).toMatchObject({ success: true, deleted: a.id });
    expect(await code(s.get(a.id))).toBe('NOT_FOUND');
    expect(await code(s.delete(a.id))).toBe('NOT_FOUND');
    expect(await code(s.clear())).toBe('CONFIRMATION_REQUIRED');
    expect(await s.clear({ confirm: true })).toMatchObject({ deleted: 1 });
    expect((await s.list()).total).toBe(0);
    expect(git(repo, 'fsck', '--strict')).toBe('');
  });

  it('writes one commit per change with a readable message and a trailer', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo });
    const { id } = await s.store({ content: 'Deploys need the VPN\nsecond line', tags: ['deploy'] });
    await s.delete(id);
    const log = git(repo, 'log', '--format=%s%n%b---', 'memory');
    expect(log).toContain(`memory: delete ${id}`);
    expect(log).toContain(`memory: store ${id} [tags: deploy]`);
    expect(log).toContain('Deploys need the VPN second line');
    expect(git(repo, 'log', '-1', '--skip=1', '--format=%(trailers:key=Memory-Id,valueonly)', 'memory').trim()).toBe(id);
    expect(git(repo, 'rev-list', '--count', 'memory')).toBe('2');
    // The first commit is an orphan root with a README for people browsing the branch.
    expect(git(repo, 'show', `memory~1:README.md`)).toContain('git-memory');
  });

  it('rejects bad input with stable codes and writes nothing', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo });
    expect(await code(s.store({ content: '' }))).toBe('EMPTY_CONTENT');
    expect(await code(s.store({ content: ' \n\t ' }))).toBe('EMPTY_CONTENT');
    expect(await code(s.store({ content: 'a\0b' }))).toBe('BINARY_CONTENT');
    expect(await code(s.store({ content: 'x'.repeat(64 * 1024 + 1) }))).toBe('CONTENT_TOO_LARGE');
    expect(await code(s.store({ content: 'ok', priority: 'urgent' as any }))).toBe('INVALID_INPUT');
    for (const bad of ['', '../etc/passwd', 'mem_../x', 'MEM_1', 'mem_a/b']) expect(await code(s.get(bad))).toBe('INVALID_ID');
    expect(await code(s.list({ limit: 0 }))).toBe('INVALID_INPUT');
    expect(s.tip()).toBeNull();
    // Exactly at the limit is fine.
    await s.store({ content: 'x'.repeat(64 * 1024) });
    expect(() => new MemoryStore({ repo, branch: '../evil' })).toThrow(MemoryError);
  });

  it('leaves the checkout untouched: dirty tree, staged changes, stash, other branch', async () => {
    const repo = makeRepo({ commit: true });
    git(repo, 'checkout', '-q', '-b', 'feature');
    writeFileSync(join(repo, 'README.md'), '# changed\n');
    writeFileSync(join(repo, 'staged.txt'), 'staged\n');
    git(repo, 'add', 'staged.txt');
    writeFileSync(join(repo, 'untracked.txt'), 'u\n');
    writeFileSync(join(repo, 'stashme.txt'), 's\n');
    git(repo, 'stash', 'push', '-q', '-u', '--', 'stashme.txt');
    const before = checkoutState(repo);
    const s = new MemoryStore({ repo });
    const { id } = await s.store({ content: 'hello' });
    await s.store({ content: 'world' });
    await s.delete(id);
    await s.clear({ confirm: true });
    expect(checkoutState(repo)).toEqual(before);
  });

  it('works in a repository with no commits and in a linked worktree', async () => {
    const repo = makeRepo();
    const before = checkoutState(repo);
    const s = new MemoryStore({ repo });
    await s.store({ content: 'first' });
    expect(checkoutState(repo)).toEqual(before);
    expect(git(repo, 'branch', '--list')).toContain('memory');

    const main = makeRepo({ commit: true });
    const wt = join(tempDir(), 'wt');
    git(main, 'worktree', 'add', '-q', '-b', 'side', wt);
    const wtBefore = checkoutState(wt);
    const mainBefore = checkoutState(main);
    const w = new MemoryStore({ repo: join(wt) });
    const { id } = await w.store({ content: 'from a worktree' });
    expect(checkoutState(wt)).toEqual(wtBefore);
    expect(checkoutState(main)).toEqual(mainBefore);
    // The branch lives in the shared refs: visible from the main worktree.
    expect((await new MemoryStore({ repo: main }).get(id)).memory.content).toBe('from a worktree');
  });

  it('finds the repository from a subdirectory, and fails clearly outside one', async () => {
    const repo = makeRepo({ commit: true });
    mkdirSync(join(repo, 'a', 'b'), { recursive: true });
    const { id } = await new MemoryStore({ repo: join(repo, 'a', 'b') }).store({ content: 'deep' });
    expect((await new MemoryStore({ repo }).get(id)).memory.content).toBe('deep');
    const outside = tempDir();
    try {
      new MemoryStore({ repo: outside });
      throw new Error('expected failure');
    } catch (e) {
      expect((e as MemoryError).code).toBe('NOT_A_REPOSITORY');
    }
  });

  it('reads hand-written files anywhere under memories/, and skips broken ones with a warning', async () => {
    const repo = makeRepo({ commit: true });
    const s = new MemoryStore({ repo });
    await s.store({ content: 'stored by the tool', tags: ['tool'] });
    // A person adds files on the branch with plain git.
    const clone = join(tempDir(), 'c');
    git(repo, 'worktree', 'add', '-q', clone, 'memory');
    cpSync(join(__dirname, '..', '..', 'fixtures', 'branch', 'memories'), join(clone, 'memories'), { recursive: true });
    mkdirSync(join(clone, 'memories', 'notes', 'deep'), { recursive: true });
    renameSync(join(clone, 'memories', 'notes', 'vpn.md'), join(clone, 'memories', 'notes', 'deep', 'vpn.md'));
    git(clone, 'add', '-A');
    git(clone, 'commit', '-q', '-m', 'hand-written memories');

    const warnings: string[] = [];
    const r = new MemoryStore({ repo, warn: (w) => warnings.push(w) });
    const all = await r.list();
    expect(all.total).toBe(4); // stored + vpn + plain + evil (as plain text); broken and yaml-js-tag skipped
    expect(existsSync('/tmp/gm-pwned')).toBe(false);
    expect(all.memories.find((m) => m.content.includes('JavaScript front matter'))?.content).toMatch(/^---js/);
    const vpn = all.memories.find((m) => m.content === 'Deploys need the VPN\n')!;
    expect(vpn).toMatchObject({ tags: ['deploy'], category: 'ops' });
    // Ids of hand-written files are stable across reads and fetchable.
    expect((await r.get(vpn.id)).memory.content).toBe('Deploys need the VPN\n');
    expect((await new MemoryStore({ repo, warn: () => {} }).list()).memories.map((m) => m.id).sort()).toEqual(all.memories.map((m) => m.id).sort());
    expect(warnings.some((w) => w.includes('memories/notes/broken.md'))).toBe(true);
    expect(warnings.some((w) => w.includes('memories/notes/yaml-js-tag.md'))).toBe(true);
    expect(warnings.some((w) => w.includes('not-markdown'))).toBe(false);
  });

  it('reads memories from packed objects after git gc', async () => {
    const repo = makeRepo({ commit: true });
    const s = new MemoryStore({ repo });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await s.store({ content: `memory number ${i} `.repeat(1 + (i % 7)), tags: [`t${i % 3}`] })).id);
    // Edit-like churn gives the packer delta chains to build.
    await s.delete(ids[3]);
    git(repo, 'gc', '-q', '--aggressive', '--prune=now');
    const fresh = new MemoryStore({ repo });
    expect((await fresh.list({ limit: 1000 })).total).toBe(59);
    for (const i of [0, 17, 59]) expect((await fresh.get(ids[i])).memory.content).toBe(`memory number ${i} `.repeat(1 + (i % 7)));
    // Writing on top of a packed branch works and stays consistent.
    await fresh.store({ content: 'after gc' });
    expect(git(repo, 'fsck', '--strict')).toBe('');
    expect((await new MemoryStore({ repo }).list({ limit: 1000 })).total).toBe(60);
  });

  it('lets two stores on one clone race without losing either (compare-and-swap retry)', async () => {
    const repo = makeRepo();
    const a = new MemoryStore({ repo });
    const b = new MemoryStore({ repo });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).store({ content: `racer ${i}` })));
    const all = await new MemoryStore({ repo }).list({ limit: 100 });
    expect(all.total).toBe(20);
    expect(new Set(all.memories.map((m) => m.id))).toEqual(new Set(results.map((r) => r.id)));
    expect(git(repo, 'rev-list', '--count', 'memory')).toBe('20');
  });

  it('keeps imported ids and timestamps and finds them without a fast path', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo });
    await s.store({ id: 'mem_abc123', content: 'imported', timestamp: '2025-01-02T03:04:05Z' });
    expect((await s.get('mem_abc123')).memory.timestamp).toBe('2025-01-02T03:04:05.000Z');
    expect(await code(s.store({ id: 'mem_abc123', content: 'again' }))).toBe('DUPLICATE');
    expect(git(repo, 'ls-tree', '-r', '--name-only', 'memory')).toMatch(/memories\/2025-01\/[0-9a-z]\/mem_abc123\.md/);
  });

  it('records the GitHub Actions run in metadata', async () => {
    const repo = makeRepo();
    const env = { GITHUB_ACTIONS: 'true', GITHUB_RUN_ID: '42', GITHUB_JOB: 'build', GITHUB_WORKFLOW: 'CI', GITHUB_SHA: 'abc', GITHUB_REPOSITORY: 'o/r', GITHUB_ACTOR: 'octo' };
    Object.assign(process.env, env);
    try {
      const s = new MemoryStore({ repo, source: 'action' });
      const { id } = await s.store({ content: 'from a job', metadata: { extra: 'x' } });
      expect((await s.get(id)).memory.metadata).toEqual({ source: 'action', version: 1, job_id: 'build', run_id: '42', workflow: 'CI', sha: 'abc', repository: 'o/r', actor: 'octo', extra: 'x' });
    } finally {
      for (const k of Object.keys(env)) delete process.env[k];
    }
  });
});
