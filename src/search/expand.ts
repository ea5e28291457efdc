import { readFileSync, statSync } from 'node:fs';
import { InvalidInputError } from '../errors.js';
import { queryTerms } from './analyze.js';
import type { IndexView } from './index-view.js';
import { valueWords } from './label-match.js';
import { docFrequency, isQuestionWord, NON_TERM_MIN_MEMORIES, NON_TERM_SHARE } from './terms.js';

/**
 * Query expansion for hybrid search (docs/hybrid.md "Query expansion"): words the query does not
 * hold that may say the same thing ("runs" / "went for a jog"), searched as a second, lighter
 * full-text query. Two sources were measured on the tune sets (BENCHMARKS.md, "Confidence from several signals, query expansion measured"):
 *
 * - `store`: the store itself. The memories nearest to the query by meaning (the model's cosine)
 *   name the topic in the store's own words: the terms several of them share, rarest first.
 * - `table`: a synonym table (a lexical resource such as WordNet: `{ "<query term>": ["word", …] }`,
 *   keyed by the analysed form, bench/wordnet-synonyms.mjs writes one), loaded from a file.
 *
 * Only words the store holds count, and none in most memories (they say nothing, {@link NON_TERM_SHARE}).
 */
export type ExpansionSource = 'none' | 'store' | 'table';

/** Terms of a word list as query terms, each with one word that analyses to it (the query text to search). */
function termWordsOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of new Set(valueWords(text))) {
    const ts = queryTerms(w);
    if (ts.length === 1 && !out.has(ts[0])) out.set(ts[0], w);
  }
  return out;
}

function usable(view: IndexView, term: string): number {
  if (isQuestionWord(term)) return 0;
  const df = docFrequency(view, term);
  const common = view.n >= NON_TERM_MIN_MEMORIES ? NON_TERM_SHARE * view.n : Infinity;
  return df > 0 && df <= common ? df : 0;
}

/**
 * Store expansion: the words that at least `minDocs` of `texts` (the nearest memories by meaning) hold
 * and the query does not, ranked by how many hold them times their idf; at most `most`.
 */
export function neighbourWords(view: IndexView, query: string, texts: string[], most: number, minDocs: number): string[] {
  const q = new Set(queryTerms(query));
  const count = new Map<string, { n: number; word: string }>();
  for (const t of texts) {
    for (const [term, word] of termWordsOf(t)) {
      if (q.has(term)) continue;
      const c = count.get(term);
      if (c) c.n++;
      else count.set(term, { n: 1, word });
    }
  }
  const scored: Array<[string, number]> = [];
  for (const [term, { n, word }] of count) {
    if (n < minDocs) continue;
    const df = usable(view, term);
    if (df) scored.push([word, n * Math.log(1 + view.n / df)]);
  }
  return scored
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, most)
    .map(([w]) => w);
}

/** A synonym table: analysed query term → words. */
export type SynonymTable = Readonly<Record<string, readonly string[]>>;

const tables = new Map<string, SynonymTable>();
/** Largest synonym table file read (WordNet's with hyponyms is 2.9 MB). */
export const MAX_SYNONYM_TABLE_BYTES = 32 * 1024 * 1024;
/** The table in file `path` (JSON), read once per process; a missing, huge or malformed file is INVALID_INPUT. */
export function synonymTable(path: string): SynonymTable {
  let t = tables.get(path);
  if (!t) {
    const bad = (why: string) => new InvalidInputError(`synonyms: ${why}`, { field: 'synonyms' });
    let parsed: unknown;
    try {
      if (statSync(path).size > MAX_SYNONYM_TABLE_BYTES) throw bad(`the file is larger than ${MAX_SYNONYM_TABLE_BYTES} bytes`);
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      if (err instanceof InvalidInputError) throw err;
      throw bad(`cannot read a JSON synonym table (${(err as Error).message.slice(0, 200)})`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad('a synonym table is a JSON object of word lists');
    tables.set(path, (t = parsed as SynonymTable));
  }
  return t;
}

/**
 * Table expansion: for each query term, its table words that the store holds and the query does not,
 * rarest first, at most `perTerm` each.
 */
export function tableWords(view: IndexView, query: string, table: SynonymTable, perTerm: number): string[] {
  const qterms = queryTerms(query);
  const q = new Set(qterms);
  const out: string[] = [];
  for (const t of qterms) {
    const words = Object.prototype.hasOwnProperty.call(table, t) ? table[t] : undefined;
    if (!Array.isArray(words) || isQuestionWord(t)) continue;
    const cands: Array<[string, number]> = [];
    for (const [term, word] of termWordsOf(words.slice(0, 200).join(' '))) {
      if (q.has(term)) continue;
      const df = usable(view, term);
      if (df) cands.push([word, df]);
    }
    cands.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    for (const [w] of cands.slice(0, perTerm)) out.push(w);
  }
  return out;
}
