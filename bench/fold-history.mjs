// What a fold costs on a branch with a long history (the check for replays of
// pending-ref commits walks up to 1,000 first parents of the branch tip before replaying a ref).
//
//   node bench/fold-history.mjs [--history 1500] [--refs 4] [--runs 5] [--before CLI]
//
// A bare remote whose `memory` branch has --history commits (one memory each, written by
// `git fast-import`), then --refs pending refs (one store each from its own clone while the remote's
// update hook holds the branch, as after lost races). Per run: a copy of that remote, a full clone of
// it with its pending refs fetched, and `memory sync --fold --json` timed (wall, and CPU of the
// process and its children). With --before, the same on another build, interleaved run by run.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, fmt, median, privateBuild } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const HISTORY = Number(opt('history', 1500));
const REFS = Number(opt('refs', 4));
const RUNS = Number(opt('runs', 5));
const BEFORE = opt('before', null);

const work = mkdtempSync(join(tmpdir(), 'gm-fold-history-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env: benchEnv, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();
const { cli } = privateBuild();

// The remote: main (what a checkout has) and a memory branch of HISTORY commits.
const remote = join(work, 'remote.git');
git(work, 'init', '-q', '--bare', '-b', 'main', remote);
const seed = join(work, 'seed');
git(work, 'clone', '-q', remote, seed);
git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
git(seed, 'push', '-q', 'origin', 'main');
let stream = '';
const B32 = '0123456789abcdefghjkmnpqrstvwxyz';
for (let i = 0; i < HISTORY; i++) {
  let id = 'mem_';
  for (let k = 0; k < 17; k++) id += B32[(i * 7919 + k * 104729 + ((i * k) % 31)) % 32];
  const when = 1_700_000_000 + i;
  const body = `---\nid: ${id}\ntags: []\ncategory: general\npriority: medium\ntimestamp: ${new Date(when * 1000).toISOString()}\n---\nhistory memory ${i}\n`;
  const msg = `memory: store ${id}\n\nhistory memory ${i}\n\nMemory-Id: ${id}\n`;
  stream += `commit refs/heads/memory\ncommitter Bench <bench@example.com> ${when} +0000\ndata ${Buffer.byteLength(msg)}\n${msg}`;
  stream += `M 100644 inline memories/2023-11/${id[4 + 9]}/${id}.md\ndata ${Buffer.byteLength(body)}\n${body}\n`;
}
execFileSync('git', ['fast-import', '--quiet'], { cwd: remote, env: benchEnv, input: stream + 'done\n', maxBuffer: 1 << 28 });
git(remote, 'repack', '-adq');

// Pending refs: each writer stores while the branch is held.
writeFileSync(join(remote, 'hooks', 'update'), '#!/bin/sh\n[ "$1" = refs/heads/memory ] && [ -f hold-branch ] && exit 1\nexit 0\n');
chmodSync(join(remote, 'hooks', 'update'), 0o755);
writeFileSync(join(remote, 'hold-branch'), '');
for (let w = 0; w < REFS; w++) {
  const c = join(work, `writer-${w}`);
  git(work, 'clone', '-q', remote, c);
  const r = spawnSync(process.execPath, [cli, 'store', `parked memory ${w}: the deploy needs the VPN`, '--sync', '--json'], { cwd: c, env: benchEnv, encoding: 'utf8' });
  if (!JSON.parse(r.stdout).sync?.pendingRef) throw new Error(`writer ${w} did not land in a pending ref: ${r.stdout}${r.stderr}`);
}
rmSync(join(remote, 'hold-branch'));
const refs = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/memory-pending/').split('\n').filter(Boolean);
console.error(`remote: ${HISTORY} commits of history, ${refs.length} pending refs`);

function foldOnce(which, cmd, i) {
  const r2 = join(work, `run-${which}-${i}.git`);
  cpSync(remote, r2, { recursive: true });
  const c = join(work, `run-${which}-${i}`);
  git(work, 'clone', '-q', '--no-checkout', r2, c);
  git(c, 'fetch', '-q', 'origin', '+refs/heads/memory:refs/remotes/origin/memory');
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, cmd, 'sync', '--fold', '--json'], { cwd: c, env: benchEnv, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`fold failed: ${r.stderr}`);
  const [u, s] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  const res = JSON.parse(r.stdout);
  if (res.folded !== refs.length) throw new Error(`${which}: folded ${res.folded} of ${refs.length}`);
  const left = git(r2, 'for-each-ref', 'refs/memory-pending/');
  if (left) throw new Error(`${which}: pending refs left`);
  rmSync(r2, { recursive: true, force: true });
  rmSync(c, { recursive: true, force: true });
  return { ms, cpu: (u + s) * 1000 };
}

const builds = { after: cli, ...(BEFORE ? { before: BEFORE } : {}) };
const out = Object.fromEntries(Object.keys(builds).map((k) => [k, { ms: [], cpu: [] }]));
for (let i = 0; i < RUNS; i++) {
  for (const [k, cmd] of Object.entries(builds)) {
    const r = foldOnce(k, cmd, i);
    out[k].ms.push(r.ms);
    out[k].cpu.push(r.cpu);
  }
}
const rows = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, { wallMs: Math.round(median(v.ms)), cpuMs: Math.round(median(v.cpu)) }]));
if (rows.before) rows.ratio = { wall: fmt(rows.after.wallMs / rows.before.wallMs, 2), cpu: fmt(rows.after.cpuMs / rows.before.cpuMs, 2) };
console.log(JSON.stringify({ history: HISTORY, refs: refs.length, runs: RUNS, node: process.version, ...rows }, null, 2));
