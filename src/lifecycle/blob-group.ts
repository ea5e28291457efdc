import { contentDigest } from '../model/content-hash.js';
import { hashObject } from '../git/objects.js';
import { blobEntry } from '../git/pack-entry.js';

/**
 * What the import's blob worker does with one group of blobs, as a plain function: the worker thread
 * (blob-worker.ts) runs it on each message, and a test can run it on this thread. Everything it
 * computes comes from the modules the main thread uses (pack-entry.ts, objects.ts' hashObject,
 * content-hash.ts), so the worker cannot drift from the in-thread path.
 */

/** A group of blobs, concatenated (one transfer instead of one message each). */
export interface PackRequest {
  group: number;
  /** The blobs' bytes, one after another; moved to the worker, not copied. */
  buf: ArrayBuffer;
  /** Each blob's length in `buf`. */
  lens: Uint32Array;
  /** Where each blob's memory content starts (its digest is asked for), or -1 for no digest. */
  froms: Int32Array;
  /** Each blob's scope for the digest ('' for none). */
  scopes: string[];
}

/** The worker's answer for a group, in the same order. */
export interface PackAnswer {
  group: number;
  /** The pack entries (header + zlib stream), one after another. */
  buf: ArrayBuffer;
  /** Each entry's length in `buf`. */
  lens: Uint32Array;
  /** Each entry's CRC-32. */
  crcs: Uint32Array;
  /** Each blob's object id: 20 bytes a blob. */
  ids: Uint8Array;
  /** Each content digest asked for: 12 bytes a blob (zeros where none was asked for). */
  digests: Uint8Array;
}

/** An ArrayBuffer holding exactly `b`'s bytes: `b`'s own when it fills it (then it can be transferred), else a copy. */
export function ownBuffer(b: Buffer): ArrayBuffer {
  const ab = b.buffer as ArrayBuffer;
  return b.byteOffset === 0 && b.byteLength === ab.byteLength ? ab : ab.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

export function packGroup(req: PackRequest): PackAnswer {
  const { lens, froms, scopes } = req;
  const input = Buffer.from(req.buf);
  const n = lens.length;
  const parts: Buffer[] = [];
  const packedLens = new Uint32Array(n);
  const crcs = new Uint32Array(n);
  const ids = Buffer.alloc(n * 20);
  const digests = Buffer.alloc(n * 12);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const data = input.subarray(at, at + lens[i]);
    at += lens[i];
    ids.write(hashObject('blob', data), i * 20, 'hex');
    if (froms[i] >= 0) contentDigest(data.toString('utf8', froms[i]), scopes[i]).copy(digests, i * 12);
    const e = blobEntry(data);
    crcs[i] = e.crc;
    packedLens[i] = e.header.length + e.deflated.length;
    parts.push(e.header, e.deflated);
  }
  return { group: req.group, buf: ownBuffer(Buffer.concat(parts)), lens: packedLens, crcs, ids, digests };
}
