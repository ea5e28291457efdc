import { describe, expect, it } from 'vitest';
import { clip, itemOf, MAX_TEXT, SORT, type ViewItem } from '../../src/view/model/items.js';
import type { Memory } from '../../src/model/memory.js';

// A memory as a list row: what the browser receives for every row of the live list, a comparison and
// the stats page, so its fields, its cuts and its order are pinned here on plain inputs.
const memory = (over: Partial<Memory> = {}): Memory => ({ id: 'mem_a', content: 'text', tags: ['x'], category: 'general', priority: 'medium', timestamp: '2026-01-02T00:00:00.000Z', metadata: {}, ...over });

describe('view rows (src/view/model/items.ts)', () => {
  it('clip: a missing value stays missing, anything else becomes text of at most max characters', () => {
    expect(clip(undefined)).toBeUndefined();
    expect(clip(null)).toBeUndefined();
    expect(clip(42)).toBe('42');
    expect(clip('abcdef', 3)).toBe('abc');
    expect(clip('x'.repeat(MAX_TEXT + 5))).toHaveLength(MAX_TEXT);
    expect(clip('')).toBe('');
  });

  it('itemOf: the row of a memory, with the optional fields only when set, the source cut and the text cut at 280', () => {
    expect(itemOf(memory(), 'live')).toEqual({ id: 'mem_a', timestamp: '2026-01-02T00:00:00.000Z', tags: ['x'], category: 'general', priority: 'medium', state: 'live', excerpt: 'text' });
    const row = itemOf(memory({ updated: '2026-02-01T00:00:00.000Z', scope: 'user:1', metadata: { source: 'cli', job: 'j'.repeat(150) }, content: 'y'.repeat(300) }), 'trash');
    expect(row.updated).toBe('2026-02-01T00:00:00.000Z');
    expect(row.scope).toBe('user:1');
    // An Actions job names the writer better than the generic source; either is cut at 100 characters.
    expect(row.source).toBe('j'.repeat(100));
    expect(row.state).toBe('trash');
    expect(row.excerpt).toBe('y'.repeat(280) + '…');
    expect(itemOf(memory({ metadata: { source: 'mcp' } }), 'archived').source).toBe('mcp');
    expect(itemOf(memory({ content: 'z'.repeat(280) }), 'live').excerpt).toBe('z'.repeat(280));
  });

  it('SORT: newest first, and the same time ordered by id, so pages do not reorder', () => {
    const row = (id: string, timestamp: string) => ({ id, timestamp }) as ViewItem;
    const rows = [row('mem_b', '2026-01-01'), row('mem_c', '2026-03-01'), row('mem_a', '2026-01-01'), row('mem_d', '2026-02-01')];
    expect([...rows].sort(SORT).map((r) => r.id)).toEqual(['mem_c', 'mem_d', 'mem_a', 'mem_b']);
    expect(SORT(row('mem_a', '2026-01-01'), row('mem_a', '2026-01-01'))).toBe(0);
  });
});
