// Bounded resources: each hostile input against the cost of a node start measured in the
// same run (`node -e ''`), as wall time and peak RSS of the whole process (/usr/bin/time -f %M).
//
//   node bench/hardening.mjs [--runs 3]
//   node bench/hardening.mjs --search-size [--runs 3] [--sizes 1k,16k,64k,1m,16m] [--huge]
//
//   node bench/hardening.mjs --hangs [--runs 3]
//
// --hangs: the other hangs, each as the command's wall time next to the same command with
// nothing in the way, in the same run: 20,000 `--tags` flags (against a node start), default searches
// with the helper's socket path blocked (against MEMORY_DAEMON=off), and a full-text search while the
// helper does not answer (SIGSTOP holds it; against MEMORY_DAEMON=off).
//
// --search-size: a default `memory search` (hybrid with the offline model when installed;
// MEMORY_EMBEDDER=none turns it to full text) against the size of the largest memory on the branch,
// a hand-committed blob of 1 KB .. 16 MiB next to 20 ordinary memories, as ratios to the 1 KB case
// of the same run (each search killed at --limit seconds, default 120). "cold": the first search of a fresh clone (no index or vector cache); "warm": the
// search after it; `--mode fulltext` cold too. --huge adds a 100 MB blob (over the branch-file cap).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, fmt, median, privateBuild, tempRepo } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const { cli, lib } = privateBuild();
if (process.argv.includes('--search-size')) {
  await searchSize();
  process.exit(0);
}
if (process.argv.includes('--hangs')) {
  await hangs();
  process.exit(0);
}
const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);

/** Wall ms and peak RSS (MB) of `sh -c script` (the pipeline's last process is the one measured). */
function measure(script, cwd) {
  const t = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', script], { cwd, env: { ...benchEnv, CLI: cli }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const rss = hasTime ? Number((/RSS=(\d+)/.exec(r.stderr) ?? [])[1]) / 1024 : NaN;
  return { ms, rss, code: /"code": "([A-Z_]+)"/.exec(r.stdout)?.[1] ?? (r.status === 0 ? 'OK' : `exit ${r.status}`) };
}
const timed = (cmd) => (hasTime ? `${TIME} -f RSS=%M ${cmd}` : cmd);

