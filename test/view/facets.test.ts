import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDoor } from '../../src/api.js';
import { FACET_TOP, topFacet } from '../../src/model/facets.js';
import { listCatalog } from '../../src/view/client/query.js';
import { makeRepo } from '../helpers.js';

// The facet order and cut (most frequent first, ties by value, the first 30) was written three times:
// the live server's first page, its full list, and the static export's client. One copy now
// (src/model/facets.ts); this pins that all three give the same facets where it matters: more values
// than the cut, and ties across it.
describe('facets: one order for the live viewer and the static export', () => {
  it('orders by count then value and cuts at 30, the same on the server (first page and full list) and in the export client', async () => {
    expect(topFacet(new Map([['b', 1], ['a', 1], ['c', 2]]))).toEqual([['c', 2], ['a', 1], ['b', 1]]);
    expect(topFacet(new Map(Array.from({ length: 50 }, (_, i) => [`v${i}`, 1] as [string, number])))).toHaveLength(FACET_TOP);

    const repo = makeRepo({ commit: true });
    const door = openDoor({ repo, embedOnWrite: false, warn: () => {} });
    const pad = (n: number) => String(n).padStart(2, '0');
    const N = 40;
    for (let j = 0; j < N; j++) {
      // Distinct texts (no duplicate detection); 40 one-off tags tie at count 1 across the cut.
      await door.store({ content: `note ${randomBytes(8).toString('hex')} on ${randomBytes(6).toString('hex')}`, tags: [`t${pad(N - 1 - j)}`, `common${j % 3}`], category: `c${pad(j)}` });
    }
    const wantTags = [['common0', 14], ['common1', 13], ['common2', 13], ...Array.from({ length: FACET_TOP - 3 }, (_, i) => [`t${pad(i)}`, 1])];
    const wantCategories = Array.from({ length: FACET_TOP }, (_, i) => [`c${pad(i)}`, 1]);

    const vm = await door.viewModel();
    const first = await vm.list({}); // the first page, from the index's counts, before the catalog is in
    expect(first.partial).toBe(true);
    const filtered = await vm.list({ tags: ['common0'] }); // waits for the catalog: the full list's path
    const full = await vm.list({});
    expect(full.partial).toBeUndefined();

    const items = vm.items(vm.branch().tip);
    const client = await listCatalog(items, {});
    const clientFiltered = await listCatalog(items, { tag: 'common0' });

    for (const f of [first.facets, full.facets, client.facets]) {
      expect(f.tags).toEqual(wantTags);
      expect(f.category).toEqual(wantCategories);
    }
    for (const k of ['tags', 'category', 'priority', 'scope', 'source', 'state'] as const) expect(client.facets[k], k).toEqual(full.facets[k]);
    expect(clientFiltered.facets).toEqual(filtered.facets);
    expect(filtered.facets.tags[0]).toEqual(['common0', 14]);
    await door.close?.();
  }, 120_000);
});
