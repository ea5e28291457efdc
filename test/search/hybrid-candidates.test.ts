import { describe, expect, it } from 'vitest';
import { candidateRows } from '../../src/search/hybrid-candidates.js';
import type { RankInput } from '../../src/search/ranking.js';
import { indexOf } from './vector-rows.js';

// Which rows a hybrid search ranks: those as close as the threshold, the full-text (and expansion)
// matches, and the few nearest by meaning; only rows passing the filters.
describe('hybrid-candidates: candidateRows', () => {
  const ids = ['close', 'match', 'expansion', 'near1', 'near2', 'far', 'filtered-out', 'negative'];
  const index = indexOf(ids);
  const cos = Float32Array.from([0.7, 0.1, 0.05, 0.4, 0.3, 0.02, 0.9, -0.5]);
  const ok = Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 1]);
  const input = (floor: number) => ({ index, ok, okCount: 7, floor }) as unknown as RankInput;
  const picked = (rows: Uint8Array) => ids.filter((_, r) => rows[r]);

  it('takes the rows as close as the threshold, the matches and the nearest by meaning', () => {
    const rows = candidateRows(input(0.6), cos, [['match', 'filtered-out', 'not-in-index'], ['expansion']], 2);
    // The 2 nearest by meaning passing the filters are `close` and `near1`; near2 is the third.
    expect(picked(rows)).toEqual(['close', 'match', 'expansion', 'near1']);
  });

  it('adds no nearest by meaning with 0 of them, nor when nothing is close by meaning (threshold Infinity)', () => {
    expect(picked(candidateRows(input(0.6), cos, [['match']], 0))).toEqual(['close', 'match']);
    expect(picked(candidateRows(input(Infinity), cos, [['match']], 3))).toEqual(['match']);
  });

  it('never takes a row that does not pass the filters, however close', () => {
    expect(picked(candidateRows(input(0.01), cos, [['filtered-out']], 8))).toEqual(['close', 'match', 'expansion', 'near1', 'near2', 'far']);
  });
});
