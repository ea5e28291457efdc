import { CorruptIndexError } from '../../errors.js';
import type { StringColumn } from './column.js';

/**
 * One immutable piece of the full-text index: a document table (what the filters and the ranking
 * need, without content) and an inverted index (sorted term dictionary, postings with per-field term
 * frequencies). Everything is typed arrays and byte blobs, persisted as-is, so loading a segment is
 * one file read and a few array views: no JSON of 10,000 documents to parse on every CLI call.
 */

/** Bumped whenever the layout or the analysis changes: a cache of another format is rebuilt. */
// 3: segments built before reads fell back to git may lack a partial clone's unread blobs.
// 4: the header lists the files skipped as second copies of an id (`dupes`), for delete.
// 5, 6: each document's conversation; irregular word forms analysed as their base form.
// 7: the conversation kept as a hash in the `conv` column (src/search/conversation.ts), none in the header.
// 8: the id order (`idOrder`, ids.ts): a memory found by its id with a binary search, not a pass over the ids.
export const SEGMENT_FORMAT = 8;

/** At most this many second copies are listed in a segment; past it, `dupes` is null (unknown). */
export const MAX_DUPES = 1000;
/** Indexed fields, in posting order. */
export const FIELDS = ['content', 'tags', 'category'] as const;

/**
 * Characters of one memory's content the full-text index holds: its first 256 KiB. Four times the
 * default content cap (`maxContentBytes`, 64 KiB), so what a store accepts by default is indexed whole;
 * text past it (a store configured for larger memories, a hand-committed file) is not searchable by
 * its words, and the memory is still found by its opening, tags and meaning (docs/search.md).
 */
export const MAX_INDEXED_CHARS = 256 * 1024;
/** Number of indexed fields. */
export const NF = FIELDS.length;
/** The first four bytes of a segment file. */
export const MAGIC = 0x58534d47; // "GMSX" little-endian

export const PRIORITY_CODE: Record<string, number> = { low: 0, medium: 1, high: 2 };
export const PRIORITY_NAME = ['low', 'medium', 'high'] as const;

export interface Segment {
  kind: 'base' | 'delta';
  /** The branch tree this segment (with its base, for a delta) describes. */
  tree: string;
  /** Random id of this build; a delta names the base it applies to. */
  build: string;
  baseBuild: string | null;
  baseTree: string | null;
  n: number;
  /** Files under memories/ that did not parse. */
  skipped: number;
  /**
   * Files skipped because an earlier file of this segment has the same id (a hand copy, a merge),
   * as [path, blob id]; null when there were more than {@link MAX_DUPES}. A delete removes them too.
   */
  dupes: Array<[string, string]> | null;
  ids: StringColumn;
  /**
   * Document numbers sorted by the bytes of their ids, equal ids by document number (ids.ts): the
   * documents of an id are found by a binary search of it.
   */
  idOrder: Uint32Array;
  paths: StringColumn;
  oids: StringColumn;
  /** Creation time, ms since the epoch. */
  ts: Float64Array;
  prio: Uint8Array;
  /** Index into `cats`. */
  cat: Uint32Array;
  /** Index into `scopes`, or 0xffffffff for none. */
  scope: Uint32Array;
  /**
   * The conversation the memory was stored in, as a 32-bit hash of its key (src/search/conversation.ts),
   * or 0xffffffff for none. A hash, not a list of names in the header: a CI store has a key per job,
   * and the header is parsed on every open.
   */
  conv: Uint32Array;
  tagOff: Uint32Array;
  /** Indexes into `tags`. */
  tagIds: Uint32Array;
  /** Terms per field per document: `len[doc * 3 + field]`. */
  len: Uint32Array;
  terms: StringColumn;
  postOff: Uint32Array;
  postDoc: Uint32Array;
  /** Term frequency per field, capped at 255 (BM25 saturates long before): `postTf[posting * 3 + field]`. */
  postTf: Uint8Array;
  /** Delta only: base document numbers that are gone or changed at `tree`. */
  removed: Uint32Array;
  cats: string[];
  scopes: string[];
  tags: string[];
  /** Sum of `len` per field over all documents (for BM25's average lengths without a pass). */
  lenSum: number[];
}

/** `scope` of a document without one. */
export const NO_SCOPE = 0xffffffff;

export interface DocInput {
  id: string;
  path: string;
  oid: string;
  timestamp: number;
  priority: string;
  category: string;
  scope?: string;
  /** The conversation key's hash (src/search/conversation.ts), when the memory has one. */
  conv?: number;
  tags: string[];
  content: string;
}

/** Throws CORRUPT_INDEX: a segment file (or its header) that does not describe a segment of this format. */
export function bad(why: string): never {
  throw new CorruptIndexError(why);
}
