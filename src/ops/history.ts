import { runGit, runGitSync, type GitTarget } from '../git/cli.js';
import { blobText, MEMORIES_DIR } from '../model/catalog.js';
import { InvalidInputError, MemoryError, NotFoundError, InternalError } from '../errors.js';
import { assertId, idTime, pathFor } from '../model/id.js';
import { memoryFromFile, publicMemory, type Memory } from '../model/memory.js';
import type { MemoryBranch } from '../model/branch-view.js';
import { listTrash, trashPathFor, TRASH_DIR } from '../model/trash.js';

/**
 * Versions of a memory, read from git history. This is not a hot path, so it uses the git CLI
 * (`git log` with a pathspec and history simplification across sync merges) instead of walking
 * commits by hand.
 */

/** History walks over a large branch (stats' disk usage) may take long; none should hang forever. */
const HISTORY_TIMEOUT = 600_000;

/** The repository's object database and refs (never the work tree or index), whatever GIT_DIR says. */
function historyTarget(store: MemoryBranch): GitTarget {
  return { gitDir: store.git.location.commonDir, root: store.git.location.commonDir };
}

function historyError(args: string[], err: unknown): InternalError {
  const e = err as { message: string; data?: { stderr?: string } };
  if (/git is not installed or not on PATH/.test(e.message)) return new InternalError('git is not installed or not on PATH: history needs the git command');
  return new InternalError(`git ${args[0]} failed: ${(e.data?.stderr || e.message).trim().split('\n')[0]}`);
}

/** Runs git through the one runner (src/git/cli.ts) against the repository's history. */
export function gitCli(store: MemoryBranch, args: string[]): string {
  try {
    return runGitSync(historyTarget(store), ['-c', 'core.quotePath=false', ...args], { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT }).stdout.toString('utf8');
  } catch (err) {
    throw historyError(args, err);
  }
}

/** {@link gitCli} without blocking, so independent git queries run side by side. */
export async function gitCliAsync(store: MemoryBranch, args: string[]): Promise<string> {
  try {
    return (await runGit(historyTarget(store), args, { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT })).stdout.toString('utf8');
  } catch (err) {
    throw historyError(args, err);
  }
}

/** A commit id from a full or abbreviated hash or any revision git understands (`memory~2`). */
export function resolveCommit(store: MemoryBranch, rev: string): string {
  const r = String(rev ?? '').trim();
  if (!r || r.startsWith('-') || !/^[0-9A-Za-z._\/~^@{}:-]+$/.test(r)) throw new InvalidInputError(`invalid version ${JSON.stringify(rev)}: give a commit id`, { field: 'version' });
  if (/^[0-9a-f]{40}$/.test(r)) {
    try {
      store.git.readCommit(r);
      return r;
    } catch {
      throw new NotFoundError(r, 'commit');
    }
  }
  try {
    return runGitSync(historyTarget(store), ['rev-parse', '--verify', '--quiet', `${r}^{commit}`]).stdout.toString('utf8').trim();
  } catch {
    throw new NotFoundError(r, 'commit');
  }
}

export interface CommitRecord {
  commit: string;
  timestamp: string;
  message: string;
  /** Paths the commit added/modified (`A`/`M`) or deleted (`D`), rename detection off. */
  files: Array<{ status: string; path: string }>;
}

/** `git log` of the branch limited to `pathspecs`, newest first. */
export function logPaths(store: MemoryBranch, pathspecs: string[], opts: { nameStatus?: boolean } = {}): CommitRecord[] {
  if (!store.tip()) return [];
  const args = ['log', '--format=%x1e%H%x1f%ct%x1f%s', ...(opts.nameStatus ? ['--name-status', '--no-renames'] : []), store.ref, '--', ...pathspecs];
  const out = gitCli(store, args);
  const records: CommitRecord[] = [];
  for (const chunk of out.split('\x1e')) {
    if (!chunk.trim()) continue;
    const lines = chunk.split('\n');
    const [commit, ct, subject] = lines[0].split('\x1f');
    const files: CommitRecord['files'] = [];
    for (const l of lines.slice(1)) {
      const m = /^([AMDTC])\d*\t(.+)$/.exec(l);
      if (m) files.push({ status: m[1], path: m[2] });
    }
    records.push({ commit, timestamp: new Date(Number(ct) * 1000).toISOString(), message: subject ?? '', files });
  }
  return records;
}

