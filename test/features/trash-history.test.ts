import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { emptyTrash, listTrash, purgeTrash, TRASH_DIR } from '../../src/model/trash.js';
import { restoreFromTrash } from '../../src/ops/restore.js';
import { getAt, memoryHistory } from '../../src/ops/history.js';
import { idFromPath } from '../../src/model/id.js';
import { git, makeRepo } from '../helpers.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DAY = 86_400_000;

/** A store whose clock the test moves by hand. */
function clockStore(repo: string, start = Date.parse('2026-01-10T12:00:00Z')) {
  let t = start;
  const store = new MemoryStore({ repo, now: () => new Date(t), warn: () => {} });
  return { store, advance: (days: number) => (t += days * DAY), at: () => new Date(t) };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'NO_ERROR';
}

describe('update and history', () => {
  it('update writes a new version with updated and metadata.version + 1, same path', async () => {
    const repo = makeRepo();
    const { store, advance } = clockStore(repo);
    const { id } = await store.store({ content: 'first text', tags: ['a'] });
    advance(1);
    const u = await store.update(id, { content: 'second text', tags: ['b', 'c'], priority: 'high' });
    expect(u.version).toBe(2);
    expect(u.changed).toEqual(['content', 'tags', 'priority']);
    const { memory } = await store.get(id);
    expect(memory.content).toBe('second text');
    expect(memory.tags).toEqual(['b', 'c']);
    expect(memory.priority).toBe('high');
    expect(memory.metadata.version).toBe(2);
    expect(memory.updated).toBe('2026-01-11T12:00:00.000Z');
    expect(memory.timestamp).toBe('2026-01-10T12:00:00.000Z');
    // one commit per write, readable subject
    expect(git(repo, 'log', '--format=%s', 'memory')).toContain(`memory: update ${id} (content, tags, priority) to version 2`);
    // an update that changes nothing makes no commit
    const before = store.tip();
    const same = await store.update(id, { content: 'second text' });
    expect(same.changed).toEqual([]);
    expect(store.tip()).toBe(before);
    expect(await codeOf(store.update(id, {}))).toBe('INVALID_INPUT');
    expect(await codeOf(store.update('mem_nothere1', { content: 'x' }))).toBe('NOT_FOUND');
  });

  it('history lists every version across updates, delete, restore and purge', async () => {
    const repo = makeRepo();
    const { store, advance } = clockStore(repo);
    const { id } = await store.store({ content: 'v1' });
    advance(1);
    await store.update(id, { content: 'v2' });
    advance(1);
    await store.update(id, { content: 'v3' });
    advance(1);
    await store.delete(id);
    let h = await memoryHistory(store, id);
    expect(h.versions.map((v) => [v.event, v.version, v.content])).toEqual([
      ['deleted', 3, 'v3'],
      ['updated', 3, 'v3'],
      ['updated', 2, 'v2'],
      ['stored', 1, 'v1'],
    ]);
    await restoreFromTrash(store, id);
    advance(1);
    await store.delete(id);
    advance(40);
    await purgeTrash(store, 30);
    h = await memoryHistory(store, id);
    expect(h.versions.map((v) => v.event)).toEqual(['purged', 'deleted', 'restored', 'deleted', 'updated', 'updated', 'stored']);
    expect(h.versions[0].content).toBeNull();
    // get --at: by version number and by commit
    expect((await getAt(store, id, '2')).memory.content).toBe('v2');
    expect((await getAt(store, id, 1)).memory.content).toBe('v1');
    const c2 = h.versions.find((v) => v.version === 2)!.commit;
    expect((await getAt(store, id, c2)).memory.content).toBe('v2');
    expect((await getAt(store, id, c2.slice(0, 10))).memory.content).toBe('v2');
    const del = h.versions.find((v) => v.event === 'deleted')!.commit;
    const atDel = await getAt(store, id, del);
    expect(atDel.state).toBe('trash');
    expect(atDel.deleted_at).toBeTruthy();
    expect(await codeOf(getAt(store, id, '9'))).toBe('NOT_FOUND');
    expect(await codeOf(getAt(store, id, 'deadbeef00'))).toBe('NOT_FOUND');
    expect(await codeOf(memoryHistory(store, 'mem_nothere1'))).toBe('NOT_FOUND');
  });
});

describe('history reads only the paths a memory has had', () => {
  it('after delete and purge, one git log over literal paths (no glob over the branch) finds every version', async () => {
    const repo = makeRepo();
    const { store, advance } = clockStore(repo);
    const { id } = await store.store({ content: 'v1' });
    await store.store({ content: 'a neighbour' });
    await store.update(id, { content: 'v2' });
    await store.delete(id);
    advance(40);
    await purgeTrash(store, 30);
    const trace = join(mkdtempSync(join(tmpdir(), 'gm-trace-')), 'trace');
    const was = process.env.GIT_TRACE;
    process.env.GIT_TRACE = trace;
    try {
      const h = await memoryHistory(store, id);
      expect(h.versions.map((v) => v.event)).toEqual(['purged', 'deleted', 'updated', 'stored']);
    } finally {
      if (was === undefined) delete process.env.GIT_TRACE;
      else process.env.GIT_TRACE = was;
    }
    const logs = readFileSync(trace, 'utf8').split('\n').filter((l) => /built-in: git .*\blog\b/.test(l));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(`:(literal)memories/`);
    expect(logs[0]).not.toContain(':(glob)');
  });
});

