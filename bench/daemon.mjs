// Warm default (hybrid) CLI search with and without the search helper (docs/daemon.md), as a ratio to
// an empty `node -e ''` start measured in the same run, interleaved run by run:
//
//   node bench/daemon.mjs [--quick] [--runs N]
//
// For 2,000 and 10,000 memories (--quick: 2,000 only) on a branch that holds a vector for every
// memory (random unit vectors written as the default model's files: timing only, as in
// bench/hybrid.mjs), with warm caches:
//   - `memory search "<query>"` in-process (MEMORY_DAEMON=off) and through a warm helper;
//   - `memory search --mode fulltext` in-process, for reference;
//   - `memory store` with no helper (must not load the model) and with a warm one (it is told to embed);
//   - the first default search with no helper running (starts one and waits for it);
//   - the helper's resident memory, and CPU time (client + helper per search, Linux): on a loaded
//     machine wall times stretch with the load, CPU time much less.
// Each run searches a different query (the same list for every row), so nothing is answered twice.
import { readFileSync } from 'node:fs';
import { benchEnv, compare, fmt, median, internals } from './lib.mjs';
import { buildPrivate, corpus, repoWith, rng, timeRun } from './search-lib.mjs';

const quick = process.argv.includes('--quick');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : quick ? 3 : 7;
const sizes = quick ? [2_000] : [2_000, 10_000];
const DIMS = 512;

const { cli, lib } = buildPrivate();
const { MemoryStore } = await import(lib);
const { encodeVector, vectorContentHash, vectorPath } = await internals();

// The default offline model, and the helper only where a row says so.
const base = { ...benchEnv, MEMORY_EMBEDDER: '', MEMORY_DAEMON_IDLE: '10m' };
const OFF = { ...base, MEMORY_DAEMON: 'off' };
const ON = { ...base, MEMORY_DAEMON: 'on' };

function randomUnit(r) {
  const v = new Float32Array(DIMS);
  let s = 0;
  for (let j = 0; j < DIMS; j++) s += (v[j] = r() * 2 - 1) ** 2;
  const inv = 1 / Math.sqrt(s);
  for (let j = 0; j < DIMS; j++) v[j] *= inv;
  return v;
}

async function repoWithVectors(N) {
  const docs = corpus(N, 11);
  const { dir, ids } = await repoWith(lib, `daemon-${N}`, docs);
  const store = new MemoryStore({ repo: dir, warn: () => {} });
  const slug = 'use-lite-en-0.2.0';
  if (!store.git.entryAt(store.treeOf(store.tip()), `vectors/${slug}`)) {
    const r = rng(5);
    const changes = new Map();
    ids.forEach((id, i) => changes.set(vectorPath(slug, id, docs[i].timestamp), encodeVector('use-lite-en@0.2.0', vectorContentHash(docs[i].content), randomUnit(r))));
    await store.git.commit({ ref: store.ref, expect: store.tip(), changes, message: 'bench: vectors', author: { name: 'Bench', email: 'bench@example.com' } });
  }
  store.close();
  return dir;
}

const QUERIES = ['deploy server cache timeout', 'payment invoice customer', 'rollback after a failed migration', 'which database does billing use', 'flaky test retry in the build', 'alert on latency of the login session', 'rotate the registry token', 'backup restore of the cluster'];
const query = (i) => QUERIES[i % QUERIES.length];

/** CPU time (user + system, ms) of waited-for children of this process so far (Linux /proc), or null. */
function childCpuMs() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').slice(readFileSync('/proc/self/stat', 'utf8').lastIndexOf(')') + 2).split(' ');
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100; // cutime + cstime, in clock ticks (100 Hz)
  } catch {
    return null;
  }
}
/** Median CPU ms of `fn`'s child process over `n` runs. */
function cpuOf(n, fn) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const c = childCpuMs();
    fn(i);
    if (c !== null) xs.push(childCpuMs() - c);
  }
  return xs.length ? median(xs) : null;
}

const memory = (dir, env, ...args) => timeRun(process.execPath, [cli, ...args], { cwd: dir, env });
const json = (dir, env, ...args) => JSON.parse(memory(dir, env, ...args, '--json').stdout);

