import type { GitRepository } from '../git/repository.js';
import type { ReadPlan } from '../git/objects.js';
import type { CommitInfo, Identity } from '../git/tree.js';
import type { Catalog, CatalogEntry } from './catalog.js';
import type { MemoryConfig, ResolvedConfig } from './config.js';
import type { SearchQuery, SearchResponse } from './search-types.js';

/**
 * The narrow, read-only view of one memory branch that the read side (search, list, recent, tagged,
 * stats) works on. It has no method that commits: code holding a `ReadonlyBranch` cannot write to the
 * branch, so "reads never write" is a property of the types. `MemoryStore` satisfies it structurally;
 * so can a test double or a future `MemoryBranch` from the git backend redesign.
 */

/** One entry of a git tree, as the object reader returns it. */
export interface BranchTreeEntry {
  mode: string;
  name: string;
  oid: string;
}

/** A file below a prefix of a tree. */
export interface BranchBlob {
  path: string;
  oid: string;
}

/** Reading objects of the repository: trees and blobs, never writing them. */
export interface BranchObjects {
  readBlob(oid: string): Buffer;
  /** Every blob of `oids`, visited in the order cheapest to read (not the order given). */
  readBlobs(oids: readonly string[], visit: (i: number, data: Buffer) => void): void;
  /**
   * For reading a whole branch in parts (a full index build on several threads): the order
   * {@link readBlobs} reads `oids` in, with where each is; a blob of it; and the object folder another
   * thread may read them from by itself (null when some may need git). Absent in a test double.
   */
  planBlobs?(oids: readonly string[]): ReadPlan;
  readPlannedBlob?(plan: ReadPlan, k: number, oid: string): Buffer;
  objectsDir?(): string | null;
  readTree(oid: string): BranchTreeEntry[];
  /** The entry at `path` in `tree`, or null. */
  entryAt(tree: string, path: string): BranchTreeEntry | null;
  /** Every blob under `prefix` (recursively), in tree order; a name that is not UTF-8 is left out and given to `onRawName`. */
  listBlobs(tree: string, prefix: string, onRawName?: (path: string, oid: string) => void): BranchBlob[];
}

/**
 * The repository as write operations see it: object reads, commit reads and where it lives, and no
 * method that writes an object or moves a ref. `GitRepository` satisfies it; handing operations this
 * instead of the concrete class is what makes `mutate` the one way for them to commit (a module that
 * names `compareAndSwap` or `commitTree` outside the allow-list fails scripts/import-graph.mjs --check).
 */
export interface BranchRepository extends BranchObjects {
  readCommit(oid: string): CommitInfo;
  readonly location: GitRepository['location'];
  /** Where `git` runs for this repository (reads through `git cat-file --batch`). */
  readonly target: GitRepository['target'];
  /** In a partial clone, fetches the blobs not here in one round trip before many reads. */
  prefetchBlobs?(oids: Iterable<string>): number;
  /** The commit id a ref points at, or null (a citation's `--cite-ref`). */
  resolve(ref: string): string | null;
  /** Any object's type and bytes (a citation peels an annotated tag to its commit). */
  readonly objects: {
    read(oid: string): { type: string; data: Buffer };
    /** The size of a loose object's file, or null when it is not loose (stats counts fresh commits with it). */
    looseSize(oid: string): number | null;
  };
}

export interface ReadonlyBranch {
  /** Branch name, e.g. "memory". */
  readonly branch: string;
  /** Full ref, e.g. "refs/heads/memory". */
  readonly ref: string;
  /** Directory under the git dir for derived data (indexes) of this branch. */
  readonly cacheDir: string;
  /** Object reading. */
  readonly git: BranchObjects;
  /** The branch tip, or null before the first write. */
  tip(): string | null;
  /** The tree of a commit (null for null). */
  treeOf(commit: string | null): string | null;
  /** The effective configuration. */
  config(): MemoryConfig;
  /** The clock (injectable in tests). */
  now(): Date;
  /** Where warnings about unreadable files go. */
  warn(message: string): void;
}

/** One commit's worth of change: paths to new contents (null deletes), and the commit message. */
export interface Change {
  changes: Map<string, Buffer | null>;
  /**
   * Paths to blobs already in the object database, by id: an import writes its batch's files as one
   * pack first, and commits them through `mutate` like any other change.
   */
  blobs?: Map<string, string>;
  message: string;
}

/**
 * The read-only view with commit reads: the repository as a {@link BranchRepository} (object and
 * commit reads, where it lives, nothing that writes) and a lookup by id. What history, the trash
 * listing and the core document's reads take; the writable views below extend it.
 */
