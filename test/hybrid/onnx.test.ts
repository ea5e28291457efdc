import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/core/store.js';
import { OnnxEmbedder } from '../../src/embed/index.js';
import { makeRepo, tempDir } from '../helpers.js';

// @huggingface/transformers is an optional dependency the project does not install: these tests pin
// down what a user without it (or with a wrong folder) sees.
describe('optional ONNX embedder', () => {
  it('names the package to install when @huggingface/transformers is absent', async () => {
    const dir = tempDir('gm-onnx-');
    writeFileSync(join(dir, 'config.json'), '{"model_type":"bert"}');
    const e = new OnnxEmbedder(dir);
    expect(e.id).toMatch(/^onnx:gm-onnx-.*-[0-9a-f]{8}$/);
    const err = await e.embed(['x']).catch((x) => x);
    expect(err.code).toBe('EMBEDDER_ERROR');
    expect(err.data.reason).toBe('not-installed');
    expect(err.message).toContain('ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers');
  });

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
