import { parseFile } from './codec.js';
import { InvalidInputError, MemoryError, NotFoundError } from '../errors.js';
import { assertId } from './id.js';
import { MEMORIES_DIR, unreadableFile } from './catalog.js';
import { memoryFromFile, memoryToFile, publicMemory, type Memory, type StoredMemory } from './memory.js';
import type { BranchReader, MemoryBranch } from './branch-view.js';

/**
 * The trash bin lives on the branch next to `memories/`, under `trash/<path relative to memories/>`.
 * It is outside `memories/`, so the catalog (and therefore list, search, recent) never sees it, and a
 * delete is a rename in git: `git log --follow` and `memory history` still trace the file.
 */
export const TRASH_DIR = 'trash';
const DAY_MS = 86_400_000;

/** A memory in the trash, as `memory trash list` returns it. */
export interface TrashItem extends Memory {
  /** When it was moved to the trash (ISO 8601 UTC), or null when the file carries no valid date. */
  deleted_at: string | null;
  /** When `memory prune` purges it at the configured retention, or null when undated. */
  expires_at: string | null;
  /** Where it sits on the branch (under `trash/`). */
  path: string;
}

export function trashPathFor(livePath: string): string {
  const rel = livePath.startsWith(MEMORIES_DIR + '/') ? livePath.slice(MEMORIES_DIR.length + 1) : livePath;
  return `${TRASH_DIR}/${rel}`;
}

export function livePathFor(trashPath: string): string {
  return `${MEMORIES_DIR}/${trashPath.slice(TRASH_DIR.length + 1)}`;
}

/** The file written to the trash: the memory as it was, plus `deleted_at` in the front matter. */
export function trashFile(m: StoredMemory, deletedAt: Date): Buffer {
  return Buffer.from(memoryToFile({ ...m, extra: { ...m.extra, deleted_at: deletedAt.toISOString() } }), 'utf8');
}

/** The file written back on restore: the memory without `deleted_at`. */
export function liveFile(m: StoredMemory): Buffer {
  const { deleted_at: _drop, ...extra } = m.extra;
  return Buffer.from(memoryToFile({ ...m, extra }), 'utf8');
}

