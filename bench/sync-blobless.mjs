// Writers fetch no blobs. A CI store job (`memory store … --sync` in a fresh
// `git clone --depth 1 --single-branch --branch main`) against a memory branch of N memories, on a bare
// remote with `uploadpack.allowFilter` on: the default (a blob-less first fetch) against the same job
// with the filter off (`MEMORY_SYNC_BLOBLESS=0`, the full fetch of every blob at the branch tip, as
// before), interleaved run by run so both see the same machine load.
//
//   node bench/sync-blobless.mjs [--sizes 1000,100000] [--runs 3]
//
// Per size and mode: bytes the job fetched (what `git upload-pack` sent, counted by a wrapper around
// it), the bytes of the tip's trees (what a blob-less fetch cannot avoid), wall time and CPU (the job's
// processes and, through file://, the server side), as medians. Ratios: each wall time to the
// blob-less job at the smallest size, and to a node start (`node -e ''`), timed in the same run.
// Branches are written with `git fast-import` (one commit of N memories, then one real `memory store
// --sync` so the branch holds what the CLI writes).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, ciClone, idHelpers, median, privateBuild, timeSpawn } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = opt('sizes', '1000,100000').split(',').map(Number);
const RUNS = Number(opt('runs', '3'));
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none' };
delete env.MEMORY_SYNC_BLOBLESS;
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-blobless-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const { cli } = privateBuild();
const { newId, pathFor } = await idHelpers();
const git = (cwd, args, input) => execFileSync('git', args, { cwd, env, input, encoding: 'utf8', maxBuffer: 1 << 30, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] }).trim();

/** A bare remote: main with one commit, memory with N memories (fast-import) plus one CLI store. */
function remoteWith(n) {
  const dir = join(tmp, `n${n}`);
  mkdirSync(dir);
  const remote = join(dir, 'remote.git');
  git(dir, ['init', '-q', '--bare', '-b', 'main', remote]);
  const t0 = Date.UTC(2025, 0, 1);
  // The fast-import stream goes to a file in slices (a 1,000,000-memory stream is ~300 MB).
  const stream = join(dir, 'stream');
  const msg = `preload ${n}\n`;
  let parts = [
    'commit refs/heads/main\ncommitter Bench <bench@example.com> 1735689600 +0000\ndata 5\ninit\n\n',
    `commit refs/heads/memory\ncommitter Bench <bench@example.com> 1735689600 +0000\ndata ${msg.length}\n${msg}`,
  ];
  writeFileSync(stream, '');
  for (let i = 0; i < n; i++) {
    const ts = new Date(t0 + i * 60_000).toISOString();
    const id = newId(t0 + i * 60_000);
    const body = Buffer.from(`---\nid: ${id}\ntags:\n  - preload\ncategory: general\npriority: medium\ntimestamp: ${ts}\n---\npreloaded memory ${i} about topic ${i % 97}: the build cache of service ${i % 13} needs warming\n`);
    parts.push(`M 100644 inline ${pathFor(id, ts)}\ndata ${body.length}\n${body}\n`);
    if (parts.length > 20_000) {
      writeFileSync(stream, parts.join(''), { flag: 'a' });
      parts = [];
    }
  }
  writeFileSync(stream, parts.join('') + '\n', { flag: 'a' });
  execFileSync('sh', ['-c', 'git fast-import --quiet < "$0"', stream], { cwd: remote, env, stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(stream);
  git(remote, ['config', 'uploadpack.allowFilter', 'true']);
  const seed = clone(remote, 'seed');
  const r = spawnSync(process.execPath, [cli, 'store', 'seed: the branch as the CLI writes it', '--sync', '--json'], { cwd: seed, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  rmSync(seed, { recursive: true, force: true });
  const treeBytes = Number(git(remote, ['rev-list', '--objects', '--filter=blob:none', '--disk-usage', '--max-count=1', 'memory']));
  return { remote, url: `file://${remote}`, treeBytes };
}

let seq = 0;
function clone(remote, name = `job${seq++}`) {
  return ciClone(`file://${remote}`, join(tmp, name), { env });
}

/** Counts what `git upload-pack` sends this clone (a wrapper around it). */
function counting(c) {
  const out = join(c, '.git', 'upload-pack.out');
  const wrap = join(c, '.git', 'count-upload-pack.sh');
  writeFileSync(wrap, `#!/bin/sh\ngit upload-pack "$@" | tee -a "${out}"\n`);
  chmodSync(wrap, 0o755);
  git(c, ['config', 'remote.origin.uploadpack', wrap]);
  return () => (existsSync(out) ? statSync(out).size : 0);
}

function job(w, mode, i) {
  const c = clone(w.remote);
  const fetched = counting(c);
  const args = ['-f', 'GMCPU %U %S', process.execPath, cli, 'store', `run ${i}: the ${mode} job learned fact ${seq}`, '--sync', '--json'];
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', args, { cwd: c, env: { ...env, ...(mode === 'full' ? { MEMORY_SYNC_BLOBLESS: '0' } : {}) }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${mode} store failed: ${r.stderr}`);
  const j = JSON.parse(r.stdout);
  if (!j.sync?.pushed) throw new Error(`${mode}: nothing pushed`);
  const m = /GMCPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
  const res = { ms, bytes: fetched(), cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
  rmSync(c, { recursive: true, force: true });
  return res;
}

const results = [];
const nodeStart = [];
for (const n of SIZES) {
  const t = performance.now();
  const w = remoteWith(n);
  console.error(`branch of ${n} built in ${((performance.now() - t) / 1000).toFixed(1)} s; tip trees ${w.treeBytes} bytes`);
  const runs = { blobless: [], full: [] };
  for (let i = 0; i < RUNS; i++) {
    nodeStart.push(timeSpawn(process.execPath, ['-e', '']));
    for (const mode of i % 2 ? ['full', 'blobless'] : ['blobless', 'full']) runs[mode].push(job(w, mode, i));
  }
  for (const mode of ['blobless', 'full']) {
    const r = runs[mode];
    results.push({ memories: n, mode, treeBytes: w.treeBytes, fetchedBytes: median(r.map((x) => x.bytes)), wallMs: Math.round(median(r.map((x) => x.ms))), cpuMs: Math.round(median(r.map((x) => x.cpu))) });
    console.error(JSON.stringify(results.at(-1)));
  }
  rmSync(join(tmp, `n${n}`), { recursive: true, force: true });
}
const base = results.find((r) => r.mode === 'blobless' && r.memories === SIZES[0]).wallMs;
const node = median(nodeStart);
for (const r of results) Object.assign(r, { wallOverSmallestBlobless: +(r.wallMs / base).toFixed(2), wallOverNodeStart: +(r.wallMs / node).toFixed(1) });
console.log(JSON.stringify({ runs: RUNS, nodeStartMs: +node.toFixed(1), load: (await import('node:os')).loadavg().map((x) => +x.toFixed(1)), results }, null, 2));
