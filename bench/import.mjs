// `memory import` of N memories from a JSONL file (default 10,000 and 100,000), run as a CLI process
// the way a user runs it: wall time and peak RSS of the process. Then, on the imported branch, the cost
// of one `memory store` (with the secret scan, auto-tags and the de-duplication lookup) and one
// `memory export`, each as a ratio to an empty `node -e ''` start timed in the same run.
//
//   node bench/import.mjs [--sizes 10000,100000] [--runs 3]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateBuild } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const SIZES = opt('sizes', '10000,100000').split(',').map(Number);
const RUNS = Number(opt('runs', '3'));

const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-import-'));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: tmp, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
delete env.MEMORY_BRANCH;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Peak RSS of a child: a preload prints it at exit (spawnSync does not report a child's max RSS).
const PRELOAD = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nMAXRSS '+process.resourceUsage().maxRSS+'\\n'))`;

function timed(args, cwd, input, extraEnv = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, ...args], { cwd, env: { ...env, ...extraEnv }, input, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  const rss = Number(/MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024;
  return { ms, rss, stdout: r.stdout };
}

function corpus(n) {
  const words = 'deploy cache timeout retry database index query latency release migration rollback queue worker schema vpn proxy agent branch pipeline docker kubernetes postgres redis nginx api limit build test lint'.split(' ');
  const lines = [];
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < n; i++) {
    const len = 12 + Math.floor(rnd() * 40);
    const text = Array.from({ length: len }, () => words[Math.floor(rnd() * words.length)]).join(' ');
    lines.push(JSON.stringify({ content: `${i}: ${text}.`, tags: [words[i % words.length], words[(i * 7) % words.length]], category: i % 5 ? 'general' : 'infrastructure', priority: ['low', 'medium', 'high'][i % 3], timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }));
  }
  return lines.join('\n') + '\n';
}

try {
  const { cli } = privateBuild();
  const baseline = median(Array.from({ length: 7 }, () => timed(['-e', ''], tmp).ms));
  console.log(`node -e '' baseline: ${baseline.toFixed(0)} ms`);
  const empty = mkdtempSync(join(tmp, 'repo-empty-'));
  execFileSync('git', ['init', '-q', '-b', 'main', empty], { env });
  const emptyStore = median(Array.from({ length: 7 }, (_, i) => timed([cli, 'store', `empty-branch note ${i}`, '--json'], empty).ms));
  console.log(`store on a branch with 0-7 memories: ${emptyStore.toFixed(0)} ms (${(emptyStore / baseline).toFixed(2)}x node start)`);
  for (const n of SIZES) {
    const file = join(tmp, `import-${n}.jsonl`);
    writeFileSync(file, corpus(n));
    const runs = [];
    let repo;
    for (let r = 0; r < RUNS; r++) {
      repo = mkdtempSync(join(tmp, `repo-${n}-`));
      execFileSync('git', ['init', '-q', '-b', 'main', repo], { env });
      const res = timed([cli, 'import', file, '--json'], repo);
      const out = JSON.parse(res.stdout);
      if (out.imported !== n) throw new Error(`imported ${out.imported} of ${n}`);
      runs.push(res);
    }
    const ms = median(runs.map((x) => x.ms));
    const rss = median(runs.map((x) => x.rss));
    console.log(`import ${n}: ${(ms / 1000).toFixed(2)} s (${(n / (ms / 1000)).toFixed(0)} memories/s), peak RSS ${rss.toFixed(0)} MB  [runs: ${runs.map((x) => (x.ms / 1000).toFixed(2)).join(', ')} s]`);
    // One store on the imported branch: the first builds the fingerprint cache, the next ones reuse it.
    const stores = Array.from({ length: 5 }, (_, i) => timed([cli, 'store', `bench note ${i} about the deploy cache`, '--json'], repo).ms);
    console.log(`  store after import: first ${stores[0].toFixed(0)} ms (${(stores[0] / baseline).toFixed(2)}x), then median ${median(stores.slice(1)).toFixed(0)} ms (${(median(stores.slice(1)) / baseline).toFixed(2)}x node start)`);
    const noDedupe = median(Array.from({ length: 5 }, (_, i) => timed([cli, 'store', `bench note ${i} without the lookup`, '--json'], repo, undefined, { MEMORY_DEDUPE: 'false' }).ms));
    console.log(`  store with MEMORY_DEDUPE=false (no lookup; loads the config schema for the env layer): ${noDedupe.toFixed(0)} ms (${(noDedupe / baseline).toFixed(2)}x)`);
    const dup = median(Array.from({ length: 5 }, () => timed([cli, 'store', 'bench note 1 about the deploy cache', '--json'], repo).ms));
    console.log(`  duplicate store (found, nothing written): ${dup.toFixed(0)} ms (${(dup / baseline).toFixed(2)}x)`);
    const ex = timed([cli, 'export', '--output', join(tmp, `out-${n}.jsonl`)], repo);
    console.log(`  export ${n + 5}: ${(ex.ms / 1000).toFixed(2)} s, peak RSS ${ex.rss.toFixed(0)} MB`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
