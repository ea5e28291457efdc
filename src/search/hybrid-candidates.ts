import { embedInput } from '../embed/index.js';
import { topK } from '../vector/index.js';
import { neighbourWords, synonymTable, tableWords } from './expand.js';
import { queryNames } from './analyze.js';
import { EXPANSION, NAME_HOLDERS } from './hybrid-options.js';
import { fullTextMatches } from './index.js';
import type { RankInput } from './ranking.js';

/**
 * Which memories a hybrid search ranks, fixed by the query itself: the full-text side of a query
 * (BM25 over the best, times the query's information the memory holds), the words of query
 * expansion, and the candidate rows (full-text matches, memories as close as the threshold, the few
 * nearest by meaning). Feedback and conversation context re-rank these candidates; neither adds one.
 */

/** The full-text side of one query, by id, with the share of the query's information each match holds. */
export interface TextScores {
  scores: Map<string, number>;
  coverage: Map<string, number>;
}

/**
 * Full-text side: BM25 / the best BM25 among the allowed memories, times the share of the query's
 * information the memory holds to the power `coveragePower` (null: no coverage factor): a memory
 * sharing one common word of the question does not outrank one close by meaning.
 */
export function textScores(input: RankInput, text: string, coveragePower: number | null): TextScores {
  const scores = new Map<string, number>();
  const coverage = new Map<string, number>();
  let max = 0;
  for (const [id, { score, coverage: cv }] of fullTextMatches(input.store, text, input.opts, input.view)) {
    if (!input.allowed.has(id)) continue;
    scores.set(id, score);
    if (coveragePower !== null) coverage.set(id, cv);
    if (score > max) max = score;
  }
  for (const [id, sc] of scores) scores.set(id, (max > 0 ? sc / max : 0) * (coveragePower ? Math.pow(coverage.get(id) ?? 0, coveragePower) : 1));
  return { scores, coverage };
}

/** What the query's selecting names say of a memory (src/search/confidence.ts, "Names"). */
export interface NameSelector {
  /** The memory does not hold one of the names. */
  lacks: (id: string) => boolean;
  /** The memory holds none of the query's other words that some memory holds: its shared words are the names. */
  nameOnly: (id: string) => boolean;
}

/**
 * The query's selecting names ({@link NAME_HOLDERS}): for each name the memories passing the filters
 * that hold it (one full-text lookup per name), and the memories holding any of the query's other
 * words (one more lookup). Null when the query names nothing or only names many memories hold.
 */
export function nameSelector(input: RankInput): NameSelector | null {
  const most = input.opts.nameHolders ?? NAME_HOLDERS;
  if (!(most >= 0)) return null; // -1 (off), and NaN: no count of holders is at most NaN
  const holders: Set<string>[] = [];
  const names: string[] = [];
  for (const name of queryNames(input.query)) {
    const ids = new Set(textScores(input, name, null).scores.keys());
    if (ids.size > most) continue;
    holders.push(ids);
    names.push(name);
  }
  if (!holders.length) return null;
  const bare = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/u, '');
  const named = new Set(names.map(bare));
  const rest = input.query.split(/\s+/).filter((w) => !named.has(bare(w))).join(' ');
  const others = new Set(textScores(input, rest, null).scores.keys());
  return { lacks: (id) => holders.some((h) => !h.has(id)), nameOnly: (id) => others.size > 0 && !others.has(id) };
}

/** Query expansion (src/search/expand.ts): the words of a second, lighter full-text query the query does not hold. */
export function expansionWords(input: RankInput, queryCosines: Float32Array): string[] {
  const { opts, index, ok, view, query } = input;
  const expansion = opts.expansion ?? EXPANSION;
  if (expansion === 'store') {
    const near = topK(queryCosines, opts.expansionNeighbours ?? 5, (r) => ok[r] === 1 && queryCosines[r] > 0);
    return neighbourWords(view, query, near.map((r) => embedInput(input.entries.get(index.ids[r])!.read().content)), opts.expansionWords ?? 5, opts.expansionMinDocs ?? 2);
  }
  if (expansion === 'table' && opts.synonyms) return tableWords(view, query, synonymTable(opts.synonyms), opts.synonymsPerTerm ?? 3);
  return [];
}

/**
 * The candidates, fixed by the query itself, one byte per vector row: its full-text matches (and
 * the expansion's, when they may be candidates), the memories at least as close as the threshold,
 * and the `semanticCandidates` nearest by meaning (so a memory that is the nearest by meaning can
 * rank without a shared word; below the threshold it is weak). Feedback and context re-rank them;
 * neither adds one. Full-text matches without a vector are added by `blend` (hybrid-rank.ts).
 */
export function candidateRows(input: RankInput, queryCosines: Float32Array, matchIds: Iterable<string>[], semanticCandidates: number): Uint8Array {
  const { index, ok, floor } = input;
  const match = new Uint8Array(index.size);
  for (let r = 0; r < index.size; r++) if (ok[r] && queryCosines[r] >= floor) match[r] = 1;
  // The matches by their rows: a lookup per match, not a string lookup per row.
  for (const ids of matchIds) {
    for (const id of ids) {
      const r = index.rowOf.get(id);
      if (r !== undefined && ok[r]) match[r] = 1;
    }
  }
  if (semanticCandidates > 0 && Number.isFinite(floor)) for (const r of topK(queryCosines, semanticCandidates, (x) => ok[x] === 1 && queryCosines[x] > 0)) match[r] = 1;
  return match;
}
