/**
 * The door: every surface (the CLI, src/cli/context.ts; the MCP server, src/mcp/server.ts; the
 * GitHub Action, src/action/execute.ts) holds the object {@link openMemory} or {@link openDoor}
 * returns, and nothing under src/cli, src/mcp or src/action builds a `MemoryStore` or calls an
 * operation module itself. The door checks the options it is given and hands each call to an
 * operation in src/core, src/lifecycle, src/sync or src/daemon, which validates its own input.
 *
 * Operations beyond the store's own are imported on first use (`await import()` inside the method):
 * the CLI opens a door for every command, and `memory get` must not load history, core documents,
 * stats, sync, search or vectors (docs/DESIGN.md, "CLI start-up").
 */
import { MemoryStore, type ListFilter, type StoreInput, type StoreOptions, type StoreResult, type UpdateInput, type UpdateResult } from './store/store.js';
import { isPriority, type Memory } from './model/memory.js';
import type { MemoryConfig } from './model/config.js';
import type { SearchQuery, SearchResponse } from './model/search-types.js';
import type { RebuildResult as RebuildIndexResult } from './search/index.js';
import type { CoreSnapshot, CoreUpdateInput, CoreViewResult, CoreWriteResult } from './lifecycle/core-doc.js';
import type { GetAtResult, MemoryVersion } from './ops/history.js';
import type { MemoryStats } from './lifecycle/stats.js';
import { emptyTrash, listTrash, type TrashItem } from './model/trash.js';
import { storeMemory } from './ops/store.js';
import { getMemory } from './ops/get.js';
import { listPage, recentMemories, taggedMemories } from './ops/list.js';
import { updateMemory } from './ops/update.js';
import { clearMemories, deleteMemory, deleteTagged } from './ops/delete.js';
import { InvalidInputError } from './errors.js';
import type { SyncOptions, SyncResult } from './sync/sync.js';
import type { PruneOptions, PruneResult } from './lifecycle/prune.js';
import type { ImportInput, ImportResult } from './lifecycle/importer.js';
import type { ExportFormat, ExportOptions, ExportSkip } from './lifecycle/export.js';
import type { ConfigShowResult } from './lifecycle/config-ops.js';
import type { CalibrateResult } from './lifecycle/calibrate.js';
import type { EmbedOptions, EmbedResult } from './lifecycle/embed.js';
import type { ViewModel } from './view/model/view-model.js';
import type { VerifyOptions, VerifyResult } from './lifecycle/verify.js';
import type { CitedRead } from './lifecycle/cite-reads.js';
import type { ResolvedCitations } from './citations/create.js';
// Not imported on first use: the helper's build id is the bundle file holding its client (src/daemon/common.ts),
// and the CLI's start-up chunk is the file an upgrade is detected by.
import { daemonStatus, notifyStored, searchViaDaemon, startDaemon, stopDaemon, type DaemonState, type StopResult } from './daemon/client.js';
import { positiveInt } from './model/bounds.js';

/** `memory_trash` input: list (default), restore one by id, or empty (everything, or older than N days). */
export interface TrashInput {
  action?: TrashAction;
  /** restore: the memory id. */
  id?: string;
  /** empty: only items deleted at least this many days ago. */
  olderThanDays?: number;
}

/** What {@link GitMemory.trash} does. */
export type TrashAction = 'list' | 'restore' | 'empty';

export type TrashResult =
  | { success: true; action: 'list'; items: TrashItem[] }
  | { success: true; action: 'restore'; restored: string; from: 'trash' | 'history'; path: string; commit: string }
  | { success: true; action: 'empty'; purged: string[]; commit: string | null };

