// A full index build on several threads (src/search/parallel-build.ts) must write the segment one
// thread writes, byte for byte but for its random build id, with the same warnings in the same order,
// on a real repository: blobs in two packs and loose, text in several scripts, tags, categories and
// scopes first used in different runs, files that do not parse. The worker is built here with the
// build's own function (Node 20 cannot start a .ts worker).
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBlobWorker } from '../../scripts/build-worker.mjs';
import { rebuildIndex, search, type IndexOptions } from '../../src/search/index.js';
import { lastParts } from '../../src/search/parallel-build.js';
import { SEGMENT_FORMAT, decodeSegment, encodeSegment } from '../../src/search/segment.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { commitFiles, git, makeRepo, rngInt, tempDir } from '../helpers.js';

let worker = '';
let repo = '';
beforeAll(async () => {
  worker = await buildBlobWorker(join(tempDir('gm-worker-'), 'blob-worker.cjs'));
  repo = makeRepo();
  const rand = rngInt(40);
  const words = ['deploy', 'retry', 'timeout', 'cache', 'node.js', 'snake_case', 'c++', 'running', 'children', 'the', '配置文件', 'café', 'naïve', 'v2.3.1', '12345', 'queries'];
  const file = (k: number) => {
    const id = `mem_${String(k).padStart(6, '0')}`;
    const text = Array.from({ length: 3 + rand(40) }, () => words[rand(words.length)] + (rand(5) === 0 ? String(rand(1000)) : '')).join(' ');
    // Later memories bring new tags, categories and scopes: numbering by first use spans the runs.
    const body = memoryToFile({ id, content: text, tags: [`t${rand(3 + (k >> 6))}`, ...(rand(3) ? ['shared'] : [])], category: `c${rand(2 + (k >> 7))}`, priority: (['low', 'medium', 'high'] as const)[rand(3)], timestamp: new Date(1_700_000_000_000 + k * 60_000).toISOString(), ...(k % 5 === 0 ? { scope: `s${k % 3}` } : {}), metadata: {} });
    return [`memories/2023-11/${String(k % 32).padStart(2, '0')}/${id}.md`, body] as const;
  };
  const batch = (from: number, to: number) => Object.fromEntries(Array.from({ length: to - from }, (_, i) => file(from + i)));
  commitFiles(repo, [{ files: { ...batch(0, 400), 'memories/zz/broken.md': '---\ntags: [unclosed\n---\nbroken\n' } }], 'memory');
  git(repo, 'repack', '-a', '-d', '-q');
  commitFiles(repo, [{ files: { ...batch(400, 650), 'memories/zz/broken2.md': '---\nid: [x\n---\n' } }], 'memory');
  commitFiles(repo, [{ files: batch(650, 700) }], 'memory', { loose: true });
});

/** A full build with `parallel`: the segment (its build id blanked) as file bytes, the warnings, the result. */
async function build(parallel: IndexOptions['parallel']) {
  const warnings: string[] = [];
  const store = new MemoryStore({ repo, warn: (w) => warnings.push(w) });
  const result = await rebuildIndex(store, { parallel });
  const seg = decodeSegment(readFileSync(join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.base`)));
  seg.build = '';
  const hits = (await search(store, { query: 'deploy cache', limit: 50 })).results.map((r) => [r.id, r.relevance]);
  return { bytes: encodeSegment(seg), warnings, skipped: result.skipped, indexed: result.indexed, hits };
}

describe('full index build on several threads', () => {
  it('writes the segment one thread writes, with the same warnings, whichever thread reads which run', async () => {
    const one = await build({ threads: 0 });
    expect(one.indexed).toBe(700);
    expect(one.skipped).toBe(2);
    for (const [threads, run] of [
      [1, 37],
      [2, 16],
      [1, 1000],
    ]) {
      const many = await build({ threads, worker, from: 0, run, waitForWorkers: true });
      // Every thread read files (the test is of the join, not of one thread doing everything)...
      expect(lastParts, `threads ${threads} run ${run}`).toHaveLength(threads + 1);
      if (run < 700) for (const n of lastParts) expect(n).toBeGreaterThan(0);
      // ...and the result is the one-thread build's.
      expect(many.skipped).toBe(one.skipped);
      expect(many.warnings).toEqual(one.warnings);
      expect(many.hits).toEqual(one.hits);
      expect(Buffer.compare(many.bytes, one.bytes), `threads ${threads} run ${run}`).toBe(0);
    }
  });
});
