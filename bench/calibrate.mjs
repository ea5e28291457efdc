// Calibrates the hybrid similarity threshold of an embedding model (docs/hybrid.md, "Calibration"):
// embeds the sentence pairs of bench/data/calibration-pairs.json, prints the cosine distributions of
// related pairs (paraphrases; a query and the note that answers it) and of unrelated pairs (pairs of
// different topics crossed, and hand-written ones), and the threshold for target false-accept rates.
//
//   node bench/calibrate.mjs [--far 0.01] [--json]
//
// The model is the configured one: the offline default, or e.g.
//   MEMORY_EMBEDDER=openai MEMORY_EMBEDDER_URL=http://127.0.0.1:11434/v1 MEMORY_EMBEDDER_MODEL=nomic-embed-text node bench/calibrate.mjs
// then `memory config set hybrid.minSimilarity <threshold>` (or MEMORY_HYBRID_MIN_SIMILARITY) for that model.
// Vectors are cached in .bench-tmp/ (git-ignored).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateBuild as buildPrivate, root } from './lib.mjs';
import { cachedEmbedder, cos } from './calibrate-lib.mjs';

const args = process.argv.slice(2);
const fi = args.indexOf('--far');
const targetFar = fi >= 0 ? Number(args[fi + 1]) : 0.01;
const { lib } = buildPrivate();
const { createEmbedder, resolveEmbedderConfig } = await import(lib);
const inner = createEmbedder(resolveEmbedderConfig({}));
if (!inner) throw new Error('MEMORY_EMBEDDER=none: nothing to calibrate');
const emb = cachedEmbedder(inner);
const data = JSON.parse(readFileSync(join(root, 'bench', 'data', 'calibration-pairs.json'), 'utf8'));

const texts = [...new Set([...data.related.flatMap((p) => [p.a, p.b]), ...data.unrelated.flatMap((p) => [p.a, p.b])])];
const vecs = await emb.embed(texts);
const v = new Map(texts.map((t, i) => [t, vecs[i]]));
const sim = (a, b) => cos(v.get(a), v.get(b));

const related = { paraphrase: [], query: [] };
for (const p of data.related) related[p.kind].push(sim(p.a, p.b));
// Unrelated: every sentence against every sentence of another topic; the 'query' kind separately
// (a short query against a note of another topic: the comparison a search makes most).
const sides = data.related.flatMap((p) => [
  { t: p.a, topic: p.topic, query: p.kind === 'query' },
  { t: p.b, topic: p.topic, query: false },
]);
// Everyday-life topics; the rest are engineering. Unrelated pairs within a domain are the hard ones.
const LIFE = new Set(['hiking', 'dog', 'moving', 'job', 'painting', 'kids', 'travel', 'health', 'music', 'cooking', 'books', 'volunteering', 'garden', 'wedding', 'study']);
const crossed = [];
const crossedQuery = [];
const sameDomain = [];
const otherDomain = [];
for (let i = 0; i < sides.length; i++) {
  for (let j = i + 1; j < sides.length; j++) {
    if (sides[i].topic === sides[j].topic) continue;
    const s = sim(sides[i].t, sides[j].t);
    crossed.push(s);
    if (sides[i].query !== sides[j].query) crossedQuery.push(s);
    (LIFE.has(sides[i].topic) === LIFE.has(sides[j].topic) ? sameDomain : otherDomain).push(s);
  }
}
const hand = data.unrelated.map((p) => sim(p.a, p.b));
const unrelated = [...crossed, ...hand];

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const q = (xs, p) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))];
};
const share = (xs, f) => xs.filter(f).length / xs.length;
const f3 = (x) => x.toFixed(3);
const dist = (name, xs) => `| ${name} | ${xs.length} | ${f3(Math.min(...xs))} | ${f3(q(xs, 0.05))} | ${f3(q(xs, 0.5))} | ${f3(q(xs, 0.95))} | ${f3(q(xs, 0.999))} | ${f3(Math.max(...xs))} |`;

// The threshold: the lowest cosine whose false-accept rate over the unrelated pairs is at most the
// target (default 1%), on a 0.01 grid. Most unrelated pairs here are of one domain (two engineering
// notes about different things), the hard case; a query about another domain altogether is far
// rarer above it, and bench/abstention.mjs measures what whole stores of 10,000 notes let through.
const far = (t) => share(unrelated, (x) => x >= t);
let threshold = 1;
for (let t = 1; t >= 0; t = Math.round((t - 0.01) * 100) / 100) {
  if (far(t) <= targetFar) threshold = t;
  else break;
}
const rel = [...related.paraphrase, ...related.query];
const out = {
  model: inner.id,
  pairs: { paraphrase: related.paraphrase.length, query: related.query.length, unrelated: unrelated.length },
  targetFar,
  threshold,
  far: far(threshold),
  accepted: { paraphrase: share(related.paraphrase, (x) => x >= threshold), query: share(related.query, (x) => x >= threshold) },
};
if (args.includes('--json')) {
  console.log(JSON.stringify(out, null, 2));
} else {
  console.log(`Calibration of ${inner.id} (${new Date().toISOString()}); ${texts.length} sentences, ${emb.computed} embedded now`);
  console.log('| pairs | n | min | 5% | median | 95% | 99.9% | max |\n|---|---|---|---|---|---|---|---|');
  console.log(dist('related: paraphrase', related.paraphrase));
  console.log(dist('related: query → note', related.query));
  console.log(dist('unrelated: all', unrelated));
  console.log(dist('unrelated: query → note', crossedQuery));
  console.log(dist('unrelated: same domain', sameDomain));
  console.log(dist('unrelated: other domain', otherDomain));
  console.log(dist('unrelated: hand-written', hand));
  const p2 = (xs, t) => `${(100 * share(xs, (x) => x >= t)).toFixed(2)}%`;
  console.log('\n| threshold | false accepts: all unrelated pairs | same domain | other domain | paraphrases accepted | query → note accepted |\n|---|---|---|---|---|---|');
  for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, threshold].sort((a, b) => a - b).filter((x, i, a) => a.indexOf(x) === i)) {
    console.log(`| ${t.toFixed(2)}${t === threshold ? ' (chosen)' : ''} | ${p2(unrelated, t)} | ${p2(sameDomain, t)} | ${p2(otherDomain, t)} | ${(100 * share(related.paraphrase, (x) => x >= t)).toFixed(0)}% | ${(100 * share(related.query, (x) => x >= t)).toFixed(0)}% |`);
  }
  console.log(`\nthreshold for a false-accept rate <= ${targetFar}: ${threshold} (memory config set hybrid.minSimilarity ${threshold})`);
}
