import { RAW_NAME, unreadableFile } from '../model/catalog.js';
import { hasRawBytes } from '../git/tree.js';
import { oversizedFile } from '../model/bounds.js';
import { memoryFromFile } from '../model/memory.js';
import { conversationHash, conversationOf } from './conversation.js';
import type { DocInput } from './segment/format.js';
import type { SegmentBuilder } from './segment/build.js';

/**
 * One memory file as the index sees it, and adding a file's bytes to a segment: shared by every
 * build on the main thread (src/search/index-build.ts) and a full build's worker thread
 * (src/search/parallel-build.ts), so both analyse a file the same way and warn the same words.
 */

/** The index's document of a memory file's text (warnings about the file go to `warn`). */
export function docOf(path: string, oid: string, text: string, warn: (message: string) => void): DocInput {
  const m = memoryFromFile(path, text, warn);
  const ts = Date.parse(m.timestamp);
  return { id: m.id, path, oid, timestamp: Number.isFinite(ts) ? ts : 0, priority: m.priority, category: m.category, scope: m.scope, conv: convOf(m.metadata), tags: m.tags, content: m.content };
}

/** The index's conversation hash of a memory's metadata, or undefined. */
function convOf(metadata: Record<string, unknown>): number | undefined {
  const key = conversationOf(metadata);
  return key === undefined ? undefined : conversationHash(key);
}

/**
 * A file whose name is not UTF-8: counted as skipped and told to `warn`, true; false for any other.
 * Such a file is no memory anyone can name (docs/DESIGN.md, "On-branch format").
 */
export function skipRawName(b: SegmentBuilder, path: string, warn: (message: string) => void): boolean {
  if (!hasRawBytes(path)) return false;
  b.skipped++;
  warn(unreadableFile(path, RAW_NAME)); // the words the catalog uses: said once per tip (MemoryStore.warn)
  return true;
}

/**
 * Adds the memory file `path` (blob `oid`, whose bytes are `bytes`, or `doc` already parsed) to `b`;
 * a file that does not parse, or is over the size cap, is counted as skipped and told to `warn`.
 */
export function addBytes(b: SegmentBuilder, path: string, oid: string, bytes: Buffer | undefined, warn: (message: string) => void, parse: (text: string | undefined) => DocInput = (text) => docOf(path, oid, text!, warn)): void {
  try {
    // Over the cap: skipped before the bytes become a string (see MAX_BRANCH_FILE_BYTES).
    const tooLarge = bytes && oversizedFile(bytes.length);
    if (tooLarge) throw new Error(tooLarge);
    b.add(parse(bytes?.toString('utf8')));
  } catch (err) {
    b.skipped++;
    warn(unreadableFile(path, (err as Error).message));
  }
}
