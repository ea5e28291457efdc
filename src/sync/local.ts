/** Combining with the local branch: merge bases and chains, the combine plan, moving the branch by compare-and-swap, and the checks before any write. */
import { RefMovedError, ConflictError, SyncFailedError } from '../errors.js';
import { combine, changedFiles, countMemoryFiles, type SyncConflict } from './combine.js';
import { runGit } from './git-cli.js';
import { linearChain, linearMergeBase } from './history.js';
import { assertDeleteBound, assertValidNames, DEFAULT_MAX_DELETE_RATIO } from './guard.js';
import { readPending, type PendingRef } from './pending.js';
import { type Ctx, report, sleep, treeOf } from './context.js';
import { TREELESS_FROM, uncheckedRef } from './fetch.js';

export async function mergeBase(ctx: Ctx, a: string, b: string): Promise<string | null> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast;
  const run = await runGit(ctx.target, ['merge-base', a, b]);
  if (run.code === 0) return run.stdout.trim() || null;
  if (run.code === 1 && !run.stderr.trim()) return null; // unrelated histories
  throw new SyncFailedError(`git merge-base failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
}

export async function isAncestor(ctx: Ctx, a: string, b: string): Promise<boolean> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast === a;
  const run = await runGit(ctx.target, ['merge-base', '--is-ancestor', a, b]);
  return run.code === 0;
}

/** Local commits since `base`, oldest first, along the first-parent chain. */
export async function localChain(ctx: Ctx, base: string | null, tip: string): Promise<string[]> {
  const fast = linearChain(ctx.store.git, base, tip);
  if (fast) return fast;
  const run = await runGit(ctx.target, ['rev-list', '--first-parent', '--reverse', tip, ...(base ? [`^${base}`] : [])]);
  if (run.code !== 0) throw new SyncFailedError(`git rev-list failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
  return run.stdout.split('\n').filter(Boolean);
}

/** First-parent steps from `from` back to `until` (an id or an abbreviation), or to the root / a shallow boundary. */
export function countCommits(ctx: Ctx, from: string, until: string | null, max = 100_000): number {
  let n = 0;
  let cur: string | null = from;
  while (cur && !(until && cur.startsWith(until)) && n < max) {
    n++;
    try {
      cur = ctx.store.git.readCommit(cur).parents[0] ?? null;
    } catch {
      break;
    }
  }
  return n;
}

export function memoryFiles(paths: Iterable<string>): number {
  let n = 0;
  for (const p of paths) if (p.startsWith('memories/')) n++;
  return n;
}

interface Plan {
  /** What the branch should be on both sides; null when there are no memories anywhere. */
  tip: string | null;
  received: number | null;
  replayed: number;
  conflicts: SyncConflict[];
}

/** Combines the local tip with the fetched remote tip, without moving any ref. */
export async function plan(ctx: Ctx, local: string | null, remote: string | null): Promise<Plan> {
  report(ctx, 'combine');
  const none = { received: 0, replayed: 0, conflicts: [] as SyncConflict[] };
  if (!remote) return { tip: local, ...none };
  const git = ctx.store.git;
  if (!local) return { tip: remote, ...none, received: ctx.treeless ? null : countMemoryFiles(git, git.readCommit(remote).tree) };
  if (local === remote) return { tip: local, ...none };
  const base = await mergeBase(ctx, local, remote);
  if (base === remote) return { tip: local, ...none };
  if (base === local) {
    return { tip: remote, ...none, received: memoryFiles(changedFiles(git, git.readCommit(local).tree, git.readCommit(remote).tree).keys()) };
  }
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...(ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM }) });
  return { tip: res.tip, received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}

/**
 * Moves the local branch from `expect` to `next` by compare-and-swap. Other processes may store
 * while we sync: if the branch moved, their new commits are re-applied on `next` and we try again,
 * so a concurrent local write is never overwritten. Returns the final tip and how many such commits
 * were re-applied (they are not on the remote yet).
 */
export async function moveLocal(ctx: Ctx, expect: string | null, next: string, keepIfMoved = false): Promise<{ tip: string; pending: number; conflicts: SyncConflict[]; kept?: boolean }> {
  const store = ctx.store;
  let pending = 0;
  const conflicts: SyncConflict[] = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    if (expect === next) return { tip: next, pending, conflicts };
    try {
      await store.git.refs.compareAndSwap(store.ref, expect, next, { who: store.identity(), message: `git-memory: sync with ${ctx.remoteName}` });
      return { tip: next, pending, conflicts };
    } catch (err) {
      if (!(err instanceof RefMovedError)) throw err;
    }
    const now = store.tip();
    if (keepIfMoved && now && expect && attempt === 0) return { tip: now, pending: countCommits(ctx, now, expect), conflicts, kept: true };
    if (!now) {
      // Someone deleted the branch meanwhile; recreate it at the combined tip.
      expect = null;
      continue;
    }
    const base = expect && (await isAncestor(ctx, expect, now)) ? expect : await mergeBase(ctx, now, next);
    if (base === now) {
      expect = now;
      continue;
    }
    if (base === next) return { tip: now, pending, conflicts };
    const chain = await localChain(ctx, base, now);
    const res = combine(store.git, { base, local: now, remote: next, chain, remoteName: ctx.remoteName, committer: store.identity(), when: store.now() });
    pending += res.replayed;
    conflicts.push(...res.conflicts);
    expect = now;
    next = res.tip;
    await sleep(Math.random() * 5);
  }
  throw new ConflictError('the local memory branch kept moving during the sync; run it again', { ref: store.ref });
}

