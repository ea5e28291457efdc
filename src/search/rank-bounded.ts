import { MIN_COVERAGE } from './confidence.js';
import type { Bm25Params } from './bm25.js';
import { BOUND_SHIFT, codeLength } from './doc-bounds.js';
import type { IndexView } from './index-view.js';
import { CATEGORY_FIELD, CONTENT_FIELD, labelAlwaysMatches, labelValueMatch, TAGS_FIELD, termWords } from './label-match.js';
import { boostOf, DAY, keepBest, pageOrder, round, type Ranked, type Weights } from './rank-order.js';
import { eachPostingChunk, FIELDS, gatherValues, type Segment } from './segment.js';
import { idf, termInformation, termPostings } from './terms.js';

/**
 * The bounded ranking (engine.ts `rank` takes it on large indexes for a page of at most 256): one
 * merge of the query's postings bounds every match's score, and only the matches whose bound reaches
 * the page are scored exactly. Same page, total and confident count as scoring every match
 * (test/search/pruned-rank.test.ts). Pure: no git, no files.
 */

const NF = FIELDS.length;

/** No term frequencies (an argument not used). */
const NO_TF = new Uint8Array(NF);

/** Documents from which {@link rankBounded} is taken for a query whose postings are few (see there). */
const BOUNDED_FROM = 250_000;
/** Documents from which {@link rankBounded} is taken for a query whose postings cover an eighth of them. */
const TIGHT_FROM = 20_000;
/** Most names in a tag or category table for a query term to be checked against the whole table at once. */
const ALWAYS_TABLE = 2_000;

/**
 * The boosts of the tags and category a query names (engine.ts `rank`: `w.tagMatch` per named tag a
 * document holds, `w.categoryMatch` when its category is named).
 */
export interface LabelBonus {
  /** The most a document of part `pi` can gain: a bound, never below what any document gains. */
  most(pi: number): number;
  /** For documents `docs` (ascending) of part `pi`: how many named tags each holds, and whether its category is named (1 or 0). */
  hits(pi: number, docs: ArrayLike<number>): { tags: ArrayLike<number>; cat: ArrayLike<number> };
}

/**
 * The ranking of a query whose words are all common (or any query `rankPruned` (rank-pruned.ts) declines),
 * without reading the length and time columns of every matching document. A merge of the query's
 * postings gives each matching document its exact set of matched terms and so its coverage (`total`
 * and `confident` are exact) and an upper bound of its score; only the documents whose bound reaches
 * the page are scored exactly, their lengths and times read by block. Only documents that `pass` (the
 * query's filters) are matches. Tags and categories the query names (`labels`) add their boosts to a
 * document's relevance as in rank; every bound holds the most a document of its part can gain from
 * them, and a scored document gains exactly what its own tags and category give. Null when the
 * conditions do not hold (at most 8 query terms, BM25's usual shape): the caller ranks as usual.
 *
 * Two ways to bound, by how many postings the query has:
 * - **Many** (at least an eighth of the documents; from {@link TIGHT_FROM} documents): the bound of
 *   a document holds its term frequencies over its content length as coded in its
 *   `DocBounds` (doc-bounds.ts) (never longer than it is), its priority and the recency boost of the latest
 *   time in its block of documents: for most documents, their score. Nothing is kept per posting:
 *   a first merge counts the matches and builds a histogram of the bounds, which gives the bound
 *   ~4 × page documents reach; a second merge scores the documents at or above it; further merges
 *   take the documents between the page's last relevance (minus 0.001) and the previous line, until
 *   none can reach the page.
 * - **Few** (from {@link BOUNDED_FROM} documents): one merge keeps each match with a bound from its
 *   term frequencies over the shortest possible document, its priority and the largest recency
 *   boost, then the ~4 × page best bounds are scored, and so on down to the page's last relevance.
 *
 * Results are the same either way (test/search/pruned-rank.test.ts).
 */