const repo = tempRepo();
execFileSync(process.execPath, [cli, 'store', 'The staging database is in eu-west-1'], { cwd: repo, env: benchEnv });
// A hostile branch: a 400-byte YAML alias bomb next to the good memory.
const bombRepo = tempRepo();
execFileSync(process.execPath, [cli, 'store', 'The staging database is in eu-west-1'], { cwd: bombRepo, env: benchEnv });
{
  const levels = 'abcdefghi'.split('');
  const yaml = ['---', `a: &a [${Array(9).fill('"x"').join(',')}]`, ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill('*' + levels[i]).join(',')}]`), 'tags: *i', '---', 'boom', ''].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'gm-bomb-'));
  const f = join(dir, 'bomb.md');
  writeFileSync(f, yaml);
  const env = { ...benchEnv, GIT_INDEX_FILE: join(dir, 'index') };
  const g = (...a) => execFileSync('git', a, { cwd: bombRepo, env, encoding: 'utf8' }).trim();
  g('read-tree', 'memory');
  g('update-index', '--add', '--cacheinfo', `100644,${g('hash-object', '-w', f)},memories/bomb.md`);
  g('update-ref', 'refs/heads/memory', g('commit-tree', g('write-tree'), '-p', 'memory', '-m', 'bomb'));
}

const cases = {
  'node -e "" (baseline)': [`${timed(`${process.execPath} -e ""`)}`, repo],
  '`memory list` (good branch)': [`${timed(`${process.execPath} "$CLI" list --json`)}`, repo],
  '`memory list` (branch with a YAML alias bomb)': [`${timed(`${process.execPath} "$CLI" list --json`)}`, bombRepo],
  '`memory search --mode fulltext` (good branch)': [`${timed(`${process.execPath} "$CLI" search staging --mode fulltext --json`)}`, repo],
  '`memory search --mode fulltext` (alias bomb)': [`${timed(`${process.execPath} "$CLI" search staging --mode fulltext --json`)}`, bombRepo],
  '`memory stats` (alias bomb)': [`${timed(`${process.execPath} "$CLI" stats --json`)}`, bombRepo],
  '`yes | memory store -`': [`yes | ${timed(`${process.execPath} "$CLI" store - --json`)}`, repo],
  '300 MB on stdin to `memory store`': [`head -c 300000000 /dev/zero | tr '\\0' a | ${timed(`${process.execPath} "$CLI" store --json`)}`, repo],
  '`memory import /dev/zero`': [`${timed(`${process.execPath} "$CLI" import /dev/zero --json`)}`, repo],
  '`memory core batch --file /dev/zero`': [`${timed(`${process.execPath} "$CLI" core batch --file /dev/zero --json`)}`, repo],
};
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < runs; i++) for (const [k, [script, cwd]] of Object.entries(cases)) results[k].push(measure(script, cwd));
const base = median(results['node -e "" (baseline)'].map((r) => r.ms));
const baseRss = median(results['node -e "" (baseline)'].map((r) => r.rss));
console.log(`| case | result | wall (median of ${runs}) | x node start | peak RSS | x node start |\n|---|---|---|---|---|---|`);
for (const [k, rs] of Object.entries(results)) {
  const ms = median(rs.map((r) => r.ms));
  const rss = median(rs.map((r) => r.rss));
  console.log(`| ${k} | ${rs[0].code} | ${fmt(ms, 0)} ms | ${fmt(ms / base)}x | ${fmt(rss, 0)} MB | ${fmt(rss / baseRss)}x |`);
}

// In-process: tags through the library.
{
  const { MemoryStore } = await import(lib);
  const store = new MemoryStore({ repo: tempRepo(), warn: () => {} });
  const tags = Array.from({ length: 100_000 }, (_, i) => `tag${i}`);
  const t = performance.now();
  let code = 'OK';
  try {
    await store.store({ content: 'x', tags });
  } catch (err) {
    code = err.code;
  }
  console.log(`\nlibrary store with 100,000 tags: ${code} in ${fmt(performance.now() - t, 0)} ms`);
}

/** A deterministic text of `bytes` bytes: words from a 4,000-word made-up vocabulary, sentences, lines. */
function prose(bytes, seed = 1) {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const syl = ['de', 'ploy', 'stag', 'ing', 'ca', 'che', 'lat', 'en', 'cy', 'que', 'ue', 'work', 'er', 'disk', 'mem', 'or', 'ro', 'll', 'out', 'tok', 'ser', 'vi', 'ce', 'ku', 'be', 'net', 'es'];
  const vocab = Array.from({ length: 4000 }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => syl[Math.floor(rnd() * syl.length)]).join(''));
  const parts = [];
  let n = 0;
  while (n < bytes) {
    const words = Array.from({ length: 6 + Math.floor(rnd() * 12) }, () => vocab[Math.floor(rnd() * vocab.length)]);
    const line = words.join(' ') + (rnd() < 0.2 ? '.\n' : '. ');
    parts.push(line);
    n += line.length;
  }
  return parts.join('').slice(0, bytes);
}

async function searchSize() {
  const { MemoryStore } = await import(lib);
  const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
  const unit = { k: 1024, m: 1024 * 1024 };
  const sizes = arg('--sizes', '1k,16k,64k,1m,16m').split(',').map((s) => ({ label: s.replace(/k$/, ' KiB').replace(/m$/, ' MiB'), bytes: Math.round(parseFloat(s) * (unit[s.slice(-1)] ?? 1)) }));
  if (process.argv.includes('--huge')) sizes.push({ label: '100 MB', bytes: 100_000_000 });
  const env = { ...benchEnv };
  if (!('MEMORY_EMBEDDER' in process.env)) delete env.MEMORY_EMBEDDER;
  const repos = [];
  for (const { bytes } of sizes) {
    const repo = tempRepo('gm-bench-size-');
    const store = new MemoryStore({ repo, warn: () => {} });
    for (let i = 0; i < 20; i++) await store.store({ content: `Note ${i}: the staging deploy ${i % 3 ? 'needs' : 'skips'} the cache warm-up; ${prose(200, i + 7)}` });
    const big = await store.store({ content: 'placeholder for the long memory' });
    store.close();
    // Hand-commit the long body under the stored memory's own path and front matter, as a hand edit
    // or another tool would: no write-side size check applies to it.
    const g = (...a) => execFileSync('git', a, { cwd: repo, env: benchEnv, encoding: 'utf8', maxBuffer: 1 << 30 }).trim();
    const path = g('ls-tree', '-r', '--name-only', 'memory', 'memories/').split('\n').find((p) => p.endsWith(`${big.id}.md`));
    const head = g('cat-file', 'blob', `memory:${path}`).split('\n---\n')[0];
    const dir = mkdtempSync(join(tmpdir(), 'gm-bench-blob-'));
    const f = join(dir, 'big.md');
    writeFileSync(f, `${head}\n---\nThe staging deploy runbook. ${prose(bytes, 3)}\n`);
    const genv = { ...benchEnv, GIT_INDEX_FILE: join(dir, 'index') };
    const gi = (...a) => execFileSync('git', a, { cwd: repo, env: genv, encoding: 'utf8' }).trim();
    gi('read-tree', 'memory');
    gi('update-index', '--add', '--cacheinfo', `100644,${gi('hash-object', '-w', f)},${path}`);
    gi('update-ref', 'refs/heads/memory', gi('commit-tree', gi('write-tree'), '-p', 'memory', '-m', 'hand edit: a long memory'));
    repos.push(repo);
  }
  const limitMs = Number(arg('--limit', 120)) * 1000;
  const cold = (repo) => rmSync(join(repo, '.git', 'git-memory'), { recursive: true, force: true });
  const search = (repo, extra = []) => {
    const t = process.hrtime.bigint();
    // A search past the limit is killed and counted at the limit (an unbounded one takes minutes, or runs out of memory).
    const r = spawnSync(process.execPath, [cli, 'search', 'staging deploy cache', '--json', ...extra], { cwd: repo, env, encoding: 'utf8', maxBuffer: 1 << 30, timeout: limitMs, killSignal: 'SIGKILL' });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    let out = {};
    try {
      out = JSON.parse(r.stdout);
    } catch {
      out = { error: r.stderr.slice(0, 200) };
    }
    return { ms, mode: out.mode ?? (r.signal ? `killed at ${limitMs / 1000} s` : `exit ${r.status}`), total: out.total, warned: /warning/.test(r.stderr) };
  };
  const kinds = { 'default, cold': (repo) => (cold(repo), search(repo)), 'default, warm': (repo) => search(repo), 'fulltext, cold': (repo) => (cold(repo), search(repo, ['--mode', 'fulltext'])) };
  const res = sizes.map(() => Object.fromEntries(Object.keys(kinds).map((k) => [k, []])));
  for (let r = 0; r < runs; r++) for (const [i, repo] of repos.entries()) for (const [k, fn] of Object.entries(kinds)) res[i][k].push(fn(repo));
  const med = (i, k) => median(res[i][k].map((x) => x.ms));
  console.log(`embedder: ${env.MEMORY_EMBEDDER || 'default (offline model)'}; ${runs} runs, median; ratio to the 1 KB case of the same kind\n`);
  console.log(`| largest memory | ${Object.keys(kinds).map((k) => `${k} | x 1 KB`).join(' | ')} | mode (default) | results |\n|---|${Object.keys(kinds).map(() => '---|---').join('|')}|---|---|`);
  for (const [i, s] of sizes.entries()) {
    const cells = Object.keys(kinds).map((k) => `${fmt(med(i, k), 0)} ms | ${fmt(med(i, k) / med(0, k), 2)}x`);
    const d = res[i]['default, cold'][0];
    console.log(`| ${s.label} | ${cells.join(' | ')} | ${d.mode} | ${d.total}${d.warned ? ' (warned)' : ''} |`);
  }
  const worst = Math.max(...sizes.map((_, i) => Math.max(...Object.keys(kinds).map((k) => med(i, k) / med(0, k)))));
  console.log(`\nworst ratio to the 1 KB case: ${fmt(worst, 2)}x (bound: 2x) ${worst <= 2 ? 'OK' : 'OVER'}`);
}

async function hangs() {
  const wall = (args, cwd, env = benchEnv) => {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL' });
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, code: /"code": "([A-Z_]+)"/.exec(r.stdout)?.[1] ?? (r.status === 0 ? 'OK' : r.signal ? 'killed at 120 s' : `exit ${r.status}`) };
  };
  const base = tempRepo();
  execFileSync(process.execPath, [cli, 'store', 'The API rate limit is 100 requests per minute'], { cwd: base, env: benchEnv });
  const flags = Array.from({ length: 20_000 }, (_, i) => ['--tags', `t${i}`]).flat();
  const on = { ...benchEnv, MEMORY_DAEMON: 'on', MEMORY_DAEMON_IDLE: '120s' };
  delete on.MEMORY_EMBEDDER;
  const off = { ...on, MEMORY_DAEMON: 'off' };
  // The helper's socket path taken by a folder: no helper can listen there.
  const blocked = tempRepo();
  execFileSync(process.execPath, [cli, 'store', 'The API rate limit is 100 requests per minute'], { cwd: blocked, env: benchEnv });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(blocked, '.git', 'git-memory', '@daemon', 'daemon.sock'), { recursive: true, mode: 0o700 });
  // A helper that does not answer: started, then stopped with SIGSTOP.
  const held = tempRepo();
  execFileSync(process.execPath, [cli, 'store', 'The API rate limit is 100 requests per minute'], { cwd: held, env: benchEnv });
  const ft = { ...on, MEMORY_EMBEDDER: 'none' };
  const pid = JSON.parse(execFileSync(process.execPath, [cli, 'daemon', 'start', '--json'], { cwd: held, env: ft, encoding: 'utf8' })).status.pid;
  process.kill(pid, 'SIGSTOP');
  process.on('exit', () => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  });
  const cases = {
    'node -e "" (baseline)': [() => wall(['-e', ''], base)],
    '`memory store x` + 20,000 `--tags` flags': [() => wall([cli, 'store', 'x', ...flags, '--json'], base), 'node -e "" (baseline)'],
    'default search, MEMORY_DAEMON=off': [() => wall([cli, 'search', 'rate limit', '--json'], blocked, off)],
    'default search, helper socket path blocked (the 2nd and later searches)': [() => wall([cli, 'search', 'rate limit', '--json'], blocked, on), 'default search, MEMORY_DAEMON=off'],
    'full-text search, MEMORY_DAEMON=off': [() => wall([cli, 'search', 'rate limit', '--mode', 'fulltext', '--json'], held, off)],
    'full-text search, helper not answering (SIGSTOP)': [() => wall([cli, 'search', 'rate limit', '--mode', 'fulltext', '--json'], held, ft), 'full-text search, MEMORY_DAEMON=off'],
  };
  // The first blocked search starts a helper that cannot listen (and backs off): not what is measured.
  wall([cli, 'search', 'rate limit', '--json'], blocked, on);
  const res = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < runs; r++) for (const [k, [fn]] of Object.entries(cases)) res[k].push(fn());
  console.log(`| case | result | wall (median of ${runs}) | against | ratio |\n|---|---|---|---|---|`);
  for (const [k, [, against]] of Object.entries(cases)) {
    const ms = median(res[k].map((x) => x.ms));
    const b = against ? median(res[against].map((x) => x.ms)) : ms;
    console.log(`| ${k} | ${res[k][0].code} | ${fmt(ms, 0)} ms | ${against ?? '-'} | ${against ? fmt(ms / b, 2) + 'x' : '-'} |`);
  }
}
