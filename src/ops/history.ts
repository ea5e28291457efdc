import { createHash } from 'node:crypto';
import { runGit, runGitSync, type GitTarget } from '../git/cli.js';
import { ARCHIVE_DIR, blobText, MEMORIES_DIR } from '../model/catalog.js';
import { isTreeMode } from '../git/tree.js';
import { InvalidInputError, MemoryError, NotFoundError, InternalError } from '../errors.js';
import { assertId, idTime, pathFor } from '../model/id.js';
import { memoryFromFile, publicMemory, type Memory } from '../model/memory.js';
import type { BranchReader } from '../model/branch-view.js';
import { findLive, idLookupFor, type IdLookup } from './find.js';
import { listTrash, trashPathFor, TRASH_DIR } from '../model/trash.js';

/**
 * Versions of a memory, read from git history. This is not a hot path, so it uses the git CLI
 * (`git log` with a pathspec and history simplification across sync merges) instead of walking
 * commits by hand.
 */

/** History walks over a large branch (stats' disk usage) may take long; none should hang forever. */
const HISTORY_TIMEOUT = 600_000;

/** The repository's object database and refs (never the work tree or index), whatever GIT_DIR says. */
function historyTarget(store: BranchReader): GitTarget {
  return { gitDir: store.git.location.commonDir, root: store.git.location.commonDir };
}

function historyError(args: string[], err: unknown): InternalError {
  const e = err as { message: string; data?: { stderr?: string } };
  if (/git is not installed or not on PATH/.test(e.message)) return new InternalError('git is not installed or not on PATH: history needs the git command');
  return new InternalError(`git ${args[0]} failed: ${(e.data?.stderr || e.message).trim().split('\n')[0]}`);
}

/** Runs git through the one runner (src/git/cli.ts) against the repository's history. */
export function gitCli(store: BranchReader, args: string[]): string {
  try {
    return runGitSync(historyTarget(store), ['-c', 'core.quotePath=false', ...args], { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT }).stdout.toString('utf8');
  } catch (err) {
    throw historyError(args, err);
  }
}

/** {@link gitCli} without blocking, so independent git queries run side by side. */
export async function gitCliAsync(store: BranchReader, args: string[]): Promise<string> {
  try {
    return (await runGit(historyTarget(store), args, { maxBytes: 256 * 1024 * 1024, timeoutMs: HISTORY_TIMEOUT })).stdout.toString('utf8');
  } catch (err) {
    throw historyError(args, err);
  }
}

/** A commit id from a full or abbreviated hash or any revision git understands (`memory~2`). */
export function resolveCommit(store: BranchReader, rev: string): string {
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
export function logPaths(store: BranchReader, pathspecs: string[], opts: { nameStatus?: boolean } = {}): CommitRecord[] {
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
  /**
   * Set when `content` holds only the start of this version's text (a response carries at most
   * {@link historyTextBudget} bytes of text, newest versions first): the whole text's size in bytes.
   * `memory get <id> --at <commit>` reads that version whole.
   */
  contentBytes?: number;
}

/** Bytes of memory text one history response carries at most (env `MEMORY_HISTORY_TEXT_BUDGET`): 8 MiB. */
export const HISTORY_TEXT_BUDGET = 8 * 1024 * 1024;
export function historyTextBudget(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MEMORY_HISTORY_TEXT_BUDGET);
  return Number.isInteger(n) && n >= 0 ? n : HISTORY_TEXT_BUDGET;
}
/** One version's share at most: a quarter of the budget (2 MiB), so one huge version never takes it all. */
export const versionTextCap = (budget: number) => Math.floor(budget / 4);

/**
 * A memory file's bytes with its text (what follows the front matter) cut to `cap` bytes: the front
 * matter stays whole, so the version and tags still read. `bytes` is the whole text's size when cut,
 * `hash` a digest of the whole text (to tell whether two cut versions differ).
 */
export function capFileText(file: Buffer, cap: number): { file: Buffer; bytes: number | null; hash: string } {
  // The front matter's closing line: `---` after the opening one (front matter is at most 256 KiB).
  const end = file.subarray(0, 256 * 1024 + 8).indexOf('\n---', 3);
  let start = end < 0 ? 0 : end + 4;
  if (file[start] === 0x0d) start++;
  if (file[start] === 0x0a) start++;
  const text = file.subarray(start);
  const hash = createHash('sha1').update(text).digest('hex');
  if (text.length <= cap) return { file, bytes: null, hash };
  return { file: file.subarray(0, start + utf8Cut(text, cap)), bytes: text.length, hash };
}

/** Where to cut UTF-8 `bytes` to at most `max` bytes without splitting a character. */
export function utf8Cut(bytes: Uint8Array, max: number): number {
  let cut = Math.min(max, bytes.length);
  while (cut > 0 && cut < bytes.length && (bytes[cut] & 0xc0) === 0x80) cut--;
  return cut;
}

/** `v` with its text cut to `cap` bytes (on a character boundary), `contentBytes` saying its whole size. */
export function capText<V extends { content: string | null; contentBytes?: number }>(v: V, cap: number): V {
  if (v.content === null || v.content.length <= cap / 4 || Buffer.byteLength(v.content, 'utf8') <= cap) return v;
  const bytes = Buffer.from(v.content, 'utf8');
  return { ...v, content: bytes.subarray(0, utf8Cut(bytes, cap)).toString('utf8'), contentBytes: v.contentBytes ?? bytes.length };
}

