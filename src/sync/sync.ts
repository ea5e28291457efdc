import { existsSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { MemoryError, RefMovedError } from '../core/errors.js';
import type { MemoryStore } from '../core/store.js';
import { readEffectiveConfig } from '../git/repo.js';
import { combine, diffTrees, type SyncConflict } from './combine.js';
import { gitFailure, redact, runGit, DEFAULT_TIMEOUT_MS } from './git-cli.js';
import { linearChain, linearMergeBase } from './history.js';

export interface SyncOptions {
  /** A configured remote name, or a URL/path. Default: env MEMORY_REMOTE, else "origin". */
  remote?: string;
  /** How many times a push rejected because the remote moved is retried. Default: env MEMORY_SYNC_RETRIES, else config `sync.retries`. */
  retries?: number;
  /** Per git network command. Default 120 s. */
  timeoutMs?: number;
}

export interface SyncResult {
  success: true;
  remote: string;
  branch: string;
  /** The local branch tip afterwards (null: no memories anywhere). */
  tip: string | null;
  /** The remote branch tip afterwards, as far as this sync knows. */
  remoteTip: string | null;
  /** The local branch took in changes from the remote. */
  pulled: boolean;
  /** The remote branch was updated (or created) by this sync. */
  pushed: boolean;
  /** The remote had no such branch: this push created it. */
  created: boolean;
  /** Memory files the remote changed that are now local. */
  received: number;
  /** Commits published to the remote. */
  sent: number;
  /** Local commits re-applied on the remote tip. */
  replayed: number;
  /** Paths both sides changed, and which version was kept. */
  conflicts: SyncConflict[];
  /** Pushes retried because another writer pushed first. */
  retries: number;
  /** Local commits made by other processes during this sync: kept locally, pushed by the next sync. */
  pending: number;
}

interface Ctx {
  store: MemoryStore;
  cwd: string;
  /** What git is given: the remote's name, or its URL/path. */
  remoteArg: string;
  /** What we show. */
  remoteName: string;
  trackingRef: string;
  branch: string;
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function context(store: MemoryStore, opts: SyncOptions): Ctx {
  const remote = (opts.remote || process.env.MEMORY_REMOTE || 'origin').trim();
  if (!remote || remote.startsWith('-') || /[\0\n]/.test(remote)) {
    throw new MemoryError('INVALID_INPUT', `invalid remote: ${JSON.stringify(remote)}`, { field: 'remote' });
  }
  const loc = store.git.location;
  const cwd = loc.root;
  const configured = /^[A-Za-z0-9._-]+$/.test(remote) && readEffectiveConfig(loc).has(`remote.${remote}.url`);
  let trackingRef: string;
  if (configured) trackingRef = `refs/remotes/${remote}/${store.branch}`;
  else if (remote.includes(':') || remote.includes('/') || existsSync(resolve(cwd, remote))) {
    trackingRef = `refs/git-memory/remotes/${createHash('sha1').update(remote).digest('hex').slice(0, 12)}/${store.branch}`;
  } else {
    throw new MemoryError('REMOTE_UNREACHABLE', `no remote named "${remote}" in this repository (list them with "git remote -v", or pass a URL with --remote)`, { remote });
  }
  return { store, cwd, remoteArg: remote, remoteName: redact(remote), trackingRef, branch: store.branch, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS };
}

function retriesFrom(store: MemoryStore, opts: SyncOptions): number {
  const raw = opts.retries ?? (process.env.MEMORY_SYNC_RETRIES ? Number(process.env.MEMORY_SYNC_RETRIES) : store.config().sync?.retries ?? 20);
  if (!Number.isInteger(raw) || raw < 0) throw new MemoryError('INVALID_INPUT', `retries must be a non-negative integer, got ${JSON.stringify(raw)}`, { field: 'retries' });
  return raw;
}

/** Full jitter: concurrent writers that collided spread out instead of colliding again in step. */
function backoff(attempt: number): number {
  return 10 + Math.random() * Math.min(1500, 40 * 2 ** attempt);
}

function deleteLooseRef(ctx: Ctx, ref: string): Promise<void> | void {
  try {
    unlinkSync(join(ctx.store.git.location.commonDir, ref));
  } catch {
    /* not loose */
  }
  // A concurrent `git pack-refs` may have packed it; git removes packed entries properly.
  if (ctx.store.git.resolve(ref)) return runGit(ctx.cwd, ['update-ref', '-d', ref]).then(() => undefined);
}

async function setRef(ctx: Ctx, ref: string, oid: string, message: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const cur = ctx.store.git.resolve(ref);
    if (cur === oid) return;
    try {
      await ctx.store.git.refs.compareAndSwap(ref, cur, oid, { who: ctx.store.identity(), message });
      return;
    } catch (err) {
      if (!(err instanceof RefMovedError)) return; // the tracking ref is a convenience
    }
  }
}

/**
 * Fetches the remote branch into a private temporary ref (so concurrent syncs in one repository never
 * fight over the tracking ref's lock) and returns its tip, or null when the remote has no such branch.
 * The explicit refspec works in single-branch clones, whose configured refspec leaves `memory` out.
 */
async function fetchRemote(ctx: Ctx): Promise<string | null> {
  const git = ctx.store.git;
  removeStaleFetchRefs(git.location.commonDir);
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString('hex')}`;
  // In a shallow clone (actions/checkout's default), first contact takes the tip only: nothing in this
  // repository can share history with it yet, so deeper history would only cost time. Later fetches
  // are incremental and stop at commits we have, which is all the merge base needs.
  const shallow = existsSync(join(git.location.commonDir, 'shallow')) && !git.resolve(ctx.trackingRef);
  // --refmap= : without it git also updates refs/remotes/<remote>/<branch> itself ("opportunistic"
  // update), and two syncs in one clone then fail on that ref's lock. We move it by compare-and-swap.
  const args = ['-c', 'fetch.recurseSubmodules=false', 'fetch', '--quiet', '--no-tags', '--refmap=', ...(shallow ? ['--depth=1'] : []), ctx.remoteArg, `+refs/heads/${ctx.branch}:${tmp}`];
  const run = await runGit(ctx.cwd, args, { timeoutMs: ctx.timeoutMs });
  if (run.code !== 0) {
    await deleteLooseRef(ctx, tmp);
    if (/couldn't find remote ref/i.test(run.stderr)) return null;
    throw gitFailure(`fetching ${ctx.branch} from ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch });
  }
  const oid = git.resolve(tmp);
  await deleteLooseRef(ctx, tmp);
  if (!oid) throw new MemoryError('SYNC_FAILED', `fetching ${ctx.branch} from ${ctx.remoteName} left no ref behind (local memories are unchanged)`, { remote: ctx.remoteName });
  await setRef(ctx, ctx.trackingRef, oid, `git-memory: fetch ${ctx.branch} from ${ctx.remoteName}`);
  return oid;
}

