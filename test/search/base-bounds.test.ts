import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BM25 } from '../../src/search/bm25.js';
import { boundsFileOf } from '../../src/search/doc-bounds.js';
import { rebuildIndex, search } from '../../src/search/index.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { commitFiles, makeRepo } from '../helpers.js';

// The bounded ranking of a common word reads each document's bounds (src/search/doc-bounds.ts) from
// the file kept beside the search base; the file is written with the base, and again from the base
// when it is missing or is not this base's. `prune: true` takes the bounded ranking on a small index.

const BOUNDED = { bm25: { ...DEFAULT_BM25, prune: true } };
const EXACT = { bm25: { ...DEFAULT_BM25, prune: false } };

function repoWithNotes(): string {
  const repo = makeRepo();
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) {
    const id = `mem_${String(i).padStart(4, '0')}`;
    const content = `deploy step ${i}: ${'the service restarts '.repeat(1 + (i % 5))}${i % 3 ? 'after the migration' : 'with the cache warm'}`;
    files[`memories/${id}.md`] = memoryToFile({ id, content, tags: [], priority: i % 7 ? 'medium' : 'high', timestamp: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), metadata: {} });
  }
  commitFiles(repo, [{ files }], 'memory');
  return repo;
}

const baseOf = (s: MemoryStore) => {
  const name = readdirSync(s.cacheDir).find((f) => /^search-v\d+\.base$/.test(f));
  if (!name) throw new Error('no search base was written');
  return join(s.cacheDir, name);
};
// The page, confident results and weak candidates alike (a word every note holds makes no answer).
const page = async (s: MemoryStore, query: string, opts: typeof BOUNDED) => {
  const r = await search(s, { query, limit: 5 }, opts);
  return { total: r.total, page: [...r.results, ...(r.weak ?? [])].map((m) => [m.id, m.relevance]) };
};

describe("a search base's document bounds file", () => {
  it('is written with the base, read as it is, and written again from the base when it is missing or damaged', async () => {
    const repo = repoWithNotes();
    const built = new MemoryStore({ repo, warn: () => {} });
    await rebuildIndex(built);
    const file = boundsFileOf(baseOf(built));
    const bytes = readFileSync(file);
    const expected = await page(built, 'deploy', EXACT);
    expect(expected.page).toHaveLength(5);

    // Another reader (a new process) ranks by the file as it is: not written again.
    const ino = statSync(file).ino;
    expect(await page(new MemoryStore({ repo, warn: () => {} }), 'deploy', BOUNDED)).toEqual(expected);
    expect(statSync(file).ino).toBe(ino);

    // Missing: computed from the base and written back, the same bytes.
    rmSync(file);
    expect(await page(new MemoryStore({ repo, warn: () => {} }), 'deploy', BOUNDED)).toEqual(expected);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file)).toEqual(bytes);

    // Damaged: never trusted, replaced by the base's own bounds.
    writeFileSync(file, Buffer.alloc(bytes.length, 0xff));
    expect(await page(new MemoryStore({ repo, warn: () => {} }), 'restarts', BOUNDED)).toEqual(await page(built, 'restarts', EXACT));
    expect(readFileSync(file)).toEqual(bytes);
  });
});
