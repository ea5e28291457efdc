// Vector and hybrid search costs:
//  1. in-process vector search over 10,000 and 100,000 stored vectors (512 dimensions, int8), against
//     a baseline of reading every byte of the same matrix once;
//  2. peak RSS of one process that loads 100,000 vectors and the default model, embeds a query and
//     searches (target: under 500 MB);
//  3. the CLI: `memory search` in fulltext / vector / hybrid mode on a branch of 10,000 memories with
//     committed vectors, and `memory store`, against an empty `node -e ''` start.
//
//   node bench/hybrid.mjs [--quick]
//
// The 10,000 vectors of part 3 are random unit vectors written as the default model's files (timing
// only: embedding 10,000 texts would take minutes and measures the model, not the search).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildPrivate, corpus, gitEnv, median, fmt, repoWith, rng, timeRun } from './search-lib.mjs';
import { internals } from './lib.mjs';

// search-lib pins full-text for the search benchmarks; these measure the default offline model.
delete process.env.MEMORY_EMBEDDER;
const quick = process.argv.includes('--quick');
const DIMS = 512;

function randomRows(n, seed) {
  const r = rng(seed);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const v = new Float32Array(DIMS);
    let s = 0;
    for (let j = 0; j < DIMS; j++) s += (v[j] = r() * 2 - 1) ** 2;
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < DIMS; j++) v[j] *= inv;
    rows.push(v);
  }
  return rows;
}

/**
 * Peak RSS of this process from /proc (VmHWM): getrusage's maxRSS is inherited across fork and exec on
 * Linux, so a child started by a big parent would report the parent's peak.
 */
function peakRssMB() {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}

if (process.argv[2] === '--rss-full-child') {
  // Part 2b: the real path on a branch of N memories with committed vectors: catalog, vectors,
  // full-text index, model, one hybrid search.
  const { MemoryStore } = await import(process.argv[3]);
  const s = new MemoryStore({ repo: process.argv[4], warn: () => {} });
  const t = performance.now();
  const r = await s.search({ query: 'deploy server cache timeout', mode: 'hybrid' });
  const ms = performance.now() - t;
  if (r.mode !== 'hybrid' || r.vectors.embedded !== 0) throw new Error(JSON.stringify({ mode: r.mode, fallback: r.fallback, vectors: r.vectors }));
  console.log(JSON.stringify({ results: r.results.length, total: r.total, firstSearchMs: ms, maxRssMB: peakRssMB() }));
  process.exit(0);
}

if (process.argv[2] === '--rss-child') {
  // Part 2, in its own process so nothing else counts: 100,000 vectors + model + one query.
  const { VectorIndex, UseLiteEmbedder, encodeVector, decodeVector } = (await import('node:module')).createRequire(import.meta.url)(process.argv[5]);
  const n = Number(process.argv[4]);
  const r = rng(3);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const v = new Float32Array(DIMS);
    for (let j = 0; j < DIMS; j++) v[j] = r() * 2 - 1;
    // Through the file codec, as rows read from the branch are.
    const d = decodeVector(encodeVector('use-lite-en@0.2.0', '0'.repeat(32), v));
    rows.push({ id: `mem_${i.toString(32)}`, hash: d.hash, scale: d.scale, data: d.data });
  }
  const index = new VectorIndex(DIMS, rows);
  rows.length = 0;
  const [q] = await new UseLiteEmbedder().embed(['which database does the billing service use']);
  const t = performance.now();
  const hits = index.search(q, 10);
  const ms = performance.now() - t;
  console.log(JSON.stringify({ n, hits: hits.length, searchMs: ms, maxRssMB: peakRssMB() }));
  process.exit(0);
}

const { out, cli, lib } = buildPrivate();
const { MemoryStore } = await import(lib);
const { VectorIndex, encodeVector, vectorContentHash, vectorPath } = await internals();

/** A cached repository of N synthetic memories whose branch also holds a (random) vector for each. */
async function repoWithVectors(N) {
  const docs = corpus(N, 11);
  const { dir, ids } = await repoWith(lib, `hybrid-${N}`, docs);
  const store = new MemoryStore({ repo: dir, warn: () => {} });
  const slug = 'use-lite-en-0.2.0';
  if (!store.git.entryAt(store.treeOf(store.tip()), `vectors/${slug}`)) {
    const vecs = randomRows(N, 5);
    const changes = new Map();
    ids.forEach((id, i) => changes.set(vectorPath(slug, id, docs[i].timestamp), encodeVector('use-lite-en@0.2.0', vectorContentHash(docs[i].content), vecs[i])));
    await store.git.commit({ ref: store.ref, expect: store.tip(), changes, message: 'bench: vectors', author: { name: 'Bench', email: 'bench@example.com' } });
  }
  store.close();
  return dir;
}

