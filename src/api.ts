import { MemoryStore, type ListFilter, type StoreInput, type StoreOptions, type StoreResult } from './core/store.js';
import type { Memory } from './core/memory.js';
import type { SearchQuery, SearchResponse } from './core/search-types.js';
import type { RebuildResult as RebuildIndexResult } from './search/index.js';
import { coreHistory, coreRestore, coreSet, coreUpdate, coreView, type CoreSnapshot, type CoreUpdateInput, type CoreViewResult, type CoreWriteResult } from './core/core-doc.js';
import { getAt, memoryHistory, type GetAtResult, type MemoryVersion } from './core/history.js';
import { memoryStats, type MemoryStats } from './core/stats.js';
import { emptyTrash, listTrash, type TrashItem } from './core/trash.js';
import { restoreFromTrash } from './core/restore.js';
import { InvalidInputError } from './core/errors.js';
import type { UpdateInput, UpdateResult } from './core/store.js';

/** `memory_trash` input: list (default), restore one by id, or empty (everything, or older than N days). */
export interface TrashInput {
  action?: 'list' | 'restore' | 'empty';
  /** restore: the memory id. */
  id?: string;
  /** empty: only items deleted at least this many days ago. */
  olderThanDays?: number;
}

export type TrashResult =
  | { success: true; action: 'list'; items: TrashItem[] }
  | { success: true; action: 'restore'; restored: string; from: 'trash' | 'history'; path: string; commit: string }
  | { success: true; action: 'empty'; purged: string[]; commit: string | null };
import type { SyncOptions, SyncResult } from './sync/sync.js';
import type { PruneOptions, PruneResult } from './lifecycle/prune.js';
import type { ImportInput, ImportResult, ExportFormat } from './lifecycle/import-export.js';
import type { ConfigShowResult } from './lifecycle/config-ops.js';

/** What {@link GitMemory.get} resolves to (`memory_get`). */
export type GetResult = { success: true; memory: Memory };
/** What {@link GitMemory.recent} resolves to (`memory_recent`), newest first. */
export type RecentResult = { success: true; memories: Memory[] };
/** What {@link GitMemory.list} resolves to (`memory_list`); `total` counts every match, not just the page. */
export type ListResult = { success: true; memories: Memory[]; total: number };
/** What {@link GitMemory.delete} resolves to (`memory_delete`). */
export type DeleteResult = { success: true; deleted: string; commit: string };

/**
 * Options for {@link openMemory}. Every field is optional: `repo` (default: the current directory),
 * `branch` (default: env MEMORY_BRANCH, else "memory"), `source` recorded as `metadata.source`
 * (default "library"), `warn` for unreadable-file warnings (default: stderr), `maxContentBytes`
 * (default 65536), `defaultCategory` ("general"), `defaultPriority` ("medium"); see {@link StoreOptions}.
 */
export interface OpenOptions extends StoreOptions {
  /**
   * Embed each memory at store/update time with the configured embedder and commit its vector in
   * the same commit, so searches embed nothing but the query. Default true (a library user is a
   * long-lived writer); false leaves vectors to `memory embed`. No effect with MEMORY_EMBEDDER=none.
   */
  embedOnWrite?: boolean;
}

/**
 * The seed's tool calls, typed. Each method takes one options object (or the id) and resolves to
 * the seed's JSON shape with `success: true`, or rejects with a `MemoryError` carrying a stable `code`
 * (`err.code`: NOT_FOUND, INVALID_ID, INVALID_INPUT, EMPTY_CONTENT, CONTENT_TOO_LARGE, ...).
 * Safe to use from several processes and several concurrent calls at once: every write is one
 * commit published by compare-and-swap, retried on a lost race. The MCP tools call these methods.
 */
