// `memory import` against the floor the machine allows for the same work, in one run, interleaved:
//   - a bare pass over the JSONL: read the file, JSON.parse every line (what any importer must do);
//   - `git fast-import` of the same tree: one blob per record (the record's text with a front matter of
//     the same shape and size as the memory file), at a path of the same layout, in one commit;
//   - `memory import` of the file into an empty repository.
//
//   node bench/import-floor.mjs --file corpus.jsonl [--runs 3]
//
// The corpus is the one bench/scale.mjs writes (`--keep DIR` leaves `DIR/corpus-N.jsonl`). Peak RSS
// of each from /usr/bin/time-free accounting: the child's maxRSS via a preload for node, and
// `getrusage` of the children for git (spawnSync's resourceUsage is the parent's, so git's RSS is not
// reported).
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
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
const RUNS = Number(opt('runs', '3'));
if (!FILE) throw new Error('give --file corpus.jsonl (bench/scale.mjs --keep DIR writes one)');
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

/** `cmd` under /usr/bin/time: wall ms, CPU ms (user + system), peak RSS MiB. */
const TIMEFMT = ['-f', 'TIME %e %U %S %M'];
function timed(stderr) {
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  return m ? { cpu: (Number(m[2]) + Number(m[3])) * 1000, rss: Number(m[4]) / 1024 } : { cpu: NaN, rss: NaN };
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

const rows = { bare: [], fastImport: [], import: [] };
const cpu = { bare: [], fastImport: [], import: [] };
const rss = { bare: [], fastImport: [], import: [] };
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
  const r2 = fresh();
  t = performance.now();
  const m = spawnSync('/usr/bin/time', [...TIMEFMT, process.execPath, cli, 'import', FILE, '--json'], { cwd: r2, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  rows.import.push(performance.now() - t);
  if (m.status !== 0) throw new Error(m.stderr.slice(0, 2000));
  cpu.import.push(timed(m.stderr).cpu);
  rss.import.push(timed(m.stderr).rss);
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
