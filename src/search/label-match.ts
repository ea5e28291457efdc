import { pipelineWord, queryTerms, terms as indexTerms } from './analyze.js';
import type { Segment } from './segment.js';

/**
 * Tags and categories match as values, not as stems: the plain words of a text or a name, the query
 * words each query term came from, whether a document's tag or category holds one of them as a whole
 * word ("generator" never matches the category "general"), and whether a tag or category is named by
 * the query (the seed's tag and category boosts). Pure: no git, no files.
 */

/** Field numbers of a segment's postings: content, tags, category. */
export const CONTENT_FIELD = 0;
export const TAGS_FIELD = 1;
export const CATEGORY_FIELD = 2;

/** Plain lowercase words of a text or a name, as written (no stemming): fields match as values. */
export function valueWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter(Boolean);
}

/** A word of a name is in the query as written, or with a plural ending either way ("limit"/"limits"). */
function sameWord(a: string, b: string): boolean {
  return a === b || a === b + 's' || b === a + 's' || a === b + 'es' || b === a + 'es';
}

/** For each query term, the words of `text` that analyse to it: a tag matches one of them, not a stem. */
export function termWords(text: string, qterms: string[]): string[][] {
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
export function labelValueMatch(seg: Segment, d: number, field: number, words: string[]): boolean {
  const names = field === TAGS_FIELD ? Array.from(seg.tagIds.subarray(seg.tagOff[d], seg.tagOff[d + 1]), (t) => seg.tags[t]) : [seg.cats[seg.cat[d]]];
  for (const name of names) if (labelWords(name).some((x) => words.some((w) => sameWord(x, w)))) return true;
  return false;
}

/**
 * Whether every tag (field 1) or category (field 2) of `seg`'s table that the index holds under
 * `term` has one of `words` as a value (so {@link labelValueMatch} is true for every posting of
 * `term` in that field, and a ranking need not read a document's labels to know it). A table of a few
 * hundred names is checked once per segment and query term, instead of the tag columns of every
 * matching document (12 MB at 1,000,000 memories).
 */
export function labelAlwaysMatches(seg: Segment, field: number, term: string, words: string[]): boolean {
  const table = field === TAGS_FIELD ? seg.tags : seg.cats;
  for (const name of table) {
    if (!labelTerms(name).includes(term)) continue;
    if (!labelWords(name).some((x) => words.some((w) => sameWord(x, w)))) return false;
  }
  return true;
}

// The index's terms of a label (as the segment builder analyses it), once per name and process.
const labelTermCache = new Map<string, string[]>();
function labelTerms(name: string): string[] {
  let ts = labelTermCache.get(name);
  if (!ts) {
    ts = indexTerms(name ?? '', true);
    if (labelTermCache.size > 50_000) labelTermCache.clear();
    labelTermCache.set(name, ts);
  }
  return ts;
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