describe('trash', () => {
  it('delete moves to the trash: out of list and get, restore brings back the latest content', async () => {
    const repo = makeRepo();
    const { store, advance, at } = clockStore(repo);
    const { id } = await store.store({ content: 'old', tags: ['t'] });
    const keep = await store.store({ content: 'keep me' });
    await store.update(id, { content: 'latest' });
    advance(2);
    const del = await store.delete(id);
    expect(del.deleted).toBe(id);
    expect(await codeOf(store.get(id))).toBe('NOT_FOUND');
    expect((await store.list()).memories.map((m) => m.id)).toEqual([keep.id]);
    const items = listTrash(store);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, content: 'latest', deleted_at: at().toISOString(), tags: ['t'] });
    expect(items[0].path.startsWith(`${TRASH_DIR}/`)).toBe(true);
    // the move is a rename git can follow
    expect(git(repo, 'log', '--follow', '--format=%s', 'memory', '--', items[0].path).split('\n')).toHaveLength(3);
    const r = await restoreFromTrash(store, id);
    expect(r.from).toBe('trash');
    const { memory } = await store.get(id);
    expect(memory.content).toBe('latest');
    expect(memory.metadata.version).toBe(2);
    expect(listTrash(store)).toHaveLength(0);
    expect(git(repo, 'show', `memory:${r.path}`)).not.toContain('deleted_at');
    expect(await codeOf(restoreFromTrash(store, id))).toBe('DUPLICATE');
    expect(await codeOf(restoreFromTrash(store, 'mem_nothere1'))).toBe('NOT_FOUND');
    // The advice points where restorable ids are listed (the trash), not the live list; each surface phrases it.
    await expect(restoreFromTrash(store, 'mem_nothere1')).rejects.toMatchObject({ code: 'NOT_FOUND', data: { next: 'trash.list' } });
  });

  it('deleteByTag and clear move to the trash in one commit each', async () => {
    const repo = makeRepo();
    const { store } = clockStore(repo);
    await store.store({ content: 'a', tags: ['x'] });
    await store.store({ content: 'b', tags: ['x'] });
    await store.store({ content: 'c' });
    const n0 = Number(git(repo, 'rev-list', '--count', 'memory'));
    const bt = await store.deleteByTag('x');
    expect(bt.deleted).toHaveLength(2);
    expect(listTrash(store)).toHaveLength(2);
    const cl = await store.clear({ confirm: true });
    expect(cl.deleted).toBe(1);
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(n0 + 2);
    expect((await store.list()).total).toBe(0);
    expect(listTrash(store).map((i) => i.content).sort()).toEqual(['a', 'b', 'c']);
    expect(git(repo, 'ls-tree', '--name-only', 'memory')).not.toContain('memories');
  });

  it('purge removes only items older than the retention (injected clock); empty removes the rest', async () => {
    const repo = makeRepo();
    const { store, advance } = clockStore(repo);
    const a = await store.store({ content: 'old one' });
    const b = await store.store({ content: 'new one' });
    await store.delete(a.id);
    advance(20);
    await store.delete(b.id);
    advance(11); // a: 31 days in the trash, b: 11
    expect((await purgeTrash(store, 30)).purged).toEqual([a.id]);
    expect(listTrash(store).map((i) => i.id)).toEqual([b.id]);
    const again = await purgeTrash(store, 30);
    expect(again.purged).toEqual([]);
    expect(again.commit).toBe(store.tip());
    // default retention comes from config (30 days)
    advance(19);
    expect((await purgeTrash(store)).purged).toEqual([b.id]);
    // purged, yet git history still has it and restore falls back to it
    expect((await memoryHistory(store, a.id)).versions[0].event).toBe('purged');
    const r = await restoreFromTrash(store, a.id);
    expect(r.from).toBe('history');
    expect((await store.get(a.id)).memory.content).toBe('old one');
    await store.delete(a.id);
    expect((await emptyTrash(store)).purged).toEqual([a.id]);
    expect(listTrash(store)).toEqual([]);
    expect(await codeOf(purgeTrash(store, -1))).toBe('INVALID_INPUT');
  });

  it('a hand-written file (no id, any path) goes to the trash, comes back to its path, and has a history', async () => {
    const repo = makeRepo();
    const { store, advance } = clockStore(repo);
    await store.store({ content: 'native' });
    const path = 'memories/notes/deploy.md';
    await store.git.commit({ ref: store.ref, expect: store.tip(), changes: new Map([[path, Buffer.from('Deploys need the VPN\n')]]), message: 'hand edit', author: { name: 'p', email: 'p@p' } });
    const id = idFromPath(path);
    expect((await store.get(id)).memory.content).toBe('Deploys need the VPN\n');
    advance(1);
    await store.delete(id);
    expect(listTrash(store).map((i) => [i.id, i.path])).toEqual([[id, 'trash/notes/deploy.md']]);
    await restoreFromTrash(store, id);
    expect(git(repo, 'show', `memory:${path}`)).toContain('Deploys need the VPN');
    expect((await store.get(id)).memory.content).toBe('Deploys need the VPN\n');
    const h = await memoryHistory(store, id);
    expect(h.versions.map((v) => v.event)).toEqual(['restored', 'deleted', 'stored']);
  });
});
