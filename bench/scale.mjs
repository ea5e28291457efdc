// Scale: every everyday command on a branch of N memories (default 100,000), as CLI processes,
// time and peak RSS as ratios to an empty `node -e ''` start timed in the same run, interleaved.
//
//   MEMORY_EMBEDDER=none node bench/scale.mjs [--size 100000] [--runs 5] [--ref main] [--cases a,b,...]
//                                            [--out results.json] [--keep DIR] [--before REV] [--before-keep DIR2]
//
// The branch is made the way a user makes one: `memory import` of a generated JSONL file (timed: one
// import, peak RSS), then a first `memory search` builds the index (timed). Then, warm, each case runs
// `--runs` times alternating with `node -e ''`; "after a writer" cases run right after another process
// stored one memory (the index must follow the branch). Also records the branch itself: bytes of a
// shallow fetch, the bytes of trees rewritten by one store, and `git log` latency.
// `--ref REV` benchmarks the package built from that git revision instead of the working tree (the
// "before" figures). `--before REV` runs each case on both the working tree and REV, interleaved run
// by run with the node start (a before/after table from one run on a loaded machine); with
// `--before-keep DIR2`, REV runs on DIR2's repository (a copy of DIR's), not DIR's: when REV reads
// another index format, two builds on one repository would each rebuild the other's index. Peak RSS comes from a preload that prints `process.resourceUsage().maxRSS` at exit, with the
// process's own CPU time (user + system, not its git children), a figure a loaded machine disturbs less than wall time.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { privateBuild, rng, root } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const N = Number(opt('size', '100000'));
const RUNS = Number(opt('runs', '5'));
const REF = opt('ref', null);
const OUT = opt('out', null);
const KEEP = opt('keep', null);
const BEFORE = opt('before', null);
const BEFORE_KEEP = opt('before-keep', null);
const ALL = ['get', 'history', 'recent', 'list', 'tagged', 'search', 'search-filters', 'search-filter-only', 'search-common', 'search-stopword', 'search-named', 'get-missing', 'delete-missing', 'stats', 'store', 'update', 'delete', 'core-view', 'after:recent', 'after:list', 'after:tagged', 'after:search', 'after:search-filter-only', 'after:stats', 'after:get', 'branch'];
const CASES = new Set((opt('cases', ALL.join(','))).split(','));

const tmp = KEEP ?? mkdtempSync(join(tmpdir(), 'gm-bench-scale-'));
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, MEMORY_EMBEDDER: 'none', MEMORY_DAEMON: 'off', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: tmp, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
delete env.MEMORY_BRANCH;
delete env.GITHUB_ACTIONS;
if (!KEEP) process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const PRELOAD = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nMAXRSS '+u.maxRSS+' CPU '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

function run(args, { cwd = tmp, input, ok = true } = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, ...args], { cwd, env, input, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t;
  if (ok && r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr.slice(0, 2000)}`);
  const rss = Number(/MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  // CPU time of the node process itself (user + system; not its git children): steadier than wall time on a loaded machine.
  const cpu = Number(/ CPU (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1000;
  return { ms, rss, cpu, stdout: r.stdout };
}

/** The package at a git revision, built into a temp dir with this checkout's node_modules. */
function buildRef(ref) {
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'gm-bench-ref-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git -C "${root}" archive "${ref}" | tar -x -C "${dir}"`]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const out = join(dir, 'pkg');
  execFileSync(process.execPath, [join(dir, 'scripts', 'build.mjs'), join(out, 'dist')], { stdio: 'inherit', cwd: dir });
  cpSync(join(dir, 'bin'), join(out, 'bin'), { recursive: true });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ name: 'git-memory', private: true, type: 'module' }) + '\n');
  return { cli: join(out, 'bin', 'memory.js'), lib: pathToFileURL(join(out, 'dist', 'index.js')).href };
}


