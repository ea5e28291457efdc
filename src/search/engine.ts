import { InvalidInputError } from '../errors.js';
import { isPriority, normalizeTags, type Priority } from '../model/memory.js';
import type { SearchQuery } from '../model/search-types.js';
import { pipelineWord, queryTerms, terms as analyzeTerms } from './analyze.js';
import { MIN_COVERAGE } from './confidence.js';
import { BOUND_SHIFT, codeLength, computeDocBounds, type DocBounds } from './doc-bounds.js';
import { eachPostingChunk, FIELDS, gatherValues, NO_SCOPE, postingCount, postingsOf, PRIORITY_CODE, type Segment } from './segment.js';

/**
 * Query evaluation over a base segment and its delta. Everything here is pure: no git, no files,
 * no CLI, so hybrid search can reuse {@link textScores} and {@link compileFilter} on their own.
 */

const NF = FIELDS.length;
const DAY = 86_400_000;

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

/** The weights of the seed's boosts; `tag`, `category`, `content` come from `searchRelevance`. */
export interface Weights {
  tagMatch: number;
  categoryMatch: number;
  contentMatch: number;
  /** Added per priority. */
  priority: Record<Priority, number>;
  /** Added per day of age below `recencyDays` (0.1 × (7 − age in days)). */
  recencyPerDay: number;
  recencyDays: number;
}
export const DEFAULT_WEIGHTS: Weights = {
  tagMatch: 3,
  categoryMatch: 2,
  contentMatch: 1,
  priority: { low: 0, medium: 1, high: 2 },
  recencyPerDay: 0.1,
  recencyDays: 7,
};

export interface Part {
  seg: Segment;
  /** Documents of `seg` that a newer segment replaced or deleted (1 = dead). */
  dead: Uint8Array | null;
}

/** The live index: a base and an optional delta, with the collection statistics BM25 needs. */
export class IndexView {
  readonly n: number;
  readonly avgLen: Float64Array;
  private scratch: Float64Array[] | null = null;
  private counts: Uint16Array[] | null = null;
  private coverage: Float64Array[] | null = null;
  private bounds: Array<DocBounds | undefined> = [];
  /**
   * Where a part's {@link DocBounds} come from when not computed from its columns: the file kept
   * beside a base segment (index.ts sets it). Null for a part it does not know.
   */
  boundsSource: ((seg: Segment) => DocBounds | null) | null = null;
  constructor(
    readonly parts: Part[],
    readonly tree: string | null,
  ) {
    let n = 0;
    const sum = new Float64Array(NF);
    for (const { seg, dead } of parts) {
      // Segments carry their length sums: only removed documents need a look.
      n += seg.n;
      for (let f = 0; f < NF; f++) sum[f] += seg.lenSum[f];
      if (!dead) continue;
      // The removed documents' lengths by block, not the whole length column (12 MB at 1,000,000).
      const at: number[] = [];
      for (let d = 0; d < seg.n; d++) {
        if (!dead[d]) continue;
        n--;
        for (let f = 0; f < NF; f++) at.push(d * NF + f);
      }
      const lens = gatherValues(seg, 'len', at);
      for (let i = 0; i < at.length; i++) sum[i % NF] -= lens[i];
    }
    this.n = n;
    this.avgLen = sum.map((s) => (n ? s / n || 1 : 1));
  }

  static empty(): IndexView {
    return new IndexView([], null);
  }

  /** Skipped (unparsable) files at this tree. */
  get skipped(): number {
    return this.parts.length ? this.parts[this.parts.length - 1].seg.skipped : 0;
  }

  alive(part: number, doc: number): boolean {
    return !this.parts[part].dead?.[doc];
  }

  /** A zeroed score array per part; callers must zero the entries they touched. */
  borrowScratch(): Float64Array[] {
    return (this.scratch ??= this.parts.map((p) => new Float64Array(p.seg.n)));
  }

