/**
 * What the read side of vectors may see of a memory branch: its tip, trees and blobs, the local
 * cache folder and the warning sink. No method here can create a commit or move a ref, so code that
 * only holds a {@link ReadOnlyBranch} (vector loading, the vector step of a search) cannot write to
 * the branch: "reads never write" is a property of the types, and of the object too (see
 * {@link readOnlyView}).
 */
export interface ReadOnlyGit {
  /** The entry at `path` in `tree`, or null. */
  entryAt(tree: string, path: string): { oid: string; mode: string } | null;
  /** Every blob under `prefix` in `tree`, recursively. */
  listBlobs(tree: string, prefix: string): { path: string; oid: string }[];
  readBlob(oid: string): Buffer;
}

export interface ReadOnlyBranch {
  /** The branch's local cache folder under the git dir (derived data only, never the branch). */
  readonly cacheDir: string;
  /** The branch tip, or null before the first write. */
  tip(): string | null;
  /** The root tree of `commit`, or null for null. */
  treeOf(commit: string | null): string | null;
  readonly git: ReadOnlyGit;
  warn(message: string): void;
}

/**
 * A new object exposing only the read-only members of `source` (a `MemoryStore` fits), bound to
 * it: not the store itself, so not even a cast can reach `mutate` or `git.commit` through it.
 */
export function readOnlyView(source: ReadOnlyBranch): ReadOnlyBranch {
  if (views.has(source)) return views.get(source)!;
  if (made.has(source)) return source;
  const g = source.git;
  const git: ReadOnlyGit = Object.freeze({
    entryAt: (tree: string, path: string) => g.entryAt(tree, path),
    listBlobs: (tree: string, prefix: string) => g.listBlobs(tree, prefix),
    readBlob: (oid: string) => g.readBlob(oid),
  });
  const view: ReadOnlyBranch = Object.freeze({
    cacheDir: source.cacheDir,
    tip: () => source.tip(),
    treeOf: (commit: string | null) => source.treeOf(commit),
    git,
    warn: (m: string) => source.warn(m),
  });
  // One view per source, so per-branch caches keyed by the view live as long as the source.
  views.set(source, view);
  made.add(view);
  return view;
}

const views = new WeakMap<object, ReadOnlyBranch>();
const made = new WeakSet<object>();
