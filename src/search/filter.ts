import { InvalidInputError } from '../errors.js';
import { isPriority, normalizeTags, type Priority } from '../model/memory.js';
import type { SearchQuery } from '../model/search-types.js';
import { terms as analyzeTerms } from './analyze.js';
import type { IndexView } from './index-view.js';
import { TAGS_FIELD } from './label-match.js';
import { FIELDS, gatherTags, gatherValues, NO_SCOPE, postingsOf, PRIORITY_CODE } from './segment.js';

/**
 * A search's filters (tags, category, scope, priority, date range, days): checked and normalised
 * from the query, compiled into a predicate over an index view's documents, and, for a filter naming
 * tags, the passing documents found from the tags' postings instead of a scan of every document's
 * values. Pure: no git, no files.
 */

const NF = FIELDS.length;
const DAY = 86_400_000;

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

/** True when `f` filters nothing: no tag, category, scope, priority or date. */
export function noFilter(f: NormalizedFilter): boolean {
  return !f.tags.length && f.category === undefined && f.scope === undefined && f.priority === undefined && f.after === undefined && f.before === undefined && f.since === undefined;
}

/** A predicate over (part, doc) for one view. */
export function compileFilter(view: IndexView, f: NormalizedFilter, matches: FilterMatches | null = filterMatches(view, f)): (part: number, doc: number) => boolean {
  // No filter: no column is read for it.
  if (noFilter(f)) return () => true;
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

/** The numbers in both ascending lists, ascending (written over `a`, which it returns shortened). */
function intersectAscending(a: Uint32Array, b: Uint32Array): Uint32Array {
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else (a[n++] = a[i++]), j++;
  }
  return a.subarray(0, n);
}

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
    // Candidates: documents holding every word of every tag in their tags field, ascending (a posting
    // list holds each document once, in document order: lists intersect by a merge, no set or sort).
    // Typed arrays sized up front, not growing lists: these loops run once per process, before the
    // engine has compiled them, over tens of thousands of candidates at 1,000,000 memories.
    let cands: Uint32Array | null = null;
    for (const term of new Set(words.flat())) {
      const t = seg.terms.find(Buffer.from(term, 'utf8'));
      if (t < 0) return empty;
      const { doc, tf } = postingsOf(seg, t);
      const have = new Uint32Array(doc.length);
      let n = 0;
      for (let p = 0; p < doc.length; p++) if (tf[p * NF + TAGS_FIELD] > 0 && !dead?.[doc[p]]) have[n++] = doc[p];
      cands = cands === null ? have.subarray(0, n) : intersectAscending(cands, have.subarray(0, n));
      if (!cands.length) return empty;
    }
    const c = cands ?? new Uint32Array(0);
    const { from: tagFrom, ids } = gatherTags(seg, c);
    const ts = gatherValues(seg, 'ts', c);
    const cats = cat >= 0 ? gatherValues(seg, 'cat', c) : null;
    const scopes = f.scope !== undefined ? gatherValues(seg, 'scope', c) : null;
    const prios = prio >= 0 ? gatherValues(seg, 'prio', c) : null;
    const docs = new Uint32Array(c.length);
    const times = new Float64Array(c.length);
    let kept = 0;
    for (let k = 0; k < c.length; k++) {
      const from = tagFrom[k];
      const j = tagFrom[k + 1];
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
      docs[kept] = c[k];
      times[kept++] = t;
    }
    return { docs: docs.slice(0, kept), ts: times.slice(0, kept) };
  });
}
