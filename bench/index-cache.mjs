// A CI search job with the index carried between jobs (`--index-cache DIR`).
//
//   node bench/index-cache.mjs [--sizes 10000,100000] [--runs 3]
//
// For each size: a branch of N memories (`memory import` of generated JSONL) pushed to a bare remote;
// a first job (fresh shallow clone, search with --index-cache) fills the cache; then one more memory
// is pushed, so the cached index is one commit behind. Then, interleaved run by run (same load):
//   floor : `git clone --no-checkout --depth 1` of the branch + `node -e ''` (a node start plus the fetch;
//           no checkout: a search job reads the branch from the object database, as the Action does)
//   hit   : the same clone + `memory search --index-cache COPY`  (COPY: the one-commit-behind cache)
//   miss  : the same clone + `memory search`                     (today: a full build per job)
//   keyed : the hit with MEMORY_INDEX_CACHE_KEY set (the cache filled by a job holding the key: every file
//           signed, each restored file's HMAC-SHA256 checked)
//   base  : with `--baseline REV`, the hit run by the build of commit REV of this repository (`git archive`
//           into a temp folder, built there), on the same unkeyed cache: the cost of a change, same run
// Prints wall times (medians) as ratios to the floor, the bytes read from the cache, the bytes of the
// clone's object store (what the fetch brought), and how the hit got its index (must not be `full`).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, median, privateBuild } from './lib.mjs';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = opt('sizes', '10000,100000').split(',').map(Number);
const RUNS = Number(opt('runs', '3'));
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
delete env.MEMORY_INDEX_CACHE;
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-icache-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const { cli } = privateBuild();
const KEYED = { ...env, MEMORY_INDEX_CACHE_KEY: 'bench key held by the trusted jobs' };

/** The CLI of commit `rev` of this repository, built in a temp folder (node_modules linked, not installed). */
function buildOf(rev) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const d = join(tmp, `baseline-${rev}`);
  mkdirSync(d, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive "${rev}" | tar -x -C "${d}"`], { env });
  symlinkSync(join(root, 'node_modules'), join(d, 'node_modules'));
  execFileSync(process.execPath, [join(d, 'scripts', 'build.mjs'), join(d, 'dist')], { stdio: 'inherit', cwd: d });
  return join(d, 'bin', 'memory.js');
}
const BASELINE = opt('baseline', '');
const baselineCli = BASELINE ? buildOf(BASELINE) : null;

const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
function timed(cmd, args, cwd, withEnv = env) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, env: withEnv, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}
function du(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? du(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

function corpus(file, n) {
  let s = 7;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const words = 'deploy staging cluster restart api rate limit database migration cache index search token build test release rollback queue worker retry timeout config secret rotate log metric alert schema backup restore shard replica latency'.split(' ');
  const lines = [];
  for (let i = 0; i < n; i++) {
    const w = Array.from({ length: 12 + Math.floor(rnd() * 30) }, () => words[Math.floor(rnd() * rnd() * words.length)]).join(' ');
    lines.push(JSON.stringify({ content: `${w} (note ${i})`, tags: [words[i % words.length]], category: ['ops', 'dev', 'qa'][i % 3], timestamp: new Date(Date.UTC(2024, 0, 1) + i * 600_000).toISOString() }));
  }
  writeFileSync(file, lines.join('\n') + '\n');
}

let clones = 0;
const clone = (remote) => {
  const d = join(tmp, `clone-${clones++}`);
  const { ms } = timed('git', ['clone', '-q', '--no-checkout', '--depth', '1', '--branch', 'memory', `file://${remote}`, d], tmp);
  return { d, ms };
};
const QUERY = ['search', 'rollback', 'latency', '--json'];

