/**
 * Confidence: whether a search result is a memory the query is about, said out loud (docs/search.md,
 * "Confidence"). Every result carries `confidence` in 0-1; 0.5 is the line: results at or above it are
 * the response's `results`, those below it its `weak` candidates. It is the stronger of two signals,
 * each mapped so its own threshold lands on 0.5:
 *
 * - lexical: the share of the query's information (idf mass, src/search/terms.ts `termInformation`)
 *   the memory holds. A memory sharing one common word of a six-word question covers a few percent of
 *   it, however well that word scores.
 * - semantic (hybrid and vector modes): the cosine similarity to the query against the model's
 *   calibrated threshold (src/search/hybrid-options.ts).
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
/**
 * The coverage line of hybrid search, where the lexical rules sit beside the semantic ones: a little
 * higher than full text's {@link MIN_COVERAGE} (on the tune half an
 * unanswerable question matched a turn through 0.61 of its information; 0.65 and 0.7 gave the same
 * recall on the saved pages).
 */
export const HYBRID_MIN_COVERAGE = 0.65;
export const SEMANTIC_LINE = 0.85;
export const PAIR_COVERAGE = 0.3;
export const PAIR_SEMANTIC = 0.68;
export const KNOWN_COVERAGE = 0.2;

/**
 * Per-query calibration (hybrid): a cosine is judged against the query's own cosines over the store.
 * The semantic line needs the cosine to stand {@link SEMANTIC_Z} standard deviations above the mean of
 * the query's cosines to every memory (an unanswerable question's nearest memories sit at 0.5 in a
 * store where everything is near it); and the nearest memory by meaning is confident when it stands
 * {@link NEAREST_GAP} × the threshold above the query's 10th nearest (one memory far closer than the
 * rest: a note said in other words) with a cosine of at least {@link NEAREST_SEMANTIC} × the threshold.
 */
/**
 * 2.8, not 3: questions whose evidence was on the page with nothing
 * confident sat at the semantic line with z just under 3 (a question naming a chat's speaker is near
 * all of that speaker's turns), and no unanswerable tune search sat between 2.75 and 3 (BENCHMARKS.md,
 * "Ranking: more evidence in the first 10").
 */
export const SEMANTIC_Z = 2.8;
/**
 * Hybrid: a lexical match (the coverage and known rules) whose cosine is below this × the threshold is
 * not confident on its words alone: it shares the query's words, not what it is about ("taxed on a
 * sold holiday home" against a turn that sells a home and mentions a holiday, cosine 0.1).
 */
export const LEXICAL_SEMANTIC = 0.3;
export const NEAREST_GAP = 0.37;
export const NEAREST_SEMANTIC = 0.76;

/**
 * Relative evidence (hybrid, on a small store: 20 to 99 memories passing the filters, where the
 * query's cosines calibrate and page support is off): the rules that accept a memory on
 * part of the evidence need its cosine to stand out among the query's cosines to the whole store, in
 * standard deviations above their mean. Among a team's notes of one domain every note is near every
 * question of it (cosines 0.4-0.63), so an absolute cosine half-way says little there; a note the
 * question is about stands out from the store's other notes, a neighbouring question's nearest notes
 * do not. Picked on the tune small stores (bench/small-stores.mjs, BENCHMARKS.md "Small stores:
 * relative evidence"): neighbouring questions with nothing confident 26/43 → 33/43, right note first
 * unchanged, confident results per answerable question 1.55 → 1.0. Not on larger stores: there they
 * cost LoCoMo's held-out confident recall 1.4 points (R@10, its conversations hold 300-700 turns of
 * one chat, where the evidence turn often stands less than 2 deviations out). They do apply to a store
 * of notes of any size ({@link Signals.notes}).
 * - {@link KNOWN_Z}: the known-terms rule (every query word is one the store holds);
 * - {@link PAIR_Z}: words and meaning half-way;
 * - {@link NEAREST_Z}: the nearest memory far closer than the 10th.
 */
export const KNOWN_Z = 1;
export const PAIR_Z = 2;
export const NEAREST_Z = 2.5;

