// CRC-32 of pack entries (src/git/crc32.ts): a JavaScript table against zlib's native crc32, which src/git/crc32.ts uses where
// it continues a checksum correctly (Node 20.15+, 22.2+). Interleaved rounds over the same buffers;
// the figure is the ratio of medians in this run.
//
//   node bench/crc32.mjs [--entries 20000] [--bytes 400] [--rounds 7]
import * as zlib from 'node:zlib';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const ENTRIES = opt('entries', 20000), BYTES = opt('bytes', 400), ROUNDS = opt('rounds', 7);

// The previous pack-write.ts copy, verbatim in behaviour: a header and a zlib stream per entry.
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();
function tableCrc(bufs) {
  let c = -1;
  for (const b of bufs) for (let i = 0; i < b.length; i++) c = TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
const native = (h, z) => (z.length ? zlib.crc32(z, zlib.crc32(h)) : zlib.crc32(h));

let seed = 1;
const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
const entries = [];
for (let i = 0; i < ENTRIES; i++) {
  const h = Buffer.from([0xb0 | (i & 15), 0x03]);
  const z = Buffer.alloc(BYTES + (i % 200));
  for (let j = 0; j < z.length; j++) z[j] = rnd();
  entries.push([h, z]);
}
for (const [h, z] of entries.slice(0, 100)) if (tableCrc([h, z]) !== native(h, z)) throw new Error('checksums differ');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const t = { table: [], native: [] };
let sink = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, f] of [['table', (h, z) => tableCrc([h, z])], ['native', native]]) {
    const s = performance.now();
    for (const [h, z] of entries) sink ^= f(h, z);
    t[name].push(performance.now() - s);
  }
}
const mb = entries.reduce((n, [h, z]) => n + h.length + z.length, 0) / 1e6;
console.log(`# crc32 of ${ENTRIES} pack entries (${mb.toFixed(1)} MB), ${ROUNDS} interleaved rounds, median ms (node ${process.version})`);
console.log(`table (old pack-write.ts): ${median(t.table).toFixed(1)} ms`);
console.log(`native (src/git/crc32.ts): ${median(t.native).toFixed(1)} ms`);
console.log(`ratio native/table: ${(median(t.native) / median(t.table)).toFixed(3)}  (sink ${sink & 1})`);
