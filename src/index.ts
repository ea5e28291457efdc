/**
 * git-memory's library API. `openMemory()` gives the seed's tool calls as typed methods over one
 * branch of one repository; every surface (CLI, GitHub Action, MCP server) is a thin adapter over it.
 *
 * This file is the whole public API, on purpose: what is exported here is covered by semantic
 * versioning (test/package/api.test.ts snapshots the names); everything else under src/ is internal
 * and may change in any release. Reach for {@link openMemory} first; {@link MemoryStore} is the
 * lower-level object of one branch (an injected clock, the functions that take a store, such as
 * {@link purgeTrash}); `openMemory` does not hand out the one it opens.
 *
 * @example
 * ```ts
 * import { openMemory } from 'git-memory';
 * const memory = openMemory({ repo: '.' });
 * const { id } = await memory.store({ content: 'API rate limit is 100 requests/minute', tags: ['api'] });
 * const { memory: m } = await memory.get(id);
 * ```
 *
 * @packageDocumentation
 */

// The entry point and its results.
export { openMemory, type GitMemory, type OpenOptions, type GetResult, type RecentResult, type ListResult, type DeleteResult, type TrashInput, type TrashResult } from './api.js';
export { MemoryStore, DEFAULT_BRANCH, type StoreOptions, type StoreInput, type StoreResult, type ListFilter, type UpdateInput, type UpdateResult } from './store/store.js';

// The memory model.
export { PRIORITIES, MAX_CONTENT_BYTES, type Memory, type Priority } from './model/memory.js';
export { isValidId } from './model/id.js';

// Errors: every rejection is a MemoryError with a stable `code`.
export {
  MemoryError,
  NotARepositoryError,
  UnsupportedRepositoryError,
  NotFoundError,
  InvalidIdError,
  InvalidInputError,
  EmptyContentError,
  ContentTooLargeError,
  BinaryContentError,
  ConfirmationRequiredError,
  ConflictError,
  LockedError,
  CorruptObjectError,
  CitationInvalidError,
  type ErrorCode,
} from './errors.js';

// Types of the method results and inputs.
export type { SearchQuery, SearchResult, SearchResponse, SearchMode, Relaxation, SearchFallback, VectorReport } from './model/search-types.js';
export type { RebuildResult as RebuildIndexResult } from './search/index.js';
export type { CoreOperation, CoreUpdateInput, CoreViewResult, CoreWriteResult, CoreSnapshot } from './lifecycle/core-doc.js';
export type { TrashItem } from './model/trash.js';
export type { MemoryVersion, GetAtResult } from './ops/history.js';
export type { MemoryStats } from './lifecycle/stats.js';
export type { PruneOptions, PruneResult, PruneItem } from './lifecycle/prune.js';
export type { ImportInput, ImportResult } from './lifecycle/importer.js';
export type { ImportError } from './lifecycle/import-records.js';
export type { ExportFormat } from './lifecycle/export.js';
export type { ConfigShowResult } from './lifecycle/config-ops.js';
export type { SyncOptions, SyncProgress, SyncResult } from './sync/sync.js';
export type { SyncConflict, ConflictKind } from './sync/combine.js';
export type { VerifyOptions, VerifyResult, VerifiedMemory, CitationCounts } from './lifecycle/verify.js';
export type { CitationCheck } from './citations/verify.js';
export type { Citation, CiteSpec, CitationState } from './citations/model.js';

// Settings (docs/lifecycle.md).
export { DEFAULT_CONFIG, type MemoryConfig, type ResolvedConfig, type ConfigIssue } from './model/config.js';

// Standalone helpers documented in docs/lifecycle.md and docs/core-memory.md.
export { scanText, redactText, assertNoSecrets, SecretDetectedError, type SecretFinding, type SecretKind } from './model/secrets.js';
import { purgeTrash as purgeBranchTrash } from './model/trash.js';
import type { MemoryStore as Store } from './store/store.js';
/**
 * Purges trash items deleted at least `olderThanDays` days before `now` (default: the
 * `trashRetentionDays` setting and the store's clock), in one commit. Git history keeps every purged file.
 */
export function purgeTrash(store: Store, olderThanDays?: number, now?: Date): Promise<{ success: true; purged: string[]; commit: string | null }> {
  return purgeBranchTrash(store, olderThanDays, now);
}