/**
 * Standing out with some of the words (hybrid, small store or store of notes): the memory nearest the query by meaning
 * is confident when its cosine stands {@link STANDOUT_Z} standard deviations above the query's cosines
 * to the store and it holds {@link STANDOUT_COVERAGE} of the query's information, however low the
 * cosine itself. A note worded unlike the question ("when is my next dentist appointment" against
 * "Anna's dentist is Dr. Okafor on Baker Street; next check-up on 14 May", cosine 0.37) sits far below the model's threshold yet far
 * above every other note of the store. Picked on the tune small stores (bench/small-stores.mjs,
 * BENCHMARKS.md "Small stores: the nearest note that stands out"): right note first 31/44 → 33/44,
 * neighbouring questions unchanged; the lines sit in the middle of the range that measured alike
 * (z 2.6-3, coverage 0.3-0.4), away from a neighbouring question's nearest note at z 3.3 and
 * coverage 0.3 ("how long are Kafka topics retained").
 */
export const STANDOUT_Z = 2.8;
export const STANDOUT_COVERAGE = 0.35;

/**
 * Page support (hybrid): when a query has a confident match, the store knows what it asks about, and a
 * candidate on the same page that holds some of the query's information (coverage above 0) or is
 * within {@link SUPPORT_SEMANTIC} × the threshold by meaning is a confident result too (in a store of at
 * least 20 memories, src/search/hybrid-options.ts CALIBRATION_MIN_MEMORIES), at confidence
 * 0.5 + its own / 5 (below the page's own confident matches). It adds results only to queries that
 * already have one, so it never costs abstention.
 */
export const SUPPORT_SEMANTIC = 0.6;

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
  /** Standard score of `cosine` among the query's cosines to every memory (hybrid). */
  z?: number;
  /** The cosine above the query's 10th nearest memory, present only on the nearest memory (hybrid). */
  nearestGap?: number;
  /** A small store (hybrid, src/search/hybrid-options.ts SMALL_STORE_MEMORIES): the relative-evidence lines apply. */
  small?: boolean;
  /**
   * A store of notes of 100 memories or more (src/search/hybrid-options.ts NOTE_STORE_SHARE: at least
   * half of the memories passing the filters in no conversation): the relative lines apply, as on a small store (the nearest note
   * standing out included), and the known-terms rule does not: a store of a hundred notes or more holds
   * nearly every word of a question about its domain, so "every word known" says nothing there, and
   * under that rule the notes sharing a third of a question's words are confident by the dozen. Picked on the tune
   * stores among 100, 1,000 and 10,000 notes (bench/small-stores.mjs, BENCHMARKS.md "Small stores:
   * a store of notes judged by relative evidence"): confident results per answerable question 3.10 →
   * 1.26, 4.87 → 2.26, 5.41 → 3.58, right note first +2, +1, +1, neighbouring questions quiet +7, +8, +4
   * of 91; holdout 3.91 → 1.23, 6.13 → 3.04, 5.95 → 3.88, right note first −1, ±0, ±0 of 56 (three right
   * notes to `weak`, wrong notes first 7 → 4). A conversation keeps the known-terms rule: it carries
   * LoCoMo's confident recall.
   */
  notes?: boolean;
  /**
   * Fewer than 20 memories pass the filters (no distribution calibrates a cosine), at least half of them in no
   * conversation, and some of them hold a query word ({@link WORDS_ELSEWHERE}).
   */
  handful?: boolean;
  /** The memory lacks a name the query selects by ({@link NAME_CAP}). */
  lacksName?: boolean;
  /** The memory shares only the query's selecting names among the words some memory holds: no lexical evidence ({@link NAME_CAP}). */
  nameOnly?: boolean;
}

/**
 * Names (hybrid): a query that names something few memories hold ("is Tom allergic to anything",
 * "do we use Jenkins for CI"; src/search/hybrid-options.ts NAME_HOLDERS) asks about it; a memory that does not
 * hold the name is about another entity of the same kind ("Anna is allergic to peanuts") or about the
 * kind only, and is at most weak, however near by meaning.
 */
export const NAME_CAP = 0.49;

/**
 * Meaning without the words among a handful of notes ({@link Signals.handful}: hybrid, fewer than 20
 * memories passing the filters, src/search/hybrid-options.ts CALIBRATION_MIN_MEMORIES, where no
 * distribution of the query's cosines calibrates one; at least half of them in no conversation; some of them
 * holding a query word): a memory that holds none of the query's words while the store holds at least
 * this share of them is not confident by its cosine alone. Other notes are about what was asked and
 * this one is not; the offline model's cosine to a short query is noisy ("deploy" is nearer to
 * "Postgres backups run nightly", 0.52, than to three notes about deploys, 0.44). In a conversation a
 * turn that answers often shares no word with the question, so it is not applied there. Picked on the
 * tune small stores of 3 to 15 notes (bench/small-stores.mjs, BENCHMARKS.md "Small stores: a handful
 * of notes, meaning without the words"): a share near 0 lost right answers, 0.34 to 0.75 lost none.
 */
