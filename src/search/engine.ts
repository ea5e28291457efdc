import { queryTerms } from './analyze.js';
import { DEFAULT_BM25, eachTextScore, type Bm25Params } from './bm25.js';
import { MIN_COVERAGE } from './confidence.js';
import { compileFilter, noFilter, type NormalizedFilter } from './filter.js';
import type { IndexView } from './index-view.js';
import { gatherTags, gatherValues } from './segment.js';
import { nameMatches, valueWords } from './label-match.js';
import { rankBounded, type LabelBonus } from './rank-bounded.js';
import { baseBoost, bestOf, keepBest, newestFirst, round, type Ranked, type Weights } from './rank-order.js';
import { rankPruned } from './rank-pruned.js';

/**
 * The full-text ranking of one query over a base segment and its delta: the page, the total and how
 * many matches are confident. It picks the way to rank: newest first without text, the pruned
 * (rank-pruned.ts) or bounded (rank-bounded.ts) ranking on large indexes, else every match scored
 * (bm25.ts) with the seed's boosts (rank-order.ts) and the tags and categories the query names
 * (label-match.ts), over the documents that pass the filters (filter.ts). Everything here and in
 * those files is pure: no git, no files, no CLI, so hybrid search reuses the scoring and the
 * filters on their own.
 */

/**
 * The ranking. With text: relevance = contentMatch × BM25 + tagMatch × (tags named by the query)
 * + categoryMatch × (category named by the query) + priority boost + recency boost, over documents
 * with BM25 > 0 that pass the filters; best first, ties newest first. Without text: every document
 * passing the filters, newest first, relevance = priority boost + recency boost.
 */
export function rank(view: IndexView, text: string, filter: NormalizedFilter, limit: number, w: Weights, now: number, params: Bm25Params = DEFAULT_BM25, minCoverage = MIN_COVERAGE): { ranked: Ranked[]; total: number; confident: number } {
  const pass = compileFilter(view, filter);
  const hasText = queryTerms(text).length > 0;
  const candidates: Ranked[] = [];
  if (!hasText && limit <= SMALL_PAGE) {
    // A page of the newest: kept in order as the documents stream by (one comparison of times for
    // most), the boosts computed for the page only. Collecting every document first made a query of
    // stop words over 1,000,000 memories allocate a million objects and sort them.
    const newest = newestFirst(view);
    const top: Ranked[] = [];
    let total = 0;
    view.parts.forEach(({ seg, dead }, pi) => {
      const ts = seg.ts;
      for (let d = 0; d < seg.n; d++) {
        if (dead?.[d] || !pass(pi, d)) continue;
        total++;
        if (top.length >= limit) {
          const last = top[top.length - 1];
          if (ts[d] < view.parts[last.part].seg.ts[last.doc]) continue;
        }
        keepBest(top, { part: pi, doc: d, relevance: 0 }, limit, newest);
      }
    });
    for (const r of top) r.relevance = round(baseBoost(view.parts[r.part].seg, r.doc, w, now));
    return { ranked: top, total, confident: total };
  }
  if (!hasText) {
    view.parts.forEach(({ seg, dead }, pi) => {
      for (let d = 0; d < seg.n; d++) {
        if (dead?.[d] || !pass(pi, d)) continue;
        candidates.push({ part: pi, doc: d, relevance: round(baseBoost(seg, d, w, now)) });
      }
    });
    return { ranked: bestOf(candidates, limit, newestFirst(view)), total: candidates.length, confident: candidates.length };
  }
  const qterms = queryTerms(text);
  const qset = new Set(valueWords(text));
  // Whether each tag / category name is named by the query: 0 unknown, 1 no, 2 yes.
  const nameCache = view.parts.map(({ seg }) => ({ tags: new Uint8Array(seg.tags.length), cats: new Uint8Array(seg.cats.length) }));
  const named = (pi: number, kind: 'tags' | 'cats', i: number) => {
    const cache = nameCache[pi][kind];
    if (!cache[i]) cache[i] = nameMatches(view.parts[pi].seg[kind][i], qset) ? 2 : 1;
    return cache[i] === 2;
  };
  // Whether any tag / category of a part is named by the query at all (a handful of names): when none
  // is, the per-document tag and category columns are never read (12 MB at 1,000,000 memories, on a
  // machine where each fresh MB costs ~7 ms).
  const anyNamed = view.parts.map(({ seg }, pi) => ({
    tags: seg.tags.some((_, i) => named(pi, 'tags', i)),
    cats: seg.cats.some((_, i) => named(pi, 'cats', i)),
  }));
  const unfiltered = noFilter(filter);
  if (limit <= SMALL_PAGE && params.prune !== false) {
    const labelled = anyNamed.some((a) => a.tags || a.cats);
    const pruned = (unfiltered && !labelled ? rankPruned(view, qterms, limit, w, now, params, text, minCoverage) : null) ?? rankBounded(view, qterms, limit, w, now, params, text, minCoverage, unfiltered ? null : pass, labelled ? labelBonus(view, w, anyNamed, named) : null);
    if (pruned) return pruned;
  }
  const newest = newestFirst(view);
  const cmp = (a: Ranked, b: Ranked) => b.relevance - a.relevance || newest(a, b);
  // The best `limit` kept in order as matches stream by: a match below the current last one costs
  // one comparison of numbers and no allocation.
  const top: Ranked[] = [];
  let total = 0;
  let confident = 0;
  const tagStamps: Array<Uint32Array | undefined> = [];
  eachTextScore(view, text, params, (part, doc, score, cov) => {
    if (!pass(part, doc)) return;
    total++;
    const seg = view.parts[part].seg;
    let tagHits = 0;
    if (anyNamed[part].tags) {
      // Each named tag once, even from a segment that lists it twice for one document.
      const stamp = (tagStamps[part] ??= new Uint32Array(seg.tags.length));
      for (let i = seg.tagOff[doc]; i < seg.tagOff[doc + 1]; i++) {
        const t = seg.tagIds[i];
        if (stamp[t] !== doc + 1 && named(part, 'tags', t)) (stamp[t] = doc + 1), tagHits++;
      }
    }
    const catHit = anyNamed[part].cats && named(part, 'cats', seg.cat[doc]) ? 1 : 0;
    const relevance = round(w.contentMatch * score + w.tagMatch * tagHits + w.categoryMatch * catHit + baseBoost(seg, doc, w, now));
    // A tag or category the query names covers the words it holds, like content does (an auto-tag
    // "difference" does not make a memory the answer to every question about a difference).
    const coverage = round(cov);
    if (coverage >= minCoverage) confident++;
    if (limit > SMALL_PAGE) return void candidates.push({ part, doc, relevance, coverage });
    // Below the current last one: one comparison of numbers, no object.
    if (top.length >= limit && relevance < top[top.length - 1].relevance) return;
    keepBest(top, { part, doc, relevance, coverage }, limit, cmp);
  });
  return { ranked: limit > SMALL_PAGE ? bestOf(candidates, limit, cmp) : top, total, confident };
}

