import { closeSync, fstatSync, ftruncateSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_BM25 } from '../../src/search/bm25.js';
import { rank } from '../../src/search/engine.js';
import { compileFilter, filterMatches, type NormalizedFilter } from '../../src/search/filter.js';
import { IndexView } from '../../src/search/index-view.js';
import { rankBounded } from '../../src/search/rank-bounded.js';
import { DEFAULT_WEIGHTS } from '../../src/search/rank-order.js';
import { rankPruned } from '../../src/search/rank-pruned.js';
import { queryTerms } from '../../src/search/analyze.js';
import { SegmentBuilder, SegmentFile, type Segment } from '../../src/search/segment.js';
import { codeLength, computeDocBounds, lengthCode, readDocBounds, writeDocBounds } from '../../src/search/doc-bounds.js';
import { viewOf } from '../../src/search/index-build.js';
import { runs } from '../fc-runs.js';
import { rng, tempDir } from '../helpers.js';
import { lazily } from './segments.js';

// A query with rare and common words ranks the documents holding a rare word and only counts the
// others when none of them could reach the page (src/search/rank-pruned.ts rankPruned). The page and the
// total must be exactly what scoring every document gives. A query of common words scores exactly
// only the documents whose bound from their term frequencies and priority reaches the page
// (rankBounded): page, total and confident count must again be the exhaustive ranking's.
const VOCAB = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}x`);
const NOW = Date.UTC(2026, 5, 1);

function corpus(seed: number, n: number, from = 0, long = 0) {
  const rnd = rng(seed);
  const zipf = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.exp(rnd() * Math.log(VOCAB.length))) - 1)];
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    // A share `long` of longer documents (up to ~600 words): lengths past the exact length codes.
    const words = Array.from({ length: rnd() < long ? 60 + Math.floor(rnd() * 540) : 3 + Math.floor(rnd() * 30) }, zipf).join(' ');
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

describe('a query without searchable words', () => {
  it('the newest page streamed equals every match sorted, with filters, over a base with a delta', () => {
    const base = segmentOf(corpus(3, 3000), { kind: 'base' });
    const delta = segmentOf(corpus(4, 200, 3000), { kind: 'delta', removed: Array.from({ length: 100 }, (_, i) => i * 29), baseBuild: base.build });
    for (const view of [viewOf(base, null), viewOf(base, delta), viewOf(lazily(base), delta)]) {
      for (const filter of [{ tags: [] }, { tags: ['t2'] }, { tags: [], priority: 'high' as const }, { tags: ['t1'], category: 'general' }]) {
        // Past SMALL_PAGE every match is collected and sorted: the reference.
        const all = rank(view, 'the', filter, 100_000, DEFAULT_WEIGHTS, NOW);
        for (const limit of [1, 10, 50]) {
          const page = rank(view, 'the', filter, limit, DEFAULT_WEIGHTS, NOW);
          expect(page.total).toBe(all.total);
          expect(page.ranked).toEqual(all.ranked.slice(0, limit));
        }
      }
    }
  });
});

describe('a tag filter from the postings of its words', () => {
  it('matches exactly what a scan of the columns matches, and reads no column whole', () => {
    const tagSets = [['ci'], ['rate-limit', 'ci'], ['c++'], ['the'], ['ci', 'deploy'], ['déjà-vu'], []];
    const docs = corpus(5, 2000).map((d, i) => ({ ...d, tags: [...tagSets[i % tagSets.length], ...(i % 3 ? [] : ['rate'])], category: ['general', 'ops'][i % 2], priority: ['low', 'medium', 'high'][i % 3], scope: i % 5 ? undefined : 'team' }));
    const base = segmentOf(docs, { kind: 'base' });
    const delta = segmentOf(corpus(6, 100, 2000).map((d, i) => ({ ...d, tags: i % 2 ? ['ci'] : ['rate'] })), { kind: 'delta', removed: Array.from({ length: 60 }, (_, i) => i * 31), baseBuild: base.build });
    const filters: NormalizedFilter[] = [
      { tags: ['ci'] },
      { tags: ['rate-limit'] },
      { tags: ['rate'] },
      { tags: ['ci', 'rate'], category: 'ops' },
      { tags: ['deploy'], priority: 'high' },
      { tags: ['ci'], scope: 'team' },
      { tags: ['déjà-vu'], after: Date.UTC(2025, 0, 2) },
      { tags: ['nope'] },
      { tags: ['c++'] },
      { tags: ['the'] },
    ];
    for (const view of [viewOf(base, delta), viewOf(lazily(base), delta)]) {
      for (const f of filters) {
        const scan = compileFilter(view, f, null);
        const want = view.parts.map(({ seg, dead }, pi) => Array.from({ length: seg.n }, (_, d) => d).filter((d) => !dead?.[d] && scan(pi, d)));
        const got = filterMatches(view, f);
        // A tag with no indexed word (null): the caller scans. Any other answer must be the scan's.
        if (f.tags.some((t) => t === 'c++' || t === 'the') && got === null) continue;
        expect(got).not.toBeNull();
        expect(got!.map((m) => [...m.docs])).toEqual(want);
        expect(got!.map((m) => [...m.ts])).toEqual(want.map((ds, pi) => ds.map((d) => view.parts[pi].seg.ts[d])));
      }
    }
    // Over a lazily opened base: the columns a scan reads whole stay unread.
    const lazy = lazily(base);
    const view = viewOf(lazy, null);
    expect(filterMatches(view, { tags: ['ci', 'rate'], category: 'ops', priority: 'low' })!.length).toBe(1);
    for (const col of ['tagOff_', 'tagIds_', 'ts_', 'cat_', 'prio_']) expect((lazy as unknown as Record<string, unknown>)[col], col).toBeUndefined();
  });
});

describe('bounded ranking', () => {
  const base = segmentOf(corpus(11, 3000, 0, 0.1), { kind: 'base' });
  const delta = segmentOf(corpus(12, 200, 3000, 0.1), { kind: 'delta', removed: Array.from({ length: 150 }, (_, i) => i * 19), baseBuild: base.build });
  const views = [viewOf(base, null), viewOf(base, delta), viewOf(lazily(base), delta)];

  it('gives the same page, total and confident count as scoring every document, with and without filters', () => {
    // The lazily opened base streams a one-word query's postings: in chunks of 97, edges crossed.
    const chunk = SegmentFile.postingChunk;
    SegmentFile.postingChunk = 97;
    onTestFinished(() => void (SegmentFile.postingChunk = chunk));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: VOCAB.length - 1 })), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(1, 3, 10, 20),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(0, 0.5, 1),
        fc.constantFrom<NormalizedFilter>({ tags: [] }, { tags: ['t1'] }, { tags: [], priority: 'high' }, { tags: ['t2'], after: Date.UTC(2025, 0, 2) }, { tags: [], category: 'general', since: NOW - 3 * 86_400_000 }),
        (words, limit, v, coord, filter) => {
          const text = words.map((i) => VOCAB[i]).join(' ');
          const params = { ...DEFAULT_BM25, coord };
          const full = rank(views[v], text, filter, limit, DEFAULT_WEIGHTS, NOW, { ...params, prune: false });
          const fast = rankBounded(views[v], queryTerms(text), limit, DEFAULT_WEIGHTS, NOW, { ...params, prune: true }, text, undefined, compileFilter(views[v], filter));
          expect(fast).toEqual(full);
          // rank() takes a bounded path from 10,000 documents only, and agrees either way.
          expect(rank(views[v], text, filter, limit, DEFAULT_WEIGHTS, NOW, { ...params, prune: true })).toEqual(full);
        },
      ),
      { numRuns: runs(400), seed: 40 },
    );
  });

  it('with tags and a category the query names: the same page, total and confident count as scoring every document', () => {
    // Tags and categories that are words of the vocabulary (common and rare ones), so that queries name them.
    const labelled = (seed: number, n: number, from: number) =>
      corpus(seed, n, from, 0.1).map((d, k) => ({
        ...d,
        // "generator" and "general" are one term to the index ("gener") and different values: a
        // posting of that term counts only for the label the query names.
        tags: k % 3 ? [VOCAB[k % 7], ...(k % 4 ? [] : [VOCAB[200 + (k % 5)]]), ...(k % 11 ? [] : ['generator'])] : [`t${k % 5}`],
        category: k % 2 ? VOCAB[1 + (k % 3)] : k % 13 ? 'general' : 'generators',
        content: k % 17 ? d.content : `${d.content} general`,
      }));
    const lb = segmentOf(labelled(21, 3000, 0), { kind: 'base' });
    const ld = segmentOf(labelled(22, 200, 3000), { kind: 'delta', removed: Array.from({ length: 150 }, (_, i) => i * 19), baseBuild: lb.build });
    const lviews = [viewOf(lb, null), viewOf(lb, ld), viewOf(lazily(lb), ld)];
    const weights = [DEFAULT_WEIGHTS, { ...DEFAULT_WEIGHTS, tagMatch: 0.2, categoryMatch: 9 }, { ...DEFAULT_WEIGHTS, tagMatch: -1, categoryMatch: -0.5 }];
    let named = 0;
    let all = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 198, max: 206 }), fc.integer({ min: 0, max: VOCAB.length - 1 })), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(1, 3, 10, 20),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom<NormalizedFilter>({ tags: [] }, { tags: [VOCAB[3]] }, { tags: [], priority: 'high' }),
        fc.constantFrom('', ' general', ' generator', ' generators'),
        (words, limit, v, wi, filter, extra) => {
          const text = words.map((i) => VOCAB[i]).join(' ') + extra;
          all++;
          if (words.some((i) => i <= 6 || (i >= 200 && i <= 204))) named++;
          const full = rank(lviews[v], text, filter, limit, weights[wi], NOW, { ...DEFAULT_BM25, prune: false });
          expect(rank(lviews[v], text, filter, limit, weights[wi], NOW, { ...DEFAULT_BM25, prune: true })).toEqual(full);
        },
      ),
      { numRuns: runs(400), seed: 41 },
    );
    // Not vacuous: most queries name a tag or a category.
    expect(named).toBeGreaterThan(all / 2);
  });

  it('a segment that lists a named tag twice for one document: counted once, the same page as scoring every document', () => {
    // Files give each tag once (normalizeTags); a segment file is read as it is. Twenty documents
    // whose content scores higher, and one whose content scores lower but lists the named tag twice.
    const b = new SegmentBuilder();
    const add = (id: string, content: string, tags: string[]) => b.add({ id, path: `memories/2026-01/0/${id}.md`, oid: id.padStart(40, '0'), timestamp: Date.UTC(2026, 0, 1), priority: 'medium', category: 'general', tags, content });
    for (let i = 0; i < 20; i++) add(`mem_a${i}`, 'alpha '.repeat(8), ['deploy']);
    add('mem_b', `alpha ${'filler '.repeat(40)}`, ['deploy', 'deploy']);
    for (let i = 0; i < 50; i++) add(`mem_z${i}`, 'beta gamma', ['x']);
    const v = viewOf(b.finish({ kind: 'base', tree: 'c'.repeat(40), removed: [], baseBuild: null, baseTree: null }), null);
    for (const tagMatch of [1.5, 5, 20]) {
      const w = { ...DEFAULT_WEIGHTS, tagMatch };
      const full = rank(v, 'alpha deploy', { tags: [] }, 1, w, NOW, { ...DEFAULT_BM25, prune: false });
      expect(rank(v, 'alpha deploy', { tags: [] }, 1, w, NOW, { ...DEFAULT_BM25, prune: true })).toEqual(full);
      // One tag's boost, not two: the twenty documents whose content scores higher keep the page.
      expect(full.ranked[0].doc).toBeLessThan(20);
    }
  });

  it('reads the lengths and times of the candidates for the page only, not the whole columns', () => {
    const seg = segmentOf(corpus(13, 20_000, 0, 0.1), { kind: 'base' });
    const file = join(tempDir(), 'search.base');
    writeDocBounds(file, seg);
    const lazy = lazily(seg);
    const view = viewOf(lazy, null);
    // The bounds come from the file kept beside the base, as index.ts gives them.
    view.boundsSource = (s) => readDocBounds(file, s);
    const texts = [VOCAB[0], VOCAB[1], `${VOCAB[0]} ${VOCAB[1]}`, `${VOCAB[2]} ${VOCAB[300]}`];
    // Postings streamed in chunks of 1,000 (at most 65,536 in use): a one-word query crosses their edges.
    const chunk = SegmentFile.postingChunk;
    SegmentFile.postingChunk = 1000;
    const fast: Array<ReturnType<typeof rankBounded>> = [];
    try {
      for (const text of texts.slice(0, 2)) fast.push(rankBounded(view, queryTerms(text), 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: true }));
      // One word: its postings streamed, never read whole (nor the dictionary's offsets).
      for (const col of ['len_', 'ts_', 'postOff_', 'postDoc_', 'postTf_']) expect((lazy as unknown as Record<string, unknown>)[col], col).toBeUndefined();
      for (const text of texts.slice(2)) fast.push(rankBounded(view, queryTerms(text), 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: true }));
    } finally {
      SegmentFile.postingChunk = chunk;
    }
    for (const col of ['len_', 'ts_', 'postOff_']) expect((lazy as unknown as Record<string, unknown>)[col], col).toBeUndefined();
    texts.forEach((text, i) => {
      expect(fast[i]).not.toBeNull();
      expect(fast[i]!.total).toBeGreaterThan(3_000);
      expect(rank(view, text, { tags: [] }, 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: false })).toEqual(fast[i]);
    });
  });

  it('takes its bounds from the per-document lengths and block times: planted too low, the page is wrong', () => {
    // Not vacuous: the bound of a common word's documents is their length and recency. Documents
    // claimed longer and older than they are bound below their score and are never scored.
    const seg = segmentOf(corpus(14, 3000, 0, 0.1), { kind: 'base' });
    const view = viewOf(seg, null);
    const text = VOCAB[0];
    const full = rank(view, text, { tags: [] }, 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: false });
    expect(rankBounded(view, queryTerms(text), 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: true })).toEqual(full);
    const planted = viewOf(seg, null);
    planted.boundsSource = (s) => {
      const b = computeDocBounds(s);
      for (const d of full.ranked.map((r) => r.doc)) b.lenCode[d] = 255;
      return { lenCode: b.lenCode, tsMax: b.tsMax.map(() => -Infinity) };
    };
    const wrong = rankBounded(planted, queryTerms(text), 10, DEFAULT_WEIGHTS, NOW, { ...DEFAULT_BM25, prune: true });
    expect(wrong!.total).toBe(full.total);
    expect(wrong!.ranked).not.toEqual(full.ranked);
  });

  it('codes a length in one byte that never exceeds it, within 1/16 of it', () => {
    for (let len = 0; len < 300_000; len += len < 5000 ? 1 : 97) {
      const c = lengthCode(len);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(255);
      expect(codeLength(c)).toBeLessThanOrEqual(len);
      if (len < 64) expect(codeLength(c)).toBe(len);
      else if (len < 1 << 18) expect(codeLength(c)).toBeGreaterThan(len * (15 / 16));
    }
  });

  it('keeps the bounds beside a base: read back as written, ignored for another build or a damaged file', () => {
    const seg = segmentOf(corpus(15, 2500, 0, 0.1), { kind: 'base' });
    const other = segmentOf(corpus(15, 2500, 0, 0.1), { kind: 'base' });
    const file = join(tempDir(), 'search.base');
    expect(readDocBounds(file, seg)).toBeNull();
    writeDocBounds(file, seg);
    const want = computeDocBounds(seg);
    const got = readDocBounds(file, seg)!;
    expect([...got.lenCode]).toEqual([...want.lenCode]);
    expect([...got.tsMax]).toEqual([...want.tsMax]);
    expect(got.tsMax.length).toBe(3);
    // Another build of the same documents, or the file cut short: not this segment's.
    expect(readDocBounds(file, other)).toBeNull();
    const bfile = join(file, '..', 'bounds-search.base');
    const fd = openSync(bfile, 'r+');
    ftruncateSync(fd, fstatSync(fd).size - 8);
    closeSync(fd);
    expect(readDocBounds(file, seg)).toBeNull();
  });
});
