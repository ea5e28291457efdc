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

/** Share of the query's information a memory must hold to be a confident full-text match (tuned on LoCoMo's tune part, BENCHMARKS.md). */
export const MIN_COVERAGE = 0.6;

/** Maps `x` in 0-1 so that `line` lands on 0.5, linear on each side. */
function around(x: number, line: number): number {
  const v = Math.max(0, Math.min(1, x));
  if (line <= 0) return 1;
  if (line >= 1) return v >= 1 ? 0.5 : 0.5 * v;
  return v < line ? (0.5 * v) / line : 0.5 + (0.5 * (v - line)) / (1 - line);
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