console.log(`# search helper: warm default CLI search, ratio to node -e '' (median of ${runs}, interleaved)\n`);
const q = QUERIES[0];
for (const N of sizes) {
  const dir = await repoWithVectors(N);
  memory(dir, ON, 'daemon', 'stop');
  // Warm the in-process caches (catalog, full-text index, local vector cache; vectors of notes an
  // earlier run stored), then check the mode.
  memory(dir, OFF, 'search', q);
  const check = json(dir, OFF, 'search', q);
  if (check.mode !== 'hybrid' || check.vectors?.embedded) throw new Error(`expected hybrid with every vector reused: ${JSON.stringify({ mode: check.mode, fallback: check.fallback, vectors: check.vectors })}`);
  // The first default search with no helper: starts it and waits for its answer.
  const first = memory(dir, ON, 'search', q, '--json');
  const viaHelper = JSON.parse(first.stdout);
  if (JSON.stringify(viaHelper.results.map((r) => r.id)) !== JSON.stringify(check.results.map((r) => r.id))) throw new Error('the helper answered differently from the in-process search');
  const st = json(dir, ON, 'daemon', 'status');
  if (!st.running) throw new Error('the helper is not running after a default search');
  let stored = 0;
  const t = compare(runs, {
    node: () => timeRun(process.execPath, ['-e', ''], { env: OFF }).ms,
    inProcess: (i) => memory(dir, OFF, 'search', query(i)).ms,
    helper: (i) => memory(dir, ON, 'search', query(i)).ms,
    fulltext: (i) => memory(dir, OFF, 'search', query(i), '--mode', 'fulltext').ms,
  });
  // CPU: the client process, and the helper's own CPU per search (from its status, before and after).
  const cpuRuns = Math.max(runs, 5);
  const cpuNode = cpuOf(cpuRuns, () => timeRun(process.execPath, ['-e', ''], { env: OFF }));
  const cpuBefore = json(dir, ON, 'daemon', 'status').status.cpuMs;
  const cpuClient = cpuOf(cpuRuns, (i) => memory(dir, ON, 'search', query(i + 3)));
  const cpuHelper = (json(dir, ON, 'daemon', 'status').status.cpuMs - cpuBefore) / cpuRuns;
  const cpuInProcess = cpuOf(cpuRuns, (i) => memory(dir, OFF, 'search', query(i + 3)));
  const rss = json(dir, ON, 'daemon', 'status').status.rssBytes / 1048576;
  // Served by the helper: its request count moved by the searches above.
  const served = json(dir, ON, 'daemon', 'status').status.requests;
  // Stores last: each moves the branch (and the helper then embeds the new memory).
  const t1 = compare(runs, {
    node: () => timeRun(process.execPath, ['-e', ''], { env: OFF }).ms,
    storeHelper: () => memory(dir, ON, 'store', `bench note ${N} ${stored++} about a deploy that timed out`, '--no-auto-tag').ms,
  });
  const found = json(dir, ON, 'search', `bench note ${N} ${stored - 1}`, '--mode', 'fulltext');
  if (!found.results.length) throw new Error('the helper does not see the memories just stored');
  memory(dir, ON, 'daemon', 'stop');
  const t2 = compare(runs, {
    node: () => timeRun(process.execPath, ['-e', ''], { env: OFF }).ms,
    storeAlone: () => memory(dir, ON, 'store', `bench note ${N} ${stored++} about a cache that filled up`, '--no-auto-tag').ms,
  });
  const stillNone = json(dir, ON, 'daemon', 'status');
  if (stillNone.running) throw new Error('a store started a helper');
  const row = (name, ms, node) => console.log(`| ${name} | ${fmt(ms)} | ${(ms / node).toFixed(2)} |`);
  console.log(`## ${N} memories with a vector each (node -e '': ${fmt(t.node)} ms; helper served ${served} requests, RSS ${rss.toFixed(0)} MB)\n`);
  console.log('| command | ms | x node start |\n|---|---|---|');
  row('`memory search "…"` (hybrid), in-process (MEMORY_DAEMON=off)', t.inProcess, t.node);
  row('`memory search "…"` (hybrid), warm helper', t.helper, t.node);
  row('`memory search "…" --mode fulltext`, in-process', t.fulltext, t.node);
  row('`memory store "…"`, no helper running', t2.storeAlone, t2.node);
  row('`memory store "…"`, warm helper (told to embed it)', t1.storeHelper, t1.node);
  row('first default search, no helper yet (starts it, waits for its answer)', first.ms, t.node);
  if (cpuNode !== null) {
    console.log(`\nCPU time (user + system, median of ${cpuRuns}): node -e '' ${fmt(cpuNode)} ms; search in-process ${fmt(cpuInProcess)} ms (${(cpuInProcess / cpuNode).toFixed(2)}x); through the helper: client ${fmt(cpuClient)} ms + helper ${fmt(cpuHelper)} ms (mean) = ${((cpuClient + cpuHelper) / cpuNode).toFixed(2)}x.`);
  }
  console.log('');
}
