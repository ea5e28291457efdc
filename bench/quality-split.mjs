// The tune / holdout split of the search-quality evaluation sets (bench/quality.mjs): a seeded
// hash of the item's text, never its topic, so both halves cover every domain about equally and an
// item keeps its half when others are added. Tune on "tune", report on "holdout".
import { createHash } from 'node:crypto';

export const SPLIT_SEED = 'git-memory-evalset-25';

/** "tune" or "holdout" for an item's text (sha256 of seed + text, first 32 bits, below half = tune). */
export function splitOf(text, seed = SPLIT_SEED) {
  const h = createHash('sha256').update(`${seed}\n${text}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < 0.5 ? 'tune' : 'holdout';
}
