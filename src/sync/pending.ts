import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writeCacheFile } from '../git/atomic-file.js';
import type { GitRepository } from '../git/repository.js';
import type { BranchReader } from '../model/branch-view.js';

/**
 * Pending refs: where a writer publishes its commits without contending with anyone. Each sync that
 * could not move the branch (another writer moved it first) pushes its commits to a ref of its own,
 * `refs/memory-pending/<branch>/<time>-<random>`, created once and never updated, so the push cannot
 * be rejected as a non-fast-forward. Readers take the union of the branch and these refs; any sync
 * folds them into the branch and deletes them in one atomic push. docs/sync.md has the protocol.
 *
 * Not under refs/heads/: pending refs are not branches (no branch list entries, no `on: push`
 * workflow runs, no branch-protection or push-policy counts, not fetched by a plain clone).
 */
export const PENDING_NAMESPACE = 'refs/memory-pending';

/** Longest own-commit chain read from one pending ref; longer (or malformed) ones are left alone. */
export const MAX_PENDING_CHAIN = 1000;

/** The message of the synthetic root commit a pending ref's commits sit on. */
export const PENDING_BASE_SUBJECT = 'memory: pending base';

export function pendingPrefix(branch: string): string {
  return `${PENDING_NAMESPACE}/${branch}/`;
}

/** A new pending ref name: sortable by creation time (base-36 milliseconds), then random. */
export function newPendingRef(branch: string, now = Date.now()): string {
  return `${pendingPrefix(branch)}${now.toString(36).padStart(9, '0')}-${randomBytes(5).toString('hex')}`;
}

/** When a pending ref was made, from its name (the writer's clock), or null for a name of another shape. */
export function pendingRefTime(ref: string): number | null {
  const m = /\/([0-9a-z]{9})-[0-9a-f]+$/.exec(ref);
  if (!m) return null;
  const t = parseInt(m[1], 36);
  return Number.isFinite(t) ? t : null;
}

/**
 * A burst of writers is in progress when the remote has a pending ref made in the last
 * {@link BURST_MS}: the branch is moving under them, and one more writer trying to move it first
 * would most likely lose that race and pay a second push.
 */
export const BURST_MS = 30_000;
export function burstInProgress(pending: PendingRef[], now: number): boolean {
  return pending.some((p) => {
    const t = pendingRefTime(p.ref);
    return t !== null && now - t < BURST_MS && t - now < BURST_MS;
  });
}

/**
 * A branch tip committed less than {@link RECENT_TIP_MS} ago, that this clone had not seen before its
 * fetch, is a writer that just won the branch: others of the same burst are likely racing right now,
 * before any of them has made a pending ref. A tip this clone pushed itself (an agent
 * storing several memories in a row) is no such sign.
 */
export const RECENT_TIP_MS = 30_000;
export function recentForeignTip(tipTime: number | null, tip: string | null, seen: string | null, now: number): boolean {
  if (!tip || tip === seen || tipTime === null) return false;
  return now - tipTime < RECENT_TIP_MS && tipTime - now < RECENT_TIP_MS;
}

/**
 * A contended writer leaves its pending ref behind (a redundant copy when its branch push landed), and
 * only a writer without signs of a burst folds. Under sustained traffic (a write every few seconds for
 * hours) the signs never go away, so refs would pile up without bound and every writer's fetch would
 * list them all. From this many pending refs on, a writer folds them (the atomic path) even in a
 * burst: 64 keeps a 64-job matrix on the one-push path (bench/sync-concurrency.mjs) and bounds what
 * a fetch lists.
 */
export const FOLD_AT_PENDING = 64;

export interface PendingRef {
  /** The full ref name on the remote. */
  ref: string;
  oid: string;
}

export interface PendingChain {
  /** The root commit whose tree is the state the writer's commits were made on (the 3-way base). */
  base: string;
  /** The writer's commits, oldest first. */
  chain: string[];
  /**
   * The branch commit this ref is a copy of (`Copy-Of:` in the root's message), written by a one-push
   * writer that moved the branch in the same push. Once that commit is in the branch's history the
   * ref holds nothing the branch lacks, and replaying it could undo what came after (a delete).
   */
  copyOf?: string;
}

const COPY_OF = /^Copy-Of: ([0-9a-f]{40}|[0-9a-f]{64})$/m;

/**
 * Reads a pending ref's history: a first-parent line of commits ending in a root commit. Anything
 * else (a merge, a missing object, a non-commit, a chain longer than MAX_PENDING_CHAIN) is null:
 * branch content is untrusted input, and a malformed pending ref is left for a person to look at.
 */
export function readPending(git: GitRepository, oid: string): PendingChain | null {
  const chain: string[] = [];
  let cur = oid;
  for (let i = 0; i <= MAX_PENDING_CHAIN; i++) {
    let parents: string[];
    try {
      parents = git.readCommit(cur).parents;
    } catch {
      return null;
    }
    if (parents.length === 0) {
      let copyOf: string | undefined;
      try {
        copyOf = COPY_OF.exec(git.readCommit(cur).message)?.[1];
      } catch {
        /* read a moment ago: cannot fail short of a race with gc; no copy then */
      }
      return { base: cur, chain: chain.reverse(), ...(copyOf ? { copyOf } : {}) };
    }
    if (parents.length > 1) return null;
    chain.push(cur);
    cur = parents[0];
  }
  return null;
}

