// `memory import` and the first `memory rebuild-index` against the floor the machine allows for the
// same work, in one run, interleaved:
//   - a bare pass over the JSONL: read the file, JSON.parse every line (what any importer must do);
//   - `git fast-import` of the same tree: one blob per record (the record's text with a front matter of
//     the same shape and size as the memory file), at a path of the same layout, in one commit;
//   - `memory import` of the file into an empty repository;
//   - the build's floor, on the imported branch: `git ls-tree -r` of memories/ (the paths) and every
//     object read through one `git cat-file --batch-all-objects --batch --unordered` (pack order),
//     each blob's text after its front matter lowercased and split into words, counted in one Map
//     (a bare tokenisation: no stemming, stop words or postings);
//   - `memory rebuild-index` of the imported branch (the first build of its search index);
//   - the derived files under `.git/git-memory` after both, in bytes per memory, by file.
//
//   node bench/import-floor.mjs --file corpus.jsonl [--runs 3] [--no-build]
//   node bench/import-floor.mjs --repo DIR [--runs 3] [--before CLI] [--threads N]
//
// With --repo, only the build's part, on a repository already imported (its search index files are
// removed before each build): the floor, then `memory rebuild-index`, and with --before CLI (the
// bin/memory.js of another checkout, built) that CLI's first build too, interleaved in each run, so a
// change is measured against the code before it under the same load. --threads N sets
// MEMORY_INDEX_THREADS for this checkout's build (0: one thread).
//
// The corpus is the one bench/scale.mjs writes (`--keep DIR` leaves `DIR/corpus-N.jsonl`). Peak RSS
// of each from /usr/bin/time-free accounting: the child's maxRSS via a preload for node, and
// `getrusage` of the children for git (spawnSync's resourceUsage is the parent's, so git's RSS is not
// reported).
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { benchEnv, median, privateBuild } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const FILE = opt('file', null);
const REPO = opt('repo', null);
const BEFORE = opt('before', null);
const THREADS = opt('threads', null);
const RUNS = Number(opt('runs', '3'));
const BUILD = !argv.includes('--no-build');
if (!FILE && !REPO) throw new Error('give --file corpus.jsonl (bench/scale.mjs --keep DIR writes one) or --repo DIR');
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
const { cli } = privateBuild();

function fresh() {
  const d = mkdtempSync(join(tmpdir(), 'gm-import-floor-'));
  spawnSync('git', ['init', '-q', '-b', 'main', d], { env });
  return d;
}

const bare = `
const { createReadStream } = require('node:fs');
const { createInterface } = require('node:readline');
let n = 0, bytes = 0;
createInterface({ input: createReadStream(process.argv[1]), crlfDelay: Infinity }).on('line', (l) => { if (l) { const r = JSON.parse(l); n++; bytes += r.content.length; } }).on('close', () => console.log(n));
`;

// The build's floor: the paths, every object's bytes in pack order, a bare tokenisation of each blob.
const buildFloor = `
const { spawn, execFileSync } = require('node:child_process');
const paths = execFileSync('git', ['ls-tree', '-r', '-z', 'memory', 'memories/'], { maxBuffer: 1 << 30 }).toString('latin1').split('\\0').filter(Boolean).length;
const git = spawn('git', ['cat-file', '--batch-all-objects', '--batch', '--unordered'], { stdio: ['ignore', 'pipe', 'inherit'] });
const df = new Map();
let pend = Buffer.alloc(0), need = -1, blob = false, docs = 0, words = 0;
const SPLIT = /[^\\p{L}\\p{N}]+/u;
function doc(b) {
  const t = b.toString('utf8');
  const body = t.startsWith('---\\n') ? t.slice(t.indexOf('\\n---\\n', 3) + 5) : t;
  const seen = new Set();
  for (const w of body.toLowerCase().split(SPLIT)) if (w && !seen.has(w)) { seen.add(w); df.set(w, (df.get(w) ?? 0) + 1); }
  words += seen.size; docs++;
}
git.stdout.on('data', (chunk) => {
  pend = pend.length ? Buffer.concat([pend, chunk]) : chunk;
  let at = 0;
  for (;;) {
    if (need < 0) {
      const nl = pend.indexOf(10, at);
      if (nl < 0) break;
      const h = pend.toString('latin1', at, nl).split(' ');
      blob = h[1] === 'blob'; need = Number(h[2]) + 1; at = nl + 1;
    }
    if (pend.length - at < need) break;
    if (blob) doc(pend.subarray(at, at + need - 1));
    at += need; need = -1;
  }
  pend = pend.subarray(at);
});
git.on('close', () => console.log(JSON.stringify({ paths, docs, terms: df.size, words })));
`;

