import { EmbedderError, InvalidInputError } from '../errors.js';
import type { Embedder } from '../embed/types.js';
import type { ConfigBranch, StoreBranch } from '../model/branch-view.js';
import { CALIBRATED_MIN_SIMILARITY, minSimilarity, type ThresholdSource } from '../search/hybrid-options.js';
import { storeEmbedder } from '../vector/store-vectors.js';
import { configSet } from './config-ops.js';
import PAIRS from './calibration-pairs.json' with { type: 'json' };

/**
 * `memory calibrate`: the similarity threshold of an embedding model (docs/hybrid.md, "How the
 * threshold is picked"). A cosine means something only against what the model gives unrelated
 * text, so the threshold is read off the model itself: the pairs of calibration-pairs.json (48
 * topics, half engineering and half everyday life) are embedded, every sentence is crossed with
 * every sentence of another topic (the unrelated pairs, with 20 written by hand), and the threshold
 * is the lowest cosine on a 0.01 grid whose false-accept rate over the unrelated pairs is at most
 * the target (1%). The related pairs (paraphrases, a query and the note that answers it) say what
 * that threshold keeps. For the default model this gives its built-in value
 * (src/search/hybrid-options.ts CALIBRATED_MIN_SIMILARITY; a test holds the two together).
 */

interface Pair {
  a: string;
  b: string;
}
interface RelatedPair extends Pair {
  topic: string;
  kind: 'paraphrase' | 'query';
}
const DATA = PAIRS as { related: RelatedPair[]; unrelated: Pair[] };

/** Topics of everyday life; the others are engineering. Unrelated pairs within one domain are the hard ones. */
const EVERYDAY = new Set(['hiking', 'dog', 'moving', 'job', 'painting', 'kids', 'travel', 'health', 'music', 'cooking', 'books', 'volunteering', 'garden', 'wedding', 'study']);

/** The false-accept rate the threshold is picked for, unless told otherwise. */
export const DEFAULT_FAR = 0.01;

export interface Distribution {
  name: string;
  n: number;
  min: number;
  p5: number;
  median: number;
  p95: number;
  p999: number;
  max: number;
}

export interface ThresholdRow {
  threshold: number;
  /** Shares of the unrelated pairs at or above it: all, within one domain, across domains. */
  falseAccepts: number;
  sameDomain: number;
  otherDomain: number;
  /** Shares of the related pairs at or above it. */
  paraphrases: number;
  queries: number;
}

export interface Calibration {
  model: string;
  /** Sentences embedded. */
  sentences: number;
  pairs: { paraphrase: number; query: number; unrelated: number };
  targetFar: number;
  threshold: number;
  /** The false-accept rate at the threshold, and the shares of related pairs it keeps. */
  far: number;
  accepted: { paraphrase: number; query: number };
  distributions: Distribution[];
  /** Rates at round thresholds, at the chosen one and one step (0.01) below it. */
  table: ThresholdRow[];
}

/** Checks a target false-accept rate: a number above 0 and below 0.5. */
export function checkFar(far: unknown): number {
  const v = Number(far);
  if (typeof far === 'boolean' || !Number.isFinite(v) || v <= 0 || v >= 0.5) throw new InvalidInputError(`the target false-accept rate must be a number above 0 and below 0.5 (0.01 is 1%), got ${JSON.stringify(far)}`, { field: 'far' });
  return v;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const share = (xs: number[], t: number) => (xs.length ? xs.filter((x) => x >= t).length / xs.length : 0);

function distribution(name: string, xs: number[]): Distribution {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.floor(p * (s.length - 1))))];
  return { name, n: s.length, min: s[0], p5: q(0.05), median: q(0.5), p95: q(0.95), p999: q(0.999), max: s[s.length - 1] };
}

