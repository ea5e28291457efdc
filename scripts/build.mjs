// Builds dist/: the CLI as one bundled ES module (start-up time: one file to load instead of hundreds),
// heavy optional parts as lazily loaded chunks, and the library entry with dependencies left external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outdir = process.argv[2] ?? join(root, 'dist');

// CommonJS dependencies bundled into ESM still call require() for node built-ins.
const banner = { js: "import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);" };
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: false,
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner,
});
await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  outdir,
  packages: 'external',
  banner,
});

// The GitHub Action bundle (<outdir>/action, i.e. the committed dist/action). Not on `npm install`:
// installing must not rewrite a committed file; `npm run build` and test builds do include it.
if (process.env.npm_lifecycle_event !== 'prepare') {
  const { buildAction } = await import('./build-action.mjs');
  await buildAction(join(outdir, 'action'));
}