/** Where a file sits: `live` under memories/, `trash` under trash/, else the top folder's name. */
function stateOf(path: string): string {
  const top = path.split('/')[0];
  return top === MEMORIES_DIR ? 'live' : top === TRASH_DIR ? 'trash' : top;
}

/** One version of a memory: the state of its file after one commit. */
export interface MemoryVersion {
  /** `metadata.version` of the memory at that commit; null once the file is gone. */
  version: number | null;
  commit: string;
  timestamp: string;
  /** The memory's text at that commit; null when the commit removed it for good. */
  content: string | null;
  /** stored | updated | deleted | restored | purged | removed | changed | moved */
  event: string;
  /** live (in memories/), trash, gone, or the folder it moved to. */
  state: string;
  path: string;
  /** The commit's subject line. */
  message: string;
  /** Set when the file was there at that commit but could not be read (why); `content` is then null. */
  unreadable?: string;
  /** The memory's tags at that commit (absent when the file is gone or unreadable). */
  tags?: string[];
  /**
   * The fields this version changed against the previous readable one (`content`, `tags`,
   * `category`, `priority`, `scope`); absent for the first version and when gone.
   */
  changed?: string[];
}

interface VersionWithText extends MemoryVersion {
  text: string | null;
}

function eventFor(prev: string | null, now: string, everLive: boolean): string {
  if (now === 'gone') return prev === 'trash' ? 'purged' : 'removed';
  if (now === 'live') return prev === null || prev === 'gone' ? (everLive ? 'restored' : 'stored') : prev === 'live' ? 'updated' : 'restored';
  if (now === 'trash') return prev === 'trash' ? 'changed' : 'deleted';
  return prev === now ? 'changed' : 'moved';
}