  /** Zeroed per-document counters, same contract as {@link borrowScratch}. */
  borrowCounts(): Uint16Array[] {
    return (this.counts ??= this.parts.map((p) => new Uint16Array(p.seg.n)));
  }

  /** Per document of part `pi`, what a bound of its score needs (src/search/doc-bounds.ts). */
  docBounds(pi: number): DocBounds {
    const seg = this.parts[pi].seg;
    return (this.bounds[pi] ??= this.boundsSource?.(seg) ?? computeDocBounds(seg));
  }

  /** Zeroed per-document coverage sums, same contract as {@link borrowScratch}. */
  borrowCoverage(): Float64Array[] {
    return (this.coverage ??= this.parts.map((p) => new Float64Array(p.seg.n)));
  }
}

/** A document address: part index and document number in that part. */
export interface Hit {
  part: number;
  doc: number;
  score: number;
  /** The share of the query's information the document holds, 0-1 (see {@link termInformation}). */
  coverage: number;
}

/** lunr's idf. */
function idf(df: number, n: number): number {
  return Math.log(1 + Math.abs((n - df + 0.5) / (df + 0.5)));
}

/**
 * Words that say a text is a question or a request, not what it is about ("what", "how", "tell me",
 * "explain"): lunr's stop-word list already drops most interrogatives and auxiliaries; these are the
 * rest of the general notion. They carry no information about which memory answers, so they weigh
 * nothing in a query's information (below). Stemmed as the analyser stems them.
 */
const QUESTION_WORDS = new Set(['whose', 'whether', 'shall', 'tell', 'explain', 'describ', 'pleas', 'anyon', 'anyth', 'someon', 'someth']);

/**
 * Words that, right after "how", make the question phrase ("how long", "how much", "how many", "how
 * far", "how old", "how soon", "how big"): they ask for a quantity, which a note states as a number
 * ("kept for 30 days"), not with the word. Read as content words they weigh the most a word can
 * (no note holds "long"), and a question about something the store holds lost its evidence.
 */
const HOW_WORDS = new Set(['long', 'much', 'many', 'far', 'old', 'soon', 'big', 'large', 'fast', 'frequently']);

/** The analysed terms of `text` that are part of a question phrase ({@link HOW_WORDS}). */
export function questionPhraseTerms(text: string): Set<string> {
  const out = new Set<string>();
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  for (let i = 1; i < words.length && i < 200; i++) {
    if (words[i - 1] !== 'how' || !HOW_WORDS.has(words[i])) continue;
    const t = pipelineWord(words[i]);
    if (t) out.add(t);
  }
  return out;
}

/** A term in more than this share of the memories says nothing about which one answers (docs/search.md). */
export const NON_TERM_SHARE = 0.5;
/** Memories a store needs before {@link NON_TERM_SHARE} applies. */
export const NON_TERM_MIN_MEMORIES = 20;

/**
 * The information of each query term: its idf, or the idf of a word no memory holds (the most a word
 * can weigh: a question about something the store never mentions must not be matched by its other,
 * commoner words), and 0 for a question word or a term in most memories. A memory's coverage of a
 * query is the share of this mass that it holds (see {@link eachTextScore}).
 */
export function termInformation(qterms: string[], dfs: number[], n: number, text = ''): number[] {
  // Among a handful of memories "most of them" says nothing about a word: every word is in most.
  const common = n >= NON_TERM_MIN_MEMORIES ? NON_TERM_SHARE * n : Infinity;
  const phrase = text ? questionPhraseTerms(text) : null;
  return qterms.map((t, i) => (QUESTION_WORDS.has(t) || phrase?.has(t) || dfs[i] > common ? 0 : idf(dfs[i], n)));
}

/**
 * A term's postings in each part (read on first use of `lists`: a range of the file for a segment not
 * read whole), its term number and posting count per part, and its document frequency over live
 * documents (from the counts, or the document numbers streamed once where some documents are dead).
 */
