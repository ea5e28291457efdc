// Warm in-process search latency at 10,000 memories (goals: ≤ 5 ms full text, ≤ 15 ms hybrid), as a
// library user gets it: `openMemory({ repo }).search({ query, limit: 10 })` with no options (hybrid
// with the default offline model, USE lite) and with `mode: 'fulltext'`.
//
//   node bench/search-latency.mjs [--n 10000] [--rounds 5] [--vector-cache DIR]
//   node bench/search-latency.mjs --dump FILE [--n 10000] [--vector-cache DIR]   (results of every query)
//   node bench/search-latency.mjs --same A.json B.json                           (are two dumps identical?)
//
// Prints p50 / p95 per search (ms) and each as a ratio to two baselines measured in the same run,
// interleaved query by query so all see the same machine load: a node no-op (an awaited empty async
// function: the floor of any call) and plain lunr searching the same 10,000 texts. Hybrid is split
// into embedding the query (the model alone, on the same query) and the rest (the search with the
// query vector already known, through an embedder that answers from a table). "hybrid, as a user
// runs it" is a first search of each query text (no query-vector cache can help); "the same text
// again" repeats the text just searched (the query's vector comes from the library's cache).
//
// Store: bench/engineering-store.mjs's synthetic engineering notes (10,000, seed 4242, as
// bench/quality.mjs --parts latency), with real model vectors of other texts (the 1,000 notes of
// bench/data/engineering-notes.json and the paraphrase notes) committed, so building it does not
// run the model 10,000 times; the model's vectors are cached in .bench-tmp (bench/calibrate-lib.mjs).
//
// --dump writes every query's response (ids, relevance, confidence, scores, total, the weak list) for
// 400+ queries in both modes: run it before and after a change and `--same` says whether the pages
// are identical (it exits 1 and prints the first differences when they are not).
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const { root, internals } = await import('./lib.mjs');
const userEmbedderEnv = process.env.MEMORY_EMBEDDER;
// search-lib switches the embedder off for the full-text benches: the user's setting comes back.
const { buildPrivate, repoWith, queries: wordQueries } = await import('./search-lib.mjs');
if (userEmbedderEnv === undefined) delete process.env.MEMORY_EMBEDDER;
else process.env.MEMORY_EMBEDDER = userEmbedderEnv;
const { cachedEmbedder, cacheDir } = await import('./calibrate-lib.mjs');
const { engineeringStore } = await import('./engineering-store.mjs');

const argv = process.argv.slice(2);
const value = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

// ---- --same: compare two dumps ------------------------------------------------------------------
if (argv.includes('--same')) {
  const i = argv.indexOf('--same');
  const A = readJson(argv[i + 1]);
  const B = readJson(argv[i + 2]);
  const keys = Object.keys(A.responses);
  let differ = 0;
  const shown = [];
  for (const k of keys) {
    const a = JSON.stringify(A.responses[k]);
    const b = JSON.stringify(B.responses[k]);
    if (a === b) continue;
    differ++;
    if (shown.length < 5) shown.push(`${k}\n  A ${a.slice(0, 400)}\n  B ${b.slice(0, 400)}`);
  }
  const missing = Object.keys(B.responses).length - keys.length;
  console.log(`${keys.length} responses compared (${A.meta.queries} queries x ${A.meta.modes.join(', ')}): ${differ} differ${missing ? `, B has ${missing} more` : ''}`);
  for (const s of shown) console.log(s);
  process.exit(differ || missing ? 1 : 0);
}

const N = Number(value('--n', 10_000));
const ROUNDS = Number(value('--rounds', 5));
const dump = value('--dump');
const DATA = join(root, 'bench', 'data');
const unanswerable = readJson(join(DATA, 'unanswerable-questions.json')).questions;
const paraphrase = readJson(join(DATA, 'paraphrase-notes.json')).notes;
const engineering = readJson(join(DATA, 'engineering-notes.json')).memories;
const log = (s) => process.stderr.write(`${s}\n`);

