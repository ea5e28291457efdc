// Search quality on evaluation sets written apart from the ranking they measure, each split into a
// tune half (pick defaults on it) and a holdout half (report on it): docs/search.md, "Evaluation sets".
//
//   node bench/quality.mjs [--quick] [--label NAME] [--out FILE] [--mode hybrid|fulltext|vector]
//                          [--opt key=value]... [--query key=value]... [--config JSON]
//                          [--parts abstention,paraphrase,locomo,latency] [--limit 10]
//                          [--data path/to/locomo10.json] [--vector-cache DIR] [--latency-n 10000]
//   node bench/quality.mjs --compare A.json B.json [--resamples 2000]
//   node bench/quality.mjs --split tune --table A.json B.json …   (one row per saved run: the curve)
//   node bench/quality.mjs --check-sets
//   --half tune|holdout: measure one half only (pick defaults on tune without running holdout's searches)
//
// A setting is what the flags pass to the real library (a private build of src/, bench/lib.mjs):
// --mode and --query k=v go into the search query (`store.search(query, …)`), --opt k=v into the
// search options (`minSimilarity=0.5`, `feedback=false`; values are JSON when they parse), --config
// into the store's configuration (`'{"hybrid":{"vectorWeight":0.5}}'`), and environment variables
// reach the library as they do for a user (MEMORY_HYBRID_MIN_SIMILARITY=…). Without flags, search
// runs as a user gets it: hybrid with the default offline model, limit 10.
//
// Measures, each on tune and holdout separately:
// - abstention: bench/data/unanswerable-questions.json over every LoCoMo conversation and the
//   engineering store (bench/data/engineering-notes.json): the share of searches whose `results` is
//   empty (only `results` counts; a `weak` or similar key is ignored), and the mean number of
//   results when there are any.
// - paraphrase: bench/data/paraphrase-notes.json, every note stored (as fresh notes, a day apart,
//   after the last memory) into the engineering store and into LoCoMo's longest conversation; the
//   share of paraphrased queries whose note is in the top 3 / top 10, beside the same for a ranking
//   by the model's cosine alone. The run first checks, with the project's analyzer
//   (src/search/analyze.ts), that no query shares a term with its note, and refuses to measure if one does.
// - LoCoMo evidence recall@5/@10 and MRR (protocol: ../shared/data/README.md) per category 1-5,
//   overall 1-4 and all 1-5; conversations 0-4 are tune, 5-9 holdout.
// - latency: warm in-process search over 10,000 engineering memories, median ms of full text and
//   the setting (by default hybrid; with the model embedding the query, as a user runs it, and with
//   the query vector cached, the search alone), as ratios to plain lunr searching the same texts in
//   the same run (compare settings by their ratios: the machine's load moves the milliseconds).
//   The 10,000 memories carry real model vectors of other texts (the 8,000 texts above, reused), so
//   building the store does not run the model 10,000 times.
// Every per-question outcome is saved (--out, default .bench-tmp/quality-<label>.json); --compare
// reads two such files and prints paired bootstrap 95% intervals of B - A per measure and half.
//
// --quick: LoCoMo conversations 0 and 5 only (one per half) and fewer latency rounds; the paraphrase
// and engineering-store parts are whole. Vectors: the model's vector of each text is cached in
// .bench-tmp/ (bench/calibrate-lib.mjs; --vector-cache DIR to share another checkout's cache), and
// the stores are branches in the temp dir kept between runs, with their vectors committed.
// LoCoMo is CC BY-NC 4.0: read from where it lies, never copied into the project.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';

const userEmbedderEnv = process.env.MEMORY_EMBEDDER;
const { root, internals, median } = await import('./lib.mjs');
// search-lib switches the embedder off for the full-text benches: the user's setting comes back below.
const { buildPrivate, repoWith, rng } = await import('./search-lib.mjs');
if (userEmbedderEnv === undefined) delete process.env.MEMORY_EMBEDDER;
else process.env.MEMORY_EMBEDDER = userEmbedderEnv;
const { cachedEmbedder, cacheDir } = await import('./calibrate-lib.mjs');
const { evidenceIds, sessionDate } = await import('./locomo-data.mjs');
const { engineeringStore } = await import('./engineering-store.mjs');

