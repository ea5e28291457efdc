// Confidence from several signals together (BENCHMARKS.md "Confidence from several signals, query expansion measured"): reads
// the pages bench/confidence-curve.mjs saved (--save FILE, each candidate with its coverage of the
// query's information, its cosine, the cosine's standard score within the query's own cosines over
// the whole store `z`, its rank by cosine in the store `crank`, the share of the query's terms the
// store holds `known`) and applies every rule of a grid to them: abstention, paraphrase note in the
// confident top 3, LoCoMo evidence recall@10 of the confident results (categories 1-5, multi-hop).
//
//   node bench/confidence-curve.mjs --part tune --page-only --save pages.json
//   node bench/confidence-signals.mjs pages.json [--grid] [--min-abstention 0.95] [--top 20]
//
// First the product's rule (src/search/confidence.ts, its constants as parameters) step by step from the
// coverage-only rule (no page support, no per-query signals), and around the default: that curve is in BENCHMARKS.md. With --grid, also the
// exploratory grid: the coverage-only rule OR cos >= zc && z >= zz (a cosine
// standing out from the query's own distribution), or crank < rk && z >= zr, or cov >= zc2 && z >= zz2.
import { readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const pages = JSON.parse(readFileSync(argv[0], 'utf8'));
const abst = pages.abst.map((p) => Object.assign(p.items, { known: p.known }));
const minAbst = Number(arg('--min-abstention', '0.95'));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const FLOOR = 0.59;
// The coverage-only rule (without page support and the per-query signals).
const current = (x) => x.cov >= 0.6 || x.cos >= 0.85 * FLOOR || (x.cov >= 0.25 && x.cos >= 0.68 * FLOOR) || (x.known >= 1 && x.cov >= 0.2);
function evaluate(ok) {
  const a = mean(abst.map((p) => (p.some(ok) ? 0 : 1)));
  const para3 = mean(pages.para.map(({ target, page: p }) => (p.filter(ok).slice(0, 3).some((x) => x.id === target) ? 1 : 0)));
  const rec = (qs) => mean(qs.map(({ ev, page: p }) => ev.filter((e) => p.filter(ok).some((x) => x.hit === e)).length / ev.length));
  return { abst: a, para3, r10: rec(pages.locomo), multi: rec(pages.locomo.filter((q) => q.cat === 1)) };
}
const pct = (x) => (100 * x).toFixed(1);
const row = (name, e) => `| ${name} | ${pct(e.abst)} | ${pct(e.para3)} | ${pct(e.r10)} | ${pct(e.multi)} |`;
console.log(`searches: ${abst.length} unanswerable, ${pages.para.length} paraphrase, ${pages.locomo.length} LoCoMo`);
console.log('| rule | abstention | paraphrase top 3 | R@10 1-5 | multi-hop |\n|---|---|---|---|---|');
console.log(row('whole page', evaluate(() => true)));
console.log(row('seventh session rule', evaluate(current)));
// The rule of src/search/confidence.ts with its constants as parameters (cosines as multiples of the
// model's threshold): c coverage line, v semantic line, z its standard-score line, pc/pv the pair,
// g/gv the nearest-by-meaning gap rule, s page support (cosine line; coverage above 0), k the known rule.
const rule = (P) => (p) => {
  const item = (x) =>
    (x.cov >= P.c && x.cos >= (P.l ?? -9) * FLOOR) ||
    (x.cos >= P.v * FLOOR && x.z >= P.z) ||
    (x.cov >= P.pc && x.cos >= P.pv * FLOOR) ||
    (x.known >= 1 && x.cov >= (P.k ?? 0.2) && x.cos >= (P.l ?? -9) * FLOOR) ||
    (x.crank < 1 && x.gap >= P.g * FLOOR && x.cos >= P.gv * FLOOR);
  const c = p.map(item);
  if (!P.s || !c.some(Boolean)) return c;
  return p.map((x, i) => c[i] || x.cov > 0 || x.cos >= P.s * FLOOR);
};
const evalPage = (conf) => {
  const a = mean(abst.map((p) => (conf(p).some(Boolean) ? 0 : 1)));
  const para3 = mean(pages.para.map(({ target, page: p }) => { const f = conf(p); return p.filter((_, i) => f[i]).slice(0, 3).some((x) => x.id === target) ? 1 : 0; }));
  const rec = (qs) => mean(qs.map(({ ev, page: p }) => { const f = conf(p); return ev.filter((e) => p.some((x, i) => f[i] && x.hit === e)).length / ev.length; }));
  const nres = mean(pages.locomo.map(({ page: p }) => conf(p).filter(Boolean).length));
  return { abst: a, para3, r10: rec(pages.locomo), multi: rec(pages.locomo.filter((q) => q.cat === 1)), nres };
};
const OLD = { c: 0.6, v: 0.85, z: -99, pc: 0.25, pv: 0.68, g: 99, gv: 99, s: 0 };
// NEW: the eighth session's default; the tenth moved hybrid's coverage line to 0.65 and z to 2.8 (last row).
const NEW = { c: 0.6, v: 0.85, z: 3, pc: 0.3, pv: 0.68, g: 0.37, gv: 0.76, s: 0.6, l: 0.3 };
const steps = [
  ['before (the seventh session)', OLD],
  ['+ page support', { ...OLD, s: 0.6 }],
  ['+ semantic line needs z >= 3', { ...OLD, s: 0.6, z: 3 }],
  ['+ pair coverage 0.3', { ...OLD, s: 0.6, z: 3, pc: 0.3 }],
  ['+ nearest-gap rule', { ...NEW, l: -9 }],
  ['+ lexical rules need cosine >= 0.3 x threshold (default)', NEW],
  ['default, lexical cosine 0.4', { ...NEW, l: 0.4 }],
  ['default, support off', { ...NEW, s: 0 }],
  ['default, z >= 2.5', { ...NEW, z: 2.5 }],
  ['default, z >= 3.5', { ...NEW, z: 3.5 }],
  ['default, gap 0.34', { ...NEW, g: 0.34 }],
  ['default, gap 0.42', { ...NEW, g: 0.42 }],
  ['default, support cosine 0.5', { ...NEW, s: 0.5 }],
  ['default, support cosine 0.7', { ...NEW, s: 0.7 }],
  ['default, semantic line 0.9', { ...NEW, v: 0.9 }],
  ['default, support by coverage only', { ...NEW, s: 99 }],
  ['default, support cosine 0.85', { ...NEW, s: 0.85 }],
  // Tenth session: the lexical lines (abstention was 0.3 points short of 95% on holdout).
  ['default, coverage line 0.65', { ...NEW, c: 0.65 }],
  ['default, coverage line 0.7', { ...NEW, c: 0.7 }],
  ['default, coverage line 0.8', { ...NEW, c: 0.8 }],
  ['default, known rule 0.25', { ...NEW, k: 0.25 }],
  ['default, known rule 0.3', { ...NEW, k: 0.3 }],
  ['default, pair coverage 0.35', { ...NEW, pc: 0.35 }],
  ['default, lexical cosine 0.35', { ...NEW, l: 0.35 }],
  ['default, lexical cosine 0.45', { ...NEW, l: 0.45 }],
  ['default, lexical cosine 0.5', { ...NEW, l: 0.5 }],
  ['default, z >= 2.7', { ...NEW, z: 2.7 }],
  ['default, z >= 2.75', { ...NEW, z: 2.75 }],
  ['default, z >= 2.8', { ...NEW, z: 2.8 }],
  ['default, z >= 2.9', { ...NEW, z: 2.9 }],
  ['coverage line 0.65 + z >= 2.8 (the tenth session\'s pick, now the default)', { ...NEW, c: 0.65, z: 2.8 }],
];
console.log('\nThe curve (product rule, step by step and around the default):\n| setting | abstention | paraphrase top 3 | R@10 1-5 | multi-hop | results per LoCoMo search |\n|---|---|---|---|---|---|');
for (const [name, P] of steps) {
  const e = evalPage(rule(P));
  console.log(`| ${name} | ${pct(e.abst)} | ${pct(e.para3)} | ${pct(e.r10)} | ${pct(e.multi)} | ${e.nres.toFixed(1)} |`);
}
if (!argv.includes('--grid')) process.exit(0);
const rows = [];
const G = JSON.parse(arg('--grid', 'null')) ?? { zc: [0.3, 0.35, 0.4, 0.45], zz: [2.5, 3, 3.5, 4, 99], rk: [0, 1, 2, 3], zr: [3, 3.5, 4, 4.5], zc2: [0.1, 0.2, 0.3, 9], zz2: [2, 2.5, 3], cc: [0.6, 0.7, 9] };
for (const zc of G.zc)
  for (const zz of G.zz)
    for (const rk of G.rk)
      for (const zr of rk ? G.zr : [99])
        for (const zc2 of G.zc2)
          for (const zz2 of zc2 < 9 ? G.zz2 : [99])
            for (const cc of G.cc) {
              const ok = (x) =>
                (cc < 9 ? x.cov >= cc || x.cos >= 0.85 * FLOOR || (x.cov >= 0.25 && x.cos >= 0.68 * FLOOR) || (x.known >= 1 && x.cov >= 0.2) : current(x)) ||
                (x.cos >= zc && x.z >= zz) ||
                (x.crank < rk && x.z >= zr) ||
                (x.cov >= zc2 && x.z >= zz2);
              rows.push({ name: `cov ${cc < 9 ? cc : 'cur'}; cos>=${zc}&z>=${zz}; crank<${rk}&z>=${zr}; cov>=${zc2}&z>=${zz2}`, ...evaluate(ok) });
            }
rows.sort((a, b) => b.r10 + 0.2 * b.para3 - (a.r10 + 0.2 * a.para3));
console.log(`\nBest rules with abstention >= ${pct(minAbst)}:`);
for (const r of rows.filter((r) => r.abst >= minAbst).slice(0, Number(arg('--top', '20')))) console.log(row(r.name, r));
console.log('\nCurve (best R@10 at each abstention level):');
for (const lvl of [0.9, 0.92, 0.94, 0.95, 0.96, 0.97, 0.98]) {
  const r = rows.filter((x) => x.abst >= lvl)[0];
  if (r) console.log(row(`>=${pct(lvl)}: ${r.name}`, r));
}
