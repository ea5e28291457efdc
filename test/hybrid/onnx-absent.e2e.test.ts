// A user of the library without the optional @huggingface/transformers (this project installs it, as a
// devDependency for the embedder contract suite): the built library copied where no node_modules can
// be found, an ONNX model configured, and a search falls back to full text naming the package to install.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

describe('optional ONNX embedder, not installed', () => {
  it('a search names the package to install (EMBEDDER_ERROR, reason not-installed) and answers in full text', () => {
    const dir = tempDir('gm-onnx-absent-');
    copyFileSync(join(dirname(CLI()), 'index.cjs'), join(dir, 'index.cjs'));
    mkdirSync(join(dir, 'model'));
    writeFileSync(join(dir, 'model', 'config.json'), '{"model_type":"bert"}');
    writeFileSync(
      join(dir, 'run.cjs'),
      `const { openMemory } = require('./index.cjs');
(async () => {
  const m = await openMemory({ repo: process.cwd() });
  await m.store({ content: 'The cache TTL is five minutes' });
  const r = await m.search({ query: 'cache TTL' });
  console.log(JSON.stringify({ mode: r.mode, total: r.total, fallback: r.fallback }));
})();
`,
    );
    const r = spawnSync(process.execPath, [join(dir, 'run.cjs')], { cwd: makeRepo({ commit: true }), env: { ...gitEnv, MEMORY_EMBEDDER: 'onnx', MEMORY_EMBEDDER_MODEL: join(dir, 'model') }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ mode: 'fulltext', total: 1, fallback: { from: 'hybrid', to: 'fulltext', code: 'EMBEDDER_ERROR' } });
    expect(out.fallback.reason).toContain('ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers');
  });
});