export interface GitMemory {
  /**
   * `memory_store`: stores a new memory as one commit. `content` is required (non-empty text, at most
   * 64 KiB); `tags` lowercased and deduplicated (an array or "a,b"; none given: derived from the
   * content when config `autoTag` is on, reported as `autoTags`), `category` default "general",
   * `priority` default "medium", `timestamp` default now. Resolves to `{ success, id, timestamp,
   * commit }`, with `duplicate: true` and the existing id when the same content is already stored
   * (config `dedupe`). Rejects with EMPTY_CONTENT, CONTENT_TOO_LARGE, BINARY_CONTENT,
   * SECRET_DETECTED, INVALID_INPUT.
   */
  store(input: StoreInput): Promise<StoreResult>;
  /**
   * `memory_get`: one memory by id, as `{ success, memory: { id, content, tags, category, priority,
   * timestamp, metadata } }` (plus `updated`/`scope` when set). Rejects with NOT_FOUND / INVALID_ID.
   */
  get(id: string): Promise<GetResult>;
  /** `memory_recent`: the newest memories first, `{ success, memories }`. `count` default 10; INVALID_INPUT unless a positive integer. */
  recent(count?: number): Promise<RecentResult>;
  /** Memories carrying every one of `tags`, newest first. */
  tagged(tags: string[] | string): Promise<{ success: true; memories: Memory[] }>;
  /**
   * `memory_list`: memories matching every given filter (`tags`: all of them, `category`, `scope`,
   * `priority`), newest first, as `{ success, memories, total }`; `total` counts all matches, not
   * just the page. `limit` default 50.
   */
  list(filter?: ListFilter): Promise<ListResult>;
  /**
   * `memory_search`: ranked full-text search (BM25 plus the seed's tag/category/priority/recency
   * boosts, docs/search.md) with filters; text alone, filters alone (newest first) or both, as
   * `{ success, results: [{ ...memory, relevance }], total }`. `limit` default 10. Any query string
   * is accepted; bad filter values reject with INVALID_INPUT.
   */
  search(q?: SearchQuery): Promise<SearchResponse>;
  /** Rebuilds the search index from every file on the branch: `{ success, indexed, skipped, ... }`. */
  rebuildIndex(): Promise<RebuildIndexResult>;
  /** `memory_delete`: removes one memory (one commit; git history keeps it), `{ success, deleted, commit }`. Rejects with NOT_FOUND. */
  delete(id: string): Promise<DeleteResult>;
  /** Removes every memory with `tag` in one commit. */
  deleteByTag(tag: string): Promise<{ success: true; deleted: string[]; commit: string | null }>;
  /** Removes all memories in one commit; requires `{ confirm: true }`. */
  clear(opts: { confirm?: boolean }): Promise<{ success: true; deleted: number; commit: string | null }>;
  /** Fetches the remote memory branch, combines it with local memories, pushes; retries if others pushed first. */
  sync(opts?: SyncOptions): Promise<SyncResult>;
  /** Fetches the remote memory branch and combines it into the local one; publishes nothing. */
  pull(opts?: SyncOptions): Promise<SyncResult>;
  /** Pushes the local memory branch as it is; PUSH_REJECTED if the remote has changes (use `sync`). */
  push(opts?: SyncOptions): Promise<SyncResult>;
  /**
   * `memory_update`: writes a new version of a memory. Given fields replace the stored ones (tags
   * too; metadata is merged); `updated` is set and `metadata.version` goes up by one. No commit when
   * nothing changes (`changed: []`). Rejects with NOT_FOUND, INVALID_INPUT, EMPTY_CONTENT.
   */
  update(id: string, patch: UpdateInput): Promise<UpdateResult>;
  /**
   * `memory_history`: every version of a memory from git history, newest first, each with `version`
   * (metadata.version), `commit`, `timestamp`, `content` and `event` (stored, updated, deleted,
   * restored, purged). Still works after the memory was deleted and purged. Rejects with NOT_FOUND.
   */
  history(id: string): Promise<{ success: true; id: string; versions: MemoryVersion[] }>;
  /** A memory as it was at a version number (`3`) or a commit id (full or short). Rejects with NOT_FOUND. */
  getAt(id: string, at: string | number): Promise<GetAtResult>;
  /**
   * `memory_core_view`: the core document (`name` default "default") and `version`, the commit it was
   * read at; pass that back as `expect_version` so a concurrent change is refused instead of overwritten.
   */
  coreView(opts?: { name?: string }): Promise<CoreViewResult>;
  /**
   * `memory_core_update`: patches the core document. `action` edit (old_text → new_text), delete
   * (old_text), insert_after (content after anchor_text; an empty anchor only on an empty document)
   * or batch (`operations`, applied in order to one snapshot, all or nothing). old_text/anchor_text
   * must match exactly once: otherwise INVALID_INPUT with `data.matches` and `data.lines`, nothing
   * written. Over the `coreMaxChars` budget: CONTENT_TOO_LARGE (never truncated). A stale
   * `expect_version`: CONFLICT. Resolves to `{ success, name, version, chars, max_chars, changed, applied }`.
   */
  coreUpdate(input: CoreUpdateInput): Promise<CoreWriteResult>;
  /** Replaces the whole core document (the first write, or a rewrite); same budget and version check. */
  coreSet(input: { content: string; name?: string; expect_version?: string }): Promise<CoreWriteResult>;
  /** `memory_core_history`: snapshots of the core document, newest first: `{ version, timestamp, message }`. */
  coreHistory(opts?: { name?: string }): Promise<{ success: true; name: string; snapshots: CoreSnapshot[] }>;
  /** `memory_core_restore`: brings the core document back as it was at `version`, as a new commit. */
  coreRestore(input: { version: string; name?: string; expect_version?: string }): Promise<CoreWriteResult & { restored_from: string }>;
  /**
   * `memory_trash`: `list` (default) → `{ items: [{ id, content, deleted_at, expires_at, ... }] }`,
   * most recently deleted first; `restore` + `id` → puts the memory back with its latest content
   * (from git history if it was already purged); `empty` → purges everything, or with
   * `olderThanDays` only older items. Git history keeps purged memories.
   */
  trash(input?: TrashInput): Promise<TrashResult>;
  /**
   * `memory_stats`: `{ total, categories, tags: { distinct, top }, priorities, trash, core: { chars,
   * versions, documents }, commits, oldest, newest, months, branch_size_bytes }`.
   */
  stats(opts?: { top?: number }): Promise<MemoryStats>;
  /** The underlying {@link MemoryStore}, for operations beyond the seed's tools. */
  /**
   * Retention in one commit: expired and too-old memories to the trash, old ones to `archive/`, the
   * cap (`maxMemories`), old trash purged. `{ dryRun: true }` writes nothing. See docs/lifecycle.md.
   */
  prune(opts?: PruneOptions): Promise<PruneResult>;
  /** Imports records (objects, JSONL text, a file, or a seed `.pi/memories` dir) in one commit. */
  importMemories(input: ImportInput): Promise<ImportResult>;
  /** Every memory as JSONL (default), a JSON array or Markdown, in `data`. */
  exportMemories(opts?: { format?: ExportFormat; archived?: boolean }): Promise<{ success: true; format: ExportFormat; count: number; data: string }>;
  /** The effective configuration, where each value comes from, and problems found in the layers. */
  config(): Promise<ConfigShowResult>;
  /** One setting by dotted key, e.g. `retention.enabled`. */
  configGet(key: string): Promise<{ success: true; key: string; value: unknown; origin: string }>;
  /** Sets a shared setting in `.memory/config.json` on the branch (one commit); INVALID_INPUT for a bad key or value. */
  configSet(key: string, value: unknown): Promise<{ success: true; key: string; value: unknown; commit: string | null; changed: boolean }>;
  readonly core: MemoryStore;
  /** Releases cached file handles. The object must not be used afterwards. */
  close(): void;
}

