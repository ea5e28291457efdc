// Index load and search, in-process, two builds interleaved: the package at --ref (before) and the
// working tree (after), each run in a fresh process against the same repository and the same verified
// index files, timing inside the process (no node start-up in the figures): open the store and list
// the 5 newest (the base segment opened lazily, its newest-order file; the first call also loads the
// listing code), a first two-word search (the
// dictionary and postings read from the file), `tagged` on a rare tag, then 20 more searches.
// Each phase's figure is the median over rounds of after/before, the pair of a round run back to back.
//
//   MEMORY_EMBEDDER=none node bench/segment-load.mjs --repo DIR --ref REV [--rounds 9]
//
// DIR: a repository with a `memory` branch, e.g. the one `node bench/scale.mjs --size 20000 --keep K`
// leaves in K/repo-20000. Prints medians per build and the ratio after/before per phase.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchEnv, median, privateBuild, root } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const REPO = opt('repo', null);
const REF = opt('ref', null);
const ROUNDS = Number(opt('rounds', '9'));
if (!REPO || !REF) {
  console.error('usage: node bench/segment-load.mjs --repo DIR --ref REV [--rounds N]');
  process.exit(2);
}

/** The library built from a git revision, with this checkout's node_modules. */
function buildRef(ref) {
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'gm-bench-ref-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git -C "${root}" archive "${ref}" | tar -x -C "${dir}"`]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const out = join(dir, 'pkg');
  execFileSync(process.execPath, [join(dir, 'scripts', 'build.mjs'), join(out, 'dist')], { stdio: 'inherit', cwd: dir });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ name: 'git-memory', private: true, type: 'module' }) + '\n');
  cpSync(join(dir, 'bin'), join(out, 'bin'), { recursive: true });
  return pathToFileURL(join(out, 'dist', 'index.js')).href;
}

const CHILD = (lib) => `
const { MemoryStore } = await import(${JSON.stringify(lib)});
const repo = ${JSON.stringify(REPO)};
const t = () => performance.now();
const out = {};
let t0 = t();
const s = new MemoryStore({ repo, warn: () => {} });
out.open = t() - t0;
t0 = t();
const r = await s.recent(5);
out.recent = t() - t0;
if (r.memories.length !== 5) throw new Error('recent');
t0 = t();
const first = await s.search({ query: 'deploy cache', mode: 'fulltext', limit: 10 });
out.firstSearch = t() - t0;
t0 = t();
await s.tagged('ci');
out.tagged = t() - t0;
const words = ['retry', 'timeout', 'rollback', 'index', 'worker', 'schema', 'proxy', 'latency', 'migration', 'backend'];
t0 = t();
for (let i = 0; i < 20; i++) await s.search({ query: words[i % 10] + ' ' + words[(i * 3 + 1) % 10], mode: 'fulltext', limit: 10 });
out.search20 = t() - t0;
s.close();
out.total = out.open + out.recent + out.firstSearch + out.tagged + out.search20;
out.hits = first.total;
process.stdout.write(JSON.stringify(out));
`;

const builds = { before: buildRef(REF), after: privateBuild().lib };
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
const runs = { before: [], after: [] };
const once = (name) => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD(builds[name])], { env, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
  return JSON.parse(r.stdout);
};
// One warm-up each (the verified markers and page cache), then rounds alternating which goes first.
once('before');
once('after');
for (let i = 0; i < ROUNDS; i++) {
  const order = i % 2 ? ['after', 'before'] : ['before', 'after'];
  for (const name of order) runs[name].push(once(name));
}
const phases = ['open', 'recent', 'firstSearch', 'tagged', 'search20', 'total'];
console.log(`${ROUNDS} rounds, ${REF} (before) vs working tree (after), medians in ms`);
console.log(`${'phase'.padEnd(12)} ${'before'.padStart(9)} ${'after'.padStart(9)} ${'after/before'.padStart(13)}`);
for (const p of phases) {
  const b = median(runs.before.map((x) => x[p]));
  const a = median(runs.after.map((x) => x[p]));
  // Ratio of the per-round ratios (each round's pair ran back to back), and its median.
  const paired = median(runs.before.map((x, i) => runs.after[i][p] / x[p]));
  console.log(`${p.padEnd(12)} ${b.toFixed(1).padStart(9)} ${a.toFixed(1).padStart(9)} ${paired.toFixed(3).padStart(13)}`);
}
if (runs.before[0].hits !== runs.after[0].hits) console.log(`different hit counts: ${runs.before[0].hits} vs ${runs.after[0].hits}`);
