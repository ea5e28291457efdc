import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { coreSet, coreUpdate } from '../../src/lifecycle/core-doc.js';
import { formatStats, memoryStats, monthSeries, sparkline } from '../../src/lifecycle/stats.js';
import { git, makeRepo } from '../helpers.js';

describe('stats', () => {
  it('reports the figures of a known store', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    const empty = await memoryStats(store);
    expect(empty).toMatchObject({ success: true, total: 0, trash: 0, commits: 0, oldest: null, newest: null, branch_size_bytes: 0, core: { chars: 0, versions: 0 } });

    await store.store({ content: 'a', tags: ['api', 'x'], category: 'infra', priority: 'high', timestamp: '2026-01-05T00:00:00Z' });
    await store.store({ content: 'b', tags: ['api'], category: 'infra', timestamp: '2026-01-20T00:00:00Z' });
    await store.store({ content: 'c', tags: ['api', 'y'], timestamp: '2026-03-02T00:00:00Z' });
    const gone = await store.store({ content: 'd', tags: ['z'], priority: 'low', timestamp: '2026-03-03T00:00:00Z' });
    await store.store({ content: 'e', priority: 'low', timestamp: '2026-04-01T00:00:00Z' });
    await store.delete(gone.id);
    await coreSet(store, { content: 'Name: Ada' });
    await coreUpdate(store, { action: 'edit', old_text: 'Ada', new_text: 'Ada L.' });
    await coreSet(store, { content: 'proj', name: 'project' });

    const s = await memoryStats(store, { top: 2 });
    expect(s.total).toBe(4);
    expect(s.categories).toEqual({ general: 2, infra: 2 });
    expect(s.tags).toEqual({ distinct: 3, top: [{ tag: 'api', count: 3 }, { tag: 'x', count: 1 }] });
    expect(s.priorities).toEqual({ low: 1, medium: 2, high: 1 });
    expect(s.trash).toBe(1);
    expect(s.core).toEqual({ chars: 'Name: Ada L.'.length + 4, versions: 3, documents: { default: 12, project: 4 } });
    expect(s.commits).toBe(9);
    expect(s.commits).toBe(Number(git(repo, 'rev-list', '--count', 'memory')));
    expect(s.oldest).toBe('2026-01-05T00:00:00.000Z');
    expect(s.newest).toBe('2026-04-01T00:00:00.000Z');
    expect(s.months).toEqual({ '2026-01': 2, '2026-03': 1, '2026-04': 1 });
    expect(s.branch_size_bytes).toBeGreaterThan(0);

    const table = formatStats(s);
    expect(table).toMatch(/^memories\s+4$/m);
    expect(table).toMatch(/^per month\s+2026-01 █ ▄▄ 2026-04/m);
  });

  it('fills month gaps and scales the sparkline to the peak', () => {
    expect(monthSeries({ '2025-11': 1, '2026-02': 4 })).toEqual([
      ['2025-11', 1],
      ['2025-12', 0],
      ['2026-01', 0],
      ['2026-02', 4],
    ]);
    expect(sparkline([1, 0, 0, 4, 8])).toBe('▁  ▄█');
    expect(monthSeries({})).toEqual([]);
  });
});
