// CLI start-up of this checkout against another commit: `memory --version`, `--help`, `get ID`, and a
// usage error (unknown option, exit 2), each as a ratio to an empty `node -e ''` start, every case
// interleaved run by run so both builds see the same machine load. Two measures: wall time, and the
// process's own CPU time (user + system, read by a preloaded module at exit), which a loaded machine
// disturbs less than wall time (other processes' time is not counted in it).
// Usage: node bench/cli-startup.mjs --ref <commit> [--runs 21]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, compare, fmt, median, privateBuild, tempRepo } from './lib.mjs';

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

// Prints the process's CPU time (µs) as the last line of stderr.
const preload = join(mkdtempSync(join(root, 'node_modules', '.cache', 'git-memory-bench-cpu-')), 'cpu.cjs');
process.on('exit', () => rmSync(dirname(preload), { recursive: true, force: true }));
writeFileSync(preload, "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, '\\ncpu ' + (u.user + u.system) + '\\n'); });\n");

const cpu = {};
/** Wall time of one run in ms (its CPU time kept in `cpu[name]`); `status` is the exit code it must end with. */
function time(name, args, status = 0) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', preload, ...args], { cwd: repo, env: benchEnv, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== status) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  (cpu[name] ??= []).push(Number(/cpu (\d+)\n$/.exec(r.stderr)[1]) / 1000);
  return ms;
}

const commands = { '--version': [['--version']], '--help': [['--help']], 'get ID': [['get', id]], 'store --bogus (exit 2)': [['store', 'x', '--bogus'], 2] };
const cases = { node: () => time('node', ['-e', '']) };
for (const [name, [args, status]] of Object.entries(commands)) {
  cases[`before ${name}`] = () => time(`before ${name}`, [before, ...args], status);
  cases[`after ${name}`] = () => time(`after ${name}`, [now, ...args], status);
}
const med = compare(runs, cases);
const cpuMed = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)]));
console.log(`node -e '': wall ${fmt(med.node)} ms, CPU ${fmt(cpuMed.node)} ms (medians of ${runs})`);
console.log('| command | wall before | wall after | after/before | CPU before | CPU after | after/before |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const name of Object.keys(commands)) {
  const [b, a, cb, ca] = [med[`before ${name}`], med[`after ${name}`], cpuMed[`before ${name}`], cpuMed[`after ${name}`]];
  console.log(`| ${name} | ${fmt(b / med.node, 2)}x node | ${fmt(a / med.node, 2)}x node | ${fmt(a / b, 3)} | ${fmt(cb / cpuMed.node, 2)}x node | ${fmt(ca / cpuMed.node, 2)}x node | ${fmt(ca / cb, 3)} |`);
}
