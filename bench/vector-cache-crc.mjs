// What the vector cache's CRC-32 check costs when a process loads the cache, as a
// ratio to reading the file (both measured in the same run). Cache-sized file: 100,000 vectors of 512
// int8 dimensions plus a 4 MB header. The check uses the full-text cache's helper (zlib.crc32).
//
//   node bench/vector-cache-crc.mjs [--rows 100000]
import { crc32 } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const i = process.argv.indexOf('--rows');
const rows = i > 0 ? Number(process.argv[i + 1]) : 100_000;
const dir = mkdtempSync(join(tmpdir(), 'gm-bench-crc-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'cache.bin');
const buf = Buffer.alloc(rows * 512 + 4_000_000);
for (let k = 0; k < buf.length; k += 7) buf[k] = (k * 31) & 255;
writeFileSync(file, buf);
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const read = [];
const check = [];
for (let r = 0; r < 9; r++) {
  let t = performance.now();
  const b = readFileSync(file);
  read.push(performance.now() - t);
  t = performance.now();
  crc32(b);
  check.push(performance.now() - t);
}
console.log(`${rows} vectors (${(buf.length / 1e6).toFixed(0)} MB): read ${med(read).toFixed(1)} ms, CRC-32 ${med(check).toFixed(1)} ms = ${(med(check) / med(read)).toFixed(2)}x the read`);
