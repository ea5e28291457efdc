// How much the static export's page blocks the browser's main thread while it loads the whole
// catalog (every memory's list entry) and searches it, measured in chromium with PerformanceObserver
// 'longtask' (tasks over 50 ms; "blocking" = the sum of each task's time over 50 ms, as Lighthouse's TBT).
//
//   MEMORY_EMBEDDER=none node bench/view-page.mjs --repo DIR     # a branch built by bench/view.mjs --keep DIR
//   MEMORY_EMBEDDER=none node bench/view-page.mjs --size 20000   # builds a branch of that size first
//   ... --clients OLD,NEW                                         # page files of other builds on one export
//
// The export is opened twice: from file:// (where chromium refuses a Web Worker: the page loads in slices
// on the main thread) and over http from a plain static server on loopback (as GitHub Pages serves it: the
// page's worker loads and searches the catalog). In each: time to the first row, to the full facet counts
// (`body[data-catalog=loaded]`; an old page has it only implicitly), to a search's results; then the longest
// task, the count of tasks over 100 ms and the blocking time over the whole visit. Every time is reported
// as a ratio to a baseline measured in the same run (an empty `node -e ''` start, the median of 5 before
// and 5 after the browser runs: the machine is shared), with the milliseconds as detail.
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchEnv, median, privateBuild, tempRepo } from './lib.mjs';
import { browserPath } from '../scripts/find-browser.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const CHROMIUM = browserPath();
if (!CHROMIUM) throw new Error('no chromium/chrome found (apt-get install -y chromium, or set CHROME_PATH)');
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
const { cli } = privateBuild();

const timed = (args, cwd) => {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr.slice(0, 1000)}`);
  return { ms: performance.now() - t, stdout: r.stdout };
};
const starts = Array.from({ length: 5 }, () => timed(['-e', '']).ms);
let base = median(starts);
console.log(`baseline node -e '' (before): ${base.toFixed(0)} ms; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
/** A time as a ratio to the same run's baseline, the milliseconds as detail. */
const x = (ms) => `${(ms / base).toFixed(2)}x (${ms.toFixed(0)} ms)`;

let repo = opt('repo', null);
if (!repo) {
  const n = Number(opt('size', '20000'));
  repo = tempRepo('gm-bench-viewpage-');
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: repo, env });
  const W = 'deploy cache token retry timeout staging cluster queue worker index branch merge review release rollback'.split(' ');
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ content: `${Array.from({ length: 20 }, (_, k) => W[(i * 7 + k * 3) % W.length]).join(' ')} (note ${i})`, tags: [W[i % W.length]] }));
  writeFileSync(join(repo, 'corpus.jsonl'), lines.join('\n') + '\n');
  timed([cli, 'import', 'corpus.jsonl', '--json'], repo);
}
// --site DIR: export there (and reuse an earlier export in it instead of writing it again).
const site = opt('site', null) ?? join(tempRepo('gm-bench-viewpage-site-'), 'site');
const reuse = existsSync(join(site, 'data', 'meta.js'));
const ex = reuse ? { ms: 0, stdout: JSON.stringify({ memories: 'earlier', files: 'earlier' }) } : timed([cli, 'view', '--export', site, '--json'], repo);
const exported = JSON.parse(ex.stdout);
// --clients DIR,DIR: measure the page files (app.js, worker.js) of other builds on the same export, e.g.
// the ones before and after a change (node -e "import('./scripts/build-view.mjs').then(m => m.buildViewer(DIR))").
const CLIENTS = (opt('clients', '') || '').split(',').filter(Boolean);
console.log(`export of ${exported.memories} memories: ${(ex.ms / 1000).toFixed(1)} s, ${exported.files} files`);

// A plain static server, as GitHub Pages is (no CSP header: the page's meta tag is the policy).
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const p = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const f = join(site, p === '/' ? 'index.html' : p);
  if (!f.startsWith(site) || !existsSync(f) || !statSync(f).isFile()) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': TYPES[extname(f)] ?? 'application/octet-stream' }).end(readFileSync(f));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const results = { memories: exported.memories, exportMs: ex.ms, baselineMs: base };