// ---- corpus: Zipf-ish vocabulary, 12-50 words, 1 common tag (+ `ci` on one memory in 1,000) --------
const VOCAB = (() => {
  const syll = ['de', 'ploy', 'ca', 'che', 'ti', 'me', 'out', 're', 'try', 'da', 'ta', 'base', 'in', 'dex', 'que', 'ry', 'la', 'ten', 'cy', 'mi', 'gra', 'tion', 'roll', 'back', 'wor', 'ker', 'sche', 'ma', 'pro', 'xy'];
  const out = new Set();
  const rnd = rng(7);
  while (out.size < 5000) out.add(Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => syll[Math.floor(rnd() * syll.length)]).join(''));
  return [...out];
})();
const TAGS = ['api', 'deploy', 'cache', 'db', 'auth', 'infra', 'frontend', 'backend', 'testing', 'perf', 'security', 'docs', 'release', 'oncall', 'billing', 'search', 'mobile', 'data', 'ml', 'build'];
const CATS = ['general', 'infrastructure', 'decision', 'preference', 'incident'];

function writeCorpus(file, n) {
  const rnd = rng(42);
  const zipf = () => VOCAB[Math.min(VOCAB.length - 1, Math.floor(Math.exp(rnd() * Math.log(VOCAB.length))) - 1)];
  const t0 = Date.UTC(2024, 0, 1);
  let buf = '';
  const chunks = [];
  for (let i = 0; i < n; i++) {
    const len = 12 + Math.floor(rnd() * 38);
    const words = Array.from({ length: len }, zipf).join(' ');
    const tags = [TAGS[i % TAGS.length]];
    if (i % 1000 === 7) tags.push('ci');
    const rec = { content: `${words} (note ${i})`, tags, category: CATS[i % CATS.length], priority: ['low', 'medium', 'high'][i % 3], timestamp: new Date(t0 + i * 600_000).toISOString() };
    if (i % 50 === 0) rec.scope = 'team';
    buf += JSON.stringify(rec) + '\n';
    if (buf.length > 1 << 22) {
      chunks.push(buf);
      buf = '';
    }
  }
  chunks.push(buf);
  writeFileSync(file, chunks.join(''));
}

// ---- run -----------------------------------------------------------------------------------------
const { cli } = REF ? buildRef(REF) : privateBuild();
const beforeCli = BEFORE ? buildRef(BEFORE).cli : null;
const results = { size: N, runs: RUNS, ref: REF ?? 'working tree', node: process.version, cases: {} };
const report = (name, r) => {
  results.cases[name] = r;
  const ratio = r.ratio !== undefined ? ` ${r.ratio.toFixed(2)}x node` : '';
  const cpu = r.cpu !== undefined ? `  cpu ${r.cpu.toFixed(0)} ms ${r.cpuRatio.toFixed(2)}x node` : '';
  console.log(`${name.padEnd(28)} ${r.ms.toFixed(0).padStart(7)} ms${ratio}${cpu}  peak RSS ${r.rss.toFixed(0)} MB${r.note ? `  ${r.note}` : ''}`);
};

