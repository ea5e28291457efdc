import { InvalidTreeNameError, TooManyDeletesError } from '../errors.js';
import type { GitRepository } from '../git/repository.js';
import { badTreeName, isTreeMode, isTreeModeAt, scanTree, type TreeEntry } from '../git/tree.js';

export { badTreeName };
import { changedFiles } from './combine.js';
import { isRegularFile } from '../git/diff.js';

/**
 * What a fold or a pull refuses to take into the user's branch (docs/sync.md, "What a fold
 * refuses"). Pending refs and the remote branch are written by other jobs, forks and hand edits:
 * untrusted input, checked before anything is written locally or pushed.
 */

export { InvalidTreeNameError, TooManyDeletesError };

/** The bytes of a plain name (PLAIN_NAME), for names checked in a raw tree without decoding them. */
const PLAIN_BYTE = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-') PLAIN_BYTE[c.charCodeAt(0)] = 1;

/** A name as it may be shown: bounded, control and bidi characters escaped. */
function shown(s: string): string {
  const t = s.length > 80 ? s.slice(0, 80) + '…' : s;
  return JSON.stringify(t).replace(/[\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/**
 * The first invalid entry name in `tree` that `old` does not have (null: none). Only subtrees whose
 * ids differ are read, so the cost follows what changed, not the size of the branch.
 */
export function findBadName(git: GitRepository, old: string | null, tree: string | null, opts: { onlyPresent?: boolean } = {}): { path: string; reason: string } | null {
  // `onlyPresent` (a writer whose fetch took no trees, docs/sync.md): a subtree this repository does
  // not hold is skipped, not fetched. Such a writer never reads it, and every tree it does read was
  // checked as it arrived (treeNameCheck); the clone is marked so that its next pull checks the rest.
  const absent = (oid: string) => opts.onlyPresent === true && !git.objects.has(oid);
  // A tree `old` has nothing of (a fresh clone's first sync: the whole branch): every name is new, read
  // from the raw tree; only a name that is not plain is decoded and checked.
  // A subtree found clean once is clean under any path: checked once per id (a hostile tree naming one
  // subtree many times at every level would otherwise cost (names per level)^depth reads).
  const clean = new Set<string>();
  const fresh = (y: string, base: string): { path: string; reason: string } | null => {
    if (clean.has(y) || absent(y)) return null;
    const data = git.objects.read(y, 'tree').data;
    let found: { path: string; reason: string } | null = null;
    scanTree(data, y, (at, sp, nul) => {
      let plain = nul > sp + 1 && data[sp + 1] !== 0x2e && data[sp + 1] !== 0x2d;
      for (let i = sp + 1; plain && i < nul; i++) plain = PLAIN_BYTE[data[i]] === 1;
      const name = plain && !isTreeModeAt(data, at, sp) ? null : data.toString('utf8', sp + 1, nul);
      const why = plain || name === null ? null : badTreeName(name);
      if (why) found = { path: base ? `${base}/${name}` : (name as string), reason: why };
      else if (name !== null && isTreeModeAt(data, at, sp)) found = fresh(data.toString('hex', nul + 1, nul + 21), base ? `${base}/${name}` : name);
      return found !== null;
    });
    if (!found) clean.add(y);
    return found;
  };
  const walk = (x: string | null, y: string | null, base: string): { path: string; reason: string } | null => {
    if (!y || x === y || absent(y)) return null;
    if (!x || absent(x)) return fresh(y, base);
    const xs = new Map<string, TreeEntry>(x ? git.readTree(x).map((e) => [e.name, e] as const) : []);
    for (const e of git.readTree(y)) {
      const before = xs.get(e.name);
      if (before && before.oid === e.oid && before.mode === e.mode) continue;
      const why = badTreeName(e.name);
      if (why) return { path: base ? `${base}/${e.name}` : e.name, reason: why };
      if (isTreeMode(e.mode)) {
        const r = walk(before && isTreeMode(before.mode) ? before.oid : null, e.oid, base ? `${base}/${e.name}` : e.name);
        if (r) return r;
      }
    }
    return null;
  };
  return walk(old, tree, '');
}

/** Checks what `tree` adds over `old`; throws INVALID_TREE_NAME naming `what` (a pending ref, the remote branch). */
export function assertValidNames(git: GitRepository, old: string | null, tree: string | null, what: string, data: Record<string, unknown>, opts: { onlyPresent?: boolean } = {}): void {
  const bad = findBadName(git, old, tree, opts);
  if (bad) throw invalidName(bad, what, data);
}

/**
 * The check of one tree fetched alone (a treeless writer's, src/git/repository.ts `treeFetch`): its own
 * entry names only, since each subtree, if read at all, arrives through the same check. Throws
 * INVALID_TREE_NAME before anything reads the tree.
 */
export function treeNameCheck(what: string, data: Record<string, unknown>): (oid: string, raw: Buffer) => void {
  return (oid, raw) => {
    let bad: { path: string; reason: string } | null = null;
    scanTree(raw, oid, (_at, sp, nul) => {
      let plain = nul > sp + 1 && raw[sp + 1] !== 0x2e && raw[sp + 1] !== 0x2d;
      for (let i = sp + 1; plain && i < nul; i++) plain = PLAIN_BYTE[raw[i]] === 1;
      if (plain) return false;
      const name = raw.toString('utf8', sp + 1, nul);
      const why = badTreeName(name);
      if (why) bad = { path: `${name} (in tree ${oid.slice(0, 12)})`, reason: why };
      return bad !== null;
    });
    if (bad) throw invalidName(bad, what, data);
  };
}

function invalidName(bad: { path: string; reason: string }, what: string, data: Record<string, unknown>): InvalidTreeNameError {
  return new InvalidTreeNameError(
    `${what} holds a file or folder git refuses (${bad.reason} at ${shown(bad.path)}): it is not taken into the local branch and nothing was written; ` +
      'the rest of the memories stay readable. Remove that entry on the remote (or delete the pending ref) and sync again.',
    { ...data, path: shown(bad.path).slice(1, -1), reason: bad.reason },
  );
}

/**
 * The regular files of `before` that `after` lacks (or holds as something else than a file). Walks
 * `before`'s side only, skipping equal subtrees: a fresh clone's small local tree against the whole
 * branch costs what the small tree holds, not the branch (a full diff listed every file the branch
 * adds: 0.57 s of a store job at 100,000 memories).
 */
export function deletedFiles(git: GitRepository, before: string | null, after: string | null): string[] {
  const out: string[] = [];
  const walk = (x: string, y: string | null, base: string): void => {
    if (x === y) return;
    const ys = new Map((y ? git.readTree(y) : []).map((e) => [e.name, e] as const));
    for (const e of git.readTree(x)) {
      const p = base ? `${base}/${e.name}` : e.name;
      const other = ys.get(e.name);
      if (isTreeMode(e.mode)) walk(e.oid, other && isTreeMode(other.mode) ? other.oid : null, p);
      else if (isRegularFile(e.mode) && !(other && isRegularFile(other.mode))) out.push(p);
    }
  };
  if (before) walk(before, after, '');
  return out;
}

/** Default of `sync.maxDeleteRatio`: a fold or pull may delete at most half the memories. */
export const DEFAULT_MAX_DELETE_RATIO = 0.5;
/** Deletions up to this many are never stopped, whatever the ratio: a store of two memories may lose one. */
export const MIN_GUARDED_DELETES = 2;

function memoryPaths(git: GitRepository, tree: string | null): Set<string> {
  const out = new Set<string>();
  if (!tree) return out;
  for (const [p] of changedFiles(git, null, tree)) if (isMemoryPath(p)) out.add(p);
  return out;
}

const isMemoryPath = (p: string) => p.startsWith('memories/') && p.endsWith('.md');

/**
 * Stops a fold or pull that removes more than `ratio` of the memories the user and the remote branch
 * hold (`before`: their trees) from the branch. Counted: memories that leave memories/ without landing
 * in trash/ or archive/ (those are recoverable), and that this repository's own unshared commits did
 * not delete (`ownDeletions`, asked for only when the deletions are many). A pending ref whose tree
 * drops every memory, or a remote branch reset by mistake, is refused with TOO_MANY_DELETES instead
 * of emptying every clone that syncs.
 */
export async function assertDeleteBound(
  git: GitRepository,
  before: (string | null)[],
  after: string | null,
  ownDeletions: () => Promise<Set<string>>,
  ratio: number,
  data: Record<string, unknown>,
  stillPending: (path: string) => boolean = () => false,
): Promise<void> {
  if (ratio >= 1) return;
  // Deletions first, by diff (the cost follows what changed); the store is counted only when they
  // are many, so an ordinary sync never walks the whole branch.
  const gone = new Set<string>();
  for (const t of before) {
    if (!t || t === after) continue;
    for (const p of deletedFiles(git, t, after)) if (isMemoryPath(p)) gone.add(p);
  }
  if (gone.size <= MIN_GUARDED_DELETES) return;
  // A memory moved to the trash (`memory delete`, `clear`) or the archive (`prune`) is still on the
  // branch and comes back with `memory trash restore`: only memories that leave the branch count.
  for (const p of [...gone]) {
    const rel = p.slice('memories/'.length);
    if (after && (git.entryAt(after, `trash/${rel}`) || git.entryAt(after, `archive/${rel}`))) gone.delete(p);
  }
  if (gone.size <= MIN_GUARDED_DELETES) return;
  // A memory a fetched pending ref still holds leaves the result, not the remote (a writer that does
  // not fold publishes its own commits on the branch tip; the others' arrive with its next pull).
  for (const p of [...gone]) if (stillPending(p)) gone.delete(p);
  if (gone.size <= MIN_GUARDED_DELETES) return;
  for (const p of await ownDeletions()) gone.delete(p);
  if (gone.size <= MIN_GUARDED_DELETES) return;
  const had = new Set<string>();
  for (const t of before) for (const p of memoryPaths(git, t)) had.add(p);
  const deleted = gone.size;
  if (deleted <= ratio * had.size) return;
  throw new TooManyDeletesError(
    `this sync would remove ${deleted} of ${had.size} memories from the branch (not to the trash, and not deleted by this repository) (more than sync.maxDeleteRatio = ${ratio} of the store): nothing was written. ` +
      'If that is intended (someone cleared the store), run it again with MEMORY_SYNC_MAX_DELETE_RATIO=1 in the environment; otherwise remove the pending ref or restore the remote branch.',
    { ...data, deleted, total: had.size, ratio },
  );
}
