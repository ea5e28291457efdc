// Shared helpers for benchmark scripts: a private build, temp repos, timing with medians.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds a private copy of the package under node_modules/ (dependencies resolve; no race on dist/),
 * laid out as installed: `<out>/package.json`, `<out>/dist`, `<out>/bin`, so `cli` is bin/memory.js,
 * started the way the installed command is. (Without the package.json, Node would find no module type
 * for dist/index.js under node_modules/ and parse it twice to detect one.)
 */
export function privateBuild() {
  const base = join(root, 'node_modules', '.cache', 'git-memory-bench');
  mkdirSync(base, { recursive: true });
  const out = mkdtempSync(join(base, 'build-'));
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), join(out, 'dist')], { stdio: 'inherit' });
  cpSync(join(root, 'bin'), join(out, 'bin'), { recursive: true });
  writeFileSync(join(out, 'package.json'), JSON.stringify({ name: 'git-memory', private: true, type: 'module' }) + '\n');
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  return { out, cli: join(out, 'bin', 'memory.js'), lib: pathToFileURL(join(out, 'dist', 'index.js')).href };
}

export const benchEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
};
delete benchEnv.GITHUB_ACTIONS;
// Benchmarks measure in-process work unless they say otherwise (bench/daemon.mjs measures the helper).
benchEnv.MEMORY_DAEMON = 'off';
delete benchEnv.MEMORY_BRANCH;

/**
 * What actions/checkout gives a job: a shallow (depth 1), single-branch clone of main from `url` into
 * `dir` (the same as test/helpers.ts ciClone); `detach` leaves HEAD detached, as a checkout of a commit does.
 */