const { lib } = buildPrivate();
const { openMemory, MemoryStore } = await import(lib);
const { embedMemories, UseLiteEmbedder } = await internals();
const model = new UseLiteEmbedder();
const embedder = cachedEmbedder(model, { dir: value('--vector-cache', cacheDir) });

// ---- the store -----------------------------------------------------------------------------------
const docs = engineeringStore(N, 4242);
const pool = await embedder.embed([...engineering.map((d) => d.content), ...paraphrase.map((n) => n.content)]);
const reuse = { id: embedder.id, englishOnly: true, embed: async (texts) => texts.map((t) => pool[createHash('sha256').update(t).digest().readUInt32BE(0) % pool.length]) };
const docsHash = createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 8);
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
const { dir } = await repoWith(lib, `latency-${checkout}-${N}-${docsHash}`, docs);
{
  const s = new MemoryStore({ repo: dir, warn: () => {} });
  const e = await embedMemories(s, { embedder: reuse });
  if (e.embedded) log(`${N} memories: ${e.embedded} vectors committed`);
  s.close();
}

// ---- queries: questions as people ask them, paraphrases, and words taken from memories ---------
const asked = [...unanswerable.map((q) => q.question), ...paraphrase.flatMap((n) => n.queries)];
const picked = wordQueries(docs, 160, 11).map((q) => q.text);
const extra = ['deploy rollback of checkout-api', 'flaky integration tests postgres port', 'rate limit of the GitHub API token', 'who owns the edge-proxy', 'OOMKilled build runner memory', 'Why did the docker-build job of the monorepo fail?', 'what broke the e2e suite on macos-14', 'How do we rotate the Stripe key?'];
const all = [...new Set([...asked, ...picked, ...extra])];
// Query vectors, so the "rest of hybrid" case and the dump need no model call.
const qvecs = new Map();
(await embedder.embed(all)).forEach((v, i) => qvecs.set(all[i], v));
const known = { id: embedder.id, englishOnly: true, embed: async (texts) => texts.map((t) => {
  const v = qvecs.get(t);
  if (!v) throw new Error(`no vector for ${JSON.stringify(t)}`);
  return Float32Array.from(v);
}) };

// A fixed clock: the newest memories are days old, so the recency boost takes part and two runs
// minutes apart rank the same (the dump compares relevance to the last digit).
const newest = Math.max(...docs.map((d) => Date.parse(d.timestamp)));
const now = () => new Date(newest + 3 * 86_400_000);

if (dump) {
  const memory = openMemory({ repo: dir, warn: () => {}, now });
  // A search with a given embedder is the store's (MemoryStore#search's `embedder` option).
  const memoryKnown = new MemoryStore({ repo: dir, warn: () => {}, now });
  const responses = {};
  const strip = (r) => ({ total: r.total, mode: r.mode, fallback: r.fallback?.reason, nothingConfident: r.nothingConfident, results: (r.results ?? []).map(pick), weak: (r.weak ?? []).map(pick) });
  const pick = (x) => ({ id: x.id, relevance: x.relevance, confidence: x.confidence, scores: x.scores, content: createHash('sha256').update(x.content).digest('hex').slice(0, 8) });
  const t0 = performance.now();
  for (const q of all) {
    responses[`fulltext|${q}`] = strip(await memory.search({ query: q, limit: 10, mode: 'fulltext' }));
    // The library's own model embeds the query (the default path); its vectors equal the cache's.
    responses[`hybrid|${q}`] = strip(await memory.search({ query: q, limit: 10 }));
    responses[`hybrid-20|${q}`] = strip(await memoryKnown.search({ query: q, limit: 20 }, { embedder: known }));
  }
  memory.close();
  memoryKnown.close();
  writeFileSync(dump, JSON.stringify({ meta: { n: N, queries: all.length, modes: ['fulltext', 'hybrid', 'hybrid-20'], seconds: Math.round((performance.now() - t0) / 1000) }, responses }, null, 1) + '\n');
  console.log(`${all.length} queries x 3 written to ${dump} (${Math.round((performance.now() - t0) / 1000)} s)`);
  process.exit(0);
}

