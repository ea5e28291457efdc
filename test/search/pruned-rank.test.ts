import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BM25, DEFAULT_WEIGHTS, IndexView, rank, rankPruned } from '../../src/search/engine.js';
import { queryTerms } from '../../src/search/analyze.js';
import { SegmentBuilder, openSegmentLazily, writeSegment, type Segment } from '../../src/search/segment.js';
import { viewOf } from '../../src/search/search-index.js';
import { rng, tempDir } from '../helpers.js';

// A query with rare and common words ranks the documents holding a rare word and only counts the
// others when none of them could reach the page (src/search/engine.ts rankPruned). The page and the
// total must be exactly what scoring every document gives.
const VOCAB = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
const NOW = Date.UTC(2026, 5, 1);

function corpus(seed: number, n: number, from = 0) {
  const rnd = rng(seed);
  const zipf = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.exp(rnd() * Math.log(VOCAB.length))) - 1)];
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const words = Array.from({ length: 3 + Math.floor(rnd() * 30) }, zipf).join(' ');
    // Many equal times (ties broken by id), some within the recency window.
    const ts = rnd() < 0.3 ? NOW - Math.floor(rnd() * 8) * 86_400_000 : Date.UTC(2025, 0, 1) + Math.floor(rnd() * 50) * 3_600_000;
    return { id: `mem_${i.toString(36).padStart(6, '0')}`, path: `memories/2025-01/${i % 7}/mem_${i}.md`, oid: i.toString(16).padStart(40, '0'), timestamp: ts, priority: ['low', 'medium', 'high'][Math.floor(rnd() * 3)], category: 'general', tags: [`t${i % 5}`], content: rnd() < 0.05 ? `${words} ${words}` : words };
  });
}

function segmentOf(docs: ReturnType<typeof corpus>, meta: { kind: 'base' | 'delta'; removed?: number[]; baseBuild?: string }): Segment {
  const b = new SegmentBuilder();
  for (const d of docs) b.add(d);
  return b.finish({ kind: meta.kind, tree: 'c'.repeat(40), removed: meta.removed, baseBuild: meta.baseBuild ?? null, baseTree: meta.kind === 'delta' ? 'c'.repeat(40) : null });
}

function lazily(seg: Segment): Segment {
  const file = join(tempDir(), 'seg');
  const fd = openSync(file, 'w');
  writeSegment(seg, (bytes) => {
    let w = 0;
    while (w < bytes.length) w += writeSync(fd, bytes, w);
  });
  closeSync(fd);
  const rfd = openSync(file, 'r');
  return openSegmentLazily(rfd, fstatSync(rfd).size);
}

describe('pruned ranking', () => {
  it('gives the same page and total as scoring every document, over a base, a base with a delta, and a lazily opened base', () => {
    const base = segmentOf(corpus(1, 4000), { kind: 'base' });
    const delta = segmentOf(corpus(2, 300, 4000), { kind: 'delta', removed: Array.from({ length: 200 }, (_, i) => i * 17), baseBuild: base.build });
    const views: Array<[string, IndexView]> = [
      ['base', viewOf(base, null)],
      ['base + delta', viewOf(base, delta)],
      ['lazy base + delta', viewOf(lazily(base), delta)],
    ];
    const rnd = rng(9);
    let pruned = 0;
    let queries = 0;
    for (let q = 0; q < 300; q++) {
      // One to three common words (low ranks) and one or two rare ones (high ranks).
      const common = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => VOCAB[Math.floor(rnd() * 12)]);
      const rareWords = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => VOCAB[150 + Math.floor(rnd() * 250)]);
      const words = rnd() < 0.5 ? [...common, ...rareWords] : [...rareWords, ...common];
      const text = words.join(' ');
      const limit = [1, 5, 10, 20][q % 4];
      for (const [name, view] of views) {
        queries++;
        const full = rank(view, text, { tags: [] }, limit, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: false });
        const fast = rankPruned(view, queryTerms(text), limit, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: true });
        if (!fast) continue;
        pruned++;
        expect(fast, `${name}: ${text} (limit ${limit})`).toEqual(full);
        // rank() itself takes the pruned path only from 10,000 documents, and agrees either way.
        expect(rank(view, text, { tags: [] }, limit, DEFAULT_WEIGHTS, NOW, DEFAULT_BM25)).toEqual(full);
      }
    }
    // The property is not vacuous: most of these queries are pruned.
    expect(pruned).toBeGreaterThan(queries / 3);
  });
});
