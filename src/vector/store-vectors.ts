import type { MemoryConfig } from '../model/config.js';
import { createEmbedder, resolveEmbedderConfig, type Embedder } from '../embed/index.js';
import { BranchVectors } from './branch.js';
import type { VectorBranch } from './view.js';

/** A read-only branch with its configuration (a `MemoryStore` fits): all the vector side needs. */
export interface ConfiguredBranch extends VectorBranch {
  config(): MemoryConfig;
}

const embedders = new WeakMap<object, Embedder | null>();

/** The branch's configured embedder (env MEMORY_EMBEDDER*, default the offline model); null for none. */
export function storeEmbedder(store: ConfiguredBranch, override?: Embedder | null): Embedder | null {
  if (override !== undefined) return override;
  if (!embedders.has(store)) {
    const hybrid = (store.config().hybrid ?? {}) as unknown as Record<string, unknown>;
    embedders.set(store, createEmbedder(resolveEmbedderConfig(hybrid)));
  }
  return embedders.get(store) ?? null;
}

const sets = new WeakMap<object, Map<string, BranchVectors>>();

/**
 * One {@link BranchVectors} per store and embedder, so its in-memory copy of the vectors serves
 * every search of a long-lived process. It keeps only a read-only view of `store`.
 */
export function branchVectors(store: VectorBranch, embedder: Embedder): BranchVectors {
  let m = sets.get(store);
  if (!m) sets.set(store, (m = new Map()));
  let bv = m.get(embedder.id);
  if (!bv || bv.embedder !== embedder) m.set(embedder.id, (bv = new BranchVectors(store, embedder)));
  return bv;
}

/** Default embedding budget of one search, in ms of embedding: about a second, whatever the store size. */
export const SEARCH_EMBED_BUDGET_MS = 1000;

/** The per-search embedding budget: env MEMORY_EMBED_BUDGET_MS (0 = never embed at search time), else 1000. */
export function searchBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = (env.MEMORY_EMBED_BUDGET_MS ?? '').trim();
  const n = Number(raw);
  return raw !== '' && Number.isFinite(n) && n >= 0 ? n : SEARCH_EMBED_BUDGET_MS;
}

/** The vector cache file's layout check, for the index cache's restore (search/ reaches vector/ only through this module). */
export { vectorCacheLayoutOk } from './branch.js';
