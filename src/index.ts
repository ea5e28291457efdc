/**
 * git-memory's library API. `openMemory()` gives the seed's tool calls as typed methods over one
 * branch of one repository; every surface (CLI, GitHub Action, MCP server) is a thin adapter over it.
 *
 * @example
 * ```ts
 * import { openMemory } from 'git-memory';
 * const memory = openMemory({ repo: '.' });
 * const { id } = await memory.store({ content: 'API rate limit is 100 requests/minute', tags: ['api'] });
 * const { memory: m } = await memory.get(id);
 * ```
 */
export { openMemory, type GitMemory, type OpenOptions, type GetResult, type RecentResult, type ListResult, type DeleteResult } from './core/api.js';
export { MemoryStore, DEFAULT_BRANCH, type StoreOptions, type StoreInput, type StoreResult, type ListFilter } from './core/store.js';
export { type UpdateInput, type UpdateResult } from './core/store.js';
export { type TrashInput, type TrashResult } from './core/api.js';
export { coreView, coreUpdate, coreSet, coreHistory, coreRestore, applyOperations, CORE_DIR, DEFAULT_CORE, type CoreOperation, type CoreUpdateInput, type CoreViewResult, type CoreWriteResult, type CoreSnapshot } from './core/core-doc.js';
export { listTrash, purgeTrash, emptyTrash, restoreFromTrash, parseAge, TRASH_DIR, type TrashItem } from './core/trash.js';
export { memoryHistory, getAt, type MemoryVersion, type GetAtResult } from './core/history.js';
export { memoryStats, formatStats, type MemoryStats } from './core/stats.js';
export { PRIORITIES, MAX_CONTENT_BYTES, type Memory, type Priority } from './core/memory.js';
export { newId, isValidId, pathFor, idFromPath } from './core/id.js';
export * from './core/errors.js';
export type { SearchQuery, SearchResult, SearchResponse } from './core/search-types.js';
export type { RebuildResult as RebuildIndexResult, IndexOptions as SearchIndexOptions } from './search/index.js';
export { DEFAULT_CONFIG, BRANCH_CONFIG_PATH, REPO_CONFIG_FILE, type MemoryConfig, type ResolvedConfig, type ConfigIssue } from './core/config.js';
export { prune, ARCHIVE_DIR, type PruneOptions, type PruneResult, type PruneItem } from './lifecycle/prune.js';
export { importMemories, exportMemories, type ImportInput, type ImportResult, type ImportError, type ExportFormat } from './lifecycle/import-export.js';
export { scanText, redactText, assertNoSecrets, SecretDetectedError, type SecretFinding, type SecretKind } from './lifecycle/secrets.js';
export { autoTags } from './lifecycle/autotag.js';
export type { SyncOptions, SyncResult } from './sync/sync.js';
export type { SyncConflict, ConflictKind } from './sync/combine.js';
export { createEmbedder, resolveEmbedderConfig, HttpEmbedder, OnnxEmbedder, UseLiteEmbedder, USE_MODEL_ID, type Embedder, type EmbedderConfig, type EmbedderKind, type HttpEmbedderOptions } from './embed/index.js';
export { BranchVectors, VECTORS_DIR, vectorPath, type EnsureReport, type EnsureOptions } from './vector/branch.js';
export { encodeVector, decodeVector, contentHash as vectorContentHash } from './vector/codec.js';
export { VectorIndex, type VectorHit } from './vector/index.js';
export { storeEmbedder } from './vector/store-vectors.js';
export { embedMemories, type EmbedResult, type EmbedOptions } from './lifecycle/embed.js';
export { vectorsForStore, storeVectorsFrom, type StoreVectors } from './vector/write.js';
export { readOnlyView, type ReadOnlyBranch } from './vector/view.js';
export { UsePoolEmbedder, type UsePoolOptions } from './embed/use-pool.js';
export type { SearchMode, Relaxation, SearchFallback, VectorReport } from './core/search-types.js';
