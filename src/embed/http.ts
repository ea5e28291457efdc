import { MemoryError, EmbedderError, InvalidInputError } from '../errors.js';
import { normalize, type Embedder } from './types.js';

export interface HttpEmbedderOptions {
  /** Model name sent to the server, e.g. text-embedding-3-small, nomic-embed-text. */
  model: string;
  /** Base URL up to and including `/v1`. Default https://api.openai.com/v1. */
  baseUrl?: string;
  /** The API key itself (read from an env variable by the caller); none for local servers. */
  apiKey?: string;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Per-request timeout, ms. Default 30000. */
  timeoutMs?: number;
  /** Retries after a timeout, a network error, 429 or 5xx. Default 2. */
  retries?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fail(message: string, data: Record<string, unknown>): MemoryError {
  return new EmbedderError(message, data);
}

/**
 * Any server speaking OpenAI's `POST /v1/embeddings` (OpenAI, Ollama, vLLM, LM Studio, llama.cpp).
 * Batches go out concurrently and are put back in input order by the `index` of each item, never by
 * arrival; a response that does not account for every input exactly once is an error, not a guess.
 */
export class HttpEmbedder implements Embedder {
  readonly id: string;
  private readonly url: string;
  private readonly o: Required<Omit<HttpEmbedderOptions, 'apiKey'>> & { apiKey?: string };

  constructor(opts: HttpEmbedderOptions) {
    if (!opts.model) throw new InvalidInputError('the openai embedder needs a model name (hybrid.model or MEMORY_EMBEDDER_MODEL)', { field: 'model' });
    const baseUrl = (opts.baseUrl || 'https://api.openai.com/v1').replace(/\/+$/, '');
    let parsed: URL;
    try {
      parsed = new URL(baseUrl);
    } catch {
      throw new InvalidInputError(`invalid embedder base URL: ${JSON.stringify(baseUrl)}`, { field: 'baseUrl' });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new InvalidInputError(`embedder base URL must be http(s): ${baseUrl}`, { field: 'baseUrl' });
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
    this.o = { batchSize: 64, concurrency: 4, timeoutMs: 30_000, retries: 2, ...given, model: opts.model, baseUrl } as HttpEmbedderOptions & Required<Omit<HttpEmbedderOptions, 'apiKey'>>;
    this.url = `${baseUrl}/embeddings`;
    this.id = `openai:${opts.model}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = new Array(texts.length);
    const size = Math.max(1, this.o.batchSize);
    const starts: number[] = [];
    for (let i = 0; i < texts.length; i += size) starts.push(i);
    let next = 0;
    let dims = -1;
    const worker = async () => {
      while (next < starts.length) {
        const start = starts[next++];
        const batch = texts.slice(start, start + size);
        const vecs = await this.request(batch);
        for (let j = 0; j < vecs.length; j++) {
          if (dims < 0) dims = vecs[j].length;
          if (vecs[j].length !== dims) throw fail(`embedder returned vectors of ${vecs[j].length} and ${dims} dimensions`, { model: this.o.model });
          out[start + j] = vecs[j];
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, starts.length) }, worker));
    return out;
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    let lastErr: MemoryError | null = null;
    for (let attempt = 0; attempt <= this.o.retries; attempt++) {
      if (attempt) await sleep(Math.min(2000, 200 * 2 ** (attempt - 1)));
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), this.o.timeoutMs);
      let res: Response;
      let body: string;
      try {
        res = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {}) },
          body: JSON.stringify({ model: this.o.model, input, encoding_format: 'float' }),
          signal: ctl.signal,
        });
        body = await res.text();
      } catch (err) {
        const timedOut = ctl.signal.aborted;
        lastErr = fail(
          timedOut ? `embedder at ${this.o.baseUrl} did not answer within ${this.o.timeoutMs} ms` : `embedder at ${this.o.baseUrl} unreachable: ${(err as Error).message}`,
          { model: this.o.model, reason: timedOut ? 'timeout' : 'network' },
        );
        continue;
      } finally {
        clearTimeout(timer);
      }
      if (res.status === 429 || res.status >= 500) {
        lastErr = fail(`embedder at ${this.o.baseUrl} answered HTTP ${res.status}`, { model: this.o.model, status: res.status, reason: 'http' });
        continue;
      }
      if (!res.ok) {
        // A key or model problem does not heal by retrying. The body may echo the request, so only
        // the server's error message is kept, shortened.
        let msg = '';
        try {
          msg = String(JSON.parse(body)?.error?.message ?? '').slice(0, 200);
        } catch {
          /* not JSON */
        }
        const hint = res.status === 401 || res.status === 403 ? ' (check the API key variable named by hybrid.apiKeyEnv)' : '';
        throw fail(`embedder at ${this.o.baseUrl} answered HTTP ${res.status}${msg ? `: ${msg}` : ''}${hint}`, { model: this.o.model, status: res.status, reason: 'http' });
      }
      return this.parse(body, input.length);
    }
    throw lastErr as MemoryError;
  }

  private parse(body: string, n: number): Float32Array[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw fail(`embedder at ${this.o.baseUrl} returned a body that is not JSON`, { model: this.o.model, reason: 'protocol' });
    }
    const data = (json as { data?: unknown })?.data;
    if (!Array.isArray(data) || data.length !== n) {
      throw fail(`embedder returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${n} inputs`, { model: this.o.model, reason: 'protocol' });
    }
    const out: (Float32Array | undefined)[] = new Array(n);
    data.forEach((item, pos) => {
      const idx = (item as { index?: unknown })?.index ?? pos;
      const emb = (item as { embedding?: unknown })?.embedding;
      if (!Number.isInteger(idx) || (idx as number) < 0 || (idx as number) >= n || out[idx as number]) {
        throw fail(`embedder returned a missing, duplicate or out-of-range index ${JSON.stringify(idx)}`, { model: this.o.model, reason: 'protocol' });
      }
      if (!Array.isArray(emb) || !emb.length || !emb.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw fail(`embedder returned an embedding that is not a list of numbers (base64 encodings are not supported)`, { model: this.o.model, reason: 'protocol' });
      }
      out[idx as number] = normalize(Float32Array.from(emb as number[]));
    });
    return out as Float32Array[];
  }
}
