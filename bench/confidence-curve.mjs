// The curve behind the confidence defaults (docs/search.md "Confidence"): every search of the
// evaluation sets runs once, as a user runs it (hybrid, limit 10), and its page (results then weak) is
// kept with each memory's coverage of the query's information (`scores.coverage`) and its cosine to
// the query (the model's vectors, cached); then every confidence rule of a grid is applied to the same
// pages: abstention (unanswerable questions with no confident result), paraphrase notes in the
// confident top 3, LoCoMo evidence recall@10 of the confident results (categories 1-5, multi-hop).
//
//   node bench/confidence-curve.mjs [--part tune|holdout] [--vector-cache DIR] [--opt key=value]...
//
// Rule: confident when coverage >= c, or cosine >= v (the model's threshold), or both
// coverage >= c2 and cosine >= v2. Sets, splits and stores as bench/quality.mjs.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { internals } from './lib.mjs';
import { repoWith, root } from './search-lib.mjs';
import { evidenceIds, sessionDate } from './locomo-data.mjs';
import { cachedEmbedder, cos } from './calibrate-lib.mjs';
import { engineeringStore } from './engineering-store.mjs';

const argv = process.argv.slice(2);
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const part = arg('--part', 'tune');
const opts = {};
argv.forEach((a, i) => {
  if (a !== '--opt') return;
  const [k, v] = argv[i + 1].split('=');
  opts[k] = JSON.parse(v);
});
delete process.env.MEMORY_EMBEDDER;
const lib = await internals();
const { MemoryStore, embedMemories, UseLiteEmbedder } = lib;
const embedder = cachedEmbedder(new UseLiteEmbedder(), { dir: arg('--vector-cache', join(root, '.bench-tmp')) });
const locomo = JSON.parse(readFileSync(arg('--data', join(root, '..', '..', 'shared', 'data', 'locomo10.json')), 'utf8'));
const unanswerable = JSON.parse(readFileSync(join(root, 'bench/data/unanswerable-questions.json'), 'utf8')).questions.filter((q) => q.split === part);
const paraphrase = JSON.parse(readFileSync(join(root, 'bench/data/paraphrase-notes.json'), 'utf8')).notes;
const engineering = engineeringStore(1000);

const turnsOf = (conv) => {
  const c = conv.conversation;
  const turns = [];
  for (let s = 1; c[`session_${s}`]; s++) {
    const ts = sessionDate(c[`session_${s}_date_time`] ?? '');
    for (const t of c[`session_${s}`]) turns.push({ dia: t.dia_id, content: `${t.speaker}: ${t.text}`, ts });
  }
  return turns;
};
const turnDocs = (turns) => turns.map((t, i) => ({ content: t.content, tags: [], category: 'general', priority: 'medium', timestamp: new Date(Date.parse(t.ts) + i).toISOString() }));
const docsHash = (docs) => createHash('sha256').update(JSON.stringify(docs)).digest('hex').slice(0, 8);
async function open(name, docs) {
  const { dir, ids } = await repoWith(lib, `curve-${name}-${docsHash(docs)}`, docs);
  const store = new MemoryStore({ repo: dir, warn: () => {} });
  await embedMemories(store, { embedder });
  const vecs = new Map();
  const vs = await embedder.embed(docs.map((d) => d.content));
  ids.forEach((id, i) => vecs.set(id, vs[i]));
  return { store, ids, vecs };
}
/** The page of a search: [{ id, cov, cos }], results then weak. */
async function page(st, query) {
  const r = await st.store.search({ query, limit: 10 }, { embedder, ...opts });
  const [qv] = await embedder.embed([query]);
  // The share of the query's terms the store holds at all.
  const ts = lib.searchIndex.queryTerms(query);
  const known = ts.length ? ts.filter((t) => lib.searchIndex.fullTextMatches(st.store, t).size > 0).length / ts.length : 0;
  // Per-query calibration: the query's cosine to every memory of the store (mean, spread, rank).
  const all = st.allVecs ?? (st.allVecs = [...st.vecs.values()]);
  const cs = all.map((v) => cos(qv, v)).sort((x, y) => y - x);
  const mu = cs.reduce((a, x) => a + x, 0) / cs.length;
  const sd = Math.sqrt(cs.reduce((a, x) => a + (x - mu) ** 2, 0) / cs.length) || 1;
  const out = [...r.results, ...(r.weak ?? [])].map((m, rank) => {
    const c = st.vecs.has(m.id) ? cos(qv, st.vecs.get(m.id)) : 0;
    // z: standard scores of the cosine within the query's own distribution; gap: over the 10th nearest.
    return { id: m.id, cov: m.scores?.coverage ?? 0, cos: c, known, z: (c - mu) / sd, gap: c - cs[Math.min(9, cs.length - 1)], crank: cs.findIndex((x) => x <= c), rank, ft: m.scores?.fulltext ?? 0, conf: m.confidence };
  });
  out.known = known;
  return out;
}

