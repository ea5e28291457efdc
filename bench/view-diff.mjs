// How long a memory's page takes to render in chromium when its last change is a diff too large to
// compute (16,000 lines replaced by 16,000 other lines, hand-committed: past the content limit), as a
// ratio to the page of a memory whose last change is one line (the same length). Before the bound the
// large one took about a minute (the diff alone); now the page gives up on the diff at a bound on
// changed lines (src/view/client/diff.ts) and shows the start of both versions.
//
//   node bench/view-diff.mjs [--lines 16000] [--runs 5]
//
// Runs alternate (small, large, small, large, ...) on one live viewer; medians are reported.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { benchEnv, median, privateBuild, tempRepo } from './lib.mjs';
import { browserPath } from '../scripts/find-browser.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const LINES = Number(opt('lines', '16000'));
const RUNS = Number(opt('runs', '5'));
const CHROMIUM = browserPath();
if (!CHROMIUM) throw new Error('no chromium/chrome found (apt-get install -y chromium, or set CHROME_PATH)');
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
const { cli } = privateBuild();
const run = (args, cwd) => execFileSync(process.execPath, [cli, ...args], { cwd, env, encoding: 'utf8' });
const git = (args, cwd, input) => execFileSync('git', args, { cwd, env, encoding: 'utf8', input, maxBuffer: 1 << 30 }).trimEnd();

const repo = tempRepo('gm-bench-viewdiff-');
git(['commit', '-q', '--allow-empty', '-m', 'init'], repo);
const text = (w) => Array.from({ length: LINES }, (_, i) => `${w} line ${i} of a long hand-committed memory`).join('\n');
const small = JSON.parse(run(['store', 'small placeholder', '--json'], repo)).id;
const large = JSON.parse(run(['store', 'large placeholder', '--json'], repo)).id;
/** A hand edit: the memory's file rewritten with `content`, committed on the branch with plumbing. */
function handEdit(id, content) {
  const path = git(['ls-tree', '-r', '--name-only', 'memory'], repo).split('\n').find((p) => p.endsWith(`/${id}.md`));
  const front = git(['show', `memory:${path}`], repo).split('\n---\n')[0];
  const blob = git(['hash-object', '-w', '--stdin'], repo, `${front}\n---\n${content}\n`);
  const idx = `${repo}/.git/bench-index`;
  const e = { ...env, GIT_INDEX_FILE: idx };
  execFileSync('git', ['read-tree', 'memory'], { cwd: repo, env: e });
  execFileSync('git', ['update-index', '--cacheinfo', `100644,${blob},${path}`], { cwd: repo, env: e });
  const tree = execFileSync('git', ['write-tree'], { cwd: repo, env: e, encoding: 'utf8' }).trim();
  const commit = git(['commit-tree', tree, '-p', 'memory', '-m', 'hand edit'], repo);
  git(['update-ref', 'refs/heads/memory', commit], repo);
}
handEdit(small, text('gamma'));
handEdit(small, text('gamma').replace('gamma line 8000 ', 'gamma LINE 8000 '));
handEdit(large, text('alpha'));
handEdit(large, text('beta'));

const proc = spawn(process.execPath, [cli, 'view', '--port', '0', '--json'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) => {
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]).url);
  });
});
const origin = new URL(url).origin;
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  await page.goto(url);
  const open = async (id) => {
    await page.goto('about:blank');
    const t = performance.now();
    await page.goto(`${origin}/#/memory?id=${id}`);
    await page.waitForSelector('body[data-ready="memory"]', { timeout: 600_000 });
    return performance.now() - t;
  };
  await open(small);
  await open(large);
  const times = { small: [], large: [] };
  for (let i = 0; i < RUNS; i++) {
    times.small.push(await open(small));
    times.large.push(await open(large));
  }
  const s = median(times.small);
  const l = median(times.large);
  const fallback = await page.isVisible('#diff-too-large');
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${LINES} lines, ${RUNS} runs each, alternated`);
  console.log(`one-line change (diffed):        median ${s.toFixed(0)} ms`);
  console.log(`all lines replaced (too large):  median ${l.toFixed(0)} ms  = ${(l / s).toFixed(2)}x the one-line change; fallback shown: ${fallback}`);
} finally {
  await browser.close();
  proc.kill('SIGTERM');
}