/**
 * The boosts of the tags and category the query names, for the bounded ranking: the bound of a part
 * is `w.tagMatch` per named tag of its table (a document counts each tag once) plus `w.categoryMatch`
 * when a category is named; a scored document's own tags and category are read by block for it alone
 * (the tag and category columns of a million documents are 12 MB).
 */
function labelBonus(view: IndexView, w: Weights, anyNamed: Array<{ tags: boolean; cats: boolean }>, named: (pi: number, kind: 'tags' | 'cats', i: number) => boolean): LabelBonus {
  const namedTags = view.parts.map(({ seg }, pi) => (anyNamed[pi].tags ? seg.tags.filter((_, i) => named(pi, 'tags', i)).length : 0));
  return {
    most: (pi) => Math.max(0, w.tagMatch) * namedTags[pi] + (anyNamed[pi].cats ? Math.max(0, w.categoryMatch) : 0),
    hits: (pi, docs) => {
      const seg = view.parts[pi].seg;
      const tags = new Float64Array(docs.length);
      const cat = new Float64Array(docs.length);
      if (anyNamed[pi].tags) {
        const { from, ids } = gatherTags(seg, docs);
        // Each named tag once per document (as rank counts them), so `most` bounds the count.
        const stamp = new Uint32Array(seg.tags.length);
        for (let j = 0; j < docs.length; j++) {
          for (let k = from[j]; k < from[j + 1]; k++) {
            const t = ids[k];
            if (stamp[t] !== j + 1 && named(pi, 'tags', t)) (stamp[t] = j + 1), tags[j]++;
          }
        }
      }
      if (anyNamed[pi].cats) {
        const cats = gatherValues(seg, 'cat', docs);
        for (let j = 0; j < docs.length; j++) cat[j] = named(pi, 'cats', cats[j]) ? 1 : 0;
      }
      return { tags, cat };
    },
  };
}

/** Pages up to this size are kept by insertion as matches stream by; larger ones are sorted at the end. */
const SMALL_PAGE = 256;
