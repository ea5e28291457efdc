/** A sync's context (remote, refs, options), its result, and the ref and history helpers every mode uses. */
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { RefMovedError, InvalidInputError, RemoteUnreachableError, type NextStep } from '../errors.js';
import type { SyncBranch } from '../model/branch-view.js';
import type { GitTarget } from '../git/cli.js';
import { readEffectiveConfig } from '../git/location.js';
import { type SyncConflict } from './combine.js';
import { redact, DEFAULT_TIMEOUT_MS } from './git-cli.js';

/** How a sync publishes: see docs/sync.md. */
export type SyncMode = 'pending' | 'branch';

export interface SyncOptions {
  /** A configured remote name, or a URL/path. Default: env MEMORY_REMOTE, else "origin". */
  remote?: string;
  /**
   * Mode "branch": how many times a push rejected because the remote moved is retried. Mode
   * "pending" with `fold`: how many times a fold is tried again. Default: env MEMORY_SYNC_RETRIES,
   * else config `sync.retries`.
   */
  retries?: number;
  /** Per git network command. Default 120 s. */
  timeoutMs?: number;
  /**
   * "pending" (default): one attempt to move the branch (folding pending refs into it); if another
   * writer moved it first, this writer's commits go to a pending ref of its own, which cannot be
   * rejected. "branch": the branch only, retried until accepted (the protocol before pending refs).
   * Default: env MEMORY_SYNC_MODE.
   */
  mode?: SyncMode;
  /** Mode "pending": keep trying (up to `retries`) until the branch holds everything, instead of leaving a pending ref. */
  fold?: boolean;
  /** Told when a step starts (the CLI's progress line on a terminal); reporting only, never consulted. */
  onProgress?: (event: SyncProgress) => void;
}

/** A sync step starting: fetching from the remote, combining its changes with local ones, pushing. */
export interface SyncProgress {
  phase: 'fetch' | 'combine' | 'push';
  /** The remote as shown (credentials redacted). */
  remote: string;
}

export interface SyncResult {
  success: true;
  remote: string;
  branch: string;
  /** How this sync published: "pending" (branch plus pending refs) or "branch" (the branch only). */
  mode: SyncMode;
  /** The local branch tip afterwards (null: no memories anywhere). */
  tip: string | null;
  /** The remote branch tip afterwards, as far as this sync knows. */
  remoteTip: string | null;
  /** The local branch took in changes from the remote. */
  pulled: boolean;
  /** The remote was updated (or created) by this sync: its branch, or a pending ref. */
  pushed: boolean;
  /** The remote had no such branch: this push created it. */
  created: boolean;
  /**
   * Memory files the remote changed that are now local; null: not counted (a writer's first sync in
   * a fresh clone takes the branch without reading it: docs/sync.md, "What a writer fetches").
   */
  received: number | null;
  /** Commits published (on the branch or in `pendingRef`). */
  sent: number;
  /** Local commits re-applied on the remote tip. */
  replayed: number;
  /** Paths both sides changed, and which version was kept. */
  conflicts: SyncConflict[];
  /** Pushes rejected because another writer moved the branch first. */
  retries: number;
  /** Local commits made by other processes during this sync: kept locally, pushed by the next sync. */
  pending: number;
  /** Pending refs this sync folded into the branch (and deleted). */
  folded: number;
  /** The pending ref that holds this sync's commits when another writer moved the branch first; null otherwise. */
  pendingRef: string | null;
  /** Pending refs left on the remote as far as this sync knows (the next sync folds them); null: not looked at. */
  pendingRemote: number | null;
  /**
   * Of `pendingRemote`, refs that only copy commits the branch already holds (a one-push writer's
   * copy of its own push): nothing to fold, the next sync deletes them. Absent: none known.
   */
  pendingCopies?: number;
  /** Of `folded`, refs that only copied commits the branch already held: deleted, nothing replayed. Absent: none. */
  foldedCopies?: number;
  /** Pending refs this sync refused to fold (left on the remote for a person, counted in `pendingRemote`), and why. */
  refused: RefusedRef[];
}

/** A pending ref a fold will not take (docs/sync.md, "What a fold refuses"). */
export interface RefusedRef {
  ref: string;
  code: 'INVALID_TREE_NAME';
  /** The offending path, JSON-escaped and bounded. */
  path: string;
  reason: string;
}