const runs = [];
for (const client of CLIENTS.length ? CLIENTS : [null]) for (const mode of ['file', 'http']) runs.push([client, mode]);
for (const [client, mode] of runs) {
  if (client) for (const f of ['app.js', 'worker.js']) existsSync(join(client, f)) ? writeFileSync(join(site, f), readFileSync(join(client, f))) : rmSync(join(site, f), { force: true });
  const label = client ? `${mode} ${CLIENTS.indexOf(client) + 1}` : mode;
  const url = mode === 'file' ? pathToFileURL(join(site, 'index.html')).href : `${origin}/index.html`;
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.__lt = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__lt.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const t0 = performance.now();
  // 'commit': the first row is what a user waits for, not the load event.
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('#items li', { timeout: 600_000 });
  const firstRow = performance.now() - t0;
  const now = () => page.evaluate(() => performance.now());
  const marks = [await now()];
  // An old page had every chunk before its first row (no mark); a new one marks the end of the background load.
  await page.waitForFunction(() => document.body.dataset.catalog !== 'loading', null, { timeout: 600_000 });
  const loaded = performance.now() - t0;
  marks.push(await now());
  const t1 = performance.now();
  await page.fill('#q', 'staging rollback');
  await page.waitForFunction(() => document.querySelector('#q')?.value === 'staging rollback' && document.querySelectorAll('#items li mark').length > 0 && document.body.dataset.ready === 'memories' && !document.body.dataset.busy, null, { timeout: 600_000 });
  const searched = performance.now() - t1;
  marks.push(await now());
  const t2 = performance.now();
  await page.click('.facet[data-facet=tags] li a');
  await page.waitForFunction(() => location.hash.includes('tag=') && document.body.dataset.ready === 'memories' && !document.body.dataset.busy, null, { timeout: 600_000 });
  const faceted = performance.now() - t2;
  await page.waitForTimeout(500);
  const all = await page.evaluate(() => window.__lt);
  const lt = all.map((x) => x[1]);
  // The longest task in each phase: until the first row, the background load, the search, the facet click.
  const phases = ['first row', 'background load', 'search', 'facet'];
  const longestIn = Object.fromEntries(phases.map((name, k) => [name, Math.max(0, ...all.filter(([t]) => (k === 0 || t >= marks[k - 1]) && (k === 3 || t < marks[k])).map((x) => x[1]))]));
  const worker = await page.evaluate(() => (document.body.dataset.worker ?? 'none').replace(/^no:.*/, 'refused'));
  const r = { firstRow, loaded, searched, faceted, worker, longest: Math.max(0, ...lt), over100: lt.filter((d) => d > 100).length, tasks: lt.length, blocking: lt.reduce((s, d) => s + Math.max(0, d - 50), 0), longestIn };
  results[label] = r;
  await page.close();
}
await browser.close();
server.close();
// The baseline again after the browser runs: the median of both halves is the run's baseline.
starts.push(...Array.from({ length: 5 }, () => timed(['-e', '']).ms));
base = median(starts);
console.log(`baseline node -e '' (median of ${starts.length}, before and after): ${base.toFixed(0)} ms; times below are ratios to it`);
console.log(`export of ${exported.memories} memories: ${x(ex.ms)}`);
const TIMES = ['firstRow', 'loaded', 'searched', 'faceted', 'longest', 'blocking'];
for (const [client, mode] of runs) {
  const label = client ? `${mode} ${CLIENTS.indexOf(client) + 1}` : mode;
  const r = results[label];
  r.ratios = Object.fromEntries(TIMES.map((k) => [k, Number((r[k] / base).toFixed(3))]));
  console.log(`${label.padEnd(6)} (worker: ${r.worker}): first row ${x(r.firstRow)}, catalog loaded ${x(r.loaded)}, search ${x(r.searched)}, facet ${x(r.faceted)}; long tasks ${r.tasks}, over 100 ms ${r.over100}, longest ${x(r.longest)} (${Object.entries(r.longestIn).map(([k, v]) => `${k} ${x(v)}`).join(', ')}), blocking ${x(r.blocking)}`);
}
results.baselineMs = base;
console.log(JSON.stringify(results));
