import { MemoryStore, type ListFilter, type StoreInput, type StoreOptions, type StoreResult } from './store.js';
import type { Memory } from './memory.js';

/** Options for {@link openMemory}; see {@link StoreOptions} for the defaults. */
export type OpenOptions = StoreOptions;

/**
 * The seed's tool calls, typed. Each method takes one options object (or the id) and resolves to
 * the seed's JSON shape with `success: true`, or rejects with a `MemoryError` carrying a stable `code`.
 */
export interface GitMemory {
  /** `memory_store`: stores a new memory as one commit. */
  store(input: StoreInput): Promise<StoreResult>;
  /** `memory_get`: one memory by id. Rejects with NOT_FOUND / INVALID_ID. */
  get(id: string): Promise<{ success: true; memory: Memory }>;
  /** `memory_recent`: the newest memories. `count` default 10. */
  recent(count?: number): Promise<{ success: true; memories: Memory[] }>;
  /** Memories carrying every one of `tags`, newest first. */
  tagged(tags: string[] | string): Promise<{ success: true; memories: Memory[] }>;
  /** `memory_list`: memories matching the filter, newest first; `total` counts all matches. `limit` default 50. */
  list(filter?: ListFilter): Promise<{ success: true; memories: Memory[]; total: number }>;
  /** `memory_delete`: removes one memory (one commit; git history keeps it). */
  delete(id: string): Promise<{ success: true; deleted: string; commit: string }>;
  /** Removes every memory with `tag` in one commit. */
  deleteByTag(tag: string): Promise<{ success: true; deleted: string[]; commit: string | null }>;
  /** Removes all memories in one commit; requires `{ confirm: true }`. */
  clear(opts: { confirm?: boolean }): Promise<{ success: true; deleted: number; commit: string | null }>;
  /** The underlying store, for operations beyond the seed's tools. */
  readonly core: MemoryStore;
  close(): void;
}

/** Opens the memory branch of the repository at `opts.repo` (default: the current directory). */
export function openMemory(opts: OpenOptions = {}): GitMemory {
  const s = new MemoryStore(opts);
  return {
    store: (input) => s.store(input),
    get: (id) => s.get(id),
    recent: (count) => s.recent(count),
    tagged: (tags) => s.tagged(tags),
    list: (filter) => s.list(filter),
    delete: (id) => s.delete(id),
    deleteByTag: (tag) => s.deleteByTag(tag),
    clear: (o) => s.clear(o),
    core: s,
    close: () => s.close(),
  };
}
