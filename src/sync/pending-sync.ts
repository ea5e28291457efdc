/** Mode "pending" (the default): sync and pull with pending refs, a push nobody can reject. */
import { SyncFailedError } from '../errors.js';
import { signature, type SyncConflict } from './combine.js';
import { linearChain } from './history.js';
import { FOLD_AT_PENDING, buildPending, burstInProgress, newPendingRef, ownPendingRefs, rememberOwnPending, type PendingRef } from './pending.js';
import { syncBranch } from './branch.js';
import { type SyncResult, type RefusedRef, type Ctx, sleep, FIRST_FETCH_DEPTH, backoff, setRef, result, treeOf } from './context.js';
import { type Snapshot, fetchSnapshot, fetchPendingTrees } from './fetch.js';
import { isAncestor, countCommits, moveLocal, guardResult, type OwnCommits, ownSinceShared } from './local.js';
import { pushRefs, pushEach } from './push.js';
import { unionOf, type LocalPlan, planLocal, recordPending, contended, appliesAlike, copiesOnTip } from './union.js';

/**
 * Sync with pending refs (the default). One fetch (branch and pending refs), then one atomic push
 * that moves the branch to the union plus local commits and deletes the pending refs it folded, each
 * ref under a lease. If another writer moved the branch first, the local commits go to a new pending
 * ref of their own instead, a push nobody can reject: a writer's cost is two or three round trips
 * whatever the number of other writers. With `fold`, retries the fold instead (up to `retries`).
 */
