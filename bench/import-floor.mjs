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
const PRELOAD = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nMAXRSS '+process.resourceUsage().maxRSS+'\\n'))`;

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

/** The fast-import stream of the corpus, written to git's stdin as it is read. */
async function fastImport(repo) {
  const git = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: repo, env, stdio: ['pipe', 'ignore', 'inherit'] });
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
  return i;
}

const rows = { bare: [], fastImport: [], import: [] };
const rss = { bare: [], import: [] };
for (let k = 0; k < RUNS; k++) {
  let t = performance.now();
  const b = spawnSync(process.execPath, ['--import', PRELOAD, '-e', bare, FILE], { env, encoding: 'utf8' });
  rows.bare.push(performance.now() - t);
  rss.bare.push(Number(/MAXRSS (\d+)/.exec(b.stderr)?.[1] ?? 0) / 1024);
  const r1 = fresh();
  t = performance.now();
  await fastImport(r1);
  rows.fastImport.push(performance.now() - t);
  rmSync(r1, { recursive: true, force: true });
  const r2 = fresh();
  t = performance.now();
  const m = spawnSync(process.execPath, ['--import', PRELOAD, cli, 'import', FILE, '--json'], { cwd: r2, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  rows.import.push(performance.now() - t);
  if (m.status !== 0) throw new Error(m.stderr.slice(0, 2000));
  rss.import.push(Number(/MAXRSS (\d+)/.exec(m.stderr)?.[1] ?? 0) / 1024);
  rmSync(r2, { recursive: true, force: true });
}
const mb = (statSync(FILE).size / 1048576).toFixed(1);
console.log(`corpus ${FILE.split('/').pop()} (${mb} MiB), medians of ${RUNS}, interleaved`);
console.log(`bare JSONL pass     ${median(rows.bare).toFixed(0).padStart(8)} ms  peak RSS ${Math.max(...rss.bare).toFixed(0)} MiB`);
console.log(`git fast-import     ${median(rows.fastImport).toFixed(0).padStart(8)} ms`);
console.log(`memory import       ${median(rows.import).toFixed(0).padStart(8)} ms  peak RSS ${Math.max(...rss.import).toFixed(0)} MiB  = ${(median(rows.import) / median(rows.fastImport)).toFixed(2)}x fast-import, ${(median(rows.import) / (median(rows.fastImport) + median(rows.bare))).toFixed(2)}x fast-import + bare pass`);
