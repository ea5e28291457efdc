// The door (src/api.ts): what openMemory and openDoor check before anything opens, and the methods the
// CLI reaches memories through besides the tool calls (test/library/api.test.ts covers those).
import { describe, expect, it } from 'vitest';
import { openMemory } from '../../src/index.js';
import { openDoor } from '../../src/api.js';
import { errorCode, git, makeRepo } from '../helpers.js';

const open = (repo: string) => openDoor({ repo, source: 'cli', embedOnWrite: false });

describe('the door: options', () => {
  it('refuses an options object a JavaScript caller got wrong with INVALID_INPUT, naming the field', () => {
    const repo = makeRepo({ commit: true });
    const bad: Array<[unknown, string]> = [
      [null, 'options'],
      ['.', 'options'],
      [{ repo: 42 }, 'repo'],
      [{ repo, branch: ['memory'] }, 'branch'],
      [{ repo, warn: 'stderr' }, 'warn'],
      [{ repo, maxContentBytes: 0 }, 'maxContentBytes'],
      [{ repo, maxContentBytes: 1.5 }, 'maxContentBytes'],
      [{ repo, defaultPriority: 'urgent' }, 'defaultPriority'],
      [{ repo, embedOnWrite: 'no' }, 'embedOnWrite'],
      [{ repo, config: [] }, 'config'],
    ];
    for (const [opts, field] of bad) {
      let err: { code?: string; data?: { field?: string } } | null = null;
      try {
        openMemory(opts as Parameters<typeof openMemory>[0]);
      } catch (e) {
        err = e as typeof err;
      }
      expect(err?.code, JSON.stringify(opts)).toBe('INVALID_INPUT');
      expect(err?.data?.field, JSON.stringify(opts)).toBe(field);
    }
    // No branch was created by any of them.
    expect(() => git(repo, 'rev-parse', '--verify', '--quiet', 'refs/heads/memory')).toThrow();
  });

  it('accepts every documented option', async () => {
    const repo = makeRepo({ commit: true });
    const warnings: string[] = [];
    const m = openMemory({ repo, branch: 'notes', source: 'test', now: () => new Date('2026-01-02T03:04:05Z'), warn: (w) => warnings.push(w), maxContentBytes: 100, defaultCategory: 'misc', defaultPriority: 'low', config: { autoTag: false }, embedOnWrite: false });
    const { id } = await m.store({ content: 'Deploys need the VPN' });
    const { memory } = await m.get(id);
    expect(memory).toMatchObject({ category: 'misc', priority: 'low', timestamp: '2026-01-02T03:04:05.000Z', metadata: { source: 'test' } });
    expect(await errorCode(m.store({ content: 'x'.repeat(101) }))).toBe('CONTENT_TOO_LARGE');
    m.close();
  });
});

describe('the door: operations the CLI uses', () => {
  it('configUnset removes a shared setting in one commit, and says when there was none', async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    await m.configSet('maxMemories', '500');
    expect(await m.configGet('maxMemories')).toMatchObject({ value: 500 });
    const before = git(repo, 'rev-parse', 'memory');
    const r = await m.configUnset('maxMemories');
    expect(r).toMatchObject({ success: true, key: 'maxMemories', changed: true });
    expect(r.commit).not.toBe(before);
    expect(git(repo, 'rev-parse', 'memory')).toBe(r.commit);
    expect((await m.configGet('maxMemories')).origin).toBe('defaults');
    expect(await m.configUnset('maxMemories')).toMatchObject({ changed: false, commit: r.commit });
    m.close();
  });

  it('trash gives each action its own result: list, restore, empty', async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    const a = await m.store({ content: 'first note' });
    const b = await m.store({ content: 'second note' });
    await m.delete(a.id);
    await m.delete(b.id);
    const listed = await m.trash();
    expect(listed.action).toBe('list');
    expect(listed.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    const restored = await m.trash({ action: 'restore', id: a.id });
    expect(restored).toMatchObject({ success: true, action: 'restore', restored: a.id, from: 'trash' });
    expect((await m.get(a.id)).memory.content).toBe('first note');
    const emptied = await m.trash({ action: 'empty' });
    expect(emptied).toMatchObject({ action: 'empty', purged: [b.id] });
    expect(await errorCode(m.trash({ action: 'restore' }))).toBe('INVALID_INPUT');
    m.close();
  });

  it('exportChunks streams the export the library returns whole, and returns the count', async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    for (const c of ['one', 'two', 'three']) await m.store({ content: c });
    const gen = await m.exportChunks({ format: 'jsonl' });
    let text = '';
    let next = gen.next();
    for (; !next.done; next = gen.next()) text += next.value;
    expect(next.value).toBe(3);
    const whole = await m.exportMemories({ format: 'jsonl' });
    expect(text).toBe(whole.data);
    expect(text.trim().split('\n').map((l) => JSON.parse(l).content).sort()).toEqual(['one', 'three', 'two']);
    m.close();
  });

  it('reports index-build progress, settings are the validated config, and embed checks its numbers first', async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    for (const c of ['alpha note', 'beta note']) await m.store({ content: c });
    const seen: Array<[number, number]> = [];
    const r = await m.rebuildIndex({ progress: (done, total) => seen.push([done, total]) });
    expect(r.indexed).toBe(2);
    expect(seen.at(-1)).toEqual([2, 2]);
    expect((await m.search({ query: 'beta' }, { progress: () => {} })).results.map((x) => x.content)).toEqual(['beta note']);
    expect((await m.settings()).maxContentBytes).toBe(65536);
    const tip = git(repo, 'rev-parse', 'memory');
    expect(await errorCode(m.embed({ batchSize: 0 }))).toBe('INVALID_INPUT');
    expect(await errorCode(m.embed({ threads: 2.5 }))).toBe('INVALID_INPUT');
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
    m.close();
  });

  it("tipTree is the branch tip's tree (what the Action keys its index cache on), null before the first write", async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    expect(m.tipTree()).toBeNull();
    await m.store({ content: 'first note' });
    const first = m.tipTree();
    expect(first).toBe(git(repo, 'rev-parse', 'memory^{tree}'));
    await m.store({ content: 'second note' });
    expect(m.tipTree()).toBe(git(repo, 'rev-parse', 'memory^{tree}'));
    expect(m.tipTree()).not.toBe(first);
    m.close();
  });

  it('with the search helper off, helper.search answers null (search in this process) and notifyStored does nothing', async () => {
    const repo = makeRepo({ commit: true });
    const m = open(repo);
    await m.store({ content: 'rate limit is 100 per minute' });
    expect(process.env.MEMORY_DAEMON).toBe('off');
    expect(await m.helper.search({ query: 'rate limit' })).toBeNull();
    await m.helper.notifyStored();
    expect(await m.helper.status()).toMatchObject({ running: false });
    m.close();
  });
});