export interface BranchReader extends Omit<ReadonlyBranch, 'git'> {
  readonly git: BranchRepository;
  /** The live memory file with this id at `commit` (default: the tip), or null. */
  find(id: string, commit?: string | null): CatalogEntry | null;
}

/**
 * The writable view of one memory branch that write operations (trash, restore, core documents,
 * config, and through {@link StoreBranch} the rest) take instead of the concrete store: the reader
 * and `mutate`, the only way code holding this type can commit (compare-and-swap on the branch ref,
 * recomputed on a lost race). `MemoryStore` satisfies it structurally, so operation modules need not
 * import the store, and the store can import them.
 */
export interface MemoryBranch extends BranchReader {
  mutate<T>(compute: (tip: string | null) => { change: Change | null; result: T }): Promise<T & { commit: string | null }>;
}

/**
 * The reader with the two catalogs, the by-path lookup and the validated config: what whole-branch
 * reads take (export, stats, the citation reads and checks, list and get). Nothing on it commits.
 */
export interface ReadonlyStoreBranch extends BranchReader {
  /** Every live memory at `commit` (default: the tip). */
  catalog(commit?: string | null): Catalog;
  /** Every memory archived by `memory prune`, at `commit` (default: the tip). */
  archiveCatalog(commit?: string | null): Catalog;
  /** The effective configuration, checked with the full schema. */
  loadConfig(): Promise<MemoryConfig>;
  /** The memory at the path its id gives; undefined when none is there (a hand-named file: look further). */
  findAtPath(id: string, commit: string | null): CatalogEntry | null | undefined;
}

/** The configuration with where each value came from and the problems found in each layer (`memory config`). */
export interface ConfigReader extends ReadonlyBranch {
  loadConfig(): Promise<MemoryConfig>;
  resolvedConfig(): ResolvedConfig;
}

/** What `config set` and `config unset` take: the writer, and the cached configuration to forget after their commit. */
export interface ConfigBranch extends MemoryBranch {
  invalidateConfig(): void;
}

/** Vector files for texts about to be written, committed with them (src/vector/write.ts makes these). */
export interface VectorsForWrite {
  /** Adds the vector file of memory `id` to `changes` when `content` is one of the texts embedded. */
  add(changes: Map<string, Buffer | null>, id: string, timestamp: string, content: string): boolean;
}

/** What the store was opened with that its writes apply (the `StoreOptions` the operations need). */
export interface WriteDefaults {
  /** metadata.source of new memories. */
  readonly source: string;
  /** Largest content an update accepts; unset: MAX_CONTENT_BYTES. */
  readonly maxContentBytes?: number;
  /** Category an update that clears it falls back to; unset: "general". */
  readonly defaultCategory?: string;
  readonly vectorsOnWrite?: (texts: string[]) => Promise<VectorsForWrite | null>;
}

/**
 * What the memory operations that write (src/ops: store, update, delete; prune, embed, import, the
 * citation fix) work on: the writable view and the whole-branch reads, plus the store's defaults.
 * `MemoryStore` satisfies it and delegates its methods to the operations, which never import it.
 */
export interface StoreBranch extends MemoryBranch, ReadonlyStoreBranch {
  readonly defaults: WriteDefaults;
}

/**
 * What sync takes (src/sync): the branch's name, ref and tip, who commits and when, the config, and
 * the repository itself, since sync is one of the writers of the git layer's write API (a merged tip,
 * replayed and pending commits, the pending and fetch refs, the remote's promisor flag). No catalog,
 * index or `mutate`: sync moves commits, it does not read or write memories.
 */
export interface SyncBranch {
  readonly branch: string;
  readonly ref: string;
  readonly git: GitRepository;
  tip(): string | null;
  /** The author and committer of the commits sync makes. */
  identity(): Identity;
  now(): Date;
  config(): MemoryConfig;
}

/**
 * What the search helper's client takes (src/daemon/client.ts): where the repository lives and the
 * branch's name, which it sends to the helper, the config (whether a search needs the model) and
 * where the helper's warnings go. Nothing that reads or writes memories.
 */
export interface HelperClientBranch {
  readonly branch: string;
  readonly git: { readonly location: GitRepository['location'] };
  config(): MemoryConfig;
  warn(message: string): void;
}

/**
 * What the search helper holds open per repository and branch (src/daemon/server.ts): the client's
 * view, the tip, search, and reloading the config and closing its index files. No method commits.
 */
export interface HelperBranch extends HelperClientBranch {
  tip(): string | null;
  search(q: SearchQuery): Promise<SearchResponse>;
  invalidateConfig(): void;
  close(): void;
}

/** Opens the branch the search helper serves for a request (the door supplies it: daemon/ never names the store). */
export type OpenHelperBranch = (repo: string | undefined, branch: string | undefined, warn: (message: string) => void) => HelperBranch;
