import { MemoryError } from '../errors.js';
import { embedInput } from '../embed/input.js';
import { modelSlug, type Embedder } from '../embed/types.js';
import { vectorPath } from './branch.js';
import { contentHash, encodeVector } from './codec.js';
import { storeEmbedder, type ConfiguredBranch } from './store-vectors.js';

/**
 * Vector files for memories about to be written, so a writer commits each memory together with
 * its vector (one commit). Built before the commit, from the texts; placed at commit time, when the
 * writer knows the memory's final id and timestamp (an upsert keeps the old memory's).
 */
export interface StoreVectors {
  /** The model id the vectors belong to. */
  readonly model: string;
  /**
   * Adds the vector file of memory `id` (created at `timestamp`) to `changes` when `content` is one
   * of the texts embedded; returns whether it did. Text that changed since (a redaction, say) adds
   * nothing: that memory is embedded later, by `memory embed` or a search.
   */
  add(changes: Map<string, Buffer | null>, id: string, timestamp: string, content: string): boolean;
}

/**
 * {@link StoreVectors} from vectors computed elsewhere (a warm helper process, say): `vectors[i]` is
 * the unit vector of `texts[i]` under model `model` (the embedder's `id`).
 */
export function storeVectorsFrom(model: string, texts: string[], vectors: Float32Array[]): StoreVectors {
  if (texts.length !== vectors.length) throw new Error(`${vectors.length} vectors for ${texts.length} texts`);
  const slug = modelSlug(model);
  const byHash = new Map<string, Buffer>();
  texts.forEach((t, i) => {
    const hash = contentHash(t);
    byHash.set(hash, encodeVector(model, hash, vectors[i]));
  });
  return {
    model,
    add(changes, id, timestamp, content) {
      const file = byHash.get(contentHash(content));
      if (!file) return false;
      changes.set(vectorPath(slug, id, timestamp), file);
      return true;
    },
  };
}

/** Embeds `texts` with `embedder` and returns their {@link StoreVectors}. Throws what the embedder throws. */
export async function vectorsForStore(embedder: Embedder, texts: string[]): Promise<StoreVectors> {
  return storeVectorsFrom(embedder.id, texts, await embedder.embed(texts.map(embedInput)));
}

/**
 * The write-time hook of long-lived writers (`openMemory`, `memory mcp`, the Action): the vectors
 * of `texts` with the branch's configured embedder, or null when there is none. Embedding failures
 * never fail the write: the memory is stored without its vector (a warning says why, except when
 * the model is simply not installed, as in the Action bundle) and is embedded later.
 */
export async function writeTimeVectors(store: ConfiguredBranch, texts: string[], embedder?: Embedder | null): Promise<StoreVectors | null> {
  let e: Embedder | null;
  try {
    e = storeEmbedder(store, embedder);
    if (!e || !texts.length) return null;
    return await vectorsForStore(e, texts);
  } catch (err) {
    const quiet = err instanceof MemoryError && (err.data as { reason?: string } | undefined)?.reason === 'not-installed';
    if (!quiet) store.warn(`stored without a vector (embed it later with "memory embed"): ${(err as Error).message}`);
    return null;
  }
}
