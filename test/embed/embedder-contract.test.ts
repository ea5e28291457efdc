import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../src/embed/types.js';
import { join } from 'node:path';
import { HttpEmbedder, MAX_EMBED_CHARS, OnnxEmbedder, UseLiteEmbedder } from '../../src/embed/index.js';
import { startEmbedServer, type EmbedServer } from '../hybrid/embed-server.js';
import { tempDir } from '../helpers.js';
import { writeTinyModel } from './tiny-onnx-model.js';

/**
 * The Embedder contract (src/embed/types.ts), run by every implementation: one conformance suite, as
 * unstorage runs one suite over every driver. What the vector store and the hybrid ranking rely on:
 * a stable, non-empty id that changes with the model; one finite, L2-normalised vector per text, all
 * of one dimension, in input order whatever the batching; the same vector for the same text; any text
 * a caller sends (at most MAX_EMBED_CHARS, src/embed/input.ts: empty, long, control characters, other
 * scripts) embeds; texts sharing meaning are nearer than
 * unrelated ones; close() may be called twice.
 *
 * ONNX (src/embed/onnx.ts) runs through the real @huggingface/transformers and onnxruntime-node (a
 * devDependency: the npm package ships the CPU runtime for linux, macOS and Windows; only its optional
 * CUDA libraries are downloaded at install, which ONNXRUNTIME_NODE_INSTALL=skip turns off), on a model
 * the test writes byte by byte (test/embed/tiny-onnx-model.ts): a word-embedding table, mean-pooled.
 */
interface Impl {
  name: string;
  /** Two instances of the same model (ids must match) and one of another model (ids must differ), or null when there is only one model. */
  make(): Promise<{ a: Embedder; b: Embedder; other: Embedder | null }>;
  done?(): Promise<void>;
}

let server: EmbedServer | null = null;
const IMPLS: Impl[] = [
  {
    name: 'USE lite (the real offline model)',
    make: async () => ({ a: new UseLiteEmbedder(), b: new UseLiteEmbedder(), other: null }),
  },
  {
    name: 'HTTP (a real local server speaking the OpenAI embeddings protocol)',
    make: async () => {
      // Out-of-order items and batches, as real servers answer.
      server = await startEmbedServer({ shuffle: true, delay: (seq) => (seq % 2 ? 30 : 0) });
      const opts = { baseUrl: server.url, batchSize: 3, concurrency: 3 };
      return { a: new HttpEmbedder({ model: 'bow', ...opts }), b: new HttpEmbedder({ model: 'bow', ...opts }), other: new HttpEmbedder({ model: 'bow-2', ...opts }) };
    },
    done: async () => server?.close(),
  },
  {
    name: 'ONNX (onnxruntime-node on a tiny model the test writes)',
    make: async () => {
      // The contract's own words, so its texts are not all [UNK]; a second model: another table.
      const words = 'the a deploy deployed failed fail because cache timed out timeout made five minutes lunch is at noon bananas are yellow rollback retry worker proxy drops idle connections my cat sleeps on sofa all afternoon reference x'.split(' ');
      const one = writeTinyModel(join(tempDir('gm-onnx-'), 'tiny-model'), words, 64, 1);
      const two = writeTinyModel(join(tempDir('gm-onnx-'), 'tiny-model'), words, 64, 2);
      return { a: new OnnxEmbedder(one), b: new OnnxEmbedder(one), other: new OnnxEmbedder(two) };
    },
  },
];

const norm = (v: Float32Array) => Math.hypot(...v);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const close = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) < 1e-4);

for (const impl of IMPLS) {
  describe(`Embedder contract: ${impl.name}`, () => {
    let e: { a: Embedder; b: Embedder; other: Embedder | null };
    beforeAll(async () => {
      e = await impl.make();
    }, 120_000);
    afterAll(async () => {
      await e?.a.close?.();
      await e?.a.close?.(); // twice: closing is idempotent
      await e?.b.close?.();
      await e?.other?.close?.();
      await impl.done?.();
    });

    it('has a stable id naming the model', () => {
      expect(typeof e.a.id).toBe('string');
      expect(e.a.id.length).toBeGreaterThan(0);
      expect(e.b.id).toBe(e.a.id);
      if (e.other) expect(e.other.id).not.toBe(e.a.id);
    });

    it('gives nothing for nothing, and one normalised vector per text, in input order, whatever the batching', async () => {
      expect(await e.a.embed([])).toEqual([]);
      const texts = ['deploy failed because the cache was cold', 'lunch is at noon', 'the cache timeout is five minutes', 'bananas are yellow', 'rollback the deploy', 'x', 'retry the worker', 'the proxy drops idle connections'];
      const all = await e.a.embed(texts);
      expect(all).toHaveLength(texts.length);
      const dims = all[0].length;
      expect(dims).toBeGreaterThan(0);
      for (const v of all) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBe(dims);
        expect(v.every(Number.isFinite)).toBe(true);
        expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-3);
      }
      // One at a time and reversed: the same vectors at the same places.
      const one = await Promise.all(texts.map(async (t) => (await e.a.embed([t]))[0]));
      const reversed = (await e.a.embed([...texts].reverse())).reverse();
      texts.forEach((_, i) => {
        expect(close(one[i], all[i])).toBe(true);
        expect(close(reversed[i], all[i])).toBe(true);
      });
      // Another instance of the same model: the same vectors (they are compared across processes).
      const again = await e.b.embed(texts);
      texts.forEach((_, i) => expect(close(again[i], all[i])).toBe(true));
    }, 120_000);

    it('embeds any text callers send (bounded by embedInput): empty, whitespace, the longest, control characters, other scripts, lone surrogates', async () => {
      const odd = ['', '   ', 'deploy '.repeat(MAX_EMBED_CHARS / 7), 'a'.repeat(MAX_EMBED_CHARS), 'tab\tnul\u0000bell\u0007', 'データベースの移行', '🚀🔥', 'half \ud800 pair', 'ﷺ'.repeat(50)];
      const vecs = await e.a.embed(odd);
      expect(vecs).toHaveLength(odd.length);
      const dims = (await e.a.embed(['reference']))[0].length;
      for (const v of vecs) {
        expect(v.length).toBe(dims);
        expect(v.every(Number.isFinite)).toBe(true);
        // Normalised, or (for a text with nothing to embed) all zero: never NaN, never a huge norm.
        expect(norm(v) < 1e-6 || Math.abs(norm(v) - 1) < 1e-3).toBe(true);
      }
    }, 120_000);

    it('puts texts that share meaning nearer than unrelated ones', async () => {
      const [q, near, far] = await e.a.embed(['the deploy failed because the cache timed out', 'cache timeout made the deploy fail', 'my cat sleeps on the sofa all afternoon']);
      expect(dot(q, near)).toBeGreaterThan(dot(q, far) + 0.1);
    }, 120_000);
  });
}