export async function syncPending(ctx: Ctx, maxRetries: number, fold: boolean): Promise<SyncResult> {
  const store = ctx.store;
  const git = store.git;
  let rejected = 0;

  // No push before fetching here (mode "branch" has one): only a fetch sees the pending refs, and a
  // sync that skipped them could leave them unfolded for as long as nobody races.
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt - 1));
    // The remote tip this clone knew before this fetch: a tip it pushed itself is no sign of others.
    const seen = attempt === 0 ? git.resolve(ctx.trackingRef) : null;
    const snap = await fetchSnapshot(ctx, true, true, true);
    const local = store.tip();
    // Other writers are publishing right now (a matrix of jobs): a pending ref made in the last 30 s,
    // or a branch tip another writer committed in the last 30 s. A writer with commits of its own then
    // does not race them with an atomic fold (lost, it cost a second push: ~27 of 64 writers did),
    // but sends ONE non-atomic push: the branch moved to its commits (under a lease) and a pending ref
    // of its own holding the same commits. Whichever lands, its memories are on the remote; when both
    // do, the pending ref is redundant and the next fold drops it as a no-op. It does not replay the
    // others' pending refs either: that is the folder's work, and replaying all of them in each of N
    // writers made a burst cost N² (40 pending refs doubled a writer's CPU). The first sync with no
    // such sign folds.
    // From FOLD_AT_PENDING refs on, fold them anyway: under sustained traffic the signs never clear.
    //
    // Without such a sign, a writer with commits of its own sends the same one push whenever the remote
    // has nothing to fold: no pending refs, or only copies of what the fetched branch already holds
    // (the ones a previous one-push writer left; this push deletes them, each under a lease). The
    // first wave of a burst against a branch written an hour ago has no sign to see: racing an atomic
    // fold, all of them but one paid a second push (1.47 pushes per writer at 64 writers). The cost:
    // every such write leaves its own copy on the remote until the next writer or fold deletes it.
    // Pending refs with memories to fold and no sign of a burst: the atomic fold below.
    if (!fold && attempt === 0 && snap.pending.length < FOLD_AT_PENDING) {
      const now = Date.now();
      const mine = ownPendingRefs(ctx.commonDir, ctx.remoteName, ctx.branch);
      const burst = contended(ctx, snap, seen, now, mine);
      // Refs a burst may still be using are not checked (checking all of them in each of N writers is
      // the N² cost above): other writers' refs of the last 30 s.
      const settled = snap.pending.filter((p) => mine.has(p.ref) || !burstInProgress([p], now));
      // Without a burst every ref is settled: all copies (or none at all) → one push; else the fold.
      const drop = copiesOnTip(ctx, snap, settled);
      if (burst || drop) {
        const made = await ownSinceShared(ctx, local, snap.tip);
        // Only when its commits do on the fetched tip what they did where they were made: else the
        // fold below (the branch alone cannot record them, and the copy would be dropped as one).
        const alike = appliesAlike(ctx, made, local, snap.tip);
        // Without a burst, a copy is only left when a shallow clone's first fetch takes all of it
        // (its root and FIRST_FETCH_DEPTH - 1 commits): a longer one (twenty memories stored, then one
        // sync) would reach the next CI writer cut, and reading the rest made git fetch it lazily, with
        // every tree of each commit. Such a writer folds atomically, as before.
        const oneCopy = burst || made.commits.length < FIRST_FETCH_DEPTH;
        const own = oneCopy && alike && made.commits.length ? await planLocal(ctx, local, snap.tip, snap.tip) : null;
        if (own?.tip && own.own.length) {
          // What is pushed is the fetched tip plus this writer's commits. The local branch keeps, on top
          // of that, this writer's own earlier memories still only in its pending refs: without them a
          // memory stored in the first wave of a burst was NOT_FOUND for `get` and `delete` here after
          // the second write. Other writers' pending memories leave the local branch until the next
          // pull (they are not deleted anywhere).
          await guardResult(ctx, local, snap.tip, own.tip, snap.pending);
          const branchToo = !snap.tip || (await isAncestor(ctx, snap.tip, own.tip));
          const keep = await withOwnParked(ctx, local, snap, mine);
          return publishPending(ctx, local, own, snap, rejected, own.conflicts, maxRetries, made, [], branchToo, branchToo ? (drop ?? []) : [], keep);
        }
      }
    }
    if (ctx.treeless && snap.pending.length) await fetchPendingTrees(ctx, snap);
    const u = await unionOf(ctx, snap);
    const p = await planLocal(ctx, local, u.tip, snap.tip);
    const conflicts = [...u.conflicts, ...p.conflicts];
    await guardResult(ctx, local, snap.tip, p.tip);
    const base = { received: p.received, replayed: p.replayed, retries: rejected, refused: u.refused };
    if (!p.tip) {
      recordPending(ctx, u.invalid.length);
      return result(ctx, 'pending', { ...base, pendingRemote: u.invalid.length });
    }
    if (p.tip === snap.tip && !u.folded.length) {
      // The remote branch already is the union and holds everything local.
      const moved = await moveLocal(ctx, local, p.tip);
      await setRef(ctx, ctx.markRef, p.tip, `git-memory: shared with ${ctx.remoteName}`);
      recordPending(ctx, u.invalid.length);
      return result(ctx, 'pending', { ...base, tip: moved.tip, remoteTip: snap.tip, pulled: p.tip !== local, conflicts: [...conflicts, ...moved.conflicts], pending: moved.pending, pendingRemote: u.invalid.length });
    }
    // The branch only ever moves forward: the union is built on the fetched tip.
    if (snap.tip && !(await isAncestor(ctx, snap.tip, p.tip))) {
      throw new SyncFailedError(`internal: the combined ${ctx.branch} does not descend from the remote tip (local memories are unchanged)`, { remote: ctx.remoteName });
    }
    {
      let pushed = await pushRefs(ctx, [{ ref: ctx.branchRef, next: p.tip, expect: snap.tip }, ...u.folded.map((f) => ({ ref: f.ref, next: null, expect: f.oid }))]);
      let unfolded = 0;
      if (!pushed.ok && pushed.kind === 'no-atomic') {
        // A server without atomic pushes (AWS CodeCommit) still takes one-push writers' pending refs
        // (that push is not atomic), so they must be folded there too: left to the branch protocol,
        // nobody ever deleted them, and once a writer had published a memory of one to the branch and
        // deleted it, every reader's union replayed the ref and brought the memory back
        // (test/sync/race-safety.test.ts). In order instead: the branch first (under its lease), then
        // the refs it now holds, each under a lease on its id. Killed in between, a ref stays behind
        // whose commits the branch holds: the next fold finds them in its history (replayedPrefix),
        // does not replay them again, and deletes the ref.
        pushed = await pushRefs(ctx, [{ ref: ctx.branchRef, next: p.tip, expect: snap.tip }], false);
        if (pushed.ok && u.folded.length) {
          const out = await pushEach(ctx, u.folded.map((f) => ({ ref: f.ref, next: null, expect: f.oid })));
          unfolded = u.folded.filter((f) => out.status.get(f.ref) !== 'ok').length;
        }
      }
      if (pushed.ok) {
        await setRef(ctx, ctx.trackingRef, p.tip, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
        const moved = await moveLocal(ctx, local, p.tip);
        await setRef(ctx, ctx.markRef, p.tip, `git-memory: shared with ${ctx.remoteName}`);
        recordPending(ctx, u.invalid.length + unfolded);
        return result(ctx, 'pending', {
          ...base,
          tip: moved.tip,
          remoteTip: p.tip,
          pulled: p.tip !== local,
          pushed: true,
          created: snap.tip === null,
          sent: countCommits(ctx, p.tip, snap.tip),
          conflicts: [...conflicts, ...moved.conflicts],
          pending: moved.pending,
          folded: u.folded.length - unfolded,
          ...(u.copies && !unfolded ? { foldedCopies: u.copies } : {}),
          pendingRemote: u.invalid.length + unfolded,
        });
      }
      if (pushed.kind !== 'moved') throw pushed.error;
      rejected++;
      if (fold && attempt < maxRetries) continue;
    }

    // Another writer moved the branch first: publish the local commits where nobody else writes.
    return publishPending(ctx, local, p, snap, rejected, conflicts, maxRetries, undefined, u.refused);
  }
}

