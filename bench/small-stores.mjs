// Confidence on the small store a new user starts with (bench/data/small-stores/, README.md there):
// per set, how often the right note is the first confident result, how often a neighbouring question
// nothing answers gets no confident result, and how many confident results an answerable question
// gets; then the curve by store size (the sets' notes among distractors).
//
//   node bench/small-stores.mjs [--half tune|holdout|fresh|fresh2|both|all] [--mode hybrid|fulltext|both]
//                               [--sizes 10,30,100,1000] [--opt key=value]... [--json FILE] [--label NAME]
//                               [--signals]
//
// Each store is a branch in the temp dir (kept between runs, named by its content), its notes stored
// one second apart as a person types them, vectors committed by the default offline model (cached in
// .bench-tmp/, bench/calibrate-lib.mjs); search runs as a library user gets it (default hybrid after
// `memory embed`, limit 10), and with `mode: 'fulltext'`. --opt k=v goes into the search options
// (values are JSON when they parse), as in bench/quality.mjs. --signals adds to each question in the
// JSON the page's keys (results, then weak) and every hybrid candidate's confidence signals (coverage, known, cosine, z, nearest gap; the
// search's `onSignals`) and the query's terms with their document frequency in the store, for
// replaying confidence rules offline.
//
// Sizes: below 20 (10) = the set's notes cut into stores of that size (each answerable question asked where its note
// is, every neighbouring question asked of each); the set's own size (20-35: the "30" row); 100,
// 1000, 10000 = the set's notes stored after distractors (bench/engineering-store.mjs, stored a
// month earlier, a minute apart, so they are no time neighbours of the notes).
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const userEmbedderEnv = process.env.MEMORY_EMBEDDER;
const { root, internals } = await import('./lib.mjs');
const { buildPrivate, repoWith } = await import('./search-lib.mjs');
if (userEmbedderEnv === undefined) delete process.env.MEMORY_EMBEDDER;
else process.env.MEMORY_EMBEDDER = userEmbedderEnv;
const { cachedEmbedder, cacheDir } = await import('./calibrate-lib.mjs');
const { engineeringStore } = await import('./engineering-store.mjs');

const args = process.argv.slice(2);
const value = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const half = value('--half', 'both');
const modes = value('--mode', 'both') === 'both' ? ['hybrid', 'fulltext'] : [value('--mode')];
const sizes = value('--sizes', '10,30,100,1000').split(',').map(Number);
const label = value('--label', 'run');
const withSignals = args.includes('--signals');
const searchOpts = {};
args.forEach((a, i) => {
  if (a !== '--opt') return;
  const [k, ...rest] = args[i + 1].split('=');
  const v = rest.join('=');
  try {
    searchOpts[k] = JSON.parse(v);
  } catch {
    searchOpts[k] = v;
  }
});

const { lib } = buildPrivate();
const { MemoryStore } = await import(lib);
const { embedMemories, UseLiteEmbedder, queryTerms, terms } = await internals();
const embedder = cachedEmbedder(new UseLiteEmbedder(), { dir: cacheDir });
const log = (s) => process.stderr.write(`${s}\n`);

const dataDir = join(root, 'bench', 'data', 'small-stores');
const sets = [];
for (const f of readdirSync(dataDir).filter((f) => f.endsWith('.json')).sort()) {
  const d = JSON.parse(readFileSync(join(dataDir, f), 'utf8'));
  // both: tune and holdout; all: every split (fresh: stores written after the rules, measured once).
  for (const s of d.stores) if (half === 'all' || s.split === half || (half === 'both' && (s.split === 'tune' || s.split === 'holdout'))) sets.push({ ...s, domain: d.domain });
}

const T0 = Date.parse('2026-03-02T09:00:00Z');
const noteDocs = (s, keys) => keys.map((k, i) => ({ content: s.notes[k], tags: [], category: 'general', priority: 'medium', timestamp: new Date(T0 + i * 1000).toISOString() }));
const hash = (x) => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 10);
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);

async function openStore(docs) {
  const { dir, ids } = await repoWith(lib, `small-${checkout}-${hash(docs)}`, docs);
  const store = new MemoryStore({ repo: dir, warn: () => {} });
  const e = await embedMemories(store, { embedder });
  if (e.embedded) log(`  ${docs.length} memories: ${e.embedded} vectors committed`);
  return { store, ids };
}

/** The query's terms with their document frequency among `contents` (the store's notes). */
function termsDf(q, contents) {
  const docs = contents.map((c) => new Set(terms(c)));
  return queryTerms(q).map((t) => [t, docs.filter((d) => d.has(t)).length]);
}

/** One search; with --signals, every candidate's confidence signals by note key. */
async function run(store, keyOf, q, mode, contents) {
  const cands = [];
  const onSignals = withSignals ? (id, sg, c) => cands.push({ key: keyOf(id), ...sg, conf: c }) : undefined;
  const r = await store.search({ query: q, limit: 10, ...(mode === 'fulltext' ? { mode } : {}) }, { embedder, ...searchOpts, ...(onSignals ? { onSignals } : {}) });
  const extra = withSignals ? { cands: cands.sort((a, b) => b.conf - a.conf), terms: termsDf(q, contents), results: r.results.map((x) => keyOf(x.id)), page: [...r.results, ...(r.weak ?? [])].map((x) => keyOf(x.id)) } : {};
  return { r, extra };
}

