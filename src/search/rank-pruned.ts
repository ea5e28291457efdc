import { MIN_COVERAGE } from './confidence.js';
import type { Bm25Params } from './bm25.js';
import type { IndexView } from './index-view.js';
import { CATEGORY_FIELD, CONTENT_FIELD, labelValueMatch, TAGS_FIELD, termWords } from './label-match.js';
import { boostOf, keepBest, pageOrder, round, type Ranked, type Weights } from './rank-order.js';
import { FIELDS, gatherValues } from './segment.js';
import { idf, termInformation, termPostings } from './terms.js';

/**
 * The pruned ranking of a query with rare and common words (engine.ts `rank` takes it on large,
 * unfiltered indexes): only the documents holding a rare word are scored, the others counted, when
 * no document holding only common words can reach the page. Same page, total and confident count as
 * scoring every match (test/search/pruned-rank.test.ts). Pure: no git, no files.
 */

const NF = FIELDS.length;

/**
 * The ranking of a query that has rare words and common ones, without scoring every document that
 * holds a common word. The documents holding a rare word (the candidates) are scored exactly as
 * {@link rank} scores them; a document holding only common words can score at most a bound computed
 * from the common words' highest term frequencies, the shortest possible document and the largest
 * priority and recency boosts. When the page's last candidate scores above that bound, no such
 * document can enter the page, so they are only counted (for `total`). At 1,000,000 memories a query
 * with a word in 15% of them and one in 1% scored 160,000 documents and read the whole length and
 * time columns; this scores 9,000 and reads their values one by one. Null when the conditions do not
 * hold (filters, a tag or category named by the query, no rare word, or a bound the page does not
 * clear): the caller ranks as usual. Results are the same either way (test/search/pruned-rank.test.ts).
 */