/**
 * The local branch of a one-push writer: the fetched tip with this repository's own pending refs that
 * are still on the remote replayed on it (as a fold would, oldest first; a copy the tip holds is not
 * replayed), plus its local commits. Null when it has no such ref (the pushed tip is the local one),
 * or when one cannot be read here (then the local branch is the pushed tip, as before, and a pull
 * brings the rest). Everything in it is on the remote, so the mark moves to it.
 */
async function withOwnParked(ctx: Ctx, local: string | null, snap: Snapshot, mine: Set<string>): Promise<string | null> {
  const parked = snap.pending.filter((p) => mine.has(p.ref));
  if (!parked.length) return null;
  try {
    const u = await unionOf(ctx, { ...snap, pending: parked });
    if (!u.tip || u.tip === snap.tip || u.invalid.length) return null;
    return (await planLocal(ctx, local, u.tip, snap.tip)).tip;
  } catch {
    return null;
  }
}

/**
 * Pushes the commits of `p.own` to a new pending ref of their own (a push nobody can reject), built on
 * the tree of `p.union` (the state this writer saw), then moves the local branch to `p.tip` (or to
 * `localTip`: `p.tip` with this writer's own still-pending memories, {@link withOwnParked}).
 */
async function publishPending(
  ctx: Ctx,
  local: string | null,
  p: LocalPlan,
  snap: Snapshot,
  rejected: number,
  conflicts: SyncConflict[],
  maxRetries: number,
  made?: OwnCommits,
  refused: RefusedRef[] = [],
  branchToo = false,
  drop: PendingRef[] = [],
  localTip: string | null = null,
): Promise<SyncResult> {
  const store = ctx.store;
  let pendingRef: string | null = null;
  let remoteTip = snap.tip;
  let redundant = 0;
  let dropped = 0;
  // What the pending ref records: the writer's commits and the exact state they were made on (the
  // three-way base of the fold). By default the union this sync built and the commits re-applied on
  // it; in a burst (`made`), the local commits as they were made, on the state they were made on.
  const root = made ? made.baseTree : treeOf(ctx, p.union);
  const commits = made ? made.commits : p.own;
  if (commits.length) {
    // A one-push writer's ref names the branch commit it copies: a fold that finds that commit in the
    // branch's history deletes the ref without replaying it (which would revive what was deleted since).
    const w = buildPending(store.git, root, commits, signature(store.identity(), store.now()), branchToo && p.tip ? p.tip : undefined);
    pendingRef = newPendingRef(ctx.branch);
    if (branchToo) {
      // One non-atomic push, two refs: the branch (fetched tip → p.tip, under a lease) and the pending
      // ref. Either holds this writer's commits, so whichever the remote takes, nothing is lost and no
      // second push follows.
      // Copies of what the fetched tip holds go in the same push, each deleted under a lease on its id
      // (another writer deleting it first is no failure).
      const out = await pushEach(ctx, [
        { ref: ctx.branchRef, next: p.tip, expect: snap.tip },
        { ref: pendingRef, next: w, expect: null },
        ...drop.map((d) => ({ ref: d.ref, next: null, expect: d.oid })),
      ]);
      dropped = drop.filter((d) => out.status.get(d.ref) === 'ok').length;
      if (out.status.get(pendingRef) === 'ok') rememberOwnPending(ctx.commonDir, ctx.remoteName, ctx.branch, pendingRef);
      const branch = out.status.get(ctx.branchRef);
      const parked = out.status.get(pendingRef) === 'ok';
      if (branch !== 'ok' && !parked) {
        // A server that takes no refs outside branches: the branch-only protocol.
        if (out.status.get(pendingRef) === 'refused') return syncBranch(ctx, maxRetries, rejected + (branch === 'moved' ? 1 : 0));
        throw out.error;
      }
      if (branch === 'moved') rejected++;
      if (branch === 'ok') {
        remoteTip = p.tip;
        await setRef(ctx, ctx.trackingRef, p.tip as string, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
        // The commits are on the branch; the pending ref (if the remote took it) is a copy of them that
        // the next fold replays as a no-op and deletes.
        if (parked) redundant = 1;
        pendingRef = null;
      }
    } else {
      // One ref: nothing to be atomic about. With --atomic, a server without atomic pushes sent this
      // writer to the branch protocol, which publishes commits it pulled from pending refs without
      // deleting those refs (their replay later revives whatever was deleted since).
      const shared = await pushRefs(ctx, [{ ref: pendingRef, next: w, expect: null }], false);
      if (!shared.ok) {
        // A server that takes no refs outside branches (or no atomic pushes): the branch-only protocol.
        if (shared.kind === 'refused' || shared.kind === 'no-atomic') return syncBranch(ctx, maxRetries, rejected);
        throw shared.error;
      }
    }
  }
  // A one-push writer's p.tip is the fetched branch tip plus its own commits: memories its branch held
  // from other writers' pending refs are not in it. A commit another process of this clone made during
  // the sync (on the branch that held them), re-applied there, lost what it did to them: the delete of
  // such a memory kept only the trash copy, and the fold revived the parked store
  // (test/sync/local-write-during-push.test.ts). So the local branch is left as it is then, and the mark set where this sync started: the
  // new commits are published by the next sync, on the state they were made on.
  const next = localTip ?? (p.tip as string);
  const moved = await moveLocal(ctx, local, next, !!made && !!local);
  await setRef(ctx, ctx.markRef, moved.kept ? (local as string) : next, `git-memory: shared with ${ctx.remoteName}`);
  const left = snap.pending.length + (pendingRef ? 1 : 0) + redundant - dropped;
  recordPending(ctx, left);
  return result(ctx, 'pending', {
    received: p.received,
    replayed: p.replayed,
    retries: rejected,
    tip: moved.tip,
    remoteTip,
    pulled: p.tip !== local,
    pushed: !!pendingRef || remoteTip !== snap.tip,
    created: snap.tip === null && remoteTip !== null,
    sent: commits.length,
    conflicts: [...conflicts, ...moved.conflicts],
    pending: moved.pending,
    pendingRef,
    pendingRemote: left,
    ...(redundant + drop.length - dropped ? { pendingCopies: redundant + drop.length - dropped } : {}),
    refused,
  });
}

/** Pending-aware pull: the local branch becomes the union of the remote branch, its pending refs and local commits. */
export async function pullPending(ctx: Ctx): Promise<SyncResult> {
  const store = ctx.store;
  const snap = await fetchSnapshot(ctx, true);
  const u = await unionOf(ctx, snap);
  const local = store.tip();
  const p = await planLocal(ctx, local, u.tip, snap.tip);
  await guardResult(ctx, local, snap.tip, p.tip);
  recordPending(ctx, snap.pending.length);
  const common = { remoteTip: snap.tip, received: p.received, pendingRemote: snap.pending.length, refused: u.refused };
  if (!p.tip || p.tip === local) {
    if (p.union && local && (p.union === local || linearChain(store.git, p.union, local))) await setRef(ctx, ctx.markRef, p.union, `git-memory: pull from ${ctx.remoteName}`);
    return result(ctx, 'pending', { ...common, tip: local, received: 0 });
  }
  const moved = await moveLocal(ctx, local, p.tip);
  if (p.union) await setRef(ctx, ctx.markRef, p.union, `git-memory: pull from ${ctx.remoteName}`);
  return result(ctx, 'pending', { ...common, tip: moved.tip, pulled: true, replayed: p.replayed, conflicts: [...u.conflicts, ...p.conflicts, ...moved.conflicts], pending: moved.pending });
}
