import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { git, makeRepo } from '../helpers.js';

describe('imports racing on one branch', () => {
  // Four imports at once, two by two the same records, in batches: some batches lose the race for the
  // branch and are committed again on the new tip. An import that lost a race must not move the
  // de-duplication index to its last commit from only its own records (the index would then lack the
  // other writer's memories, and the next import would store them again).
  it('keeps each content once, and a later import finds every record already there', async () => {
    const repo = makeRepo();
    const recordsOf = (j: number) => Array.from({ length: 300 }, (_, i) => ({ content: `race note ${i} from group ${j % 2}` }));
    const results = await Promise.all([0, 1, 2, 3].map((j) => importMemories(new MemoryStore({ repo, warn: () => {} }), { records: recordsOf(j), batchSize: 50 })));
    expect(results.reduce((n, r) => n + r.imported, 0)).toBe(600);
    const s = new MemoryStore({ repo, warn: () => {} });
    expect((await s.list({ limit: 5000 })).total).toBe(600);
    const again = await importMemories(s, { records: [...recordsOf(0), ...recordsOf(1)] });
    expect(again.imported).toBe(0);
    expect(again.duplicates).toBe(600);
  });
});

describe('an import and another writer', () => {
  // The other writer's commit lands between the moment the import computed its batch and the moment
  // it moves the branch (a real `git update-ref`, made while the import asks for its identity): the
  // compare-and-swap fails, and the batch is recomputed and committed on the other writer's tip.
  it('commits the batch again on the tip another writer made meanwhile, keeping both', async () => {
    const repo = makeRepo();
    const base = new MemoryStore({ repo, warn: () => {} });
    await base.store({ content: 'a note stored before the import' });
    const before = base.tip()!;
    const other = (await base.store({ content: 'a note another writer stores during the import' })).commit;
    git(repo, 'update-ref', 'refs/heads/memory', before);
    let moves = 0;
    class Racing extends MemoryStore {
      override identity() {
        if (moves++ === 0) git(repo, 'update-ref', 'refs/heads/memory', other, before);
        return super.identity();
      }
    }
    const records = Array.from({ length: 30 }, (_, i) => ({ content: `imported note ${i}` }));
    const r = await importMemories(new Racing({ repo, warn: () => {} }), { records, batchSize: 50 });
    expect(moves).toBe(2);
    expect(r.imported).toBe(30);
    expect(r.commits).toHaveLength(1);
    const s = new MemoryStore({ repo, warn: () => {} });
    expect(s.tip()).toBe(r.commits[0]);
    expect(git(repo, 'rev-parse', `${r.commits[0]}^`).trim()).toBe(other);
    expect(git(repo, 'log', '-1', '--format=%s', r.commits[0]).trim()).toBe('memory: import 30 memories');
    expect((await s.list({ limit: 100 })).total).toBe(32);
    // The other writer's memory is known to the de-duplication index the import leaves behind.
    const again = await importMemories(s, { records: [{ content: 'a note another writer stores during the import' }, ...records] });
    expect(again.imported).toBe(0);
    expect(again.duplicates).toBe(31);
  });
});
