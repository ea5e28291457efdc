import { existsSync, readFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { MemoryError, RefMovedError, ConflictError, InvalidInputError, PushRejectedError, RemoteUnreachableError, SyncFailedError } from '../errors.js';
import type { MemoryStore } from '../store/store.js';
import type { GitTarget } from '../git/cli.js';
import { setConfigValue } from '../git/config.js';
import { readEffectiveConfig } from '../git/location.js';
import { combine, changedFiles, claimedCount, countMemoryFiles, signature, type SyncConflict } from './combine.js';
import { gitFailure, redact, remoteMessage, runGit, DEFAULT_TIMEOUT_MS, type GitRun } from './git-cli.js';
import { linearChain, linearMergeBase } from './history.js';
import { assertDeleteBound, assertValidNames, DEFAULT_MAX_DELETE_RATIO, findBadName, treeNameCheck } from './guard.js';
import { runGitSync } from '../git/cli.js';
import { diffFiles } from '../git/diff.js';
import { filterGiven, type GitRepository } from '../git/repository.js';
import { FOLD_AT_PENDING, buildPending, burstInProgress, listRefs, recentForeignTip, newPendingRef, ownPendingRefs, pendingPrefix, readPending, rememberOwnPending, writePendingStatus, type PendingChain, type PendingRef } from './pending.js';

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

interface Ctx {
  store: MemoryStore;
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
function report(ctx: Ctx, phase: SyncProgress['phase']): void {
  try {
    ctx.onProgress?.({ phase, remote: ctx.remoteName });
  } catch {
    /* reporting only */
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Depth of the first fetch in a shallow clone (actions/checkout's default). The branch needs its tip
 * only; a pending ref is its root plus the writer's own commits, so 4 covers up to three of them in the
 * same round trip (longer ones are fetched again in full).
 */
const FIRST_FETCH_DEPTH = 4;

function context(store: MemoryStore, opts: SyncOptions): Ctx {
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
    throw new RemoteUnreachableError(`no remote named "${remote}" in this repository (list them with "git remote -v", or pass a URL with --remote)`, { remote });
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

function retriesFrom(store: MemoryStore, opts: SyncOptions): number {
  const raw = opts.retries ?? (process.env.MEMORY_SYNC_RETRIES ? Number(process.env.MEMORY_SYNC_RETRIES) : store.config().sync?.retries ?? 20);
  if (!Number.isInteger(raw) || raw < 0) throw new InvalidInputError(`retries must be a non-negative integer, got ${JSON.stringify(raw)}`, { field: 'retries' });
  return raw;
}

function modeFrom(opts: SyncOptions): SyncMode {
  const raw = opts.mode ?? (process.env.MEMORY_SYNC_MODE || 'pending');
  if (raw !== 'pending' && raw !== 'branch') throw new InvalidInputError(`sync mode must be "pending" or "branch", got ${JSON.stringify(String(raw).slice(0, 40))}`, { field: 'mode' });
  return raw;
}

/** Full jitter: concurrent writers that collided spread out instead of colliding again in step. */
function backoff(attempt: number): number {
  return 10 + Math.random() * Math.min(1500, 40 * 2 ** attempt);
}

async function setRef(ctx: Ctx, ref: string, oid: string, message: string): Promise<void> {
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
async function deleteRefsUnder(ctx: Ctx, prefix: string): Promise<void> {
  await ctx.store.git.refs.deleteUnder(prefix);
}

/** What one fetch saw on the remote. */
interface Snapshot {
  /** The remote branch tip (null: no such branch). */
  tip: string | null;
  /** Pending refs, sorted by name (creation time first). */
  pending: PendingRef[];
  /** The fetch asked for no blobs (`--filter=blob:none`). */
  blobless: boolean;
}

/**
 * Every fetch of a sync: no submodules, and no automatic maintenance afterwards (`git maintenance run
 * --auto`, or `gc --auto` before git 2.29): a memory write must not start a repack of the user's
 * repository, which takes minutes in a large one, and in a matrix of jobs it was one more process per
 * writer (issue 17). The user's own git commands still run it.
 */
const FETCH_CONFIG = ['-c', 'fetch.recurseSubmodules=false', '-c', 'maintenance.auto=false', '-c', 'gc.auto=0'];

/**
 * Fetches the remote branch (and, with `withPending`, every pending ref of it) into private temporary
 * refs (`refs/git-memory/fetch/<pid>-<random>/…`), so concurrent syncs in one repository never
 * contend for a ref lock, and with explicit refspecs, so single-branch clones work too. One round trip.
 */
async function fetchSnapshot(ctx: Ctx, withPending: boolean, write = false, treelessOk = false): Promise<Snapshot> {
  report(ctx, 'fetch');
  const git = ctx.store.git;
  git.refs.deleteStale('refs/git-memory/fetch', 3_600_000); // left by a sync killed mid-fetch; live ones are seconds old
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString('hex')}`;
  // In a shallow clone, first contact takes the tips only: nothing in this repository can share
  // history with the branch yet, so deeper history would only cost time. Later fetches are
  // incremental and stop at commits we have, which is all the merge base needs.
  const shallow = existsSync(join(ctx.commonDir, 'shallow')) && !git.resolve(ctx.trackingRef);
  const blobless = write && bloblessFetch(ctx, shallow);
  const wasPromisor = blobless && git.partialCloneRemote() === ctx.remoteArg;
  // A writer's first contact takes no trees either (`tree:0`): only the commits. The trees it needs
  // (the paths it writes, and what a combine compares) are fetched one by one as they are read.
  // A clone marked by such a write stays in that mode for its later writes (their fetches are
  // incremental anyway: only the trees that changed, with `blob:none`).
  const mode = treelessMode();
  const unchecked = treelessOk && blobless && mode !== 'off' ? git.resolve(uncheckedRef(ctx)) : null;
  let treeless = treelessOk && blobless && mode !== 'off' && (shallow || !!unchecked);
  const filter = treeless && shallow ? '--filter=tree:0' : blobless ? '--filter=blob:none' : null;
  // --refmap= : without it git also updates refs/remotes/<remote>/<branch> itself ("opportunistic"
  // update), and two syncs in one clone then fail on that ref's lock. We move it by compare-and-swap.
  const args = [
    ...FETCH_CONFIG,
    ...(blobless ? asPromisor(ctx.remoteArg) : []),
    'fetch',
    '--quiet',
    '--no-tags',
    '--refmap=',
    ...(shallow ? [`--depth=${FIRST_FETCH_DEPTH}`] : []),
    ...(filter ? [filter] : []),
    ctx.remoteArg,
  ];
  const branchSpec = `+${ctx.branchRef}:${tmp}/branch`;
  const pendingSpec = `+${pendingPrefix(ctx.branch)}*:${tmp}/pending/*`;
  try {
    let run = await runGit(ctx.target, [...args, branchSpec, ...(withPending ? [pendingSpec] : [])], { timeoutMs: ctx.timeoutMs });
    if (run.code !== 0 && filter === '--filter=tree:0' && /filter/i.test(run.stderr)) {
      // A server that allows filters but not this one (`uploadpack.filter.tree.allow=false`, a depth
      // limit): the blob-less fetch as before.
      treeless = false;
      args[args.indexOf(filter)] = '--filter=blob:none';
      run = await runGit(ctx.target, [...args, branchSpec, ...(withPending ? [pendingSpec] : [])], { timeoutMs: ctx.timeoutMs });
    }
    let noBranch = false;
    if (run.code !== 0 && /couldn't find remote ref/i.test(run.stderr)) {
      // No branch yet (a glob refspec that matches nothing is no error): pending refs may still exist.
      noBranch = true;
      // Without --depth: pending refs end in a root commit (finite anyway), and git fails silently
      // (exit 1, no message) on a depth-limited fetch whose only refspec matches nothing.
      const plain = args.filter((a) => !a.startsWith('--depth='));
      run = withPending ? await runGit(ctx.target, [...plain, pendingSpec], { timeoutMs: ctx.timeoutMs }) : { code: 0, stdout: '', stderr: '', timedOut: false };
    }
    if (run.code !== 0) throw gitFailure(`fetching ${ctx.branch} from ${ctx.remoteName}`, run, { remote: ctx.remoteName, branch: ctx.branch });
    const refs = listRefs(ctx.commonDir, `${tmp}/`);
    if (blobless && !wasPromisor && refs.size) await afterFirstBloblessFetch(ctx);
    // No branch (pending refs only), or a server that ignored the filter and sent everything: nothing
    // to fetch one by one.
    if (treeless && (noBranch || !git.partialCloneRemote())) treeless = false;
    const tip = noBranch ? null : refs.get(`${tmp}/branch`) ?? null;
    if (!noBranch && !tip) throw new SyncFailedError(`fetching ${ctx.branch} from ${ctx.remoteName} left no ref behind (local memories are unchanged)`, { remote: ctx.remoteName });
    const pending: PendingRef[] = [];
    for (const [ref, oid] of refs) {
      if (ref.startsWith(`${tmp}/pending/`)) pending.push({ ref: pendingPrefix(ctx.branch) + ref.slice(`${tmp}/pending/`.length), oid });
    }
    pending.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
    // By default the tip commit decides (its size trailer): a small branch's trees all come now, in one
    // more round trip, and the sync goes on as a blob-less one.
    if (treeless && tip && shallow && mode === 'auto' && !bigBranch(git, tip)) treeless = !(await fetchTipTrees(ctx, tip, pending));
    if (treeless && tip) await startTreeFetch(ctx, tip);
    if (tip) await setRef(ctx, ctx.trackingRef, tip, `git-memory: fetch ${ctx.branch} from ${ctx.remoteName}`);
    return { tip, pending, blobless };
  } finally {
    await deleteRefsUnder(ctx, `${tmp}/`);
  }
}

/**
 * A treeless writer about to fold pending refs: replaying one diffs its root (the whole state its
 * writer saw) against the branch and each of its commits, and one fetch per tree read would cost more
 * than taking their trees at once. So their trees come now, blob-less, in one more round trip (the
 * cost of a first fetch before treeless writers). A writer in a burst folds nothing and skips this.
 */
async function fetchPendingTrees(ctx: Ctx, snap: Snapshot): Promise<void> {
  const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString('hex')}`;
  const depth = existsSync(join(ctx.commonDir, 'shallow')) ? [`--depth=${FIRST_FETCH_DEPTH}`] : [];
  try {
    const run = await runGit(
      ctx.target,
      [...FETCH_CONFIG, ...filterGiven(ctx.remoteArg), 'fetch', '--quiet', '--no-tags', '--refmap=', ...depth, '--filter=blob:none', ctx.remoteArg, ...snap.pending.map((p, i) => `+${p.ref}:${tmp}/${i}`)],
      { timeoutMs: ctx.timeoutMs },
    );
    // A failure (a pending ref folded and deleted meanwhile) is left to the reads: what is still
    // missing then comes tree by tree, and a ref gone for good fails the fold as before.
    void run;
  } finally {
    await deleteRefsUnder(ctx, `${tmp}/`);
  }
}

/**
 * A writer's first fetch in a shallow clone takes no trees (`tree:0`), then only the trees it reads,
 * one fetch each: that pays on a big branch (1,000,000 memories: 0.36x the wall of fetching every
 * tree), and on a small one its four or five round trips cost more than the few trees they save
 * (1,000 memories: 1.5-1.9x the wall). So by default (`auto`) the fetched tip's size trailer decides
 * (bigBranch); `MEMORY_SYNC_TREELESS=1` forces it on whatever the size, `=0` off (every tree of the
 * tip in the first fetch, as before). See docs/sync.md "How a first write picks its fetch".
 */
function treelessMode(): 'on' | 'off' | 'auto' {
  const env = process.env.MEMORY_SYNC_TREELESS?.trim().toLowerCase();
  if (env === undefined || env === '') return 'auto';
  if (['1', 'true', 'yes', 'on'].includes(env)) return 'on';
  if (['0', 'false', 'no', 'off'].includes(env)) return 'off';
  return 'auto';
}

/**
 * From this many memories on, a default first write stays treeless. Measured (BENCHMARKS.md "#29
 * treeless by default", local remote): the treeless job cost 1.5-1.9x the one blob-less fetch at
 * 1,000 memories, 0.91x its CPU at 100,000 (the tip's trees: 3.45 MB), 0.4-0.5x at 1,000,000.
 */
export const TREELESS_FROM = 100_000;

/**
 * Whether the fetched branch says it is big (the newest `Memory-Count` trailer among the tip and the
 * commits the first fetch brought under it, src/sync/combine.ts `claimedCount`).
 * No trailer, or one that does not parse: not big (the blob-less fetch, which also counts, and the
 * commit this writer makes then carries the count).
 */
function bigBranch(git: GitRepository, tip: string): boolean {
  const n = claimedCount(git, tip, FIRST_FETCH_DEPTH);
  return n !== null && n >= TREELESS_FROM;
}

/**
 * After a `tree:0` first fetch of a small branch: every tree of the tip (and of the pending refs
 * fetched with it), no blob, in one round trip, asked for by tree id (the commits are already here,
 * so a fetch of the refs would bring nothing). True when they came; false leaves the sync treeless,
 * fetching each tree as it reads it (the writer is correct either way, only slower).
 */
async function fetchTipTrees(ctx: Ctx, tip: string, pending: PendingRef[]): Promise<boolean> {
  const git = ctx.store.git;
  const trees: string[] = [];
  for (const c of [tip, ...pending.map((p) => p.oid)]) {
    try {
      trees.push(git.readCommit(c).tree);
    } catch {
      return false;
    }
  }
  const run = await runGit(
    ctx.target,
    [...FETCH_CONFIG, '-c', 'fetch.negotiationAlgorithm=noop', ...filterGiven(ctx.remoteArg), 'fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--filter=blob:none', ctx.remoteArg, ...new Set(trees)],
    { timeoutMs: ctx.timeoutMs },
  );
  return run.code === 0 && git.objects.tryRead(trees[0]) !== null;
}

/**
 * Marks a clone whose branch holds trees no sync checked (a treeless writer's: it read only the trees
 * along its own paths). Its next pull or non-treeless sync checks every name of the branch and then
 * drops the mark (guardResult).
 */
function uncheckedRef(ctx: Ctx): string {
  return `refs/git-memory/unchecked/${ctx.branch}`;
}

/**
 * From here to the end of this sync, a tree the repository lacks is fetched alone, and its names are
 * checked before it is read (src/git/repository.ts `treeFetch`). If the remote will not send a tree by
 * id, the branch tip's trees are fetched once the old way (blob-less), and reading goes on from them.
 */
async function startTreeFetch(ctx: Ctx, tip: string): Promise<void> {
  const git = ctx.store.git;
  ctx.treeless = true;
  // Marked before anything can move the local branch: a writer killed after moving it leaves the mark
  // too (one that failed leaves a mark over nothing new: the next pull checks once more, that is all).
  await setRef(ctx, uncheckedRef(ctx), tip, 'git-memory: trees not read by a treeless sync');
  // setRef is lenient (bookkeeping); this mark is not: without it reads would trust unchecked names.
  if (git.resolve(uncheckedRef(ctx)) !== tip) throw new SyncFailedError(`could not write ${uncheckedRef(ctx)} (local memories are unchanged): check that the repository is writable`, { ref: uncheckedRef(ctx) });
  git.treeFetch = {
    remote: ctx.remoteArg,
    fetches: 0,
    check: treeNameCheck(`the remote ${ctx.branch} (or a pending ref of it)`, { remote: ctx.remoteName, branch: ctx.branch }),
    fallback: () => {
      const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString('hex')}`;
      runGitSync(ctx.target, [...FETCH_CONFIG, ...filterGiven(ctx.remoteArg), 'fetch', '--quiet', '--no-tags', '--refmap=', `--depth=${FIRST_FETCH_DEPTH}`, '--filter=blob:none', ctx.remoteArg, `+${ctx.branchRef}:${tmp}`], { allowFailure: true });
      git.refs.deleteSync(tmp);
    },
  };
}

/**
 * Whether a writer's fetch leaves the blobs on the remote (`--filter=blob:none`): a sync needs the
 * branch's commits and trees to combine, and of the blobs only those of paths both sides changed
 * (read on demand, src/git/repository.ts). Only where that changes nothing the user relies on: a
 * shallow clone on first contact with the branch (a CI checkout: it has none of the branch's objects
 * anyway), or a clone that already is a partial clone of this remote; a full clone stays full. Only
 * a configured remote (a partial clone's promisor is a remote by name). A server that does not allow
 * filters (`uploadpack.allowFilter` off) answers with the full pack: git warns and fetches as before.
 * `MEMORY_SYNC_BLOBLESS=0` turns it off.
 */
function bloblessFetch(ctx: Ctx, shallowFirst: boolean): boolean {
  const env = process.env.MEMORY_SYNC_BLOBLESS;
  if (env !== undefined && ['0', 'false', 'no', 'off'].includes(env.trim().toLowerCase())) return false;
  if (!ctx.named) return false;
  return shallowFirst || ctx.store.git.partialCloneRemote() === ctx.remoteArg;
}

/**
 * A filtered fetch makes git register the remote as the repository's promisor (so that git itself,
 * and this reader, fetch a missing blob on demand: `git log -p memory` keeps working) and record the
 * filter as the default of every later `git fetch` from that remote, which would change how the
 * user's own fetches of code behave. git writes both into the config before it even connects, so a
 * fetch that then fails left the repository changed. Given as already registered on the command
 * line, git writes neither; {@link afterFirstBloblessFetch} records the promisor once the fetch
 * brought something, and nothing else.
 */
function asPromisor(remote: string): string[] {
  return ['-c', `remote.${remote}.promisor=true`, ...filterGiven(remote)];
}

/** After the first blob-less fetch that succeeded: the remote recorded as the promisor (not the filter). */
async function afterFirstBloblessFetch(ctx: Ctx): Promise<void> {
  const git = ctx.store.git;
  git.forgetPartialClone();
  if (git.partialCloneRemote() === ctx.remoteArg) return;
  await setConfigValue(ctx.target, ctx.commonDir, 'remote', ctx.remoteArg, 'promisor', 'true');
  git.forgetPartialClone();
}

async function mergeBase(ctx: Ctx, a: string, b: string): Promise<string | null> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast;
  const run = await runGit(ctx.target, ['merge-base', a, b]);
  if (run.code === 0) return run.stdout.trim() || null;
  if (run.code === 1 && !run.stderr.trim()) return null; // unrelated histories
  throw new SyncFailedError(`git merge-base failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
}

async function isAncestor(ctx: Ctx, a: string, b: string): Promise<boolean> {
  const fast = linearMergeBase(ctx.store.git, a, b);
  if (fast !== undefined) return fast === a;
  const run = await runGit(ctx.target, ['merge-base', '--is-ancestor', a, b]);
  return run.code === 0;
}

/** Local commits since `base`, oldest first, along the first-parent chain. */
async function localChain(ctx: Ctx, base: string | null, tip: string): Promise<string[]> {
  const fast = linearChain(ctx.store.git, base, tip);
  if (fast) return fast;
  const run = await runGit(ctx.target, ['rev-list', '--first-parent', '--reverse', tip, ...(base ? [`^${base}`] : [])]);
  if (run.code !== 0) throw new SyncFailedError(`git rev-list failed: ${run.stderr.trim()} (local memories are unchanged)`, { git: run.stderr.trim() });
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
  received: number | null;
  replayed: number;
  conflicts: SyncConflict[];
}

/** Combines the local tip with the fetched remote tip, without moving any ref. */
async function plan(ctx: Ctx, local: string | null, remote: string | null): Promise<Plan> {
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
async function moveLocal(ctx: Ctx, expect: string | null, next: string, keepIfMoved = false): Promise<{ tip: string; pending: number; conflicts: SyncConflict[]; kept?: boolean }> {
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

/** One ref change in a push: `next` null deletes; `expect` null means "must not exist yet". */
interface RefUpdate {
  ref: string;
  next: string | null;
  expect: string | null;
}

type PushOutcome =
  | { ok: true; created: boolean; old: string | null }
  /** moved: another writer changed a ref first (retry, or fall back to a pending ref). refused: the
   * server said no (hook, protection). no-atomic: the server cannot apply several refs atomically. */
  | { ok: false; kind: 'moved' | 'refused' | 'no-atomic' | 'failed'; error: MemoryError };

const MOVED_LOCAL = /fetch first|non-fast-forward|stale info/;
const MOVED_REMOTE = /cannot lock|failed to (update|lock)|incorrect old value|but expected|reference already exists|unable to update|atomic (push|transaction) failed/i;

/**
 * Pushes ref changes in one atomic transaction, each guarded by a lease (compare-and-swap on the
 * server): either every ref moves or none does. Never forced beyond the lease.
 */
async function pushRefs(ctx: Ctx, updates: RefUpdate[], atomic = true): Promise<PushOutcome> {
  report(ctx, 'push');
  // --no-verify: pre-push hooks guard code pushes (tests, linters); a memory write is not one.
  const args = ['push', '--porcelain', '--no-verify', ...(atomic ? ['--atomic'] : [])];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ''}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ''}:${u.ref}`));
  const run = await runGit(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, updates[0].ref);
}

/** What became of each ref of a non-atomic push. */
type RefStatus = 'ok' | 'moved' | 'refused' | 'failed';

/**
 * Pushes ref changes WITHOUT --atomic, each under its lease: the remote applies each one it can.
 * Returns each ref's fate, and the error that describes the first one that failed.
 */
async function pushEach(ctx: Ctx, updates: RefUpdate[]): Promise<{ status: Map<string, RefStatus>; error: MemoryError | null }> {
  report(ctx, 'push');
  const args = ['push', '--porcelain', '--no-verify'];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ''}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ''}:${u.ref}`));
  const run = await runGit(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  const lines = new Map<string, { flag: string; summary: string }>();
  for (const l of run.stdout.split('\n')) {
    if (!/^[ +\-*!=]\t/.test(l)) continue;
    const [flag, spec = '', summary = ''] = l.split('\t');
    lines.set(spec.slice(spec.lastIndexOf(':') + 1), { flag, summary: summary.trim() });
  }
  const status = new Map<string, RefStatus>();
  let error: MemoryError | null = null;
  for (const u of updates) {
    const l = lines.get(u.ref);
    let st: RefStatus;
    if (!l) st = 'failed';
    else if (l.flag !== '!') st = 'ok';
    else st = (/\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary)) || (/\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary)) ? 'moved' : 'refused';
    status.set(u.ref, st);
    if (st !== 'ok' && !error) {
      const o = pushOutcome(ctx, run.code === 0 ? { ...run, code: 1 } : run, u.ref);
      error = o.ok ? null : o.error;
    }
  }
  return { status, error };
}

function pushOutcome(ctx: Ctx, run: GitRun, mainRef: string): PushOutcome {
  const lines = run.stdout
    .split('\n')
    .filter((l) => /^[ +\-*!=]\t/.test(l))
    .map((l) => {
      const [flag, spec = '', summary = ''] = l.split('\t');
      return { flag, ref: spec.slice(spec.lastIndexOf(':') + 1), summary: summary.trim() };
    });
  const main = lines.find((l) => l.ref === mainRef);
  const data = { remote: ctx.remoteName, branch: ctx.branch };
  if (run.code === 0 && lines.length && !lines.some((l) => l.flag === '!')) {
    const m = main && /^([0-9a-f]{4,40})\.\.\.?[0-9a-f]{4,40}$/.exec(main.summary);
    return { ok: true, created: main?.flag === '*', old: main?.flag === '=' ? 'same' : m ? m[1] : null };
  }
  if (/does not support --atomic|atomic push.*not supported/i.test(run.stderr)) {
    return { ok: false, kind: 'no-atomic', error: new SyncFailedError(`${ctx.remoteName} cannot update several refs atomically`, data) };
  }
  const rejected = lines.filter((l) => l.flag === '!');
  if (rejected.length) {
    const real = rejected.filter((l) => !/atomic push failed/.test(l.summary));
    const said = remoteMessage(run.stderr);
    const why = (real[0] ?? rejected[0]).summary;
    const moved = real.length ? real.every((l) => (/\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary)) || (/\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary))) : true;
    if (moved) return { ok: false, kind: 'moved', error: new PushRejectedError(`the remote ${ctx.branch} moved: ${why}`, { ...data, git: why }) };
    return {
      ok: false,
      kind: 'refused',
      error: new PushRejectedError(
        `the remote refused the push of ${ctx.branch}: ${why}${said ? `; the remote said: ${said}` : ''} (a protected branch or a server hook? local memories are unchanged)`,
        { ...data, git: why, remoteMessage: said || null },
      ),
    };
  }
  return { ok: false, kind: 'failed', error: gitFailure(`pushing ${ctx.branch} to ${ctx.remoteName}`, run, { ...data, remoteMessage: remoteMessage(run.stderr) || null }) };
}

function result(ctx: Ctx, mode: SyncMode, r: Partial<SyncResult>): SyncResult {
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

/** Commits after `base` up to `tip`, oldest first (first parents); [] when tip is base or null. */
async function chainBetween(ctx: Ctx, base: string | null, tip: string | null): Promise<string[]> {
  if (!tip || tip === base) return [];
  return localChain(ctx, base, tip);
}

function treeOf(ctx: Ctx, c: string | null): string | null {
  return c ? ctx.store.git.readCommit(c).tree : null;
}

/** The union of the remote branch and its pending refs, built locally; nothing is published. */
interface Union {
  tip: string | null;
  /** Pending refs whose commits are in `tip` (a fold deletes them). */
  folded: PendingRef[];
  /** How many of `folded` only copied commits the branch already held (deleted, nothing replayed). */
  copies: number;
  /** Pending refs that are not what a writer pushes, or that a fold refuses (left alone, reported). */
  invalid: PendingRef[];
  refused: RefusedRef[];
  conflicts: SyncConflict[];
}

/**
 * Replays each pending ref's commits (oldest ref first) on the remote branch tip, with the same
 * three-way rules as a sync: base = the state the writer saw (the pending ref's root), local = its
 * commits, remote = the branch plus the pending refs replayed so far. Authors, messages and trailers
 * are kept; the committer is this process.
 */
async function unionOf(ctx: Ctx, snap: Snapshot): Promise<Union> {
  report(ctx, 'combine');
  const git = ctx.store.git;
  const chains = new Map<string, PendingChain | null>();
  for (const p of snap.pending) chains.set(p.ref, readPending(git, p.oid));
  const cut = snap.pending.filter((p) => !chains.get(p.ref));
  if (cut.length && existsSync(join(ctx.commonDir, 'shallow'))) {
    // The first fetch of a shallow clone is depth-limited: fetch longer pending refs again in full
    // (they end in a root commit, so "full" is the writer's own commits, never the branch history).
    const tmp = `refs/git-memory/fetch/${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      const run = await runGit(
        ctx.target,
        [...FETCH_CONFIG, ...(snap.blobless ? asPromisor(ctx.remoteArg) : []), 'fetch', '--quiet', '--no-tags', '--refmap=', `--depth=${2 ** 30}`, ...(snap.blobless ? ['--filter=blob:none'] : []), ctx.remoteArg, ...cut.map((p, i) => `+${p.ref}:${tmp}/${i}`)],
        { timeoutMs: ctx.timeoutMs },
      );
      if (run.code === 0) for (const p of cut) chains.set(p.ref, readPending(git, p.oid));
    } finally {
      await deleteRefsUnder(ctx, `${tmp}/`);
    }
  }
  let tip = snap.tip;
  const folded: PendingRef[] = [];
  let copies = 0;
  const invalid: PendingRef[] = [];
  const refused: RefusedRef[] = [];
  const conflicts: SyncConflict[] = [];
  let history: ReplayIndex | null | undefined;
  for (const p of snap.pending) {
    const pc = chains.get(p.ref);
    if (!pc) {
      invalid.push(p);
      continue;
    }
    // Names git refuses ("..", ".git", a "/" inside a name) never reach the branch: the ref is left
    // alone like a malformed one, and the rest is folded. Each commit is checked against its parent
    // (cost: what it changed), the root against the branch tip (it starts the branch when there is none).
    const bad = pendingBadName(git, pc, treeOf(ctx, snap.tip));
    if (bad) {
      invalid.push(p);
      refused.push({ ref: p.ref, code: 'INVALID_TREE_NAME', path: JSON.stringify(bad.path.slice(0, 200)).slice(1, -1), reason: bad.reason });
      continue;
    }
    if (pc.copyOf && tip && linearChain(git, pc.copyOf, tip)) {
      // A copy of branch commits the branch already holds: dropped, not replayed (its memories are on
      // the branch; replaying it on a tip where one was deleted since would bring that one back).
      folded.push(p);
      copies++;
      continue;
    }
    // Commits of the ref the branch already holds as replays: a fold that pushed the branch and was
    // stopped before it deleted the ref (a server without atomic pushes takes them one at a time), or
    // whose delete lost its lease. Replaying them again on a branch where a memory they add was deleted
    // since would bring it back; only the rest is replayed, on the state after them.
    if (history === undefined) history = snap.tip ? replayIndex(ctx, firstParents(ctx, snap.tip, null) ?? []) : null;
    const done = replayedPrefix(ctx, pc.chain, history);
    if (done === pc.chain.length && done > 0) {
      folded.push(p);
      copies++;
      continue;
    }
    if (pc.chain.length) {
      const res = combine(git, {
        base: done ? pc.chain[done - 1] : pc.base,
        local: p.oid,
        // No branch on the remote (deleted by hand?): the first pending ref's base starts it.
        remote: tip ?? pc.base,
        chain: pc.chain.slice(done),
        remoteName: ctx.remoteName,
        committer: ctx.store.identity(),
        when: ctx.store.now(),
      });
      tip = res.tip;
      conflicts.push(...res.conflicts);
    }
    folded.push(p);
  }
  return { tip, folded, copies, invalid, refused, conflicts };
}