export function rankBounded(view: IndexView, qterms: string[], limit: number, w: Weights, now: number, params: Bm25Params, text = qterms.join(' '), minCoverage = MIN_COVERAGE, pass: ((part: number, doc: number) => boolean) | null = null, labels: LabelBonus | null = null): { ranked: Ranked[]; total: number; confident: number } | null {
  const N = view.n;
  // A set of matched terms is a bit each (8 at most: longer queries rank as usual).
  if (!qterms.length || qterms.length > 8 || limit <= 0) return null;
  const { k1, b, boost } = params;
  // The bound and the "matched" test assume BM25's usual shape: positive boosts, 0 <= b <= 1.
  if (!(b >= 0 && b <= 1 && k1 >= 0 && boost.every((x) => x > 0) && w.contentMatch >= 0)) return null;
  const coord = params.coord ?? 0;
  // The postings themselves are read when a pass needs them (a one-word query streams them).
  const terms = qterms.map((t) => {
    const tp = termPostings(view, t);
    return {
      tids: tp.tids,
      counts: tp.counts,
      get lists() {
        return tp.lists;
      },
      df: tp.df,
      w: tp.df ? Math.pow(idf(tp.df, N), params.idfPow ?? 1) : 0,
    };
  });
  let postings = 0;
  for (const t of terms) for (const c of t.counts) postings += c;
  // A block's latest time bounds the recency boost only when a later time never boosts less.
  const tight = postings * 8 >= N && w.recencyPerDay >= 0;
  // Below these sizes scoring every match measured as fast or faster (at 100,000 the few-postings
  // bound, 0.30 s of CPU against 0.20 s for the most common word: the columns are small and the pick
  // of tied bounds is not). `prune: true` takes this path on any index (tests).
  if (N < (tight ? TIGHT_FROM : BOUNDED_FROM) && params.prune !== true) return null;
  const info = termInformation(qterms, terms.map((t) => t.df), N);
  const mass = info.reduce((a, x) => a + x, 0);
  const qwords = termWords(text, qterms);
  // Per part and term, per label field: whether every label the index holds under the term is one
  // the query names as a value (then no document's labels are read to know that its posting counts).
  // Worked out on the first label posting that needs it, and only for a table of at most
  // ALWAYS_TABLE names: a larger one (distinct tags are unbounded) is read per document instead.
  const always = new Map<number, boolean>();
  const labelMatch = (pi: number, seg: Segment, d: number, f: number, i: number) => {
    const key = (pi * 8 + i) * NF + f;
    let all = always.get(key);
    if (all === undefined) {
      const table = f === TAGS_FIELD ? seg.tags : seg.cats;
      all = table.length <= ALWAYS_TABLE && labelAlwaysMatches(seg, f, qterms[i], qwords[i]);
      always.set(key, all);
    }
    return all || labelValueMatch(seg, d, f, qwords[i]);
  };
  const maxRec = Math.max(0, w.recencyPerDay * w.recencyDays);
  // What a named tag or category can add to a document of each part (0 when the query names none).
  const labelMost = view.parts.map((_, pi) => (labels ? labels.most(pi) : 0));
  const prioBoost = [w.priority.low ?? 0, w.priority.medium ?? 0, w.priority.high ?? 0];
  // Every boost a relevance can hold is bounded (round() moves a value by at most 0.00005).
  const MARGIN = 1e-4;
  type Item = Ranked & { ts: number };
  const cmp = pageOrder<Item>(view);
  let total = 0;
  let confident = 0;
  // A term's most per field and term frequency (the shortest possible document), and the
  // coordination factor per number of matched terms: tables, not a division per posting.
  const most = terms.map((t) => {
    const tab = new Float64Array(NF * 256);
    for (let f = 0; f < NF; f++) for (let tf = 1; tf < 256; tf++) tab[f * 256 + tf] = t.w * ((boost[f] * ((k1 + 1) * tf)) / (k1 * (1 - b) + tf));
    return tab;
  });
  // Per set of matched terms (a bit per term): the coordination factor and the coverage, summed in
  // query order as eachTextScore sums them (the same value to the last bit).
  const sets = 1 << qterms.length;
  const factor = new Float64Array(sets);
  const coverOf = new Float64Array(sets);
  const countOf = new Uint8Array(sets);
  for (let m = 1; m < sets; m++) {
    let c = 0;
    let cov = 0;
    for (let i = 0; i < qterms.length; i++) {
      if (!(m & (1 << i))) continue;
      c++;
      cov += mass > 0 ? info[i] / mass : 0;
    }
    countOf[m] = c;
    factor[m] = coord ? Math.pow(c / qterms.length, coord) : 1;
    coverOf[m] = round(Math.min(1, cov));
  }
  const top: Item[] = [];
  // Scores exactly documents `docs` (ascending) of part `pi`, with their matched terms and priorities,
  // and keeps the page's best.
  // `tfs`, for a query of one word: each document's term frequencies of that word (3 a document),
  // kept when its postings were streamed, instead of finding its posting again.
  const scoreDocs = (pi: number, docs: ArrayLike<number>, masks: ArrayLike<number>, prio: (j: number) => number, tfs: ArrayLike<number> | null = null) => {
    const { seg } = view.parts[pi];
    if (!docs.length) return;
    const lenIdx = new Float64Array(docs.length * NF);
    for (let j = 0; j < docs.length; j++) for (let f = 0; f < NF; f++) lenIdx[j * NF + f] = docs[j] * NF + f;
    const lens = gatherValues(seg, 'len', lenIdx);
    const times = gatherValues(seg, 'ts', docs);
    const score = new Float64Array(docs.length);
    // In query order, as eachTextScore adds them: the same sums to the last bit. A document's posting
    // is found by binary search from the previous one's (both ascending).
    for (let i = 0; i < terms.length; i++) {
      if (!terms[i].df || terms[i].tids[pi] < 0) continue;
      const list = tfs ? null : terms[i].lists[pi];
      const tfOf = tfs ?? (list as { tf: Uint8Array }).tf;
      let from = 0;
      for (let j = 0; j < docs.length; j++) {
        if (!(masks[j] & (1 << i))) continue;
        const d = docs[j];
        let p = j;
        if (list) {
          let lo = from;
          let hi = list.doc.length;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (list.doc[mid] < d) lo = mid + 1;
            else hi = mid;
          }
          from = lo;
          p = lo;
        }
        let s = 0;
        for (let f = 0; f < NF; f++) {
          const tf = tfOf[p * NF + f];
          if (!tf || (f !== CONTENT_FIELD && !labelMatch(pi, seg, d, f, i))) continue;
          const norm = 1 - b + (b * lens[j * NF + f]) / view.avgLen[f];
          s += (boost[f] * ((k1 + 1) * tf)) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        score[j] += terms[i].w * s;
      }
    }
    const named = labels ? labels.hits(pi, docs) : null;
    for (let j = 0; j < docs.length; j++) {
      const sc = coord ? score[j] * Math.pow(countOf[masks[j]] / qterms.length, coord) : score[j];
      const ts = times[j];
      // rank's sum, term for term: the same relevance to the last bit.
      const relevance = round(w.contentMatch * sc + w.tagMatch * (named ? named.tags[j] : 0) + w.categoryMatch * (named ? named.cat[j] : 0) + boostOf(prio(j), ts, w, now));
      if (top.length >= limit && relevance < top[top.length - 1].relevance) continue;
      keepBest(top, { part: pi, doc: docs[j], relevance, ts, coverage: coverOf[masks[j]] }, limit, cmp);
    }
  };
  // The relevance the page's last entry must keep for a document not scored to be left out.
  const need = () => (top.length < limit ? -Infinity : top[top.length - 1].relevance - MARGIN);
  const result = () => ({ ranked: top.map(({ part, doc, relevance, coverage }) => ({ part, doc, relevance, coverage })), total, confident });

  if (tight) {
    const cm = w.contentMatch;
    // The content field's BM25 with the coded length: k1 × norm per code, the rest per term.
    const normK = new Float64Array(256);
    for (let c = 0; c < 256; c++) normK[c] = k1 * (1 - b + (b * codeLength(c)) / view.avgLen[CONTENT_FIELD]);
    const cw = terms.map((t) => t.w * boost[CONTENT_FIELD] * (k1 + 1));
    const recOf = (ts: number) => {
      const ageDays = Math.max(0, (now - ts) / DAY);
      return ageDays < w.recencyDays ? w.recencyPerDay * (w.recencyDays - ageDays) : 0;
    };
    const prioB = Float64Array.from(prioBoost);
    // The ~4 × page best bounds seen so far (a min-heap): a document is kept as a candidate when its
    // bound reaches the least of them, which only rises.
    const K = limit * 4;
    const heap = new Float64Array(K);
    let heapN = 0;
    let theta = -Infinity;
    const cands = view.parts.map(() => ({ docs: [] as number[], masks: [] as number[], bounds: [] as number[], tfs: [] as number[] }));
    const offer = (pi: number, d: number, mask: number, bound: number, tf: Uint8Array, p: number) => {
      const c = cands[pi];
      c.docs.push(d);
      c.masks.push(mask);
      c.bounds.push(bound);
      c.tfs.push(tf[p * NF], tf[p * NF + 1], tf[p * NF + 2]);
      if (heapN < K) {
        let i = heapN++;
        while (i > 0 && heap[(i - 1) >> 1] > bound) (heap[i] = heap[(i - 1) >> 1]), (i = (i - 1) >> 1);
        heap[i] = bound;
      } else if (bound > heap[0]) {
        let i = 0;
        for (;;) {
          let m = 2 * i + 1;
          if (m >= K) break;
          if (m + 1 < K && heap[m + 1] < heap[m]) m++;
          if (heap[m] >= bound) break;
          heap[i] = heap[m];
          i = m;
        }
        heap[i] = bound;
      } else return;
      if (heapN === K) theta = heap[0];
    };
    // The bound of a posting of term `i` that is not a plain content match (a tag or category field,
    // or no content): the label-only ones count when the label holds the word as a value, as in rank.
    const otherBound = (pi: number, seg: Segment, d: number, i: number, p: number, tf: Uint8Array, nk: number): number => {
      const t0 = tf[p * NF];
      const t1 = tf[p * NF + 1];
      const t2 = tf[p * NF + 2];
      if (!t0 && !((t1 && labelMatch(pi, seg, d, TAGS_FIELD, i)) || (t2 && labelMatch(pi, seg, d, CATEGORY_FIELD, i)))) return -1;
      return (t0 ? (cw[i] * t0) / (nk + t0) : 0) + most[i][256 + t1] + most[i][512 + t2];
    };
    // One term: a loop small enough to be compiled early (a CLI process runs it once, over 900,000
    // postings for the most common word of 1,000,000 memories). Without `band`, every match is
    // counted and offered; with it, the documents whose bound is in [lo, hi) are kept.
    const walkOne = (pi: number, i: number, band: boolean, lo: number, hi: number) => {
      const { seg, dead } = view.parts[pi];
      const t = terms[i].tids[pi];
      if (t < 0) return;
      const lenCode = view.docBounds(pi).lenCode;
      const recB = recBlocks[pi];
      const prio = seg.prio;
      const scale = cm * factor[1 << i] * (1 + 1e-9);
      const c = cw[i];
      const confidentOne = coverOf[1 << i] >= minCoverage ? 1 : 0;
      const most = labelMost[pi];
      const out = cands[pi];
      let count = 0;
      eachPostingChunk(seg, t, true, (doc, tfs, n) => {
        const tf = tfs as Uint8Array;
        for (let p = 0; p < n; p++) {
          const d = doc[p];
          if (dead !== null && dead[d] === 1) continue;
          const t0 = tf[p * 3];
          const nk = normK[lenCode[d]];
          let ub = t0 && !tf[p * 3 + 1] && !tf[p * 3 + 2] ? (c * t0) / (nk + t0) : otherBound(pi, seg, d, i, p, tf, nk);
          if (ub < 0 || (pass !== null && !pass(pi, d))) continue;
          ub = scale * ub + prioB[prio[d]] + recB[d >>> BOUND_SHIFT] + most;
          if (band) {
            if (ub >= lo && ub < hi) out.docs.push(d), out.masks.push(1 << i), out.tfs.push(t0, tf[p * 3 + 1], tf[p * 3 + 2]);
            continue;
          }
          count++;
          if (ub >= theta) offer(pi, d, 1 << i, ub, tf, p);
        }
      });
      total += count;
      confident += count * confidentOne;
    };
    // Several terms: one merge of their postings, with the same two uses.
    const walkMany = (pi: number, band: boolean, lo: number, hi: number) => {
      const { seg, dead } = view.parts[pi];
      const live = terms.map((t, i) => (t.df ? i : -1)).filter((i) => i >= 0 && terms[i].lists[pi]);
      const lists = live.map((i) => terms[i].lists[pi] as { doc: Uint32Array; tf: Uint8Array });
      const lenCode = view.docBounds(pi).lenCode;
      const recB = recBlocks[pi];
      const prio = seg.prio;
      const L = lists.length;
      const at = new Uint32Array(L);
      for (;;) {
        let d = 0xffffffff;
        for (let j = 0; j < L; j++) if (at[j] < lists[j].doc.length && lists[j].doc[at[j]] < d) d = lists[j].doc[at[j]];
        if (d === 0xffffffff) break;
        let ub = 0;
        let mask = 0;
        const nk = normK[lenCode[d]];
        for (let j = 0; j < L; j++) {
          const list = lists[j];
          const p = at[j];
          if (p >= list.doc.length || list.doc[p] !== d) continue;
          at[j] = p + 1;
          if (dead?.[d]) continue;
          const x = otherBound(pi, seg, d, live[j], p, list.tf, nk);
          if (x < 0) continue;
          ub += x;
          mask |= 1 << live[j];
        }
        if (!mask || (pass !== null && !pass(pi, d))) continue;
        const bound = cm * ub * factor[mask] * (1 + 1e-9) + prioB[prio[d]] + recB[d >>> BOUND_SHIFT] + labelMost[pi];
        if (band) {
          if (bound >= lo && bound < hi) cands[pi].docs.push(d), cands[pi].masks.push(mask);
          continue;
        }
        total++;
        if (coverOf[mask] >= minCoverage) confident++;
        if (bound >= theta) offer(pi, d, mask, bound, NO_TF, 0);
      }
    };
    const recBlocks = view.parts.map((_, pi) => Float64Array.from(view.docBounds(pi).tsMax, recOf));
    const one = terms.filter((t) => t.df).length === 1 ? terms.findIndex((t) => t.df) : -1;
    const walk = (pi: number, band: boolean, lo: number, hi: number) => (one >= 0 ? walkOne(pi, one, band, lo, hi) : walkMany(pi, band, lo, hi));
    // A query of one word kept its candidates' term frequencies; several words find their postings.
    const score = (pi: number, docs: number[], masks: number[], tfs: number[]) => {
      const prio = view.parts[pi].seg.prio;
      scoreDocs(pi, docs, masks, (j) => prio[docs[j]], one >= 0 ? tfs : null);
    };
    for (let pi = 0; pi < view.parts.length; pi++) walk(pi, false, 0, 0);
    // The candidates whose bound reaches the ~4 × page best: the others were below it when seen.
    cands.forEach(({ docs, masks, bounds, tfs }, pi) => {
      const keep = docs.map((_, k) => k).filter((k) => bounds[k] >= theta);
      score(
        pi,
        keep.map((k) => docs[k]),
        keep.map((k) => masks[k]),
        keep.flatMap((k) => [tfs[3 * k], tfs[3 * k + 1], tfs[3 * k + 2]]),
      );
    });
    // A document not scored has a bound below `from`: it can enter the page (or tie its last
    // entry) only when that bound reaches the last entry's relevance.
    let from = theta;
    while (from > -Infinity) {
      const line = need();
      if (line >= from) break;
      for (let pi = 0; pi < view.parts.length; pi++) {
        cands[pi] = { docs: [], masks: [], bounds: [], tfs: [] };
        walk(pi, true, line, from);
        score(pi, cands[pi].docs, cands[pi].masks, cands[pi].tfs);
      }
      from = line;
    }
    return result();
  }

  // Per part, one merge of the terms' postings (each in document order): the matching documents in
  // order, the set of terms each matches, and its bound. No per-document scratch of the whole part.
  const per = view.parts.map(({ seg, dead }, pi) => {
    const live = terms.map((t, i) => (t.df ? i : -1)).filter((i) => i >= 0 && terms[i].lists[pi]);
    const lists = live.map((i) => terms[i].lists[pi] as { doc: Uint32Array; tf: Uint8Array });
    let size = 0;
    for (const l of lists) size += l.doc.length;
    const docs = new Uint32Array(size);
    const ubs = new Float64Array(size);
    const masks = new Uint8Array(size);
    const at = new Uint32Array(lists.length);
    let n = 0;
    for (;;) {
      let d = 0xffffffff;
      for (let j = 0; j < lists.length; j++) if (at[j] < lists[j].doc.length && lists[j].doc[at[j]] < d) d = lists[j].doc[at[j]];
      if (d === 0xffffffff) break;
      let ub = 0;
      let mask = 0;
      for (let j = 0; j < lists.length; j++) {
        const list = lists[j];
        const p = at[j];
        if (p >= list.doc.length || list.doc[p] !== d) continue;
        at[j] = p + 1;
        if (dead?.[d]) continue;
        const i = live[j];
        const t0 = list.tf[p * NF];
        const t1 = list.tf[p * NF + 1];
        const t2 = list.tf[p * NF + 2];
        // A label-only posting counts when the label holds the word as a value, as in rank.
        if (!t0 && !((t1 && labelMatch(pi, seg, d, TAGS_FIELD, i)) || (t2 && labelMatch(pi, seg, d, CATEGORY_FIELD, i)))) continue;
        const tab = most[i];
        ub += tab[t0] + tab[256 + t1] + tab[512 + t2];
        mask |= 1 << i;
      }
      if (!mask || (pass !== null && !pass(pi, d))) continue;
      docs[n] = d;
      ubs[n] = ub;
      masks[n] = mask;
      n++;
    }
    // Priorities: the whole column (one byte a document) when most documents match, else by block.
    const dense = n * 8 > seg.n;
    const prioCol = dense ? seg.prio : null;
    const prios = dense ? null : gatherValues(seg, 'prio', docs.subarray(0, n));
    const bound = ubs.subarray(0, n);
    for (let k = 0; k < n; k++) {
      const m = masks[k];
      const pr = prioCol ? prioCol[docs[k]] : (prios as Float64Array)[k];
      bound[k] = w.contentMatch * bound[k] * factor[m] * (1 + 1e-9) + (prioBoost[pr] ?? 0) + maxRec + labelMost[pi];
      if (coverOf[m] >= minCoverage) confident++;
    }
    total += n;
    return { docs: docs.subarray(0, n), bound, masks: masks.subarray(0, n), prio: (k: number) => (prioCol ? prioCol[docs[k]] : (prios as Float64Array)[k]) };
  });
  // A first threshold: the bound that `limit * 4` documents reach (a histogram, not a sort).
  let lo = Infinity;
  let hi = -Infinity;
  if (total === 0) return result();
  for (const { bound } of per) {
    for (const x of bound) {
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  }
  const BUCKETS = 4096;
  const hist = new Uint32Array(BUCKETS);
  const width = (hi - lo) / BUCKETS || 1;
  const bucket = (x: number) => Math.min(BUCKETS - 1, Math.floor((x - lo) / width));
  for (const { bound } of per) for (const x of bound) hist[bucket(x)]++;
  let want = limit * 4;
  let first = BUCKETS - 1;
  for (; first > 0; first--) if ((want -= hist[first]) <= 0) break;
  const scored = per.map(({ docs }) => new Uint8Array(docs.length));
  // Scores exactly the documents of each part whose bound is at least `from` and not yet scored.
  const scoreFrom = (from: number) => {
    per.forEach(({ docs, bound, masks, prio }, pi) => {
      const pick: number[] = [];
      for (let k = 0; k < docs.length; k++) if (!scored[pi][k] && bound[k] >= from) (pick.push(k), (scored[pi][k] = 1));
      scoreDocs(
        pi,
        pick.map((k) => docs[k]),
        pick.map((k) => masks[k]),
        (j) => prio(pick[j]),
      );
    });
  };
  let from = lo + first * width;
  scoreFrom(from);
  // A document not scored has a bound below `from`; it can enter the page (or tie its last entry)
  // only when that bound reaches the last entry's relevance. Lower `from` until none can.
  while (from > -Infinity) {
    const line = need();
    if (line >= from) break;
    from = line;
    scoreFrom(from);
  }
  return result();
}