/**
 * What a sync or pull checks before it writes anything (local branch or remote): the result `next`
 * takes no name git refuses into the local branch, and deletes at most `sync.maxDeleteRatio` of the
 * memories the local and remote branches hold, deletions made by this repository's own unshared
 * commits aside. Throws INVALID_TREE_NAME or TOO_MANY_DELETES; nothing has moved yet.
 */
export async function guardResult(ctx: Ctx, local: string | null, remoteTip: string | null, next: string | null, pending: PendingRef[] = []): Promise<void> {
  const git = ctx.store.git;
  const data = { remote: ctx.remoteName, branch: ctx.branch };
  const what = `the remote ${ctx.branch} (or a pending ref of it)`;
  const unchecked = ctx.treeless ? null : git.resolve(uncheckedRef(ctx));
  if (unchecked) {
    // A treeless write left trees nobody checked in the local branch: before anything else reads them
    // through this sync, every name of the branch is checked (reading them fetches what is missing).
    assertValidNames(git, null, treeOf(ctx, next ?? local), what, data);
    await git.refs.delete(uncheckedRef(ctx), unchecked);
  }
  if (!next || next === local) return;
  // A treeless writer checks the trees it holds (each was checked as it arrived, too): the others it
  // never reads, and the clone stays marked for its next pull.
  assertValidNames(git, treeOf(ctx, local), treeOf(ctx, next), what, data, { onlyPresent: !!ctx.treeless });
  const ratio = ctx.store.config().sync?.maxDeleteRatio ?? DEFAULT_MAX_DELETE_RATIO;
  await assertDeleteBound(git, [treeOf(ctx, local), treeOf(ctx, remoteTip)], treeOf(ctx, next), async () => {
    const made = await ownSinceShared(ctx, local, remoteTip);
    const own = new Set<string>();
    for (const [path, oid] of changedFiles(git, made.baseTree, treeOf(ctx, local))) if (oid === null) own.add(path);
    return own;
  }, ratio, data, addedByPending(ctx, pending));
}

/**
 * Whether one of the fetched pending refs adds `path` (its tip holds it, the state its writer saw does
 * not): a memory still waiting to be folded, not one the remote deleted. A memory its base already
 * held does not count, so a remote branch reset by hand still trips the bound. False when the ref's
 * trees are not in this clone.
 */
function addedByPending(ctx: Ctx, pending: PendingRef[]): (path: string) => boolean {
  const git = ctx.store.git;
  const trees = new Map<string, { base: string | null; tip: string } | null>();
  const of = (p: PendingRef) => {
    if (!trees.has(p.oid)) {
      try {
        const pc = readPending(git, p.oid);
        trees.set(p.oid, pc ? { base: treeOf(ctx, pc.base), tip: git.readCommit(p.oid).tree } : null);
      } catch {
        trees.set(p.oid, null);
      }
    }
    return trees.get(p.oid) ?? null;
  };
  return (path) =>
    pending.some((p) => {
      const t = of(p);
      try {
        return !!t && !!git.entryAt(t.tip, path) && !(t.base && git.entryAt(t.base, path));
      } catch {
        return false;
      }
    });
}

/** Commits after `base` up to `tip`, oldest first (first parents); [] when tip is base or null. */
export async function chainBetween(ctx: Ctx, base: string | null, tip: string | null): Promise<string[]> {
  if (!tip || tip === base) return [];
  return localChain(ctx, base, tip);
}

/** This repository's commits not yet shared, as they were made, and the tree they were made on. */
export interface OwnCommits {
  /** The tree of the commit they sit on (the mark, else the merge base with the remote tip; null: none). */
  baseTree: string | null;
  commits: string[];
}

/**
 * The local commits after the mark (everything before it is on the remote, on the branch or in
 * pending refs), or after the merge base with the remote tip when there is no mark. Their base is
 * the state this writer saw when it made them, including its own and others' memories that are
 * still only in pending refs. A pending ref built on the fetched branch tip instead lacks those, and
 * a deletion of one of them re-applied there deletes nothing: the fold then saw the memory as never
 * there, and brought it back next to its trash copy.
 */
export async function ownSinceShared(ctx: Ctx, local: string | null, remoteTip: string | null): Promise<OwnCommits> {
  if (!local) return { baseTree: null, commits: [] };
  const mark = validMark(ctx, local);
  const common = remoteTip ? await mergeBase(ctx, local, remoteTip) : null;
  // Commits the remote branch already holds (made here, pushed by a sync whose mark did not move)
  // are not this writer's to publish again: start after them when they follow the mark.
  const base = !mark ? common : common && common !== mark && linearChain(ctx.store.git, mark, common) ? common : mark;
  if (base === local) return { baseTree: treeOf(ctx, base), commits: [] };
  return { baseTree: treeOf(ctx, base), commits: await chainBetween(ctx, base, local) };
}

/** The mark, if it is still on the local branch's first-parent line (else null: fall back to the merge base). */
export function validMark(ctx: Ctx, local: string | null): string | null {
  const mark = ctx.store.git.resolve(ctx.markRef);
  if (!mark || !local) return null;
  if (mark === local) return mark;
  return linearChain(ctx.store.git, mark, local) ? mark : null;
}