function termPostings(view: IndexView, term: string): TermPostings {
  let cache = postingsCache.get(view);
  if (!cache) postingsCache.set(view, (cache = { terms: new Map(), size: 0 }));
  const hit = cache.terms.get(term);
  if (hit) return hit;
  const key = Buffer.from(term, 'utf8');
  const tids = view.parts.map((p) => p.seg.terms.find(key));
  const counts = view.parts.map((p, pi) => (tids[pi] < 0 ? 0 : postingCount(p.seg, tids[pi])));
  let df = 0;
  let size = 0;
  view.parts.forEach(({ seg, dead }, pi) => {
    if (tids[pi] < 0) return;
    size += counts[pi];
    if (!dead) df += counts[pi];
    else
      eachPostingChunk(seg, tids[pi], false, (doc, _, n) => {
        for (let p = 0; p < n; p++) if (!dead[doc[p]]) df++;
      });
  });
  let lists: TermPostings['lists'] | null = null;
  const out: TermPostings = {
    tids,
    counts,
    df,
    get lists() {
      return (lists ??= view.parts.map((p, pi) => (tids[pi] < 0 ? null : postingsOf(p.seg, tids[pi]))));
    },
  };
  if (cache.size + size > POSTINGS_CACHE_MAX || cache.terms.size >= POSTINGS_CACHE_TERMS) {
    cache.terms.clear();
    cache.size = 0;
  }
  cache.terms.set(term, out);
  cache.size += size;
  return out;
}

type TermPostings = {
  /** The term's number in each part's dictionary, -1 where it is not. */
  tids: number[];
  /** Postings per part (dead documents included). */
  counts: number[];
  lists: Array<{ doc: Uint32Array; tf: Uint8Array } | null>;
  df: number;
};

/**
 * Looked-up terms of an index view (a view never changes: a new tree is a new view), so one search
 * finds each term once, not once per pass (the confidence's known-terms share, the pruned and the
 * full ranking, hybrid's two passes), and later searches reuse common words. A lookup in a segment
 * opened lazily is ~16 reads of the file plus one of the postings. Bounded: at most this many
 * postings (7 bytes each) and terms, then it starts again.
 */
const POSTINGS_CACHE_MAX = 2_000_000;
const POSTINGS_CACHE_TERMS = 20_000;
const postingsCache = new WeakMap<IndexView, { terms: Map<string, TermPostings>; size: number }>();

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

/** No term frequencies (an argument not used). */
const NO_TF = new Uint8Array(NF);

/** Field numbers of a segment's postings: content, tags, category. */
const CONTENT_FIELD = 0;
const TAGS_FIELD = 1;
const CATEGORY_FIELD = 2;

/** Plain lowercase words of a text or a name, as written (no stemming): fields match as values. */
export function valueWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter(Boolean);
}

/** A word of a name is in the query as written, or with a plural ending either way ("limit"/"limits"). */
function sameWord(a: string, b: string): boolean {
  return a === b || a === b + 's' || b === a + 's' || a === b + 'es' || b === a + 'es';
}

/** For each query term, the words of `text` that analyse to it: a tag matches one of them, not a stem. */
function termWords(text: string, qterms: string[]): string[][] {
  // One analysis per distinct word (a long query stays linear in its length).
  const byTerm = new Map<string, string[]>();
  for (const w of new Set(valueWords(text))) {
    for (const t of new Set([w, ...queryTerms(w)])) {
      const list = byTerm.get(t);
      if (list) list.push(w);
      else byTerm.set(t, [w]);
    }
  }
  return qterms.map((t) => byTerm.get(t) ?? [t]);
}

/**
 * Whether a tag (field 1) or the category (field 2) of document `d` holds one of `words` as a whole
 * word: labels match as values, so "generator" (stem "gener") never matches the category "general".
 */
function labelValueMatch(seg: Segment, d: number, field: number, words: string[]): boolean {
  const names = field === TAGS_FIELD ? Array.from(seg.tagIds.subarray(seg.tagOff[d], seg.tagOff[d + 1]), (t) => seg.tags[t]) : [seg.cats[seg.cat[d]]];
  for (const name of names) if (labelWords(name).some((x) => words.some((w) => sameWord(x, w)))) return true;
  return false;
}