export const WORDS_ELSEWHERE = 0.5;

/** 0-1, the line at 0.5: the strongest of the rules above, each mapped so its line lands on 0.5; capped for a memory lacking the query's name. */
export function confidence(s: Signals): number {
  const c = ruleConfidence(s);
  return s.lacksName ? Math.min(c, NAME_CAP) : c;
}

function ruleConfidence(s: Signals): number {
  // A memory sharing only the query's names is about the named thing, not about what is asked of it,
  // unless its meaning agrees ("which Node version are we on" against "Node services run on Node 20").
  const nameAgrees = s.cosine !== undefined && s.floor !== undefined && s.cosine >= SEMANTIC_LINE * s.floor;
  const cov = s.nameOnly && !nameAgrees ? 0 : Math.max(0, Math.min(1, s.coverage));
  let c = around(cov, s.minCoverage ?? MIN_COVERAGE);
  const relative = s.small || s.notes;
  const stands = (line: number) => !relative || s.z === undefined || s.z >= line;
  if (!s.notes && s.known >= 1 && cov > 0 && stands(KNOWN_Z)) c = Math.max(c, around(cov, KNOWN_COVERAGE));
  // Words without the meaning: weak (only where the query's distribution calibrates the cosine).
  if (s.z !== undefined && s.cosine !== undefined && s.floor !== undefined && Number.isFinite(s.floor) && s.cosine < LEXICAL_SEMANTIC * s.floor) c = Math.min(c, 0.49);
  if (s.cosine !== undefined && s.floor !== undefined && Number.isFinite(s.floor)) {
    const floor = s.floor;
    // A threshold at or below 0 (set by hand) accepts everything by meaning.
    if (floor <= 0) return 1;
    const semantic = around(s.cosine, SEMANTIC_LINE * floor);
    // Without the query's distribution (a handful of memories) the cosine alone decides, unless other
    // notes hold the query's words and this memory none of them.
    const wordsElsewhere = s.handful === true && s.coverage <= 0 && s.known >= WORDS_ELSEWHERE;
    c = Math.max(c, s.z === undefined ? (wordsElsewhere ? Math.min(semantic, 0.49) : semantic) : Math.min(semantic, around(s.z / (2 * SEMANTIC_Z), 0.5)));
    if (stands(PAIR_Z)) c = Math.max(c, Math.min(around(cov, PAIR_COVERAGE), around(s.cosine, PAIR_SEMANTIC * floor)));
    if (s.nearestGap !== undefined && stands(NEAREST_Z)) c = Math.max(c, Math.min(around(s.cosine, NEAREST_SEMANTIC * floor), around(s.nearestGap, NEAREST_GAP * floor)));
    if (relative && s.nearestGap !== undefined && s.z !== undefined && s.cosine >= LEXICAL_SEMANTIC * floor) c = Math.max(c, Math.min(around(cov, STANDOUT_COVERAGE), around(s.z / (2 * STANDOUT_Z), 0.5)));
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

/** Whether a candidate is supported by a confident page (see {@link SUPPORT_SEMANTIC}). */
export function supported(coverage: number, cosine: number | undefined, floor: number): boolean {
  return coverage > 0 || (cosine !== undefined && Number.isFinite(floor) && cosine >= SUPPORT_SEMANTIC * floor);
}

/** The confidence of a supported candidate: on the line, ordered by its own. */
export function supportedConfidence(own: number): number {
  return Math.max(own, CONFIDENT + Math.min(own, CONFIDENT) / 5);
}

export function roundConfidence(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Says why `results` is empty when it is. */
export function nothingConfidentNote(weak: number): string {
  return weak
    ? `no memory matches the query confidently; ${weak} weak candidate${weak === 1 ? '' : 's'} (sharing only part of the query's words or meaning) ${weak === 1 ? 'is' : 'are'} under "weak"`
    : 'no memory matches the query';
}