// ---- arguments -------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const value = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const values = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const parseValue = (v) => {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
const pairs = (list) =>
  Object.fromEntries(
    list.map((kv) => {
      const i = kv.indexOf('=');
      if (i <= 0) throw new Error(`expected key=value, got ${JSON.stringify(kv)}`);
      return [kv.slice(0, i), parseValue(kv.slice(i + 1))];
    }),
  );

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));
const DATA = join(root, 'bench', 'data');
const unanswerable = readJson(join(DATA, 'unanswerable-questions.json')).questions;
const paraphrase = readJson(join(DATA, 'paraphrase-notes.json')).notes;
const engineering = readJson(join(DATA, 'engineering-notes.json')).memories;

const pct = (x) => (Number.isFinite(x) ? (100 * x).toFixed(1) : '-');
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

// ---- the sets' own checks ---------------------------------------------------------------------
/** Paraphrases that share an analyzed term with their note (content, tags, category): must be none. */
async function paraphraseOverlaps() {
  const { terms, queryTerms } = await internals();
  const out = [];
  for (const n of paraphrase) {
    const noteTerms = new Set(terms([n.content, ...n.tags, n.category].join(' ')));
    n.queries.forEach((q, qi) => {
      const shared = queryTerms(q).filter((t) => noteTerms.has(t));
      if (shared.length) out.push({ note: n.id, query: qi, shared });
    });
  }
  return out;
}

// ---- compare mode -----------------------------------------------------------------------------
/** The measures --compare reports: which items (by key and fields) and the per-item number. */
const isLocomo = (k) => k.startsWith('locomo|');
const MEASURES = [
  ['abstention, all stores', (k) => k.startsWith('abst|'), (it) => +it.abstained],
  ['abstention, LoCoMo', (k) => k.startsWith('abst|locomo'), (it) => +it.abstained],
  ['abstention, engineering', (k) => k.startsWith('abst|eng'), (it) => +it.abstained],
  ['paraphrase top 3', (k) => k.startsWith('para|'), (it) => +it.hit3],
  ['paraphrase top 10', (k) => k.startsWith('para|'), (it) => +it.hit10],
  ['LoCoMo R@10 multi-hop (1)', (k, it) => isLocomo(k) && it.category === 1, (it) => it.r10],
  ['LoCoMo R@10 overall 1-4', (k, it) => isLocomo(k) && it.category <= 4, (it) => it.r10],
  ['LoCoMo R@10 all 1-5', isLocomo, (it) => it.r10],
  ['LoCoMo page R@10 all 1-5 (results and weak by relevance)', (k, it) => isLocomo(k) && it.p10 !== undefined, (it) => it.p10],
  ['LoCoMo page R@10 multi-hop', (k, it) => isLocomo(k) && it.category === 1 && it.p10 !== undefined, (it) => it.p10],
  ['LoCoMo R@5 all 1-5', isLocomo, (it) => it.r5],
  ['LoCoMo MRR all 1-5', isLocomo, (it) => it.rr],
];

function compare(fileA, fileB) {
  const A = readJson(fileA);
  const B = readJson(fileB);
  const R = Number(value('--resamples', 2000));
  const rand = rng(20251);
  const rows = [];
  for (const split of ['tune', 'holdout']) {
    for (const [name, has, num] of MEASURES) {
      const a = [];
      const b = [];
      for (const [k, itA] of Object.entries(A.items)) {
        const itB = B.items[k];
        if (!itB || itA.split !== split || !has(k, itA)) continue;
        a.push(num(itA));
        b.push(num(itB));
      }
      if (!a.length) continue;
      const n = a.length;
      const d = a.map((x, i) => b[i] - x);
      const diffs = [];
      for (let r = 0; r < R; r++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += d[Math.floor(rand() * n)];
        diffs.push(s / n);
      }
      diffs.sort((x, y) => x - y);
      rows.push({ split, measure: name, n, a: mean(a), b: mean(b), diff: mean(d), lo: diffs[Math.floor(0.025 * R)], hi: diffs[Math.min(R - 1, Math.floor(0.975 * R))] });
    }
  }
  console.log(`Paired bootstrap (${R} resamples), B = ${B.meta.label} minus A = ${A.meta.label}; items present in both files`);
  console.log('| half | measure | n | A % | B % | B - A (points) | 95% CI |\n|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const sig = r.lo > 0 || r.hi < 0 ? ' *' : '';
    console.log(`| ${r.split} | ${r.measure} | ${r.n} | ${pct(r.a)} | ${pct(r.b)} | ${(100 * r.diff).toFixed(1)}${sig} | [${(100 * r.lo).toFixed(1)}, ${(100 * r.hi).toFixed(1)}] |`);
  }
  console.log('(* the interval excludes 0; MRR rows are x100)');
}

