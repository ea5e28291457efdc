import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedder, HttpEmbedder, resolveEmbedderConfig } from '../../src/embed/index.js';
import { bagOfWords, startEmbedServer, type EmbedServer } from './embed-server.js';

let server: EmbedServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
function expected(model: string, text: string): Float32Array {
  const v = Float32Array.from(bagOfWords(model, text, 64));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('OpenAI-compatible HTTP embedder', () => {
  it('puts vectors back in input order when items and batches come back out of order', async () => {
    // Batch 0 is held back so batch 1 and 2 finish first; each body lists its items reversed.
    server = await startEmbedServer({ shuffle: true, delay: (seq) => (seq === 0 ? 150 : 0) });
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i} about topic ${i % 3} word${i}`);
    const e = new HttpEmbedder({ model: 'bow', baseUrl: server.url, batchSize: 3, concurrency: 3 });
    const vecs = await e.embed(texts);
    expect(server.requests.map((r) => r.input.length)).toEqual([3, 3, 1]);
    expect(vecs).toHaveLength(7);
    vecs.forEach((v, i) => {
      expect(dot(v, expected('bow', texts[i]))).toBeCloseTo(1, 5);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    });
    expect(e.id).toBe('openai:bow');
  });

  it('times out a stalled request, retries, and reports EMBEDDER_ERROR when every try stalls', async () => {
    server = await startEmbedServer({ hang: () => true });
    const e = new HttpEmbedder({ model: 'bow', baseUrl: server.url, timeoutMs: 100, retries: 1 });
    const err = await e.embed(['a b c']).catch((x) => x);
    expect(err.code).toBe('EMBEDDER_ERROR');
    expect(err.data.reason).toBe('timeout');
    expect(server.requests).toHaveLength(2);
  });

  it('recovers from a stall and from a 503 by retrying', async () => {
    server = await startEmbedServer({ hang: (seq) => seq === 0, status: (seq) => (seq === 1 ? 503 : undefined) });
    const e = new HttpEmbedder({ model: 'bow', baseUrl: server.url, timeoutMs: 150, retries: 2 });
    const [v] = await e.embed(['deploy failed']);
    expect(dot(v, expected('bow', 'deploy failed'))).toBeCloseTo(1, 5);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 401 and sends the key from the configured env variable', async () => {
    server = await startEmbedServer({ status: () => 401 });
    const cfg = resolveEmbedderConfig({}, { MEMORY_EMBEDDER: 'openai', MEMORY_EMBEDDER_URL: server.url, MEMORY_EMBEDDER_MODEL: 'bow', MEMORY_EMBEDDER_KEY_ENV: 'MY_KEY' });
    const e = createEmbedder(cfg, { MY_KEY: 'sk-test-123' })!;
    const err = await e.embed(['x']).catch((x) => x);
    expect(err.code).toBe('EMBEDDER_ERROR');
    expect(err.data.status).toBe(401);
    expect(err.message).not.toContain('sk-test-123');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].auth).toBe('Bearer sk-test-123');
  });

  it('rejects answers that do not account for every input exactly once', async () => {
    server = await startEmbedServer({ mangle: (b) => ({ data: b.data.slice(1) }) });
    const short = await new HttpEmbedder({ model: 'bow', baseUrl: server.url, retries: 0 }).embed(['a', 'b']).catch((x) => x);
    expect(short.code).toBe('EMBEDDER_ERROR');
    await server.close();
    server = await startEmbedServer({ mangle: (b) => ({ data: b.data.map((d) => ({ ...d, index: 0 })) }) });
    const dup = await new HttpEmbedder({ model: 'bow', baseUrl: server.url, retries: 0 }).embed(['a', 'b']).catch((x) => x);
    expect(dup.code).toBe('EMBEDDER_ERROR');
  });

  it('reports an unreachable server as EMBEDDER_ERROR', async () => {
    server = await startEmbedServer();
    const url = server.url;
    await server.close();
    server = null;
    const err = await new HttpEmbedder({ model: 'bow', baseUrl: url, retries: 0, timeoutMs: 2000 }).embed(['a']).catch((x) => x);
    expect(err.code).toBe('EMBEDDER_ERROR');
    expect(err.data.reason).toBe('network');
  });

  it('validates its configuration', () => {
    expect(() => resolveEmbedderConfig({}, { MEMORY_EMBEDDER: 'magic' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => new HttpEmbedder({ model: '', baseUrl: 'http://127.0.0.1:1/v1' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => new HttpEmbedder({ model: 'm', baseUrl: 'file:///etc' })).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(resolveEmbedderConfig({ embedder: 'none' }, {}).kind).toBe('none');
    expect(resolveEmbedderConfig({}, {}).kind).toBe('use');
  });
});
