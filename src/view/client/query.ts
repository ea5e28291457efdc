/**
 * The static export's list queries: filter, facet and page the catalog (every memory's list entry) the
 * way the live server does, over plain objects. Runs in the page's Web Worker when the browser allows
 * one (an export served over http(s), such as a GitHub Pages site) and on the page's main thread
 * otherwise (file://, where chromium refuses a worker): there `pause` is awaited between slices of
 * SLICE entries, so no task of the page runs long (the whole pass at 100,000 entries took ~0.5 s in one
 * task before).
 */
import { topFacet } from '../../model/facets.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
export type Params = Record<string, string | string[]>;

export const SLICE = 2000;
export const PAGE = 50;
const FIELDS = ['category', 'priority', 'scope', 'source'] as const;

const one = (p: Params, k: string) => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined)) ?? '';

/** Words of a query as the export matches them (the live viewer uses the search index). */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? []) as string[];
}

/** True for the unfiltered list of live memories: the export carries its first page and facets. */
export function plainQuery(p: Params): boolean {
  return !queryWords(one(p, 'q')).length && (one(p, 'state') || 'live') === 'live' && !([] as string[]).concat(p.tag ?? []).filter(Boolean).length && FIELDS.every((k) => !one(p, k));
}

type Counts = Map<string, number>;
const bump = (m: Counts, v: string | undefined) => v !== undefined && v !== null && m.set(v, (m.get(v) ?? 0) + 1);

interface Matched {
  filtered: Json[];
  facets: Record<string, Array<[string, number]>>;
  words: string[];
}

/**
 * Lists the catalog for `p` (the parameters of the live `/api/list`). `lower` caches each entry's
 * lowercased excerpt by position (a side array: adding a property to 100,000 parsed objects made the
 * first search several times slower); `pause` is awaited every SLICE entries (main thread) and may
 * throw to abandon a query a newer one replaced.
 */
export async function listCatalog(items: Json[], p: Params, pause?: () => Promise<void>, memo?: Map<string, Matched>, lower: Array<string | undefined> = []): Promise<Json> {
  const words = queryWords(one(p, 'q'));
  const state = one(p, 'state') || 'live';
  const tags = ([] as string[]).concat(p.tag ?? []).filter(Boolean);
  const key = JSON.stringify([words, state, tags, FIELDS.map((k) => one(p, k))]);
  let m = memo?.get(key);
  if (!m) {
    const filtered: Json[] = [];
    const c: Record<string, Counts> = { tags: new Map(), category: new Map(), priority: new Map(), scope: new Map(), source: new Map(), state: new Map() };
    for (let start = 0; start < items.length; start += SLICE) {
      if (pause && start > 0) await pause();
      const end = Math.min(items.length, start + SLICE);
      for (let n = start; n < end; n++) {
        const i = items[n];
        if (!words.length) bump(c.state, i.state);
        if (state !== 'all' && i.state !== state) continue;
        if (words.length) {
          const lc: string = lower[n] ?? (lower[n] = String(i.excerpt).toLowerCase());
          if (!words.every((w) => lc.includes(w) || i.tags.includes(w))) continue;
        }
        if (!tags.every((t) => i.tags.includes(t)) || !FIELDS.every((k) => !one(p, k) || i[k] === one(p, k))) continue;
        filtered.push(i);
        for (const t of i.tags) bump(c.tags, t);
        for (const k of FIELDS) bump(c[k], i[k]);
        if (words.length) bump(c.state, i.state);
      }
    }
    m = { filtered, words, facets: { tags: topFacet(c.tags), category: topFacet(c.category), priority: topFacet(c.priority), scope: topFacet(c.scope), source: topFacet(c.source), state: topFacet(c.state) } };
    if (memo) {
      if (memo.size >= 16) memo.delete(memo.keys().next().value as string);
      memo.set(key, m);
    }
  }
  const page = Math.max(1, Math.floor(Number(one(p, 'page'))) || 1);
  return { at: null, total: m.filtered.length, page, size: PAGE, items: m.filtered.slice((page - 1) * PAGE, page * PAGE), facets: m.facets, ...(m.words.length ? { search: { mode: 'words', words: m.words } } : {}) };
}
