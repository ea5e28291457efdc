import type { GitRepository } from '../git/repository.js';
import { diffFiles, isRegularFile } from '../git/diff.js';
import { isRegularFileAt, isTreeMode, isTreeModeAt, scanTree, signature, type Identity } from '../git/tree.js';
import { parseFile } from '../model/codec.js';
import { idFromPath, isValidId } from '../model/id.js';
import { parseTime } from '../model/memory.js';

/** Path → blob id, or null where the path was deleted. */
export type PathChanges = Map<string, string | null>;

/**
 * Which files differ between two trees (src/git/diff.ts: regular files only; symlinks and submodules
 * have no place on the branch and are left as they are). Identical subtrees are skipped by id, so the
 * cost follows the number of changed paths, not the size of the branch.
 */
export function changedFiles(git: GitRepository, a: string | null, b: string | null): PathChanges {
  const out: PathChanges = new Map();
  for (const c of diffFiles((t) => git.readTree(t), a, b)) out.set(c.path, c.newOid);
  return out;
}

/**
 * The regular files under `memories/` in `tree`, counted without building their paths: what a side
 * with no common ancestor "changed" (all of it). Reads every tree once, no blob. The raw tree bytes
 * are scanned, not parsed into entries (nor kept in the tree cache): a fresh clone's first store at
 * 1,000,000 memories reads ~35 MB of trees here, and parsing them cost as much as inflating them.
 */
export function countMemoryFiles(git: GitRepository, tree: string | null, cap = Infinity): number {
  const top = tree ? git.entryAt(tree, 'memories') : null;
  if (!top || !isTreeMode(top.mode)) return 0;
  // With a cap the walk stops once it has seen that many files (a repeated subtree counts each time).
  let budget = cap;
  const spend = (n: number) => {
    budget -= n;
    if (budget < 0) throw CAP_REACHED;
  };
  // Counted once per tree id: a hostile remote tree naming one subtree many times at every level would
  // otherwise cost (names per level)^depth reads.
  const counted = new Map<string, number>();
  const walk = (oid: string): number => {
    const known = counted.get(oid);
    if (known !== undefined) {
      spend(known);
      return known;
    }
    const data = git.objects.read(oid, 'tree').data;
    let n = 0;
    scanTree(data, oid, (at, sp, nul) => {
      if (isTreeModeAt(data, at, sp)) n += walk(data.toString('hex', nul + 1, nul + 21));
      else if (isRegularFileAt(data, at, sp)) {
        n++;
        spend(1);
      }
    });
    counted.set(oid, n);
    return n;
  };
  try {
    return walk(top.oid);
  } catch (e) {
    if (e === CAP_REACHED) return cap;
    throw e;
  }
}
const CAP_REACHED = Symbol('cap reached');

/**
 * What `changedFiles(null, tree)` says about `paths` only: the regular files among them that `tree`
 * has. With no common ancestor every file of the other side counts as changed, but a combine only ever
 * asks about the paths its own side changed: looking those up costs what they are, not the branch.
 */
/**
 * The size trailer (docs/sync.md "How a first write picks its fetch"): every commit a sync
 * writes on top of a remote tip says how many memory files the branch holds after it
 * (`Memory-Count: 1000001`), so the next fresh clone's writer can choose, from the tip commit alone,
 * between fetching every tree (cheap on a small branch: one round trip) and only the trees it reads
 * (cheap on a big one). Files on the branch are untrusted and so is this: it is parsed strictly (the
 * last paragraph of the message, exactly one such line, 1-10 digits, no sign, no leading zero), and
 * whatever it says only picks how trees are fetched, never what is written.
 */
export const MEMORY_COUNT_TRAILER = 'Memory-Count';
const COUNT_LINE = /^Memory-Count:[ \t]*(.*)$/i;
const MAX_MESSAGE_SCAN = 64 * 1024;

/** The count a commit message claims, or null when it has none or anything about it is off. */
export function parseMemoryCount(message: string): number | null {
  // Only the end of a message is read: a commit message is whatever a hand-made commit put there.
  const text = message.length > MAX_MESSAGE_SCAN ? message.slice(-MAX_MESSAGE_SCAN) : message;
  const paragraphs = text.trimEnd().split(/\n[ \t]*\n/);
  const last = paragraphs[paragraphs.length - 1] ?? '';
  const values = last.split('\n').map((l) => COUNT_LINE.exec(l)).filter((m): m is RegExpExecArray => !!m).map((m) => m[1]);
  if (values.length !== 1 || !/^(0|[1-9][0-9]{0,9})$/.test(values[0])) return null;
  return Number(values[0]);
}

