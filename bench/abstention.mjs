// Abstention: the share of queries unrelated to every memory that return nothing (docs/hybrid.md,
// "Calibration and abstention"). Queries: bench/data/unrelated-queries.json (60, never used for the
// threshold). Stores: each of LoCoMo's 10 conversations (one memory per dialog turn, as
// bench/locomo-hybrid.mjs) and a synthetic store of 10,000 engineering notes (bench/abstention-notes.mjs).
// Also, as a check that the threshold does not abstain on everything, in-domain questions written
// for the notes store (none shares a word with the memory it is about... most share some).
//
//   node bench/abstention.mjs [path/to/locomo10.json] [--notes 10000] [--min-similarity 0.6] [--skip-locomo]
//
// Each query runs as the CLI's default (hybrid, relax off) and as MCP's default (relax on). A query
// "abstains" when it returns no result; the rest are split into those whose every result is a
// full-text match (the query shares a word with those memories: the contract keeps them) and those
// with a result found by meaning alone (a false accept). Vectors are cached in .bench-tmp/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { internals } from './lib.mjs';
import { repoWith, root } from './search-lib.mjs';
import { sessionDate } from './locomo-data.mjs';
import { cachedEmbedder } from './calibrate-lib.mjs';
import { engineeringNotes } from './abstention-notes.mjs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && a.endsWith('.json')) ?? join(root, '..', 'shared', 'data', 'locomo10.json');
const ni = args.indexOf('--notes');
const N = ni >= 0 ? Number(args[ni + 1]) : 10_000;
const si = args.indexOf('--min-similarity');
const minSimilarity = si >= 0 ? Number(args[si + 1]) : undefined;
const lib = await internals();
const { MemoryStore, embedMemories, UseLiteEmbedder } = lib;
delete process.env.MEMORY_EMBEDDER; // the default offline model
const embedder = cachedEmbedder(new UseLiteEmbedder());
const unrelated = JSON.parse(readFileSync(join(root, 'bench', 'data', 'unrelated-queries.json'), 'utf8')).queries;
const related = [
  'how do we roll back a bad release',
  'the site went down because a certificate expired',
  'what is the plan for the database schema change',
  'who do I call when the payments service breaks at night',
  'tests that fail randomly in the pipeline',
  'how long do we keep backups',
  'why is the checkout page so slow',
  'where do passwords and keys for services go',
  'load testing results',
  'cloud bill is too high',
  'the app shows outdated information after an edit',
  'what to do when latency alerts fire',
  'new hire access on the first week',
  'which team owns the gateway',
  'retries and timeouts of the http client',
];
const opts = { embedder, ...(minSimilarity !== undefined ? { minSimilarity } : {}) };

async function run(store, queries) {
  const out = { n: 0, none: 0, fulltextOnly: 0, semantic: 0, relaxNone: 0, relaxSemantic: 0, results: 0, worst: [] };
  for (const q of queries) {
    const r = await store.search({ query: q, limit: 10 }, opts);
    const rr = await store.search({ query: q, limit: 10, relax: true }, opts);
    out.n++;
    out.results += r.results.length;
    if (!r.results.length) out.none++;
    else if (r.results.every((x) => (x.scores?.fulltext ?? 0) > 0)) out.fulltextOnly++;
    else {
      out.semantic++;
      const s = r.results.find((x) => !(x.scores?.fulltext > 0));
      out.worst.push(`${q} → ${s.scores.vector} "${s.content.slice(0, 70)}"`);
    }
    if (!rr.results.length) out.relaxNone++;
    else if (rr.results.some((x) => !(x.scores?.fulltext > 0))) out.relaxSemantic++;
  }
  return out;
}

const pct = (a, b) => `${((100 * a) / b).toFixed(1)}%`;
const rows = [];
const row = (name, o) => rows.push(`| ${name} | ${o.n} | **${pct(o.none, o.n)}** | ${pct(o.fulltextOnly, o.n)} | ${pct(o.semantic, o.n)} | ${pct(o.relaxNone, o.n)} | ${pct(o.relaxSemantic, o.n)} |`);
const worst = [];