/** The first name git would refuse in what a pending ref adds, commit by commit (null: none). */
function pendingBadName(git: GitRepository, pc: PendingChain, branchTree: string | null): { path: string; reason: string } | null {
  let prev = git.readCommit(pc.base).tree;
  const first = findBadName(git, branchTree, prev);
  if (first) return first;
  for (const c of pc.chain) {
    const t = git.readCommit(c).tree;
    const bad = findBadName(git, prev, t);
    if (bad) return bad;
    prev = t;
  }
  return null;
}

/**
 * What a sync or pull checks before it writes anything (local branch or remote): the result `next`
 * takes no name git refuses into the local branch, and deletes at most `sync.maxDeleteRatio` of the
 * memories the local and remote branches hold, deletions made by this repository's own unshared
 * commits aside. Throws INVALID_TREE_NAME or TOO_MANY_DELETES; nothing has moved yet.
 */
async function guardResult(ctx: Ctx, local: string | null, remoteTip: string | null, next: string | null, pending: PendingRef[] = []): Promise<void> {
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

/** This repository's commits not yet shared, as they were made, and the tree they were made on. */
interface OwnCommits {
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
 * there, and brought it back next to its trash copy (issue 24).
 */
async function ownSinceShared(ctx: Ctx, local: string | null, remoteTip: string | null): Promise<OwnCommits> {
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
function validMark(ctx: Ctx, local: string | null): string | null {
  const mark = ctx.store.git.resolve(ctx.markRef);
  if (!mark || !local) return null;
  if (mark === local) return mark;
  return linearChain(ctx.store.git, mark, local) ? mark : null;
}

interface LocalPlan {
  /** What the branch should be: the union plus local commits not yet shared. */
  tip: string | null;
  /** The union this plan is built on (an ancestor of `tip`). */
  union: string | null;
  /** Commits on top of `union` that are this repository's own (published by this sync). */
  own: string[];
  received: number | null;
  replayed: number;
  conflicts: SyncConflict[];
}

/** Most commits of the union's history since the mark searched for replays of own commits. */
const PUBLISHED_SCAN = 1000;

/**
 * How many of `chain`'s first commits the union's first-parent history since `mark` already holds as
 * replays (replayedPrefix). 0 when none, or when that history is not a line from the mark (the scan
 * then proves nothing).
 */
function publishedPrefix(ctx: Ctx, chain: string[], mark: string, union: string): number {
  if (!chain.length || union === mark) return 0;
  const line = firstParents(ctx, union, mark);
  return line ? replayedPrefix(ctx, chain, replayIndex(ctx, line)) : 0;
}

/**
 * `from` and its first parents, newest first, at most PUBLISHED_SCAN: up to (not including) `stop`,
 * or null when the line ends before it; without `stop`, up to the root, a commit this clone lacks or
 * a shallow boundary. The boundary itself is left out, and so is what lies behind it: a commit's
 * changes (replayedPrefix) are read against its parent, and in a partial clone reading a parent the
 * shallow fetch left out fetched it with the branch's whole history behind it (a CI job's fold did,
 * test/sync/review-twins.test.ts). With `stop`, a line that reaches a boundary first proves nothing.
 */
function firstParents(ctx: Ctx, from: string, stop: string | null): string[] | null {
  const git = ctx.store.git;
  const shallow = shallowCommits(ctx);
  const line: string[] = [];
  try {
    for (let c: string | undefined = from; c !== stop; c = git.readCommit(c).parents[0]) {
      if (!c || line.length >= PUBLISHED_SCAN || shallow.has(c)) return stop === null ? line : null;
      line.push(c);
    }
  } catch {
    return stop === null ? line : null;
  }
  return line;
}

function shallowCommits(ctx: Ctx): Set<string> {
  try {
    return new Set(readFileSync(join(ctx.commonDir, 'shallow'), 'utf8').split('\n').filter(Boolean));
  } catch {
    return new Set();
  }
}

/**
 * Branch commits by what identifies a replay of one (replayKey): the history replayedPrefix searches,
 * and the changes of those it compared, kept for the next comparison. Kept because a key can name
 * many commits (a bot's identity, one second, one message: the branch is untrusted input), and
 * comparing each commit of a pending ref with all of them again cost a diff per pair: 1,000 such
 * commits and a 300-commit ref made a fold 26 times slower than replaying the ref.
 */
interface ReplayIndex {
  byKey: Map<string, string[]>;
  changes: Map<string, string>;
}

/** The same author line (name, email, time) and message but for the size trailer (a replay writes its own). */
function replayKey(ctx: Ctx, oid: string): string {
  const c = ctx.store.git.readCommit(oid);
  return `${c.author}\0${c.message.replace(/^Memory-Count:.*$/gim, '').trimEnd()}`;
}

/** Indexes `history` by replayKey; null when a commit of it is not in this clone. */
function replayIndex(ctx: Ctx, history: string[]): ReplayIndex | null {
  const byKey = new Map<string, string[]>();
  try {
    for (const c of history) {
      const k = replayKey(ctx, c);
      const same = byKey.get(k);
      if (same) same.push(c);
      else byKey.set(k, [c]);
    }
  } catch {
    return null;
  }
  return { byKey, changes: new Map() };
}

/**
 * How many of `chain`'s first commits the indexed branch history already holds as replays: the same
 * replayKey and the same changes to the same paths, each from the same version to the same version.
 * 0 when a commit or tree is not in this clone.
 */
function replayedPrefix(ctx: Ctx, chain: string[], index: ReplayIndex | null): number {
  if (!chain.length || !index?.byKey.size) return 0;
  const git = ctx.store.git;
  // The version before counts too: a commit's key has the time in seconds only, and a restore writes
  // the memory back as stored and names only its id, so two restores of one memory in the same second
  // (one agent, or CI jobs sharing the bot identity) agree on key and result; each removes a different
  // trash copy (its own deleted_at). Without it, a fold took the first restore on the branch for a
  // replay of the second, parked in a pending ref, and dropped it: the memory stayed deleted
  // (test/sync/review-twins.test.ts). A replay of the commit itself applied it to the same versions;
  // one that resolved a conflict differs here and is re-applied, as before this check.
  const changes = (oid: string) => {
    const known = index.changes.get(oid);
    if (known !== undefined) return known;
    const c = git.readCommit(oid);
    const out = diffFiles((t) => git.readTree(t), c.parents[0] ? treeOf(ctx, c.parents[0]) : null, c.tree).map((f) => `${f.path}=${f.oldOid ?? ''}>${f.newOid ?? ''}`);
    const text = out.sort().join('\n');
    index.changes.set(oid, text);
    return text;
  };
  try {
    let n = 0;
    for (const c of chain) {
      const twins = index.byKey.get(replayKey(ctx, c));
      if (!twins) break;
      const mine = changes(c);
      if (!twins.some((t) => changes(t) === mine)) break;
      n++;
    }
    return n;
  } catch {
    return 0; // a commit or tree not in this clone (shallow, tree-less): re-applied as before
  }
}

/** Combines local commits not yet shared with the union; moves no ref. */
async function planLocal(ctx: Ctx, local: string | null, union: string | null, remoteTip: string | null): Promise<LocalPlan> {
  const git = ctx.store.git;
  const none = { replayed: 0, conflicts: [] as SyncConflict[] };
  const files = (a: string | null, b: string | null) => (a ? memoryFiles(changedFiles(git, treeOf(ctx, a), treeOf(ctx, b)).keys()) : ctx.treeless ? null : countMemoryFiles(git, treeOf(ctx, b)));
  if (!local) return { tip: union, union, own: [], received: files(null, union), ...none };
  if (!union) return { tip: local, union, own: await chainBetween(ctx, null, local), received: 0, ...none };
  const mark = validMark(ctx, local);
  if (mark) {
    // Nothing changed on the remote since the mark (same tree), and the mark is on the remote
    // branch's line: keep the local history rather than rewrite it with fresh replays.
    if (union !== mark && treeOf(ctx, union) === treeOf(ctx, mark) && (!remoteTip || remoteTip === mark || linearChain(git, remoteTip, mark))) union = mark;
    if (mark === local) return { tip: union, union, own: [], received: files(mark, union), ...none };
    if (union === mark) return { tip: local, union, own: await chainBetween(ctx, mark, local), received: 0, ...none };
    let chain = await chainBetween(ctx, mark, local);
    // Own commits the union already holds, replayed (a sync killed after the remote took its push and
    // before the mark moved): re-applied three-way from the mark, a store would come back over a delete
    // made since. They are the base instead; only the commits after them are re-applied.
    const done = publishedPrefix(ctx, chain, mark, union);
    if (done === chain.length) return { tip: union, union, own: [], received: files(local, union), ...none };
    const base = done ? chain[done - 1] : mark;
    chain = chain.slice(done);
    const res = combine(git, { base, local, remote: union, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...(ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM }) });
    return { tip: res.tip, union, own: await chainBetween(ctx, union, res.tip), received: res.received, replayed: res.replayed, conflicts: res.conflicts };
  }
  if (local === union) return { tip: local, union, own: [], received: 0, ...none };
  const base = await mergeBase(ctx, local, union);
  if (base === union) return { tip: local, union, own: await chainBetween(ctx, union, local), received: 0, ...none };
  if (base === local) return { tip: union, union, own: [], received: files(local, union), ...none };
  const chain = await localChain(ctx, base, local);
  const res = combine(git, { base, local, remote: union, chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now(), uncounted: ctx.treeless, ...(ctx.treeless ? {} : { checkClaimFrom: TREELESS_FROM }) });
  return { tip: res.tip, union, own: await chainBetween(ctx, union, res.tip), received: res.received, replayed: res.replayed, conflicts: res.conflicts };
}

function recordPending(ctx: Ctx, count: number): void {
  writePendingStatus(ctx.commonDir, { remote: ctx.remoteName, branch: ctx.branch, count, checkedAt: new Date().toISOString() });
}

/**
 * Signs that other writers are publishing right now: a pending ref made in the last 30 s by another
 * repository (`mine`: the ones this repository pushed), or a branch tip committed in the last 30 s by
 * someone else (this clone had not seen it before the fetch).
 */
function contended(ctx: Ctx, snap: Snapshot, seen: string | null, now: number, mine: Set<string>): boolean {
  if (burstInProgress(snap.pending.filter((p) => !mine.has(p.ref)), now)) return true;
  if (!snap.tip || snap.tip === seen) return false;
  let time: number | null = null;
  try {
    time = ctx.store.git.readCommit(snap.tip).time * 1000;
  } catch {
    return false;
  }
  return recentForeignTip(time, snap.tip, seen, now);
}

/**
 * Whether `made`'s commits change nothing that the fetched `tip` holds otherwise than the state they
 * were made on: no path they change has, in that state, a version the tip lacks or holds differently.
 * Such a version is in another pending ref (or the branch moved since): the delete of a memory whose
 * store is still parked can only add the trash copy on the tip, and a fold that dropped this writer's
 * pending ref as a copy of the branch, then replayed the parked store, brought the memory back
 * (fold-safety.e2e: 2 of 8 deletes in a 4-writer burst; fold-safety.test pins it). Paths the state
 * did not hold (new memories, a fresh clone's new history) are re-applied as they were made.
 */
function appliesAlike(ctx: Ctx, made: OwnCommits, local: string | null, tip: string | null): boolean {
  if (!made.commits.length || !made.baseTree) return true;
  const git = ctx.store.git;
  const tipTree = treeOf(ctx, tip);
  if (made.baseTree === tipTree) return true;
  try {
    for (const path of changedFiles(git, made.baseTree, treeOf(ctx, local)).keys()) {
      const was = git.entryAt(made.baseTree, path);
      if (!was) continue;
      const now = tipTree ? git.entryAt(tipTree, path) : null;
      if (!now || now.oid !== was.oid || now.mode !== was.mode) return false;
    }
  } catch {
    return false; // a tree this clone does not hold (a shallow or tree-less fetch): the fold decides
  }
  return true;
}

/** At most this many pending refs are checked for being copies of what the branch holds (one combine each). */
const MAX_COPY_CHECK = 8;

/**
 * The pending refs of `refs` whose commits the fetched branch tip already holds (replayed on it, they
 * change nothing: the copy a one-push writer left when its branch push landed too), or null when any
 * of them is not such a copy (it has memories to fold), cannot be read, or there are too many to check.
 * Deleting such a ref, under a lease on its id, loses nothing whatever else lands: the branch only
 * moves forward from the tip that holds its commits.
 */
function copiesOnTip(ctx: Ctx, snap: Snapshot, refs: PendingRef[]): PendingRef[] | null {
  if (!refs.length) return [];
  if (!snap.tip || refs.length > MAX_COPY_CHECK) return null;
  const git = ctx.store.git;
  for (const p of refs) {
    const pc = readPending(git, p.oid);
    if (!pc || pendingBadName(git, pc, treeOf(ctx, snap.tip))) return null;
    if (!pc.chain.length || (pc.copyOf && linearChain(git, pc.copyOf, snap.tip))) continue;
    try {
      const res = combine(git, { base: pc.base, local: p.oid, remote: snap.tip, chain: pc.chain, remoteName: ctx.remoteName, committer: ctx.store.identity(), when: ctx.store.now() });
      if (res.tip !== snap.tip) return null;
    } catch {
      return null; // an object missing (a shallow fetch cut it): the fold path fetches it in full
    }
  }
  return refs;
}

/**
 * Sync with pending refs (the default). One fetch (branch and pending refs), then one atomic push
 * that moves the branch to the union plus local commits and deletes the pending refs it folded, each
 * ref under a lease. If another writer moved the branch first, the local commits go to a new pending
 * ref of their own instead, a push nobody can reject: a writer's cost is two or three round trips
 * whatever the number of other writers. With `fold`, retries the fold instead (up to `retries`).
 */
async function syncPending(ctx: Ctx, maxRetries: number, fold: boolean): Promise<SyncResult> {
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
        // deleted it, every reader's union replayed the ref and brought the memory back (the review's
        // test/sync/review-safety.test.ts). In order instead: the branch first (under its lease), then
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
  // such a memory kept only the trash copy, and the fold revived the parked store (review-concurrent
  // test). So the local branch is left as it is then, and the mark set where this sync started: the
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
async function pullPending(ctx: Ctx): Promise<SyncResult> {
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

/** Pushes `oid` to the remote branch, never forced: the remote only moves forward (mode "branch"). */
async function pushTip(ctx: Ctx, oid: string): Promise<PushOutcome> {
  report(ctx, 'push');
  // --no-verify: pre-push hooks guard code pushes (tests, linters); a memory write is not one.
  const run = await runGit(ctx.target, ['push', '--porcelain', '--no-verify', ctx.remoteArg, `${oid}:${ctx.branchRef}`], { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, ctx.branchRef);
}

/**
 * Mode "branch", the protocol before pending refs (and the fallback for servers that take no atomic
 * pushes or no refs outside branches): fetch, combine, push the branch; when another writer pushed
 * first, fetch again, recombine and retry with jittered backoff, up to `retries` times. The local
 * branch moves only after the push succeeded (or when there is nothing to push).
 */
async function syncBranch(ctx: Ctx, maxRetries: number, rejectedBefore = 0): Promise<SyncResult> {
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

/**
 * Shares memories: fetches the remote branch (and its pending refs), combines them with local memory
 * commits, and publishes the result. Mode "pending" (default) never retries in a loop unless `fold`
 * asks for it; mode "branch" retries the branch push. The local branch moves only after the remote
 * accepted what it was given (or when there is nothing to publish), so any failure leaves it as it was.
 */
export async function sync(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
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
export async function pull(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
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
export async function push(store: MemoryStore, opts: SyncOptions = {}): Promise<SyncResult> {
  const ctx = context(store, opts);
  const mode = modeFrom(opts);
  const local = store.tip();
  if (!local) return result(ctx, mode, {});
  const pushed = await pushTip(ctx, local);
  if (!pushed.ok) {
    if (pushed.kind === 'moved') {
      throw new PushRejectedError(`the remote ${ctx.branch} has changes this repository does not have yet: run "memory sync" (or "memory pull", then "memory push"); local memories are unchanged`, pushed.error.data);
    }
    throw pushed.error;
  }
  await setRef(ctx, ctx.trackingRef, local, `git-memory: push ${ctx.branch} to ${ctx.remoteName}`);
  const same = pushed.old === 'same' || (pushed.old !== null && local.startsWith(pushed.old));
  return result(ctx, mode, { tip: local, remoteTip: local, pushed: !same, created: pushed.created, sent: same ? 0 : countCommits(ctx, local, pushed.old === 'same' ? local : pushed.old) });
}
