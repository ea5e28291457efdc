import { describe, expect, it } from 'vitest';
import { NO_CONVERSATION } from '../../src/search/conversation.js';
import { NOTE_SAMPLE, addContext, neighboursOf, noteShare, sessionsOf } from '../../src/search/hybrid-context.js';
import type { Candidate } from '../../src/search/ranking.js';
import { indexOf } from './vector-rows.js';

// Conversation context over the rows of a vector index: time neighbours (same scope, same
// conversation, within the window), what candidates lend each other, and the session of a memory.
const MIN = 60_000;
// Rows in an order unlike time order, so the neighbours come from the times, not the rows.
const ids = ['c', 'x-other-conv', 'a', 'late', 'y-other-scope', 'none', 'b'];
const place: Record<string, { ts: number; scope: string; conv: number }> = {
  a: { ts: 0, scope: 's', conv: 7 },
  b: { ts: 5 * MIN, scope: 's', conv: 7 },
  c: { ts: 10 * MIN, scope: 's', conv: 7 },
  late: { ts: 100 * MIN, scope: 's', conv: 7 },
  'x-other-conv': { ts: 6 * MIN, scope: 's', conv: 8 },
  'y-other-scope': { ts: 7 * MIN, scope: 't', conv: 7 },
  none: { ts: 8 * MIN, scope: 's', conv: NO_CONVERSATION },
};
const cand = (id: string, relevance: number): Candidate => ({ id, relevance, confidence: 0 });

describe('hybrid-context', () => {
  const index = indexOf(ids);
  const row = (id: string) => index.rowOf.get(id)!;
  const idOf = (r: number) => (r < 0 ? null : index.ids[r]);

  it('links memories of one scope and conversation within the window, in time order, and no others', () => {
    const nb = neighboursOf(index, {}, 30 * MIN, (id) => place[id]);
    const links = Object.fromEntries(ids.map((id) => [id, [idOf(nb.prev[row(id)]), idOf(nb.next[row(id)])]]));
    expect(links).toEqual({
      a: [null, 'b'],
      b: ['a', 'c'],
      c: ['b', null], // `late` is 90 minutes after c: outside the window
      late: [null, null],
      'x-other-conv': [null, null],
      'y-other-scope': [null, null],
      none: [null, null], // no conversation: no context
    });
  });

  it('is kept for the same index, view and window, and made again for another window', () => {
    const view = {};
    const first = neighboursOf(index, view, 30 * MIN, (id) => place[id]);
    expect(neighboursOf(index, view, 30 * MIN, () => undefined)).toBe(first);
    const wide = neighboursOf(index, view, 120 * MIN, (id) => place[id]);
    expect(wide).not.toBe(first);
    expect(idOf(wide.next[row('c')])).toBe('late');
  });

  it('lends each candidate the best relevance of its neighbours that are candidates, times the weight', () => {
    const nb = neighboursOf(index, {}, 30 * MIN, (id) => place[id]);
    const list = [cand('b', 1), cand('c', 0.5), cand('unindexed', 0.9)];
    addContext(list, index, nb, 0.2);
    // a is b's neighbour but no candidate: it is not added and lends nothing.
    expect(list.map((c) => [c.id, c.contextScore, c.relevance])).toEqual([
      ['b', 0.2 * 0.5, 1 + 0.2 * 0.5],
      ['c', 0.2 * 1, 0.5 + 0.2 * 1],
      ['unindexed', 0, 0.9],
    ]);
  });

  it('gives a memory the first row of its run of neighbours as its session', () => {
    const sessionOf = sessionsOf(index, neighboursOf(index, {}, 30 * MIN, (id) => place[id]));
    expect(['a', 'b', 'c'].map(sessionOf)).toEqual([row('a'), row('a'), row('a')]);
    expect(sessionOf('late')).toBe(row('late'));
    expect(sessionOf('unindexed')).toBe(-1);
  });

  it('counts the share of the memories passing the filters that belong to no conversation', () => {
    const conv = (id: string) => place[id]?.conv;
    const all = new Uint8Array(ids.length).fill(1);
    expect(noteShare(index, all, ids.length, conv)).toBeCloseTo(1 / 7, 6);
    const some = new Uint8Array(ids.length);
    some[row('none')] = 1;
    some[row('a')] = 1;
    expect(noteShare(index, some, 2, conv)).toBe(0.5);
    some[row('a')] = 0;
    expect(noteShare(index, some, 1, conv)).toBe(1);
    expect(noteShare(index, new Uint8Array(ids.length), 0, conv)).toBe(0);
  });

  it('reads at most a sample of the rows passing the filters, evenly spaced, for the share', () => {
    const n = NOTE_SAMPLE * 5 + 3;
    const big = { size: n, ids: Array.from({ length: n }, (_, r) => `m${r}`) } as unknown as Parameters<typeof noteShare>[0];
    const ok = new Uint8Array(n);
    let okCount = 0;
    for (let r = 0; r < n; r++) if (r % 3) (ok[r] = 1), okCount++;
    // About one memory in four is a note (scattered, not periodic): the share from about NOTE_SAMPLE rows.
    const note = (r: number) => ((Math.imul(r, 2654435761) >>> 16) & 3) === 0;
    let exact = 0;
    for (let r = 0; r < n; r++) if (ok[r] && note(r)) exact++;
    let asked = 0;
    const conv = (id: string) => (asked++, note(Number(id.slice(1))) ? NO_CONVERSATION : 1);
    expect(Math.abs(noteShare(big, ok, okCount, conv) - exact / okCount)).toBeLessThan(0.01);
    expect(asked).toBeGreaterThan(NOTE_SAMPLE / 2);
    expect(asked).toBeLessThanOrEqual(NOTE_SAMPLE);
  });
});