/** One row per saved run: the curve of settings #25 asks for (pick on tune, report holdout). */
function table(files, split) {
  console.log(`Settings on the ${split} half (from saved runs)`);
  console.log('| setting | abstention % | mean results when any | paraphrase top 3 % | top 10 % | cosine top 3 % | R@10 multi-hop | R@10 1-4 | R@10 1-5 | MRR 1-5 | search at 10k, x lunr (query vector cached) |\n|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of files) {
    const r = readJson(f);
    const s = r.summary[split];
    const lat = r.latency ? Object.entries(r.latency.ratioToLunr).find(([k]) => k.includes('cached')) : null;
    const n = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    console.log(`| ${r.meta.label} | ${pct(s.abstention.all.abstained)} | ${n(s.abstention.all.meanResultsWhenAny)} | ${pct(s.paraphrase.all.top3)} | ${pct(s.paraphrase.all.top10)} | ${pct(s.paraphrase.all.cosineTop3)} | ${pct(s.locomo['1'].r10)} | ${pct(s.locomo['overall 1-4'].r10)} | ${pct(s.locomo['all 1-5'].r10)} | ${n(s.locomo['all 1-5'].mrr, 3)} | ${lat ? `${lat[1]}x` : '-'} |`);
  }
}

if (flag('--table')) {
  const files = argv.slice(argv.indexOf('--table') + 1).filter((a) => !a.startsWith('--'));
  table(files, value('--split', 'tune'));
  process.exit(0);
}
if (flag('--compare')) {
  const i = argv.indexOf('--compare');
  compare(argv[i + 1], argv[i + 2]);
  process.exit(0);
}
if (flag('--check-sets')) {
  const bad = await paraphraseOverlaps();
  console.log(`paraphrase queries sharing an analyzed term with their note: ${bad.length}${bad.length ? ` ${JSON.stringify(bad)}` : ''}`);
  process.exit(bad.length ? 1 : 0);
}

// ---- the setting ------------------------------------------------------------------------------
const quick = flag('--quick');
const label = value('--label', [value('--mode', 'default'), ...values('--opt'), ...values('--query')].join(' ') + (quick ? ' quick' : ''));
const out = resolve(value('--out', join(cacheDir, `quality-${label.replace(/[^a-zA-Z0-9._=-]+/g, '_')}.json`)));
const mode = value('--mode');
const searchOpts = pairs(values('--opt'));
const queryExtra = pairs(values('--query'));
const config = value('--config') ? JSON.parse(value('--config')) : {};
const LIMIT = Number(value('--limit', 10));
const parts = new Set((value('--parts', 'abstention,paraphrase,locomo,latency')).split(','));
// Beside the checkout (../shared/data), or beside the folder of worktrees; --data or LOCOMO_FILE otherwise.
const locomoFile = value('--data', process.env.LOCOMO_FILE ?? [join(root, '..', 'shared', 'data', 'locomo10.json'), join(root, '..', '..', 'shared', 'data', 'locomo10.json')].find((p) => existsSync(p)) ?? 'locomo10.json');
const LATENCY_N = Number(value('--latency-n', 10_000));
const DEPTH = 100;

const overlaps = await paraphraseOverlaps();
if (overlaps.length) {
  console.error(`bench/data/paraphrase-notes.json: ${overlaps.length} queries share a term with their note: ${JSON.stringify(overlaps)}`);
  process.exit(1);
}

const { lib } = buildPrivate();
const { MemoryStore } = await import(lib);
const { embedMemories, UseLiteEmbedder } = await internals();
const model = new UseLiteEmbedder();
const embedder = cachedEmbedder(model, { dir: value('--vector-cache', cacheDir) });
const log = (s) => process.stderr.write(`${s}\n`);

// Stores are branches in the temp dir, kept between runs; the name carries this checkout and the
// documents, so another worktree or an edited set never reuses a stale one.
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
const docsHash = (docs) => createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 8);
async function openStore(name, docs, embedWith = embedder) {
  const { dir, ids } = await repoWith(lib, `quality-${checkout}-${name}-${docsHash(docs)}`, docs);
  const store = new MemoryStore({ repo: dir, warn: () => {}, config });
  const t0 = performance.now();
  const e = await embedMemories(store, { embedder: embedWith });
  if (e.embedded) log(`${name}: ${docs.length} memories, ${e.embedded} vectors committed (${Math.round(performance.now() - t0)} ms)`);
  return { store, ids };
}

