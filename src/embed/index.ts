import { InvalidInputError } from '../errors.js';
import { HttpEmbedder } from './http.js';
import { OnnxEmbedder } from './onnx.js';
import type { Embedder, EmbedderConfig, EmbedderKind } from './types.js';
import { UseLiteEmbedder } from './use.js';

export type { Embedder, EmbedderConfig, EmbedderKind } from './types.js';
export { normalize, modelSlug } from './types.js';
export { MAX_EMBED_CHARS, embedInput } from './input.js';
export { HttpEmbedder, type HttpEmbedderOptions } from './http.js';
export { OnnxEmbedder } from './onnx.js';
export { UseLiteEmbedder, USE_MODEL_ID } from './use.js';

const KINDS: EmbedderKind[] = ['use', 'openai', 'onnx', 'none'];

function num(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * The embedder settings: `hybrid.embedder`, `hybrid.model`, `hybrid.baseUrl`, `hybrid.apiKeyEnv`
 * from the configuration, overridden by env (`MEMORY_EMBEDDER`, `MEMORY_EMBEDDER_MODEL`,
 * `MEMORY_EMBEDDER_URL`, `MEMORY_EMBEDDER_KEY_ENV`), overridden by explicit options (flags).
 */
export function resolveEmbedderConfig(hybrid: Record<string, unknown> = {}, env: NodeJS.ProcessEnv = process.env, over: Partial<EmbedderConfig> = {}): EmbedderConfig {
  const pick = (...v: unknown[]) => v.find((x) => typeof x === 'string' && x !== '') as string | undefined;
  const kind = (pick(over.kind, env.MEMORY_EMBEDDER, hybrid.embedder) ?? 'use').toLowerCase();
  if (!KINDS.includes(kind as EmbedderKind)) {
    throw new InvalidInputError(`unknown embedder ${JSON.stringify(kind)}: use one of ${KINDS.join(', ')}`, { field: 'embedder' });
  }
  return {
    kind: kind as EmbedderKind,
    model: pick(over.model, env.MEMORY_EMBEDDER_MODEL, hybrid.model),
    baseUrl: pick(over.baseUrl, env.MEMORY_EMBEDDER_URL, hybrid.baseUrl),
    apiKeyEnv: pick(over.apiKeyEnv, env.MEMORY_EMBEDDER_KEY_ENV, hybrid.apiKeyEnv) ?? 'OPENAI_API_KEY',
    batchSize: num(over.batchSize) ?? num(hybrid.batchSize),
    timeoutMs: num(over.timeoutMs) ?? num(env.MEMORY_EMBEDDER_TIMEOUT_MS) ?? num(hybrid.timeoutMs),
    retries: over.retries ?? (typeof hybrid.retries === 'number' ? hybrid.retries : undefined),
  };
}

/** Builds the configured embedder; null for `none`. Nothing heavy loads until the first `embed`. */
export function createEmbedder(cfg: EmbedderConfig, env: NodeJS.ProcessEnv = process.env): Embedder | null {
  switch (cfg.kind) {
    case 'none':
      return null;
    case 'use':
      return new UseLiteEmbedder();
    case 'onnx':
      return new OnnxEmbedder(cfg.model ?? '');
    case 'openai':
      return new HttpEmbedder({
        model: cfg.model ?? '',
        baseUrl: cfg.baseUrl,
        apiKey: env[cfg.apiKeyEnv ?? 'OPENAI_API_KEY'] || undefined,
        batchSize: cfg.batchSize,
        timeoutMs: cfg.timeoutMs,
        retries: cfg.retries,
      });
  }
}
