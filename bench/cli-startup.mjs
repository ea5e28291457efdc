// CLI start-up of this checkout against another commit: `memory --version`, `--help`, `get ID`, and a
// usage error (unknown option, exit 2), each as a ratio to an empty `node -e ''` start, every case
// interleaved run by run so both builds see the same machine load.
// Usage: node bench/cli-startup.mjs --ref <commit> [--runs 21]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, compare, fmt, privateBuild, tempRepo } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const runs = Number(arg('--runs', 21));
const ref = arg('--ref');
if (!ref) throw new Error('give --ref <commit> to compare with');

/** The CLI of `ref`, built from `git archive` in a private folder (dependencies from this checkout). */
function buildRef(commit) {
  const base = join(root, 'node_modules', '.cache', 'git-memory-bench');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'ref-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('sh', ['-c', `git -C "${root}" archive ${commit} | tar -x -C "${dir}"`]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, [join(dir, 'scripts', 'build.mjs'), join(dir, 'dist'), '--no-action'], { stdio: 'inherit' });
  return join(dir, 'bin', 'memory.js');
}

const now = privateBuild().cli;
const before = buildRef(ref);
const repo = tempRepo();
execFileSync('git', ['-C', repo, 'commit', '-q', '--allow-empty', '-m', 'init'], { env: benchEnv });
const id = JSON.parse(execFileSync(process.execPath, [now, 'store', 'start-up bench memory', '--json'], { cwd: repo, env: benchEnv, encoding: 'utf8' })).id;

/** Wall time of one run in ms; `status` is the exit code it must end with. */
function time(args, status = 0) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: repo, env: benchEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== status) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const commands = { '--version': [['--version']], '--help': [['--help']], 'get ID': [['get', id]], 'store --bogus (exit 2)': [['store', 'x', '--bogus'], 2] };
const cases = { node: () => time(['-e', '']) };
for (const [name, [args, status]] of Object.entries(commands)) {
  cases[`before ${name}`] = () => time([before, ...args], status);
  cases[`after ${name}`] = () => time([now, ...args], status);
}
const med = compare(runs, cases);
console.log(`node -e '': ${fmt(med.node)} ms (median of ${runs})`);
console.log('| command | before | after | after/before |');
console.log('| --- | --- | --- | --- |');
for (const name of Object.keys(commands)) {
  const b = med[`before ${name}`];
  const a = med[`after ${name}`];
  console.log(`| ${name} | ${fmt(b)} ms (${fmt(b / med.node, 2)}x node) | ${fmt(a)} ms (${fmt(a / med.node, 2)}x node) | ${fmt(a / b, 3)} |`);
}
