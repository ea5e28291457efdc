// Does the live `memory view` server keep answering while it loads the full catalog?
//
//   MEMORY_EMBEDDER=none node bench/view-catalog.mjs [--size 100000] [--keep DIR] [--runs 3]
//
// At 100,000 memories the catalog cache file is ~52 MB; the viewer loads it once the first page is out
// (the background warm-up). Before: one synchronous JSON.parse (`vm.items(tip)`, what the warm-up
// called); after: the load the warm-up now starts (src/model/catalog.ts, loadCatalogAsync: a worker
// thread parses the file, this thread takes the entries in slices). Both run in this process, on the
// same branch, alternated, each on a fresh door and a real view server (src/view/server.ts) on
// loopback, while another process sends a tiny request (/api/branch) every 50 ms: the longest answer is how long a
// user's request (search as you type, a memory's page) would wait. Also the event loop's longest delay
// (a 5 ms interval timer's largest gap), the load's wall time, and how long a memory's page took when
// asked for mid-load. Ratios to a `node -e ''` start measured in the same run.
//
// The branch: `memory import` of generated JSONL (as bench/view.mjs builds it); --keep DIR reuses it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { benchEnv, median, privateBuild, tempRepo } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const N = Number(opt('size', '100000'));
const RUNS = Number(opt('runs', '3'));
const KEEP = opt('keep', null);
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
Object.assign(process.env, { MEMORY_EMBEDDER: 'none', MEMORY_DAEMON: 'off' });

