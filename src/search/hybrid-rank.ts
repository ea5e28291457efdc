import { embedInput, normalize } from '../embed/index.js';
import { topK, type VectorIndex } from '../vector/index.js';
import { CONFIDENT, HYBRID_MIN_COVERAGE, semanticConfidence } from './confidence.js';
import { candidateRows, expansionWords, nameSelector, textScores, type TextScores } from './hybrid-candidates.js';
import { calibration, candidateConfidence, type ConfidenceSignals } from './hybrid-confidence.js';
import { addContext, neighboursOf, noteShare, sessionsOf } from './hybrid-context.js';
import { CALIBRATION_MIN_MEMORIES, FEEDBACK_DOCS, FEEDBACK_MIN_MEMORIES, NOTE_STORE_SHARE, PAGE_SUPPORT, SESSION_CAP, SMALL_STORE_MEMORIES, feedbackDefault, hybridSettings, type HybridSettings } from './hybrid-options.js';
import { bestOf } from './rank-order.js';
import type { Candidate, Ranking, RankInput } from './ranking.js';
import { knownShare } from './terms.js';

/**
 * The two rankings before a page is picked. Vector mode: the nearest memories by meaning. Hybrid:
 * the candidates (hybrid-candidates.ts) blended, vector side and full-text side, each with its
 * confidence (hybrid-confidence.ts), plus what its conversation neighbours lend (hybrid-context.ts),
 * then, from a confident first pass over a collection, the same again with pseudo-relevance feedback.
 */

/**
 * Vector mode: the nearest memories by meaning. As asked by the caller it lists them however far
 * (those below the threshold are weak); as relaxation's last step (`matchesOnly`) only those as close
 * as the threshold (nearest noise is no answer). Total: the memories at least as close as the threshold.
 */
export function nearestRanking(input: RankInput, limit: number, matchesOnly: boolean): Ranking {
  const { index, ok, floor } = input;
  const cos = index.scoreAll(input.queryVector);
  let total = 0;
  for (let r = 0; r < index.size; r++) if (ok[r] && cos[r] >= floor) total++;
  const rows = topK(cos, limit, matchesOnly ? (r) => ok[r] === 1 && cos[r] >= floor : (r) => ok[r] === 1);
  const candidates = rows.map((r): Candidate => ({ id: index.ids[r], relevance: cos[r], vectorScore: cos[r], confidence: semanticConfidence(cos[r], floor) }));
  return { candidates, total, pageSupport: false, coverage: new Map(), sessionOf: null };
}

/** What one hybrid pass blends for every candidate. */
interface BlendInput {
  index: VectorIndex;
  settings: HybridSettings;
  candidates: Uint8Array;
  /** The query's full-text scores, and the expansion query's (null: no expansion). */
  text: TextScores;
  expanded: Map<string, number> | null;
  signals: ConfidenceSignals;
}

/**
 * One hybrid pass: every candidate's blend of `cosines` (this pass's query vector) and its full-text
 * scores (the query's, the expansion's weighted, and `feedback`'s in the feedback pass), in the order
 * of the vector rows, then the full-text matches without a vector yet (over the embedding budget).
 */
function blend(b: BlendInput, cosines: Float32Array, feedback: Map<string, number> | null): Candidate[] {
  const { index, settings, text, expanded, signals } = b;
  const w = settings.vectorWeight;
  const out: Candidate[] = [];
  const add = (id: string, vectorScore: number, row: number | undefined) => {
    const textScore = (text.scores.get(id) ?? 0) + (expanded ? settings.expansionWeight * (expanded.get(id) ?? 0) : 0);
    const feedbackScore = feedback ? feedback.get(id) ?? 0 : undefined;
    out.push({
      id,
      relevance: w * vectorScore + (1 - w) * (textScore + (feedbackScore ?? 0)),
      vectorScore,
      textScore,
      ...(feedbackScore !== undefined ? { feedbackScore } : {}),
      confidence: candidateConfidence(signals, id, row),
      coverage: text.coverage.get(id) ?? 0,
      ...(row === undefined ? {} : { queryCosine: signals.queryCosines[row] }),
    });
  };
  for (let r = 0; r < index.size; r++) if (b.candidates[r]) add(index.ids[r], Math.max(0, cosines[r]), r);
  for (const id of text.scores.keys()) if (!index.rowOf.has(id)) add(id, 0, undefined);
  return out;
}

/**
 * Pseudo-relevance feedback: the query vector moved towards the best {@link FEEDBACK_DOCS}
 * candidates of the first pass, and a full-text query made of their words, which ranks higher the
 * evidence a short question words differently (BENCHMARKS.md). Only from a confident first pass:
 * feedback from a weak match would rank "more of the same" as that match first. Confident: the best
 * candidate is itself a semantic match. (Feedback from the best semantic matches wherever they rank
 * instead: LoCoMo R@10 71.0% against 72.3%, BENCHMARKS.md.) The moved vector is scored on the
 * candidate rows only (`candidates`): no other row is read. Null when the first pass is not confident.
 */
