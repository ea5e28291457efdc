import { isTreeMode, type TreeEntry } from './tree.js';

/** One path that differs between two trees. Modes are git's (`100644`, `100755`, `120000` symlink, `160000` gitlink). */
export interface TreeChange {
  path: string;
  oldOid: string | null;
  newOid: string | null;
  oldMode: string | null;
  newMode: string | null;
}

export const MODE_SYMLINK = '120000';
export const MODE_GITLINK = '160000';

/**
 * The one rule for which tree entries are files git-memory reads (memories, trash, archive, vectors,
 * settings): any entry that is not a tree, a symlink or a gitlink. A symlink's blob is a path, not a
 * memory, and a gitlink names a commit of another repository; both are left alone everywhere
 * (listing, search, de-duplication, sync), so a hand-made link on the branch is never read as a memory.
 */
export function isRegularFile(mode: string | null): boolean {
  return mode !== null && !isTreeMode(mode) && mode !== MODE_SYMLINK && mode !== MODE_GITLINK;
}

/** A file whose content differs between two trees: the blob before and after (null: absent or not a regular file). */
export interface FileChange {
  path: string;
  oldOid: string | null;
  newOid: string | null;
}

/**
 * The one recursive tree diff of git-memory: every non-tree entry (files, symlinks, gitlinks) whose
 * id or mode differs between trees `a` and `b` (null: the empty tree), descending only into subtrees
 * whose ids differ, like `git diff-tree -r --no-renames`. With `prefix`, only below that folder (a
 * file named like the prefix is not a folder and is ignored). Callers that read files use {@link diffFiles}.
 * Results are in no particular order.
 */
export function diffTrees(readTree: (oid: string) => TreeEntry[], a: string | null, b: string | null, prefix = ''): TreeChange[] {
  const out: TreeChange[] = [];
  const parts = prefix.split('/').filter(Boolean);
  const sub = (tree: string | null): string | null => {
    let cur = tree;
    for (const name of parts) {
      if (!cur) return null;
      const e = readTree(cur).find((x) => x.name === name);
      cur = e && isTreeMode(e.mode) ? e.oid : null;
    }
    return cur;
  };
  const walk = (x: string | null, y: string | null, base: string) => {
    if (x === y) return;
    const xs = new Map((x ? readTree(x) : []).map((e) => [e.name, e] as const));
    const ys = new Map((y ? readTree(y) : []).map((e) => [e.name, e] as const));
    for (const name of new Set([...xs.keys(), ...ys.keys()])) {
      const ex = xs.get(name);
      const ey = ys.get(name);
      if (ex && ey && ex.oid === ey.oid && ex.mode === ey.mode) continue;
      const p = base ? `${base}/${name}` : name;
      const xt = ex && isTreeMode(ex.mode) ? ex.oid : null;
      const yt = ey && isTreeMode(ey.mode) ? ey.oid : null;
      if (xt || yt) walk(xt, yt, p);
      const xf = ex && !isTreeMode(ex.mode) ? ex : null;
      const yf = ey && !isTreeMode(ey.mode) ? ey : null;
      if ((xf || yf) && (xf?.oid !== yf?.oid || xf?.mode !== yf?.mode)) {
        out.push({ path: p, oldOid: xf?.oid ?? null, newOid: yf?.oid ?? null, oldMode: xf?.mode ?? null, newMode: yf?.mode ?? null });
      }
    }
  };
  walk(sub(a), sub(b), parts.join('/'));
  return out;
}

/**
 * {@link diffTrees} seen through {@link isRegularFile}: the regular files whose content differs. A
 * symlink or gitlink counts as absent (a file replaced by a symlink is a deletion); a change of mode
 * alone between two regular files (100644 to 100755) is no change, since only the content is read.
 */
export function diffFiles(readTree: (oid: string) => TreeEntry[], a: string | null, b: string | null, prefix = ''): FileChange[] {
  const out: FileChange[] = [];
  for (const c of diffTrees(readTree, a, b, prefix)) {
    const oldOid = isRegularFile(c.oldMode) ? c.oldOid : null;
    const newOid = isRegularFile(c.newMode) ? c.newOid : null;
    if (oldOid !== newOid) out.push({ path: c.path, oldOid, newOid });
  }
  return out;
}