function isoOrNull(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

interface RawTrashEntry {
  path: string;
  item: TrashItem | null;
  stored: StoredMemory | null;
}

/** Every file under `trash/` at `commit`; unparsable files come back with `item: null`. */
export function readTrash(store: BranchReader, commit: string | null, retentionDays: number): RawTrashEntry[] {
  const tree = store.treeOf(commit);
  if (!tree) return [];
  const out: RawTrashEntry[] = [];
  for (const blob of store.git.listBlobs(tree, TRASH_DIR)) {
    if (!blob.path.endsWith('.md')) {
      out.push({ path: blob.path, item: null, stored: null });
      continue;
    }
    try {
      const text = store.git.readBlob(blob.oid).toString('utf8');
      // The id is derived from the original path, so a hand-written file keeps its id in and out of the trash.
      const stored = memoryFromFile(livePathFor(blob.path), text, (w) => store.warn(w));
      const deleted_at = isoOrNull(parseFile(text).data.deleted_at);
      const expires_at = deleted_at && Number.isFinite(retentionDays) ? new Date(Date.parse(deleted_at) + retentionDays * DAY_MS).toISOString() : null;
      out.push({ path: blob.path, item: { ...publicMemory(stored), deleted_at, expires_at, path: blob.path }, stored });
    } catch (err) {
      store.warn(unreadableFile(blob.path, (err as Error).message));
      out.push({ path: blob.path, item: null, stored: null });
    }
  }
  return out;
}

export function byDeletedDesc(a: TrashItem, b: TrashItem): number {
  const x = a.deleted_at ?? '';
  const y = b.deleted_at ?? '';
  return x < y ? 1 : x > y ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The trash at the tip (or `commit`), most recently deleted first. */
/**
 * NOT_FOUND for `id`; when the memory is in the trash, the error says so and when it was deleted
 * (`data.trashed`, `data.deletedAt`), with `data.next` `trash.restore` for the surface to phrase.
 */
export function notFoundError(store: BranchReader, id: string, tip: string | null = store.tip()): NotFoundError {
  const t = tip ? listTrash(store, tip).find((x) => x.id === id) : undefined;
  if (!t) return new NotFoundError(id);
  return new NotFoundError(id, 'memory', {
    detail: `it is in the trash, deleted ${t.deleted_at?.slice(0, 10) ?? 'earlier'}`,
    trashed: true,
    deletedAt: t.deleted_at,
    next: 'trash.restore',
  });
}

export function listTrash(store: BranchReader, commit: string | null = store.tip()): TrashItem[] {
  const days = store.config().trashRetentionDays;
  return readTrash(store, commit, days)
    .flatMap((e) => (e.item ? [e.item] : []))
    .sort(byDeletedDesc);
}

/** The number of files in the trash (parsable or not), for stats. */
export function trashCount(store: BranchReader, commit: string | null = store.tip()): number {
  const tree = store.treeOf(commit);
  return tree ? store.git.listBlobs(tree, TRASH_DIR).length : 0;
}

function message(subject: string, ids: string[]): string {
  return `${subject}\n\n${ids.map((i) => `Memory-Id: ${i}`).join('\n')}\n`;
}

/**
 * Purges trash items deleted at least `olderThanDays` days before `now`, in one commit. Files without
 * a valid `deleted_at` are kept (they cannot be aged); `emptyTrash` without an age removes them too.
 * Git history keeps every purged file: `memory history <id>` still finds it.
 */
export async function purgeTrash(
  store: MemoryBranch,
  olderThanDays: number = store.config().trashRetentionDays,
  now: Date = store.now(),
): Promise<{ success: true; purged: string[]; commit: string | null }> {
  if (!Number.isFinite(olderThanDays) || olderThanDays < 0) {
    throw new InvalidInputError(`olderThanDays must be a number of days >= 0, got ${JSON.stringify(olderThanDays)}`, { field: 'olderThanDays' });
  }
  const cutoff = now.getTime() - olderThanDays * DAY_MS;
  const res = await store.mutate((tip) => {
    const old = readTrash(store, tip, olderThanDays).filter((e) => e.item?.deleted_at && Date.parse(e.item.deleted_at) <= cutoff);
    if (!old.length) return { change: null, result: { purged: [] as string[] } };
    const ids = old.map((e) => e.item!.id);
    const n = ids.length;
    return {
      change: {
        changes: new Map(old.map((e) => [e.path, null] as [string, null])),
        message: message(`memory: purge ${n} memor${n === 1 ? 'y' : 'ies'} deleted over ${olderThanDays} day${olderThanDays === 1 ? '' : 's'} ago from the trash`, ids),
      },
      result: { purged: ids },
    };
  });
  return { success: true, purged: res.purged, commit: res.commit };
}

/** Empties the trash: everything, or only items older than `olderThanDays`. One commit. */
export async function emptyTrash(store: MemoryBranch, opts: { olderThanDays?: number; now?: Date } = {}): Promise<{ success: true; purged: string[]; commit: string | null }> {
  if (opts.olderThanDays !== undefined) return purgeTrash(store, opts.olderThanDays, opts.now ?? store.now());
  const res = await store.mutate((tip) => {
    const all = readTrash(store, tip, 0);
    if (!all.length) return { change: null, result: { purged: [] as string[] } };
    const ids = all.flatMap((e) => (e.item ? [e.item.id] : []));
    return {
      change: { changes: new Map([[TRASH_DIR, null]]), message: message(`memory: empty the trash (${all.length} file${all.length === 1 ? '' : 's'})`, ids) },
      result: { purged: ids },
    };
  });
  return { success: true, purged: res.purged, commit: res.commit };
}

/** `30d`, `12h`, `2w`, or a plain number of days → days. */
export function parseAge(v: unknown): number {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([dhw]?)\s*$/i.exec(String(v ?? ''));
  if (!m) throw new InvalidInputError(`invalid age ${JSON.stringify(v)}: use e.g. 30d, 12h or 2w`, { field: 'older_than' });
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  return unit === 'h' ? n / 24 : unit === 'w' ? n * 7 : n;
}