/** What {@link GitMemory.get} resolves to (`memory_get`). */
export type GetResult = { success: true; memory: Memory };
/** What {@link GitMemory.recent} resolves to (`memory_recent`), newest first. */
export type RecentResult = { success: true; memories: Memory[]; /** Every live memory, not just the page. */ total: number };
/** What {@link GitMemory.list} resolves to (`memory_list`); `total` counts every match, not just the page. */
export type ListResult = { success: true; memories: Memory[]; total: number };
/** What {@link GitMemory.delete} resolves to (`memory_delete`). */
export type DeleteResult = { success: true; deleted: string; commit: string; files?: number };

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
  /**
   * A directory that carries the search index between CI jobs (docs/search.md, "Index cache"):
   * restored before a search when the repository has none, saved back after a search that built or
   * updated it. The response then has `indexCache`. The CLI takes `--index-cache` or MEMORY_INDEX_CACHE.
   */
  indexCache?: string;
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
   * SECRET_DETECTED, INVALID_INPUT. `cite` records the code the memory describes (docs/citations.md):
   * `[{ path, lines? }]` or `"PATH[:START[-END]]"` at `citeRef` (default HEAD); CITATION_INVALID and
   * nothing stored when one cannot be cited; `warnings` when the working tree differs in cited lines.
   */
  store(input: StoreInput): Promise<StoreResult>;
  /**
   * `memory_get`: one memory by id, as `{ success, memory: { id, content, tags, category, priority,
   * timestamp, metadata } }` (plus `updated`/`scope` when set). Rejects with NOT_FOUND / INVALID_ID.
   */
  get(id: string, opts?: CitedRead): Promise<GetResult>;
  /** `memory_recent`: the newest memories first, `{ success, memories }`. `count` default 10; INVALID_INPUT unless a positive integer. */
  recent(count?: number, opts?: CitedRead): Promise<RecentResult>;
  /** Memories carrying every one of `tags`, newest first. */
  tagged(tags: string[] | string, opts?: CitedRead): Promise<{ success: true; memories: Memory[] }>;
  /**
   * `memory_list`: memories matching every given filter (`tags`: all of them, `category`, `scope`,
   * `priority`), newest first, as `{ success, memories, total }`; `total` counts all matches, not
   * just the page. `limit` default 50.
   */
  list(filter?: ListFilter & CitedRead & { cites?: string }): Promise<ListResult>;
  /**
   * `memory_search`: ranked full-text search (BM25 plus the seed's tag/category/priority/recency
   * boosts, docs/search.md) with filters; text alone, filters alone (newest first) or both, as
   * `{ success, results: [{ ...memory, relevance }], total }`. `limit` default 10. Any query string
   * is accepted; bad filter values reject with INVALID_INPUT.
   */
  search(q?: SearchQuery, opts?: ProgressOptions & CitedRead): Promise<SearchResponse>;
  /** Rebuilds the search index from every file on the branch: `{ success, indexed, skipped, ... }`. */
  rebuildIndex(opts?: ProgressOptions): Promise<RebuildIndexResult>;
  /**
   * `memory_delete`: moves one memory to the trash (one commit; git history keeps it), `{ success,
   * deleted, commit }`, plus `files` when several files claimed the id (all went). Rejects with NOT_FOUND.
   */
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
   * nothing changes (`changed: []`). Rejects with NOT_FOUND, INVALID_INPUT, EMPTY_CONTENT. `cite`
   * replaces the citations (CITATION_INVALID as for store), `uncite: true` removes them.
   */
  update(id: string, patch: UpdateInput): Promise<UpdateResult>;
  /**
   * `memory verify`: the state of every memory's citations at `ref` (default HEAD): valid, moved (with
   * `at`), changed (with a `hunk`), gone, invalid or unknown (with a `reason`). Reads only (and a
   * derived cache); `fix: true` re-anchors moved citations in one commit; `since: BASE` reports the
   * memories whose cited lines change between BASE and `ref`. docs/citations.md.
   */
  verify(opts?: VerifyOptions): Promise<VerifyResult>;
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
  trash<A extends TrashAction = 'list'>(input?: TrashInput & { action?: A }): Promise<Extract<TrashResult, { action: A }>>;
  /**
   * `memory_stats`: `{ total, categories, tags: { distinct, top }, priorities, trash, core: { chars,
   * versions, documents }, commits, oldest, newest, months, branch_size_bytes }`.
   */
  stats(opts?: { top?: number }): Promise<MemoryStats>;
  /**
   * Retention in one commit: expired and too-old memories to the trash, old ones to `archive/`, the
   * cap (`maxMemories`), old trash purged. `{ dryRun: true }` writes nothing. See docs/lifecycle.md.
   */
  prune(opts?: PruneOptions): Promise<PruneResult>;
  /**
   * Imports records (objects, JSONL text, a file, or a seed `.pi/memories` dir): one commit per 50,000
   * records (one commit for most imports), their ids in `commits`.
   */
  importMemories(input: ImportInput): Promise<ImportResult>;
  /** Every memory as JSONL (default), a JSON array or Markdown, in `data`. */
  exportMemories(opts?: { format?: ExportFormat; archived?: boolean }): Promise<{ success: true; format: ExportFormat; count: number; data: string; skipped: ExportSkip[] }>;
  /** The effective configuration, where each value comes from, and problems found in the layers. */
  config(): Promise<ConfigShowResult>;
  /** One setting by dotted key, e.g. `retention.enabled`. */
  configGet(key: string): Promise<{ success: true; key: string; value: unknown; origin: string }>;
  /** Sets a shared setting in `.memory/config.json` on the branch (one commit); INVALID_INPUT for a bad key or value. */
  configSet(key: string, value: unknown): Promise<{ success: true; key: string; value: unknown; commit: string | null; changed: boolean }>;
  /** Removes a shared setting from `.memory/config.json` (one commit; `changed: false` when it was not set). */
  configUnset(key: string): Promise<{ success: true; key: string; commit: string | null; changed: boolean }>;
  /** The branch this object works on, e.g. "memory". */
  readonly branch: string;
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
  return openDoor(opts);
}

