import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MemoryError, EmbedderError, InvalidInputError, type NextStep } from '../errors.js';
import { LOCAL_MODELS, NO_LOCAL_MODELS, normalize, type Embedder } from './types.js';

type Extractor = (texts: string[], opts: { pooling: 'mean'; normalize: boolean }) => Promise<{ tolist(): number[][] }>;

/** The package is an optional, user-installed dependency; the name is computed so no bundler pulls it in. */
const TRANSFORMERS = ['@huggingface', 'transformers'].join('/');
const BATCH = 16;

/**
 * A sentence-embedding model in a local folder in Hugging Face layout (`config.json`,
 * `tokenizer.json`, `onnx/model.onnx`), run by `@huggingface/transformers` with remote loading
 * disabled: nothing is downloaded at run time. The package is optional: install it with
 * `ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers` (the skip avoids
 * onnxruntime's post-install download of GPU libraries; the CPU runtime ships inside the package).
 */
export class OnnxEmbedder implements Embedder {
  readonly id: string;
  private readonly folder: string;
  private extractor: Promise<Extractor> | null = null;

  constructor(folder: string) {
    if (!folder) throw new InvalidInputError('the onnx embedder needs a model folder (hybrid.model or MEMORY_EMBEDDER_MODEL)', { field: 'model' });
    this.folder = resolve(folder);
    const cfg = join(this.folder, 'config.json');
    if (!existsSync(cfg)) {
      throw new EmbedderError(`no Hugging Face model folder at ${this.folder} (config.json missing)`, { model: folder, reason: 'not-found' });
    }
    // The folder name alone could be reused for another model; the config's hash tells them apart.
    const h = createHash('sha256').update(readFileSync(cfg)).digest('hex').slice(0, 8);
    this.id = `onnx:${basename(this.folder)}-${h}`;
  }

  private load(): Promise<Extractor> {
    this.extractor ??= (async () => {
      let mod: { env: Record<string, unknown>; pipeline: (task: string, model: string, opts: object) => Promise<Extractor> };
      if (!LOCAL_MODELS) throw new EmbedderError(NO_LOCAL_MODELS, { model: this.id, reason: 'not-installed', next: 'search.fulltext' satisfies NextStep });
      try {
        mod = await import(TRANSFORMERS);
      } catch (err) {
        throw new EmbedderError(
          `the onnx embedder needs the optional package @huggingface/transformers: run "ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers" (${(err as Error).message.split('\n')[0]})`,
          { model: this.id, reason: 'not-installed', next: 'search.fulltext' satisfies NextStep },
        );
      }
      mod.env.allowRemoteModels = false;
      mod.env.allowLocalModels = true;
      mod.env.localModelPath = dirname(this.folder) + '/';
      try {
        return await mod.pipeline('feature-extraction', basename(this.folder), { local_files_only: true });
      } catch (err) {
        throw new EmbedderError(`could not load the ONNX model in ${this.folder}: ${(err as Error).message}`, { model: this.id, reason: 'load-failed' });
      }
    })();
    this.extractor.catch(() => (this.extractor = null));
    return this.extractor;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const extract = await this.load();
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const t = await extract(texts.slice(i, i + BATCH), { pooling: 'mean', normalize: true });
      for (const v of t.tolist()) out.push(normalize(Float32Array.from(v)));
    }
    return out;
  }
}