export function rankPruned(view: IndexView, qterms: string[], limit: number, w: Weights, now: number, params: Bm25Params, text = qterms.join(' '), minCoverage = MIN_COVERAGE): { ranked: Ranked[]; total: number; confident: number } | null {
  const N = view.n;
  // Below 10,000 documents scoring all of them is cheap (`prune: true` forces it, for tests).
  if (qterms.length < 2 || limit <= 0 || (N < 10_000 && params.prune !== true)) return null;
  const { k1, b, boost } = params;
  // The bound assumes BM25's usual shape: non-negative weights, 0 <= b <= 1.
  if (!(b >= 0 && b <= 1 && k1 >= 0 && boost.every((x) => x >= 0) && w.contentMatch >= 0)) return null;
  const coord = params.coord ?? 0;
  type Term = { lists: Array<{ doc: Uint32Array; tf: Uint8Array } | null>; df: number; w: number };
  const terms: Term[] = qterms.map((t) => {
    const { lists, df } = termPostings(view, t);
    return { lists, df, w: df ? Math.pow(idf(df, N), params.idfPow ?? 1) : 0 };
  });
  const info = termInformation(qterms, terms.map((t) => t.df), N, text);
  const mass = info.reduce((a, x) => a + x, 0);
  const qwords = termWords(text, qterms);
  // Rare: together in at most 2% of the documents; common: the others (at least one of each).
  const byDf = terms.map((t, i) => i).sort((x, y) => terms[x].df - terms[y].df);
  const rare = new Set<number>();
  let candidatesAtMost = 0;
  for (const i of byDf) {
    if (!terms[i].df) continue;
    if (candidatesAtMost + terms[i].df > N / 50) break;
    candidatesAtMost += terms[i].df;
    rare.add(i);
  }
  const common = terms.map((t, i) => i).filter((i) => !rare.has(i) && terms[i].df > 0);
  if (!rare.size || !common.length) return null;
  // A document holding only common words is never confident when they carry less than the
  // confident share of the query's information; otherwise it would have to be counted one by one.
  if (mass > 0 && common.reduce((a, i) => a + info[i], 0) / mass >= minCoverage) return null;
  // The most a document holding only common words can reach.
  let bm25Bound = 0;
  for (const i of common) {
    const tfMax = [0, 0, 0];
    terms[i].lists.forEach((list) => {
      if (!list) return;
      for (let p = 0; p < list.tf.length; p++) if (list.tf[p] > tfMax[p % NF]) tfMax[p % NF] = list.tf[p];
    });
    let s = 0;
    for (let f = 0; f < NF; f++) if (tfMax[f]) s += (boost[f] * ((k1 + 1) * tfMax[f])) / (k1 * (1 - b) + tfMax[f]);
    bm25Bound += terms[i].w * s;
  }
  if (coord) bm25Bound *= Math.pow(common.length / qterms.length, coord);
  const maxBase = Math.max(w.priority.low, w.priority.medium, w.priority.high, 0) + Math.max(0, w.recencyPerDay * w.recencyDays);
  const bound = w.contentMatch * bm25Bound + maxBase;

  type Item = Ranked & { ts: number };
  const top: Item[] = [];
  const cmp = pageOrder<Item>(view);
  let total = 0;
  let confident = 0;
  for (let pi = 0; pi < view.parts.length; pi++) {
    const { seg, dead } = view.parts[pi];
    // 1: candidate, 2: counted (holds only common words).
    const mark = new Uint8Array(seg.n);
    const cands: number[] = [];
    for (const i of rare) {
      const list = terms[i].lists[pi];
      if (!list) continue;
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d] || mark[d]) continue;
        mark[d] = 1;
        cands.push(d);
      }
    }

    cands.sort((x, y) => x - y);
    const slot = new Map<number, number>();
    cands.forEach((d, k) => slot.set(d, k));
    const score = new Float64Array(cands.length);
    const matched = new Uint16Array(cands.length);
    const covered = new Float64Array(cands.length);
    // The candidates' lengths, times and priorities, gathered in document order.
    const lenIdx = new Float64Array(cands.length * NF);
    cands.forEach((d, k) => {
      for (let f = 0; f < NF; f++) lenIdx[k * NF + f] = d * NF + f;
    });
    const lens = gatherValues(seg, 'len', lenIdx);
    const times = gatherValues(seg, 'ts', cands);
    const prios = gatherValues(seg, 'prio', cands);
    // In query order, as rank adds them: the same sums to the last bit.
    for (let i = 0; i < terms.length; i++) {
      const list = terms[i].lists[pi];
      if (!list || !terms[i].df) continue;
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d]) continue;
        if (mark[d] !== 1) {
          // A label-only posting counts when the label holds the word as a value, as in rank.
          if (!mark[d] && (list.tf[p * NF + CONTENT_FIELD] > 0 || labelValueMatch(seg, d, TAGS_FIELD, qwords[i]) || labelValueMatch(seg, d, CATEGORY_FIELD, qwords[i]))) {
            mark[d] = 2;
            total++;
          }
          continue;
        }
        const k = slot.get(d) as number;
        let s = 0;
        for (let f = 0; f < NF; f++) {
          const tf = list.tf[p * NF + f];
          if (!tf || (f !== CONTENT_FIELD && !labelValueMatch(seg, d, f, qwords[i]))) continue;
          const norm = 1 - b + (b * lens[k * NF + f]) / view.avgLen[f];
          s += (boost[f] * ((k1 + 1) * tf)) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        score[k] += terms[i].w * s;
        matched[k]++;
        covered[k] += mass > 0 ? info[i] / mass : 0;
      }
    }
    for (let k = 0; k < cands.length; k++) {
      const d = cands[k];
      if (!(score[k] > 0)) continue;
      total++;
      if (round(Math.min(1, covered[k])) >= minCoverage) confident++;
      const sc = coord ? score[k] * Math.pow(matched[k] / qterms.length, coord) : score[k];
      const ts = times[k];
      // rank's sum with no tag or category named (tagHits and catHit are 0), term for term: the same
      // relevance to the last bit.
      const relevance = round(w.contentMatch * sc + w.tagMatch * 0 + w.categoryMatch * 0 + boostOf(prios[k], ts, w, now));
      if (top.length >= limit && relevance < top[top.length - 1].relevance) continue;
      keepBest(top, { part: pi, doc: d, relevance, ts, coverage: round(Math.min(1, covered[k])) }, limit, cmp);
    }
  }
  // Every page entry must beat anything a common-only document could score, ties included.
  if (top.length < limit || !(top[top.length - 1].relevance > bound + 1e-3)) return null;
  return { ranked: top.map(({ part, doc, relevance, coverage }) => ({ part, doc, relevance, coverage })), total, confident };
}
