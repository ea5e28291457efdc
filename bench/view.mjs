// `memory view`: how fast the viewer answers on a large branch, in a real browser.
//
//   MEMORY_EMBEDDER=none node bench/view.mjs [--size 100000] [--export-size 10000] [--runs 20] [--shot docs/view.png] [--keep DIR]
//
// --keep DIR: build the large branch in DIR once and reuse it on the next run (the import is minutes
// on a loaded machine).
//
// The branch is made the way a user makes one (`memory import` of generated JSONL), plus one memory
// updated 99 times (100 versions). Then, with Debian's chromium (playwright-core; the browser found by
// scripts/find-browser.mjs) already running:
//   - first page: from spawning `memory view` to the list's first row in the browser (cold: the first
//     viewer on the branch; warm: a second one), and as a ratio to an empty `node -e ''` start;
//   - list, search, a memory page: the server's answer over loopback HTTP, median of --runs, warm;
//   - a memory with 100 versions: its API answer, and from navigation to the versions table shown;
//   - static export of --export-size memories (a second branch of that size): `memory view --export`.
// Timings on a shared machine are noisy: the node-start baseline is measured in the same run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, median, privateBuild, tempRepo } from './lib.mjs';
import { browserPath, browserSearched } from '../scripts/find-browser.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const N = Number(opt('size', '100000'));
const EXPORT_N = Number(opt('export-size', '10000'));
const RUNS = Number(opt('runs', '20'));
const SHOT = opt('shot', null);
const CHROMIUM = browserPath();
if (!CHROMIUM) throw new Error(`no browser found (looked for ${browserSearched()}); apt-get install -y chromium, or set CHROME_PATH`);
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };

const { cli, lib } = privateBuild();
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

function timed(args, cwd) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr.slice(0, 1000)}`);
  return { ms: performance.now() - t, stdout: r.stdout };
}

function makeBranch(n, dir = null) {
  const repo = dir ?? tempRepo('gm-bench-view-');
  if (dir) {
    mkdirSync(dir, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', dir], { env });
  }
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: repo, env });
  const file = join(repo, 'corpus.jsonl');
  corpus(file, n);
  const imp = timed([cli, 'import', file, '--json'], repo);
  console.log(`import ${n}: ${(imp.ms / 1000).toFixed(1)} s`);
  return repo;
}

const base = median(Array.from({ length: 7 }, () => timed(['-e', '']).ms));
console.log(`baseline node -e '': ${base.toFixed(0)} ms`);

const KEEP = opt('keep', null);
const kept = KEEP && existsSync(join(KEEP, 'many-id'));
const repo = kept ? KEEP : makeBranch(N, KEEP);
// One memory with 100 versions (99 updates), through the library.
const { openMemory } = await import(lib);
let manyId = kept ? readFileSync(join(KEEP, 'many-id'), 'utf8').trim() : null;
if (!manyId) {
  const m = openMemory({ repo, embedOnWrite: false });
  manyId = (await m.store({ content: 'Version 1 of a note that is edited often.', tags: ['edited'] })).id;
  for (let v = 2; v <= 100; v++) await m.update(manyId, { content: `Version ${v} of a note that is edited often.\nLine ${v % 7} changed.` });
  m.close();
  if (KEEP) writeFileSync(join(KEEP, 'many-id'), manyId);
}

// The derived data every read command builds on first use after an import (the search index and the
// catalog cache), built here once by the CLI, as `memory search` after `memory import` does.
{
  const first = timed([cli, 'search', 'staging', '--json'], repo);
  console.log(`first search after the import (builds the index): ${(first.ms / 1000).toFixed(1)} s`);
}
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

function startViewer() {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [cli, 'view', '--port', '0', '--json'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve({ proc, t0, ...JSON.parse(out.split('\n')[0]) });
    });
    proc.once('exit', (c) => reject(new Error(`viewer exited ${c}`)));
  });
}
const stop = (proc) => new Promise((r) => (proc.once('exit', r), proc.kill('SIGTERM')));

const results = { size: N, exportSize: EXPORT_N, runs: RUNS, baselineMs: base };
for (const label of ['cold', 'warm']) {
  const v = await startViewer();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const printed = performance.now() - v.t0;
  await page.goto(v.url, { timeout: 300_000 });
  await page.waitForSelector('#items li', { timeout: 300_000 });
  const ms = performance.now() - v.t0;
  results[`firstPage_${label}`] = ms;
  results[`urlPrinted_${label}`] = printed;
  console.log(`first page shown (${label}): ${ms.toFixed(0)} ms from spawn (${(ms / base).toFixed(1)}x node start; URL printed after ${printed.toFixed(0)} ms)`);
  if (label === 'warm') {
    const u = new URL(v.url);
    const headers = { authorization: `Bearer ${u.searchParams.get('token')}` };
    const time = async (path) => {
      await fetch(u.origin + path, { headers }).then((r) => r.text());
      const xs = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const r = await fetch(u.origin + path, { headers });
        await r.text();
        if (!r.ok) throw new Error(`${path}: ${r.status}`);
        xs.push(performance.now() - t);
      }
      return median(xs);
    };
    const firstId = (await (await fetch(`${u.origin}/api/list?size=1`, { headers })).json()).items[0].id;
    // Warm: the full catalog and the history index loaded (the viewer loads them after the first page).
    await fetch(`${u.origin}/api/list?state=all`, { headers }).then((r) => r.text());
    await fetch(`${u.origin}/api/memory?id=${firstId}`, { headers }).then((r) => r.text());
    const cases = {
      list: '/api/list',
      'list page 100, filtered by tag': '/api/list?tag=deploy&page=100',
      search: '/api/list?q=staging+rollback',
      'search, filtered': '/api/list?q=flaky+test&category=incident',
      memory: `/api/memory?id=${firstId}`,
      'memory with 100 versions': `/api/memory?id=${manyId}`,
    };
    results.api = {};
    for (const [name, path] of Object.entries(cases)) {
      const ms2 = await time(path);
      results.api[name] = ms2;
      console.log(`  ${name.padEnd(32)} ${ms2.toFixed(1)} ms (median of ${RUNS})`);
    }
    const t = performance.now();
    await page.goto(`${u.origin}/#/memory?id=${manyId}`);
    await page.waitForFunction(() => document.querySelectorAll('#versions tr').length === 101, null, { timeout: 300_000 });
    results.historyShown = performance.now() - t;
    console.log(`  100 versions shown in the browser: ${results.historyShown.toFixed(0)} ms from navigation`);
    if (SHOT) {
      await page.goto(`${u.origin}/#/memories?q=staging+rollback`);
      await page.waitForSelector('#items li .score', { timeout: 300_000 });
      mkdirSync(join(SHOT, '..'), { recursive: true });
      await page.screenshot({ path: SHOT });
    }
  }
  await page.close();
  await stop(v.proc);
}

const exportRepo = EXPORT_N === N ? repo : makeBranch(EXPORT_N);
const out = join(tempRepo('gm-bench-view-site-'), 'site');
const ex = timed([cli, 'view', '--export', out, '--json'], exportRepo);
results.exportMs = ex.ms;
console.log(`static export of ${JSON.parse(ex.stdout).memories} memories: ${(ex.ms / 1000).toFixed(2)} s`);
await browser.close();
console.log(JSON.stringify(results));
