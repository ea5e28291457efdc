import { pipelineWord, queryTerms } from './analyze.js';
import type { IndexView } from './index-view.js';
import { eachPostingChunk, postingCount, postingsOf } from './segment.js';

/**
 * Query terms against the index: a term's postings in each part (looked up once per index view), its
 * document frequency over live documents and its idf, and the information each term of a query
 * carries (question words and terms in most memories carry none), from which a memory's coverage of
 * the query and the share of the query's terms the store knows are made. Pure: no git, no files.
 */

/** lunr's idf. */
export function idf(df: number, n: number): number {
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
 * query is the share of this mass that it holds (bm25.ts, `eachTextScore`).
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
export function termPostings(view: IndexView, term: string): TermPostings {
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

export type TermPostings = {
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