/**
 * The count the branch at `tip` claims: the newest size trailer among the tip and its first parents,
 * up to `depth` commits (what a shallow first fetch brings: 4), so a commit or two from a writer that
 * predates the trailer (it replays messages as they were) does not lose it. Approximate by those
 * commits' few memories, which is all a choice between two fetches needs.
 */
export function claimedCount(git: GitRepository, tip: string, depth = 4): number | null {
  let c: string | undefined = tip;
  for (let i = 0; c && i < depth; i++) {
    let info;
    try {
      info = git.readCommit(c);
    } catch {
      return null; // beyond a shallow boundary, or not here: no claim
    }
    const n = parseMemoryCount(info.message);
    if (n !== null) return n;
    c = info.parents[0];
  }
  return null;
}

/** `message` with its own size trailer (any it had is dropped) saying `count`. */
export function withMemoryCount(message: string, count: number): string {
  const trimmed = message.trimEnd();
  // The last paragraph starts after the last blank line; a message of one paragraph (a subject) has
  // no trailer block. Only that block loses an old claim: a body line that happens to read
  // `Memory-Count: 3` (a memory's own text) stays exactly as it was written.
  let cut = -1;
  for (const m of trimmed.matchAll(/\n[ \t]*\n/g)) cut = (m.index ?? 0) + m[0].length;
  let out = trimmed;
  let inTrailers = false;
  if (cut >= 0) {
    const last = trimmed.slice(cut).split('\n').filter((l) => !COUNT_LINE.test(l));
    // Appended to a trailer block already there (`Memory-Id: …`), else as a paragraph of its own.
    inTrailers = last.length > 0 && last.every((l) => /^[A-Za-z0-9-]+: /.test(l));
    out = last.length ? trimmed.slice(0, cut) + last.join('\n') : trimmed.slice(0, cut).trimEnd();
  }
  return `${out}${inTrailers ? '\n' : '\n\n'}${MEMORY_COUNT_TRAILER}: ${Math.max(0, Math.round(count))}\n`;
}

/** How many memory files `changes` adds (positive) or removes (negative) on top of `tree`. */
function countDelta(git: GitRepository, tree: string, changes: PathChanges): number {
  let n = 0;
  for (const [p, oid] of changes) {
    if (!p.startsWith('memories/')) continue;
    const e = git.entryAt(tree, p);
    const before = !!e && isRegularFile(e.mode);
    if (before !== (oid !== null)) n += before ? -1 : 1;
  }
  return n;
}

function filesAt(git: GitRepository, tree: string, paths: Iterable<string>): PathChanges {
  const out: PathChanges = new Map();
  for (const p of paths) {
    const e = git.entryAt(tree, p);
    if (e && isRegularFile(e.mode)) out.set(p, e.oid);
  }
  return out;
}

export type ConflictKind = 'both-changed' | 'deleted-locally' | 'deleted-remotely';

/** One path changed differently on both sides, and which version the branch keeps. */
export interface SyncConflict {
  path: string;
  /** The memory id, when the path is a memory. */
  id: string | null;
  kind: ConflictKind;
  kept: 'local' | 'remote';
  /** Blob ids of both versions (null: deleted on that side). The other one stays in history. */
  local: string | null;
  remote: string | null;
  /** Why that version was kept. */
  reason: string;
}

export interface CombineInput {
  /** Common ancestor of local and remote, or null when the histories are unrelated. */
  base: string | null;
  local: string;
  remote: string;
  /** Local commits to re-apply, oldest first (first-parent chain from `base` to `local`). */
  chain: string[];
  /** Names the remote in the resolution commit's message. */
  remoteName: string;
  committer: Identity;
  when: Date;
  /** With no common ancestor, leave `received` uncounted (null) instead of reading every tree. */
  uncounted?: boolean;
  /**
   * Check a size claim of at least this many memories against the remote tree, counting at most that
   * many files (the writer holds every tree): a claim that lies big is corrected, not carried on.
   */
  checkClaimFrom?: number;
}

