// LoCoMo evidence retrieval in every search mode: fulltext, vector, hybrid (protocol:
// ../shared/data/README.md). One memory per dialog turn, content "Speaker: text", timestamp = the
// session's date, one memory branch per conversation; every QA question is a search; recall@k =
// |evidence ∩ top k| / |evidence| averaged over questions; MRR over the top 100.
//
//   node bench/locomo-hybrid.mjs [path/to/locomo10.json] [--fresh] [--weights 0.7,0.5,0.3] [--context 0.2,0] [--no-feedback-too]
//                                [--min-similarity 0.5,0.6] [--modes fulltext,vector,hybrid]
//
// --convs 0,1,2,3,4: those conversations only (0-4 are the tune half of bench/quality.mjs).
// --shuffle: every turn gets the timestamp of another turn of its conversation (seeded permutation), so
// a memory's time neighbours are unrelated turns: what conversation context costs where neighbours
// are independent notes (separate branches; the first run embeds them).
// --weights: hybrid.vectorWeight values; --context: hybrid.contextWeight values (conversation context,
// docs/hybrid.md; default: the configured default only). --min-similarity: similarity thresholds
// (docs/hybrid.md, "Calibration and abstention"; default: the model's calibrated one). Every
// combination is one system. --modes: the plain modes to run besides hybrid (default fulltext,vector).
//
// Vectors come from the real path: `embedMemories` embeds every turn with the default offline model
// and commits the vectors to each conversation's memory branch. The branches are kept in the temp
// dir between runs (like bench/locomo.mjs), so a second run reuses the committed vectors; the model's
// vectors of every turn and question are also cached in .bench-tmp/ (bench/calibrate-lib.mjs), so
// --fresh or a new machine state re-commits them without running the model again (the first run
// ever: about 7,900 texts, minutes on 2 shared cores).
// The data set is CC BY-NC 4.0: it is read from where it lies and never copied into the project.
import { readFileSync } from 'node:fs';
import { internals } from './lib.mjs';
import { repoWith } from './search-lib.mjs';
import { evidenceIds, sessionDate } from './locomo-data.mjs';
import { cachedEmbedder } from './calibrate-lib.mjs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && a.endsWith('.json')) ?? new URL('../../shared/data/locomo10.json', import.meta.url).pathname;
const fresh = args.includes('--fresh');
const shuffle = args.includes('--shuffle');
const wi = args.indexOf('--weights');
const weights = (wi >= 0 ? args[wi + 1] : '0.7').split(',').map(Number);
const ci = args.indexOf('--context');
const contexts = ci >= 0 ? args[ci + 1].split(',').map(Number) : [null];
const data = JSON.parse(readFileSync(file, 'utf8'));
const lib = await internals();
const { MemoryStore, embedMemories, UseLiteEmbedder } = lib;
const embedder = cachedEmbedder(new UseLiteEmbedder());
const si = args.indexOf('--min-similarity');
const sims = si >= 0 ? args[si + 1].split(',').map(Number) : [null];
const mi = args.indexOf('--modes');
const plainModes = mi >= 0 ? args[mi + 1].split(',').filter((m) => m !== 'hybrid') : ['fulltext', 'vector'];
const DEPTH = 100;
delete process.env.MEMORY_EMBEDDER; // the default offline model


const hybrids = weights.flatMap((w) => contexts.flatMap((c) => sims.map((m) => `hybrid w=${w}${c === null ? '' : ` ctx=${c}`}${m === null ? '' : ` sim=${m}`}`)));
const systems = [...plainModes, ...hybrids, ...(args.includes('--no-feedback-too') ? hybrids.map((h) => `${h} no feedback`) : [])];
/** The hybrid settings a system name stands for. */
const hybridConfig = (s) => {
  const w = /w=([\d.]+)/.exec(s);
  const c = /ctx=([\d.]+)/.exec(s);
  return { hybrid: { ...(w ? { vectorWeight: Number(w[1]) } : {}), ...(c ? { contextWeight: Number(c[1]) } : {}) } };
};
const cats = [1, 2, 3, 4, 5];
const agg = {};
for (const s of systems) for (const c of cats) agg[`${s}|${c}`] = { n: 0, r5: 0, r10: 0, mrr: 0 };
const ms = Object.fromEntries(systems.map((s) => [s, []]));
const totals = Object.fromEntries(systems.map((s) => [s, []]));
let embedded = 0;
let reused = 0;
let embedMs = 0;

