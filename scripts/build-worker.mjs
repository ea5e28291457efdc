// The import's blob worker (src/lifecycle/blob-worker.ts) as a file of its own next to each build,
// and the code that finds it. Used by scripts/build.mjs (dist/: the CLI and its chunks, the library),
// scripts/build-action.mjs (dist/action/) and the tests that run the worker from src/.
//
// A worker thread starts from a file. esbuild decides which output file (an entry, a chunk) holds the
// compressor, so its path to the worker is only known after the build: src/lifecycle/blob-compressor.ts
// names the identifier __GM_BLOB_WORKER__, and pointAtBlobWorker replaces it in each output file with
// that file's own way to the worker (CommonJS: __dirname; ES modules: import.meta.url).
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The worker's file name in a build's output folder. */
export const BLOB_WORKER = 'blob-worker.cjs';
export const BLOB_WORKER_ID = '__GM_BLOB_WORKER__';

/** Bundles the worker alone (CommonJS: a .cjs file is CommonJS under any package.json) into `outfile`. */
export async function buildBlobWorker(outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/lifecycle/blob-worker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * `code` (the text of the output file `file`) with the worker identifier replaced by the path of
 * `worker` as seen from `file`; `format` is the output's module system. Code without the identifier
 * comes back unchanged.
 */
export function pointAtBlobWorker(code, file, worker, format) {
  if (!code.includes(BLOB_WORKER_ID)) return code;
  const rel = relative(dirname(file), worker).split('\\').join('/');
  const expr = format === 'esm' ? `new URL(${JSON.stringify(rel.startsWith('.') ? rel : './' + rel)}, import.meta.url)` : `(__dirname + ${JSON.stringify('/' + rel)})`;
  return code.split(BLOB_WORKER_ID).join(expr);
}
