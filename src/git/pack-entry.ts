import { deflateSync } from 'node:zlib';
import { crc32 } from './crc32.js';

/**
 * One blob as a pack stores it: the type-and-size header, the zlib stream, and the CRC-32 of both
 * (for the pack index). The one copy, used by the pack writer (src/git/pack-write.ts) for blobs it
 * compresses itself and by the import's blob worker (src/lifecycle/blob-worker.ts) on its threads,
 * so the two write the same bytes by construction. A small module: the worker's bundle holds it.
 */
export interface BlobEntry {
  header: Buffer;
  deflated: Buffer;
  crc: number;
}

/** A pack entry's header: object type and inflated size, 4 bits then 7 bits a byte. */
export function packHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let b = (type << 4) | (size & 15);
  size = Math.floor(size / 16);
  while (size > 0) {
    bytes.push(b | 0x80);
    b = size & 0x7f;
    size = Math.floor(size / 128);
  }
  bytes.push(b);
  return Buffer.from(bytes);
}

const BLOB = 3;

export function blobEntry(data: Buffer): BlobEntry {
  const header = packHeader(BLOB, data.length);
  // deflateSync's output buffer is 16 KiB by default whatever the input: for 10,000 small blobs that
  // held ~100 MB of RSS until GC. A chunk sized to the input keeps it proportional.
  const deflated = deflateSync(data, { level: 1, chunkSize: Math.max(1024, Math.min(65536, data.length + 128)) });
  return { header, deflated, crc: crc32(deflated, crc32(header)) };
}