const cvi = args.indexOf('--convs');
const convs = cvi >= 0 ? args[cvi + 1].split(',').map(Number).map((i) => data[i]).filter(Boolean) : data;
for (const conv of convs) {
  const c = conv.conversation;
  const turns = [];
  for (let s = 1; c[`session_${s}`]; s++) {
    const ts = sessionDate(c[`session_${s}_date_time`] ?? '');
    for (const t of c[`session_${s}`]) turns.push({ dia: t.dia_id, content: `${t.speaker}: ${t.text}`, ts });
  }
  const slots = turns.map((t, i) => new Date(Date.parse(t.ts) + i).toISOString());
  if (shuffle) {
    let seed = 12345;
    for (let i = slots.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const j = seed % (i + 1);
      [slots[i], slots[j]] = [slots[j], slots[i]];
    }
  }
  const docs = turns.map((t, i) => ({ content: t.content, tags: [], category: 'general', priority: 'medium', timestamp: slots[i] }));
  const { dir, ids } = await repoWith(lib, `locomo-hybrid-${shuffle ? 'shuffled-' : ''}${conv.sample_id}`, docs, { fresh });
  const diaOf = new Map(ids.map((id, i) => [id, turns[i].dia]));
  const known = new Set(turns.map((t) => t.dia));
  const stores = Object.fromEntries(
    systems.map((s) => [s, new MemoryStore({ repo: dir, warn: () => {}, config: s.startsWith('hybrid') ? hybridConfig(s) : {} })]),
  );
  const t0 = performance.now();
  const e = await embedMemories(stores[systems[0]], { embedder });
  embedMs += performance.now() - t0;
  embedded += e.embedded;
  reused += e.reused;
  process.stderr.write(`${conv.sample_id}: ${turns.length} turns, ${e.embedded} embedded, ${e.reused} reused (${Math.round(performance.now() - t0)} ms)\n`);

  for (const qa of conv.qa) {
    const ev = evidenceIds(qa.evidence).filter((x) => known.has(x));
    if (!ev.length || !cats.includes(qa.category)) continue;
    for (const system of systems) {
      const mode = system.startsWith('hybrid') ? 'hybrid' : system;
      const t = performance.now();
      const sim = /sim=([\d.]+)/.exec(system);
      const r = await stores[system].search({ query: String(qa.question), limit: DEPTH, mode }, { embedder, feedback: system.endsWith('no feedback') ? false : undefined, ...(sim ? { minSimilarity: Number(sim[1]) } : {}) });
      ms[system].push(performance.now() - t);
      totals[system].push(r.total);
      if (r.mode !== mode) throw new Error(`${system} ran as ${r.mode}: ${JSON.stringify(r.fallback)}`);
      const ranked = r.results.map((x) => diaOf.get(x.id));
      const a = agg[`${system}|${qa.category}`];
      const at = (k) => ev.filter((x) => ranked.slice(0, k).includes(x)).length / ev.length;
      const first = ranked.findIndex((d) => ev.includes(d));
      a.n++;
      a.r5 += at(5);
      a.r10 += at(10);
      a.mrr += first >= 0 ? 1 / (first + 1) : 0;
    }
  }
  for (const s of Object.values(stores)) s.close();
}

const pct = (x) => (100 * x).toFixed(1);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};
const rows = [];
for (const system of systems) {
  const sum = (cs) => {
    const t = { n: 0, r5: 0, r10: 0, mrr: 0 };
    for (const c of cs) for (const k of Object.keys(t)) t[k] += agg[`${system}|${c}`][k];
    return t;
  };
  for (const [label, cs] of [['1 multi-hop', [1]], ['2 temporal', [2]], ['3 open-domain', [3]], ['4 single-hop', [4]], ['5 adversarial', [5]], ['overall 1-4', [1, 2, 3, 4]], ['all 1-5', cats]]) {
    const t = sum(cs);
    rows.push(`| ${system} | ${label} | ${t.n} | ${pct(t.r5 / t.n)} | ${pct(t.r10 / t.n)} | ${(t.mrr / t.n).toFixed(3)} |`);
  }
}
console.log(`LoCoMo evidence retrieval by search mode${shuffle ? ' (turn timestamps shuffled)' : ''}, ${new Date().toISOString()}; vectors: ${embedded} turns embedded, ${reused} reused from the branches (${Math.round(embedMs)} ms)`);
console.log(`median in-process search time per question: ${systems.map((s) => `${s} ${median(ms[s]).toFixed(1)} ms`).join(', ')}`);
console.log(`matches per question (total), mean / median: ${systems.map((s) => `${s} ${mean(totals[s]).toFixed(0)} / ${median(totals[s])}`).join(', ')}`);
console.log('| mode | category | questions | R@5 % | R@10 % | MRR |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
