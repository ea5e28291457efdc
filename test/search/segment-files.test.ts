import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { makeRepo } from '../helpers.js';

/**
 * A segment file opened lazily is closed by its owner (the store's index state), not by the garbage
 * collector: when the store closes, and when the index generation that used it is two generations old
 * (src/search/index-files.ts, BranchIndex). Counted from /proc/self/fd: the descriptors this process holds
 * on the branch's base segment file, including versions that were replaced (shown "(deleted)").
 */
const procFds = existsSync('/proc/self/fd');

function baseFds(repo: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // the directory's own descriptor, gone by now
    }
    if (target.startsWith(repo) && /search-v\d+\.base/.test(target)) n++;
  }
  return n;
}

const open = (repo: string) => new MemoryStore({ repo, warn: () => {} });

describe.skipIf(!procFds)('segment files held by a store', () => {
  it('close when the store closes', async () => {
    const repo = makeRepo();
    const writer = open(repo);
    for (let i = 0; i < 5; i++) await writer.store({ content: `deploy note ${i} about the cache`, tags: ['ops'] });
    await writer.rebuildIndex(); // writes the base and marks it verified
    writer.close();
    expect(baseFds(repo)).toBe(0);

    const reader = open(repo);
    const r = await reader.search({ query: 'deploy cache', mode: 'fulltext' });
    expect(r.results.length).toBe(5);
    // A verified base is opened lazily: the store holds its file.
    expect(baseFds(repo)).toBe(1);
    reader.close();
    expect(baseFds(repo)).toBe(0);
  });

  it('close when their generation is two generations old, however long the store lives', async () => {
    const repo = makeRepo();
    const writer = open(repo);
    await writer.store({ content: 'first deploy note', tags: ['ops'] });
    await writer.rebuildIndex();
    const reader = open(repo);
    const held: number[] = [];
    for (let round = 0; round < 5; round++) {
      // Another writer moves the branch and replaces the base file (renamed over, a new inode).
      await writer.store({ content: `deploy note of round ${round}`, tags: ['ops'] });
      await writer.rebuildIndex();
      const r = await reader.search({ query: 'deploy', mode: 'fulltext' });
      expect(r.results.length).toBe(round + 2);
      held.push(baseFds(repo));
    }
    // The current generation's base and the one before it; never more, whatever the GC does.
    expect(held).toEqual([1, 2, 2, 2, 2]);
    reader.close();
    writer.close();
    expect(baseFds(repo)).toBe(0);
  });
});
