import type { BranchReader, ReadonlyBranch, ReadonlyStoreBranch } from '../model/branch-view.js';
import { blobText, type CatalogEntry } from '../model/catalog.js';
import { memoryFromFile } from '../model/memory.js';
import { assertId } from '../model/id.js';

/**
 * An id looked up in the search index at the branch tip (src/search/listing.ts `idAtTip`): the file
 * holding it, null when no file claims it (the index took every file), undefined when the index cannot
 * tell.
 */
export type IdLookup = (branch: ReadonlyBranch, id: string) => { path: string; oid: string } | null | undefined;

/** The index's id lookup, loaded on first use (the search code is not part of every command's start). */
export async function loadIdLookup(): Promise<IdLookup> {
  return (await import('../search/listing.js')).idAtTip;
}

/**
 * The lookup, or null when memory `id` is at the path its id gives at the tip (the usual case: then
 * {@link findLive} needs no index, and the command does not load the search code for it).
 */
export async function idLookupFor(b: BranchReader, id: string): Promise<IdLookup | null> {
  const tip = b.tip();
  if (tip && hasPathLookup(b)) {
    try {
      if (b.findAtPath(id, tip)) return null;
    } catch {
      /* read again, and reported, where it is needed */
    }
  }
  return loadIdLookup();
}

function hasPathLookup(b: BranchReader): b is ReadonlyStoreBranch {
  return typeof (b as Partial<ReadonlyStoreBranch>).findAtPath === 'function';
}

/**
 * The live memory `id` at `tip`: at the path its id gives, else through the search index when `tip`
 * is the branch tip (the id's documents by the index's id order), else from the catalog. The catalog
 * parses every memory file: at 1,000,000 memories an id that is not there cost a minute and 1.5 GB
 * that way; the index answers it in a few reads.
 */
export function findLive(b: BranchReader, id: string, tip: string | null, lookup: IdLookup | null): CatalogEntry | null {
  assertId(id); // a malformed id is INVALID_ID, on an empty branch too
  if (!tip) return null;
  if (lookup && tip === b.tip()) {
    const fast = hasPathLookup(b) ? b.findAtPath(id, tip) : undefined;
    if (fast !== undefined) return fast;
    let at: { path: string; oid: string } | null | undefined;
    try {
      at = lookup(b, id);
    } catch {
      at = undefined; // an index that cannot be read: the catalog answers
    }
    if (at === null) return null;
    if (at) {
      try {
        const memory = memoryFromFile(at.path, blobText(b.git.readBlob(at.oid), at.path, (w) => b.warn(w)), (w) => b.warn(w));
        if (memory.id === id) return { path: at.path, oid: at.oid, memory };
      } catch {
        /* the catalog says why */
      }
    }
  }
  return b.find(id, tip);
}

/** True when the index at the tip says that no file, readable or not, holds `id` (so nothing need be listed to say why it is missing). */
export function indexHasNoFile(b: BranchReader, id: string, tip: string | null, lookup: IdLookup | null | undefined): boolean {
  if (!lookup || !tip || tip !== b.tip()) return false;
  try {
    return lookup(b, id) === null;
  } catch {
    return false;
  }
}