/** A progress callback for work that reads the whole branch (an index build): files done, files total. */
export interface ProgressOptions {
  progress?: (done: number, total: number) => void;
}

/**
 * The door as the CLI holds it: every {@link GitMemory} method, plus operations the package does not
 * promise library users (not exported from src/index.ts): bulk embedding, the export as a stream,
 * the validated settings, and the warm search helper (src/daemon, docs/daemon.md).
 */
export interface MemoryDoor extends GitMemory {
  /** Embeds every memory that has no vector for the configured model, committing in batches (`memory embed`). */
  embed(opts?: Pick<EmbedOptions, 'batchSize' | 'threads' | 'onProgress'>): Promise<EmbedResult>;
  /** The configured model's similarity threshold read off the model (`memory calibrate`); `set` writes it to the branch's `hybrid.minSimilarity`. */
  calibrate(opts?: { far?: number; set?: boolean }): Promise<CalibrateResult>;
  /** The export in pieces, for writing to a stream as it is produced; the generator returns the count. */
  exportChunks(opts?: Pick<ExportOptions, 'format' | 'archived' | 'skipped'>): Promise<Generator<string, number>>;
  /** The effective settings, checked against the full schema (the limits a write applies). */
  settings(): Promise<MemoryConfig>;
  /** The tree of the branch tip, null before the first write: what a derived cache of the branch is keyed on. */
  tipTree(): string | null;
  /** The warm search helper for this branch. */
  readonly helper: SearchHelper;
  /**
   * The read-only projections `memory view` shows (src/view/model/view-model.ts): lists with facets,
   * a memory with its versions, the branch log, commit comparisons, stats, health, core documents.
   * One object per door: it caches catalogs of the commits looked at. Nothing it does commits.
   */
  viewModel(): Promise<ViewModel>;
}