const repo = join(tmp, `repo-${N}`);
const file = join(tmp, `corpus-${N}.jsonl`);
const fresh = !existsSync(join(repo, '.git'));
if (fresh) {
  mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main', repo], { env });
  if (!existsSync(file)) writeCorpus(file, N);
  console.log(`corpus: ${N} memories, ${(statSync(file).size / 1e6).toFixed(1)} MB of JSONL`);
  const base = median(Array.from({ length: 5 }, () => run(['-e', '']).ms));
  const imp = run([cli, 'import', file, '--json'], { cwd: repo });
  report('import', { ms: imp.ms, rss: imp.rss, ratio: imp.ms / base, note: JSON.parse(imp.stdout).imported + ' imported' });
  const first = run([cli, 'search', VOCAB[3], '--json'], { cwd: repo });
  report('first search (index build)', { ms: first.ms, rss: first.rss, ratio: first.ms / base });
}
// Where the REV of --before runs, and who writes there between runs of an "after a writer" case.
const beforeRepo = BEFORE_KEEP ? join(BEFORE_KEEP, `repo-${N}`) : repo;
const beforeWriter = BEFORE_KEEP ? beforeCli : cli;
const recentOf = (c, cwd) => JSON.parse(run([c, 'recent', '--count', '200', '--json'], { cwd }).stdout).memories.map((m) => m.id);
// With --before-keep, ids live in both repositories (each deletes its own, so the two lists drift apart).
const recentIds = ((mine, theirs) => (theirs ? mine.filter((id) => theirs.has(id)) : mine))(recentOf(cli, repo), BEFORE_KEEP ? new Set(recentOf(beforeCli, beforeRepo)) : null);
const getId = recentIds[100];
// A native id of the store's months that no memory has.
const MISSING_ID = getId.slice(0, -4) + (getId.endsWith('zzzz') ? 'yyyy' : 'zzzz');
run([cli, 'core', 'set', 'The team deploys on Tuesdays. Ask in #ops before a release.', '--json'], { cwd: repo, ok: false });
if (BEFORE_KEEP) run([beforeCli, 'core', 'set', 'The team deploys on Tuesdays. Ask in #ops before a release.', '--json'], { cwd: beforeRepo, ok: false });

let k = 0;
const uniq = () => `bench ${process.pid} ${Date.now()} ${k++} ${VOCAB[k % VOCAB.length]} ${VOCAB[(k * 7) % VOCAB.length]}`;
const cases = {
  get: () => [cli, 'get', getId, '--json'],
  history: () => [cli, 'history', getId, '--json'],
  recent: () => [cli, 'recent', '--json'],
  list: () => [cli, 'list', '--json'],
  tagged: () => [cli, 'tagged', 'ci', '--json'],
  search: () => [cli, 'search', `${VOCAB[20]} ${VOCAB[400]}`, '--json'],
  'search-filters': () => [cli, 'search', VOCAB[30], '--tag', 'deploy', '--category', 'decision', '--json'],
  'search-filter-only': () => [cli, 'search', '--tag', 'ci', '--json'],
  'search-common': () => [cli, 'search', VOCAB[0], '--json'],
  'search-stopword': () => [cli, 'search', 'the', '--json'],
  // A word that is also a tag's name: the query names the tag (its boost), as `search deploy` does.
  'search-named': () => [cli, 'search', 'deploy', '--json'],
  stats: () => [cli, 'stats', '--json'],
  store: () => [cli, 'store', uniq(), '--tags', 'bench', '--json'],
  update: () => [cli, 'update', getId, '--content', uniq(), '--json'],
  delete: () => [cli, 'delete', recentIds[120 + k++], '--json'],
  'core-view': () => [cli, 'core', 'view', '--json'],
  // An id that is not on the branch (exit 3, NOT_FOUND): a mistyped id, one already deleted.
  'get-missing': () => [cli, 'get', MISSING_ID, '--json'],
  'delete-missing': () => [cli, 'delete', MISSING_ID, '--json'],
};
/** The cases whose command fails by design (NOT_FOUND). */
const FAILING = new Set(['get-missing', 'delete-missing']);

