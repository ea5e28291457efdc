import { queryTerms } from './analyze.js';
import type { IndexView } from './index-view.js';
import { CONTENT_FIELD, labelValueMatch, termWords } from './label-match.js';
import { FIELDS } from './segment.js';
import { idf, termInformation, termPostings } from './terms.js';

/**
 * BM25 of a query against every live document of an index view, with each match's coverage (the
 * share of the query's information it holds): the scoring every full-text ranking and hybrid search's
 * full-text side start from, and its constants (lunr's, which the reference test checks, and the
 * defaults chosen on LoCoMo). Pure: no git, no files.
 */

const NF = FIELDS.length;

/**
 * BM25 constants. lunr's defaults are k1 = 1.2, b = 0.75, idf exponent 1, no coordination; the
 * defaults below were chosen on LoCoMo (BENCHMARKS.md): memories are short passages, for which a
 * lower k1 and b are the usual choice (Anserini uses 0.9 / 0.4), and a coordination factor plus a
 * steeper idf favour memories that contain more of the question's rarer words.
 */
export interface Bm25Params {
  k1: number;
  b: number;
  /** Field boosts: content, tags, category. */
  boost: [content: number, tags: number, category: number];
  /** Coordination: scores are multiplied by (matched query terms / query terms) ^ coord. 0 = off. */
  coord?: number;
  /** Exponent of the idf (1 = plain BM25). */
  idfPow?: number;
  /** false: never take the pruned ranking; true: take it on small indexes too (tests compare the two). */
  prune?: boolean;
}
export const LUNR_BM25: Bm25Params = { k1: 1.2, b: 0.75, boost: [1, 1, 1], coord: 0, idfPow: 1 };
export const DEFAULT_BM25: Bm25Params = { k1: 0.6, b: 0.3, boost: [1, 1, 1], coord: 0.5, idfPow: 1.5 };

/** A document address: part index and document number in that part. */
export interface Hit {
  part: number;
  doc: number;
  score: number;
  /** The share of the query's information the document holds, 0-1 (see {@link termInformation}). */
  coverage: number;
}

/**
 * BM25 of `text` against every live document (summed over content, tags and category): the
 * documents with a score above 0. Equal results whether the index is one segment or base + delta,
 * since document frequencies count live postings only.
 */
export function textScores(view: IndexView, text: string, params: Bm25Params = DEFAULT_BM25): Hit[] {
  const out: Hit[] = [];
  eachTextScore(view, text, params, (part, doc, score, coverage) => out.push({ part, doc, score, coverage }));
  return out;
}

/**
 * {@link textScores} without a result array: `visit` is called once per matching document. A query
 * with a common word matches most of a large branch (600,000 documents of 1,000,000), where an
 * object per match was most of a search's time and garbage.
 */
export function eachTextScore(view: IndexView, text: string, params: Bm25Params, visit: (part: number, doc: number, score: number, coverage: number) => void): void {
  const qterms = queryTerms(text);
  if (!qterms.length || !view.n) return;
  const { k1, b, boost } = params;
  const keys = qterms;
  const scratch = view.borrowScratch();
  const touched: Array<number[]> = view.parts.map(() => []);
  const coord = params.coord ?? 0;
  const matched = view.borrowCounts();
  const postings = keys.map((key) => termPostings(view, key));
  const info = termInformation(qterms, postings.map((p) => p.df), view.n, text);
  const mass = info.reduce((a, x) => a + x, 0);
  const covered = view.borrowCoverage();
  const qwords = termWords(text, qterms);
  for (let qi = 0; qi < keys.length; qi++) {
    const { lists, df } = postings[qi];
    if (!df) continue;
    const w = Math.pow(idf(df, view.n), params.idfPow ?? 1);
    const share = mass > 0 ? info[qi] / mass : 0;
    view.parts.forEach(({ seg, dead }, pi) => {
      const list = lists[pi];
      if (!list) return;
      const scores = scratch[pi];
      const tl = touched[pi];
      for (let p = 0; p < list.doc.length; p++) {
        const d = list.doc[p];
        if (dead?.[d]) continue;
        let s = 0;
        for (let f = 0; f < NF; f++) {
          const tf = list.tf[p * NF + f];
          if (!tf || (f !== CONTENT_FIELD && !labelValueMatch(seg, d, f, qwords[qi]))) continue;
          const norm = 1 - b + (b * seg.len[d * NF + f]) / view.avgLen[f];
          s += (boost[f] * ((k1 + 1) * tf)) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        if (scores[d] === 0) tl.push(d);
        scores[d] += w * s;
        matched[pi][d]++;
        covered[pi][d] += share;
      }
    });
  }
  touched.forEach((tl, pi) => {
    const scores = scratch[pi];
    const cov = covered[pi];
    for (const d of tl) {
      if (scores[d] > 0) visit(pi, d, coord ? scores[d] * Math.pow(matched[pi][d] / keys.length, coord) : scores[d], Math.min(1, cov[d]));
      scores[d] = 0;
      matched[pi][d] = 0;
      cov[d] = 0;
    }
  });
}