/** Calibrates `embedder` on the built-in pairs; `far` is the target false-accept rate. */
export async function calibrateEmbedder(embedder: Embedder, far = DEFAULT_FAR): Promise<Calibration> {
  const targetFar = checkFar(far);
  const texts = [...new Set([...DATA.related.flatMap((p) => [p.a, p.b]), ...DATA.unrelated.flatMap((p) => [p.a, p.b])])];
  const vecs = await embedder.embed(texts);
  if (vecs.length !== texts.length || vecs.some((v) => !v || !v.length || v.length !== vecs[0].length || !v.every(Number.isFinite))) {
    throw new EmbedderError(`${embedder.id} answered ${vecs.length} vectors for ${texts.length} texts, not all of one length with finite values: nothing to calibrate`, { reason: 'vectors' });
  }
  const byText = new Map(texts.map((t, i) => [t, vecs[i]]));
  const sim = (a: string, b: string) => cosine(byText.get(a)!, byText.get(b)!);

  const paraphrase: number[] = [];
  const query: number[] = [];
  for (const p of DATA.related) (p.kind === 'paraphrase' ? paraphrase : query).push(sim(p.a, p.b));
  // Every sentence against every sentence of another topic; a short query against a note of
  // another topic (the comparison a search makes most) also on its own.
  const sides = DATA.related.flatMap((p) => [
    { t: p.a, topic: p.topic, query: p.kind === 'query' },
    { t: p.b, topic: p.topic, query: false },
  ]);
  const crossed: number[] = [];
  const crossedQuery: number[] = [];
  const sameDomain: number[] = [];
  const otherDomain: number[] = [];
  for (let i = 0; i < sides.length; i++) {
    for (let j = i + 1; j < sides.length; j++) {
      if (sides[i].topic === sides[j].topic) continue;
      const s = sim(sides[i].t, sides[j].t);
      crossed.push(s);
      if (sides[i].query !== sides[j].query) crossedQuery.push(s);
      (EVERYDAY.has(sides[i].topic) === EVERYDAY.has(sides[j].topic) ? sameDomain : otherDomain).push(s);
    }
  }
  const hand = DATA.unrelated.map((p) => sim(p.a, p.b));
  const unrelated = [...crossed, ...hand];

  let threshold = 1;
  for (let t = 1; t >= 0; t = Math.round((t - 0.01) * 100) / 100) {
    if (share(unrelated, t) <= targetFar) threshold = t;
    else break;
  }
  // A model that cannot tell the pairs apart has no threshold: every text at one point (all cosines
  // 1, or all 0 for zero vectors), or unrelated text as close as a paraphrase.
  const para = distribution('related: paraphrase', paraphrase);
  const all = distribution('unrelated: all', unrelated);
  if (share(unrelated, threshold) > targetFar || threshold <= 0 || all.p95 - all.p5 < 0.01 || para.median <= all.median) {
    throw new EmbedderError(
      `${embedder.id} does not separate related from unrelated text (unrelated pairs: median cosine ${all.median.toFixed(3)}, 5%-95% ${all.p5.toFixed(3)}-${all.p95.toFixed(3)}; paraphrases: median ${para.median.toFixed(3)}): no threshold to calibrate; check that the model answers sentence embeddings`,
      { reason: 'uncalibratable' },
    );
  }
  const row = (t: number): ThresholdRow => ({ threshold: t, falseAccepts: share(unrelated, t), sameDomain: share(sameDomain, t), otherDomain: share(otherDomain, t), paraphrases: share(paraphrase, t), queries: share(query, t) });
  // Round lines, the chosen one and the step below it (where the rate passes the target).
  const below = Math.round((threshold - 0.01) * 100) / 100;
  const grid = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, threshold, ...(below >= 0 ? [below] : [])].sort((a, b) => a - b).filter((x, i, a) => a.indexOf(x) === i);
  return {
    model: embedder.id,
    sentences: texts.length,
    pairs: { paraphrase: paraphrase.length, query: query.length, unrelated: unrelated.length },
    targetFar,
    threshold,
    far: share(unrelated, threshold),
    accepted: { paraphrase: share(paraphrase, threshold), query: share(query, threshold) },
    distributions: [
      para,
      distribution('related: query → note', query),
      all,
      distribution('unrelated: query → note', crossedQuery),
      distribution('unrelated: same domain', sameDomain),
      distribution('unrelated: other domain', otherDomain),
      distribution('unrelated: hand-written', hand),
    ],
    table: grid.map(row),
  };
}

export interface CalibrateResult extends Calibration {
  success: true;
  /** The threshold searches use now for this model, and where it comes from (docs/hybrid.md, "Other models"). */
  current: { value: number; source: ThresholdSource };
  /** The value built in for this model, null for a model nobody calibrated. */
  builtIn: number | null;
  /** With `set`: the branch setting written (`hybrid.minSimilarity`). */
  set?: { commit: string | null; changed: boolean };
}

/**
 * Calibrates the configured embedder; with `set`, writes the threshold to the branch's
 * `hybrid.minSimilarity` (one commit; it applies to every model, so calibrate again after a change of model).
 */
export async function calibrate(store: StoreBranch & ConfigBranch, opts: { far?: number; set?: boolean; embedder?: Embedder | null } = {}): Promise<CalibrateResult> {
  const far = checkFar(opts.far ?? DEFAULT_FAR);
  const embedder = storeEmbedder(store, opts.embedder);
  if (!embedder) throw new EmbedderError('no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx', { reason: 'none' });
  const c = await calibrateEmbedder(embedder, far);
  const out: CalibrateResult = { success: true, ...c, current: minSimilarity(store, embedder), builtIn: CALIBRATED_MIN_SIMILARITY[embedder.id] ?? null };
  if (opts.set) {
    const r = await configSet(store, 'hybrid.minSimilarity', c.threshold);
    out.set = { commit: r.commit, changed: r.changed };
    out.current = minSimilarity(store, embedder);
  }
  return out;
}