/** Temporary refs left by a sync that was killed mid-fetch; live ones are seconds old. */
function removeStaleFetchRefs(commonDir: string): void {
  const dir = join(commonDir, 'refs', 'git-memory', 'fetch');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    try {
      if (Date.now() - statSync(join(dir, n)).mtimeMs > 3_600_000) unlinkSync(join(dir, n));
    } catch {
      /* gone already */
    }
  }
}

async function mergeBase(ctx: Ctx, a: string, b: string): Promise<string | null> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast;
  const run = await runGit(ctx.cwd, ['merge-base', a, b]);
  if (run.code === 0) return run.stdout.trim() || null;
  if (run.code === 1 && !run.stderr.trim()) return null; // unrelated histories
  throw new MemoryError('SYNC_FAILED', `git merge-base failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
}

async function isAncestor(ctx: Ctx, a: string, b: string): Promise<boolean> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast === a;
  const run = await runGit(ctx.cwd, ['merge-base', '--is-ancestor', a, b]);
  return run.code === 0;
}

/** Local commits since `base`, oldest first, along the first-parent chain. */
async function localChain(ctx: Ctx, base: string | null, tip: string): Promise<string[]> {
  const fast = linearChain(ctx.store.git, base, tip);
  if (fast) return fast;
  const run = await runGit(ctx.cwd, ['rev-list', '--first-parent', '--reverse', tip, ...(base ? [`^${base}`] : [])]);
  if (run.code !== 0) throw new MemoryError('SYNC_FAILED', `git rev-list failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
  return run.stdout.split('\n').filter(Boolean);
}