/** Runs one set's questions against one store; `keyOf` maps a memory id back to a note key. */
async function measure(store, keyOf, answerable, neighbouring, mode, out, contents = []) {
  for (const a of answerable) {
    const { r, extra } = await run(store, keyOf, a.q, mode, contents);
    const first = r.results[0] ? keyOf(r.results[0].id) : null;
    // The page as an agent reads it: the confident results, then the weak candidates.
    const page = [...r.results, ...(r.weak ?? [])];
    out.answerable.push({ q: a.q, note: a.note, first, confident: r.results.length, right: first === a.note, pageRight: page[0] !== undefined && keyOf(page[0].id) === a.note, top: r.results.slice(0, 3).map((x) => [keyOf(x.id), x.confidence, x.scores?.coverage, x.scores?.vector]), ...extra });
  }
  for (const q of neighbouring) {
    const { r, extra } = await run(store, keyOf, q, mode, contents);
    out.neighbouring.push({ q, confident: r.results.length, top: r.results.slice(0, 3).map((x) => [keyOf(x.id), x.confidence, x.scores?.coverage, x.scores?.vector]), ...extra });
  }
}

const summary = (o) => {
  const A = o.answerable.length;
  const N = o.neighbouring.length;
  const right = o.answerable.filter((x) => x.right).length;
  const quiet = o.neighbouring.filter((x) => x.confident === 0).length;
  const per = A ? o.answerable.reduce((s, x) => s + x.confident, 0) / A : 0;
  const pageRight = o.answerable.filter((x) => x.pageRight).length;
  return { right, A, quiet, N, per, pageRight };
};
const pct = (a, b) => `${a}/${b} (${((100 * a) / b).toFixed(0)}%)`;
const fmtRow = (name, s) => `| ${name} | ${pct(s.right, s.A)} | ${pct(s.quiet, s.N)} | ${s.per.toFixed(2)} | ${pct(s.pageRight, s.A)} |`;

const report = { label, when: new Date().toISOString(), searchOpts, sets: {}, curve: {} };
const lines = [];
for (const mode of modes) {
  lines.push(`\n### ${mode} (${label})\n`, '| set | right note first confident | neighbouring: nothing confident | confident results per answerable question | right note first on the page (results, then weak) |', '|---|---|---|---|---|');
  const byHalf = {};
  for (const s of sets) {
    const keys = Object.keys(s.notes);
    const { store, ids } = await openStore(noteDocs(s, keys));
    const keyOf = (id) => keys[ids.indexOf(id)] ?? 'distractor';
    const o = { answerable: [], neighbouring: [] };
    await measure(store, keyOf, s.answerable, s.neighbouring, mode, o, keys.map((k) => s.notes[k]));
    store.close?.();
    report.sets[`${mode}:${s.id}`] = o;
    lines.push(fmtRow(`${s.id} (${keys.length} notes)`, summary(o)));
    const h = (byHalf[s.split] ??= { answerable: [], neighbouring: [] });
    h.answerable.push(...o.answerable);
    h.neighbouring.push(...o.neighbouring);
  }
  for (const [h, o] of Object.entries(byHalf)) lines.push(fmtRow(`**all ${h}**`, summary(o)));
}

// The curve by store size, per half, default mode (hybrid) and full text.
const distractorPool = engineeringStore(Math.max(1000, ...sizes.filter((n) => n > 100)));
for (const mode of modes) {
  lines.push(`\n### curve by store size, ${mode} (${label})\n`, '| half | size | right note first confident | neighbouring: nothing confident | confident per answerable | right note first on the page |', '|---|---|---|---|---|---|');
  for (const h of [...new Set(sets.map((s) => s.split))]) {
    const hs = sets.filter((s) => s.split === h);
    if (!hs.length) continue;
    for (const size of sizes) {
      const o = { answerable: [], neighbouring: [] };
      for (const s of hs) {
        const keys = Object.keys(s.notes);
        if (size < 20) {
          for (let c = 0; c < keys.length; c += size) {
            const chunk = keys.slice(c, c + size);
            if (chunk.length < size) chunk.unshift(...keys.slice(0, size - chunk.length));
            const { store, ids } = await openStore(noteDocs(s, chunk));
            const keyOf = (id) => chunk[ids.indexOf(id)] ?? 'distractor';
            await measure(store, keyOf, s.answerable.filter((a) => chunk.includes(a.note) && keys.indexOf(a.note) >= c), s.neighbouring, mode, o);
            store.close?.();
          }
        } else {
          const extra = Math.max(0, size - keys.length);
          const month = 30 * 86_400_000;
          const distractors = distractorPool.slice(0, extra).map((m, i) => ({ ...m, timestamp: new Date(T0 - month + i * 60_000).toISOString() }));
          const docs = [...distractors, ...noteDocs(s, keys)];
          const { store, ids } = await openStore(docs);
          const keyOf = (id) => {
            const i = ids.indexOf(id);
            return i >= extra ? keys[i - extra] : `distractor-${i}`;
          };
          await measure(store, keyOf, s.answerable, s.neighbouring, mode, o, docs.map((d) => d.content));
          store.close?.();
        }
      }
      if (withSignals) report.sets[`curve:${mode}:${h}:${size}`] = o;
      report.curve[`${mode}:${h}:${size}`] = summary(o);
      const sm = summary(o);
      lines.push(`| ${h} | ${size} | ${pct(sm.right, sm.A)} | ${pct(sm.quiet, sm.N)} | ${sm.per.toFixed(2)} | ${pct(sm.pageRight, sm.A)} |`);
    }
  }
}
console.log(lines.join('\n'));
mkdirSync(cacheDir, { recursive: true });
const file = value('--json', join(cacheDir, `small-stores-${label}.json`));
writeFileSync(file, JSON.stringify(report, null, 1));
log(`per-question outcomes: ${file}`);
