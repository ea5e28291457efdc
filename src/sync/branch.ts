/** Mode "branch": push the branch, fetch and recombine when another writer pushed first. */
import { MemoryError, PushRejectedError } from '../errors.js';
import { linearChain } from './history.js';
import { type SyncResult, type Ctx, sleep, backoff, setRef, result } from './context.js';
import { fetchSnapshot } from './fetch.js';
import { countCommits, plan, moveLocal, guardResult } from './local.js';
import { pushTip } from './push.js';

/**
 * Mode "branch", the protocol before pending refs (and the fallback for servers that take no atomic
 * pushes or no refs outside branches): fetch, combine, push the branch; when another writer pushed
 * first, fetch again, recombine and retry with jittered backoff, up to `retries` times. The local
 * branch moves only after the push succeeded (or when there is nothing to push).
 */
export async function syncBranch(ctx: Ctx, maxRetries: number, rejectedBefore = 0): Promise<SyncResult> {
  const store = ctx.store;
  let lastRejection: MemoryError | null = null;
  let rejected = rejectedBefore;
  const done = async (r: Partial<SyncResult>) => {
    if (r.remoteTip && r.tip && (r.tip === r.remoteTip || linearChain(store.git, r.remoteTip, r.tip))) await setRef(ctx, ctx.markRef, r.remoteTip, `git-memory: shared with ${ctx.remoteName}`);
    return result(ctx, 'branch', r);
  };

  // Optimistic first push: when the local branch only adds commits on top of the remote tip we saw
  // last, push before fetching. If it is accepted the remote had nothing new (a push is only accepted
  // as a fast-forward), so the sync is complete with one network round instead of two.
  const seen = store.git.resolve(ctx.trackingRef);
  const start = store.tip();
  const ahead = start && seen && start !== seen && !rejectedBefore ? linearChain(store.git, seen, start) : undefined;
  if (start && ahead?.length) {
    const pushed = await pushTip(ctx, start);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, start, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      return done({ tip: store.tip(), remoteTip: start, pushed: true, sent: ahead.length, pending: countCommits(ctx, store.tip() as string, start) });
    }
    if (pushed.kind !== 'moved') throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }

  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0 || rejected) await sleep(backoff(Math.max(0, rejected - 1)));
    const remote = (await fetchSnapshot(ctx, false, true)).tip;
    const local = store.tip();
    const p = await plan(ctx, local, remote);
    await guardResult(ctx, local, remote, p.tip);
    if (!p.tip) return done({ retries: rejected });
    if (p.tip === remote) {
      const moved = await moveLocal(ctx, local, remote);
      return done({
        tip: moved.tip,
        remoteTip: remote,
        pulled: local !== remote,
        received: p.received,
        conflicts: [...p.conflicts, ...moved.conflicts],
        retries: rejected,
        pending: moved.pending,
      });
    }
    const pushed = await pushTip(ctx, p.tip);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, p.tip, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      const moved = await moveLocal(ctx, local, p.tip);
      return done({
        tip: moved.tip,
        remoteTip: p.tip,
        pulled: p.tip !== local,
        pushed: true,
        created: pushed.created || remote === null,
        received: p.received,
        sent: countCommits(ctx, p.tip, remote),
        replayed: p.replayed,
        conflicts: [...p.conflicts, ...moved.conflicts],
        retries: rejected,
        pending: moved.pending,
      });
    }
    if (pushed.kind !== 'moved') throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  throw new PushRejectedError(
    `the remote ${ctx.branch} kept moving: other writers pushed first ${rejected} times in a row; local memories are unchanged, run "memory sync" again (or raise --retries)`,
    { remote: ctx.remoteName, branch: ctx.branch, retries: maxRetries, last: lastRejection?.message },
  );
}
