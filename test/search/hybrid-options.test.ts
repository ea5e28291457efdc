import { describe, expect, it } from 'vitest';
import type { ReadonlyBranch } from '../../src/model/branch-view.js';
import { DEFAULT_CONFIG } from '../../src/model/config-defaults.js';
import { CALIBRATED_MIN_SIMILARITY, COVERAGE_POWER, EXPANSION_WEIGHT, SEMANTIC_CANDIDATES, UNCALIBRATED_MIN_SIMILARITY, hybridSettings, minSimilarity } from '../../src/search/hybrid-options.js';
import { USE_MODEL_ID } from '../../src/embed/index.js';

// The settings one hybrid search reads: the branch's `hybrid.*` configuration within its range, else
// the default; the search options, else the tuned defaults; the similarity threshold's precedence.
// The branch is only asked for its configuration here (what the settings read of it).
const branch = (hybrid: Record<string, unknown>) => ({ config: () => ({ hybrid }) }) as unknown as ReadonlyBranch;

describe('hybrid-options', () => {
  it('reads the weights and the window from the configuration, each within its range', () => {
    expect(hybridSettings(branch({ vectorWeight: 0.4, contextWeight: 0.6, contextMinutes: 10 }), {})).toEqual({
      vectorWeight: 0.4, contextWeight: 0.6, windowMs: 10 * 60_000, coveragePower: COVERAGE_POWER, semanticCandidates: SEMANTIC_CANDIDATES, expansionWeight: EXPANSION_WEIGHT,
    });
    // Out of range or not a number: the default.
    const d = DEFAULT_CONFIG.hybrid;
    expect(hybridSettings(branch({ vectorWeight: 1.5, contextWeight: -0.1, contextMinutes: 1441 }), {})).toMatchObject({ vectorWeight: d.vectorWeight, contextWeight: d.contextWeight, windowMs: d.contextMinutes * 60_000 });
    expect(hybridSettings(branch({ vectorWeight: 'x' }), {}).vectorWeight).toBe(d.vectorWeight);
    // 0 is a value (context off), the ends of each range too.
    expect(hybridSettings(branch({ vectorWeight: 1, contextWeight: 0, contextMinutes: 1440 }), {})).toMatchObject({ vectorWeight: 1, contextWeight: 0, windowMs: 1440 * 60_000 });
  });

  it('takes the search options over the tuned defaults', () => {
    expect(hybridSettings(branch({}), { coveragePower: 1, semanticCandidates: 0, expansionWeight: 0.3 })).toMatchObject({ coveragePower: 1, semanticCandidates: 0, expansionWeight: 0.3 });
  });

  it('takes the threshold from the option, else the configuration, else the calibrated value, else the default', () => {
    const use = { id: USE_MODEL_ID };
    const other = { id: 'http:some-model' };
    expect(minSimilarity(branch({ minSimilarity: 0.7 }), use, 0.2)).toEqual({ value: 0.2, source: 'option' });
    expect(minSimilarity(branch({ minSimilarity: 0.7 }), use)).toEqual({ value: 0.7, source: 'config' });
    expect(minSimilarity(branch({ minSimilarity: 0 }), use)).toEqual({ value: CALIBRATED_MIN_SIMILARITY[USE_MODEL_ID], source: 'calibrated' });
    expect(minSimilarity(branch({}), other)).toEqual({ value: UNCALIBRATED_MIN_SIMILARITY, source: 'default' });
    expect(() => minSimilarity(branch({}), use, 2)).toThrow(/between -1 and 1/);
  });
});
