// LoCoMo evidence retrieval (protocol: ../shared/data/README.md). One memory per dialog turn,
// content "Speaker: text", timestamp = the session's date, one memory branch per conversation; each
// QA question is a search; recall@k = |evidence ∩ top k| / |evidence|, averaged over questions; MRR
// over the top 100. Plain lunr (the same turns, lunr's defaults, query built with index.query from
// lunr's tokenizer) runs in the same script as the reference.
//
//   node bench/locomo.mjs [path/to/locomo10.json]
// The data set is CC BY-NC 4.0: it is read from where it lies and never copied into the project.
import { readFileSync } from 'node:fs';
import lunr from 'lunr';
import { buildPrivate, repoWith } from './search-lib.mjs';
import { evidenceIds, sessionDate } from './locomo-data.mjs';

const file = process.argv[2] ?? new URL('../../shared/data/locomo10.json', import.meta.url).pathname;
const data = JSON.parse(readFileSync(file, 'utf8'));
const { lib } = buildPrivate();
const { MemoryStore } = await import(lib);
const DEPTH = 100;


const cats = [1, 2, 3, 4, 5];
const agg = {};
for (const system of ['git-memory', 'plain lunr']) for (const c of cats) agg[`${system}|${c}`] = { n: 0, r5: 0, r10: 0, mrr: 0 };
let searchMs = 0;
let searches = 0;

for (const conv of data) {
  const c = conv.conversation;
  const turns = [];
  for (let s = 1; c[`session_${s}`]; s++) {
    const ts = sessionDate(c[`session_${s}_date_time`] ?? '');
    for (const t of c[`session_${s}`]) turns.push({ dia: t.dia_id, content: `${t.speaker}: ${t.text}`, ts });
  }
  const docs = turns.map((t, i) => ({ content: t.content, tags: [], category: 'general', priority: 'medium', timestamp: new Date(Date.parse(t.ts) + i).toISOString() }));
  // A fresh branch per run: the cache key includes the data set's conversation id.
  const { dir, ids } = await repoWith(lib, `locomo-${conv.sample_id}`, docs, { fresh: true });
  const diaOf = new Map(ids.map((id, i) => [id, turns[i].dia]));
  const known = new Set(turns.map((t) => t.dia));
  const store = new MemoryStore({ repo: dir, warn: () => {} });
  await store.rebuildIndex();

  const idx = lunr(function () {
    this.ref('dia');
    this.field('content');
    for (const t of turns) this.add(t);
  });

  for (const qa of conv.qa) {
    const ev = evidenceIds(qa.evidence).filter((e) => known.has(e));
    if (!ev.length || !cats.includes(qa.category)) continue;
    const t0 = performance.now();
    const r = await store.search({ query: String(qa.question), limit: DEPTH });
    searchMs += performance.now() - t0;
    searches++;
    const ours = r.results.map((x) => diaOf.get(x.id));
    // lunr's index pipeline (trimmer, stop words) on the query tokens; term() applies the stemmer.
    const qt = lunr.tokenizer(String(qa.question)).map((t) => lunr.stopWordFilter(lunr.trimmer(t))).filter((t) => t && t.toString());
    const plain = idx.query((q) => q.term(qt)).slice(0, DEPTH).map((x) => x.ref);
    for (const [system, ranked] of [['git-memory', ours], ['plain lunr', plain]]) {
      const a = agg[`${system}|${qa.category}`];
      const at = (k) => ev.filter((e) => ranked.slice(0, k).includes(e)).length / ev.length;
      const first = ranked.findIndex((d) => ev.includes(d));
      a.n++;
      a.r5 += at(5);
      a.r10 += at(10);
      a.mrr += first >= 0 ? 1 / (first + 1) : 0;
    }
  }
  store.close();
}

const pct = (x) => (100 * x).toFixed(1);
const rows = [];
for (const system of ['git-memory', 'plain lunr']) {
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
console.log(`LoCoMo evidence retrieval, ${new Date().toISOString()}, ${searches} questions, git-memory search median-free mean ${(searchMs / searches).toFixed(2)} ms/question`);
console.log('| retriever | category | questions | R@5 % | R@10 % | MRR |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
