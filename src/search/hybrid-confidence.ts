import { topK } from '../vector/index.js';
import { CONFIDENT, confidence, supported, supportedConfidence, type Signals } from './confidence.js';
import { CALIBRATION_MIN_MEMORIES } from './hybrid-options.js';
import type { NameSelector } from './hybrid-candidates.js';
import type { Candidate } from './ranking.js';

/**
 * A hybrid candidate's confidence from its signals (the lines themselves are src/search/confidence.ts):
 * the query's own cosine distribution over the memories passing the filters (which calibrates z and
 * the nearest gap, from {@link CALIBRATION_MIN_MEMORIES} memories), the signals gathered for every
 * candidate of one search, and page support (a confident page lends confidence to its supported
 * candidates; off in a small store).
 */

/** The query's cosine distribution over the allowed memories, which calibrates confidence (src/search/confidence.ts). */
export interface Calibration {
  /** Enough memories ({@link CALIBRATION_MIN_MEMORIES}) and a spread: z and the nearest gap are signals. */
  calibrated: boolean;
  mean: number;
  spread: number;
  /** The row of the nearest memory (-1: none), and the cosine of the 10th nearest. */
  nearestRow: number;
  tenthCosine: number;
}

/** Per-query calibration: mean, spread, the nearest and the 10th nearest, one pass over the cosines already computed. */
export function calibration(queryCosines: Float32Array, ok: Uint8Array, okCount: number): Calibration {
  let sum = 0;
  let sq = 0;
  for (let r = 0; r < queryCosines.length; r++)
    if (ok[r]) {
      sum += queryCosines[r];
      sq += queryCosines[r] * queryCosines[r];
    }
  const mean = okCount ? sum / okCount : 0;
  const spread = okCount ? Math.sqrt(Math.max(0, sq / okCount - mean * mean)) : 0;
  const near10 = topK(queryCosines, 10, (x) => ok[x] === 1);
  return {
    calibrated: okCount >= CALIBRATION_MIN_MEMORIES && spread > 0,
    mean,
    spread,
    nearestRow: near10.length ? near10[0] : -1,
    tenthCosine: near10.length ? queryCosines[near10[near10.length - 1]] : 0,
  };
}

/** What a candidate's confidence is made of, for every candidate of one search. */
export interface ConfidenceSignals {
  coverage: Map<string, number>;
  queryCosines: Float32Array;
  /** The share of the query's terms the store knows (src/search/terms.ts, knownShare). */
  known: number;
  minCoverage: number;
  /** Fewer memories pass the filters than `SMALL_STORE_MEMORIES` (hybrid-options.ts). */
  small: boolean;
  /** A store of notes of 100 memories or more (src/search/confidence.ts, `Signals.notes`). */
  notes: boolean;
  /** A handful of notes, some holding a query word (src/search/confidence.ts, `Signals.handful`). */
  handful: boolean;
  floor: number;
  calibration: Calibration;
  /** The query's selecting names, null when it selects by none (hybrid-candidates.ts `nameSelector`). */
  names: NameSelector | null;
  onSignals?: (id: string, signals: Signals, confidence: number) => void;
}

/**
 * A candidate's confidence from the first pass's signals (src/search/confidence.ts): what the memory
 * holds of the query's information, how close it is by meaning (`row`: its vector row, undefined
 * without a vector), whether the store knows every query term.
 */
export function candidateConfidence(s: ConfidenceSignals, id: string, row: number | undefined): number {
  const { calibrated, mean, spread, nearestRow, tenthCosine } = s.calibration;
  const signals: Signals = {
    coverage: s.coverage.get(id) ?? 0,
    known: s.known,
    minCoverage: s.minCoverage,
    small: s.small,
    ...(s.notes ? { notes: true } : {}),
    ...(s.handful ? { handful: true } : {}),
    ...(s.names?.lacks(id) ? { lacksName: true } : {}),
    ...(s.names?.nameOnly(id) ? { nameOnly: true } : {}),
    ...(row === undefined
      ? {}
      : { cosine: s.queryCosines[row], floor: s.floor, ...(calibrated ? { z: (s.queryCosines[row] - mean) / spread, ...(row === nearestRow ? { nearestGap: s.queryCosines[row] - tenthCosine } : {}) } : {}) }),
  };
  const c = confidence(signals);
  s.onSignals?.(id, signals, c);
  return c;
}

/**
 * Page support (src/search/confidence.ts, {@link supported}): a page with a confident candidate
 * makes its supported candidates confident. Returns the total, raised to the page's confident count.
 */
export function supportPage(page: Candidate[], floor: number, total: number): number {
  if (!page.some((s) => s.confidence >= CONFIDENT)) return total;
  for (const s of page) if (s.confidence < CONFIDENT && supported(s.coverage ?? 0, s.queryCosine, floor)) s.confidence = supportedConfidence(s.confidence);
  return Math.max(total, page.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0));
}