const fallbacks = [];
async function search(store, query, limit) {
  const q = { query, limit, ...(mode ? { mode } : {}), ...queryExtra };
  const r = await store.search(q, { embedder, ...searchOpts });
  if (r.fallback) fallbacks.push({ query, fallback: r.fallback });
  return r;
}

const items = {};
const meta = { label, date: new Date().toISOString(), quick, mode: mode ?? 'default (as a user runs it)', searchOptions: searchOpts, query: queryExtra, config, limit: LIMIT, model: embedder.id, env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MEMORY_'))) };

// ---- LoCoMo stores ----------------------------------------------------------------------------
const locomo = readJson(locomoFile);
const half = value('--half');
if (half !== undefined && half !== 'tune' && half !== 'holdout') throw new Error(`--half takes tune or holdout, got ${JSON.stringify(half)}`);
const inHalf = (split) => half === undefined || split === half;
const locomoSplit = (i) => (i < 5 ? 'tune' : 'holdout');
const convIdx = (quick ? [0, 5] : locomo.map((_, i) => i)).filter((i) => inHalf(locomoSplit(i)) || parts.has('abstention'));
function turnsOf(conv) {
  const c = conv.conversation;
  const turns = [];
  for (let s = 1; c[`session_${s}`]; s++) {
    const ts = sessionDate(c[`session_${s}_date_time`] ?? '');
    for (const t of c[`session_${s}`]) turns.push({ dia: t.dia_id, content: `${t.speaker}: ${t.text}`, ts, session: `${conv.sample_id}/${s}` });
  }
  return turns;
}
// As bench/locomo-hybrid.mjs: one memory per turn, the session's date (+ i ms keeps the order), and
// the chat session in metadata.session, as an agent storing a conversation records it (the MCP server
// does; hybrid context is only between memories of one conversation: docs/hybrid.md).
// --no-sessions stores the turns without it (notes typed one by one).
const noSessions = argv.includes('--no-sessions');
const turnDocs = (turns) => turns.map((t, i) => ({ content: t.content, tags: [], category: 'general', priority: 'medium', timestamp: new Date(Date.parse(t.ts) + i).toISOString(), ...(noSessions ? {} : { session: t.session }) }));

const t0 = performance.now();
const needLocomo = parts.has('abstention') || parts.has('locomo');
for (const ci of needLocomo ? convIdx : []) {
  const conv = locomo[ci];
  const turns = turnsOf(conv);
  const { store, ids } = await openStore(`locomo-${conv.sample_id}`, turnDocs(turns));
  const split = locomoSplit(ci);
  if (parts.has('locomo') && inHalf(split)) {
    const diaOf = new Map(ids.map((id, i) => [id, turns[i].dia]));
    const known = new Set(turns.map((t) => t.dia));
    for (const [qi, qa] of conv.qa.entries()) {
      const ev = evidenceIds(qa.evidence).filter((x) => known.has(x));
      if (!ev.length || !(qa.category >= 1 && qa.category <= 5)) continue;
      const r = await search(store, String(qa.question), DEPTH);
      const ranked = r.results.map((x) => diaOf.get(x.id));
      const at = (k, list = ranked) => ev.filter((x) => list.slice(0, k).includes(x)).length / ev.length;
      // The ranking itself, confident or not: results and weak candidates by relevance (the top 10
      // is the page a search with limit 10 shows); r10 counts the first 10 confident results.
      const page = [...r.results, ...(r.weak ?? [])].sort((a, b) => b.relevance - a.relevance).map((x) => diaOf.get(x.id));
      const first = ranked.findIndex((d) => ev.includes(d));
      items[`locomo|${conv.sample_id}|${qi}`] = { split, category: qa.category, r5: at(5), r10: at(10), p10: at(10, page), ranks: ev.map((x) => page.indexOf(x) + 1 || null), rr: first >= 0 ? 1 / (first + 1) : 0 };
    }
  }
  if (parts.has('abstention')) {
    const best = await nearestCosines(turns.map((t) => t.content));
    for (const q of unanswerable.filter((q) => inHalf(q.split))) {
      const r = await search(store, q.question, LIMIT);
      items[`abst|locomo-${conv.sample_id}|${q.id}`] = { split: q.split, abstained: r.results.length === 0, n: r.results.length, bestCosine: await best(q.question), shared: await sharedTerms(q.question, r.results) };
    }
  }
  store.close();
  log(`${conv.sample_id} (${split}): done (${Math.round((performance.now() - t0) / 1000)} s)`);
}

// ---- the engineering store -------------------------------------------------------------------
if (parts.has('abstention')) {
  const { store } = await openStore('engineering', engineering);
  const best = await nearestCosines(engineering.map((d) => d.content));
  for (const q of unanswerable.filter((q) => inHalf(q.split))) {
    const r = await search(store, q.question, LIMIT);
    items[`abst|eng|${q.id}`] = { split: q.split, abstained: r.results.length === 0, n: r.results.length, bestCosine: await best(q.question), shared: await sharedTerms(q.question, r.results) };
  }
  store.close();
  log(`engineering store: done (${Math.round((performance.now() - t0) / 1000)} s)`);
}

// ---- paraphrase -------------------------------------------------------------------------------
if (parts.has('paraphrase')) {
  const longest = locomo.reduce((best, c) => (turnsOf(c).length > turnsOf(best).length ? c : best));
  const bases = [
    ['eng', engineering],
    [`locomo-${longest.sample_id}`, turnDocs(turnsOf(longest))],
  ];
  for (const [name, base] of bases) {
    // Fresh notes: a day apart after the store's last memory, so none is another's time neighbour.
    const last = Math.max(...base.map((d) => Date.parse(d.timestamp)));
    const notes = paraphrase.map((n, i) => ({ content: n.content, tags: n.tags, category: n.category, priority: 'medium', timestamp: new Date(last + (i + 1) * 86_400_000).toISOString() }));
    const docs = [...base, ...notes];
    const { store, ids } = await openStore(`para-${name}`, docs);
    const noteIds = ids.slice(base.length);
    // The cosine-only baseline: every memory ranked by the model's cosine with the query.
    const memVecs = await embedder.embed(docs.map((d) => d.content));
    for (const [ni, n] of paraphrase.entries()) {
      if (!inHalf(n.split)) continue;
      for (const [qi, q] of n.queries.entries()) {
        const r = await search(store, q, LIMIT);
        const rank = r.results.findIndex((x) => x.id === noteIds[ni]);
        const [qv] = await embedder.embed([q]);
        const target = base.length + ni;
        const cos = memVecs.map((v) => dot(v, qv));
        const cosRank = cos.filter((c, j) => c > cos[target] || (c === cos[target] && j < target)).length;
        items[`para|${name}|${n.id}|${qi}`] = { split: n.split, kind: n.kind, rank: rank >= 0 ? rank + 1 : null, hit3: rank >= 0 && rank < 3, hit10: rank >= 0 && rank < 10, results: r.results.length, cosine: round(cos[target]), cosRank: cosRank + 1, cos3: cosRank < 3, cos10: cosRank < 10 };
      }
    }
    store.close();
  }
  log(`paraphrase: done (${Math.round((performance.now() - t0) / 1000)} s)`);
}

/** The analyzed terms a question shares with the results it got (content, tags, category): why it matched. */
async function sharedTerms(question, results) {
  if (!results.length) return [];
  const { terms, queryTerms } = await internals();
  const got = new Set(results.flatMap((x) => terms([x.content, ...(x.tags ?? []), x.category ?? ''].join(' '))));
  return queryTerms(question).filter((t) => got.has(t));
}

/**
 * The model's cosine between a query and its nearest memory among `contents`: for an unanswerable
 * question, how close the best unrelated memory comes (what a similarity threshold has to reject).
 */
async function nearestCosines(contents) {
  const vecs = await embedder.embed(contents);
  return async (q) => {
    const [qv] = await embedder.embed([q]);
    let best = -1;
    for (const v of vecs) best = Math.max(best, dot(v, qv));
    return round(best);
  };
}

function dot(a, b) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
function round(x) {
  return Math.round(x * 1000) / 1000;
}

// ---- latency ----------------------------------------------------------------------------------
let latency = null;
if (parts.has('latency')) {
  const lunr = (await import('lunr')).default;
  const docs = engineeringStore(LATENCY_N, 4242);
  // Real vectors of other texts, so cosines are distributed as a real store's are.
  const pool = await embedder.embed([...engineering.map((d) => d.content), ...paraphrase.map((n) => n.content), ...turnsOf(locomo[0]).map((t) => t.content)]);
  const reuse = { id: embedder.id, englishOnly: embedder.englishOnly, embed: async (texts) => texts.map((t) => pool[createHash('sha256').update(t).digest().readUInt32BE(0) % pool.length]) };
  const { store } = await openStore(`latency-${LATENCY_N}`, docs, reuse);
  const plain = lunr(function () {
    this.ref('i');
    this.field('content');
    docs.forEach((d, i) => this.add({ i, content: d.content }));
  });
  const queries = [...unanswerable.filter((q) => q.split === 'tune').slice(0, 20).map((q) => q.question), ...paraphrase.slice(0, 10).flatMap((n) => n.queries), 'deploy rollback of checkout-api', 'flaky integration tests postgres port', 'rate limit of the GitHub API token', 'who owns the edge-proxy', 'OOMKilled build runner memory'];
  await embedder.embed(queries);
  const cases = {
    'plain lunr (baseline)': async (q) => plain.search(q.replace(/[:~^*+-]/g, ' ')),
    'full text': (q) => store.search({ query: q, limit: 10, mode: 'fulltext', ...queryExtra }, searchOpts),
    'this setting, query vector cached': (q) => store.search({ query: q, limit: 10, ...(mode ? { mode } : {}), ...queryExtra }, { embedder, ...searchOpts }),
    'this setting, model embeds the query': (q) => store.search({ query: q, limit: 10, ...(mode ? { mode } : {}), ...queryExtra }, { embedder: model, ...searchOpts }),
  };
  // Warm: index loaded, vectors loaded, model loaded.
  for (const fn of Object.values(cases)) for (const q of queries.slice(0, 3)) await fn(q);
  const rounds = quick ? 2 : 5;
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      for (const [k, fn] of Object.entries(cases)) {
        const t = performance.now();
        await fn(q);
        times[k].push(performance.now() - t);
      }
    }
  }
  store.close();
  const base = median(times['plain lunr (baseline)']);
  latency = { memories: LATENCY_N, queries: queries.length, rounds, medianMs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, round(median(v))])), ratioToLunr: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, round(median(v) / base)])) };
  log(`latency: done (${Math.round((performance.now() - t0) / 1000)} s)`);
}

