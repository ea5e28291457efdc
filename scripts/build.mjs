// Builds dist/: the CLI as CommonJS (dist/cli.cjs and dist/chunks/*.cjs: heavy optional parts are
// chunks loaded on first use), and the library entry (dist/index.js, an ES module with its
// dependencies left external).
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

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outdir = resolve(process.argv[2] ?? join(root, 'dist'));

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
for (const f of ['cli.js', 'cli.cjs', 'chunks']) rmSync(join(outdir, f), { recursive: true, force: true });
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
  // src/core/codec.ts reads without it) never use it.
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
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, code);
}
await build({ ...common, format: 'cjs', entryPoints: [createRequire(join(root, 'package.json')).resolve('js-yaml')], outfile: yamlChunk });

await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  outdir,
  packages: 'external',
  // CommonJS dependencies bundled into ESM still call require() for node built-ins.
  banner: { js: "import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);" },
});

// The GitHub Action bundle (<outdir>/action, i.e. the committed dist/action). Not on `npm install`:
// installing must not rewrite a committed file; `npm run build` and test builds do include it.
if (process.env.npm_lifecycle_event !== 'prepare') {
  const { buildAction } = await import('./build-action.mjs');
  await buildAction(join(outdir, 'action'));
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
