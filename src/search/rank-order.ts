import type { Priority } from '../model/memory.js';
import type { IndexView } from './index-view.js';
import type { Segment } from './segment.js';

/**
 * What every full-text ranking shares: the seed's boosts (priority and recency) and their weights,
 * a ranked document, the page's order (relevance, then newer first, then the id) and keeping the best
 * `k` of a stream without sorting it. Pure: no git, no files.
 */

export const DAY = 86_400_000;

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

export interface Ranked {
  part: number;
  doc: number;
  relevance: number;
  /** With text: the share of the query's information the memory holds (content, tags and category as values). */
  coverage?: number;
}

/** Priority and recency boosts of one document. */
export function baseBoost(seg: Segment, d: number, w: Weights, now: number): number {
  return boostOf(seg.prio[d], seg.ts[d], w, now);
}

export function boostOf(prio: number, ts: number, w: Weights, now: number): number {
  const pr = w.priority[(['low', 'medium', 'high'] as const)[prio]] ?? 0;
  const ageDays = Math.max(0, (now - ts) / DAY);
  const rec = ageDays < w.recencyDays ? w.recencyPerDay * (w.recencyDays - ageDays) : 0;
  return pr + rec;
}

/** The page's order: relevance, then newer first, then the id (descending), so ties are stable. */
export function pageOrder<T extends Ranked & { ts: number }>(view: IndexView): (x: T, y: T) => number {
  return (x, y) => {
    if (y.relevance !== x.relevance) return y.relevance - x.relevance;
    if (x.ts !== y.ts) return y.ts - x.ts;
    const ix = view.parts[x.part].seg.ids.get(x.doc);
    const iy = view.parts[y.part].seg.ids.get(y.doc);
    return ix < iy ? 1 : ix > iy ? -1 : 0;
  };
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

/** Relevance as a search reports it: 4 decimal places. */
export function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
