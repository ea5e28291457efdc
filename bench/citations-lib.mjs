// Shared by the citation benchmarks: bundles the citations layer (creation and the check) with
// esbuild into node_modules/.cache (never dist/), so the scripts call the engine itself.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadEngine() {
  const out = join(root, 'node_modules', '.cache', 'git-memory-bench', `citations-engine-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  await build({
    stdin: {
      contents: `export { resolveCitations } from './src/citations/create.ts';
export { checkCitations } from './src/citations/verify.ts';
export { GitRepository } from './src/git/repository.ts';`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(out).href);
}

export { rng } from './search-lib.mjs';

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