/** `cmd` under /usr/bin/time: wall ms, CPU ms (user + system), peak RSS MiB. */
const TIMEFMT = ['-f', 'TIME %e %U %S %M'];
function timed(stderr) {
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  return m ? { cpu: (Number(m[2]) + Number(m[3])) * 1000, rss: Number(m[4]) / 1024 } : { cpu: NaN, rss: NaN };
}

/** Bytes of each file under .git/git-memory (by name, summed over branches), and per memory. */
function derivedFiles(repo, n) {
  const out = {};
  let total = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const b = statSync(p).size;
        out[e.name] = (out[e.name] ?? 0) + b;
        total += b;
      }
    }
  };
  walk(join(repo, '.git', 'git-memory'));
  return { n, total, files: out };
}

/** The fast-import stream of the corpus, written to git's stdin as it is read. */
async function fastImport(repo) {
  const git = spawn('/usr/bin/time', [...TIMEFMT, 'git', 'fast-import', '--quiet', '--done'], { cwd: repo, env, stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  git.stderr.on('data', (d) => (err += d));
  const done = new Promise((ok, no) => git.on('close', (c) => (c === 0 ? ok() : no(new Error(`fast-import ${c}`)))));
  const write = (s) => (git.stdin.write(s) ? null : new Promise((r) => git.stdin.once('drain', r)));
  const msg = 'import\n';
  await write(`commit refs/heads/memory\ncommitter b <b@b> 1700000000 +0000\ndata ${msg.length}\n${msg}`);
  let i = 0;
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  for await (const line of createInterface({ input: createReadStream(FILE), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line);
    const id = `mem_${i.toString(32).padStart(10, '0')}${alphabet[i % 32]}xxxxxxx`;
    const body = Buffer.from(`---\nid: ${id}\ntags:\n${r.tags.map((t) => `  - ${t}\n`).join('')}category: ${r.category}\npriority: ${r.priority}\ntimestamp: ${r.timestamp}\n${r.scope ? `scope: ${r.scope}\n` : ''}---\n${r.content}\n`);
    const p = write(`M 100644 inline memories/${r.timestamp.slice(0, 7)}/${alphabet[i % 32]}/${id}.md\ndata ${body.length}\n`);
    if (p) await p;
    const q = write(Buffer.concat([body, Buffer.from('\n')]));
    if (q) await q;
    i++;
  }
  await write('\ndone\n');
  git.stdin.end();
  await done;
  return timed(err);
}

const rows = { bare: [], fastImport: [], import: [], buildFloor: [], build: [] };
const cpu = { bare: [], fastImport: [], import: [], buildFloor: [], build: [] };
const rss = { bare: [], fastImport: [], import: [], buildFloor: [], build: [] };
/** The first progress line that gives a time left, and when it came (the pipe form prints one every 2 s). */
const firstEstimate = { import: [], build: [] };
const estimateOf = (stderr) => stderr.split('\n').find((l) => / left, /.test(l)) ?? '(none)';
let derived = null;
let loads = [];
const load = () => spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ');
if (REPO) {
  await buildOnly();
  process.exit(0);
}

for (let k = 0; k < RUNS; k++) {
  let t = performance.now();
  const b = spawnSync('/usr/bin/time', [...TIMEFMT, process.execPath, '-e', bare, FILE], { env, encoding: 'utf8' });
  rows.bare.push(performance.now() - t);
  cpu.bare.push(timed(b.stderr).cpu);
  rss.bare.push(timed(b.stderr).rss);
  const r1 = fresh();
  t = performance.now();
  const f = await fastImport(r1);
  rows.fastImport.push(performance.now() - t);
  cpu.fastImport.push(f.cpu);
  rss.fastImport.push(f.rss);
  rmSync(r1, { recursive: true, force: true });
  loads.push(load());
  const r2 = fresh();
  t = performance.now();
  // Not --json: the progress lines (stderr is a pipe: one every 2 s) show the first estimate.
  const m = spawnSync('/usr/bin/time', [...TIMEFMT, process.execPath, cli, 'import', FILE], { cwd: r2, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  rows.import.push(performance.now() - t);
  if (m.status !== 0) throw new Error(m.stderr.slice(0, 2000));
  cpu.import.push(timed(m.stderr).cpu);
  rss.import.push(timed(m.stderr).rss);
  firstEstimate.import.push(estimateOf(m.stderr));
  if (BUILD) {
    t = performance.now();
    const f2 = spawnSync('/usr/bin/time', [...TIMEFMT, process.execPath, '-e', buildFloor], { cwd: r2, env, encoding: 'utf8', maxBuffer: 1 << 28 });
    rows.buildFloor.push(performance.now() - t);
    if (f2.status !== 0) throw new Error(f2.stderr.slice(0, 2000));
    cpu.buildFloor.push(timed(f2.stderr).cpu);
    rss.buildFloor.push(timed(f2.stderr).rss);
    t = performance.now();
    const b2 = spawnSync('/usr/bin/time', [...TIMEFMT, process.execPath, cli, 'rebuild-index'], { cwd: r2, env, encoding: 'utf8', maxBuffer: 1 << 28 });
    rows.build.push(performance.now() - t);
    if (b2.status !== 0) throw new Error(b2.stderr.slice(0, 2000));
    cpu.build.push(timed(b2.stderr).cpu);
    rss.build.push(timed(b2.stderr).rss);
    firstEstimate.build.push(estimateOf(b2.stderr));
    derived = derivedFiles(r2, JSON.parse(f2.stdout).docs);
  }
  loads.push(load());
  rmSync(r2, { recursive: true, force: true });
}
const mb = (statSync(FILE).size / 1048576).toFixed(1);
const line = (name, k) => `${name.padEnd(18)} wall ${median(rows[k]).toFixed(0).padStart(7)} ms  cpu ${median(cpu[k]).toFixed(0).padStart(7)} ms  peak RSS ${Math.max(...rss[k]).toFixed(0)} MiB`;
console.log(`corpus ${FILE.split('/').pop()} (${mb} MiB), medians of ${RUNS}, interleaved (cpu: user + system of the process and its children, from /usr/bin/time)`);
console.log(line('bare JSONL pass', 'bare'));
console.log(line('git fast-import', 'fastImport'));
console.log(line('memory import', 'import'));
const floor = (x) => median(x.fastImport) + median(x.bare);
console.log(`memory import / (fast-import + bare pass): wall ${(median(rows.import) / floor(rows)).toFixed(2)}x, cpu ${(median(cpu.import) / floor(cpu)).toFixed(2)}x`);
console.log(`  first progress line with a time left: ${firstEstimate.import[0]}`);
if (BUILD) {
  console.log(line('build floor', 'buildFloor'));
  console.log(line('memory rebuild-index', 'build'));
  console.log(`memory rebuild-index / build floor: wall ${(median(rows.build) / median(rows.buildFloor)).toFixed(2)}x, cpu ${(median(cpu.build) / median(cpu.buildFloor)).toFixed(2)}x`);
  console.log(`  first progress line with a time left: ${firstEstimate.build[0]}`);
  const per = (b) => (b / derived.n).toFixed(1);
  console.log(`derived files (.git/git-memory) after import and build: ${derived.total} bytes, ${per(derived.total)} B/memory; ${Object.entries(derived.files).sort((a, b) => b[1] - a[1]).filter(([, b]) => b > 1024).map(([f, b]) => `${f} ${per(b)} B`).join(', ')}`);
}
console.log(`load average (1, 5, 15 min) before and after each run: ${loads.join(' | ')}`);

/** --repo: the build floor and the first build (and the --before CLI's), interleaved, on an imported repository. */
async function buildOnly() {
  const dir = join(REPO, '.git', 'git-memory');
  const clearIndex = () => {
    for (const b of readdirSync(dir)) for (const f of readdirSync(join(dir, b))) if (/^(search|newest-search|counts-search|verified-search)-/.test(f)) rmSync(join(dir, b, f), { force: true });
  };
  const names = ['buildFloor', 'build', ...(BEFORE ? ['before'] : [])];
  const r = Object.fromEntries(names.map((k) => [k, { wall: [], cpu: [], rss: [] }]));
  const loads = [];
  const docs = [];
  const run = (name, args, extraEnv = {}) => {
    const t = performance.now();
    const out = spawnSync('/usr/bin/time', [...TIMEFMT, ...args], { cwd: REPO, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 1 << 28 });
    const wall = performance.now() - t;
    if (out.status !== 0) throw new Error(out.stderr.slice(0, 2000));
    r[name].wall.push(wall);
    r[name].cpu.push(timed(out.stderr).cpu);
    r[name].rss.push(timed(out.stderr).rss);
    return out;
  };
  for (let k = 0; k < RUNS; k++) {
    loads.push(load());
    docs.push(JSON.parse(run('buildFloor', [process.execPath, '-e', buildFloor]).stdout).docs);
    // Before and after in turn, the first of the pair alternating between runs.
    const pair = [() => {
      clearIndex();
      run('build', [process.execPath, cli, 'rebuild-index'], THREADS === null ? {} : { MEMORY_INDEX_THREADS: THREADS });
    }];
    if (BEFORE) pair.push(() => {
      clearIndex();
      run('before', [process.execPath, BEFORE, 'rebuild-index']);
    });
    for (const f of k % 2 ? pair.reverse() : pair) f();
    loads.push(load());
  }
  const line = (name, k) => `${name.padEnd(22)} wall ${median(r[k].wall).toFixed(0).padStart(7)} ms  cpu ${median(r[k].cpu).toFixed(0).padStart(7)} ms  peak RSS ${Math.max(...r[k].rss).toFixed(0)} MiB`;
  console.log(`repository ${REPO.split('/').pop()} (${docs[0]} blobs), medians of ${RUNS}, interleaved (cpu: user + system of the process and its children, from /usr/bin/time)`);
  console.log(line('build floor', 'buildFloor'));
  console.log(line(`memory rebuild-index${THREADS === null ? '' : ` (threads ${THREADS})`}`, 'build'));
  const ratio = (k) => `wall ${(median(r[k].wall) / median(r.buildFloor.wall)).toFixed(2)}x, cpu ${(median(r[k].cpu) / median(r.buildFloor.cpu)).toFixed(2)}x`;
  console.log(`memory rebuild-index / build floor: ${ratio('build')}`);
  if (BEFORE) {
    console.log(line('before: rebuild-index', 'before'));
    console.log(`before / build floor: ${ratio('before')}`);
    console.log(`each run (wall s, cpu s): ${r.build.wall.map((w, i) => `after ${(w / 1000).toFixed(1)}/${(r.build.cpu[i] / 1000).toFixed(1)} before ${(r.before.wall[i] / 1000).toFixed(1)}/${(r.before.cpu[i] / 1000).toFixed(1)} floor ${(r.buildFloor.wall[i] / 1000).toFixed(1)}/${(r.buildFloor.cpu[i] / 1000).toFixed(1)}`).join(' | ')}`);
  }
  console.log(`load average (1, 5, 15 min) before and after each run: ${loads.join(' | ')}`);
}