/** Oldest first, with the raw file text of each version. */
function versionsOf(store: MemoryBranch, id: string): VersionWithText[] {
  assertId(id);
  // Native ids live at <top>/YYYY-MM/<bucket>/<id>.md (memories/, trash/, archive/): a fixed-depth glob
  // lets git prune the tree walk, three times faster than `**/` on a 2,000-commit branch.
  const specs = [idTime(id) !== null ? `:(glob)*/*/*/${id}.md` : `:(glob)**/${id}.md`];
  // Hand-written files may carry an id that is not their file name: follow their current paths too.
  const tip = store.tip();
  if (tip) {
    const live = store.find(id, tip);
    const extra = [live?.path, ...listTrash(store, tip).filter((t) => t.id === id).map((t) => t.path)];
    // The same relative path under any top folder: memories/, trash/, archive/.
    const globEscape = (x: string) => x.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
    for (const p of extra) if (p && !p.endsWith(`/${id}.md`)) specs.push(`:(glob)*/${globEscape(p.slice(p.indexOf('/') + 1))}`);
  }
  const records = logPaths(store, specs, { nameStatus: true }).reverse();
  const out: VersionWithText[] = [];
  let prev: string | null = null;
  let prevMemory: Memory | null = null;
  let everLive = false;
  for (const r of records) {
    const present = r.files.filter((f) => f.status !== 'D');
    const pick = present.find((f) => stateOf(f.path) === 'live') ?? present[0];
    let v: VersionWithText;
    if (!pick) {
      const gone = r.files[0]?.path ?? '';
      v = { version: null, commit: r.commit, timestamp: r.timestamp, content: null, event: eventFor(prev, 'gone', everLive), state: 'gone', path: gone, message: r.message, text: null };
    } else {
      const state = stateOf(pick.path);
      let text: string | null = null;
      let content: string | null = null;
      let version: number | null = null;
      let unreadable: string | undefined;
      let extra: Pick<MemoryVersion, 'tags' | 'changed'> = {};
      try {
        const entry = store.git.entryAt(store.git.readCommit(r.commit).tree, pick.path);
        if (entry) {
          text = blobText(store.git.readBlob(entry.oid), `${pick.path} at ${r.commit.slice(0, 7)}`, (w) => store.warn(w));
          const m = memoryFromFile(pick.path, text);
          content = m.content;
          const n = Number(m.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
          extra = { tags: m.tags };
          if (prevMemory) {
            const was = prevMemory;
            const fields = (['content', 'tags', 'category', 'priority', 'scope'] as const).filter((f) => JSON.stringify(was[f] ?? null) !== JSON.stringify(m[f] ?? null));
            extra.changed = fields;
          }
          prevMemory = m;
        }
      } catch (err) {
        // There but unreadable (broken front matter): not the same as gone.
        unreadable = (err as Error).message;
        store.warn(`${pick.path} at ${r.commit.slice(0, 7)}: ${unreadable}`);
      }
      v = { version, commit: r.commit, timestamp: r.timestamp, content, event: eventFor(prev, state, everLive), state, path: pick.path, message: r.message, text, ...extra };
      if (unreadable !== undefined) v.unreadable = unreadable;
      if (state === 'live') everLive = true;
    }
    prev = v.state;
    out.push(v);
  }
  return out;
}

/**
 * Every version of a memory from git history, newest first: stores, updates, the move to the trash,
 * restores, and the purge. Works after a purge too: git still has the file.
 */
export async function memoryHistory(store: MemoryBranch, id: string): Promise<{ success: true; id: string; versions: MemoryVersion[] }> {
  const all = versionsOf(store, id);
  if (!all.length) throw new NotFoundError(id, 'memory in git history');
  return { success: true, id, versions: all.reverse().map(({ text: _t, ...v }) => v) };
}

/** The newest file text git has for `id` and the path under memories/ it belongs at; null if never seen. */
export function lastKnownFile(store: MemoryBranch, id: string): { livePath: string; text: string } | null {
  const all = versionsOf(store, id);
  for (let i = all.length - 1; i >= 0; i--) {
    const v = all[i];
    if (v.text === null) continue;
    const rest = v.path.slice(v.path.indexOf('/'));
    return { livePath: v.state === 'live' ? v.path : MEMORIES_DIR + rest, text: v.text };
  }
  return null;
}

export interface GetAtResult {
  success: true;
  memory: Memory;
  /** The commit the memory was read at. */
  commit: string;
  /** live, or trash when it was in the trash at that commit. */
  state: string;
  deleted_at?: string;
}

/**
 * A memory as it was at a version number (`3`: metadata.version 3) or at a commit (full or
 * abbreviated id, or any revision such as `memory~2`).
 */
export async function getAt(store: MemoryBranch, id: string, at: string | number): Promise<GetAtResult> {
  assertId(id);
  const atStr = String(at ?? '').trim();
  const asVersion = /^v?(\d{1,6})$/i.exec(atStr);
  if (asVersion) {
    const n = Number(asVersion[1]);
    const all = versionsOf(store, id).filter((v) => v.version === n && v.text !== null);
    if (!all.length) throw new NotFoundError(`${id} version ${n}`, 'memory version');
    // The newest commit holding that version; a live copy beats the trash copy of the same version.
    const v = [...all].reverse().find((x) => x.state === 'live') ?? all[all.length - 1];
    return resultFrom(v.path, v.text as string, v.commit, v.state);
  }
  const commit = resolveCommit(store, atStr);
  const tree = store.git.readCommit(commit).tree;
  const candidates: string[] = [];
  if (idTime(id) !== null) {
    const live = pathFor(id, '');
    candidates.push(live, trashPathFor(live));
  }
  for (const p of candidates) {
    const e = store.git.entryAt(tree, p);
    if (e) return resultFrom(p, store.git.readBlob(e.oid).toString('utf8'), commit, stateOf(p));
  }
  // Hand-named files: the paths history knows for this id.
  for (const v of versionsOf(store, id)) {
    if (!v.path) continue;
    const e = store.git.entryAt(tree, v.path);
    if (e) return resultFrom(v.path, store.git.readBlob(e.oid).toString('utf8'), commit, stateOf(v.path));
  }
  throw new NotFoundError(`${id} at ${commit.slice(0, 12)}`, 'memory');
}

function resultFrom(path: string, text: string, commit: string, state: string): GetAtResult {
  const livePath = state === 'live' ? path : MEMORIES_DIR + path.slice(path.indexOf('/'));
  const m = memoryFromFile(livePath, text);
  const out: GetAtResult = { success: true, memory: publicMemory(m), commit, state };
  if (typeof m.extra.deleted_at === 'string') out.deleted_at = m.extra.deleted_at;
  return out;
}
