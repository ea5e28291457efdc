// Builds dist/: the CLI as CommonJS (dist/cli.cjs and dist/chunks/*.cjs: heavy optional parts are
// chunks loaded on first use), the library (dist/index.cjs, dependencies bundled, and dist/index.js,
// an ES-module entry re-exporting it), the man pages (dist/man/*.1) and, with --types, the
// declarations (dist/types, dist/types-cjs). Also the action bundle (dist/action) unless run by npm's
// prepare/prepack or with --no-action.
//
//   node scripts/build.mjs [OUTDIR] [--types] [--no-action]
//
// Why CommonJS for the CLI: Node's ES-module loader (asynchronous resolve, link and evaluate of every
// file) cost 5-10 ms more than `require` of the same code, against a start-up budget of 1.5x an empty
// ~60 ms node start (BENCHMARKS.md, docs/DESIGN.md). esbuild cannot split CommonJS, so the CLI is split as ES modules,
// as before, and each output file is then converted to CommonJS: the chunk graph stays what esbuild
// made (one copy of every module, so instanceof and module state hold across lazily loaded parts).
import { build, transform } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, resolve } from 'node:path';
import { BLOB_WORKER, BLOB_WORKER_ID, buildBlobWorker, pointAtBlobWorker } from './build-worker.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outdir = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(root, 'dist'));

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

// The CLI. Only what this script writes is removed first (no stale chunk survives a rebuild; dist/action stays).
for (const f of ['cli.js', 'cli.cjs', 'chunks', BLOB_WORKER]) rmSync(join(outdir, f), { recursive: true, force: true });
const CLI_ENTRY = 'src/cli/entry.ts';
const cliOptions = {
  ...common,
  entryPoints: { cli: CLI_ENTRY },
  outdir,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.cjs' },
  // js-yaml (~100 KB) gets a file of its own, required on first use: compiling it cost every command
  // ~4 ms even unevaluated, and most (help, get of git-memory's own front matter, which
  // src/model/codec.ts reads without it) never use it.
  external: ['js-yaml'],
  metafile: true,
  write: false,
};
// Two passes. esbuild puts the start-up modules in as many shared chunks as there are combinations of
// lazy parts that use them (12); the first pass finds those modules, the second has every lazy part
// import all of them, so they form one chunk: two files to load at start-up. The 11 files fewer saved
// ~6 ms (resolution, reading, each file's export glue).
const first = await build(cliOptions);
const cli = await build({ ...cliOptions, plugins: [sharedStartupChunk(first.metafile)] });
const yamlChunk = join(outdir, 'chunks', 'js-yaml.cjs');
for (const file of cli.outputFiles) {
  let code = await toCommonJS(file.text, file.path);
  // The call may go through esbuild's require shim in another chunk, so the path is absolute.
  const rel = relative(dirname(file.path), yamlChunk).split('\\').join('/');
  code = code.replace(/(require\)?\()"js-yaml"\)/g, `$1__dirname + ${JSON.stringify('/' + rel)})`);
  if (code.includes('"js-yaml"')) throw new Error(`${file.path}: a use of js-yaml the build does not redirect to chunks/js-yaml.cjs`);
  // The import's blob worker: dist/blob-worker.cjs, found from whichever file holds the compressor.
  code = pointAtBlobWorker(code, file.path, join(outdir, BLOB_WORKER), 'cjs');
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, code);
}
await build({ ...common, format: 'cjs', entryPoints: [createRequire(join(root, 'package.json')).resolve('js-yaml')], outfile: yamlChunk });
await buildBlobWorker(join(outdir, BLOB_WORKER));

