// The full output of vector and hybrid search over fixed stores, to show that a change to the ranking
// code changes nothing it should not: every result and weak candidate (by the note it is), in order,
// with its relevance, confidence and every score, the total, fallback and relaxation, for the small
// stores' questions (bench/data/small-stores/) and one LoCoMo conversation, in every option the
// ranking has a branch for (feedback, context, page support, expansion, session cap, diversity,
// vector mode, relaxation by meaning, filters, weights).
//
//   node bench/hybrid-golden.mjs --write FILE [path/to/locomo10.json]
//   node bench/hybrid-golden.mjs --check FILE [path/to/locomo10.json]
//
// Each search runs twice: as a user gets it (scores rounded to 4 places, confidence to 3), and with
// the rounding turned off (Math.round is the identity while the search runs) so that scores are
// compared to full precision. Vectors come from the default offline model through the vector cache
// of bench/calibrate-lib.mjs (the first run embeds ~1,000 texts); the stores are branches in the temp
// dir, kept between runs (bench/search-lib.mjs). The LoCoMo data set (CC BY-NC 4.0) is read from
// where it lies (default ../shared/data/locomo10.json) and never copied into the project; without it
// only the small stores run.
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, internals } from './lib.mjs';
import { repoWith } from './search-lib.mjs';
import { sessionDate } from './locomo-data.mjs';
import { cachedEmbedder } from './calibrate-lib.mjs';

const args = process.argv.slice(2);
const value = (k) => (args.includes(k) ? args[args.indexOf(k) + 1] : undefined);
const writeTo = value('--write');
const checkAgainst = value('--check');
if (!writeTo === !checkAgainst) throw new Error('usage: node bench/hybrid-golden.mjs --write FILE | --check FILE [locomo10.json]');
const locomoFile = args.find((a) => a.endsWith('.json') && a !== writeTo && a !== checkAgainst) ?? new URL('../../shared/data/locomo10.json', import.meta.url).pathname;
delete process.env.MEMORY_EMBEDDER; // the default offline model
delete process.env.MEMORY_HYBRID_FEEDBACK;
delete process.env.MEMORY_HYBRID_MIN_SIMILARITY;

const lib = await internals();
const { MemoryStore, embedMemories, UseLiteEmbedder, queryTerms } = lib;
const embedder = cachedEmbedder(new UseLiteEmbedder());
const log = (s) => process.stderr.write(`${s}\n`);
const hash = (x) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 10);

// A small synonym table for `expansion: 'table'`, keyed by the analyser's query terms.
const synonyms = join(mkdtempSync(join(tmpdir(), 'gm-golden-')), 'synonyms.json');
const table = {};
for (const [w, syn] of Object.entries({ job: 'work career office', trip: 'travel vacation journey', kids: 'children family son daughter', painting: 'art canvas', database: 'postgres db sql', deploy: 'release ship rollout', password: 'secret credential', friend: 'friends buddy', book: 'novel reading', music: 'song concert', dog: 'pet puppy', support: 'help', cache: 'caching redis' })) {
  for (const t of queryTerms(w)) table[t] = syn.split(' ');
}
writeFileSync(synonyms, JSON.stringify(table));

/** The searches asked of one store: [label, query, options] for every question. */
function variants(questions, { after } = {}) {
  const out = [];
  const few = questions.slice(0, 25);
  for (const q of questions) out.push(['hybrid', { query: q, limit: 10 }, {}]);
  for (const q of few) {
    out.push(['hybrid limit 30', { query: q, limit: 30 }, {}]);
    out.push(['feedback on', { query: q, limit: 10 }, { feedback: true }]);
    out.push(['feedback off', { query: q, limit: 10 }, { feedback: false }]);
    out.push(['vector', { query: q, limit: 10, mode: 'vector' }, {}]);
    out.push(['fulltext relax', { query: q, limit: 10, mode: 'fulltext', relax: true }, {}]);
    out.push(['session cap 2', { query: q, limit: 10 }, { sessionCap: 2 }]);
    out.push(['diversity 0.8', { query: q, limit: 10 }, { diversity: 0.8 }]);
    out.push(['expansion store', { query: q, limit: 10 }, { expansion: 'store' }]);
    out.push(['expansion store, no candidates', { query: q, limit: 10 }, { expansion: 'store', expansionCandidates: false, expansionWeight: 0.3 }]);
    out.push(['expansion table', { query: q, limit: 10 }, { expansion: 'table', synonyms }]);
    out.push(['similarity 0.3', { query: q, limit: 10 }, { minSimilarity: 0.3 }]);
    out.push(['coverage power 1, semantic 0', { query: q, limit: 10 }, { coveragePower: 1, semanticCandidates: 0 }]);
    out.push(['no page support', { query: q, limit: 10 }, { pageSupport: false }]);
    out.push(['small store 5', { query: q, limit: 10 }, { smallStoreMemories: 5 }]);
    out.push(['min coverage 0.2', { query: q, limit: 10 }, { minCoverage: 0.2 }]);
    if (after) out.push(['after', { query: q, limit: 10, after }, {}]);
    if (after) out.push(['after, relax', { query: 'zzqx unmatched ' + q, limit: 10, after: '2100-01-01', relax: true }, {}]);
  }
  return out;
}

