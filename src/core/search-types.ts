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
}

export interface SearchResult extends Memory {
  /** Higher is better; comparable within one response only. */
  relevance: number;
}

export interface SearchResponse {
  success: true;
  results: SearchResult[];
  /** Every match, not just this page. */
  total: number;
}
