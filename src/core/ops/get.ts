import type { StoreBranch } from '../branch-view.js';
import type { CatalogEntry } from '../catalog.js';
import { NotFoundError } from '../errors.js';
import { memoryFromFile, publicMemory, type Memory } from '../memory.js';

/** A live memory at the tip whose path does not follow from its id (a hand-written file), via the index. */
async function findInIndex(b: StoreBranch, id: string): Promise<CatalogEntry | null> {
  const { locateInIndex } = await import('../../search/listing.js');
  const at = locateInIndex(b, id);
  if (!at) return null;
  try {
    const memory = memoryFromFile(at.path, b.git.readBlob(at.oid).toString('utf8'), (w) => b.warn(w));
    return memory.id === id ? { path: at.path, oid: at.oid, memory } : null;
  } catch {
    return null;
  }
}

/** One memory by id: live (from its path, else the index), else archived (marked so); NOT_FOUND otherwise. */
export async function getMemory(b: StoreBranch, id: string): Promise<{ success: true; memory: Memory }> {
  const tip = b.tip();
  // Native ids give their path (a direct read); other files are looked up in the derived index.
  const hit = b.findAtPath(id, tip) ?? (tip ? await findInIndex(b, id) : null);
  if (hit) return { success: true, memory: publicMemory(hit.memory) };
  // An archived memory is still on the branch: readable by id, marked as archived.
  const archived = b.archiveCatalog().byId.get(id);
  if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
  const { notFoundError } = await import('../trash.js');
  throw notFoundError(b, id, tip);
}
