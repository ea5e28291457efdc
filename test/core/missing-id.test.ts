import { describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { MemoryStore } from '../../src/store/store.js';
import { memoryHistory } from '../../src/ops/history.js';
import { git, gitEnv, makeRepo } from '../helpers.js';

// An id that is not on the branch (mistyped, already deleted, never stored) is answered by the search
// index at the tip, not by parsing every memory file (the catalog): at a million memories that is
// the difference between a few reads and a minute. With a file the index could not take, the catalog
// still says which file holds the id and why it cannot be read.

/** Writes `path` with `text` onto the memory branch by hand (a file another tool or a person added). */
function handFile(repo: string, path: string, text: string): void {
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, env: gitEnv, input: text }).toString().trim();
  const env = { ...gitEnv, GIT_INDEX_FILE: `${repo}/.git/gm-test-index` };
  execFileSync('git', ['read-tree', 'memory'], { cwd: repo, env });
  execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { cwd: repo, env });
  const tree = execFileSync('git', ['write-tree'], { cwd: repo, env }).toString().trim();
  git(repo, 'update-ref', 'refs/heads/memory', git(repo, 'commit-tree', tree, '-p', 'memory', '-m', 'by hand'));
}

/** Removes `path` from the memory branch by hand. */
function removeByHand(repo: string, path: string): void {
  const env = { ...gitEnv, GIT_INDEX_FILE: `${repo}/.git/gm-test-index` };
  execFileSync('git', ['read-tree', 'memory'], { cwd: repo, env });
  execFileSync('git', ['update-index', '--force-remove', path], { cwd: repo, env });
  const tree = execFileSync('git', ['write-tree'], { cwd: repo, env }).toString().trim();
  git(repo, 'update-ref', 'refs/heads/memory', git(repo, 'commit-tree', tree, '-p', 'memory', '-m', 'removed by hand'));
}

/** A branch of five notes and two hand-written copies of one id at `first` and `second`, its index rebuilt: `first` indexed, `second` left out as its second copy. */
async function twoCopies(first: string, second: string): Promise<{ repo: string; id: string }> {
  const repo = makeRepo();
  const s = new MemoryStore({ repo, warn: () => {} });
  for (let i = 0; i < 5; i++) await s.store({ content: `note ${i} about the build cache`, autoTag: false });
  const id = 'mem_handwritten00000';
  handFile(repo, first, `---\nid: ${id}\n---\nfirst copy\n`);
  handFile(repo, second, `---\nid: ${id}\n---\nsecond copy\n`);
  await new MemoryStore({ repo, warn: () => {} }).rebuildIndex();
  return { repo, id };
}

describe('an id that is not there', { timeout: 120_000 }, () => {
  it('get, delete, update, history and a store with that id answer from the index, without reading every memory', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await s.store({ content: `note ${i} about the build cache`, autoTag: false })).id);
    // A hand-written file whose id is in its front matter, not its name: found through the index.
    handFile(repo, 'memories/notes/hand.md', '---\nid: mem_handwritten00000\n---\nwritten by hand\n');
    await s.delete(ids[3]);
    const store = new MemoryStore({ repo, warn: () => {} });
    await store.search({ query: 'cache' }); // the index brought to the tip, as any earlier command leaves it
    const catalog = vi.spyOn(store, 'catalog');
    const missing = 'mem_zzzzzzzzzzzzzzzzz';
    await expect(store.get(missing)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(store.delete(missing)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(store.update(missing, { content: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Deleted: still "not found", and said to be in the trash.
    await expect(store.delete(ids[3])).rejects.toMatchObject({ code: 'NOT_FOUND', data: { trashed: true } });
    await expect(store.store({ content: 'taken', id: ids[5] })).rejects.toMatchObject({ code: 'DUPLICATE' });
    expect((await memoryHistory(store, ids[3])).versions.map((v) => v.event)).toEqual(['deleted', 'stored']);
    // The hand-written file: found by its id through the index, updated and deleted.
    expect((await store.get('mem_handwritten00000')).memory.content).toBe('written by hand\n');
    await store.update('mem_handwritten00000', { content: 'changed by hand' });
    expect((await store.delete('mem_handwritten00000')).deleted).toBe('mem_handwritten00000');
    expect(catalog).not.toHaveBeenCalled();
  });

  it('with a file the index could not read, the catalog says which file holds the id and why', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'a readable note', autoTag: false });
    handFile(repo, 'memories/notes/broken.md', '---\nid: [unclosed\n---\nx\n');
    const store = new MemoryStore({ repo, warn: () => {} });
    const { idFromPath } = await import('../../src/model/id.js');
    const brokenId = idFromPath('memories/notes/broken.md');
    await expect(store.get(brokenId)).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY' });
    await expect(store.delete(brokenId)).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY' });
    await expect(store.get('mem_zzzzzzzzzzzzzzzzz')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a copy the index left out wins over one it indexed later under a new name: update rewrites the copy every reader uses', async () => {
    const { repo, id } = await twoCopies('memories/notes/b.md', 'memories/notes/c.md'); // b.md indexed, c.md left out
    removeByHand(repo, 'memories/notes/b.md');
    handFile(repo, 'memories/notes/d.md', `---\nid: ${id}\n---\nfirst copy\n`); // b.md renamed: after c.md in path order
    const store = new MemoryStore({ repo, warn: () => {} });
    await store.search({ query: 'cache' }); // a delta indexing d.md over that base
    expect(store.find(id)?.path).toBe('memories/notes/c.md');
    expect((await store.get(id)).memory.content).toBe('second copy\n');
    await store.update(id, { content: 'changed' });
    expect(store.find(id)?.path).toBe('memories/notes/c.md');
    expect((await store.get(id)).memory.content).toBe('changed');
  });

  it('a memory whose file cannot be read: each command says so once per tip, however many paths read the file', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'a readable note', autoTag: false });
    const { id } = await s.store({ content: 'soon broken by hand', autoTag: false });
    const { pathFor } = await import('../../src/model/id.js');
    handFile(repo, pathFor(id, ''), '---\nid: [unclosed\n---\nx\n');
    const warnings: string[] = [];
    const store = new MemoryStore({ repo, warn: (w) => warnings.push(w) });
    const about = () => warnings.filter((w) => w.includes(pathFor(id, '')));
    await expect(store.get(id)).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY' });
    expect(about()).toHaveLength(1);
    await expect(store.update(id, { content: 'x' })).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY' });
    expect(about()).toHaveLength(1);
    // A new tip is read again, and says it again.
    await store.store({ content: 'another note', autoTag: false });
    await expect(store.get(id)).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY' });
    expect(about()).toHaveLength(2);
  });

  it('a second copy the index left out is the memory once the copy it indexed is removed by hand', async () => {
    const { repo, id } = await twoCopies('memories/notes/a.md', 'memories/notes/b.md'); // a base holding a.md, b.md left out
    removeByHand(repo, 'memories/notes/a.md');
    const store = new MemoryStore({ repo, warn: () => {} });
    await store.search({ query: 'cache' }); // the index at the tip: a delta over that base
    expect(store.find(id)?.path).toBe('memories/notes/b.md');
    expect((await store.get(id)).memory.content).toBe('second copy\n');
    await expect(store.store({ content: 'taken', id })).rejects.toMatchObject({ code: 'DUPLICATE' });
    expect((await store.update(id, { content: 'changed' })).id).toBe(id);
    expect((await store.get(id)).memory.content).toBe('changed');
    expect((await store.delete(id)).deleted).toBe(id);
    await expect(store.get(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
