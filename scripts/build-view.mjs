// Builds the page of `memory view` (src/view/client) into <outdir>: app.js (markdown-it, DOMPurify and
// jsdiff bundled in: nothing is fetched from a CDN, the viewer works offline), worker.js (the static
// export's catalog worker), app.css, index.html.
// Used by scripts/build.mjs (dist/view) and scripts/build-action.mjs (dist/action/view, for the
// action's `view-export` input). Deterministic: the same sources give the same bytes.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildViewer(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({ absWorkingDir: root, bundle: true, platform: 'browser', target: 'es2020', format: 'iife', minify: true, legalComments: 'none', logLevel: 'warning', entryPoints: ['src/view/client/app.ts'], outfile: join(outdir, 'app.js') });
  // The export's Web Worker (catalog load and list queries off the page's main thread).
  await build({ absWorkingDir: root, bundle: true, platform: 'browser', target: 'es2020', format: 'iife', minify: true, legalComments: 'none', logLevel: 'warning', entryPoints: ['src/view/client/worker.ts'], outfile: join(outdir, 'worker.js') });
  for (const f of ['index.html', 'app.css']) writeFileSync(join(outdir, f), readFileSync(join(root, 'src', 'view', 'client', f)));
}
