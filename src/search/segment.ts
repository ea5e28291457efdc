/**
 * The full-text index's segments (src/search/segment/): one immutable piece of the index, a document
 * table and an inverted index in typed arrays, persisted as they are.
 *
 * - format.ts: the {@link Segment} shape, the format number and the constants every part shares;
 * - column.ts: string columns (ids, paths, blob ids, terms), read row by row or whole;
 * - build.ts: {@link SegmentBuilder}, memories in, a sorted dictionary and postings out;
 * - merge.ts: a base and its delta merged without analysing text again (and a delta with a later write's documents), and a build's parts joined;
 * - codec.ts: the file bytes, one header writer and one header reader for the encoders and decoders;
 * - ids.ts: the id order, documents sorted by id, and finding an id's documents with it;
 * - file.ts: {@link SegmentFile}, a verified file opened lazily, closed by its holders.
 */
export { FIELDS, MAX_DUPES, MAX_INDEXED_CHARS, NO_SCOPE, PRIORITY_CODE, PRIORITY_NAME, SEGMENT_FORMAT, type DocInput, type Segment } from './segment/format.js';
export { StringColumn, type LazyOffsets } from './segment/column.js';
export { SegmentBuilder } from './segment/build.js';
export { concatSegments, joinParts, mergeSegments, type SegmentPart } from './segment/merge.js';
export { decodeSegment, encodeSegment, writeSegment } from './segment/codec.js';
export { SegmentClosedError, SegmentFile, eachPostingChunk, gatherTags, gatherValues, postingCount, docsWithId, openSegmentLazily, postingsOf, releaseSegment, retainSegment } from './segment/file.js';
