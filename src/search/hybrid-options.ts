import { InvalidInputError } from '../errors.js';
import type { ReadonlyBranch } from '../model/branch-view.js';
import { DEFAULT_CONFIG } from '../model/config-defaults.js';
import { USE_MODEL_ID, type Embedder } from '../embed/index.js';
import type { Signals } from './confidence.js';
import type { ExpansionSource } from './expand.js';
import type { IndexOptions } from './index.js';

/**
 * The settings of vector and hybrid search, in one place: the options a caller may pass
 * ({@link ModeSearchOptions}), the defaults picked on the tune sets (each with where it was measured),
 * the calibrated similarity threshold of each model, and the branch's `hybrid.*` configuration as one
 * search reads it. The ranking steps (hybrid-rank.ts and the files it calls) take these values; none
 * reads the configuration itself.
 */

/**
 * Calibrated relevance (docs/hybrid.md, "Calibration and abstention"). A memory with no full-text
 * match is a hybrid result only when its cosine similarity to the query reaches the threshold of the
 * model in use: the cosine above which unrelated sentence pairs are rare, picked from the two
 * distributions of src/lifecycle/calibration-pairs.json (paraphrases and query/answer pairs against
 * unrelated pairs) by `memory calibrate` (src/lifecycle/calibrate.ts): the lowest cosine that at most 1% of unrelated pairs
 * reach. Below it a cosine says little: the default model puts unrelated sentences of one domain
 * at 0.1-0.55, some at 0.7. Keyed by model id.
 */
export const CALIBRATED_MIN_SIMILARITY: Readonly<Record<string, number>> = {
  [USE_MODEL_ID]: 0.59,
};

/**
 * The threshold of a model nobody calibrated (an HTTP or ONNX model): set its own with
 * `hybrid.minSimilarity` or MEMORY_HYBRID_MIN_SIMILARITY (`memory calibrate` reads it off any model, `--set` writes it).
 */
export const UNCALIBRATED_MIN_SIMILARITY = 0.5;

/** Where a search's similarity threshold came from. */
export type ThresholdSource = 'option' | 'config' | 'calibrated' | 'default';

/**
 * The similarity threshold for `embedder` in `store`: the library option, else the configuration's
 * `hybrid.minSimilarity` (env MEMORY_HYBRID_MIN_SIMILARITY, the branch or repository file; 0 =
 * unset), else the model's calibrated value, else {@link UNCALIBRATED_MIN_SIMILARITY}.
 */
export function minSimilarity(store: ReadonlyBranch, embedder: Pick<Embedder, 'id'>, option?: number): { value: number; source: ThresholdSource } {
  const check = (v: number, field: string) => {
    if (!Number.isFinite(v) || v < -1 || v > 1) throw new InvalidInputError(`${field} must be a cosine similarity between -1 and 1, got ${JSON.stringify(v)}`, { field });
    return v;
  };
  if (option !== undefined && option !== null) return { value: check(Number(option), 'minSimilarity'), source: 'option' };
  const cfg = Number((store.config().hybrid as { minSimilarity?: number } | undefined)?.minSimilarity);
  if (Number.isFinite(cfg) && cfg > 0 && cfg <= 1) return { value: cfg, source: 'config' };
  const cal = CALIBRATED_MIN_SIMILARITY[embedder.id];
  if (cal !== undefined) return { value: cal, source: 'calibrated' };
  return { value: UNCALIBRATED_MIN_SIMILARITY, source: 'default' };
}

/** Matches of the first hybrid pass used as pseudo-relevance feedback. */
export const FEEDBACK_DOCS = 2;
/** Fewest memories passing the filters for feedback to run by default. */
export const FEEDBACK_MIN_MEMORIES = 100;

/**
 * The default `hybrid.contextWeight`, from the one table of defaults (src/model/config-defaults.ts).
 * 0.2, not the 0.4 the tune half of LoCoMo preferred (recall@10 of confident results 67.8 → 69.2):
 * on the holdout half 0.4 cost multi-hop recall 2.4 points and two paraphrased notes their top-3
 * place (a fresh note has no neighbours to inherit from; memories stored in runs gain). Figures and
 * command in BENCHMARKS.md, "Ranking: re-ranking the evidence a confident page misses".
 */
const CONTEXT_WEIGHT = DEFAULT_CONFIG.hybrid.contextWeight;

