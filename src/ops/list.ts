import type { ReadonlyBranch, ReadonlyStoreBranch } from '../model/branch-view.js';
import type { CatalogEntry } from '../model/catalog.js';
import { InvalidInputError } from '../errors.js';
import { normalizeTags, publicMemory, type Memory, type Priority } from '../model/memory.js';
import { limitOf } from '../model/bounds.js';

export interface ListFilter {
  tags?: string[] | string;
  category?: string;
  scope?: string;
  priority?: Priority;
  /** Include memories archived by `memory prune` (marked `archived: true`). Default false. */
  archived?: boolean;
  /** Page size. Default 50. */
  limit?: number;
}


function toLimit(v: unknown, dflt: number, name: string): number {
  return limitOf(v, dflt, name);
}

function byNewest(a: Memory, b: Memory): number {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** All memories matching a filter, newest first (no paging), from the full catalog; `listPage` is the scalable form. */
export function filterMemories(b: ReadonlyStoreBranch, f: Omit<ListFilter, 'limit'> = {}): Memory[] {
  const tags = normalizeTags(f.tags);
  const out: Memory[] = [];
  const live = b.catalog().byId;
  const sources: Array<[Iterable<CatalogEntry>, boolean]> = [[live.values(), false]];
  if (f.archived) sources.push([b.archiveCatalog().byId.values(), true]);
  for (const [entries, archived] of sources) {
    for (const e of entries) {
      const m = e.memory;
      if (archived && live.has(m.id)) continue;
      if (f.category !== undefined && m.category !== f.category) continue;
      if (f.scope !== undefined && m.scope !== f.scope) continue;
      if (f.priority !== undefined && m.priority !== f.priority) continue;
      if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
      out.push(archived ? { ...publicMemory(m), archived: true } : publicMemory(m));
    }
  }
  return out.sort(byNewest);
}

// list, recent and tagged read the derived index (src/search/listing.ts): typed arrays filtered and
// sorted, and only the returned page read from git.
export async function recentMemories(b: ReadonlyBranch, count?: number): Promise<{ success: true; memories: Memory[]; total: number }> {
  const n = toLimit(count, 10, 'count');
  const { listMemories } = await import('../search/listing.js');
  // total: every live memory (the listing counts them without reading any: every listing says N of M).
  const r = listMemories(b, {}, n);
  return { success: true, memories: r.memories, total: r.total };
}

export async function taggedMemories(b: ReadonlyBranch, tags: string[] | string): Promise<{ success: true; memories: Memory[] }> {
  const t = normalizeTags(tags);
  if (!t.length) throw new InvalidInputError('give at least one tag', { field: 'tags' });
  const { listMemories } = await import('../search/listing.js');
  return { success: true, memories: listMemories(b, { tags: t }, null).memories };
}

export async function listPage(b: ReadonlyBranch, f: ListFilter = {}): Promise<{ success: true; memories: Memory[]; total: number }> {
  const limit = toLimit(f.limit, 50, 'limit');
  const { listMemories } = await import('../search/listing.js');
  const r = listMemories(b, f, limit);
  return { success: true, memories: r.memories, total: r.total };
}
