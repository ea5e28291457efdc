import * as zlib from 'node:zlib';

/**
 * CRC-32 (the zlib/PNG polynomial), the one copy used for pack index entries (src/git/pack-write.ts)
 * and segment checksums (src/search/segment.ts). `crc32(b, value)` continues the checksum `value`
 * over `b`, so a file written section by section is checked without a second copy in memory.
 * zlib's native crc32 (Node 20.15+, 22.2+) when it exists and continues correctly (checked, not
 * assumed); otherwise a table in JavaScript giving the same numbers. The import's blob worker uses it
 * too, through src/git/pack-entry.ts.
 */
export type Crc32 = (bytes: Uint8Array, value?: number) => number;

const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** The JavaScript table version (exported for the test that holds it equal to zlib's). */
export function crc32Table(bytes: Uint8Array, value = 0): number {
  let c = ~value;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const native = (zlib as unknown as { crc32?: Crc32 }).crc32;
const nativeWorks = typeof native === 'function' && native(Buffer.from('b'), native(Buffer.from('a'))) === native(Buffer.from('ab'));

/** CRC-32 of `bytes`, continuing `value` (default: a fresh checksum). An empty `bytes` returns `value`. */
export const crc32: Crc32 = nativeWorks
  ? (bytes, value = 0) => (bytes.length ? native!(bytes, value) : value)
  : crc32Table;