/** The search helper (src/daemon): a process that keeps the model and the index warm between commands. */
export interface SearchHelper {
  /** The search answered by a running (or freshly started) helper, or null: search in this process. */
  search(q: SearchQuery, opts?: CitedRead): Promise<SearchResponse | null>;
  /** Tells a running helper a memory was stored, so it embeds it before the next search asks. */
  notifyStored(): Promise<void>;
  status(): Promise<DaemonState>;
  start(): Promise<DaemonState>;
  stop(): Promise<StopResult>;
}

/**
 * Runs the search helper in this process until it stops (`memory daemon run`, and what a default
 * search starts detached); resolves with its exit code. The door opens each branch it serves: the
 * helper holds them as `HelperBranch` views (src/model/branch-view.ts) and never names the store.
 */
export async function runSearchHelper(opts: { repo?: string; branch?: string; log?: (line: string) => void }): Promise<number> {
  const { runDaemon } = await import('./daemon/server.js');
  return runDaemon({ ...opts, open: (repo, branch, warn) => new MemoryStore({ repo, branch, source: 'cli', warn }) });
}

const OPTION_TYPES: Record<string, 'string' | 'function' | 'boolean' | 'object'> = {
  repo: 'string',
  branch: 'string',
  source: 'string',
  defaultCategory: 'string',
  now: 'function',
  warn: 'function',
  vectorsOnWrite: 'function',
  embedOnWrite: 'boolean',
  indexCache: 'string',
  config: 'object',
};

/** INVALID_INPUT for an options object a caller (most likely plain JavaScript) got wrong, before anything opens. */
function checkOpenOptions(opts: unknown): OpenOptions {
  if (opts === undefined) return {};
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw new InvalidInputError('the options must be an object, e.g. { repo: "." }', { field: 'options' });
  const o = opts as Record<string, unknown>;
  for (const [key, type] of Object.entries(OPTION_TYPES)) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== type || (type === 'object' && (v === null || Array.isArray(v)))) throw new InvalidInputError(`${key} must be ${type === 'object' ? 'an object' : `a ${type}`}`, { field: key });
  }
  if (o.indexCache !== undefined && (!(o.indexCache as string).trim() || (o.indexCache as string).includes('\0'))) {
    throw new InvalidInputError('the index cache (--index-cache, MEMORY_INDEX_CACHE or indexCache) must be a directory path', { field: 'indexCache' });
  }
  if (o.maxContentBytes !== undefined) positiveInt(o.maxContentBytes, 'maxContentBytes');
  if (o.defaultPriority !== undefined && !isPriority(o.defaultPriority)) throw new InvalidInputError('defaultPriority must be low, medium or high', { field: 'defaultPriority' });
  return o as OpenOptions;
}

/**
 * The citations a store or update asks for, resolved at their commit (docs/citations.md), or
 * undefined when it asks for none. The check reads git objects only; CITATION_INVALID on any failure.
 */
async function citationsFor(s: MemoryStore, input: { cite?: unknown; citeRef?: unknown } | undefined, field: string): Promise<ResolvedCitations | undefined> {
  if (!input || typeof input !== 'object' || input.cite === undefined) {
    if (input && typeof input === 'object' && input.citeRef !== undefined) throw new InvalidInputError('citeRef is the commit of the citations given with cite: give cite too', { field: 'citeRef' });
    return undefined;
  }
  if (input.citeRef !== undefined && typeof input.citeRef !== 'string') throw new InvalidInputError('citeRef must be a ref name or commit id', { field: 'citeRef' });
  const { resolveCitations, citeSpecsOf } = await import('./citations/create.js');
  return resolveCitations(s.git, { cite: citeSpecsOf(input.cite, field), citeRef: input.citeRef as string | undefined });
}

/**
 * {@link openMemory} for the surfaces: the same door, typed with the CLI's extra operations. The CLI
 * passes `embedOnWrite: false`: a command is one short process, and loading a model to embed one
 * memory would cost seconds; `memory embed` (or the search helper, told by `helper.notifyStored`) does it.
 */