/** One response, with memory ids replaced by the note's position in the store. */
function describe(r, nameOf) {
  const item = (x) => [nameOf(x.id), x.relevance, x.confidence, x.scores];
  return { mode: r.mode, total: r.total, results: r.results.map(item), weak: (r.weak ?? []).map(item), nothingConfident: r.nothingConfident, fallback: r.fallback, relaxed: r.relaxed, vectors: r.vectors && { ...r.vectors, embedMs: undefined } };
}

const out = {};
async function run(name, docs, questions, configs, opts = {}) {
  const { dir, ids } = await repoWith(lib, `golden-${name}-${hash(docs)}`, docs);
  const pos = new Map(ids.map((id, i) => [id, i]));
  const nameOf = (id) => pos.get(id) ?? id;
  for (const [cname, config] of configs) {
    const store = new MemoryStore({ repo: dir, warn: () => {}, config });
    const e = await embedMemories(store, { embedder });
    if (e.embedded) log(`  ${name}: ${e.embedded} vectors committed`);
    const searches = cname === 'default' ? variants(questions, opts) : questions.slice(0, 25).map((q) => ['hybrid', { query: q, limit: 10 }, {}]);
    for (const [label, q, o] of searches) {
      const key = `${name} | ${cname} | ${label} | ${q.query}`;
      const shown = describe(await store.search(q, { embedder, embedBudgetMs: 0, ...o }), nameOf);
      const realRound = Math.round;
      Math.round = (x) => x;
      let exact;
      try {
        exact = describe(await store.search(q, { embedder, embedBudgetMs: 0, ...o }), nameOf);
      } finally {
        Math.round = realRound;
      }
      out[key] = { shown, exact };
    }
    store.close();
    log(`${name} (${cname}): ${searches.length} searches`);
  }
}

const configs = [
  ['default', {}],
  ['no context', { hybrid: { contextWeight: 0 } }],
  ['context 0.6, 30 min, vector weight 0.5', { hybrid: { contextWeight: 0.6, contextMinutes: 30, vectorWeight: 0.5 } }],
];

const T0 = Date.parse('2026-03-02T09:00:00Z');
const dataDir = join(root, 'bench', 'data', 'small-stores');
for (const f of readdirSync(dataDir).filter((f) => f.endsWith('.json')).sort()) {
  for (const s of JSON.parse(readFileSync(join(dataDir, f), 'utf8')).stores) {
    const keys = Object.keys(s.notes);
    // Half the notes stored in one session (context), the rest typed one by one.
    const docs = keys.map((k, i) => ({ content: s.notes[k], tags: i % 3 ? [] : ['odd'], category: 'general', priority: 'medium', timestamp: new Date(T0 + i * 1000).toISOString(), ...(i % 2 ? { session: `s-${s.id}` } : {}) }));
    await run(s.id, docs, [...s.answerable.map((a) => a.q), ...s.neighbouring], configs, { after: new Date(T0 + 10_000).toISOString() });
  }
}

if (existsSync(locomoFile)) {
  const conv = JSON.parse(readFileSync(locomoFile, 'utf8'))[0];
  const c = conv.conversation;
  const docs = [];
  for (let s = 1; c[`session_${s}`]; s++) {
    const ts = Date.parse(sessionDate(c[`session_${s}_date_time`] ?? ''));
    c[`session_${s}`].forEach((t, i) => docs.push({ content: `${t.speaker}: ${t.text}`, tags: [], category: 'general', priority: 'medium', timestamp: new Date(ts + i * 1000).toISOString(), ...(s % 4 ? { session: `locomo-${s}` } : {}) }));
  }
  const questions = conv.qa.map((x) => String(x.question));
  await run(`locomo-${conv.sample_id}`, docs, questions, configs, { after: docs[Math.floor(docs.length / 2)].timestamp });
} else log(`no LoCoMo data at ${locomoFile}: small stores only`);

const n = Object.keys(out).length;
if (writeTo) {
  writeFileSync(writeTo, JSON.stringify(out));
  console.log(`${n} searches written to ${writeTo} (digest ${hash(out)})`);
} else {
  const want = JSON.parse(readFileSync(checkAgainst, 'utf8'));
  const keys = new Set([...Object.keys(want), ...Object.keys(out)]);
  let diff = 0;
  for (const k of keys) {
    const a = JSON.stringify(want[k]);
    const b = JSON.stringify(out[k]);
    if (a === b) continue;
    if (diff++ < 5) log(`differs: ${k}\n  was ${a?.slice(0, 600)}\n  now ${b?.slice(0, 600)}`);
  }
  console.log(`${n} searches, ${diff} differ from ${checkAgainst} (digest ${hash(out)})`);
  process.exitCode = diff ? 1 : 0;
}