const out = [];
for (const n of SIZES) {
  const remote = join(tmp, `remote-${n}.git`);
  const writer = join(tmp, `writer-${n}`);
  git(tmp, 'init', '-q', '--bare', remote);
  git(tmp, 'init', '-q', '-b', 'main', writer);
  git(writer, 'remote', 'add', 'origin', remote);
  const file = join(tmp, `corpus-${n}.jsonl`);
  corpus(file, n);
  timed(process.execPath, [cli, 'import', file, '--json'], writer);
  git(writer, 'push', '-q', 'origin', 'memory');
  // The previous job: fills the cache at tree T.
  const cache = join(tmp, `cache-${n}`);
  const prev = clone(remote);
  const first = JSON.parse(timed(process.execPath, [cli, ...QUERY, '--index-cache', cache], prev.d).stdout).indexCache;
  rmSync(prev.d, { recursive: true, force: true });
  // The same previous job holding the key: a signed cache.
  const cacheKeyed = join(tmp, `cache-keyed-${n}`);
  const prevKeyed = clone(remote);
  timed(process.execPath, [cli, ...QUERY, '--index-cache', cacheKeyed], prevKeyed.d, KEYED);
  rmSync(prevKeyed.d, { recursive: true, force: true });
  // The branch moves one commit: this job's tree is T + 1 memory.
  timed(process.execPath, [cli, 'store', 'Rollback latency alert moved to the on-call queue', '--json'], writer);
  git(writer, 'push', '-q', 'origin', 'memory');

  const floor = [], hit = [], miss = [], fetched = [], keyed = [], base = [];
  let report = null;
  let keyedReport = null;
  /** One hit: a copy of `from`, a fresh clone, the search with `--index-cache COPY`; its time and report. */
  const hitWith = (from, runCli, withEnv, tag) => {
    const copy = join(tmp, `cache-copy-${n}-${tag}`);
    cpSync(from, copy, { recursive: true });
    const c = clone(remote);
    const t = timed(process.execPath, [runCli, ...QUERY, '--index-cache', copy], c.d, withEnv);
    const rep = JSON.parse(t.stdout).indexCache;
    if (rep.index === 'full') throw new Error(`the restored index was rebuilt in full (${tag})`);
    rmSync(c.d, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
    return { ms: c.ms + t.ms, rep };
  };
  for (let r = 0; r < RUNS; r++) {
    {
      const c = clone(remote);
      const t = timed(process.execPath, ['-e', ''], tmp);
      floor.push(c.ms + t.ms);
      fetched.push(du(join(c.d, '.git', 'objects')));
      rmSync(c.d, { recursive: true, force: true });
    }
    {
      const h = hitWith(cache, cli, env, `${r}-hit`);
      report = h.rep;
      hit.push(h.ms);
    }
    {
      const h = hitWith(cacheKeyed, cli, KEYED, `${r}-keyed`);
      keyedReport = h.rep;
      keyed.push(h.ms);
    }
    if (baselineCli) base.push(hitWith(cache, baselineCli, env, `${r}-base`).ms);
    {
      const c = clone(remote);
      const t = timed(process.execPath, [cli, ...QUERY], c.d);
      miss.push(c.ms + t.ms);
      rmSync(c.d, { recursive: true, force: true });
    }
  }
  const f = median(floor), h = median(hit), m = median(miss), k = median(keyed), b = base.length ? median(base) : null;
  const row = { memories: n, floorMs: Math.round(f), hitMs: Math.round(h), keyedMs: Math.round(k), baselineMs: b === null ? null : Math.round(b), missMs: Math.round(m), hitRatio: +(h / f).toFixed(2), keyedRatio: +(k / f).toFixed(2), baselineRatio: b === null ? null : +(b / f).toFixed(2), keyedToHit: +(k / h).toFixed(2), hitToBaseline: b === null ? null : +(h / b).toFixed(2), keyedToBaseline: b === null ? null : +(k / b).toFixed(2), missRatio: +(m / f).toFixed(2), cacheBytesRead: report.bytesRead, cacheBytesWritten: report.bytesWritten, firstSaveBytes: first.bytesWritten, index: report.index, keyedIndex: keyedReport.index, fetchedBytes: median(fetched) };
  out.push(row);
  console.log(`${n} memories: floor (clone --depth 1 + node start) ${row.floorMs} ms; hit ${row.hitMs} ms = ${row.hitRatio}x floor (${row.index}, ${(row.cacheBytesRead / 1e6).toFixed(1)} MB read from the cache, ${(row.cacheBytesWritten / 1e3).toFixed(1)} KB written back); keyed hit ${row.keyedMs} ms = ${row.keyedRatio}x floor = ${row.keyedToHit}x the unkeyed hit (${row.keyedIndex})${b === null ? '' : `; baseline build's hit ${row.baselineMs} ms = ${row.baselineRatio}x floor (hit/baseline ${row.hitToBaseline}x, keyed/baseline ${row.keyedToBaseline}x)`}; miss ${row.missMs} ms = ${row.missRatio}x floor; clone objects ${(row.fetchedBytes / 1e6).toFixed(1)} MB`);
  rmSync(writer, { recursive: true, force: true });
}
console.log(JSON.stringify({ runs: RUNS, node: process.version, results: out }));
