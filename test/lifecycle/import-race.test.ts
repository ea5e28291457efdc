import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { importMemories } from '../../src/lifecycle/import-export.js';
import { makeRepo } from '../helpers.js';

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
