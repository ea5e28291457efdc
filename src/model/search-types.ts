import type { Memory, Priority } from './memory.js';

/** Input of `memory_search`; every field optional. Filters alone list matches newest first. */
export interface SearchQuery {
  /** Free text. Any string is accepted; it is never handed to a query parser raw. */
  query?: string;
  /** Memories must carry every one of these tags. */
  tags?: string[] | string;
  category?: string;
  priority?: Priority;
  scope?: string;
  /** ISO date or datetime; results strictly after it. */
  after?: string;
  /** ISO date or datetime; results strictly before it. */
  before?: string;
  /** Only memories from the last N days. */
  days?: number;
  /** Maximum results. Default 10. */
  limit?: number;
  /** Also search memories archived by `memory prune` (full text; results marked `archived: true`). Default false. */
  archived?: boolean;
  /** hybrid, vector or fulltext. Default: hybrid when an embedder is available, else fulltext (docs/hybrid.md). */
  mode?: SearchMode;
  /** When nothing matches, retry without the date range, then without tags, then in vector mode; what a dropped filter lets in is `weak`, never a result. Default false, as on every surface (docs/search.md, "Filters and relaxation"). */
  relax?: boolean;
}

export type SearchMode = 'hybrid' | 'vector' | 'fulltext';
/** A relaxation step, in the order they are tried. */
export type Relaxation = 'date' | 'tags' | 'vector';

/** Why the requested mode did not run. */
export interface SearchFallback {
  from: SearchMode;
  to: SearchMode;
  reason: string;
  /** The error code behind it, e.g. EMBEDDER_ERROR. */
  code?: string;
}

/** What vector search did to the stored vectors. */
export interface VectorReport {
  model: string;
  /** Memories embedded by this search, into the local cache under the git dir: a search never commits. */
  embedded: number;
  /** Memories whose vector was on the branch or in the local cache. */
  reused: number;
  /** Memories without a vector (over the per-search embedding budget): they match on full text only; `memory embed` fills them. */
  missing: number;
}

export interface SearchResult extends Memory {
  /** Higher is better; comparable within one response only. */
  relevance: number;
  /**
   * 0-1: how surely the memory is what the query is about (docs/search.md, "Confidence"). Results
   * with 0.5 or more are in `results`, the others in `weak`. Absent for filter-only listings.
   */
  confidence?: number;
  /** Vector and hybrid modes: cosine similarity, normalised full-text and feedback scores, each 0-1, what conversation context added, and the share of the query's information the memory holds (docs/hybrid.md). */
  scores?: { vector?: number; fulltext?: number; feedback?: number; context?: number; coverage?: number };
}

export interface SearchResponse {
  success: true;
  /** Confident matches only (confidence ≥ 0.5), best first. Empty when the store holds nothing the query is about. */
  results: SearchResult[];
  /**
   * With query text: candidates of the page below confidence (sharing a common word or a loose
   * meaning with the query), best first, after `results`; together at most `limit`. Not answers.
   */
  weak?: SearchResult[];
  /** Present when query text found no confident match: says so (and how many weak candidates there are). */
  nothingConfident?: string;
  /** Every match, not just this page. */
  total: number;
  /** The mode that actually ran (set by the mode-aware search). */
  mode?: SearchMode;
  /** Present when the requested mode could not run. */
  fallback?: SearchFallback;
  /** With `relax`: the relaxations applied, in order (empty when none were needed). */
  relaxed?: Relaxation[];
  /** Vector and hybrid modes. */
  vectors?: VectorReport;
  /**
   * Present when the query text had no searchable words (only punctuation, or only common words such
   * as "the"): it was set aside and the filters alone listed memories newest first. Says why.
   */
  ignoredQuery?: string;
  /** With an index cache (`--index-cache`, docs/search.md): what it did for this search. */
  indexCache?: { restored: boolean; bytesRead: number; index: string; bytesWritten: number; vectorFiles: number };
}