const WORDS = 'deploy cache token retry timeout staging cluster queue worker index branch merge review release rollback metric alert budget latency schema migration flaky test build lint docker image secret vault region replica shard'.split(' ');
const CATS = ['facts', 'process', 'incident', 'decision', 'howto', 'general'];
function corpus(file, n, seed = 1) {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const t0 = Date.parse('2025-01-01T00:00:00Z');
  const lines = [];
  for (let i = 0; i < n; i++) {
    const words = Array.from({ length: 10 + Math.floor(rnd() * 30) }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
    lines.push(JSON.stringify({ content: `${words} (note ${i})`, tags: [WORDS[i % WORDS.length], WORDS[(i * 7) % WORDS.length]], category: CATS[i % CATS.length], priority: ['low', 'medium', 'high'][i % 3], timestamp: new Date(t0 + i * 300_000).toISOString() }));
  }
  writeFileSync(file, lines.join('\n') + '\n');
}

let repo = KEEP;
if (!KEEP || !existsSync(join(KEEP, 'corpus.jsonl'))) {
  const { cli } = privateBuild();
  repo = KEEP ?? tempRepo('gm-bench-catalog-');
  if (KEEP) {
    mkdirSync(KEEP, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', KEEP], { env });
  }
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: repo, env });
  corpus(join(repo, 'corpus.jsonl'), N);
  const t = performance.now();
  const r = spawnSync(process.execPath, [cli, 'import', join(repo, 'corpus.jsonl'), '--json'], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(r.stderr.slice(0, 1000));
  console.log(`import ${N}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  spawnSync(process.execPath, [cli, 'search', 'staging', '--json'], { cwd: repo, env });
}

// The server and the door from this checkout's source, bundled once for this run.
// Under node_modules/.cache so the bundle's packages resolve from this checkout.
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules', '.cache', 'gm-bench-catalog-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
writeFileSync(join(work, 'entry.ts'), `export { openDoor } from ${JSON.stringify(join(root, 'src/api.ts'))};\nexport { startViewServer } from ${JSON.stringify(join(root, 'src/view/server.ts'))};\n`);
await build({ entryPoints: [join(work, 'entry.ts')], bundle: true, platform: 'node', format: 'cjs', packages: 'external', outfile: join(work, 'lib.cjs'), logLevel: 'error', define: { 'import.meta.url': '__importMetaUrl' }, banner: { js: 'const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;' } });
const { openDoor, startViewServer } = createRequire(import.meta.url)(join(work, 'lib.cjs'));
// The API routes are what is measured; the page files only have to exist.
const assets = join(work, 'assets');
mkdirSync(assets);
for (const f of ['index.html', 'app.js', 'app.css']) writeFileSync(join(assets, f), '');

// The catalog cache file, written once (what the first viewer on the branch leaves behind).
{
  const door = openDoor({ repo, embedOnWrite: false });
  const vm = await door.viewModel();
  vm.items(vm.branch().tip);
  door.close();
}
const cacheFiles = execFileSync('git', ['rev-parse', '--git-common-dir'], { cwd: repo, encoding: 'utf8' }).trim();
const catFile = join(resolve(repo, cacheFiles), 'git-memory', 'memory', 'catalog-v2.json');
const catBytes = existsSync(catFile) ? readFileSync(catFile).length : 0;
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; catalog cache ${(catBytes / 1e6).toFixed(1)} MB`);

// This process's main-thread CPU time (ms), Linux: the load's own work, apart from the machine's
// scheduling (wall times on the shared machine stretch with its load) and from GC helper threads.
function mainThreadCpu() {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}

function nodeStart() {
  return new Promise((r) => {
    const t = performance.now();
    spawn(process.execPath, ['-e', ''], { env }).once('exit', () => r(performance.now() - t));
  });
}

// Polls /api/branch every 50 ms until its stdin closes; prints the longest answer (ms) and the count.
const POLLER = `
const [origin, authorization] = process.argv.slice(1);
let stop = false, longest = 0, polls = 0;
process.stdin.on('end', () => (stop = true)).resume();
(async () => {
  while (!stop) {
    const t = performance.now();
    await (await fetch(origin + '/api/branch', { headers: { authorization } })).text();
    longest = Math.max(longest, performance.now() - t);
    polls++;
    await new Promise((r) => setTimeout(r, 50));
  }
  process.stdout.write(longest.toFixed(1) + ' ' + polls + '\\n');
})();
`;

const ONE_FETCH = `
const [url, authorization] = process.argv.slice(1);
const t = performance.now();
fetch(url, { headers: { authorization } }).then(async (r) => { await r.text(); process.stdout.write(r.status + ' ' + (performance.now() - t).toFixed(1) + '\\n'); });
`;

async function once(mode) {
  const door = openDoor({ repo, embedOnWrite: false });
  const vm = await door.viewModel();
  const tip = vm.branch().tip;
  const someId = (await vm.list({ page: 1, size: 1 })).items[0].id; // the quick first page (no catalog)
  const token = 'bench-token';
  const srv = await startViewServer(door, { assets, token });
  const origin = `http://127.0.0.1:${srv.port}`;
  const headers = { authorization: `Bearer ${token}` };
  // The tiny request comes from another process: a poller in this one would only sleep through a block.
  const poller = spawn(process.execPath, ['-e', POLLER, origin, headers.authorization], { stdio: ['pipe', 'pipe', 'inherit'] });
  let polled = '';
  poller.stdout.on('data', (d) => (polled += d));
  await new Promise((r) => setTimeout(r, 500));
  // This thread's longest stall: a 5 ms interval timer's largest gap.
  let last = performance.now();
  let maxGap = 0;
  const gaps = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 5);
  const t0 = performance.now();
  const cpu0 = mainThreadCpu();
  let pageMs = null;
  const load = mode === 'before'
    ? new Promise((resolve) => setTimeout(() => resolve(vm.items(tip)), 0)) // the old warm-up
    : vm.listing.loadTip(); // the tip's load in slices (src/view/model/listing.ts)
  // A memory's page asked for 100 ms into the load, from another process too (its fetch timed there).
  const page = new Promise((r) => setTimeout(r, 100)).then(async () => {
    const p = spawn(process.execPath, ['-e', ONE_FETCH, `${origin}/api/memory?id=${someId}`, headers.authorization], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    await new Promise((r) => p.once('exit', r));
    const [status, ms] = out.trim().split(' ').map(Number);
    if (status !== 200) throw new Error(`memory page ${status}`);
    pageMs = ms;
  });
  await load;
  const loadMs = performance.now() - t0;
  const loadCpu = mainThreadCpu() - cpu0;
  await page;
  await new Promise((r) => setTimeout(r, 300));
  clearInterval(gaps);
  poller.stdin.end();
  await new Promise((r) => poller.once('exit', r));
  const [longest, polls] = polled.trim().split(' ').map(Number);
  await srv.close();
  door.close();
  return { loadMs, loadCpu, longest, maxDelay: maxGap, pageMs, polls };
}

const rows = { before: [], after: [] };
const starts = [];
for (let r = 0; r < RUNS; r++) {
  for (const mode of r % 2 ? ['after', 'before'] : ['before', 'after']) {
    starts.push(await nodeStart());
    const x = await once(mode);
    rows[mode].push(x);
    console.log(`run ${r + 1} ${mode}: load ${x.loadMs.toFixed(0)} ms (main-thread CPU ${x.loadCpu} ms), longest /api/branch ${x.longest.toFixed(0)} ms (${x.polls} polls), longest stall of this thread ${x.maxDelay.toFixed(0)} ms, memory page mid-load ${x.pageMs.toFixed(0)} ms`);
  }
}
const base = median(starts);
console.log(`node -e '' median ${base.toFixed(0)} ms (${N} memories, ${RUNS} runs each)`);
for (const [mode, xs] of Object.entries(rows)) {
  const m = (k) => median(xs.map((x) => x[k]));
  console.log(`${mode}: longest /api/branch answer ${m('longest').toFixed(0)} ms (${(m('longest') / base).toFixed(2)}x node start), longest stall ${m('maxDelay').toFixed(0)} ms (${(m('maxDelay') / base).toFixed(2)}x), load ${m('loadMs').toFixed(0)} ms (${(m('loadMs') / base).toFixed(1)}x; main-thread CPU ${m('loadCpu')} ms; after: with the mid-load page's share of this thread), memory page mid-load ${m('pageMs').toFixed(0)} ms (${(m('pageMs') / base).toFixed(2)}x)`);
}
