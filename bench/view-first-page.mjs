// The first page of `memory view` in chromium, from spawning the viewer to the list's first
// row, for two builds alternated in the same minutes (the shared machine's load moves too much between
// runs of bench/view.mjs to compare them).
//
//   MEMORY_EMBEDDER=none node bench/view-first-page.mjs --repo DIR --clis OLD/bin/memory.js,NEW/bin/memory.js [--runs 3]
//
// DIR: a branch such as bench/view.mjs --keep DIR builds (100,000 memories). Each run is a fresh viewer
// process on that branch (the derived caches under the git dir are warm after the first). Also: how long
// the viewer's event loop is blocked once the first page is out (the full catalog's background load),
// as the longest answer to /api/branch polled every 50 ms for 15 s.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { benchEnv, median } from './lib.mjs';
import { browserPath } from '../scripts/find-browser.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const repo = opt('repo', null);
const clis = (opt('clis', '') || '').split(',').filter(Boolean);
const RUNS = Number(opt('runs', '3'));
if (!repo || !clis.length) throw new Error('usage: --repo DIR --clis A,B');
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: browserPath(), args: ['--no-sandbox'] });

function nodeStart() {
  return new Promise((r) => {
    const t = performance.now();
    spawn(process.execPath, ['-e', ''], { env }).once('exit', () => r(performance.now() - t));
  });
}

async function once(cli) {
  // The tab is opened before the viewer starts: a user's browser is already running, and playwright's
  // newPage (a CDP target, attached and set up) took 430-690 ms here by itself, which is the harness's
  // cost, not the viewer's. Also timed, for the record.
  const tp = performance.now();
  const page = await browser.newPage();
  const tab = performance.now() - tp;
  const t0 = performance.now();
  const proc = spawn(process.execPath, [cli, 'view', '--port', '0', '--json'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const j = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => ((out += d), out.includes('\n') && resolve(JSON.parse(out.split('\n')[0]))));
    proc.once('exit', (c) => reject(new Error(`viewer exited ${c}`)));
  });
  const printed = performance.now() - t0;
  await page.goto(j.url, { waitUntil: 'commit', timeout: 300_000 });
  await page.waitForSelector('#items li', { timeout: 300_000 });
  const first = performance.now() - t0;
  await page.close();
  // The event loop after the first page: the longest answer to a tiny request while the catalog loads.
  const u = new URL(j.url);
  const headers = { authorization: `Bearer ${u.searchParams.get('token')}` };
  let longest = 0;
  for (const end = performance.now() + 15_000; performance.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const t = performance.now();
    await (await fetch(`${u.origin}/api/branch`, { headers })).text();
    longest = Math.max(longest, performance.now() - t);
  }
  await new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM')));
  return { printed, first, longest, tab };
}

console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
const rows = clis.map(() => []);
const starts = [];
for (let r = 0; r < RUNS; r++) {
  for (const [k, cli] of clis.entries()) {
    starts.push(await nodeStart());
    const x = await once(cli);
    rows[k].push(x);
    console.log(`run ${r + 1} build ${k + 1}: (new tab ${x.tab.toFixed(0)} ms, before the start) URL ${x.printed.toFixed(0)} ms, first row ${x.first.toFixed(0)} ms, longest /api/branch after it ${x.longest.toFixed(0)} ms`);
  }
}
const base = median(starts);
console.log(`node -e '' median ${base.toFixed(0)} ms`);
for (const [k, xs] of rows.entries()) {
  const f = median(xs.map((x) => x.first));
  console.log(`build ${k + 1}: first row median ${f.toFixed(0)} ms (${(f / base).toFixed(1)}x node start), URL ${median(xs.map((x) => x.printed)).toFixed(0)} ms, event loop blocked up to ${median(xs.map((x) => x.longest)).toFixed(0)} ms`);
}
await browser.close();