// The synthetic engineering-notes store.
const docs = engineeringNotes(N);
const { dir } = await repoWith(lib, `abstention-notes-${N}`, docs);
const notes = new MemoryStore({ repo: dir, warn: () => {} });
let t0 = performance.now();
const e = await embedMemories(notes, { embedder });
process.stderr.write(`notes: ${N} memories, ${e.embedded} vectors committed, ${e.reused} reused (${Math.round(performance.now() - t0)} ms; model ran on ${embedder.computed} texts)\n`);
t0 = performance.now();
const notesUnrelated = await run(notes, unrelated);
const notesRelated = await run(notes, related);
const perQuery = (performance.now() - t0) / (unrelated.length + related.length) / 2;
row(`${N.toLocaleString('en')} engineering notes: unrelated queries`, notesUnrelated);
worst.push(...notesUnrelated.worst);
notes.close();

// LoCoMo's conversations: the same branches as bench/locomo-hybrid.mjs.
if (!args.includes('--skip-locomo')) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const all = { n: 0, none: 0, fulltextOnly: 0, semantic: 0, relaxNone: 0, relaxSemantic: 0, results: 0, worst: [] };
  const everywhere = new Map(unrelated.map((q) => [q, 0]));
  for (const conv of data) {
    const c = conv.conversation;
    const turns = [];
    for (let s = 1; c[`session_${s}`]; s++) {
      const ts = sessionDate(c[`session_${s}_date_time`] ?? '');
      for (const t of c[`session_${s}`]) turns.push({ content: `${t.speaker}: ${t.text}`, ts });
    }
    const tdocs = turns.map((t, i) => ({ content: t.content, tags: [], category: 'general', priority: 'medium', timestamp: new Date(Date.parse(t.ts) + i).toISOString() }));
    const { dir: cdir } = await repoWith(lib, `locomo-hybrid-${conv.sample_id}`, tdocs);
    const s = new MemoryStore({ repo: cdir, warn: () => {} });
    await embedMemories(s, { embedder });
    for (const q of unrelated) {
      const o = await run(s, [q]);
      for (const k of ['n', 'none', 'fulltextOnly', 'semantic', 'relaxNone', 'relaxSemantic', 'results']) all[k] += o[k];
      all.worst.push(...o.worst.map((w) => `${conv.sample_id}: ${w}`));
      if (o.none) everywhere.set(q, everywhere.get(q) + 1);
    }
    s.close();
  }
  row(`LoCoMo, 10 conversations × ${unrelated.length} unrelated queries`, all);
  const silent = [...everywhere.values()].filter((v) => v === data.length).length;
  rows.push(`| LoCoMo: queries with nothing in all 10 conversations | ${unrelated.length} | **${pct(silent, unrelated.length)}** | | | | |`);
  worst.push(...all.worst);
}
rows.push(`| ${N.toLocaleString('en')} engineering notes: in-domain questions (should find) | ${notesRelated.n} | ${pct(notesRelated.none, notesRelated.n)} | ${pct(notesRelated.fulltextOnly, notesRelated.n)} | ${pct(notesRelated.semantic, notesRelated.n)} | ${pct(notesRelated.relaxNone, notesRelated.n)} | ${pct(notesRelated.relaxSemantic, notesRelated.n)} |`);

console.log(`Abstention, ${new Date().toISOString()}; model ${embedder.id}, threshold ${minSimilarity ?? 'calibrated default'}; mean in-process search over ${N} notes: ${perQuery.toFixed(0)} ms`);
console.log('| store and queries | queries | return nothing | only full-text matches | a match by meaning alone | with relax (MCP default): nothing | with relax: a match by meaning alone |\n|---|---|---|---|---|---|---|');
console.log(rows.join('\n'));
if (worst.length) console.log(`\nUnrelated queries with a result found by meaning alone (its cosine, its text):\n${worst.slice(0, 30).map((w) => `- ${w}`).join('\n')}`);
