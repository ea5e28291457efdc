// Package figures, as ratios against a baseline measured in the same run:
//
//   node bench/package.mjs [--runs 7] [--skip-named]
//
// 1. git-memory's installed size: `npm pack`, then `npm install -g` of the tarball into a fresh prefix
//    (du of the prefix), and start-up of the installed `memory --version` and `require('git-memory')`
//    against `node -e ''`.
// 2. For each package the design card named (isomorphic-git, simple-git, gray-matter, lunr, yargs,
//    vitest): its install size alone in a fresh project, and the time to `require` it against an
//    empty node start. These are the numbers docs/DESIGN.md ("Named packages") cites.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const RUNS = Number(argv[argv.indexOf('--runs') + 1]) || 7;
const work = mkdtempSync(join(tmpdir(), 'gm-bench-pkg-'));
const npmEnv = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };

function size(dir) {
  let total = 0;
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    const st = statSync(p, { throwIfNoEntry: false });
    if (st) total += st.isDirectory() ? size(p) : st.size;
  }
  return total;
}
const mb = (b) => (b / 1024 / 1024).toFixed(1) + ' MB';
function median(cmd, args, opts = {}) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { stdio: 'ignore', ...opts });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

try {
  const baseline = median(process.execPath, ['-e', '']);
  console.log(`baseline: node -e '' median ${baseline.toFixed(1)} ms (${RUNS} runs)\n`);

  // 1. git-memory from its tarball.
  const src = join(work, 'src');
  mkdirSync(src);
  for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'bin', 'docs']) cpSync(join(root, f), join(src, f), { recursive: true });
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), join(src, 'dist'), '--types', '--no-action'], { cwd: root, stdio: 'ignore' });
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: src, env: npmEnv, encoding: 'utf8' }))[0];
  const prefix = join(work, 'prefix');
  execFileSync('npm', ['install', '-g', '--prefix', prefix, join(work, packed.filename), '--prefer-offline'], { cwd: work, env: npmEnv, stdio: 'ignore' });
  const installed = join(prefix, 'lib', 'node_modules', 'git-memory');
  console.log(`git-memory ${packed.version}: tarball ${mb(packed.size)}, unpacked ${mb(packed.unpackedSize)}, ${packed.entryCount} files`);
  console.log(`installed (npm install -g into a fresh prefix): ${mb(size(prefix))}; of which dependencies ${mb(size(join(installed, 'node_modules')))}`);
  const version = median(process.execPath, [join(installed, 'bin', 'memory.js'), '--version']);
  const req = median(process.execPath, ['-e', `require(${JSON.stringify(installed)})`]);
  const imp = median(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(join(installed, 'dist', 'index.js'))})`]);
  console.log(`memory --version: ${version.toFixed(1)} ms (${(version / baseline).toFixed(2)}x); require('git-memory'): ${req.toFixed(1)} ms (${(req / baseline).toFixed(2)}x); import: ${imp.toFixed(1)} ms (${(imp / baseline).toFixed(2)}x)\n`);

  // 2. The named packages, each alone.
  if (!argv.includes('--skip-named')) {
    console.log('| package | version | install size (alone, with its dependencies) | require / import time | vs node start |');
    console.log('|---|---|---|---|---|');
    for (const [name, load] of [
      ['isomorphic-git', 'require'],
      ['simple-git', 'require'],
      ['gray-matter', 'require'],
      ['lunr', 'require'],
      ['yargs', 'import'],
      ['vitest', null],
    ]) {
      const dir = join(work, 'named', name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), '{"name":"probe","version":"1.0.0","private":true}');
      execFileSync('npm', ['install', name, '--prefer-offline', '--ignore-scripts', '--no-package-lock'], { cwd: dir, env: npmEnv, stdio: 'ignore' });
      const v = JSON.parse(execFileSync(process.execPath, ['-p', `JSON.stringify(require('./node_modules/${name}/package.json').version)`], { cwd: dir, encoding: 'utf8' }));
      const bytes = size(join(dir, 'node_modules'));
      let t = null;
      if (load === 'require') t = median(process.execPath, ['-e', `require(${JSON.stringify(name)})`], { cwd: dir });
      if (load === 'import') t = median(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`], { cwd: dir });
      console.log(`| ${name} | ${v} | ${mb(bytes)} | ${t === null ? '(test runner: not loaded at run time)' : t.toFixed(1) + ' ms'} | ${t === null ? '' : (t / baseline).toFixed(2) + 'x'} |`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