export interface CombineResult {
  /** The new tip: `remote` plus the local commits re-applied, plus a resolution commit if needed. */
  tip: string;
  /** Local commits re-applied as new commits. */
  replayed: number;
  /** Memory files the remote side changed since the common ancestor (null: `uncounted`). */
  received: number | null;
  conflicts: SyncConflict[];
}

function isoOrEmpty(v: unknown): string {
  const t = typeof v === 'string' ? parseTime(v) : v instanceof Date ? v.getTime() : NaN;
  return Number.isFinite(t) ? new Date(t).toISOString() : '';
}

/** The time a version claims for itself (front matter `updated`, else `timestamp`; '' if none) and its id. */
function versionKey(git: GitRepository, path: string, oid: string): { time: string; id: string | null } {
  if (!path.endsWith('.md')) return { time: '', id: null };
  try {
    const { data } = parseFile(git.readBlob(oid).toString('utf8'));
    return { time: isoOrEmpty(data.updated) || isoOrEmpty(data.timestamp), id: isValidId(data.id) ? data.id : null };
  } catch {
    return { time: '', id: null };
  }
}

function pathId(path: string): string | null {
  if (!path.startsWith('memories/') || !path.endsWith('.md')) return null;
  const name = path.slice(path.lastIndexOf('/') + 1, -3);
  return isValidId(name) ? name : idFromPath(path);
}

/**
 * Decides one path both sides changed. For memories deterministic and symmetric (the same answer
 * whichever side is "local"), so two jobs resolving the same pair agree: an edit beats a deletion;
 * between two versions the later `updated` (else `timestamp`) wins, then the larger blob id. Files
 * with no time in either version keep the remote's.
 */
export function resolvePath(git: GitRepository, path: string, local: string | null, remote: string | null): SyncConflict {
  if (local === null || remote === null) {
    const kept = local === null ? 'remote' : 'local';
    const oid = (local ?? remote) as string;
    return {
      path,
      id: versionKey(git, path, oid).id ?? pathId(path),
      kind: local === null ? 'deleted-locally' : 'deleted-remotely',
      kept,
      local,
      remote,
      reason: `deleted on the ${kept === 'local' ? 'remote' : 'local'} side, changed on the ${kept} side: the change is kept`,
    };
  }
  const l = versionKey(git, path, local);
  const r = versionKey(git, path, remote);
  // Neither version says when it was written (the branch README, a hand-made file): the version
  // already published wins, so a fresh clone's default file never replaces one edited on the remote.
  const untimed = !l.time && !r.time;
  const localWins = l.time !== r.time ? l.time > r.time : !untimed && local > remote;
  const win = localWins ? l : r;
  const lose = localWins ? r : l;
  return {
    path,
    id: l.id ?? r.id ?? pathId(path),
    kind: 'both-changed',
    kept: localWins ? 'local' : 'remote',
    local,
    remote,
    reason: untimed
      ? 'no update time in either version: the published (remote) one is kept'
      : win.time !== lose.time
        ? `later update (${win.time || '?'} over ${lose.time || '?'})`
        : 'same update time: larger blob id',
  };
}

export { signature };

/**
 * What writeTree takes: blob ids, not contents. Every id here is an existing blob (a local commit's,
 * or one the remote has), so no blob is read: in a blob-less fetch (a writer's, docs/sync.md) the
 * other side's blobs are not in this repository at all, and a tree may name them all the same.
 */
function asEntries(changes: PathChanges): Map<string, string | null> {
  return changes;
}

/**
 * Re-applies local commits on the remote tip, one new commit per local commit (so `git log` keeps
 * reading as the story of what was stored), then, if the result differs from the three-way
 * resolution of base/local/remote, one resolution commit that sets every conflicting path to the
 * version that wins. The resulting tree is always exactly that resolution, whatever the replay did;
 * a local version that lost stays in history as the replayed commit that wrote it, a remote one as
 * part of the remote's history. Nothing is published here: the caller moves refs.
 */