for (const [name, mk] of Object.entries(cases)) {
  for (const after of [false, true]) {
    const label = after ? `after:${name}` : name;
    if (!CASES.has(label)) continue;
    // Warm-up (and the index brought up to date) before the timed runs.
    const ok = !FAILING.has(name);
    if (!after) {
      run(mk(), { cwd: repo, ok });
      if (beforeCli) run(mk().map((a) => (a === cli ? beforeCli : a)), { cwd: beforeRepo, ok });
    }
    const base = [];
    const baseCpu = [];
    const cpus = [];
    const bCpus = [];
    const times = [];
    const rss = [];
    const bTimes = [];
    const bRss = [];
    for (let i = 0; i < RUNS; i++) {
      const b0 = run(['-e', '']);
      base.push(b0.ms);
      baseCpu.push(b0.cpu);
      const mine = () => {
        if (after) run([cli, 'store', uniq(), '--tags', 'writer', '--json'], { cwd: repo }); // another writer's commit
        const r = run(mk(), { cwd: repo, ok });
        times.push(r.ms);
        rss.push(r.rss);
        cpus.push(r.cpu);
      };
      const theirs = () => {
        if (after) run([beforeWriter, 'store', uniq(), '--tags', 'writer', '--json'], { cwd: beforeRepo });
        const b = run(mk().map((a) => (a === cli ? beforeCli : a)), { cwd: beforeRepo, ok });
        bTimes.push(b.ms);
        bRss.push(b.rss);
        bCpus.push(b.cpu);
      };
      // Which build runs first alternates: the second one finds the page cache warmed by the first.
      if (!beforeCli) mine();
      else if (i % 2) (theirs(), mine());
      else (mine(), theirs());
    }
    report(label, { ms: median(times), rss: Math.max(...rss), ratio: median(times) / median(base), base: median(base), cpu: median(cpus), cpuRatio: median(cpus) / median(baseCpu) });
    if (beforeCli) report(`  before (${BEFORE})`, { ms: median(bTimes), rss: Math.max(...bRss), ratio: median(bTimes) / median(base), base: median(base), cpu: median(bCpus), cpuRatio: median(bCpus) / median(baseCpu) });
  }
}

if (CASES.has('branch')) {
  const g = (...a) => execFileSync('git', a, { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  // Bytes a CI job's shallow fetch of the branch costs.
  const clone = join(tmp, `shallow-${Date.now()}`);
  execFileSync('git', ['init', '-q', '-b', 'main', clone], { env });
  const t0 = performance.now();
  execFileSync('git', ['fetch', '-q', '--depth', '1', `file://${repo}`, 'memory:refs/heads/memory'], { cwd: clone, env });
  const fetchMs = performance.now() - t0;
  const packDir = join(clone, '.git', 'objects', 'pack');
  const bytes = readdirSync(packDir).filter((f) => f.endsWith('.pack')).reduce((a, f) => a + statSync(join(packDir, f)).size, 0);
  rmSync(clone, { recursive: true, force: true });
  // Trees one store rewrites: the objects new in the last store commit, by type.
  run([cli, 'store', uniq(), '--json'], { cwd: repo });
  const objs = g('rev-list', '--objects', 'memory', '^memory~1').trim().split('\n').map((l) => l.split(' ')[0]);
  const check = spawnSync('git', ['cat-file', '--batch-check=%(objecttype) %(objectsize)'], { cwd: repo, env, input: objs.join('\n') + '\n', encoding: 'utf8' }).stdout.trim().split('\n');
  const treeBytes = check.filter((l) => l.startsWith('tree ')).reduce((a, l) => a + Number(l.split(' ')[1]), 0);
  const trees = check.filter((l) => l.startsWith('tree ')).length;
  const commits = Number(g('rev-list', '--count', 'memory').trim());
  const logMs = median(Array.from({ length: 5 }, () => {
    const t = performance.now();
    spawnSync('git', ['log', 'memory'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'ignore'] });
    return performance.now() - t;
  }));
  const log10 = median(Array.from({ length: 5 }, () => {
    const t = performance.now();
    spawnSync('git', ['log', '-n', '10', '--stat', 'memory'], { cwd: repo, env, stdio: ['ignore', 'ignore', 'ignore'] });
    return performance.now() - t;
  }));
  results.branch = { shallowFetchBytes: bytes, shallowFetchMs: fetchMs, treesPerStore: trees, treeBytesPerStore: treeBytes, commits, gitLogMs: logMs, gitLog10StatMs: log10 };
  console.log(`branch: shallow fetch ${(bytes / 1e6).toFixed(1)} MB in ${fetchMs.toFixed(0)} ms; one store rewrites ${trees} trees, ${(treeBytes / 1024).toFixed(1)} KiB; ${commits} commits, git log ${logMs.toFixed(0)} ms, git log -n 10 --stat ${log10.toFixed(0)} ms`);
}
if (OUT) writeFileSync(OUT, JSON.stringify(results, null, 2) + '\n');