const labelWordCache = new Map<string, string[]>();
function labelWords(name: string): string[] {
  let ws = labelWordCache.get(name);
  if (!ws) {
    ws = valueWords(name ?? '');
    if (labelWordCache.size > 50_000) labelWordCache.clear();
    labelWordCache.set(name, ws);
  }
  return ws;
}

/** Live documents holding `term` (an analysed term), over every part of the view. */
export function docFrequency(view: IndexView, term: string): number {
  return termPostings(view, term).df;
}

/** Whether a query term weighs nothing in a query's information: a question word ({@link termInformation}). */
export function isQuestionWord(term: string): boolean {
  return QUESTION_WORDS.has(term);
}

/**
 * The share of the query's terms (question words aside) that some memory holds at all: near 1 for a
 * question about what the store talks about, low for one about something it never mentions
 * (LoCoMo tune questions 0.88 on average, unanswerable ones 0.36; BENCHMARKS.md).
 */
export function knownShare(view: IndexView, text: string): number {
  const phrase = questionPhraseTerms(text);
  const qterms = queryTerms(text).filter((t) => !QUESTION_WORDS.has(t) && !phrase.has(t));
  if (!qterms.length || !view.n) return 0;
  let known = 0;
  for (const t of qterms) if (termPostings(view, t).df > 0) known++;
  return known / qterms.length;
}

/** Filters after validation and normalisation. */
export interface NormalizedFilter {
  tags: string[];
  category?: string;
  priority?: Priority;
  scope?: string;
  /** Exclusive bounds, ms. */
  after?: number;
  before?: number;
  /** Inclusive lower bound from `days`, ms. */
  since?: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** ISO date (midnight UTC) or datetime (UTC unless it names an offset) to ms. */
export function parseDate(v: unknown, field: string): number {
  const s = typeof v === 'string' ? v.trim() : v instanceof Date ? v.toISOString() : '';
  if (!ISO.test(s)) throw new InvalidInputError(`${field} must be an ISO date or datetime such as 2026-01-31 or 2026-01-31T12:00:00Z, got ${JSON.stringify(v)}`, { field });
  const [y, mo, d] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  // Date.parse rolls 2026-02-30 over to March; a calendar date must exist as written.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) {
    throw new InvalidInputError(`${field} is not a valid date: ${JSON.stringify(v)}`, { field });
  }
  let norm = s.replace(' ', 'T');
  if (norm.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(norm)) norm += 'Z';
  const ms = Date.parse(norm.length === 10 ? `${norm}T00:00:00Z` : norm);
  if (!Number.isFinite(ms)) throw new InvalidInputError(`${field} is not a valid date: ${JSON.stringify(v)}`, { field });
  return ms;
}

