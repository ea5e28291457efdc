import { GitRepository } from '../git/repository.js';
import type { Identity } from '../git/tree.js';
import { branchConfigOid, readStoreConfig, type DeepPartial, type MemoryConfig, type ResolvedConfig } from '../model/config.js';
import { ARCHIVE_DIR, blobText, cacheDir, loadCatalog, loadCatalogAsync, unreadableFile, type Catalog, type CatalogEntry } from '../model/catalog.js';
import { validateBranchName } from '../git/refs.js';
import type { Change, WriteDefaults } from '../model/branch-view.js';
import { safeText } from '../model/error-format.js';
import { RefMovedError } from '../errors.js';
import { runClosers } from '../model/closers.js';
import { assertId, pathFor } from '../model/id.js';
import type { SearchQuery, SearchResponse } from '../model/search-types.js';
import type { IndexOptions as SearchIndexOptions, RebuildResult as RebuildIndexResult } from '../search/index.js';
import type { ModeSearchOptions } from '../search/hybrid-options.js';
import type { StoreVectors } from '../vector/write.js';
import { memoryFromFile, type Memory, type Priority } from '../model/memory.js';
import { storeMemory, type StoreInput, type StoreResult } from '../ops/store.js';
import { getMemory } from '../ops/get.js';
import { filterMemories, listPage, recentMemories, taggedMemories, type ListFilter } from '../ops/list.js';
import { updateMemory, type UpdateInput, type UpdateResult } from '../ops/update.js';
import { clearMemories, deleteMemory, deleteTagged } from '../ops/delete.js';

export const DEFAULT_BRANCH = 'memory';

/** Options for {@link MemoryStore}. */
export interface StoreOptions {
  /** Repository directory (any directory inside it). Default: the current directory. */
  repo?: string;
  /** Branch holding the memories. Default: env MEMORY_BRANCH, else "memory". */
  branch?: string;
  /** Recorded as metadata.source on new memories. Default "library". */
  source?: string;
  /** Clock, injectable for tests. Default: `() => new Date()`. */
  now?: () => Date;
  /** Where warnings about unreadable files go. Default: stderr. */
  warn?: (message: string) => void;
  /** Largest content accepted, in bytes. Default 65536. */
  maxContentBytes?: number;
  /** Category for memories stored without one. Default "general". */
  defaultCategory?: string;
  /** Priority for memories stored without one. Default "medium". */
  defaultPriority?: Priority;
  /** Config overrides with the highest precedence (the "flags" layer), e.g. `{ autoTag: false }`. */
  config?: DeepPartial<MemoryConfig>;
  /**
   * @internal Write-time vectors: given the texts about to be written, their vector files, committed together
   * with the memory (src/vector/write.ts). `openMemory` sets it (long-lived writers embed); the CLI
   * leaves it unset, so `memory store` never loads a model. Null: store without vectors.
   */
  vectorsOnWrite?: (texts: string[]) => Promise<StoreVectors | null>;
}

export type { StoreInput, StoreResult } from '../ops/store.js';
export type { ListFilter } from '../ops/list.js';
export type { UpdateInput, UpdateResult } from '../ops/update.js';