/**
 * Versions newest first, their text within `budget` bytes in all: each version keeps what is left of
 * the budget (at most its cap, applied when it was read), the older ones nothing past it.
 */
export function spendTextBudget<V extends { content: string | null; contentBytes?: number }>(newestFirst: V[], budget: number): V[] {
  let left = budget;
  return newestFirst.map((v) => {
    if (v.content === null) return v;
    const size = Buffer.byteLength(v.content, 'utf8');
    if (size <= left) {
      left -= size;
      return v;
    }
    const all = Buffer.from(v.content, 'utf8');
    const kept = all.subarray(0, utf8Cut(all, left)).toString('utf8');
    left = 0;
    return { ...v, content: kept, contentBytes: v.contentBytes ?? size };
  });
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

/**
 * The pathspecs naming every file `id` has had: its relative path (`YYYY-MM/<bucket>/<id>.md` for a
 * native id) under each top folder a memory moves between (memories/, trash/, archive/, and any other
 * folder at the tip), plus the current paths of a hand-named file. Literal paths let git prune its tree
 * walk to a handful of entries per commit; a glob whose first component is a wildcard makes it open
 * every folder of every changed tree (seconds on a branch of a million memories). Null when the id has
 * no path known without searching: a non-native id no longer on the branch.
 */
function historySpecs(store: BranchReader, id: string, lookup: IdLookup | null): string[] | null {
  const rels = new Set<string>();
  if (idTime(id) !== null) rels.add(pathFor(id, '').slice(MEMORIES_DIR.length + 1));
  const tops = new Set([MEMORIES_DIR, TRASH_DIR, ARCHIVE_DIR]);
  const tip = store.tip();
  if (tip) {
    for (const e of store.git.readTree(store.git.readCommit(tip).tree)) if (isTreeMode(e.mode)) tops.add(e.name);
    // Hand-written files may carry an id that is not their file name: follow their current paths too.
    const live = findLive(store, id, tip, lookup);
    for (const p of [live?.path, ...listTrash(store, tip).filter((t) => t.id === id).map((t) => t.path)]) {
      if (p && p.includes('/')) rels.add(p.slice(p.indexOf('/') + 1));
    }
  }
  if (!rels.size) return null;
  const specs: string[] = [];
  for (const top of tops) for (const rel of rels) specs.push(`:(literal)${top}/${rel}`);
  return specs;
}

/** Oldest first, with the raw file text of each version; `cap`: bytes of text kept a version (the rest cut, see {@link capFileText}). */
function versionsOf(store: BranchReader, id: string, cap = Infinity, lookup: IdLookup | null = null): VersionWithText[] {
  assertId(id);
  // A non-native id gone from the branch (purged): only a search of every path finds it.
  const specs = historySpecs(store, id, lookup) ?? [`:(glob)**/${id}.md`];
  const records = logPaths(store, specs, { nameStatus: true }).reverse();
  const out: VersionWithText[] = [];
  let prev: string | null = null;
  let prevMemory: Memory | null = null;
  let prevHash = '';
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
          const capped = capFileText(store.git.readBlob(entry.oid), cap);
          text = blobText(capped.file, `${pick.path} at ${r.commit.slice(0, 7)}`, (w) => store.warn(w));
          const m = memoryFromFile(pick.path, text);
          content = m.content;
          const n = Number(m.metadata.version);
          version = Number.isInteger(n) && n > 0 ? n : 1;
          extra = { tags: m.tags, ...(capped.bytes !== null ? { contentBytes: capped.bytes } : {}) };
          if (prevMemory) {
            const was = prevMemory;
            // The text by its digest (a cut text is only its start); the other fields as read.
            const fields = (['content', 'tags', 'category', 'priority', 'scope'] as const).filter((f) => (f === 'content' ? prevHash !== capped.hash : JSON.stringify(was[f] ?? null) !== JSON.stringify(m[f] ?? null)));
            extra.changed = fields;
          }
          prevMemory = m;
          prevHash = capped.hash;
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
export async function memoryHistory(store: BranchReader, id: string): Promise<{ success: true; id: string; versions: MemoryVersion[] }> {
  // Bounded: 45 versions of 16 MB were 720 MB of text in one answer ("Invalid string length"). Each
  // version keeps at most a quarter of the budget as it is read, the newest first share the rest.
  const budget = historyTextBudget();
  const all = versionsOf(store, id, versionTextCap(budget), await idLookupFor(store, id));
  if (!all.length) throw new NotFoundError(id, 'memory in git history');
  return { success: true, id, versions: spendTextBudget(all.reverse().map(({ text: _t, ...v }) => v), budget) };
}

/** The newest file text git has for `id` and the path under memories/ it belongs at; null if never seen. */
export function lastKnownFile(store: BranchReader, id: string, lookup: IdLookup | null = null): { livePath: string; text: string } | null {
  const all = versionsOf(store, id, Infinity, lookup);
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
export async function getAt(store: BranchReader, id: string, at: string | number): Promise<GetAtResult> {
  assertId(id);
  const atStr = String(at ?? '').trim();
  const asVersion = /^v?(\d{1,6})$/i.exec(atStr);
  if (asVersion) {
    const n = Number(asVersion[1]);
    const all = versionsOf(store, id, Infinity, await idLookupFor(store, id)).filter((v) => v.version === n && v.text !== null);
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
  for (const v of versionsOf(store, id, Infinity, await idLookupFor(store, id))) {
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