// ---- summary ----------------------------------------------------------------------------------
function summarise(split) {
  const of = (prefix) => Object.entries(items).filter(([k, it]) => k.startsWith(prefix) && it.split === split).map(([, it]) => it);
  const abst = (prefix) => {
    const xs = of(prefix);
    const any = xs.filter((x) => !x.abstained);
    // The terms that made unanswerable questions match, by how many searches they matched in.
    const counts = new Map();
    for (const x of any) for (const t of x.shared ?? []) counts.set(t, (counts.get(t) ?? 0) + 1);
    const topSharedTerms = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 15).map(([t, c]) => `${t} ${c}`);
    return { searches: xs.length, abstained: mean(xs.map((x) => (x.abstained ? 1 : 0))), meanResultsWhenAny: mean(any.map((x) => x.n)), fullPages: xs.filter((x) => x.n >= LIMIT).length, medianNearestCosine: xs.length ? median(xs.map((x) => x.bestCosine)) : NaN, oneSharedTerm: any.filter((x) => x.shared?.length === 1).length, topSharedTerms };
  };
  const para = (prefix) => {
    const xs = of(prefix);
    return { queries: xs.length, top3: mean(xs.map((x) => +x.hit3)), top10: mean(xs.map((x) => +x.hit10)), cosineTop3: mean(xs.map((x) => +x.cos3)), cosineTop10: mean(xs.map((x) => +x.cos10)), medianTargetCosine: xs.length ? median(xs.map((x) => x.cosine)) : NaN };
  };
  const loc = (cats) => {
    const xs = of('locomo|').filter((x) => cats.includes(x.category));
    return { questions: xs.length, r5: mean(xs.map((x) => x.r5)), r10: mean(xs.map((x) => x.r10)), p10: mean(xs.map((x) => x.p10)), mrr: mean(xs.map((x) => x.rr)) };
  };
  return {
    abstention: { all: abst('abst|'), locomo: abst('abst|locomo'), engineering: abst('abst|eng') },
    paraphrase: { all: para('para|'), engineeringStore: para('para|eng|'), locomoStore: para('para|locomo') },
    locomo: { 1: loc([1]), 2: loc([2]), 3: loc([3]), 4: loc([4]), 5: loc([5]), 'overall 1-4': loc([1, 2, 3, 4]), 'all 1-5': loc([1, 2, 3, 4, 5]) },
  };
}
const summary = { tune: summarise('tune'), holdout: summarise('holdout') };
const result = { meta: { ...meta, seconds: Math.round((performance.now() - t0) / 1000), fallbacks: fallbacks.length, checks: { paraphraseQueriesSharingATerm: overlaps.length } }, summary, latency, items };
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(result, null, 1) + '\n');