/** Feedback is on unless MEMORY_HYBRID_FEEDBACK is 0/false/no/off. */
export function feedbackDefault(): boolean {
  return !['0', 'false', 'no', 'off'].includes((process.env.MEMORY_HYBRID_FEEDBACK ?? '').trim().toLowerCase());
}

export interface ModeSearchOptions extends IndexOptions {
  /** The embedder to use instead of the configured one; null turns vectors off. */
  embedder?: Embedder | null;
  /** Most ms this search spends embedding memories that lack a vector (never committed). Default: env MEMORY_EMBED_BUDGET_MS, else 1000. */
  embedBudgetMs?: number;
  /** Hybrid: second pass with pseudo-relevance feedback. Default: on from 100 memories unless env MEMORY_HYBRID_FEEDBACK is 0/false. It runs only when the first pass has a confident match. */
  feedback?: boolean;
  /** Cosine similarity a memory without a full-text match needs to be a hybrid result. Default: {@link minSimilarity}. */
  minSimilarity?: number;
  /** Hybrid: exponent of the query-information coverage on the full-text side. Default {@link COVERAGE_POWER}. */
  coveragePower?: number;
  /** Hybrid: the nearest memories by meaning that are candidates whatever their similarity. Default {@link SEMANTIC_CANDIDATES}. */
  semanticCandidates?: number;
  /** Hybrid: most cosine between two memories placed on the page before the others (1 = off). Default {@link DIVERSITY}. */
  diversity?: number;
  /** Hybrid: query expansion, `none`, `store` (words shared by the nearest memories by meaning) or `table` (a synonym table, {@link ModeSearchOptions.synonyms}). Default {@link EXPANSION}. */
  expansion?: ExpansionSource;
  /** Hybrid: weight of the expansion query's full-text score beside the query's own. Default {@link EXPANSION_WEIGHT}. */
  expansionWeight?: number;
  /** Hybrid: whether memories matching only the expansion become candidates. Default true. */
  expansionCandidates?: boolean;
  /** Hybrid, `store` expansion: nearest memories read, words kept, fewest of them holding a word. */
  expansionNeighbours?: number;
  expansionWords?: number;
  expansionMinDocs?: number;
  /** Hybrid, `table` expansion: the synonym table's file (JSON) and words kept per query term. */
  synonyms?: string;
  synonymsPerTerm?: number;
  /** Hybrid: a page with a confident match makes its candidates that hold some of the query's information, or are near by meaning, confident too. Default {@link PAGE_SUPPORT}. */
  pageSupport?: boolean;
  /** Hybrid: below this many memories passing the filters, page support is off (a small store). Default {@link SMALL_STORE_MEMORIES}. */
  smallStoreMemories?: number;
  /** Hybrid: most memories of one session (a run of memories stored at most `hybrid.contextMinutes` apart) placed before the others (0 = off). Default {@link SESSION_CAP}. */
  sessionCap?: number;
  /** Hybrid: when at least this share of the memories passing the filters belong to no conversation (a store of notes), page support is off at any size and, from 100 memories, the relative lines apply without the known-terms rule (above 1: never). Default {@link NOTE_STORE_SHARE}. */
  noteStoreShare?: number;
  /** Hybrid: a name of the query held by at most this many memories passing the filters selects: a memory without it is not confident (-1: off). Default {@link NAME_HOLDERS}. */
  nameHolders?: number;
  /** Hybrid, for benchmarks: called with each candidate's confidence signals and confidence (bench/small-stores.mjs `--signals`). */
  onSignals?: (id: string, signals: Signals, confidence: number) => void;
}

/** Page support by default (src/search/confidence.ts, `supported`). */
export const PAGE_SUPPORT = true;
/** Fewest memories for the query's own cosine distribution to calibrate confidence (z, nearest gap). */
export const CALIBRATION_MIN_MEMORIES = 20;
/**
 * Below this many memories passing the filters, a store is small and page support is off
 * (src/search/confidence.ts): a page of ten with one confident note is a third of a 30-note store,
 * and its other candidates sharing any word of the question ("use", "production") are no answers.
 * On the tune small stores: confident results per answerable question 2.8 → 1.5, nothing else moved
 * (bench/small-stores.mjs, BENCHMARKS.md "Small stores"). Every LoCoMo conversation and the
 * engineering store are larger, so their figures do not move.
 */