// 1. In-process search.
console.log('## in-process vector search (512 dimensions, int8, brute force, top 10)');
for (const n of quick ? [10_000] : [10_000, 100_000]) {
  const vecs = randomRows(n, 1);
  const rows = vecs.map((v, i) => {
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x));
    const scale = max / 127;
    return { id: `mem_${i}`, hash: '', scale, data: Int8Array.from(v, (x) => Math.round(x / scale)) };
  });
  const index = new VectorIndex(DIMS, rows);
  const queries = randomRows(31, 2);
  const search = [];
  const touch = [];
  for (let rep = 0; rep < 3; rep++) {
    for (const q of queries) {
      let t = performance.now();
      index.search(q, 10);
      search.push(performance.now() - t);
      t = performance.now();
      let s = 0;
      const d = index.data;
      for (let i = 0; i < d.length; i++) s += d[i];
      touch.push(performance.now() - t + (s === 0.5 ? 1 : 0));
    }
  }
  const ms = median(search);
  const base = median(touch);
  console.log(`${n} vectors: median ${fmt(ms)} ms per search (${(ms / base).toFixed(1)}x the baseline of reading the ${(index.data.length / 1e6).toFixed(1)} MB matrix once: ${fmt(base)} ms)`);
}

// 2. RSS.
{
  const n = quick ? 10_000 : 100_000;
  const me = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, [me, '--rss-child', lib, String(n), (await internals()).file], { encoding: 'utf8', env: gitEnv });
  if (r.status !== 0) throw new Error(r.stderr);
  const res = JSON.parse(r.stdout.trim().split('\n').pop());
  const base = spawnSync(process.execPath, ['-e', "console.log(Number(/VmHWM:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status','utf8'))[1]) / 1024)"], { encoding: 'utf8' });
  console.log(`\n## memory\n${n} vectors + default model + one query: peak RSS ${res.maxRssMB.toFixed(0)} MB (an empty node process: ${Number(base.stdout).toFixed(0)} MB); search ${fmt(res.searchMs)} ms`);
}

// 2b. The whole search path on a branch of 100,000 memories with committed vectors.
if (!quick) {
  const dir = await repoWithVectors(100_000);
  const me = fileURLToPath(import.meta.url);
  const run = () => {
    const r = spawnSync(process.execPath, [me, '--rss-full-child', lib, dir], { encoding: 'utf8', env: { ...gitEnv, MEMORY_EMBEDDER: '' } });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const cold = run(); // builds the local caches (catalog, full-text index, vectors)
  const warm = run();
  console.log(`100000 memories, hybrid search in a new process: peak RSS ${warm.maxRssMB.toFixed(0)} MB with warm caches (${cold.maxRssMB.toFixed(0)} MB on the first run, which builds them); search ${fmt(warm.firstSearchMs)} ms including the model load`);
}

// 3. CLI on 10,000 memories with committed vectors.
{
  const N = quick ? 2_000 : 10_000;
  const dir = await repoWithVectors(N);
  const env = { ...gitEnv, MEMORY_EMBEDDER: '' };
  const runs = quick ? 3 : 7;
  const time = (args) => {
    timeRun(process.execPath, [cli, ...args], { cwd: dir, env }); // warm the caches
    const xs = [];
    for (let i = 0; i < runs; i++) xs.push(timeRun(process.execPath, [cli, ...args], { cwd: dir, env }).ms);
    return median(xs);
  };
  const node = median(Array.from({ length: runs }, () => timeRun(process.execPath, ['-e', ''], { env }).ms));
  const q = 'deploy server cache timeout';
  const rows = [
    ['node -e ""', node],
    ['memory search --mode fulltext', time(['search', q, '--mode', 'fulltext', '--json'])],
    ['memory search --mode vector', time(['search', q, '--mode', 'vector', '--json'])],
    ['memory search (hybrid)', time(['search', q, '--json'])],
  ];
  const check = JSON.parse(timeRun(process.execPath, [cli, 'search', q, '--json'], { cwd: dir, env }).stdout);
  if (check.mode !== 'hybrid' || check.vectors.embedded !== 0) throw new Error(`expected hybrid with every vector reused: ${JSON.stringify({ mode: check.mode, fallback: check.fallback, vectors: check.vectors })}`);
  console.log(`\n## CLI on ${N} memories with committed vectors (median of ${runs}, warm caches)`);
  console.log('| command | ms | x node start |\n|---|---|---|');
  for (const [name, ms] of rows) console.log(`| ${name} | ${fmt(ms)} | ${(ms / node).toFixed(2)} |`);
  // What embedding at store time would add: loading the model and embedding one text in a new process.
  const probe = `const t=performance.now();const m=await import(${JSON.stringify(lib)});await new m.UseLiteEmbedder().embed(['one new memory']);console.log(performance.now()-t)`;
  const load = median(Array.from({ length: 3 }, () => Number(spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8', env }).stdout)));
  console.log(`\nmodel load + one embedding in a new process: ${fmt(load)} ms (${(load / node).toFixed(1)}x node start), which is why \`memory store\` does not embed (adds 0 ms) and the first search after new stores embeds them instead.`);
}
void out;
