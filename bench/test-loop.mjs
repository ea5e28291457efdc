// The test loop: wall and CPU time of each vitest project, and each file's duration, so a
// change to the suite can be judged on a machine shared with other work. CPU time (user + sys of vitest
// and every process it started: workers, git, spawned CLIs, tsc) moves far less with the machine's load
// than wall time does; per-file durations say where the time goes.
//
//   node bench/test-loop.mjs [--projects fast,e2e] [--out DIR] [--top N] [--label NAME]
//
// Each project runs alone (`node scripts/test.mjs run --project P --reporter=json`), one after the other,
// under /usr/bin/time (GNU time: it waits for the whole process tree, so children's CPU is counted).
// Writes DIR/<label>-<project>.json (vitest's JSON report) and prints a summary; DIR defaults to
// node_modules/.cache/git-memory-bench-test-loop. The result is a ratio to a baseline measured in the
// same run: an empty `node -e ''` start (wall and CPU, the median of 5 before and 5 after the projects,
// under the same GNU time), so two runs on a machine loaded differently can be compared; the absolute
// seconds follow as detail. Compare two checkouts with the same --projects and read the CPU and
// summed-duration ratios rather than wall.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const projects = arg('projects', 'fast,e2e').split(',');
const out = arg('out', join(root, 'node_modules', '.cache', 'git-memory-bench-test-loop'));
const top = Number(arg('top', '15'));
const label = arg('label', 'run');
mkdirSync(out, { recursive: true });
if (!existsSync('/usr/bin/time')) throw new Error('needs GNU time at /usr/bin/time (Debian package "time")');

/** GNU time's user + system seconds and the wall seconds of `node -e ''`. */
function nodeStart() {
  const f = join(out, 'baseline.time');
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', f, process.execPath, '-e', ''], { stdio: 'ignore' });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`node -e '' under /usr/bin/time exited ${r.status}`);
  const [u, sy] = readFileSync(f, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  return { wall, cpu: u + sy };
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const starts = Array.from({ length: 5 }, nodeStart);

const rows = [];
for (const project of projects) {
  const report = join(out, `${label}-${project}.json`);
  const timeFile = join(out, `${label}-${project}.time`);
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', '-o', timeFile, process.execPath, 'scripts/test.mjs', 'run', '--project', project, '--reporter=json', `--outputFile=${report}`], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const wall = (performance.now() - t0) / 1000;
  const time = readFileSync(timeFile, 'utf8');
  const num = (re) => Number(time.match(re)?.[1] ?? NaN);
  const user = num(/User time \(seconds\): ([\d.]+)/);
  const sys = num(/System time \(seconds\): ([\d.]+)/);
  const rss = num(/Maximum resident set size \(kbytes\): (\d+)/);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const files = json.testResults.map((f) => ({
    file: relative(root, f.name),
    ms: (f.endTime ?? 0) - (f.startTime ?? 0),
    tests: f.assertionResults.length,
    slowest: f.assertionResults.reduce((a, t) => ((t.duration ?? 0) > (a?.duration ?? -1) ? t : a), undefined),
  }));
  const summed = files.reduce((s, f) => s + f.ms, 0) / 1000;
  rows.push({ project, status: r.status, wall, user, sys, cpu: user + sys, rss, files: files.length, tests: json.numTotalTests, failed: json.numFailedTests, summed });
  console.log(`\n## ${project}: exit ${r.status}, ${files.length} files, ${json.numTotalTests} tests (${json.numFailedTests} failed)`);
  console.log(`wall ${wall.toFixed(1)} s, CPU ${(user + sys).toFixed(1)} s (user ${user.toFixed(1)}, sys ${sys.toFixed(1)}), summed file durations ${summed.toFixed(1)} s`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, top)) {
    const s = f.slowest;
    console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.file} (${f.tests})${s ? `  slowest: ${((s.duration ?? 0) / 1000).toFixed(1)} s ${s.title}` : ''}`);
  }
}
starts.push(...Array.from({ length: 5 }, nodeStart));
const base = { wall: med(starts.map((x) => x.wall)), cpu: med(starts.map((x) => x.cpu)) };
// A CPU time of 0.00 s (GNU time's resolution) would make the ratio infinite: at least 10 ms.
const baseCpu = Math.max(base.cpu, 0.01);
console.log(`\nbaseline, same run: node -e '' wall ${(base.wall * 1000).toFixed(0)} ms, CPU ${(base.cpu * 1000).toFixed(0)} ms (medians of ${starts.length}, half before and half after)`);
console.log('\n| project | files | tests | failed | wall (x node start) | CPU (x node start CPU) | summed file durations (x node start) | detail: wall s, CPU s, summed s |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.project} | ${r.files} | ${r.tests} | ${r.failed} | ${(r.wall / base.wall).toFixed(0)}x | ${(r.cpu / baseCpu).toFixed(0)}x | ${(r.summed / base.wall).toFixed(0)}x | ${r.wall.toFixed(1)}, ${r.cpu.toFixed(1)}, ${r.summed.toFixed(1)} |`);
if (rows.some((r) => r.status !== 0)) process.exitCode = 1;