const T = summary.tune;
const H = summary.holdout;
const lines = [];
const row = (name, f, fmt = pct) => lines.push(`| ${name} | ${fmt(f(T))} | ${fmt(f(H))} |`);
if (parts.has('abstention')) {
  row(`abstention: no results, all stores (searches ${T.abstention.all.searches} / ${H.abstention.all.searches})`, (s) => s.abstention.all.abstained);
  row('abstention: LoCoMo conversations', (s) => s.abstention.locomo.abstained);
  row('abstention: engineering store', (s) => s.abstention.engineering.abstained);
  row('mean results when any', (s) => s.abstention.all.meanResultsWhenAny, (x) => (Number.isFinite(x) ? x.toFixed(1) : '-'));
  row(`full pages of ${LIMIT}`, (s) => s.abstention.all.fullPages, String);
  row('model cosine of the nearest memory, median', (s) => s.abstention.all.medianNearestCosine, (x) => x.toFixed(3));
  row('searches matching through one shared term', (s) => s.abstention.all.oneSharedTerm, String);
}
if (parts.has('paraphrase')) {
  row(`paraphrase top 3 (queries ${T.paraphrase.all.queries} / ${H.paraphrase.all.queries})`, (s) => s.paraphrase.all.top3);
  row('paraphrase top 10', (s) => s.paraphrase.all.top10);
  row('cosine alone: top 3', (s) => s.paraphrase.all.cosineTop3);
  row('cosine alone: top 10', (s) => s.paraphrase.all.cosineTop10);
  row('model cosine of query and its note, median', (s) => s.paraphrase.all.medianTargetCosine, (x) => x.toFixed(3));
}
if (parts.has('locomo')) {
  for (const [k, name] of [['1', '1 multi-hop'], ['2', '2 temporal'], ['3', '3 open-domain'], ['4', '4 single-hop'], ['5', '5 adversarial'], ['overall 1-4', 'overall 1-4'], ['all 1-5', 'all 1-5']]) {
    row(`LoCoMo R@10 ${name} (n ${T.locomo[k].questions} / ${H.locomo[k].questions})`, (s) => s.locomo[k].r10);
  }
  row('LoCoMo page R@10 all 1-5 (results and weak by relevance)', (s) => s.locomo['all 1-5'].p10);
  row('LoCoMo page R@10 multi-hop', (s) => s.locomo['1'].p10);
  row('LoCoMo R@5 all 1-5', (s) => s.locomo['all 1-5'].r5);
  row('LoCoMo MRR all 1-5', (s) => s.locomo['all 1-5'].mrr, (x) => x.toFixed(3));
}
console.log(`Search quality (#25), setting "${label}", ${meta.date}${quick ? ', --quick' : ''}; model ${embedder.id}; ${result.meta.seconds} s; fallbacks ${fallbacks.length}; per-question results: ${out}`);
console.log('| measure | tune | holdout |\n|---|---|---|');
console.log(lines.join('\n'));
if (parts.has('abstention')) {
  for (const split of ['tune', 'holdout']) console.log(`Terms unanswerable questions matched through (${split}, searches): ${summary[split].abstention.all.topSharedTerms.join(', ')}`);
}
if (latency) {
  console.log(`\nWarm in-process search, ${LATENCY_N.toLocaleString('en')} memories, ${latency.queries} queries x ${latency.rounds} rounds (median ms; ratio to plain lunr on the same texts):`);
  for (const [k, v] of Object.entries(latency.medianMs)) console.log(`- ${k}: ${v} ms (${latency.ratioToLunr[k]}x)`);
}
process.exit(0);
