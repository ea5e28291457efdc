// Calibrates the hybrid similarity threshold of an embedding model, as `memory calibrate` does
// (src/lifecycle/calibrate.ts: the pairs of src/lifecycle/calibration-pairs.json, the cosine
// distributions of related and unrelated pairs, the lowest threshold whose false-accept rate is at
// most the target), with the vectors cached in .bench-tmp/ (git-ignored) so a second run embeds nothing.
//
//   node bench/calibrate.mjs [--far 0.01] [--json]
//
// The model is the configured one: the offline default, or e.g.
//   MEMORY_EMBEDDER=openai MEMORY_EMBEDDER_URL=http://127.0.0.1:11434/v1 MEMORY_EMBEDDER_MODEL=nomic-embed-text node bench/calibrate.mjs
// A user without a checkout runs `memory calibrate [--set]` instead.
import { internals } from './lib.mjs';
import { cachedEmbedder } from './calibrate-lib.mjs';

const args = process.argv.slice(2);
const fi = args.indexOf('--far');
const targetFar = fi >= 0 ? Number(args[fi + 1]) : 0.01;
const { createEmbedder, resolveEmbedderConfig, calibrateEmbedder } = await internals();
const inner = createEmbedder(resolveEmbedderConfig({}));
if (!inner) throw new Error('MEMORY_EMBEDDER=none: nothing to calibrate');
const emb = cachedEmbedder(inner);
const r = await calibrateEmbedder(emb, targetFar);

if (args.includes('--json')) {
  console.log(JSON.stringify({ model: r.model, pairs: r.pairs, targetFar: r.targetFar, threshold: r.threshold, far: r.far, accepted: r.accepted }, null, 2));
} else {
  const f3 = (x) => x.toFixed(3);
  const p2 = (x) => `${(100 * x).toFixed(2)}%`;
  console.log(`Calibration of ${r.model} (${new Date().toISOString()}); ${r.sentences} sentences, ${emb.computed} embedded now`);
  console.log('| pairs | n | min | 5% | median | 95% | 99.9% | max |\n|---|---|---|---|---|---|---|---|');
  for (const d of r.distributions) console.log(`| ${d.name} | ${d.n} | ${f3(d.min)} | ${f3(d.p5)} | ${f3(d.median)} | ${f3(d.p95)} | ${f3(d.p999)} | ${f3(d.max)} |`);
  console.log('\n| threshold | false accepts: all unrelated pairs | same domain | other domain | paraphrases accepted | query → note accepted |\n|---|---|---|---|---|---|');
  for (const t of r.table) console.log(`| ${t.threshold.toFixed(2)}${t.threshold === r.threshold ? ' (chosen)' : ''} | ${p2(t.falseAccepts)} | ${p2(t.sameDomain)} | ${p2(t.otherDomain)} | ${(100 * t.paraphrases).toFixed(0)}% | ${(100 * t.queries).toFixed(0)}% |`);
  console.log(`\nthreshold for a false-accept rate <= ${r.targetFar}: ${r.threshold} (memory config set hybrid.minSimilarity ${r.threshold}, or memory calibrate --set)`);
}