export interface Ctx {
  store: SyncBranch;
  cwd: string;
  /** Where git runs: this repository by path, whatever GIT_DIR the environment holds. */
  target: GitTarget;
  commonDir: string;
  /** What git is given: the remote's name, or its URL/path. */
  remoteArg: string;
  /** What we show. */
  remoteName: string;
  trackingRef: string;
  /** `remoteArg` is a remote configured in this repository (a name, not a URL or path). */
  named: boolean;
  /**
   * The local commit up to which everything local is known to be on the remote (on its branch or in
   * pending refs): commits after it are this repository's own, still to be shared.
   */
  markRef: string;
  branch: string;
  branchRef: string;
  timeoutMs: number;
  onProgress?: (event: SyncProgress) => void;
  /** This sync's fetch took no trees: they come one by one as read (`treeFetch`), see fetchSnapshot. */
  treeless?: boolean;
}

/** Progress hook: a failing listener must not fail the sync. */
export function report(ctx: Ctx, phase: SyncProgress['phase']): void {
  try {
    ctx.onProgress?.({ phase, remote: ctx.remoteName });
  } catch {
    /* reporting only */
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Depth of the first fetch in a shallow clone (actions/checkout's default). The branch needs its tip
 * only; a pending ref is its root plus the writer's own commits, so 4 covers up to three of them in the
 * same round trip (longer ones are fetched again in full).
 */
export const FIRST_FETCH_DEPTH = 4;

export function context(store: SyncBranch, opts: SyncOptions): Ctx {
  const remote = (opts.remote || process.env.MEMORY_REMOTE || 'origin').trim();
  if (!remote || remote.startsWith('-') || /[\0\n]/.test(remote)) {
    throw new InvalidInputError(`invalid remote: ${JSON.stringify(remote)}`, { field: 'remote' });
  }
  const loc = store.git.location;
  const cwd = loc.root;
  const configured = /^[A-Za-z0-9._-]+$/.test(remote) && readEffectiveConfig(loc).has(`remote.${remote}.url`);
  let trackingRef: string;
  let key: string;
  if (configured) {
    trackingRef = `refs/remotes/${remote}/${store.branch}`;
    key = remote;
  } else if (remote.includes(':') || remote.includes('/') || existsSync(resolve(cwd, remote))) {
    key = createHash('sha1').update(remote).digest('hex').slice(0, 12);
    trackingRef = `refs/git-memory/remotes/${key}/${store.branch}`;
  } else {
    throw new RemoteUnreachableError(`no remote named "${remote}" in this repository`, { remote, next: 'remote' satisfies NextStep });
  }
  return {
    store,
    cwd,
    target: store.git.target,
    commonDir: loc.commonDir,
    remoteArg: remote,
    remoteName: redact(remote),
    trackingRef,
    named: configured,
    markRef: `refs/git-memory/shared/${key}/${store.branch}`,
    branch: store.branch,
    branchRef: `refs/heads/${store.branch}`,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    onProgress: opts.onProgress,
  };
}

export function retriesFrom(store: SyncBranch, opts: SyncOptions): number {
  const raw = opts.retries ?? (process.env.MEMORY_SYNC_RETRIES ? Number(process.env.MEMORY_SYNC_RETRIES) : store.config().sync?.retries ?? 20);
  if (!Number.isInteger(raw) || raw < 0) throw new InvalidInputError(`retries must be a non-negative integer, got ${JSON.stringify(raw)}`, { field: 'retries' });
  return raw;
}

export function modeFrom(opts: SyncOptions): SyncMode {
  const raw = opts.mode ?? (process.env.MEMORY_SYNC_MODE || 'pending');
  if (raw !== 'pending' && raw !== 'branch') throw new InvalidInputError(`sync mode must be "pending" or "branch", got ${JSON.stringify(String(raw).slice(0, 40))}`, { field: 'mode' });
  return raw;
}

/** Full jitter: concurrent writers that collided spread out instead of colliding again in step. */
export function backoff(attempt: number): number {
  return 10 + Math.random() * Math.min(1500, 40 * 2 ** attempt);
}

export async function setRef(ctx: Ctx, ref: string, oid: string, message: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const cur = ctx.store.git.resolve(ref);
    if (cur === oid) return;
    try {
      await ctx.store.git.refs.compareAndSwap(ref, cur, oid, { who: ctx.store.identity(), message });
      return;
    } catch (err) {
      if (!(err instanceof RefMovedError)) return; // tracking and mark refs are bookkeeping
    }
  }
}

/** Deletes every ref under `prefix` (loose files directly; packed ones, rare, through git). */
export async function deleteRefsUnder(ctx: Ctx, prefix: string): Promise<void> {
  await ctx.store.git.refs.deleteUnder(prefix);
}

export function result(ctx: Ctx, mode: SyncMode, r: Partial<SyncResult>): SyncResult {
  return {
    success: true,
    remote: ctx.remoteName,
    branch: ctx.branch,
    mode,
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
    folded: 0,
    pendingRef: null,
    pendingRemote: null,
    refused: [],
    ...r,
  };
}

export function treeOf(ctx: Ctx, c: string | null): string | null {
  return c ? ctx.store.git.readCommit(c).tree : null;
}
