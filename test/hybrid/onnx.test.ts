import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { OnnxEmbedder } from '../../src/embed/index.js';
import { makeRepo, tempDir } from '../helpers.js';

// What a user with a wrong folder sees. Without @huggingface/transformers installed (it is a
// devDependency here, for the contract suite test/embed/embedder-contract.test.ts): onnx-absent.e2e.test.ts.
describe('optional ONNX embedder', () => {
  it('rejects a folder that is not a model, and search falls back to full-text saying why', async () => {
    expect(() => new OnnxEmbedder(join(tempDir(), 'nope'))).toThrow(expect.objectContaining({ code: 'EMBEDDER_ERROR' }));
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {} });
    await s.store({ content: 'The cache TTL is five minutes' });
    const prev = { ...process.env };
    process.env.MEMORY_EMBEDDER = 'onnx';
    process.env.MEMORY_EMBEDDER_MODEL = join(tempDir(), 'missing-model');
    try {
      const r = await s.search({ query: 'cache TTL' });
      expect(r).toMatchObject({ mode: 'fulltext', fallback: { from: 'hybrid', to: 'fulltext', code: 'EMBEDDER_ERROR' }, total: 1 });
    } finally {
      for (const k of ['MEMORY_EMBEDDER', 'MEMORY_EMBEDDER_MODEL']) {
        if (prev[k] === undefined) delete process.env[k];
        else process.env[k] = prev[k];
      }
    }
  });
});
