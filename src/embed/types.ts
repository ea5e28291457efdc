/**
 * A text embedder: turns texts into unit-length vectors of one model. Everything else (storage,
 * search, blending) only sees this interface, so models can be swapped by configuration.
 */
export interface Embedder {
  /**
   * Names the model and everything that changes its vectors (e.g. `use-lite-en@0.2.0`,
   * `openai:text-embedding-3-small`). Stored with every vector: vectors of different ids are never
   * compared, so a model change re-embeds instead of mixing.
   */
  readonly id: string;
  /** Embeds `texts`, returning one L2-normalised vector per text, in input order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Whether the model understands only English (full-text then carries other languages). */
  readonly englishOnly?: boolean;
  close?(): Promise<void> | void;
}

export type EmbedderKind = 'use' | 'openai' | 'onnx' | 'none';

/** How to build the embedder; from config (`hybrid.*`), env (`MEMORY_EMBEDDER*`) and flags. */
export interface EmbedderConfig {
  /** `use` (default, offline), `openai` (any /v1/embeddings server), `onnx` (local folder), `none`. */
  kind: EmbedderKind;
  /** openai: the model name sent to the server; onnx: the model folder. */
  model?: string;
  /** openai: base URL up to and including `/v1`. Default https://api.openai.com/v1. */
  baseUrl?: string;
  /** openai: name of the env variable holding the API key (never the key itself). Default OPENAI_API_KEY. */
  apiKeyEnv?: string;
  /** openai: texts per request. Default 64. */
  batchSize?: number;
  /** openai: per-request timeout in ms. Default 30000. */
  timeoutMs?: number;
  /** openai: retries of a failed request (timeouts, 429, 5xx). Default 2. */
  retries?: number;
}

/** L2-normalises in place; a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] *= inv;
  }
  return v;
}

/** A model id made safe for a folder name on the branch (`vectors/<slug>/`). */
export function modelSlug(id: string): string {
  const s = id.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return (s || 'model').slice(0, 80);
}

// Set to true by scripts/build-action.mjs: the GitHub Action's bundle carries no local model, and
// must not pick one up from a node_modules that happens to sit next to it (a checkout of the action's
// repository with its dependencies installed): the same step then behaved differently there,
// loading the model and committing vectors/ files. Undefined everywhere else (CLI, library, tests).
declare const __GM_NO_LOCAL_MODELS__: boolean | undefined;

/** Whether this build may load a local model (the offline USE model, an ONNX folder). */
export const LOCAL_MODELS: boolean = typeof __GM_NO_LOCAL_MODELS__ === 'undefined' || !__GM_NO_LOCAL_MODELS__;

/** Why a local model is not installed in this build (the GitHub Action). */
export const NO_LOCAL_MODELS = 'the offline embedding model is not installed in the GitHub Action bundle (only an HTTP embedder runs there: hybrid.embedder openai, docs/hybrid.md)';
