import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryStats } from '../../src/lifecycle/stats.js';
import { MemoryStore } from '../../src/store/store.js';
import type { Memory } from '../../src/model/memory.js';
import { git, makeRepo } from '../helpers.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';

// list / recent / tagged / stats answer from the search index's document table; `filter()` still reads
// the full catalog. They must agree exactly (same memories, same order), on a base index and on a
// base + delta after the branch moved.
describe('listing from the index agrees with the catalog', () => {
  it('list, recent, tagged and stats, before and after the branch moves', async () => {
    const repo = makeRepo();
    let t = Date.UTC(2026, 0, 1);
    const s = new MemoryStore({ repo, warn: () => {}, now: () => new Date((t += 997)) });
    const cats = ['general', 'ops', 'infra'];
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await s.store({
        content: `memory ${i} about ${cats[i % 3]}`,
        tags: [`t${i % 4}`, ...(i % 5 ? [] : ['ci'])],
        category: cats[i % 3],
        priority: (['low', 'medium', 'high'] as const)[i % 3],
        scope: i % 7 ? undefined : 'team',
        // Equal timestamps for some: ties break by id.
        timestamp: new Date(Date.UTC(2025, i % 6, 1 + (i % 3))).toISOString(),
        autoTag: false,
      });
      ids.push(r.id);
    }
    // Hand-written files: no id in the front matter, one that does not parse.
    await s.mutate(() => ({
      change: {
        changes: new Map([
          ['memories/notes/hand.md', Buffer.from('---\ntags: [ci, hand]\ncategory: ops\n---\nwritten by hand\n')],
          ['memories/notes/broken.md', Buffer.from('---\ntags: [unclosed\n---\nx\n')],
        ]),
        message: 'hand\n',
      },
      result: {},
    }));
    const noWord: unknown[] = [];
    const check = async (store: MemoryStore) => {
      const all = store.filter();
      const same = (a: Memory[], b: Memory[]) => expect(a).toEqual(b);
      // A search with no searchable word is the newest page too, with the base boost as relevance.
      const none = await store.search({ query: 'the', limit: 7 });
      expect(none.results.map((m) => m.id)).toEqual(all.slice(0, 7).map((m) => m.id));
      expect(none.total).toBe(all.length);
      noWord.push(none.results.map((m) => [m.id, m.relevance]));
      same((await store.recent(7)).memories, all.slice(0, 7));
      same((await store.list()).memories, all.slice(0, 50));
      expect((await store.list()).total).toBe(all.length);
      for (const f of [{ tags: ['ci'] }, { category: 'ops', limit: 3 }, { scope: 'team' }, { priority: 'high' as const, tags: 't2' }, { tags: ['nope'] }, { category: 'ops', tags: ['ci', 'hand'] }]) {
        const want = store.filter(f);
        const got = await store.list(f);
        same(got.memories, want.slice(0, f.limit ?? 50));
        expect(got.total).toBe(want.length);
      }
      same((await store.tagged(['ci'])).memories, store.filter({ tags: ['ci'] }));
      const st = await memoryStats(store);
      expect(st.total).toBe(all.length);
      expect(st.unreadable).toBe(1);
      const count = (f: (m: Memory) => string[]) => {
        const m = new Map<string, number>();
        for (const x of all) for (const k of f(x)) m.set(k, (m.get(k) ?? 0) + 1);
        return m;
      };
      expect(new Map(Object.entries(st.categories))).toEqual(count((m) => [m.category]));
      expect(new Map(Object.entries(st.months))).toEqual(count((m) => [m.timestamp.slice(0, 7)]));
      expect(st.tags.distinct).toBe(count((m) => m.tags).size);
      expect(st.oldest).toBe(all[all.length - 1].timestamp);
      expect(st.newest).toBe(all[0].timestamp);
      // Git figures, counted incrementally from the last stats' tip: commits exactly as a full walk; bytes
      // within 1% (an object that a new commit brings back from older history is counted again).
      expect(st.commits).toBe(Number(git(repo, 'rev-list', '--count', 'memory')));
      const full = Number(git(repo, 'rev-list', '--objects', '--disk-usage', 'memory'));
      expect(Math.abs(st.branch_size_bytes - full)).toBeLessThanOrEqual(full * 0.01);
    };
    await check(new MemoryStore({ repo, warn: () => {} }));
    // recent/list without a filter read the base's newest-first order file; a damaged or missing one
    // is ignored (the documents are scanned), with the same answers.
    const orderFile = join(repo, '.git', 'git-memory', 'memory', `newest-search-v${SEGMENT_FORMAT}.base`);
    expect(existsSync(orderFile)).toBe(true);
    const good = readFileSync(orderFile);
    const damaged = Buffer.from(good);
    damaged.writeUInt32LE(0xffffff, 44); // a document number out of range
    writeFileSync(orderFile, damaged);
    await check(new MemoryStore({ repo, warn: () => {} }));
    writeFileSync(orderFile, good.subarray(0, 30));
    await check(new MemoryStore({ repo, warn: () => {} }));
    rmSync(orderFile);
    await check(new MemoryStore({ repo, warn: () => {} }));
    // The same page and relevance from the order file and from the scan of every document.
    for (const got of noWord) expect(got).toEqual(noWord[0]);
    writeFileSync(orderFile, good);
    // The branch moves (another writer): updates, deletes, new memories; the index takes a delta.
    await s.update(ids[3], { tags: ['ci', 'moved'], category: 'infra' });
    await s.delete(ids[10]);
    await s.delete(ids[11]);
    await s.store({ content: 'newest of all', tags: ['ci'], timestamp: '2027-01-01T00:00:00Z' });
    await check(new MemoryStore({ repo, warn: () => {} }));
    // Hand-written ids are found through the index by get.
    const hand = (await s.list({ tags: ['hand'] })).memories[0];
    expect((await new MemoryStore({ repo, warn: () => {} }).get(hand.id)).memory.content).toBe('written by hand\n');
    await expect(new MemoryStore({ repo, warn: () => {} }).get('mem_doesnotexist00')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // An invalid priority matches nothing, as before.
    expect((await s.list({ priority: 'urgent' as never })).total).toBe(0);
  }, 120_000);
});
