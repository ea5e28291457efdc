import { describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { pull, sync } from '../../src/sync/index.js';

/**
 * A one-push write leaves a copy of its commits under a pending ref (docs/sync.md). If a writer that
 * does not fold (the branch-only protocol, an old client, a hand push) deletes that memory meanwhile,
 * the next fold must not replay the copy onto the branch: that would bring the memory
 * back. The copy names the branch commit it copies (`Copy-Of:`); a fold that finds it in the
 * branch's history drops the ref unreplayed.
 */
function clone(remote: string): string {
  const d = tempDir('gm-c-');
  git(d, 'clone', '-q', remote, '.');
  return d;
}

describe('a copy left by a one-push write', { timeout: 120_000 }, () => {
  it('never brings back a memory deleted after it by a writer that does not fold', async () => {
    const remote = makeRepo({ bare: true });
    const seed = clone(remote);
    git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
    git(seed, 'push', '-q', 'origin', 'HEAD:main');
    const s0 = new MemoryStore({ repo: seed });
    await s0.store({ content: 'seed fact' });
    await sync(s0);
    s0.close();

    const a = new MemoryStore({ repo: clone(remote) });
    await sync(a);
    const m = await a.store({ content: 'the walrus memory to delete' });
    const ra = await sync(a);
    a.close();
    expect(ra.pushed).toBe(true);
    // The write left its copy on the remote (the one-push rule).
    expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).not.toBe('');

    const b = new MemoryStore({ repo: clone(remote) });
    await pull(b);
    await b.delete(m.id);
    await sync(b, { mode: 'branch' });
    b.close();

    const c = new MemoryStore({ repo: clone(remote) });
    await sync(c, { fold: true });
    c.close();
    expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).toBe('');

    const d = new MemoryStore({ repo: clone(remote) });
    await sync(d);
    const ids = (await d.list({})).memories.map((x) => x.id);
    d.close();
    expect(ids).not.toContain(m.id);
    expect(ids.length).toBe(1);
  });
});
