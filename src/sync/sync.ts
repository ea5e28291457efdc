/** The entry points: `sync`, `pull`, `push`. The modes live in pending-sync.ts and branch.ts; docs/sync.md says what each does. */
import { InvalidInputError, PushRejectedError } from '../errors.js';
import type { SyncBranch } from '../model/branch-view.js';
import { syncBranch } from './branch.js';
import { type SyncOptions, type SyncResult, context, retriesFrom, modeFrom, setRef, result } from './context.js';
import { fetchSnapshot } from './fetch.js';
import { countCommits, plan, moveLocal, guardResult } from './local.js';
import { syncPending, pullPending } from './pending-sync.js';
import { pushTip } from './push.js';

export type { SyncMode, SyncOptions, SyncProgress, SyncResult, RefusedRef } from './context.js';
export { TREELESS_FROM } from './fetch.js';

/**
 * Shares memories: fetches the remote branch (and its pending refs), combines them with local memory
 * commits, and publishes the result. Mode "pending" (default) never retries in a loop unless `fold`
 * asks for it; mode "branch" retries the branch push. The local branch moves only after the remote
 * accepted what it was given (or when there is nothing to publish), so any failure leaves it as it was.
 */
export async function sync(store: SyncBranch, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const maxRetries = retriesFrom(store, opts);
  const mode = modeFrom(opts);
  if (mode === 'branch') {
    if (opts.fold) throw new InvalidInputError('fold needs the pending mode (pending refs are what a fold folds)', { field: 'fold' });
    return syncBranch(ctx, maxRetries);
  }
  try {
    return await syncPending(ctx, maxRetries, !!opts.fold);
  } finally {
    store.git.treeFetch = null;
  }
}

/** Fetches the remote memory branch (and its pending refs) and combines it into the local one; publishes nothing. */
export async function pull(store: SyncBranch, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  if (modeFrom(opts) === 'pending') return pullPending(ctx);
  const remote = (await fetchSnapshot(ctx, false)).tip;
  const local = store.tip();
  const p = await plan(ctx, local, remote);
  await guardResult(ctx, local, remote, p.tip);
  if (!p.tip || p.tip === local) return result(ctx, 'branch', { tip: local, remoteTip: remote });
  const moved = await moveLocal(ctx, local, p.tip);
  return result(ctx, 'branch', {
    tip: moved.tip,
    remoteTip: remote,
    pulled: true,
    received: p.received,
    replayed: p.replayed,
    conflicts: [...p.conflicts, ...moved.conflicts],
    pending: moved.pending,
  });
}

/**
 * Pushes the local memory branch as it is. Fails with PUSH_REJECTED when the remote has commits the
 * local branch lacks: `sync` (or `pull` then `push`) combines them first.
 */
export async function push(store: SyncBranch, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const mode = modeFrom(opts);
  const local = store.tip();
  if (!local) return result(ctx, mode, {});
  const pushed = await pushTip(ctx, local);
  if (!pushed.ok) {
    if (pushed.kind === 'moved') {
      throw new PushRejectedError(`the remote ${ctx.branch} has changes this repository does not have yet; local memories are unchanged`, { ...pushed.error.data, next: 'sync' });
    }
    throw pushed.error;
  }
  await setRef(ctx, ctx.trackingRef, local, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
  const same = pushed.old === 'same' || (pushed.old !== null && local.startsWith(pushed.old));
  return result(ctx, mode, { tip: local, remoteTip: local, pushed: !same, created: pushed.created, sent: same ? 0 : countCommits(ctx, local, pushed.old === 'same' ? local : pushed.old) });
}