/** First-parent steps from `from` back to `until` (an id or an abbreviation), or to the root / a shallow boundary. */
function countCommits(ctx: Ctx, from: string, until: string | null, max = 100_000): number {
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

function memoryFiles(paths: Iterable<string>): number {
  let n = 0;
  for (const p of paths) if (p.startsWith('memories/')) n++;
  return n;
}

interface Plan {
  /** What the branch should be on both sides; null when there are no memories anywhere. */
  tip: string | null;
  received: number;
  replayed: number;
  conflicts: SyncConflict[];
}

/** Combines the local tip with the fetched remote tip, without moving any ref. */
async function plan(ctx: Ctx, local: string | null, remote: string | null): Promise<Plan> {
  const none = { received: 0, replayed: 0, conflicts: [] as SyncConflict[] };
  if (!remote) return { tip: local, ...none };
  const git = ctx.store.git;
  if (!local) return { tip: remote, ...none, received: memoryFiles(diffTrees(git, null, git.readCommit(remote).tree).keys()) };
  if (local === remote) return { tip: local, ...none };
  const base = await mergeBase(ctx, local, remote);
  if (base === remote) return { tip: local, ...none };
  if (base === local) {
    return { tip: remote, ...none, received: memoryFiles(diffTrees(git, git.readCommit(local).tree, git.readCommit(remote).tree).keys()) };
  }
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now() });
  return { tip: res.tip, received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}

/**
 * Moves the local branch from `expect` to `next` by compare-and-swap. Other processes may store
 * while we sync: if the branch moved, their new commits are re-applied on `next` and we try again,
 * so a concurrent local write is never overwritten. Returns the final tip and how many such commits
 * were re-applied (they are not on the remote yet).
 */
async function moveLocal(ctx: Ctx, expect: string | null, next: string): Promise<{ tip: string; pending: number; conflicts: SyncConflict[] }> {
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
  throw new MemoryError('CONFLICT', 'the local memory branch kept moving during the sync; run it again', { ref: store.ref });
}

type PushOutcome = { ok: true; old: string | null; created: boolean } | { ok: false; retryable: boolean; error: MemoryError };

