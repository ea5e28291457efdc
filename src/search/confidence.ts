/**
 * Confidence: whether a search result is a memory the query is about, said out loud (docs/search.md,
 * "Confidence"). Every result carries `confidence` in 0-1; 0.5 is the line: results at or above it are
 * the response's `results`, those below it its `weak` candidates. It is the stronger of two signals,
 * each mapped so its own threshold lands on 0.5:
 *
 * - lexical: the share of the query's information (idf mass, src/search/engine.ts `termInformation`)
 *   the memory holds. A memory sharing one common word of a six-word question covers a few percent of
 *   it, however well that word scores.
 * - semantic (hybrid and vector modes): the cosine similarity to the query against the model's
 *   calibrated threshold (src/search/hybrid.ts).
 */

/**
 * The lines, picked on the tune part of the evaluation sets (bench/confidence-curve.mjs, BENCHMARKS.md):
 * a memory is confident when it holds {@link MIN_COVERAGE} of the query's information; or its cosine
 * reaches {@link SEMANTIC_LINE} × the model's calibrated threshold; or both signals agree half-way
 * (coverage {@link PAIR_COVERAGE} and cosine {@link PAIR_SEMANTIC} × the threshold); or every term of
 * the query is one the store holds (a question about what the store talks about) and the memory holds
 * {@link KNOWN_COVERAGE} of its information.
 */
export const MIN_COVERAGE = 0.6;
export const SEMANTIC_LINE = 0.85;
export const PAIR_COVERAGE = 0.25;
export const PAIR_SEMANTIC = 0.68;
export const KNOWN_COVERAGE = 0.2;

/** Maps `x` in 0-1 so that `line` lands on 0.5, linear on each side. */
function around(x: number, line: number): number {
  const v = Math.max(0, Math.min(1, x));
  if (line <= 0) return 1;
  if (line >= 1) return v >= 1 ? 0.5 : 0.5 * v;
  return v < line ? (0.5 * v) / line : 0.5 + (0.5 * (v - line)) / (1 - line);
}

export interface Signals {
  /** Share of the query's information the memory holds. */
  coverage: number;
  /** Share of the query's terms the store holds at all. */
  known: number;
  /** Cosine to the query, when vectors ran. */
  cosine?: number;
  /** The model's calibrated threshold (Infinity: the model cannot read the query). */
  floor?: number;
  /** Overrides {@link MIN_COVERAGE}. */
  minCoverage?: number;
}

/** 0-1, the line at 0.5: the strongest of the rules above, each mapped so its line lands on 0.5. */
export function confidence(s: Signals): number {
  const cov = Math.max(0, Math.min(1, s.coverage));
  let c = around(cov, s.minCoverage ?? MIN_COVERAGE);
  if (s.known >= 1 && cov > 0) c = Math.max(c, around(cov, KNOWN_COVERAGE));
  if (s.cosine !== undefined && s.floor !== undefined && Number.isFinite(s.floor)) {
    const floor = s.floor;
    // A threshold at or below 0 (set by hand) accepts everything by meaning.
    if (floor <= 0) return 1;
    c = Math.max(c, around(s.cosine, SEMANTIC_LINE * floor));
    c = Math.max(c, Math.min(around(cov, PAIR_COVERAGE), around(s.cosine, PAIR_SEMANTIC * floor)));
  }
  return c;
}

export function lexicalConfidence(coverage: number, minCoverage = MIN_COVERAGE): number {
  return around(coverage, minCoverage);
}

/** A cosine at the model's threshold is 0.5; 0 or below is 0. */
export function semanticConfidence(cos: number, floor: number): number {
  return Number.isFinite(floor) ? around(cos, floor) : 0;
}

export const CONFIDENT = 0.5;

export function roundConfidence(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Says why `results` is empty when it is. */
export function nothingConfidentNote(weak: number): string {
  return weak
    ? `no memory matches the query confidently; ${weak} weak candidate${weak === 1 ? '' : 's'} (sharing only part of the query's words or meaning) ${weak === 1 ? 'is' : 'are'} under "weak"`
    : 'no memory matches the query';
}