// ---- latency -------------------------------------------------------------------------------------
const lunr = (await import('lunr')).default;
const plain = lunr(function () {
  this.ref('i');
  this.field('content');
  docs.forEach((d, i) => this.add({ i, content: d.content }));
});
const memory = openMemory({ repo: dir, warn: () => {}, now });
// The known-vector case on a store object of its own (the library's MemoryStore, whose search takes an
// `embedder`): one process searching one branch with two embedder objects of one model id keeps one set
// of vectors per store, and switching embedders would reload them on every search (a cost of this
// bench's interleaving, not of a user's process).
const memoryKnown = new MemoryStore({ repo: dir, warn: () => {}, now });
const noop = async () => {};
// 60 queries per round: a third from each source.
const sample = [...asked.filter((_, i) => i % 4 === 0).slice(0, 30), ...picked.slice(0, 22), ...extra];
// Distinct texts for the first-search case: every round searches texts no earlier search used.
const firstTexts = (r) => sample.map((q) => `${q} ${'?'.repeat(r + 1)}`);
const cases = {
  'node no-op (await of an empty async function)': () => noop(),
  'plain lunr, same texts (content only)': async (q) => plain.search(q.replace(/[:~^*+-]/g, ' ')),
  'full text (mode fulltext)': (q) => memory.search({ query: q, limit: 10, mode: 'fulltext' }),
  'hybrid: embed the query (USE lite alone)': (q, r) => model.embed([firstTexts(r)[sample.indexOf(q)].replace(/\?+$/, (m) => '!'.repeat(m.length))]),
  'hybrid: the rest (query vector known)': (q) => memoryKnown.search({ query: q, limit: 10 }, { embedder: known }),
  'hybrid, as a user runs it (first search of the text)': (q, r) => memory.search({ query: firstTexts(r)[sample.indexOf(q)], limit: 10 }),
  // The text the case above has just searched: within the 64 most recent query texts, so its vector is
  // reused (src/search/hybrid-vectors.ts, embedQuery).
  'hybrid, as a user runs it (the same text again)': (q, r) => memory.search({ query: firstTexts(r)[sample.indexOf(q)], limit: 10 }),
};
// --only TEXT: the cases whose name holds TEXT, and the baselines (for a profile: node --cpu-prof).
const only = value('--only');
if (only) for (const k of Object.keys(cases)) if (!k.includes(only) && !k.startsWith('node') && !k.startsWith('plain')) delete cases[k];
// Warm: index, vectors and both model copies loaded; every code path run.
for (const q of sample.slice(0, 5)) for (const [k, fn] of Object.entries(cases)) if (!k.includes('first')) await fn(q, -1);
if (!only) {
  for (const q of sample) await memory.search({ query: q, limit: 10 });
  await model.embed(['warm']);
  await memory.search({ query: 'warm up the model', limit: 10 });
}
const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const q of sample) {
    for (const [k, fn] of Object.entries(cases)) {
      const t = performance.now();
      await fn(q, r);
      times[k].push(performance.now() - t);
    }
  }
}
memory.close();
memoryKnown.close();
const pctl = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lunr50 = pctl(times['plain lunr, same texts (content only)'], 0.5);
const noop50 = pctl(times['node no-op (await of an empty async function)'], 0.5);
const load = (await import('node:os')).loadavg()[0].toFixed(1);
console.log(`Warm in-process search, ${N.toLocaleString('en')} memories, ${sample.length} queries x ${ROUNDS} rounds, limit 10; node ${process.version}; load ${load}`);
console.log('| case | p50 ms | p95 ms | p50 / plain lunr p50 |\n|---|---|---|---|');
for (const [k, v] of Object.entries(times)) console.log(`| ${k} | ${f(pctl(v, 0.5))} | ${f(pctl(v, 0.95))} | ${(pctl(v, 0.5) / lunr50).toFixed(2)}x |`);
console.log(`(node no-op p50 ${noop50.toFixed(4)} ms)`);
process.exit(0);
