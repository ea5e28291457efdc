import { describe, expect, it } from 'vitest';
import { compileFilter, filterMatches, normalizeFilter, parseDate } from '../../src/search/filter.js';
import { viewOf } from '../../src/search/index-build.js';
import type { Segment } from '../../src/search/segment.js';
import { lazily, segment, view, type Doc } from './segments.js';

const NOW = Date.UTC(2026, 5, 1);

describe('filter', () => {
  it('reads ISO dates and datetimes, UTC unless an offset is named, and refuses a date that does not exist', () => {
    expect(parseDate('2026-01-31', 'after')).toBe(Date.UTC(2026, 0, 31));
    expect(parseDate('2026-01-31 12:30', 'after')).toBe(Date.UTC(2026, 0, 31, 12, 30));
    expect(parseDate('2026-01-31T12:00:00+02:00', 'after')).toBe(Date.UTC(2026, 0, 31, 10));
    expect(parseDate(new Date(Date.UTC(2026, 1, 1)), 'before')).toBe(Date.UTC(2026, 1, 1));
    expect(() => parseDate('2026-02-30', 'after')).toThrow(/not a valid date/);
    expect(() => parseDate('yesterday', 'before')).toThrow(/before must be an ISO date/);
  });

  it('normalises the query\'s filters and refuses a bad priority or days', () => {
    expect(normalizeFilter({ tags: 'Ops, ci', category: ' notes ', scope: 'team', priority: 'high', after: '2026-01-01', days: 2 }, NOW)).toEqual({
      tags: ['ops', 'ci'], category: 'notes', scope: 'team', priority: 'high', after: Date.UTC(2026, 0, 1), since: NOW - 2 * 86_400_000,
    });
    expect(normalizeFilter({}, NOW)).toEqual({ tags: [] });
    expect(() => normalizeFilter({ priority: 'urgent' as never }, NOW)).toThrow(/priority must be/);
    expect(() => normalizeFilter({ days: 0 }, NOW)).toThrow(/days must be a positive number/);
  });

  it('passes the documents that hold every tag and match the other fields, the same from the tags\' postings', () => {
    const t = Date.UTC(2026, 0, 10);
    const v = view([
      { id: 'a', content: 'x', tags: ['ops', 'ci'], category: 'notes', priority: 'high', timestamp: t },
      { id: 'b', content: 'x', tags: ['ops'], category: 'notes', priority: 'high', timestamp: t },
      { id: 'c', content: 'x', tags: ['ops', 'ci'], category: 'other', priority: 'high', timestamp: t },
      { id: 'd', content: 'x', tags: ['ops', 'ci'], category: 'notes', priority: 'low', timestamp: t },
      { id: 'e', content: 'x', tags: ['ops', 'ci'], category: 'notes', priority: 'high', timestamp: t - 30 * 86_400_000 },
    ]);
    const f = normalizeFilter({ tags: ['ops', 'ci'], category: 'notes', priority: 'high', after: '2026-01-01' }, NOW);
    const passing = (pass: (p: number, d: number) => boolean) => [0, 1, 2, 3, 4].filter((d) => pass(0, d));
    expect(passing(compileFilter(v, f, null))).toEqual([0]); // the scan
    expect(filterMatches(v, f)?.[0].docs).toEqual(Uint32Array.of(0)); // from the postings
    expect(passing(compileFilter(v, f))).toEqual([0]);
    // A value no document holds: nothing passes. No filter: everything.
    expect(passing(compileFilter(v, normalizeFilter({ tags: 'absent' }, NOW), null))).toEqual([]);
    expect(passing(compileFilter(v, normalizeFilter({}, NOW)))).toEqual([0, 1, 2, 3, 4]);
  });

  it('finds from the postings exactly the documents the scan passes: tags of several words, removed documents, every field', () => {
    const pool = ['ops', 'ci', 'build-cache', 'cache', 'build', 'release-notes', 'team'];
    const cats = ['notes', 'decision', 'other'];
    const prios = ['low', 'medium', 'high'];
    const docs: Doc[] = [];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 400; i++) {
      const tags = pool.filter(() => rand() < 0.45);
      docs.push({ id: `m${i}`, content: i % 3 ? 'cache warm build' : 'ops note', tags, category: cats[Math.floor(rand() * 3)], priority: prios[Math.floor(rand() * 3)], timestamp: Date.UTC(2026, 0, 1 + Math.floor(rand() * 60)), scope: rand() < 0.75 ? 'team' : undefined });
    }
    const removed = [3, 10, 11, 200, 399];
    const filters = [
      { tags: ['build-cache'] },
      { tags: ['build-cache', 'ops'], category: 'decision' },
      { tags: ['release-notes'], priority: 'high' as const },
      { tags: ['cache', 'ci'], scope: 'team', after: '2026-01-20', before: '2026-02-15' },
      { tags: ['team', 'build'], category: 'notes', priority: 'low' as const },
    ];
    for (const make of [(s: Segment) => s, lazily]) {
      const v = viewOf(make(segment(docs)), segment([], 'delta', removed));
      const live = (d: number) => !removed.includes(d);
      for (const q of filters) {
        const f = normalizeFilter(q, NOW);
        const scan = compileFilter(v, f, null);
        const want = docs.map((_, d) => d).filter((d) => live(d) && scan(0, d));
        const got = filterMatches(v, f)![0];
        expect(want.length).toBeGreaterThan(3);
        expect([...got.docs]).toEqual(want);
        expect([...got.ts]).toEqual(want.map((d) => docs[d].timestamp));
      }
    }
  });
});
