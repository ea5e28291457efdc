/**
 * A memory as one row of the viewer's lists (id, dates, tags, category, priority, scope, source, where
 * it lives, the start of its text), and the order rows are shown in. Its own file because the list
 * pages (listing.ts), the comparison of two commits and the stats page (view-model.ts) all make rows
 * the same way, and the row is what the browser receives (src/view/client).
 */
import type { Memory } from '../../model/memory.js';

/** Where a memory lives on the branch at the commit looked at. */
export type ViewState = 'live' | 'archived' | 'trash';

/** One row of the memories list. */
export interface ViewItem {
  id: string;
  timestamp: string;
  updated?: string;
  tags: string[];
  category: string;
  priority: string;
  scope?: string;
  source?: string;
  state: ViewState;
  /** The first 280 characters of the text. */
  excerpt: string;
  /** Search only: the ranking score and its parts (docs/hybrid.md). */
  relevance?: number;
  scores?: Record<string, number>;
}

/** The longest text a row or a log entry carries in one field. */
export const MAX_TEXT = 200;
/** Newest first; ties by id, so pages do not reorder between requests. */
export const SORT = (a: ViewItem, b: ViewItem) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `s` as text of at most `max` characters; undefined for a missing value. */
export function clip(s: unknown, max = MAX_TEXT): string | undefined {
  if (s === undefined || s === null) return undefined;
  const t = String(s);
  return t.length > max ? t.slice(0, max) : t;
}

/** A memory as a list row in `state`. */
export function itemOf(m: Memory, state: ViewState): ViewItem {
  const src = m.metadata?.job ?? m.metadata?.source;
  return {
    id: m.id,
    timestamp: m.timestamp,
    ...(m.updated ? { updated: m.updated } : {}),
    tags: m.tags,
    category: m.category,
    priority: m.priority,
    ...(m.scope ? { scope: m.scope } : {}),
    ...(src !== undefined ? { source: clip(src, 100) } : {}),
    state,
    excerpt: m.content.length > 280 ? m.content.slice(0, 280) + '…' : m.content,
  };
}
