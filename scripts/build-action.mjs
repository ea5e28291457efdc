// Builds the GitHub Action bundle (dist/action/): a runner checks the action out and runs
// dist/action/index.js as is — no npm install — so every dependency is bundled in. The output is
// committed, so it must be deterministic: the same sources and lockfile give byte-identical files
// (scripts/check-dist.mjs relies on that).
//
//   node scripts/build-action.mjs [outdir]     (default: dist/action)
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BLOB_WORKER, buildBlobWorker, pointAtBlobWorker } from './build-worker.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the action into `outdir`, replacing a previous build there (no stale chunk survives). */
export async function buildAction(outdir = join(root, 'dist', 'action')) {
  outdir = resolve(outdir);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Only what this script writes: outdir may be a directory holding other things.
  for (const f of ['index.js', 'package.json', 'licenses.txt', 'chunks', BLOB_WORKER]) rmSync(join(outdir, f), { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { index: 'src/action/index.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    // Runners use node24 (action.yml); node20 syntax keeps the bundle testable on Node 20 too.
    target: 'node20',
    format: 'esm',
    // Optional heavy parts the library loads with import() stay in their own files, loaded only when used.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: false,
    // Unminified: the committed bundle stays reviewable in a diff; start-up cost is measured in BENCHMARKS.md.
    minify: false,
    legalComments: 'none',
    metafile: true,
    // No local model in the action (src/embed/types.ts): the same whether or not a node_modules with
    // one sits next to the bundle.
    define: { __VERSION__: JSON.stringify(pkg.version), __GM_NO_LOCAL_MODELS__: 'true' },
    // CommonJS dependencies bundled into ESM still call require() for node built-ins.
    banner: { js: "import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);" },
    plugins: [withoutHttpClientTransport],
    logLevel: 'warning',
  });
  // The import's blob worker (scripts/build-worker.mjs): <outdir>/blob-worker.cjs, named by the output holding the compressor.
  await buildBlobWorker(join(outdir, BLOB_WORKER));
  let named = false;
  for (const out of Object.keys(result.metafile.outputs)) {
    const file = join(root, out);
    const code = readFileSync(file, 'utf8');
    const pointed = pointAtBlobWorker(code, file, join(outdir, BLOB_WORKER), 'esm');
    if (pointed !== code) writeFileSync(file, pointed), (named = true);
  }
  if (!named) throw new Error(`no output of the action build holds the blob compressor's ${BLOB_WORKER}`);
  // The bundle is ESM whatever package.json sits above it in the checkout.
  writeFileSync(join(outdir, 'package.json'), JSON.stringify({ type: 'module', private: true }, null, 2) + '\n');
  writeFileSync(join(outdir, 'licenses.txt'), licenses(result.metafile));
  // The viewer's page, for the `view-export` input (src/view/export.ts finds it next to the bundle).
  await (await import('./build-view.mjs')).buildViewer(join(outdir, 'view'));
  return result;
}

/**
 * @actions/core pulls in @actions/http-client for getIDToken (OIDC), which the action never calls;
 * its proxy transports (undici, tunnel) would be 800 KB of the 970 KB bundle, parsed on every step.
 * They are replaced by stubs that throw if anything ever does reach them.
 */
const withoutHttpClientTransport = {
  name: 'without-http-client-transport',
  setup(b) {
    b.onResolve({ filter: /^(undici|tunnel)$/ }, (args) => (args.importer.includes('@actions/http-client') ? { path: args.path, namespace: 'gm-stub' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'gm-stub' }, (args) => ({
      contents: `const unavailable = () => { throw new Error(${JSON.stringify(`${args.path} is not bundled into the git-memory action (only getIDToken would need it)`)}); };
export class ProxyAgent { constructor() { unavailable(); } }
export const httpOverHttp = unavailable, httpsOverHttp = unavailable, httpOverHttps = unavailable, httpsOverHttps = unavailable;
export default { httpOverHttp, httpsOverHttp, httpOverHttps, httpsOverHttps };`,
      loader: 'js',
    }));
  },
};

/** The licence texts of every package bundled in, sorted by name: the bundle redistributes their code. */
function licenses(metafile) {
  const pkgs = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!m) continue;
    const dir = join(root, input.slice(0, m.index + m[0].length));
    if (pkgs.has(dir)) continue;
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE', 'license.md'].map((f) => join(dir, f)).find((f) => existsSync(f));
    pkgs.set(dir, { name: meta.name, version: meta.version, license: meta.license ?? 'see package', text: file ? readFileSync(file, 'utf8').trim() : '' });
  }
  const list = [...pkgs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1));
  return list.map((p) => `${p.name}@${p.version} (${p.license})\n${p.text ? '\n' + p.text + '\n' : ''}`).join('\n-----\n\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2] ? resolve(process.argv[2]) : undefined;
  await buildAction(out);
}