let pages = { abst: [], para: [], locomo: [] };
const load = arg('--load', '');
if (load) {
  pages = JSON.parse(readFileSync(load, 'utf8'));
  pages.abst = pages.abst.map((p) => Object.assign(p.items, { known: p.known }));
}
const convs = load ? [] : locomo.map((c, i) => [c, i < 5 ? 'tune' : 'holdout']).filter(([, s]) => s === part);
for (const [conv] of convs) {
  const turns = turnsOf(conv);
  const st = await open(`locomo-${conv.sample_id}`, turnDocs(turns));
  const diaOf = new Map(st.ids.map((id, i) => [id, turns[i].dia]));
  const known = new Set(turns.map((t) => t.dia));
  for (const qa of conv.qa) {
    const ev = evidenceIds(qa.evidence).filter((x) => known.has(x));
    if (!ev.length) continue;
    const p = await page(st, String(qa.question));
    pages.locomo.push({ cat: qa.category, ev, page: p.map((x) => ({ ...x, hit: diaOf.get(x.id) })) });
  }
  for (const q of unanswerable) pages.abst.push(await page(st, q.question));
  st.store.close();
  process.stderr.write(`${conv.sample_id} done\n`);
}
if (!load) {
  const st = await open('engineering', engineering);
  for (const q of unanswerable) pages.abst.push(await page(st, q.question));
  st.store.close();
}
const longest = locomo.reduce((b, c) => (turnsOf(c).length > turnsOf(b).length ? c : b));
for (const [name, base] of load ? [] : [['eng', engineering], [`locomo-${longest.sample_id}`, turnDocs(turnsOf(longest))]]) {
  const last = Math.max(...base.map((d) => Date.parse(d.timestamp)));
  const notes = paraphrase.map((n, i) => ({ content: n.content, tags: n.tags, category: n.category, priority: 'medium', timestamp: new Date(last + (i + 1) * 86_400_000).toISOString() }));
  const st = await open(`para-${name}`, [...base, ...notes]);
  const noteIds = st.ids.slice(base.length);
  for (const [ni, n] of paraphrase.entries()) {
    if (n.split !== part) continue;
    for (const q of n.queries) pages.para.push({ target: noteIds[ni], page: await page(st, q) });
  }
  st.store.close();
}

for (const p of pages.abst) p.known = p.known ?? p[0]?.known ?? 0;
if (arg('--save', '')) (await import('node:fs')).writeFileSync(arg('--save', ''), JSON.stringify({ ...pages, abst: pages.abst.map((p) => ({ known: p.known, items: [...p] })) }));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
function evaluate(ok) {
  const abst = mean(pages.abst.map((p) => (p.some(ok) ? 0 : 1)));
  const para3 = mean(pages.para.map(({ target, page: p }) => (p.filter(ok).slice(0, 3).some((x) => x.id === target) ? 1 : 0)));
  const rec = (qs) => mean(qs.map(({ ev, page: p }) => ev.filter((e) => p.filter(ok).some((x) => x.hit === e)).length / ev.length));
  return { abst, para3, r10: rec(pages.locomo), multi: rec(pages.locomo.filter((q) => q.cat === 1)) };
}
const pct = (x) => (100 * x).toFixed(1);
const all = evaluate(() => true);
const kq = (ps) => mean(ps.map((p) => p.known ?? p[0]?.known ?? 0));
console.error(`known share: unanswerable ${kq(pages.abst).toFixed(2)}, LoCoMo ${kq(pages.locomo.map((q) => q.page)).toFixed(2)}`);
console.log(`Confidence rules on the ${part} part, ${new Date().toISOString()}; options ${JSON.stringify(opts)}; searches: ${pages.abst.length} unanswerable, ${pages.para.length} paraphrase, ${pages.locomo.length} LoCoMo`);
console.log(`whole page (every candidate confident): abstention ${pct(all.abst)}, paraphrase top 3 ${pct(all.para3)}, R@10 1-5 ${pct(all.r10)}, multi-hop ${pct(all.multi)}`);
if (argv.includes('--page-only')) process.exit(0);
console.log('| coverage c | cosine v | both: c2 | both: v2 | known k | then coverage c3 | abstention | paraphrase top 3 | R@10 1-5 | multi-hop R@10 |\n|---|---|---|---|---|---|---|---|---|---|');
const rows = [];
const grid = JSON.parse(arg('--grid', 'null')) ?? { c: [0.5, 0.6, 0.7, 1.01], v: [0.5, 0.55, 0.59], c2: [0.15, 0.25, 0.35, 1.01], v2: [0.3, 0.35, 0.4], k: [1.01, 1, 0.9, 0.8, 0.7], c3: [0, 0.05, 0.1, 0.2], v3: [0, 0.2, 0.3] };
for (const c of grid.c)
  for (const v of grid.v)
    for (const c2 of grid.c2)
      for (const v2 of c2 > 1 ? [1] : grid.v2)
        for (const k of grid.k)
          for (const c3 of k > 1 ? [1] : grid.c3)
            for (const v3 of k > 1 ? [1] : grid.v3) {
              // "known": the share of the query's terms the store holds at all (a question about this store).
              const e = evaluate((x) => x.cov >= c || x.cos >= v || (x.cov >= c2 && x.cos >= v2) || (x.known >= k && (x.cov > c3 || x.cos >= v3) && (x.cov > 0 || x.cos >= v3)));
              rows.push({ c, v, c2, v2, k, c3: `${c3}/${v3}`, ...e });
            }
rows.sort((a, b) => b.r10 + b.para3 * 0.2 - (a.r10 + a.para3 * 0.2));
for (const r of rows.filter((r) => r.abst >= 0.95).slice(0, 25)) console.log(`| ${r.c} | ${r.v} | ${r.c2} | ${r.v2} | ${r.k} | ${r.c3} | ${pct(r.abst)} | ${pct(r.para3)} | ${pct(r.r10)} | ${pct(r.multi)} |`);
console.log('\nBest recall at any abstention:');
for (const r of rows.slice(0, 8)) console.log(`| ${r.c} | ${r.v} | ${r.c2} | ${r.v2} | ${r.k} | ${r.c3} | ${pct(r.abst)} | ${pct(r.para3)} | ${pct(r.r10)} | ${pct(r.multi)} |`);