function feedbackQuery(input: RankInput, firstPass: Candidate[], candidates: Uint8Array): { cosines: Float32Array; text: Map<string, number> } | null {
  const { index, queryVector, floor } = input;
  const ranked = bestOf(firstPass, FEEDBACK_DOCS, (a, b) => b.relevance - a.relevance || (a.id < b.id ? 1 : -1));
  const top = ranked.length && (ranked[0].vectorScore ?? 0) >= floor ? ranked.map((x) => x.id) : [];
  if (!top.length) return null;
  const moved = Float32Array.from(queryVector);
  for (const id of top) {
    const v = index.vector(id);
    if (v) for (let j = 0; j < moved.length; j++) moved[j] += v[j] / top.length;
  }
  // The openings the vectors stand for: a long memory's whole text as a query would cost what
  // indexing it does, on every search.
  const text = textScores(input, top.map((id) => embedInput(input.entries.get(id)!.read().content)).join('\n'), null).scores;
  // blend reads the cosines of the candidates only: the other rows are not scored.
  return { cosines: index.scoreAll(normalize(moved), candidates), text };
}

/**
 * Hybrid ranking: the blend of the vector and full-text sides over the candidates, with conversation
 * context, then, over a collection with a confident first pass, the same again with pseudo-relevance
 * feedback. Total: every confident candidate (weak candidates are not matches).
 */
export function hybridRanking(input: RankInput): Ranking {
  const { store, view, opts, index, entries, query } = input;
  const settings = hybridSettings(store, opts);
  const nb = settings.contextWeight > 0 ? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id)) : null;
  const sessionOf = (opts.sessionCap ?? SESSION_CAP) > 0 ? sessionsOf(index, nb ?? neighboursOf(index, view, settings.windowMs, (id) => entries.get(id))) : null;
  const text = textScores(input, query, settings.coveragePower);
  const queryCosines = index.scoreAll(input.queryVector);
  const words = expansionWords(input, queryCosines);
  const expanded = words.length && settings.expansionWeight > 0 ? textScores(input, words.join(' '), null).scores : null;
  const expansionCandidates = expanded && (opts.expansionCandidates ?? true) ? expanded : null;
  const candidates = candidateRows(input, queryCosines, [text.scores.keys(), expansionCandidates?.keys() ?? []], settings.semanticCandidates);
  const small = input.okCount < (opts.smallStoreMemories ?? SMALL_STORE_MEMORIES);
  const cal = calibration(queryCosines, input.ok, input.okCount);
  // A store of notes (hybrid-options.ts NOTE_STORE_SHARE): each memory one fact, not a turn of a conversation.
  // Read where a rule needs it: from 100 memories (relative evidence, page support) and under 20.
  const few = input.okCount < CALIBRATION_MIN_MEMORIES;
  const share = opts.noteStoreShare ?? NOTE_STORE_SHARE;
  const noteStore = ((!small && cal.calibrated) || few) && share <= 1 && noteShare(index, input.ok, input.okCount, (id) => entries.get(id)?.conv) >= share;
  const notes = !small && cal.calibrated && noteStore;
  // A handful of notes, some of those passing the filters holding a query word (src/search/confidence.ts WORDS_ELSEWHERE).
  const handful = noteStore && few && [...text.coverage.values()].some((c) => c > 0);
  const signals: ConfidenceSignals = { coverage: text.coverage, queryCosines, known: knownShare(view, query), minCoverage: opts.minCoverage ?? HYBRID_MIN_COVERAGE, small, notes, handful, floor: input.floor, calibration: cal, names: small ? nameSelector(input) : null, ...(opts.onSignals ? { onSignals: opts.onSignals } : {}) };
  const b: BlendInput = { index, settings, candidates, text, expanded, signals };
  const pass = (cosines: Float32Array, feedback: Map<string, number> | null) => {
    const out = blend(b, cosines, feedback);
    if (nb) addContext(out, index, nb, settings.contextWeight);
    return out;
  };
  let scored = pass(queryCosines, null);
  // Feedback needs a collection: among a handful of memories the top two are often unrelated, and
  // their words would pull in more unrelated ones. Forced on by `feedback: true`.
  if (opts.feedback ?? (feedbackDefault() && input.allowed.size >= FEEDBACK_MIN_MEMORIES)) {
    const fb = feedbackQuery(input, scored, candidates);
    if (fb) scored = pass(fb.cosines, fb.text);
  }
  return {
    candidates: scored,
    total: scored.reduce((a, x) => a + (x.confidence >= CONFIDENT ? 1 : 0), 0),
    // Among a handful of memories the nearest are near only because there is nothing else; among
    // notes (hybrid-options.ts NOTE_STORE_SHARE) each is one fact, and a confident one makes the
    // others on its page no answer.
    pageSupport: (opts.pageSupport ?? PAGE_SUPPORT) && cal.calibrated && !small && !notes,
    coverage: text.coverage,
    sessionOf,
  };
}