/** The `ref` of a read's options: a string of at most 256 characters, or INVALID_INPUT. */
function refOf(o: unknown): string | undefined {
  if (o === null || typeof o !== 'object') return undefined;
  const ref = (o as CitedRead).ref;
  if (ref === undefined) return undefined;
  if (typeof ref !== 'string' || !ref || ref.length > 256) throw new InvalidInputError('ref must be a ref name or commit id', { field: 'ref' });
  return ref;
}

export function openDoor(options: OpenOptions = {}): MemoryDoor {
  const { embedOnWrite, indexCache, ...storeOpts } = checkOpenOptions(options);
  const writeVectors = async (texts: string[]) => (await import('./vector/write.js')).writeTimeVectors(s, texts);
  const s: MemoryStore = new MemoryStore({ ...storeOpts, vectorsOnWrite: storeOpts.vectorsOnWrite ?? (embedOnWrite === false ? undefined : writeVectors) });
  const history = () => import('./ops/history.js');
  const coreDoc = () => import('./lifecycle/core-doc.js');
  const sync = () => import('./sync/index.js');
  const importer = () => import('./lifecycle/importer.js');
  const exporter = () => import('./lifecycle/export.js');
  const configOps = () => import('./lifecycle/config-ops.js');
  let viewModel: ViewModel | null = null;
  const citeReads = () => import('./lifecycle/cite-reads.js');
  return {
    verify: async (o = {}) => {
      if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new InvalidInputError('verify options must be an object, e.g. { ref: "HEAD" }', { field: 'options' });
      for (const k of ['ref', 'since'] as const) if (o[k] !== undefined && typeof o[k] !== 'string') throw new InvalidInputError(`${k} must be a ref name or commit id`, { field: k });
      for (const k of ['fix', 'code'] as const) if (o[k] !== undefined && typeof o[k] !== 'boolean') throw new InvalidInputError(`${k} must be a boolean`, { field: k });
      return (await import('./lifecycle/verify.js')).verifyMemories(s, o);
    },
    store: async (input) => storeMemory(s, input, await citationsFor(s, input, 'cite')),
    get: async (id, o) => {
      const r = await getMemory(s, id);
      return { ...r, memory: (await citeReads()).withCitations(s, [r.memory], refOf(o))[0] };
    },
    recent: async (count, o) => {
      const r = await recentMemories(s, count);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf(o)) };
    },
    tagged: async (tags, o) => {
      const r = await taggedMemories(s, tags);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf(o)) };
    },
    list: async (filter = {}) => {
      const { ref, cites, ...f } = (filter ?? {}) as ListFilter & CitedRead & { cites?: string };
      const r = cites === undefined ? await listPage(s, f) : await (await citeReads()).listCiting(s, f, cites);
      return { ...r, memories: (await citeReads()).withCitations(s, r.memories, refOf({ ref })) };
    },
    // Mode-aware search (hybrid, vector, full text; docs/hybrid.md); lunr loads only when one runs.
    search: async (q, o) => {
      const ref = refOf(o);
      const run = async () => (await citeReads()).searchWithCitations(s, await (await import('./search/hybrid.js')).modeSearch(s, q, o?.progress ? { progress: o.progress } : undefined), ref);
      if (!indexCache) return run();
      // A search that reads no vector (full text) restores no vector file.
      const vectors = (await import('./search/hybrid.js')).mayReadVectors(s, q ?? {});
      const { result, report } = await (await import('./search/index-cache.js')).withIndexCache(s, indexCache, run, { vectors });
      return { ...result, indexCache: report };
    },
    rebuildIndex: async (o) => (await import('./search/index.js')).rebuildIndex(s, o?.progress ? { progress: o.progress } : undefined),
    delete: (id) => deleteMemory(s, id),
    deleteByTag: (tag) => deleteTagged(s, tag),
    clear: (o) => clearMemories(s, o),
    sync: async (o) => (await sync()).sync(s, o),
    pull: async (o) => (await sync()).pull(s, o),
    push: async (o) => (await sync()).push(s, o),
    update: async (id, patch) => updateMemory(s, id, patch, await citationsFor(s, patch, 'cite')),
    history: async (id) => (await history()).memoryHistory(s, id),
    getAt: async (id, at) => (await history()).getAt(s, id, at),
    coreView: async (o) => (await coreDoc()).coreView(s, o),
    coreUpdate: async (input) => (await coreDoc()).coreUpdate(s, input),
    coreSet: async (input) => (await coreDoc()).coreSet(s, input),
    coreHistory: async (o) => (await coreDoc()).coreHistory(s, o),
    coreRestore: async (input) => (await coreDoc()).coreRestore(s, input),
    // One implementation for the three actions; the cast gives callers the result of the action they asked for.
    trash: (async (input: TrashInput = {}): Promise<TrashResult> => {
      const action = input.action ?? 'list';
      if (action === 'list') return { success: true, action, items: listTrash(s) };
      if (action === 'restore') {
        if (!input.id) throw new InvalidInputError('restore needs the id of a memory in the trash', { field: 'id' });
        return { ...(await (await import('./ops/restore.js')).restoreFromTrash(s, input.id)), action };
      }
      if (action === 'empty') return { ...(await emptyTrash(s, { olderThanDays: input.olderThanDays })), action };
      throw new InvalidInputError(`unknown trash action ${JSON.stringify(action)}: use list, restore or empty`, { field: 'action' });
    }) as GitMemory['trash'],
    stats: async (o) => (await import('./lifecycle/stats.js')).memoryStats(s, o),
    prune: async (o) => (await import('./lifecycle/prune.js')).prune(s, o),
    importMemories: async (input) => (await importer()).importMemories(s, input),
    exportMemories: async (o) => (await exporter()).exportMemories(s, o),
    exportChunks: async (o) => (await exporter()).exportChunks(s, { maxContentBytes: (await s.loadConfig()).maxContentBytes, ...o }),
    config: async () => (await configOps()).configShow(s),
    configGet: async (key) => (await configOps()).configGet(s, key),
    configSet: async (key, value) => (await configOps()).configSet(s, key, value),
    configUnset: async (key) => (await configOps()).configUnset(s, key),
    settings: () => s.loadConfig(),
    embed: async (o = {}) => {
      for (const key of ['batchSize', 'threads'] as const) {
        const v = o[key];
        if (v !== undefined) positiveInt(v, key);
      }
      return (await import('./lifecycle/embed.js')).embedMemories(s, { batchSize: o.batchSize, threads: o.threads, onProgress: o.onProgress });
    },
    calibrate: async (o = {}) => (await import('./lifecycle/calibrate.js')).calibrate(s, { far: o.far, set: o.set === true }),
    viewModel: async () => {
      if (!viewModel) {
        const { ViewModel: VM } = await import('./view/model/view-model.js');
        // Search in this process (the viewer is long-lived and warm); retention as a dry run only.
        viewModel = new VM(s, { search: async (q) => (await import('./search/hybrid.js')).modeSearch(s, q), pruneDryRun: async () => (await import('./lifecycle/prune.js')).prune(s, { dryRun: true }) });
      }
      return viewModel;
    },
    helper: {
      // An index cache is this process's business (restored before the search, saved after it): a
      // helper answering instead would ignore the option the user gave, silently. CI turns helpers off
      // anyway (MEMORY_DAEMON auto); on a workstation `--index-cache` now searches in-process too.
      search: async (q, o) => {
        const r = indexCache ? null : await searchViaDaemon(s, q);
        return r && (await citeReads()).searchWithCitations(s, r, refOf(o));
      },
      notifyStored: () => notifyStored(s),
      status: () => daemonStatus(s),
      start: () => startDaemon(s),
      stop: () => stopDaemon(s),
    },
    branch: s.branch,
    tipTree: () => s.treeOf(s.tip()),
    close: () => s.close(),
  };
}
