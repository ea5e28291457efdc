// The brute-force vector scan of hybrid search at 100,000 - 1,000,000 memories, with synthetic
// vectors of the default model's dimension (512, int8 rows as stored) through the existing VectorIndex
// code (src/vector/index.ts, bundled on the fly with esbuild; no model needed). Reports the time to
// build the index from rows, the median time of one query (score every row + top 10), heap/RSS, and the
// same query as a ratio to an empty `node -e ''` start measured in the same run.
//
//   node bench/scale-vectors.mjs [--sizes 100000,300000,1000000] [--dims 512] [--queries 9]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = opt('sizes', '100000,300000,1000000').split(',').map(Number);
const DIMS = Number(opt('dims', '512'));
const QUERIES = Number(opt('queries', '9'));

const dir = mkdtempSync(join(tmpdir(), 'gm-bench-vec-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const out = join(dir, 'vector.mjs');
execFileSync(join(root, 'node_modules', '.bin', 'esbuild'), [join(root, 'src', 'vector', 'index.ts'), '--bundle', '--format=esm', '--platform=node', `--outfile=${out}`], { stdio: 'inherit' });
const { VectorIndex } = await import(pathToFileURL(out).href);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const nodeStart = median(
  Array.from({ length: 7 }, () => {
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '']);
    return performance.now() - t;
  }),
);
console.log(`node -e '' ${nodeStart.toFixed(0)} ms; ${DIMS} dimensions, int8 rows`);

let seed = 1;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const results = [];
for (const n of SIZES) {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  // Rows as the branch loader hands them over: one Int8Array per memory.
  const rows = new Array(n);
  const block = new Int8Array(Math.min(n, 10_000) * DIMS);
  for (let i = 0; i < block.length; i++) block[i] = Math.floor(rnd() * 255) - 127;
  for (let i = 0; i < n; i++) {
    const at = (i % 10_000) * DIMS;
    rows[i] = { id: `mem_${i.toString(36).padStart(16, '0')}`, hash: 'h', scale: 1 / 127 / Math.sqrt(DIMS / 3), data: block.subarray(at, at + DIMS) };
  }
  const t0 = performance.now();
  const index = new VectorIndex(DIMS, rows);
  const buildMs = performance.now() - t0;
  const q = new Float32Array(DIMS);
  let norm = 0;
  for (let j = 0; j < DIMS; j++) norm += (q[j] = rnd() - 0.5) ** 2;
  for (let j = 0; j < DIMS; j++) q[j] /= Math.sqrt(norm);
  const times = [];
  for (let k = 0; k < QUERIES; k++) {
    const t = performance.now();
    index.search(q, 10);
    times.push(performance.now() - t);
  }
  const rss = process.memoryUsage().rss;
  const r = { n, dims: DIMS, buildMs, queryMs: median(times), queryRatio: median(times) / nodeStart, matrixMB: (n * DIMS) / 1e6, rssMB: rss / 1e6, rssGrowthMB: (rss - rss0) / 1e6 };
  results.push(r);
  console.log(`${String(n).padStart(9)} vectors: build ${buildMs.toFixed(0)} ms, query (scan + top 10) median ${r.queryMs.toFixed(1)} ms = ${r.queryRatio.toFixed(2)}x node start, matrix ${r.matrixMB.toFixed(0)} MB, RSS ${r.rssMB.toFixed(0)} MB (+${r.rssGrowthMB.toFixed(0)})`);
  rows.length = 0;
}
console.log(JSON.stringify(results));