export function normalizeFilter(q: SearchQuery, now: number): NormalizedFilter {
  const f: NormalizedFilter = { tags: normalizeTags(q.tags) };
  if (q.category !== undefined && q.category !== null) f.category = String(q.category).trim();
  if (q.scope !== undefined && q.scope !== null) f.scope = String(q.scope);
  if (q.priority !== undefined && q.priority !== null) {
    if (!isPriority(q.priority)) throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(q.priority)}`, { field: 'priority' });
    f.priority = q.priority;
  }
  if (q.after !== undefined && q.after !== null && q.after !== '') f.after = parseDate(q.after, 'after');
  if (q.before !== undefined && q.before !== null && q.before !== '') f.before = parseDate(q.before, 'before');
  if (q.days !== undefined && q.days !== null) {
    const d = Number(q.days);
    if (!Number.isFinite(d) || d <= 0) throw new InvalidInputError(`days must be a positive number, got ${JSON.stringify(q.days)}`, { field: 'days' });
    f.since = now - d * DAY;
  }
  return f;
}

/** A predicate over (part, doc) for one view. */
export function compileFilter(view: IndexView, f: NormalizedFilter, matches: FilterMatches | null = filterMatches(view, f)): (part: number, doc: number) => boolean {
  // No filter: no column is read for it.
  if (!f.tags.length && f.category === undefined && f.scope === undefined && f.priority === undefined && f.after === undefined && f.before === undefined && f.since === undefined) return () => true;
  if (matches) {
    const bits = matches.map(({ docs }, pi) => {
      const b = new Uint8Array(view.parts[pi].seg.n);
      for (const d of docs) b[d] = 1;
      return b;
    });
    return (pi, d) => bits[pi][d] === 1;
  }
  const per = view.parts.map(({ seg }) => {
    const tagIdx = f.tags.map((t) => seg.tags.indexOf(t));
    const cat = f.category !== undefined ? seg.cats.indexOf(f.category) : -2;
    const scope = f.scope !== undefined ? seg.scopes.indexOf(f.scope) : -2;
    // A value absent from this part's table: nothing in the part matches.
    const none = tagIdx.includes(-1) || cat === -1 || scope === -1;
    return { seg, tagIdx, cat, scope, none };
  });
  const prio = f.priority !== undefined ? PRIORITY_CODE[f.priority] : -1;
  return (pi, d) => {
    const p = per[pi];
    if (p.none) return false;
    const seg = p.seg;
    if (p.cat >= 0 && seg.cat[d] !== p.cat) return false;
    if (p.scope >= 0 && seg.scope[d] !== p.scope) return false;
    if (f.scope !== undefined && seg.scope[d] === NO_SCOPE) return false;
    if (prio >= 0 && seg.prio[d] !== prio) return false;
    const ts = seg.ts[d];
    if (f.after !== undefined && !(ts > f.after)) return false;
    if (f.before !== undefined && !(ts < f.before)) return false;
    if (f.since !== undefined && !(ts >= f.since)) return false;
    if (p.tagIdx.length) {
      const a = seg.tagOff[d];
      const z = seg.tagOff[d + 1];
      for (const want of p.tagIdx) {
        let ok = false;
        for (let i = a; i < z; i++) if (seg.tagIds[i] === want) ok = true;
        if (!ok) return false;
      }
    }
    return true;
  };
}

/** Per part, the live documents that pass a filter (ascending) and their creation times. */
export type FilterMatches = Array<{ docs: Uint32Array; ts: Float64Array }>;

/**
 * The documents passing a filter that names tags, found from the postings of the tags' words in the
 * tags field (every document with a tag holds its words there) and checked exactly on the values of
 * those candidates only, read by block: `tagged ci` over 1,000,000 memories reads a posting list and a
 * few thousand values instead of four columns of every document (~20 MB). Null without a tag filter, or
 * for a tag with no indexed word (punctuation, stop words only): the caller scans.
 */
export function filterMatches(view: IndexView, f: NormalizedFilter): FilterMatches | null {
  if (!f.tags.length) return null;
  const words = f.tags.map((t) => analyzeTerms(t, true));
  if (words.some((w) => !w.length)) return null;
  const prio = f.priority !== undefined ? PRIORITY_CODE[f.priority] : -1;
  return view.parts.map(({ seg, dead }) => {
    const empty = { docs: new Uint32Array(0), ts: new Float64Array(0) };
    const tagIdx = f.tags.map((t) => seg.tags.indexOf(t));
    const cat = f.category !== undefined ? seg.cats.indexOf(f.category) : -2;
    const scope = f.scope !== undefined ? seg.scopes.indexOf(f.scope) : -2;
    if (tagIdx.includes(-1) || cat === -1 || scope === -1) return empty;
    // Candidates: documents holding every word of every tag in their tags field.
    let cands: number[] | null = null;
    for (const term of new Set(words.flat())) {
      const t = seg.terms.find(Buffer.from(term, 'utf8'));
      if (t < 0) return empty;
      const { doc, tf } = postingsOf(seg, t);
      const have = new Set<number>();
      for (let p = 0; p < doc.length; p++) if (tf[p * NF + TAGS_FIELD] > 0 && !dead?.[doc[p]]) have.add(doc[p]);
      cands = cands === null ? [...have] : cands.filter((d) => have.has(d));
      if (!cands.length) return empty;
    }
    const c = (cands ?? []).sort((a, b) => a - b);
    const bounds: number[] = [];
    for (const d of c) bounds.push(d, d + 1);
    const off = gatherValues(seg, 'tagOff', bounds);
    const at: number[] = [];
    for (let k = 0; k < c.length; k++) for (let i = off[2 * k]; i < off[2 * k + 1]; i++) at.push(i);
    const ids = gatherValues(seg, 'tagIds', at);
    const ts = gatherValues(seg, 'ts', c);
    const cats = cat >= 0 ? gatherValues(seg, 'cat', c) : null;
    const scopes = f.scope !== undefined ? gatherValues(seg, 'scope', c) : null;
    const prios = prio >= 0 ? gatherValues(seg, 'prio', c) : null;
    const docs: number[] = [];
    const times: number[] = [];
    let j = 0;
    for (let k = 0; k < c.length; k++) {
      const from = j;
      j += off[2 * k + 1] - off[2 * k];
      if (cats && cats[k] !== cat) continue;
      if (scopes && (scopes[k] === NO_SCOPE || (scope >= 0 && scopes[k] !== scope))) continue;
      if (prios && prios[k] !== prio) continue;
      const t = ts[k];
      if (f.after !== undefined && !(t > f.after)) continue;
      if (f.before !== undefined && !(t < f.before)) continue;
      if (f.since !== undefined && !(t >= f.since)) continue;
      let ok = true;
      for (const want of tagIdx) {
        let has = false;
        for (let i = from; i < j; i++) if (ids[i] === want) has = true;
        if (!has) ok = false;
      }
      if (!ok) continue;
      docs.push(c[k]);
      times.push(t);
    }
    return { docs: Uint32Array.from(docs), ts: Float64Array.from(times) };
  });
}

const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * Whether a tag or category is named by the query: all of its words appear among the query's
 * terms (`rate-limit` matches "rate limits"), or, for a name with no plain word (`c++`), itself.
 */
export function nameMatches(name: string, qwords: Set<string>): boolean {
  const need = nameTerms(name);
  return need.length > 0 && need.every((t) => qwords.has(t) || qwords.has(t + 's') || qwords.has(t + 'es') || (t.endsWith('s') && qwords.has(t.slice(0, -1))));
}

// Tags and categories repeat across memories and queries: analyse each name once per process.
const nameTermCache = new Map<string, string[]>();

function nameTerms(name: string): string[] {
  let need = nameTermCache.get(name);
  if (!need) {
    // Values, not stems: "generator" never names the category "general". Stop words of a name
    // ("out-of-office") are not required of the query.
    const ws = valueWords(name);
    const words = ws.filter((t) => WORD.test(t) && pipelineWord(t));
    need = words.length ? words : ws.length ? ws : [name.trim().toLowerCase()];
    if (nameTermCache.size > 50_000) nameTermCache.clear();
    nameTermCache.set(name, need);
  }
  return need;
}

export interface Ranked {
  part: number;
  doc: number;
  relevance: number;
  /** With text: the share of the query's information the memory holds (content, tags and category as values). */
  coverage?: number;
}

/** Priority and recency boosts of one document. */
function baseBoost(seg: Segment, d: number, w: Weights, now: number): number {
  return boostOf(seg.prio[d], seg.ts[d], w, now);
}

function boostOf(prio: number, ts: number, w: Weights, now: number): number {
  const pr = w.priority[(['low', 'medium', 'high'] as const)[prio]] ?? 0;
  const ageDays = Math.max(0, (now - ts) / DAY);
  const rec = ageDays < w.recencyDays ? w.recencyPerDay * (w.recencyDays - ageDays) : 0;
  return pr + rec;
}

/** The page's order: relevance, then newer first, then the id (descending), so ties are stable. */
function pageOrder<T extends Ranked & { ts: number }>(view: IndexView): (x: T, y: T) => number {
  return (x, y) => {
    if (y.relevance !== x.relevance) return y.relevance - x.relevance;
    if (x.ts !== y.ts) return y.ts - x.ts;
    const ix = view.parts[x.part].seg.ids.get(x.doc);
    const iy = view.parts[y.part].seg.ids.get(y.doc);
    return ix < iy ? 1 : ix > iy ? -1 : 0;
  };
}

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

/** Documents from which {@link rankBounded} is taken for a query whose postings are few (see there). */
const BOUNDED_FROM = 250_000;
/** Documents from which {@link rankBounded} is taken for a query whose postings cover an eighth of them. */
const TIGHT_FROM = 20_000;

/**
 * The ranking of a query whose words are all common (or any query {@link rankPruned} declines),
 * without reading the length and time columns of every matching document. A merge of the query's
 * postings gives each matching document its exact set of matched terms and so its coverage (`total`
 * and `confident` are exact) and an upper bound of its score; only the documents whose bound reaches
 * the page are scored exactly, their lengths and times read by block. Only documents that `pass` (the
 * query's filters) are matches. Null when the conditions do not hold (at most 8 query terms, BM25's
 * usual shape; no tag or category named, checked by the caller): the caller ranks as usual.
 *
 * Two ways to bound, by how many postings the query has:
 * - **Many** (at least an eighth of the documents; from {@link TIGHT_FROM} documents): the bound of
 *   a document holds its term frequencies over its content length as coded in its
 *   {@link DocBounds} (never longer than it is), its priority and the recency boost of the latest
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
export function rankBounded(view: IndexView, qterms: string[], limit: number, w: Weights, now: number, params: Bm25Params, text = qterms.join(' '), minCoverage = MIN_COVERAGE, pass: ((part: number, doc: number) => boolean) | null = null): { ranked: Ranked[]; total: number; confident: number } | null {
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
  const maxRec = Math.max(0, w.recencyPerDay * w.recencyDays);
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
          if (!tf || (f !== CONTENT_FIELD && !labelValueMatch(seg, d, f, qwords[i]))) continue;
          const norm = 1 - b + (b * lens[j * NF + f]) / view.avgLen[f];
          s += (boost[f] * ((k1 + 1) * tf)) / (k1 * norm + tf);
        }
        if (s === 0) continue;
        score[j] += terms[i].w * s;
      }
    }
    for (let j = 0; j < docs.length; j++) {
      const sc = coord ? score[j] * Math.pow(countOf[masks[j]] / qterms.length, coord) : score[j];
      const ts = times[j];
      // rank's sum with no tag or category named, term for term: the same relevance to the last bit.
      const relevance = round(w.contentMatch * sc + w.tagMatch * 0 + w.categoryMatch * 0 + boostOf(prio(j), ts, w, now));
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
    const otherBound = (seg: Segment, d: number, i: number, p: number, tf: Uint8Array, nk: number): number => {
      const t0 = tf[p * NF];
      const t1 = tf[p * NF + 1];
      const t2 = tf[p * NF + 2];
      if (!t0 && !((t1 && labelValueMatch(seg, d, TAGS_FIELD, qwords[i])) || (t2 && labelValueMatch(seg, d, CATEGORY_FIELD, qwords[i])))) return -1;
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
      const out = cands[pi];
      let count = 0;
      eachPostingChunk(seg, t, true, (doc, tfs, n) => {
        const tf = tfs as Uint8Array;
        for (let p = 0; p < n; p++) {
          const d = doc[p];
          if (dead !== null && dead[d] === 1) continue;
          const t0 = tf[p * 3];
          const nk = normK[lenCode[d]];
          let ub = t0 && !tf[p * 3 + 1] && !tf[p * 3 + 2] ? (c * t0) / (nk + t0) : otherBound(seg, d, i, p, tf, nk);
          if (ub < 0 || (pass !== null && !pass(pi, d))) continue;
          ub = scale * ub + prioB[prio[d]] + recB[d >>> BOUND_SHIFT];
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
          const x = otherBound(seg, d, live[j], p, list.tf, nk);
          if (x < 0) continue;
          ub += x;
          mask |= 1 << live[j];
        }
        if (!mask || (pass !== null && !pass(pi, d))) continue;
        const bound = cm * ub * factor[mask] * (1 + 1e-9) + prioB[prio[d]] + recB[d >>> BOUND_SHIFT];
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
        if (!t0 && !((t1 && labelValueMatch(seg, d, TAGS_FIELD, qwords[i])) || (t2 && labelValueMatch(seg, d, CATEGORY_FIELD, qwords[i])))) continue;
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
      bound[k] = w.contentMatch * bound[k] * factor[m] * (1 + 1e-9) + (prioBoost[pr] ?? 0) + maxRec;
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

/** Newest first (creation time), ties by id descending: the order of list, recent and filter-only searches. */
export function newestFirst(view: IndexView) {
  return (a: Ranked, b: Ranked) => {
    const sa = view.parts[a.part].seg;
    const sb = view.parts[b.part].seg;
    const ta = sa.ts[a.doc];
    const tb = sb.ts[b.doc];
    if (ta !== tb) return tb - ta;
    const ia = sa.ids.get(a.doc);
    const ib = sb.ids.get(b.doc);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
}

/** Keeps the best `k` of `items` by `cmp`, in order, without sorting everything. */
export function bestOf<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (items.length <= k * 4) return items.sort(cmp).slice(0, k);
  const top: T[] = [];
  for (const it of items) keepBest(top, it, k, cmp);
  return top;
}

/**
 * Adds `it` to `top`, the best `k` so far in order, if it belongs there: a bounded insertion list
 * (k is a page of results). Returns whether it was kept.
 */
export function keepBest<T>(top: T[], it: T, k: number, cmp: (a: T, b: T) => number): boolean {
  if (k <= 0 || (top.length >= k && cmp(it, top[top.length - 1]) >= 0)) return false;
  let i = top.length < k ? top.length : k - 1;
  if (top.length < k) top.push(it);
  while (i > 0 && cmp(it, top[i - 1]) < 0) {
    top[i] = top[i - 1];
    i--;
  }
  top[i] = it;
  return true;
}

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
  const unfiltered = !filter.tags.length && filter.category === undefined && filter.scope === undefined && filter.priority === undefined && filter.after === undefined && filter.before === undefined && filter.since === undefined;
  if (limit <= SMALL_PAGE && params.prune !== false && !anyNamed.some((a) => a.tags || a.cats)) {
    const pruned = (unfiltered ? rankPruned(view, qterms, limit, w, now, params, text, minCoverage) : null) ?? rankBounded(view, qterms, limit, w, now, params, text, minCoverage, unfiltered ? null : pass);
    if (pruned) return pruned;
  }
  const newest = newestFirst(view);
  const cmp = (a: Ranked, b: Ranked) => b.relevance - a.relevance || newest(a, b);
  // The best `limit` kept in order as matches stream by: a match below the current last one costs
  // one comparison of numbers and no allocation.
  const top: Ranked[] = [];
  let total = 0;
  let confident = 0;
  eachTextScore(view, text, params, (part, doc, score, cov) => {
    if (!pass(part, doc)) return;
    total++;
    const seg = view.parts[part].seg;
    let tagHits = 0;
    if (anyNamed[part].tags) for (let i = seg.tagOff[doc]; i < seg.tagOff[doc + 1]; i++) if (named(part, 'tags', seg.tagIds[i])) tagHits++;
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

/** Pages up to this size are kept by insertion as matches stream by; larger ones are sorted at the end. */
const SMALL_PAGE = 256;

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