/** Pushes `oid` to the remote branch. Never forced: the remote only ever moves forward. */
async function pushTip(ctx: Ctx, oid: string): Promise<PushOutcome> {
  // --no-verify: pre-push hooks guard code pushes (tests, linters); a memory write is not one.
  const run = await runGit(ctx.cwd, ['push', '--porcelain', '--no-verify', ctx.remoteArg, `${oid}:refs/heads/${ctx.branch}`], { timeoutMs: ctx.timeoutMs });
  const line = run.stdout.split('\n').find((l) => /^[ +\-*!=]\t/.test(l));
  const [flag, , summary = ''] = line ? line.split('\t') : [];
  if (run.code === 0 && flag !== '!') {
    // The summary is "old..new" (abbreviated), "[up to date]" or "[new branch]".
    const m = /^([0-9a-f]{4,40})\.\.\.?[0-9a-f]{4,40}$/.exec(summary.trim());
    return { ok: true, old: flag === '=' ? oid : m ? m[1] : null, created: flag === '*' };
  }
  if (flag === '!') {
    const data = { remote: ctx.remoteName, branch: ctx.branch, git: summary.trim() };
    if (/\[rejected\]/.test(summary) && /fetch first|non-fast-forward|stale info/.test(summary)) {
      return { ok: false, retryable: true, error: new MemoryError('PUSH_REJECTED', `the remote ${ctx.branch} moved: ${summary.trim()}`, data) };
    }
    if (/\[remote rejected\]/.test(summary) && /cannot lock|failed to (update|lock)|incorrect old value|but expected|reference already exists|unable to update/i.test(summary)) {
      // Another push updated the branch at the same moment: the same situation as a non-fast-forward.
      return { ok: false, retryable: true, error: new MemoryError('PUSH_REJECTED', `the remote ${ctx.branch} moved: ${summary.trim()}`, data) };
    }
    return {
      ok: false,
      retryable: false,
      error: new MemoryError('PUSH_REJECTED', `the remote refused the push of ${ctx.branch}: ${summary.trim()} (a protected branch or a server hook? local memories are unchanged)`, data),
    };
  }
  return { ok: false, retryable: false, error: gitFailure(`pushing ${ctx.branch} to ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch }) };
}

function result(ctx: Ctx, r: Partial<SyncResult>): SyncResult {
  return {
    success: true,
    remote: ctx.remoteName,
    branch: ctx.branch,
    tip: null,
    remoteTip: null,
    pulled: false,
    pushed: false,
    created: false,
    received: 0,
    sent: 0,
    replayed: 0,
    conflicts: [],
    retries: 0,
    pending: 0,
    ...r,
  };
}

/**
 * Fetches the remote memory branch, combines it with local memory commits, and pushes the result.
 * When another writer pushed first, fetches again, recombines and retries with jittered backoff, up
 * to `retries` times. The local branch moves only after the push succeeded (or when there is nothing
 * to push), so any failure leaves it exactly as it was.
 */
export async function sync(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const maxRetries = retriesFrom(store, opts);
  let lastRejection: MemoryError | null = null;
  let rejected = 0;

  // Optimistic first push: when the local branch only adds commits on top of the remote tip we saw
  // last, push before fetching. If it is accepted the remote had nothing new (a push is only accepted
  // as a fast-forward), so the sync is complete with one network round instead of two.
  const seen = store.git.resolve(ctx.trackingRef);
  const start = store.tip();
  const ahead = start && seen && start !== seen ? linearChain(store.git, seen, start) : undefined;
  if (start && ahead?.length) {
    const pushed = await pushTip(ctx, start);
    if (pushed.ok) {
      await setRef(ctx, ctx.trackingRef, start, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
      return result(ctx, { tip: store.tip(), remoteTip: start, pushed: true, sent: ahead.length, pending: countCommits(ctx, store.tip() as string, start) });
    }
    if (!pushed.retryable) throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }

  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0) await sleep(backoff(attempt - 1));
    const remote = await fetchRemote(ctx);
    const local = store.tip();
    const p = await plan(ctx, local, remote);
    if (!p.tip) return result(ctx, { retries: rejected });
    if (p.tip === remote) {
      const moved = await moveLocal(ctx, local, remote);
      return result(ctx, {
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
      return result(ctx, {
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
    if (!pushed.retryable) throw pushed.error;
    lastRejection = pushed.error;
    rejected++;
  }
  throw new MemoryError(
    'PUSH_REJECTED',
    `the remote ${ctx.branch} kept moving: other writers pushed first ${rejected} times in a row; local memories are unchanged, run "memory sync" again (or raise --retries)`,
    { remote: ctx.remoteName, branch: ctx.branch, retries: maxRetries, last: lastRejection?.message },
  );
}

/** Fetches the remote memory branch and combines it into the local one; publishes nothing. */
export async function pull(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const remote = await fetchRemote(ctx);
  const local = store.tip();
  const p = await plan(ctx, local, remote);
  if (!p.tip || p.tip === local) return result(ctx, { tip: local, remoteTip: remote });
  const moved = await moveLocal(ctx, local, p.tip);
  return result(ctx, {
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
export async function push(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const local = store.tip();
  if (!local) return result(ctx, {});
  const pushed = await pushTip(ctx, local);
  if (!pushed.ok) {
    if (pushed.retryable) {
      throw new MemoryError('PUSH_REJECTED', `the remote ${ctx.branch} has changes this repository does not have yet: run "memory sync" (or "memory pull", then "memory push"); local memories are unchanged`, pushed.error.data);
    }
    throw pushed.error;
  }
  await setRef(ctx, ctx.trackingRef, local, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
  const same = pushed.old !== null && local.startsWith(pushed.old);
  return result(ctx, { tip: local, remoteTip: local, pushed: !same, created: pushed.created, sent: same ? 0 : countCommits(ctx, local, pushed.old) });
}