export const SMALL_STORE_MEMORIES = 100;

/**
 * A store of notes has no page support at any size (src/search/confidence.ts, `supported`): when at
 * least this share of the memories passing the filters belong to no conversation
 * (src/search/conversation.ts: no `session`, no CI job), a confident page lends its other
 * candidates nothing. Page support is there for a conversation, where a question's evidence is spread
 * over the turns around the one that matches (it carries LoCoMo's confident recall); a team's notes
 * hold one fact each, and the notes on a confident note's page that share a word of the question are
 * no answers. Picked on the tune stores among 100 and 1,000 notes (bench/small-stores.mjs,
 * BENCHMARKS.md "Small stores: no page support among notes"): confident results per answerable
 * question 5.83 → 3.10 and 7.62 → 4.87, right note first 68 → 70 and 67 → 69 of 92, neighbouring
 * questions unchanged. The share is not tuned: the sets are all notes, or (LoCoMo) all turns. From 100
 * memories a store of notes is also judged by relative evidence (src/search/confidence.ts, `Signals.notes`).
 */
export const NOTE_STORE_SHARE = 0.5;

/**
 * Names (src/search/confidence.ts, {@link Signals.lacksName}), on a small store ({@link SMALL_STORE_MEMORIES}):
 * a name of the query (src/search/analyze.ts `queryNames`) selects when at most this many memories
 * passing the filters hold it; a name more memories hold is what the store is about (the user a
 * personal assistant's notes call "she"), and a note without it may still answer. Not on larger
 * stores: in a conversation a turn does not repeat the name it answers about ("Sweden" asked, "my
 * home country" said), and on LoCoMo's tune conversations the rule cost 8.7 points of confident
 * evidence R@10 (BENCHMARKS.md, "Small stores: names select").
 */
export const NAME_HOLDERS = 3;

/** Session diversity by default (0 = off); picked on the tune sets. */
export const SESSION_CAP = 0;

/** Query expansion by default (src/search/expand.ts); picked on the tune sets. */
export const EXPANSION: ExpansionSource = 'none';
export const EXPANSION_WEIGHT = 0.5;

/**
 * The full-text side of hybrid ranking is BM25 / best BM25 × coverage ^ this (coverage: the share of
 * the query's information the memory holds). Picked on LoCoMo's tune conversations (BENCHMARKS.md).
 */
export const COVERAGE_POWER = 0.5;
/** Page diversity: most cosine between two memories placed before the others (1 = off). Picked on the tune sets. */
export const DIVERSITY = 1;

/** The nearest memories by meaning that are hybrid candidates (weak below the threshold). Picked on the tune sets. */
export const SEMANTIC_CANDIDATES = 3;

function hybridSetting(store: ReadonlyBranch, key: 'vectorWeight' | 'contextWeight' | 'contextMinutes', dflt: number, max: number): number {
  const w = Number(store.config().hybrid?.[key]);
  return Number.isFinite(w) && w >= 0 && w <= max ? w : dflt;
}

/** The hybrid settings of one search: the branch's configuration and the search options, with their defaults. */
export interface HybridSettings {
  /** `hybrid.vectorWeight`: the vector side's share of the blend. */
  vectorWeight: number;
  /** `hybrid.contextWeight`: the share of a neighbour's score a match inherits (0 = off). */
  contextWeight: number;
  /** `hybrid.contextMinutes` in ms: the most time between two neighbours. */
  windowMs: number;
  coveragePower: number;
  semanticCandidates: number;
  expansionWeight: number;
}

export function hybridSettings(store: ReadonlyBranch, opts: ModeSearchOptions): HybridSettings {
  return {
    vectorWeight: hybridSetting(store, 'vectorWeight', DEFAULT_CONFIG.hybrid.vectorWeight, 1),
    contextWeight: hybridSetting(store, 'contextWeight', CONTEXT_WEIGHT, 1),
    windowMs: hybridSetting(store, 'contextMinutes', DEFAULT_CONFIG.hybrid.contextMinutes, 1440) * 60_000,
    coveragePower: opts.coveragePower ?? COVERAGE_POWER,
    semanticCandidates: opts.semanticCandidates ?? SEMANTIC_CANDIDATES,
    expansionWeight: opts.expansionWeight ?? EXPANSION_WEIGHT,
  };
}
