import type { StoreBranch } from '../model/branch-view.js';
import { NotFoundError, UnreadableMemoryError, type MemoryError } from '../errors.js';
import { idFromPath, pathFor } from '../model/id.js';
import { notFoundError } from '../model/trash.js';
import { memoryFromFile, publicMemory, type Memory } from '../model/memory.js';
import { findLive, idLookupFor, indexHasNoFile, loadIdLookup, type IdLookup } from './find.js';

/** One memory by id: live (from its path, else the index), else archived (marked so); NOT_FOUND otherwise. */
export async function getMemory(b: StoreBranch, id: string): Promise<{ success: true; memory: Memory }> {
  const tip = b.tip();
  // Native ids give their path (a direct read); other files are looked up in the derived index, and
  // in the catalog when the index cannot tell (ops/find.ts).
  // The search code is loaded only when the memory is not at the path its id gives.
  const lookup = tip ? await idLookupFor(b, id) : null;
  const hit = findLive(b, id, tip, lookup);
  if (hit) return { success: true, memory: publicMemory(hit.memory) };
  // An archived memory is still on the branch: readable by id, marked as archived.
  const archived = b.archiveCatalog().byId.get(id);
  if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
  throw missingError(b, id, tip, lookup ?? (tip ? await loadIdLookup() : null));
}

/**
 * Why no memory `id` could be read at `tip`: a file for it is there but cannot be parsed (at the path
 * its id gives, or a hand-written file whose path gives that id), or there is none. Not found and
 * unreadable are different answers: the second one says which file to fix.
 */
export function missingError(b: StoreBranch, id: string, tip: string | null, lookup: IdLookup | null = null): MemoryError {
  const tree = b.treeOf(tip);
  if (tree) {
    const path = pathFor(id, '');
    const e = b.git.entryAt(tree, path);
    if (e && /^10[0-7]{4}$/.test(e.mode)) {
      try {
        const m = memoryFromFile(path, b.git.readBlob(e.oid).toString('utf8'));
        if (m.id === id) return new NotFoundError(id);
      } catch (err) {
        return new UnreadableMemoryError(id, path, (err as Error).message);
      }
    }
    // The files that could not be read, from the catalog (every file parsed): not needed when the
    // index at the tip took every file and none holds the id.
    if (!indexHasNoFile(b, id, tip, lookup)) {
      for (const s of b.catalog(tip).skipped) {
        if (s.path.endsWith(`/${id}.md`) || idFromPath(s.path) === id) return new UnreadableMemoryError(id, s.path, s.reason);
      }
    }
  }
  // Not on the branch: a deleted id says it is in the trash and how to restore it.
  return notFoundError(b, id, tip);
}
