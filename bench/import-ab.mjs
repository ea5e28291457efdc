// `memory import` of N generated records (JSONL) by this checkout and by another commit, interleaved
// run by run into fresh repositories: wall time and the process's CPU time (all threads, so the blob
// workers count), medians and after/before ratios. For changes to the import path (the blob
// worker as a built module, for one).
// Usage: node bench/import-ab.mjs --ref <commit> [--records 20000] [--runs 5]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, fmt, median, privateBuild, tempRepo } from './lib.mjs';

process.setMaxListeners(0); // tempRepo registers one exit listener per repository

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const runs = Number(arg('--runs', 5));
const n = Number(arg('--records', 20000));
const ref = arg('--ref');
if (!ref) throw new Error('give --ref <commit> to compare with');

const base = join(root, 'node_modules', '.cache', 'git-memory-bench');
mkdirSync(base, { recursive: true });
const work = mkdtempSync(join(base, 'import-ab-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
execFileSync('sh', ['-c', `git -C "${root}" archive ${ref} | tar -x -C "${work}"`]);
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
execFileSync(process.execPath, [join(work, 'scripts', 'build.mjs'), join(work, 'dist'), '--no-action'], { stdio: 'inherit' });
const clis = { before: join(work, 'bin', 'memory.js'), after: privateBuild().cli };

const words = 'deploy api cache token retry timeout database index branch merge commit queue worker latency error config build test release'.split(' ');
const file = join(work, 'records.jsonl');
writeFileSync(file, Array.from({ length: n }, (_, i) => JSON.stringify({ content: `${words[i % words.length]} note ${i}: ${Array.from({ length: 8 + (i % 30) }, (_, k) => words[(i * 7 + k) % words.length]).join(' ')}`, tags: [words[i % 7]] })).join('\n') + '\n');
const preload = join(work, 'cpu.cjs');
writeFileSync(preload, "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, '\\ncpu ' + (u.user + u.system) + '\\n'); });\n");

const wall = { before: [], after: [] };
const cpu = { before: [], after: [] };
for (let r = 0; r < runs; r++) {
  for (const which of r % 2 ? ['after', 'before'] : ['before', 'after']) {
    const repo = tempRepo();
    execFileSync('git', ['-C', repo, 'commit', '-q', '--allow-empty', '-m', 'init'], { env: benchEnv });
    const t = process.hrtime.bigint();
    const p = spawnSync(process.execPath, ['-r', preload, clis[which], 'import', file], { cwd: repo, env: benchEnv, encoding: 'utf8' });
    wall[which].push(Number(process.hrtime.bigint() - t) / 1e6);
    if (p.status !== 0 || !p.stdout.includes(`imported ${n} memories`)) throw new Error(`${which}: ${p.stdout} ${p.stderr}`);
    cpu[which].push(Number(/cpu (\d+)\n$/.exec(p.stderr)[1]) / 1000);
    rmSync(repo, { recursive: true, force: true });
  }
}
console.log(`wall ms before [${wall.before.map((x) => fmt(x, 0)).join(", ")}], after [${wall.after.map((x) => fmt(x, 0)).join(", ")}]`);
const [wb, wa, cb, ca] = [median(wall.before), median(wall.after), median(cpu.before), median(cpu.after)];
console.log(`import of ${n} records, medians of ${runs}: wall before ${fmt(wb)} ms, after ${fmt(wa)} ms, after/before ${fmt(wa / wb, 3)}; CPU before ${fmt(cb)} ms, after ${fmt(ca)} ms, after/before ${fmt(ca / cb, 3)}`);
