/** Mode "pending": the union of the remote branch and its pending refs, and the plan of what this repository adds to it. */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { combine, changedFiles, countMemoryFiles, type SyncConflict } from './combine.js';
import { runGit } from './git-cli.js';
import { linearChain } from './history.js';
import { findBadName } from './guard.js';
import { diffFiles } from '../git/diff.js';
import { type GitRepository } from '../git/repository.js';
import { burstInProgress, recentForeignTip, readPending, writePendingStatus, type PendingChain, type PendingRef } from './pending.js';
import { type RefusedRef, type Ctx, report, deleteRefsUnder, treeOf } from './context.js';
import { type Snapshot, FETCH_CONFIG, TREELESS_FROM, asPromisor } from './fetch.js';
import { mergeBase, localChain, memoryFiles, chainBetween, validMark, type OwnCommits } from './local.js';

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
export async function unionOf(ctx: Ctx, snap: Snapshot): Promise<Union> {
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

export interface LocalPlan {
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
 * test/sync/fold-replay-twins.test.ts). With `stop`, a line that reaches a boundary first proves nothing.
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
  // (test/sync/fold-replay-twins.test.ts). A replay of the commit itself applied it to the same versions;
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
export async function planLocal(ctx: Ctx, local: string | null, union: string | null, remoteTip: string | null): Promise<LocalPlan> {
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

export function recordPending(ctx: Ctx, count: number): void {
  writePendingStatus(ctx.commonDir, { remote: ctx.remoteName, branch: ctx.branch, count, checkedAt: new Date().toISOString() });
}

/**
 * Signs that other writers are publishing right now: a pending ref made in the last 30 s by another
 * repository (`mine`: the ones this repository pushed), or a branch tip committed in the last 30 s by
 * someone else (this clone had not seen it before the fetch).
 */
export function contended(ctx: Ctx, snap: Snapshot, seen: string | null, now: number, mine: Set<string>): boolean {
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
export function appliesAlike(ctx: Ctx, made: OwnCommits, local: string | null, tip: string | null): boolean {
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
export function copiesOnTip(ctx: Ctx, snap: Snapshot, refs: PendingRef[]): PendingRef[] | null {
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