/**
 * The history pushed to a pending ref: a root commit holding the tree the commits were made on
 * (`baseTree`: the union of branch and pending refs this writer saw), then each of `own` with its
 * tree, author, committer and message unchanged, re-parented. A root keeps the ref self-contained:
 * a shallow clone fetches exactly these commits, never the branch's history behind them.
 */
export function buildPending(git: GitRepository, baseTree: string | null, own: string[], signature: string, copyOf?: string): string {
  const tree = baseTree ?? git.writeTree(null, new Map());
  // Author and committer lines are given verbatim (src/git's one commit writer keeps them as they are).
  let tip = git.writeCommit({
    tree,
    parents: [],
    author: signature,
    committer: signature,
    message: `${PENDING_BASE_SUBJECT}\n\nThe state the next commits were made on. Never part of the branch: a sync replays the\ncommits after this one onto the branch and deletes the pending ref.\n${copyOf ? `\nCopy-Of: ${copyOf}\n` : ''}`,
  });
  for (const c of own) {
    const info = git.readCommit(c);
    tip = git.writeCommit({ tree: info.tree, parents: [tip], author: info.author, committer: info.committer, message: info.message });
  }
  return tip;
}

/** Refs under `prefix` (loose and packed): the git layer's reader. */
export { listRefs } from '../git/refs.js';

/** What the last fetch saw of a remote's pending refs, for `memory stats` (no network there). */
export interface PendingStatus {
  remote: string;
  branch: string;
  /** Pending refs on the remote after the last sync or pull (the ones that sync could not fold). */
  count: number;
  /** When that was (ISO time). */
  checkedAt: string;
}

function statusFile(commonDir: string): string {
  return join(commonDir, 'git-memory', 'sync-pending.json');
}

export function writePendingStatus(commonDir: string, s: PendingStatus): void {
  const file = statusFile(commonDir);
  let all: Record<string, PendingStatus> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
    if (!all || typeof all !== 'object' || Array.isArray(all)) all = {};
  } catch {
    /* first time, or unreadable: start again */
  }
  all[`${s.remote}\n${s.branch}`] = s;
  // A figure for stats: never fail a sync over it.
  writeCacheFile(file, JSON.stringify(all));
}

function ownFile(commonDir: string): string {
  return join(commonDir, 'git-memory', 'sync-own-pending.json');
}

/** How many of its own pending ref names a repository remembers (per remote and branch). */
export const OWN_PENDING_KEPT = 16;

/**
 * Pending refs this repository pushed itself for `remote`/`branch` (the newest {@link OWN_PENDING_KEPT}).
 * A sync does not take its own recent pending ref for another writer's burst: an agent storing
 * several memories in a row drops the copy its previous write left (docs/sync.md).
 */
export function ownPendingRefs(commonDir: string, remote: string, branch: string): Set<string> {
  try {
    const all = JSON.parse(readFileSync(ownFile(commonDir), 'utf8'));
    const list = all?.[`${remote}\n${branch}`];
    if (!Array.isArray(list)) return new Set();
    return new Set(list.filter((r): r is string => typeof r === 'string' && r.startsWith(pendingPrefix(branch))).slice(-OWN_PENDING_KEPT));
  } catch {
    return new Set();
  }
}

/** Remembers a pending ref this repository pushed (see {@link ownPendingRefs}); bookkeeping, never fails. */
export function rememberOwnPending(commonDir: string, remote: string, branch: string, ref: string): void {
  const file = ownFile(commonDir);
  let all: Record<string, string[]> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
    if (!all || typeof all !== 'object' || Array.isArray(all)) all = {};
  } catch {
    /* first time, or unreadable */
  }
  const key = `${remote}\n${branch}`;
  all[key] = [...[...ownPendingRefs(commonDir, remote, branch)].filter((r) => r !== ref), ref].slice(-OWN_PENDING_KEPT);
  writeCacheFile(file, JSON.stringify(all));
}

/**
 * Pending refs left on the remote for this store's branch, as of the last sync or pull in this
 * repository (summed over remotes); null if none has run the pending-aware sync here yet.
 */
export function pendingStatus(store: BranchReader): { count: number; checkedAt: string; remotes: string[] } | null {
  let all: Record<string, PendingStatus>;
  try {
    all = JSON.parse(readFileSync(statusFile(store.git.location.commonDir), 'utf8'));
  } catch {
    return null;
  }
  const mine = Object.values(all ?? {}).filter((s) => s && s.branch === store.branch && Number.isInteger(s.count) && s.count >= 0);
  if (!mine.length) return null;
  return {
    count: mine.reduce((a, s) => a + s.count, 0),
    checkedAt: mine.map((s) => String(s.checkedAt)).sort().pop() as string,
    remotes: mine.map((s) => String(s.remote)),
  };
}

/** The `pending_refs` figure of `memory stats`. */
export async function pendingRefsFigure(store: BranchReader): Promise<{ count: number; checked_at: string } | null> {
  const s = pendingStatus(store);
  return s ? { count: s.count, checked_at: s.checkedAt } : null;
}