// The library: one CommonJS bundle (dist/index.cjs) with its dependencies inside, and an ES-module
// entry (dist/index.js) that re-exports it by name. One implementation for `import` and `require`:
// no dual-package hazard (one MemoryError class, one module state), and nothing to install at run
// time but the offline embedding model, which is loaded from node_modules on first use (src/embed/use.ts).
for (const f of ['index.js', 'index.cjs', 'man', ...(process.argv.includes('--types') ? ['types', 'types-cjs'] : [])]) rmSync(join(outdir, f), { recursive: true, force: true });
await build({
  ...common,
  format: 'cjs',
  entryPoints: { index: 'src/index.ts' },
  outExtension: { '.js': '.cjs' },
  outdir,
  external: ['@energetic-ai/*', '@huggingface/transformers'],
  banner: { js: '"use strict"; const __gmImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: { ...common.define, 'import.meta.url': '__gmImportMetaUrl' },
});
{
  const file = join(outdir, 'index.cjs');
  writeFileSync(file, pointAtBlobWorker(readFileSync(file, 'utf8'), file, join(outdir, BLOB_WORKER), 'cjs'));
}
// Every output holding the compressor now names the worker: an import would otherwise run on one
// thread without a word (the compressor's fallback), a slowdown no test of the results would see.
for (const f of [join(outdir, 'index.cjs'), ...cli.outputFiles.map((o) => o.path)]) {
  if (readFileSync(f, 'utf8').includes(BLOB_WORKER_ID)) throw new Error(`${f}: the blob worker's identifier was not replaced`);
}
if (![join(outdir, 'index.cjs'), ...cli.outputFiles.map((o) => o.path)].some((f) => readFileSync(f, 'utf8').includes(BLOB_WORKER))) throw new Error(`no output of the CLI or library build names ${BLOB_WORKER}`);
{
  const names = Object.keys(createRequire(import.meta.url)(join(outdir, 'index.cjs'))).filter((n) => n !== '__esModule' && n !== 'default').sort();
  if (!names.includes('openMemory')) throw new Error('dist/index.cjs does not export openMemory');
  writeFileSync(
    join(outdir, 'index.js'),
    `// git-memory's ES-module entry: the CommonJS bundle's exports, by name (see scripts/build.mjs).\nimport lib from './index.cjs';\nexport const { ${names.join(', ')} } = lib;\n`,
  );
}

// Declarations (with their TSDoc) for `npm pack`/`npm publish` and `npm run build`: bundling takes ~20-30 s,
// too long for every `npm install` (prepare), which the CLI and the library do not need them for.
if (process.argv.includes('--types')) await buildTypes(join(outdir, 'types'), join(outdir, 'types-cjs'));

// The man page, generated from the command definitions: `git memory --help` runs `man git-memory`.
{
  const man = await build({ ...common, format: 'cjs', entryPoints: ['src/cli/man.ts'], write: false, define: { ...common.define, 'import.meta.url': '"file:///man.cjs"' } });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', man.outputFiles[0].text)(mod, mod.exports, createRequire(import.meta.url));
  mkdirSync(join(outdir, 'man'), { recursive: true });
  for (const name of ['git-memory', 'memory']) writeFileSync(join(outdir, 'man', `${name}.1`), mod.exports.manPage(name, pkg.version));
}

// The viewer's page (`memory view`, src/view/client) in <outdir>/view (scripts/build-view.mjs).
await (await import('./build-view.mjs')).buildViewer(join(outdir, 'view'));

// The GitHub Action bundle (<outdir>/action, i.e. the committed dist/action). Not on `npm install` or
// `npm pack` (the package does not ship it): installing must not rewrite a committed file; `npm run
// build` and test builds do include it.
if (!['prepare', 'prepack'].includes(process.env.npm_lifecycle_event ?? '') && !process.argv.includes('--no-action')) {
  const { buildAction } = await import('./build-action.mjs');
  await buildAction(join(outdir, 'action'));
}

/**
 * The declarations of the public entry as one file per module system: `esmDir/index.d.ts`, and the
 * same text in `cjsDir` under a package.json saying "commonjs" (TypeScript then reads it as a CommonJS
 * module for `require`: the exports map's "require" → "types"). dts-bundle-generator inlines every
 * type the entry reaches, so no internal module ships and none is importable; members marked
 * `@internal` are stripped (tsconfig.build.json). The bundle must stand alone: a consumer on
 * TypeScript 7 (default `types: []`) without @types/node type-checks it, so a Node type (Buffer,
 * NodeJS.*) or an import of another package in it fails the build here rather than in their project.
 */
async function buildTypes(esmDir, cjsDir) {
  const req = createRequire(join(root, 'package.json'));
  const { generateDtsBundle } = req('dts-bundle-generator');
  const [text] = generateDtsBundle(
    [{ filePath: join(root, 'src', 'index.ts'), output: { noBanner: true, exportReferencedTypes: false }, libraries: { allowedTypesLibraries: [] } }],
    { preferredConfigPath: join(root, 'tsconfig.build.json') },
  );
  const leaks = [...new Set([...text.matchAll(/\b(Buffer|NodeJS\.\w+|NodeJS)\b|^import\b.*$|\/\/\/ <reference[^>]*>/gm)].map((m) => m[0]))];
  if (leaks.length) throw new Error(`the public declarations use ${leaks.join(', ')}: public types must stand alone (Uint8Array for bytes, mark internals @internal)`);
  const header = '// git-memory public API declarations (generated by scripts/build.mjs from src/index.ts).\n';
  for (const dir of [esmDir, cjsDir]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.d.ts'), header + text);
  }
  writeFileSync(join(cjsDir, 'package.json'), '{ "type": "commonjs" }\n');
}

/**
 * An esbuild plugin for the second pass: every lazily imported source file (an entry point of the
 * first pass other than the CLI's) also imports each source module that the first pass put in a chunk
 * the CLI loads at start-up. Nothing changes at run time: those modules are evaluated at start-up
 * anyway, before any lazy part is imported.
 */
function sharedStartupChunk(metafile) {
  const outputs = metafile.outputs;
  const entryOut = Object.keys(outputs).find((o) => outputs[o].entryPoint === CLI_ENTRY);
  const startup = new Set();
  const queue = [entryOut];
  while (queue.length) {
    for (const i of outputs[queue.pop()].imports) {
      if (i.kind === 'import-statement' && outputs[i.path] && !startup.has(i.path)) startup.add(i.path), queue.push(i.path);
    }
  }
  const shared = [...startup].flatMap((o) => Object.keys(outputs[o].inputs)).filter((p) => p.startsWith('src/'));
  const lazy = new Set(Object.values(outputs).map((o) => o.entryPoint).filter((e) => e && e !== CLI_ENTRY && e.startsWith('src/')).map((e) => join(root, e)));
  const imports = '\n' + shared.map((p) => `import ${JSON.stringify(join(root, p))};`).join('\n') + '\n';
  return {
    name: 'shared-startup-chunk',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => (lazy.has(args.path) ? { contents: readFileSync(args.path, 'utf8') + imports, loader: 'ts' } : undefined));
    },
  };
}

/**
 * One split ES-module output file as CommonJS. Imports of sibling chunks become require() (a dynamic
 * import() of a chunk too: through the ES-module loader it would cost what CommonJS saves); a computed
 * import() (an optional package such as @huggingface/transformers) stays a real import(). Strict mode,
 * as in an ES module; import.meta.url is this file's URL. Any other import.meta use fails the build.
 */
async function toCommonJS(code, path) {
  code = code.replace(/\bimport\((["'])(\.\.?\/[^"'\\]+\.cjs)\1\)/g, 'Promise.resolve().then(() => require($1$2$1))');
  const metaUrl = code.includes('import.meta.url');
  const r = await transform(code, {
    loader: 'js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcefile: path,
    banner: '"use strict";' + (metaUrl ? ' const __gmImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' : ''),
    define: metaUrl ? { 'import.meta.url': '__gmImportMetaUrl' } : {},
    logLevel: 'silent',
  });
  if (r.warnings.length) throw new Error(`${path}: ${r.warnings.map((w) => w.text).join('; ')}`);
  return r.code;
}
