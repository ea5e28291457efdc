import { describe, expect, it } from 'vitest';
import { CONFIDENT, supportedConfidence, type Signals } from '../../src/search/confidence.js';
import { calibration, candidateConfidence, supportPage, type ConfidenceSignals } from '../../src/search/hybrid-confidence.js';
import { CALIBRATION_MIN_MEMORIES } from '../../src/search/hybrid-options.js';
import type { Candidate } from '../../src/search/ranking.js';

// A hybrid candidate's confidence: the query's cosine distribution over the rows passing the filters,
// the signals handed to the lines, and page support.
describe('hybrid-confidence', () => {
  // 30 rows, cosines 0.00, 0.01, …, 0.29; row 29 (the highest) does not pass the filters.
  const n = 30;
  const cos = Float32Array.from({ length: n }, (_, r) => r / 100);
  const ok = new Uint8Array(n).fill(1);
  ok[29] = 0;

  it('measures mean, spread, the nearest and the 10th nearest over the rows passing the filters only', () => {
    const c = calibration(cos, ok, 29);
    const vals = Array.from(cos.subarray(0, 29));
    const mean = vals.reduce((a, x) => a + x, 0) / 29;
    expect(c.mean).toBeCloseTo(mean, 6);
    expect(c.spread).toBeCloseTo(Math.sqrt(vals.reduce((a, x) => a + x * x, 0) / 29 - mean * mean), 6);
    expect(c.nearestRow).toBe(28);
    expect(c.tenthCosine).toBeCloseTo(0.19, 6);
    expect(c.calibrated).toBe(true);
  });

  it('is not calibrated below the fewest memories, nor without a spread, nor with no row', () => {
    const few = new Uint8Array(n);
    for (let r = 0; r < CALIBRATION_MIN_MEMORIES - 1; r++) few[r] = 1;
    expect(calibration(cos, few, CALIBRATION_MIN_MEMORIES - 1).calibrated).toBe(false);
    expect(calibration(new Float32Array(n).fill(0.4), ok, 29).calibrated).toBe(false);
    expect(calibration(cos, new Uint8Array(n), 0)).toMatchObject({ calibrated: false, mean: 0, spread: 0, nearestRow: -1, tenthCosine: 0 });
  });

  it('hands the lines z only when calibrated, the nearest gap only to the nearest, and no cosine without a vector', () => {
    const seen = new Map<string, Signals>();
    const s: ConfidenceSignals = { coverage: new Map([['a', 0.5]]), queryCosines: cos, known: 1, minCoverage: 0.65, small: false, floor: 0.59, calibration: calibration(cos, ok, 29), onSignals: (id, sig) => seen.set(id, sig) };
    candidateConfidence(s, 'nearest', 28);
    candidateConfidence(s, 'a', 3);
    candidateConfidence(s, 'no-vector', undefined);
    const { mean, spread } = s.calibration;
    expect(seen.get('nearest')).toEqual({ coverage: 0, known: 1, minCoverage: 0.65, small: false, cosine: cos[28], floor: 0.59, z: (cos[28] - mean) / spread, nearestGap: cos[28] - cos[19] });
    expect(seen.get('a')).toEqual({ coverage: 0.5, known: 1, minCoverage: 0.65, small: false, cosine: cos[3], floor: 0.59, z: (cos[3] - mean) / spread });
    expect(seen.get('no-vector')).toEqual({ coverage: 0, known: 1, minCoverage: 0.65, small: false });
    const few = { ...s, calibration: calibration(cos, ok, 5) };
    candidateConfidence({ ...few, calibration: { ...few.calibration, calibrated: false } }, 'uncalibrated', 28);
    expect(seen.get('uncalibrated')).not.toHaveProperty('z');
  });

  it('page support: a page with a confident candidate lifts the supported ones and counts them in the total', () => {
    const c = (id: string, confidence: number, coverage: number, queryCosine?: number): Candidate => ({ id, relevance: 0, confidence, coverage, ...(queryCosine === undefined ? {} : { queryCosine }) });
    const page = [c('sure', 0.9, 0.8), c('shares-words', 0.3, 0.2), c('near', 0.2, 0, 0.5), c('far', 0.2, 0, 0.1), c('no-vector', 0.2, 0)];
    expect(supportPage(page, 0.59, 1)).toBe(3);
    expect(page.map((x) => x.confidence)).toEqual([0.9, supportedConfidence(0.3), supportedConfidence(0.2), 0.2, 0.2]);
    // Without a confident candidate nothing moves.
    const weak = [c('a', 0.3, 0.5), c('b', 0.2, 0.5)];
    expect(supportPage(weak, 0.59, 0)).toBe(0);
    expect(weak.map((x) => x.confidence)).toEqual([0.3, 0.2]);
    // The total is never lowered by the page.
    expect(supportPage([c('sure', CONFIDENT, 1)], 0.59, 7)).toBe(7);
  });
});
