import lunr from 'lunr';
import { irregularBase } from './irregular.js';

/**
 * Text analysis shared by indexing and querying, so a query term and an indexed term always meet.
 *
 * Latin-script words go through lunr's own pipeline (stop-word filter, then the Porter stemmer), so
 * ranking keeps lunr's English semantics. Around it:
 * - A word holding punctuation (`node.js`, `snake_case`, `kebab-case`, `c++`, `caroline's`) yields
 *   the whole word as one unstemmed term (exact matches rank first) plus its parts run through the
 *   pipeline (`node`, `js`), so both the identifier and its pieces are findable. lunr's tokenizer
 *   would split `kebab-case`, keep `snake_case` whole and turn `c++` into `c`.
 * - Letters are Unicode letters, not `\w`: lunr's trimmer cuts `café` to `caf`.
 * - Chinese, Japanese and Korean runs have no spaces between words: they become overlapping
 *   character bigrams (and, when indexing, single characters too, so a one-character query finds
 *   something), the usual approach of CJK full-text engines without a dictionary.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]/u;
const CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]+)/u;
const LEAD = /^[^\p{L}\p{N}]+/u;
// Trailing `+` and `#` stay: c++, c#, f#.
const TRAIL = /[^\p{L}\p{N}+#]+$/u;
const PART_SPLIT = /[^\p{L}\p{N}]+/u;
const WORD_ONLY = /^[\p{L}\p{N}]+$/u;

const stemCache = new Map<string, string>();

/**
 * lunr's pipeline for one word: an irregular form to its base form (src/search/irregular.ts: kept →
 * keep, children → child), stop-word filter, then stemmer. Empty string for a stop word.
 */
export function pipelineWord(word: string): string {
  const hit = stemCache.get(word);
  if (hit !== undefined) return hit;
  let out = '';
  const tok = new lunr.Token(irregularBase(word) ?? word, {});
  if (lunr.stopWordFilter(tok) !== undefined) out = lunr.stemmer(tok).toString();
  if (stemCache.size > 500_000) stemCache.clear();
  stemCache.set(word, out);
  return out;
}

export type TermSink = (term: string) => void;
/** Receives a plain word (letters and digits only) that still has to go through the pipeline. */
export type WordSink = (word: string) => void;

const ASCII_WORD = /^[a-z0-9]+$/;

function latinChunk(chunk: string, emit: TermSink, word: WordSink): void {
  // Most chunks are plain lowercase words: skip the Unicode trimming for them.
  if (ASCII_WORD.test(chunk)) return word(chunk);
  const w = chunk.replace(LEAD, '').replace(TRAIL, '');
  if (!w) return;
  if (WORD_ONLY.test(w)) return word(w);
  emit(w);
  for (const part of w.split(PART_SPLIT)) {
    // One-letter pieces (the `c` of c++, the `s` of a possessive) would match almost everything.
    if (!part || (part.length === 1 && !/\p{N}/u.test(part))) continue;
    word(part);
  }
}

function cjkRun(run: string, emit: TermSink, unigrams: boolean): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    emit(chars[0]);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) emit(chars[i] + chars[i + 1]);
  if (unigrams) for (const c of chars) emit(c);
}

/**
 * Feeds every term of `text` to `emit`, in order. `forIndex` adds CJK single characters (documents
 * need them for one-character queries; queries with longer runs are better served by bigrams only).
 */
export function analyze(text: string, emit: TermSink, forIndex: boolean, word?: WordSink): void {
  if (!text) return;
  const plain: WordSink =
    word ??
    ((w) => {
      const t = pipelineWord(w);
      if (t) emit(t);
    });
  const norm = text.normalize('NFKC').toLowerCase();
  const hasCjk = CJK.test(norm);
  const pieces = hasCjk ? norm.split(CJK_RUNS) : [norm];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (!piece) continue;
    // split() with a capture group alternates: non-CJK at even indexes, CJK runs at odd ones.
    if (hasCjk && i % 2 === 1) {
      cjkRun(piece, emit, forIndex);
      continue;
    }
    for (const chunk of piece.split(/\s+/)) if (chunk) latinChunk(chunk, emit, plain);
  }
}

/** The terms of `text`, with duplicates. */
export function terms(text: string, forIndex = true): string[] {
  const out: string[] = [];
  analyze(text, (t) => out.push(t), forIndex);
  return out;
}

/** Distinct query terms, in first-seen order. */
export function queryTerms(text: string): string[] {
  return [...new Set(terms(text, false))];
}

/** Capitalised words that are no name: the pronoun I and its contractions. */
const NOT_NAMES = new Set(['i', "i'm", "i've", "i'd", "i'll", 'i’m', 'i’ve', 'i’d', 'i’ll']);

/** Most names a query gives ({@link queryNames}): each costs a full-text lookup, so a long query is bounded. */
export const MAX_QUERY_NAMES = 8;

/**
 * The words a query names something with (src/search/confidence.ts, "Names"): a word written with a
 * capital letter that does not open a sentence ("is Tom allergic to anything", "do we use Jenkins",
 * "is SSO included") and that is not a stop word. A query typed in title case or in capitals
 * (more than half of its words from 3 on) says nothing by its capitals: none. Lowercase names
 * ("why did we pick kafka") are not seen: a query's capitals are the only sign of a name that needs
 * no vocabulary. The first {@link MAX_QUERY_NAMES} only.
 */
export function queryNames(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const caps = (w: string) => /^\p{Lu}/u.test(w.replace(LEAD, ''));
  if (words.length >= 3 && words.filter(caps).length * 2 > words.length) return [];
  const out: string[] = [];
  let opens = true;
  for (const raw of words) {
    const w = raw.replace(LEAD, '').replace(TRAIL, '');
    const name = !opens && w && caps(w) && !NOT_NAMES.has(w.toLowerCase()) && terms(w, false).length > 0;
    if (name && !out.includes(w) && out.push(w) >= MAX_QUERY_NAMES) break;
    opens = /[.?!:]["')\]]*$/.test(raw);
  }
  return out;
}