/** The README.md written at the root of a new memory branch. */
export const BRANCH_README = `# git-memory

This branch holds long-term memories written by git-memory (the \`memory\` command):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;

const BOT: Identity = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };
const DEFAULT_IDENTITY: Identity = { name: 'git-memory', email: 'git-memory@localhost' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The retry policy of `mutate` for a lost compare-and-swap on the branch ref: rethrows anything but
 * RefMovedError, and gives up after 100 attempts; otherwise waits a random 0..min(50, 2^attempt) ms
 * (jitter, so racing writers spread out) before the change is recomputed on the new tip.
 */
async function afterLostRace(err: unknown, attempt: number): Promise<void> {
  if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
  await sleep(Math.random() * Math.min(50, 2 ** attempt));
}

export type { Change } from '../model/branch-view.js';

/**
 * One branch of one repository: the open repository, the layered config, the clock and warnings,
 * the catalog caches, and `mutate`, the one way operations commit (imports too; the other writer of
 * the ref is sync's publish: scripts/import-graph.mjs allows no more). Every write is one commit built in the
 * object database and published by compare-and-swap on the branch ref; on a lost race the change is
 * recomputed on the new tip and retried, so concurrent writers never lose each other's memories.
 * The operations themselves (store, get, list, update, delete) are free functions in src/ops
 * over the `StoreBranch` this class satisfies; its methods of those names hand over to them.
 */
export class MemoryStore {
  /** @internal The open repository (src/git): not part of the public API. */
  readonly git: GitRepository;
  readonly branch: string;
  readonly ref: string;
  /** @internal */
  readonly cacheDir: string;
  private readonly opts: StoreOptions;
  private catalogMemo: Catalog | null = null;
  private archiveMemo: Catalog | null = null;
  private configMemo: (ResolvedConfig & { branchOid?: string | null }) | null = null;
  private readonly configWarned = new Set<string>();
  /** The warnings said at one branch tip: a command that reads the tip by two paths (the index, then the catalog) says each once. */
  private warned: { tip: string | null; said: Set<string> } | null = null;
  /** The last {@link findAtPath} answer (a commit's tree never changes). */
  private atPathMemo: { id: string; commit: string | null; hit: CatalogEntry | null | undefined } | null = null;

  /** @internal What the operations in src/ops apply from the options this store was opened with. */
  readonly defaults: WriteDefaults;

  constructor(opts: StoreOptions = {}) {
    this.opts = opts;
    this.defaults = { source: opts.source ?? 'library', maxContentBytes: opts.maxContentBytes, defaultCategory: opts.defaultCategory, vectorsOnWrite: opts.vectorsOnWrite };
    this.git = GitRepository.open(opts.repo);
    this.branch = validateBranchName(opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH);
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }

  /**
   * The effective configuration: defaults < branch `.memory/config.json` < repo `.git-memory.json` <
   * `MEMORY_*` env < `opts.config`. Cached for this store instance (re-read when the branch file
   * changes); every layer is checked by the one validator (src/model/config-validate.ts).
   */
  config(): MemoryConfig {
    return this.resolvedConfig().config;
  }

  /** The configuration with where each value came from and the problems found in each layer. */
  resolvedConfig(): ResolvedConfig {
    // Re-read when the branch file changed (another job's `config set`, a fetch): a long-lived server sees it.
    const branchOid = branchConfigOid(this);
    if (!this.configMemo || this.configMemo.branchOid !== branchOid) this.configMemo = { ...this.reportConfigIssues(readStoreConfig(this, this.configFlags())), branchOid };
    return this.configMemo;
  }

  /** {@link config}, for callers that await it (the library's `settings()`): the same answer. */
  async loadConfig(): Promise<MemoryConfig> {
    return this.config();
  }

  /** Forgets the cached configuration (after `memory config set`). */
  invalidateConfig(): void {
    this.configMemo = null;
  }

  private configFlags(): Record<string, unknown> {
    const flags: Record<string, unknown> = { ...(this.opts.config ?? {}) };
    if (this.opts.maxContentBytes !== undefined) flags.maxContentBytes = this.opts.maxContentBytes;
    if (this.opts.defaultCategory !== undefined) flags.defaultCategory = this.opts.defaultCategory;
    if (this.opts.defaultPriority !== undefined) flags.defaultPriority = this.opts.defaultPriority;
    return flags;
  }

  private reportConfigIssues(r: ResolvedConfig): ResolvedConfig {
    for (const i of r.issues) {
      if (this.configWarned.has(i.message)) continue;
      this.configWarned.add(i.message);
      this.warn(i.message);
    }
    return r;
  }

  now(): Date {
    return this.opts.now ? this.opts.now() : new Date();
  }

  warn(message: string): void {
    // Warnings quote branch files and config values: masked and bounded like errors.
    const text = safeText(message);
    const tip = this.tip();
    if (!this.warned || this.warned.tip !== tip) this.warned = { tip, said: new Set() };
    if (this.warned.said.has(text)) return;
    this.warned.said.add(text);
    (this.opts.warn ?? ((m: string) => process.stderr.write(`git-memory: warning: ${m}\n`)))(text);
  }

  /** @internal The branch tip, or null before the first write. */
  tip(): string | null {
    return this.git.resolve(this.ref);
  }

  /** @internal */
  treeOf(commit: string | null): string | null {
    return commit ? this.git.readCommit(commit).tree : null;
  }

  /** @internal Every memory at the current tip (or at `commit`). */
  catalog(commit: string | null = this.tip()): Catalog {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }

  /**
   * @internal {@link catalog} for a long-lived process (`memory view`): the cache file is parsed off
   * this thread (src/model/catalog.ts, loadCatalogAsync), so the event loop keeps answering meanwhile.
   */
  async catalogAsync(commit: string | null = this.tip(), archived = false, pace?: () => Promise<void>): Promise<Catalog> {
    const tree = this.treeOf(commit);
    const previous = archived ? this.archiveMemo : this.catalogMemo;
    const cat = await loadCatalogAsync(this.git, tree, { dir: this.cacheDir, previous, warn: (m) => this.warn(m), pace, ...(archived ? { prefix: ARCHIVE_DIR } : {}) });
    if (archived) this.archiveMemo = cat;
    else this.catalogMemo = cat;
    return cat;
  }

  /** @internal Every memory archived by `memory prune` (under `archive/`), at the tip or at `commit`. */
  archiveCatalog(commit: string | null = this.tip()): Catalog {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.archiveMemo, warn: (m) => this.warn(m), prefix: ARCHIVE_DIR });
    this.archiveMemo = cat;
    return cat;
  }

  /** @internal */
  identity(): Identity {
    return this.git.identity(process.env.GITHUB_ACTIONS === 'true' ? BOT : DEFAULT_IDENTITY);
  }

  /** @internal
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate<T>(compute: (tip: string | null) => { change: Change | null; result: T }): Promise<T & { commit: string | null }> {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      const changes = change.blobs ? new Map<string, Buffer | string | null>([...change.changes, ...change.blobs]) : change.changes;
      if (!tip) changes.set('README.md', Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        await afterLostRace(err, attempt);
      }
    }
  }

  /** @internal Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id: string, commit: string | null = this.tip()): CatalogEntry | null {
    const hit = this.findAtPath(id, commit);
    if (hit !== undefined) return hit;
    return this.catalog(commit).byId.get(id) ?? null;
  }

  /** @internal The fast path of {@link find}: the memory at the path its id gives; undefined when not there. */
  findAtPath(id: string, commit: string | null): CatalogEntry | null | undefined {
    assertId(id);
    // An operation asks once to choose its lookup and again to read the memory: one read per commit.
    if (this.atPathMemo && this.atPathMemo.id === id && this.atPathMemo.commit === commit) return this.atPathMemo.hit;
    const hit = this.readAtPath(id, commit);
    this.atPathMemo = { id, commit, hit };
    return hit;
  }

  private readAtPath(id: string, commit: string | null): CatalogEntry | null | undefined {
    const tree = this.treeOf(commit);
    if (!tree) return null;
    // Fast path: native ids encode their path, so a get reads four small trees and one blob.
    const guess = pathFor(id, '');
    const entry = this.git.entryAt(tree, guess);
    if (entry && /^10[0-7]{4}$/.test(entry.mode)) {
      const text = blobText(this.git.readBlob(entry.oid), guess, (w) => this.warn(w)); // a read failure is an error, not "not found"
      try {
        const m = memoryFromFile(guess, text, (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(unreadableFile(guess, (err as Error).message));
      }
    }
    return undefined;
  }

  // The memory operations live in src/ops, one file each, over the StoreBranch this store is.

  store(input: StoreInput): Promise<StoreResult> {
    return storeMemory(this, input);
  }

  get(id: string): Promise<{ success: true; memory: Memory }> {
    return getMemory(this, id);
  }

  /** @internal All memories matching a filter, newest first (no paging), from the full catalog; `list` is the scalable form. */
  filter(f: Omit<ListFilter, 'limit'> = {}): Memory[] {
    return filterMemories(this, f);
  }

  recent(count?: number): Promise<{ success: true; memories: Memory[]; total: number }> {
    return recentMemories(this, count);
  }

  tagged(tags: string[] | string): Promise<{ success: true; memories: Memory[] }> {
    return taggedMemories(this, tags);
  }

  list(f: ListFilter = {}): Promise<{ success: true; memories: Memory[]; total: number }> {
    return listPage(this, f);
  }

  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Nothing changes (no commit) when every given field
   * already has that value.
   */
  update(id: string, patch: UpdateInput): Promise<UpdateResult> {
    return updateMemory(this, id, patch);
  }

  delete(id: string): Promise<{ success: true; deleted: string; commit: string; files?: number }> {
    return deleteMemory(this, id);
  }

  deleteByTag(tag: string): Promise<{ success: true; deleted: string[]; commit: string | null }> {
    return deleteTagged(this, tag);
  }

  clear(opts: { confirm?: boolean } = {}): Promise<{ success: true; deleted: number; commit: string | null }> {
    return clearMemories(this, opts);
  }

  /**
   * `memory_search`: ranked full-text search with filters (docs/search.md). The index is derived
   * from the branch and loaded on first use; lunr only loads when a search runs.
   */
  async search(q: SearchQuery = {}, opts?: ModeSearchOptions): Promise<SearchResponse> {
    // Mode-aware (hybrid / vector / fulltext, fallback, relaxation: docs/hybrid.md); full-text
    // ranking itself stays in src/search/index.ts.
    const { modeSearch } = await import('../search/hybrid.js');
    return modeSearch(this, q, opts);
  }

  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts?: SearchIndexOptions): Promise<RebuildIndexResult> {
    const { rebuildIndex } = await import('../search/index.js');
    return rebuildIndex(this, opts);
  }

  /** Lets go of what the store holds open: index files (src/model/closers.ts), then the git reader. */
  close(): void {
    try {
      runClosers(this);
    } finally {
      this.git.close();
    }
  }
}
