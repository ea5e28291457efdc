import { DuplicateError, NotFoundError } from '../errors.js';
import type { MemoryBranch } from '../model/branch-view.js';
import { lastKnownFile } from './history.js';
import { findLive, loadIdLookup } from './find.js';
import { assertId } from '../model/id.js';
import { memoryFromFile } from '../model/memory.js';
import { byDeletedDesc, liveFile, livePathFor, readTrash } from '../model/trash.js';

// Restore reads both the trash and git history, so it lives apart from both (history lists the
// trash; neither imports the other's caller).

export interface RestoreResult {
  success: true;
  restored: string;
  /** `trash` when it came out of the trash; `history` when it had been purged and came from git history. */
  from: 'trash' | 'history';
  path: string;
  commit: string;
}

/**
 * Puts a memory back where it was, with its latest content. From the trash when it is there; when it
 * was already purged (or deleted before the trash existed), from the last version git history has.
 */
export async function restoreFromTrash(store: MemoryBranch, id: string): Promise<RestoreResult> {
  assertId(id);
  const inTrash = (tip: string | null) =>
    readTrash(store, tip, 0)
      .filter((e) => e.item?.id === id)
      .sort((a, b) => byDeletedDesc(a.item!, b.item!))[0];
  const lookup = await loadIdLookup();
  let fromHistory: { path: string; file: Buffer } | null = null;
  if (!inTrash(store.tip())) {
    const last = lastKnownFile(store, id, lookup);
    if (!last) throw new NotFoundError(id, 'memory in the trash or in git history', { next: 'trash.list' });
    const stored = memoryFromFile(last.livePath, last.text, (w) => store.warn(w));
    fromHistory = { path: last.livePath, file: liveFile(stored) };
  }
  const res = await store.mutate<{ from: 'trash' | 'history'; path: string }>((tip) => {
    if (findLive(store, id, tip, lookup)) throw new DuplicateError(id, `memory ${id} is not deleted: it is already in memories/`);
    const hit = inTrash(tip);
    if (hit) {
      const path = livePathFor(hit.path);
      return {
        change: { changes: new Map<string, Buffer | null>([[hit.path, null], [path, liveFile(hit.stored!)]]), message: `memory: restore ${id} from the trash\n\nMemory-Id: ${id}\n` },
        result: { from: 'trash', path },
      };
    }
    if (!fromHistory) throw new NotFoundError(id, 'memory in the trash', { next: 'trash.list' });
    return {
      change: { changes: new Map<string, Buffer | null>([[fromHistory.path, fromHistory.file]]), message: `memory: restore ${id} from git history (it had left the trash)\n\nMemory-Id: ${id}\n` },
      result: { from: 'history', path: fromHistory.path },
    };
  });
  return { success: true, restored: id, from: res.from, path: res.path, commit: res.commit as string };
}