export function combine(git: GitRepository, input: CombineInput): CombineResult {
  const treeOf = (c: string) => git.readCommit(c).tree;
  const baseTree = input.base ? treeOf(input.base) : null;
  const remoteTree = treeOf(input.remote);
  const localDiff = changedFiles(git, baseTree, treeOf(input.local));
  // Unrelated histories (a fresh clone's first store): the remote side "changed" every file of the
  // branch; only the paths this side changed are looked up, and the rest is counted, not listed.
  const remoteDiff = baseTree ? changedFiles(git, baseTree, remoteTree) : filesAt(git, remoteTree, localDiff.keys());
  const received = baseTree ? [...remoteDiff.keys()].filter((p) => p.startsWith('memories/')).length : input.uncounted ? null : countMemoryFiles(git, remoteTree);

  const target: PathChanges = new Map(localDiff);
  const conflicts: SyncConflict[] = [];
  for (const [path, l] of localDiff) {
    if (!remoteDiff.has(path)) continue;
    const r = remoteDiff.get(path) as string | null;
    if (l === r) continue;
    const c = resolvePath(git, path, l, r);
    conflicts.push(c);
    target.set(path, c.kept === 'local' ? l : r);
  }
  for (const [p, v] of [...target]) {
    // Already what the remote has: nothing to write.
    const onRemote = remoteDiff.has(p) ? remoteDiff.get(p) : undefined;
    if (onRemote !== undefined && onRemote === v) target.delete(p);
  }
  const targetTree = target.size ? git.writeTree(remoteTree, asEntries(target)) : remoteTree;

  // The branch's size after each commit written here: from a full count when one was made (it also
  // corrects whatever an earlier commit claimed), else from the remote tip's own trailer; none if
  // neither (the next first write that counts puts it back).
  let count: number | null = !baseTree && received !== null ? received : claimedCount(git, input.remote);
  if (count !== null && input.checkClaimFrom !== undefined && count >= input.checkClaimFrom) {
    // Without this only a first write with no common history ever counted, so a branch whose tip
    // claimed 5,000,000 kept every CI writer tree-less. Cost on a branch really that big:
    // the trees of the first checkClaimFrom files, in a clone that holds them.
    try {
      const seen = countMemoryFiles(git, remoteTree, input.checkClaimFrom);
      if (seen < input.checkClaimFrom) count = seen;
    } catch {
      // a tree this clone does not hold: the claim stays
    }
  }
  const sized = (message: string, tree: string, changes: PathChanges): string => {
    if (count === null) return message;
    count += countDelta(git, tree, changes);
    return withMemoryCount(message, count);
  };

  const committer = signature(input.committer, input.when);
  let tip = input.remote;
  let tipTree = remoteTree;
  let replayed = 0;
  for (const c of input.chain) {
    const info = git.readCommit(c);
    let parentTree: string | null;
    try {
      parentTree = info.parents.length ? treeOf(info.parents[0]) : null;
    } catch {
      // The parent is beyond a shallow boundary: diff against the common ancestor instead.
      parentTree = baseTree;
    }
    const d = changedFiles(git, parentTree, info.tree);
    if (!d.size) continue;
    const next = git.writeTree(tipTree, asEntries(d));
    if (next === tipTree) continue; // already on the remote: like rebase, drop the empty commit
    // The author line kept verbatim (who stored the memory, and when), a new committer (who
    // re-applied it): what `git rebase` records. Published later by the ref compare-and-swap in sync.
    tip = git.writeCommit({ tree: next, parents: [tip], author: info.author, committer, message: sized(info.message, tipTree, d) });
    tipTree = next;
    replayed++;
  }

  if (tipTree !== targetTree) {
    const lines = conflicts.map((c) => `Conflict: ${c.id ?? c.path} kept ${c.kept} version (${c.kind}; ${c.reason})`);
    const ids = [...new Set(conflicts.map((c) => c.id).filter((x): x is string => !!x))].map((i) => `Memory-Id: ${i}`);
    const subject = conflicts.length
      ? `memory: sync with ${input.remoteName}: resolve ${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'}`
      : `memory: sync with ${input.remoteName}: keep changes made on both sides`;
    const body = [...lines, ...(lines.length && ids.length ? [''] : []), ...ids].join('\n');
    tip = git.writeCommit({ tree: targetTree, parents: [tip], author: committer, committer, message: sized(body ? `${subject}\n\n${body}\n` : `${subject}\n`, tipTree, changedFiles(git, tipTree, targetTree)) });
  }
  return { tip, replayed, received, conflicts };
}
