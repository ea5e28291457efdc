import { MemoryError } from '../core/errors.js';
import type { MemoryStore } from '../core/store.js';
import { createEmbedder, resolveEmbedderConfig, type Embedder } from '../embed/index.js';
import { BranchVectors } from './branch.js';

const embedders = new WeakMap<MemoryStore, Embedder | null>();

/** The store's configured embedder (env MEMORY_EMBEDDER*, default the offline model); null for none. */
export function storeEmbedder(store: MemoryStore, override?: Embedder | null): Embedder | null {
  if (override !== undefined) return override;
  if (!embedders.has(store)) {
    const hybrid = (store.config().hybrid ?? {}) as unknown as Record<string, unknown>;
    embedders.set(store, createEmbedder(resolveEmbedderConfig(hybrid)));
  }
  return embedders.get(store) ?? null;
}

const sets = new WeakMap<MemoryStore, Map<string, BranchVectors>>();

/** One {@link BranchVectors} per store, embedder and commit setting, so its in-memory copy of the vectors serves every search. */
export function branchVectors(store: MemoryStore, embedder: Embedder, commit: boolean): BranchVectors {
  let m = sets.get(store);
  if (!m) sets.set(store, (m = new Map()));
  const key = `${embedder.id}\0${commit}`;
  let bv = m.get(key);
  if (!bv || bv.embedder !== embedder) m.set(key, (bv = new BranchVectors(store, embedder, { commit })));
  return bv;
}

/** Whether new vectors are committed to the branch: yes unless MEMORY_VECTORS_COMMIT is 0/false/no/off. */
export function commitDefault(): boolean {
  const v = (process.env.MEMORY_VECTORS_COMMIT ?? '').trim().toLowerCase();
  return !['0', 'false', 'no', 'off'].includes(v);
}

export interface EmbedResult {
  success: true;
  model: string;
  embedded: number;
  reused: number;
  pruned: number;
  /** The commit recording the new vectors, or null when nothing changed. */
  commit: string | null;
  durationMs: number;
}

/**
 * `memory embed`: computes the vectors of every memory that lacks one for the configured model and
 * commits them, so later searches (here and in every clone) embed nothing but the query.
 */
export async function embedMemories(store: MemoryStore, opts: { embedder?: Embedder | null; commitVectors?: boolean } = {}): Promise<EmbedResult> {
  const t0 = performance.now();
  const embedder = storeEmbedder(store, opts.embedder);
  if (!embedder) throw new MemoryError('EMBEDDER_ERROR', 'no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx', { reason: 'none' });
  const memories = [...store.catalog().byId.values()].map((e) => e.memory);
  const { report } = await branchVectors(store, embedder, opts.commitVectors ?? commitDefault()).ensure(memories);
  return { success: true, model: report.model, embedded: report.embedded, reused: report.reused, pruned: report.pruned, commit: report.commit, durationMs: Math.round(performance.now() - t0) };
}
