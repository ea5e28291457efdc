import type { ReadonlyBranch } from '../model/branch-view.js';
import type { VectorIndex } from '../vector/index.js';
import type { ModeSearchOptions } from './hybrid-options.js';
import type { IndexEntry } from './hybrid-vectors.js';
import type { IndexView } from './index-view.js';

/**
 * The shapes every step of vector and hybrid ranking shares: a candidate with each signal its
 * relevance and confidence were made of as a named field, a ranking before its page is picked, and
 * the input every step reads (the query's vector, the vector index, the rows passing the filters,
 * the similarity threshold).
 */

/**
 * One candidate of a vector or hybrid ranking, with the signals its relevance and confidence were
 * made of (each becomes a field of the result's `scores`).
 */
export interface Candidate {
  id: string;
  /** The ranking score, the result's `relevance`: the cosine in vector mode, the blend plus context in hybrid. */
  relevance: number;
  /** The cosine to the query vector of the pass (0 or above in hybrid; the feedback pass's vector in the second pass). */
  vectorScore?: number;
  /** Hybrid: the full-text score of the query, plus the weighted expansion query's. */
  textScore?: number;
  /** Hybrid, feedback pass: the full-text score of the feedback query. */
  feedbackScore?: number;
  /** Hybrid with conversation context: what the candidate inherits from its time neighbours. */
  contextScore?: number;
  /** 0-1, confident from `CONFIDENT` (confidence.ts); from the first pass's signals. */
  confidence: number;
  /** Hybrid: the share of the query's information the memory holds. */
  coverage?: number;
  /** Hybrid: the cosine to the query's own vector (the first pass), when the memory has a vector. */
  queryCosine?: number;
}

/** A ranking before its page is picked: the candidates and how many of the memories are matches. */
export interface Ranking {
  candidates: Candidate[];
  /** The response's `total`. */
  total: number;
  /** Hybrid: whether a confident page lends support to its other candidates (src/search/confidence.ts). */
  pageSupport: boolean;
  /** Hybrid: the share of the query's information each full-text match holds. */
  coverage: Map<string, number>;
  /** Hybrid with a session cap: the session (its first memory's row) of an id, -1 without a vector. */
  sessionOf: ((id: string) => number) | null;
}

/** What every ranking step reads: the query's vector, the vector index, which rows pass the filters, the threshold. */
export interface RankInput {
  store: ReadonlyBranch;
  view: IndexView;
  opts: ModeSearchOptions;
  /** The query text as given (`q.query ?? ''`). */
  query: string;
  queryVector: Float32Array;
  index: VectorIndex;
  entries: Map<string, IndexEntry>;
  /** The ids passing the filters, and the same as one byte per vector row (with their count). */
  allowed: ReadonlySet<string>;
  ok: Uint8Array;
  okCount: number;
  /** The calibrated similarity threshold (Infinity: nothing is close by meaning). */
  floor: number;
}
