// Search benchmark: full rebuild (time, peak RSS), in-process warm search, CLI search with a cached
// index, and the first search after 100 new memories, at 10,000 and 100,000 memories. Every CLI
// figure is also given as a ratio to an empty `node -e ''` started in the same run.
//
//   node bench/search.mjs                 # 10,000 and 100,000
//   node bench/search.mjs --sizes 10000   # only 10,000
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { appendDocs, buildPrivate, corpus, fmt, gitEnv, median, queries, repoWith, timeRun } from './search-lib.mjs';

const argSizes = process.argv.indexOf('--sizes');
const sizes = argSizes > 0 ? process.argv[argSizes + 1].split(',').map(Number) : [10_000, 100_000];
const { cli, lib } = buildPrivate();
const node = process.execPath;
const lines = [];
const say = (s) => {
  console.log(s);
  lines.push(s);
};

function nodeBaseline(runs = 15) {
  return median(Array.from({ length: runs }, () => timeRun(node, ['-e', '']).ms));
}

/** Runs a full rebuild in a fresh process and reports its time and peak RSS. */
function rebuildInChild(dir) {
  const code = `const { MemoryStore } = await import(${JSON.stringify(lib)});
const s = new MemoryStore({ repo: ${JSON.stringify(dir)}, warn: () => {} });
const t0 = performance.now();
const r = await s.rebuildIndex();
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, indexed: r.indexed, bytes: r.bytes, rssMB: process.resourceUsage().maxRSS / 1024 }));`;
  const r = spawnSync(node, ['--input-type=module', '-e', code], { encoding: 'utf8', env: gitEnv, maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

/** Warm in-process search: median and p95 over the query set, in a fresh process. */
function warmInChild(dir, qs) {
  const code = `const { MemoryStore } = await import(${JSON.stringify(lib)});
const s = new MemoryStore({ repo: ${JSON.stringify(dir)}, warn: () => {} });
const qs = ${JSON.stringify(qs.map((q) => q.text))};
await s.search({ query: qs[0] });
const times = [];
const first = [];
for (let round = 0; round < 3; round++) for (const q of qs) { const t0 = performance.now(); await s.search({ query: q }); const ms = performance.now() - t0; times.push(ms); if (round === 0) first.push(ms); }
times.sort((a, b) => a - b);
first.sort((a, b) => a - b);
const tf = [];
for (const q of qs.slice(0, 50)) { const t0 = performance.now(); await s.search({ query: q, tags: ['api'], after: '2025-01-02' }); tf.push(performance.now() - t0); }
tf.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ firstMedian: first[first.length >> 1], median: times[times.length >> 1], p95: times[Math.floor(times.length * 0.95)], filteredMedian: tf[tf.length >> 1] }));`;
  const r = spawnSync(node, ['--input-type=module', '-e', code], { encoding: 'utf8', env: gitEnv, maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

function cliSearch(dir, q) {
  return timeRun(node, [cli, 'search', ...q.split(' '), '--json', '--repo', dir]);
}

say(`# search benchmark, ${new Date().toISOString()}, node ${process.version}`);
for (const n of sizes) {
  const docs = corpus(n);
  const qs = queries(docs, 200);
  const t0 = performance.now();
  const { dir, ids } = await repoWith(lib, String(n), docs);
  say(`\n## ${n} memories (repo ready in ${fmt(performance.now() - t0)} ms)`);

  const rebuildRuns = n >= 100_000 ? 2 : 3;
  const rebuilds = Array.from({ length: rebuildRuns }, () => rebuildInChild(dir));
  const rb = median(rebuilds.map((r) => r.ms));
  say(`full rebuild: median ${fmt(rb)} ms over ${rebuildRuns} runs, peak RSS ${fmt(Math.max(...rebuilds.map((r) => r.rssMB)))} MB, index ${(rebuilds[0].bytes / 1e6).toFixed(1)} MB, ${rebuilds[0].indexed} indexed`);

  const warm = warmInChild(dir, qs);
  say(`in-process warm search: median ${fmt(warm.median)} ms, p95 ${fmt(warm.p95)} ms (200 queries of 1-3 words, 3 rounds); first round only (results not yet read from git): median ${fmt(warm.firstMedian)} ms; with tag+date filters: median ${fmt(warm.filteredMedian)} ms`);

  // Found: the memory a query was taken from is in the top 10.
  const { MemoryStore } = await import(lib);
  const s = new MemoryStore({ repo: dir, warn: () => {} });
  let found = 0;
  for (const q of qs) if ((await s.search({ query: q.text })).results.some((r) => r.id === ids[q.target])) found++;
  s.close();
  say(`expected memory in the top 10: ${found}/${qs.length}`);

  if (n <= 20_000) {
    const base = nodeBaseline();
    const cached = median(qs.slice(0, 21).map((q) => cliSearch(dir, q.text).ms));
    const baseAfter = nodeBaseline();
    const b = (base + baseAfter) / 2;
    say(`node -e '' baseline: ${fmt(b)} ms; CLI search, cached index: median ${fmt(cached)} ms = ${(cached / b).toFixed(2)}x node`);

    // 100 new memories on top (as a fetch would bring), first search each time; then back to the old tip.
    const tip = execFileSync('git', ['-C', dir, 'rev-parse', 'refs/heads/memory'], { env: gitEnv, encoding: 'utf8' }).trim();
    const firsts = [];
    for (let round = 0; round < 5; round++) {
      cliSearch(dir, qs[0].text); // the cache is at the 10,000-memory tree
      const extra = corpus(100, 1000 + round).map((m, i) => ({ ...m, timestamp: new Date(Date.parse('2026-01-01T00:00:00Z') + round * 1000 + i).toISOString() }));
      await appendDocs(lib, dir, extra);
      firsts.push(cliSearch(dir, qs[round + 1].text).ms);
      execFileSync('git', ['-C', dir, 'update-ref', 'refs/heads/memory', tip], { env: gitEnv });
      const cache = join(dir, '.git', 'git-memory', 'memory');
      for (const f of readdirSync(cache)) if (/^search-v\d+\.delta$/.test(f)) rmSync(join(cache, f), { force: true });
    }
    const first = median(firsts);
    say(`first CLI search after 100 new memories: median ${fmt(first)} ms = ${(first / cached).toFixed(2)}x the cached CLI search (${(first / b).toFixed(2)}x node)`);
  }
}
console.log('\n' + lines.join('\n'));
