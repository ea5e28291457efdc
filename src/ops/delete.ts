import type { StoreBranch } from '../model/branch-view.js';
import type { CatalogEntry } from '../model/catalog.js';
import { ConfirmationRequiredError, InvalidInputError } from '../errors.js';
import { missingError } from './get.js';
import { findLive, loadIdLookup } from './find.js';
import { assertId } from '../model/id.js';
import { memoryFromFile, normalizeTags } from '../model/memory.js';
import { trashFile, trashPathFor } from '../model/trash.js';
import { COMMIT_EXCERPT, excerpt } from '../model/excerpt.js';

/**
 * Files other than `path` that hold memory `id` at `tip`. From the search index when it describes
 * `tip` (a path and a blob id per file, no parsing: a delete at 100,000 memories read the whole
 * catalog, 32x a node start and 517 MB); every candidate is read to confirm its id.
 */
function otherCopies(b: StoreBranch, id: string, path: string, tip: string, filesOfIdInIndex: typeof import('../search/listing.js').filesOfIdInIndex): CatalogEntry[] {
  const files = tip === b.tip() ? filesOfIdInIndex(b, id) : null;
  if (files) {
    const out: CatalogEntry[] = [];
    for (const at of files) {
      if (at.path === path) continue;
      try {
        const memory = memoryFromFile(at.path, b.git.readBlob(at.oid).toString('utf8'), (w) => b.warn(w));
        if (memory.id === id) out.push({ path: at.path, oid: at.oid, memory });
      } catch {
        /* unreadable: not a copy we can move to the trash */
      }
    }
    return out;
  }
  return b.catalog(tip).entries.filter((e) => e.memory.id === id && e.path !== path);
}

/** Moves one memory (every file claiming its id) to the trash in one commit; NOT_FOUND when there is none. */
export async function deleteMemory(b: StoreBranch, id: string): Promise<{ success: true; deleted: string; commit: string; files?: number }> {
  assertId(id);
  const { filesOfIdInIndex } = await import('../search/listing.js');
  const lookup = await loadIdLookup();
  const res = await b.mutate((tip) => {
    const hit = findLive(b, id, tip, lookup);
    // Already deleted: say it is in the trash (the MCP tool treats that as done: it is idempotent).
    if (!hit || !tip) throw missingError(b, id, tip, lookup);
    // Two files claiming one id (a hand copy, a merge): every copy goes, so the memory is really gone.
    const copies = [hit, ...otherCopies(b, id, hit.path, tip, filesOfIdInIndex)];
    const when = b.now();
    return {
      // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
      change: {
        changes: new Map<string, Buffer | null>(copies.flatMap((c) => [[c.path, null], [trashPathFor(c.path), trashFile(c.memory, when)]] as Array<[string, Buffer | null]>)),
        message: `memory: delete ${id} (moved to the trash${copies.length > 1 ? `, ${copies.length} files` : ''})\n\n${excerpt(hit.memory.content, COMMIT_EXCERPT)}\n\nMemory-Id: ${id}\n`,
      },
      result: { files: copies.length },
    };
  });
  const out: { success: true; deleted: string; commit: string; files?: number } = { success: true, deleted: id, commit: res.commit as string };
  if (res.files > 1) out.files = res.files;
  return out;
}

/** Moves every memory carrying `tag` to the trash in one commit. */
export async function deleteTagged(b: StoreBranch, tag: string): Promise<{ success: true; deleted: string[]; commit: string | null }> {
  const [t] = normalizeTags(tag);
  if (!t) throw new InvalidInputError('give a tag to delete by', { field: 'tag' });
  const res = await b.mutate((tip) => {
    const hits = [...b.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
    if (!hits.length) return { change: null, result: { deleted: [] as string[] } };
    const ids = hits.map((h) => h.memory.id);
    return {
      change: {
        changes: new Map<string, Buffer | null>(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, b.now())]])),
        message: `memory: delete ${ids.length} memor${ids.length === 1 ? 'y' : 'ies'} [tag: ${t}] (moved to the trash)\n\n${ids.map((i) => `Memory-Id: ${i}`).join('\n')}\n`,
      },
      result: { deleted: ids },
    };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}

/** Moves every memory to the trash in one commit; CONFIRMATION_REQUIRED without `confirm`. */
export async function clearMemories(b: StoreBranch, opts: { confirm?: boolean } = {}): Promise<{ success: true; deleted: number; commit: string | null }> {
  if (!opts.confirm) throw new ConfirmationRequiredError('clearing every memory');
  const res = await b.mutate((tip) => {
    const cat = b.catalog(tip);
    const n = cat.byId.size;
    if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
    // Every memory file moves to the trash in one commit; .md files that do not parse move as they
    // are. Anything else under memories/ (notes, symlinks, submodules) is not a memory: left alone.
    const changes = new Map<string, Buffer | null>();
    const when = b.now();
    for (const e of cat.entries) changes.set(e.path, null).set(trashPathFor(e.path), trashFile(e.memory, when));
    for (const f of cat.skipped) changes.set(f.path, null).set(trashPathFor(f.path), b.git.readBlob(f.oid));
    return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)\n` }, result: { deleted: n } };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}
