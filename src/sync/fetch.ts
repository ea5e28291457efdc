/** What a sync fetches and how: one round trip into private refs; blob-less and treeless first fetches. */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SyncFailedError } from '../errors.js';
import { setConfigValue } from '../git/config.js';
import { claimedCount } from './combine.js';
import { gitFailure, runGit } from './git-cli.js';
import { treeNameCheck } from './guard.js';
import { runGitSync } from '../git/cli.js';
import { filterGiven, type GitRepository } from '../git/repository.js';
import { listRefs, pendingPrefix, type PendingRef } from './pending.js';
import { type Ctx, report, FIRST_FETCH_DEPTH, setRef, deleteRefsUnder } from './context.js';

/** What one fetch saw on the remote. */
export interface Snapshot {
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
 * writer. The user's own git commands still run it.
 */
export const FETCH_CONFIG = ['-c', 'fetch.recurseSubmodules=false', '-c', 'maintenance.auto=false', '-c', 'gc.auto=0'];

/**
 * Fetches the remote branch (and, with `withPending`, every pending ref of it) into private temporary
 * refs (`refs/git-memory/fetch/<pid>-<random>/…`), so concurrent syncs in one repository never
 * contend for a ref lock, and with explicit refspecs, so single-branch clones work too. One round trip.
 */
export async function fetchSnapshot(ctx: Ctx, withPending: boolean, write = false, treelessOk = false): Promise<Snapshot> {
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
export async function fetchPendingTrees(ctx: Ctx, snap: Snapshot): Promise<void> {
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
 * From this many memories on, a default first write stays treeless. Measured (BENCHMARKS.md
 * "Treeless first writes by default", local remote): the treeless job cost 1.5-1.9x the one blob-less fetch at
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
export function uncheckedRef(ctx: Ctx): string {
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
export function asPromisor(remote: string): string[] {
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
