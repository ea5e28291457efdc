import { describe, expect, it } from 'vitest';
import { openDoor } from '../../src/api.js';
import { MemoryStore } from '../../src/store/store.js';
import type { SearchQuery, SearchResponse } from '../../src/model/search-types.js';
import { HistoryLog } from '../../src/view/model/history-log.js';
import { Listing } from '../../src/view/model/listing.js';
import { errorCode, git, makeRepo } from '../helpers.js';

// The viewer's memories list on a real branch: the first page answered before the catalog is in, the
// full list with filters, facets and pages, the states, an older commit, and the door's search for a
// query at the tip (recorded here: which query the list asks the door for is what is checked).
async function branch() {
  const repo = makeRepo({ commit: true });
  const door = openDoor({ repo, embedOnWrite: false, warn: () => {} });
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const r = await door.store({ content: `note ${i} about ${i % 2 ? 'deploys' : 'tests'}`, tags: [i % 2 ? 'odd' : 'even'], category: i < 3 ? 'early' : 'late', timestamp: `2026-01-0${i + 1}T00:00:00.000Z` });
    ids.push(r.id);
  }
  await door.delete(ids[0]);
  door.close();
  const store = new MemoryStore({ repo, warn: () => {} });
  const asked: SearchQuery[] = [];
  const search = async (q: SearchQuery): Promise<SearchResponse> => {
    asked.push(q);
    const memories = store.filter({}).filter((m) => m.content.includes(String(q.query)));
    return { success: true, results: memories.map((m) => ({ ...m, relevance: 0.5 })), total: memories.length, mode: 'fulltext' } as unknown as SearchResponse;
  };
  const listing = new Listing(store, { search }, new HistoryLog(store));
  return { store, listing, ids, asked };
}

describe('the viewer memories list (src/view/model/listing.ts)', () => {
  it('answers the first page from the index before the catalog loads, then the full list once loaded', async () => {
    const { store, listing, ids } = await branch();
    listing.prefetch();
    const first = await listing.list({ size: 2 });
    expect(first.partial).toBe(true);
    expect(first.total).toBe(6);
    expect(first.items.map((i) => i.id)).toEqual([ids[6], ids[5]]);
    expect(first.facets.state).toEqual([['live', 6], ['trash', 1]]);
    expect(first.facets.scope).toEqual([]);
    await (listing as unknown as { loadTip(): Promise<void> }).loadTip();
    const full = await listing.list({ size: 2, page: 2 });
    expect(full.partial).toBeUndefined();
    expect(full.items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    expect(full.facets.tags).toEqual([['even', 3], ['odd', 3]]);
    expect(listing.items(store.tip())).toHaveLength(7);
    store.close();
  });

  it('filters, pages and counts facets over the matches; the state facet over the whole branch; sizes and pages bounded', async () => {
    const { store, listing, ids } = await branch();
    const odd = await listing.list({ tags: ['odd'], category: 'late' });
    expect(odd.items.map((i) => i.id)).toEqual([ids[5], ids[3]]);
    expect(odd.facets.category).toEqual([['late', 2]]);
    expect(odd.facets.state).toEqual([['live', 6], ['trash', 1]]);
    const trash = await listing.list({ state: 'trash' });
    expect(trash.items.map((i) => [i.id, i.state])).toEqual([[ids[0], 'trash']]);
    expect((await listing.list({ state: 'all' })).total).toBe(7);
    const bounded = await listing.list({ tags: ['even'], size: 10_000, page: -3 });
    expect([bounded.size, bounded.page]).toEqual([200, 1]);
    expect((await listing.list({ tags: ['even'], size: 0 })).size).toBe(50);
    expect(await errorCode(listing.list({ state: 'gone' }))).toBe('INVALID_INPUT');
    store.close();
  });

  it('a query at the tip goes to the door search; in the trash or at an older commit it matches words in the rows', async () => {
    const { store, listing, ids, asked } = await branch();
    const r = await listing.list({ q: 'deploys', mode: 'fulltext' });
    expect(asked).toEqual([{ query: 'deploys', mode: 'fulltext', limit: 1000, archived: false }]);
    expect(r.items.map((i) => i.id)).toEqual([ids[5], ids[3], ids[1]]);
    expect(r.search).toMatchObject({ mode: 'fulltext', words: ['deploys'] });
    // A mode the viewer does not know is not passed on.
    await listing.list({ q: 'tests', mode: 'shell' });
    expect(asked[1].mode).toBeUndefined();

    const words = await listing.list({ q: 'note tests', state: 'trash' });
    expect(words.search).toEqual({ mode: 'words', words: ['note', 'tests'] });
    expect(words.items.map((i) => i.id)).toEqual([ids[0]]);

    // Two commits back: before the delete and the last store; mem 0 is live there.
    const older = listing.resolve('memory~2');
    expect(older).toBe(git(store.git.location.commonDir, 'rev-parse', 'memory~2'));
    const then = await listing.list({ at: 'memory~2', q: 'note' });
    expect(then.at).toBe(older);
    expect(then.items.map((i) => i.id)).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(asked).toHaveLength(2);
    expect(listing.resolve(undefined)).toBe(store.tip());
    store.close();
  });
});
