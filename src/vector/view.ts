import type { BranchObjects, ReadonlyBranch } from '../model/branch-view.js';
/**
 * What the read side of vectors may see of a memory branch: its tip, trees and blobs, the local
 * cache folder and the warning sink. No method here can create a commit or move a ref, so code that
 * only holds a {@link VectorBranch} (vector loading, the vector step of a search) cannot write to
 * the branch: "reads never write" is a property of the types, and of the object too (see
 * {@link readOnlyView}).
 */
/** The object reads the vector side needs: no writes (see src/model/branch-view.ts). */
export type VectorObjects = Pick<BranchObjects, 'entryAt' | 'listBlobs' | 'readBlob'>;

/** The part of {@link ReadonlyBranch} (src/model/branch-view.ts) the vector side needs: tip, trees, blobs, the cache folder, warnings. */
export type VectorBranch = Pick<ReadonlyBranch, 'cacheDir' | 'tip' | 'treeOf' | 'warn'> & { readonly git: VectorObjects };

/**
 * A new object exposing only the read-only members of `source` (a `MemoryStore` fits), bound to
 * it: not the store itself, so not even a cast can reach `mutate` or `git.commit` through it.
 */
export function readOnlyView(source: VectorBranch): VectorBranch {
  if (views.has(source)) return views.get(source)!;
  if (made.has(source)) return source;
  const g = source.git;
  const git: VectorObjects = Object.freeze({
    entryAt: (tree: string, path: string) => g.entryAt(tree, path),
    listBlobs: (tree: string, prefix: string) => g.listBlobs(tree, prefix),
    readBlob: (oid: string) => g.readBlob(oid),
  });
  const view: VectorBranch = Object.freeze({
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

const views = new WeakMap<object, VectorBranch>();
const made = new WeakSet<object>();
