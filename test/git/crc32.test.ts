import { describe, expect, it } from 'vitest';
import * as zlib from 'node:zlib';
import { crc32, crc32Table } from '../../src/git/crc32.js';
import { rngInt } from '../helpers.js';

// The one CRC-32 (pack index entries, segment checksums): known values, continuation, and the JS
// table equal to zlib's native one where both exist.
describe('crc32', () => {
  const bytes = Buffer.from('The quick brown fox jumps over the lazy dog');
  it('gives the standard check values', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32Table(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(bytes)).toBe(0x414fa339);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
  it('continues a checksum over pieces, and an empty piece keeps the running value', () => {
    for (const f of [crc32, crc32Table]) {
      const whole = f(bytes);
      expect(f(bytes.subarray(10), f(bytes.subarray(0, 10)))).toBe(whole);
      expect(f(Buffer.alloc(0), whole)).toBe(whole);
    }
  });
  it('the table matches zlib on random bytes', () => {
    const z = (zlib as unknown as { crc32?: (b: Uint8Array, v?: number) => number }).crc32;
    const byte = rngInt(7);
    for (let n = 0; n < 50; n++) {
      const b = Buffer.alloc(n * 37);
      for (let i = 0; i < b.length; i++) b[i] = byte(256);
      if (z) expect(crc32Table(b)).toBe(z(b));
      expect(crc32(b)).toBe(crc32Table(b));
    }
  });
});