export function ciClone(url, dir, { env = benchEnv, detach = false } = {}) {
  execFileSync('git', ['clone', '-q', '--depth', '1', '--single-branch', '--branch', 'main', url, dir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (detach) execFileSync('git', ['checkout', '-q', '--detach'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return dir;
}

/**
 * Mulberry32: a small seeded PRNG (floats in [0, 1)) so every run sees the same corpus and
 * queries; the same generator as test/helpers.ts rng. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function tempRepo(prefix = 'gm-bench-') {
  const d = mkdtempSync(join(tmpdir(), prefix));
  execFileSync('git', ['init', '-q', '-b', 'main', d], { env: benchEnv });
  process.on('exit', () => rmSync(d, { recursive: true, force: true }));
  return d;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Wall time of one process run, in ms. */
export function timeSpawn(cmd, args, opts = {}) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { env: benchEnv, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return ms;
}

/**
 * Interleaves the baseline and the measured commands run by run, so both see the same machine load,
 * and returns medians.
 */
export function compare(runs, cases) {
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [k, fn] of Object.entries(cases)) times[k].push(fn(i));
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export const fmt = (x, d = 1) => Number(x).toFixed(d);

/**
 * Id helpers (`newId`, `pathFor`) for benchmarks that lay out memories directly. They are not part of
 * the public API (src/index.ts), so they are bundled here from the sources, once per process.
 */
let idHelpersMemo = null;
export async function idHelpers() {
  if (idHelpersMemo) return idHelpersMemo;
  const { build } = await import('esbuild');
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'git-memory-bench-id-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  // CommonJS: id.ts requires node:crypto lazily, which an ES-module bundle cannot do.
  const file = join(dir, 'id.cjs');
  await build({ entryPoints: [join(root, 'src', 'model', 'id.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: file, logLevel: 'silent' });
  idHelpersMemo = createRequire(import.meta.url)(file);
  return idHelpersMemo;
}

/**
 * Internals some benchmarks need to lay out a branch directly or time a piece alone (id helpers, the
 * vector codec and index, the offline embedder). Not part of the public API, so bundled here from the
 * sources into one CommonJS file (modules required lazily, like node:crypto, keep working); the path
 * is returned too, for child processes.
 */
let internalsMemo = null;
export async function internals() {
  if (internalsMemo) return internalsMemo;
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'git-memory-bench-internals-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'internals.cjs');
  const src = (p) => JSON.stringify(join(root, 'src', p));
  const contents = [
    `export { newId, pathFor } from ${src('model/id.ts')};`,
    `export { encodeVector, decodeVector, contentHash as vectorContentHash } from ${src('vector/codec.ts')};`,
    `export { vectorPath } from ${src('vector/branch.ts')};`,
    `export { VectorIndex } from ${src('vector/index.ts')};`,
    `export { UseLiteEmbedder } from ${src('embed/index.ts')};`,
    `export { UsePoolEmbedder } from ${src('embed/use-pool.ts')};`,
    // bench/quality.mjs: the analyzer (to check that a paraphrase shares no term with its note) and the
    // vector backfill (no longer part of the public API).
    `export { terms, queryTerms } from ${src('search/analyze.ts')};`,
    `export { embedMemories } from ${src('lifecycle/embed.ts')};`,
    // bench/calibrate.mjs: the calibration `memory calibrate` runs, on a cached embedder.
    `export { calibrateEmbedder } from ${src('lifecycle/calibrate.ts')};`,
    `export { createEmbedder, resolveEmbedderConfig } from ${src('embed/index.ts')};`,
    // bench/locomo-hybrid.mjs, abstention.mjs, confidence-curve.mjs: the store and the search pieces.
    `export { MemoryStore } from ${src('store/store.ts')};`,
    `export * as searchIndex from ${src('search/index.ts')};`,
  ].join('\n');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', outfile: file, logLevel: 'silent', external: ['@energetic-ai/*'], define: { __VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__gmImportMetaUrl' }, banner: { js: 'var __gmImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' } });
  internalsMemo = { ...createRequire(import.meta.url)(file), file };
  return internalsMemo;
}

/**
 * Writes a memory branch of `n` memories into the bare repository `repo` fast enough for 1,000,000
 * (issue #29). `git fast-import` alone is too slow there: each file added to a tree is a linear scan of
 * that tree's entries (~1,350 per leaf at 1,000,000), so it is given only the blobs (one streamed
 * `blob` command each, packed without deltas), while the blob and tree ids are computed here and the
 * trees are written with one `git mktree --batch` per level, leaves first. Returns the commit.
 * `ref` gets one commit (parent: none) holding `memories/<month>/<bucket>/<id>.md` files in the
 * format the CLI writes; `text(i)` is memory i's body.
 */
export async function writeBranchFast(repo, n, { ref = 'refs/heads/memory', env = benchEnv, t0 = Date.UTC(2025, 0, 1), step = 60_000, text = (i) => `preloaded memory ${i} about topic ${i % 97}: the build cache of service ${i % 13} needs warming` } = {}) {
  const { createHash } = await import('node:crypto');
  const { spawn } = await import('node:child_process');
  const { newId, pathFor } = await idHelpers();
  const tStart = performance.now();
  const fi = spawn('git', ['fast-import', '--quiet', '--depth=0'], { cwd: repo, env, stdio: ['pipe', 'ignore', 'inherit'] });
  const done = new Promise((res, rej) => fi.on('close', (c) => (c === 0 ? res() : rej(new Error(`git fast-import exited ${c}`)))));
  // dir path -> Map(name -> [mode, id])
  const dirs = new Map();
  const add = (path, mode, oid) => {
    const cut = path.lastIndexOf('/');
    const dir = cut < 0 ? '' : path.slice(0, cut);
    let d = dirs.get(dir);
    if (!d) {
      d = new Map();
      dirs.set(dir, d);
      if (dir) add(dir, '040000', null);
    }
    d.set(path.slice(cut + 1), [mode, oid]);
  };
  let chunk = [];
  let bytes = 0;
  const flush = async () => {
    const buf = Buffer.concat(chunk);
    chunk = [];
    bytes = 0;
    if (!fi.stdin.write(buf)) await new Promise((r) => fi.stdin.once('drain', r));
  };
  for (let i = 0; i < n; i++) {
    const ms = t0 + i * step;
    const ts = new Date(ms).toISOString();
    const id = newId(ms);
    const body = Buffer.from(`---\nid: ${id}\ntags:\n  - preload\ncategory: general\npriority: medium\ntimestamp: ${ts}\n---\n${text(i)}\n`);
    const oid = createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex');
    add(pathFor(id, ts), '100644', oid);
    chunk.push(Buffer.from(`blob\ndata ${body.length}\n`), body, Buffer.from('\n'));
    bytes += body.length + 20;
    if (bytes > 4 << 20) await flush();
  }
  await flush();
  fi.stdin.end();
  await done;
  if (process.env.GM_BENCH_DEBUG) console.error(`blobs written: ${Math.round(performance.now() - tStart)} ms`);
  // Trees, deepest first: a tree's id needs its children's ids.
  const depth = (p) => (p ? p.split('/').length : 0);
  const order = [...dirs.keys()].sort((a, b) => depth(b) - depth(a));
  const ids = new Map();
  for (let lvl = depth(order[0]); lvl >= 0; lvl--) {
    const here = order.filter((p) => depth(p) === lvl);
    const input = here.map((p) => [...dirs.get(p)].map(([name, [mode, oid]]) => `${mode} ${mode === '040000' ? 'tree' : 'blob'} ${oid ?? ids.get(p ? `${p}/${name}` : name)}\t${name}\n`).join('')).join('\n') + '\n';
    const out = execFileSync('git', ['mktree', '--batch', '--missing'], { cwd: repo, env, input, encoding: 'utf8', maxBuffer: 1 << 28 }).trim().split('\n');
    here.forEach((p, i) => ids.set(p, out[i]));
  }
  const commit = execFileSync('git', ['commit-tree', ids.get(''), '-m', `preload ${n}`], { cwd: repo, env, encoding: 'utf8' }).trim();
  execFileSync('git', ['update-ref', ref, commit], { cwd: repo, env });
  return commit;
}
