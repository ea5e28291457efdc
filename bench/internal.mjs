// The internals the relevance benchmarks need (MemoryStore, embedMemories, the offline embedder and the
// search pieces), bundled from src/ into a private file: the package's public entry (src/index.ts)
// deliberately exports none of them, so bench/locomo-hybrid.mjs, bench/abstention.mjs and
// bench/quality-search.mjs load them from here. Same esbuild settings as the library build.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

/** `src`: the checkout whose src/ is bundled (default this one; another checkout gives a same-run baseline). */
export async function internals(src = root) {
  const base = join(root, 'node_modules', '.cache', 'git-memory-bench');
  mkdirSync(base, { recursive: true });
  const out = mkdtempSync(join(base, 'internal-'));
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const file = join(out, 'internal.cjs');
  await build({
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    nodePaths: [join(root, 'node_modules')],
    stdin: {
      resolveDir: src,
      sourcefile: 'bench-internal.ts',
      loader: 'ts',
      contents: [
        "export { MemoryStore } from './src/core/store.ts';",
        "export { embedMemories } from './src/lifecycle/embed.ts';",
        "export { UseLiteEmbedder } from './src/embed/index.ts';",
        "export * as searchIndex from './src/search/index.ts';",
        "export * as engine from './src/search/engine.ts';",
      ].join('\n'),
    },
    outfile: file,
    external: ['@energetic-ai/*', '@huggingface/transformers'],
    define: { __VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__gmImportMetaUrl' },
    banner: { js: '"use strict"; const __gmImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  return (await import(pathToFileURL(file).href)).default;
}