/**
 * Opens the memory branch of the repository at `opts.repo` (default: the current directory). Nothing
 * is written until the first write; the branch is created by the first store. Throws
 * NOT_A_REPOSITORY outside a git repository and INVALID_INPUT for an invalid branch name.
 *
 * @example
 * ```ts
 * const memory = openMemory({ repo: '.' });
 * await memory.store({ content: 'API rate limit is 100 requests/minute', tags: ['api', 'limits'] });
 * const { memories, total } = await memory.list({ tags: ['api'], limit: 20 });
 * memory.close();
 * ```
 */
export function openMemory(opts: OpenOptions = {}): GitMemory {
  const { embedOnWrite, ...storeOpts } = opts;
  const writeVectors = async (texts: string[]) => (await import('./vector/write.js')).writeTimeVectors(s, texts);
  const s: MemoryStore = new MemoryStore({ ...storeOpts, vectorsOnWrite: opts.vectorsOnWrite ?? (embedOnWrite === false ? undefined : writeVectors) });
  return {
    store: (input) => s.store(input),
    get: (id) => s.get(id),
    recent: (count) => s.recent(count),
    tagged: (tags) => s.tagged(tags),
    list: (filter) => s.list(filter),
    search: (q) => s.search(q),
    rebuildIndex: () => s.rebuildIndex(),
    delete: (id) => s.delete(id),
    deleteByTag: (tag) => s.deleteByTag(tag),
    clear: (o) => s.clear(o),
    sync: async (o) => (await import('./sync/index.js')).sync(s, o),
    pull: async (o) => (await import('./sync/index.js')).pull(s, o),
    push: async (o) => (await import('./sync/index.js')).push(s, o),
    update: (id, patch) => s.update(id, patch),
    history: (id) => memoryHistory(s, id),
    getAt: (id, at) => getAt(s, id, at),
    coreView: (o) => coreView(s, o),
    coreUpdate: (input) => coreUpdate(s, input),
    coreSet: (input) => coreSet(s, input),
    coreHistory: (o) => coreHistory(s, o),
    coreRestore: (input) => coreRestore(s, input),
    trash: async (input = {}) => {
      const action = input.action ?? 'list';
      if (action === 'list') return { success: true, action, items: listTrash(s) };
      if (action === 'restore') {
        if (!input.id) throw new InvalidInputError('restore needs the id of a memory in the trash', { field: 'id' });
        return { ...(await restoreFromTrash(s, input.id)), action };
      }
      if (action === 'empty') return { ...(await emptyTrash(s, { olderThanDays: input.olderThanDays })), action };
      throw new InvalidInputError(`unknown trash action ${JSON.stringify(action)}: use list, restore or empty`, { field: 'action' });
    },
    stats: (o) => memoryStats(s, o),
    prune: async (o) => (await import('./lifecycle/prune.js')).prune(s, o),
    importMemories: async (input) => (await import('./lifecycle/import-export.js')).importMemories(s, input),
    exportMemories: async (o) => (await import('./lifecycle/import-export.js')).exportMemories(s, o),
    config: async () => (await import('./lifecycle/config-ops.js')).configShow(s),
    configGet: async (key) => (await import('./lifecycle/config-ops.js')).configGet(s, key),
    configSet: async (key, value) => (await import('./lifecycle/config-ops.js')).configSet(s, key, value),
    core: s,
    close: () => s.close(),
  };
}
