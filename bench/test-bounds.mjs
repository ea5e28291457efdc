// Bounds the test suite does not assert with a stopwatch (no wall-clock assertions in tests),
// measured here as ratios to a baseline taken in the same run, so a loaded machine moves both sides:
//   1. a YAML alias bomb (under 500 bytes) refused by parseFile, against parsing an ordinary memory file
//      of the same size (was: < 500 ms in test/hardening/branch-files.e2e.test.ts);
//   2. normalizeTags and a refused store of 100,000 tags, against 10,000 (linear: about 10x; was:
//      < 4 s each in test/hardening/library-props.test.ts);
//   3. a hybrid search with a 400 ms embedding budget against a slow embedder (150 ms a batch), against
//      the same search with budget 0: the difference is the time spent embedding, to compare with the
//      budget (was: < budget + 3 batches + 2 s in test/hybrid/vectors.test.ts).
// The secret scan's < 1 ms per 64 KiB (was: a 5 ms median in test/lifecycle/secrets.test.ts) is
// bench/secrets.mjs; the CLI on hostile branch files (was: < 10 s a command) is bench/hardening.mjs.
//
//   node bench/test-bounds.mjs
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fmt, median, root, tempRepo } from './lib.mjs';

const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'git-memory-bench-bounds-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'bounds.cjs');
const src = (p) => JSON.stringify(join(root, 'src', p));
await build({
  stdin: {
    contents: [`export { parseFile } from ${src('model/codec.ts')};`, `export { normalizeTags } from ${src('model/memory.ts')};`, `export { MemoryStore } from ${src('store/store.ts')};`, `export { HttpEmbedder } from ${src('embed/index.ts')};`].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: file,
  logLevel: 'silent',
  external: ['@energetic-ai/*'],
  define: { 'import.meta.url': '__gmImportMetaUrl' },
  banner: { js: 'var __gmImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});
const { parseFile, normalizeTags, MemoryStore, HttpEmbedder } = createRequire(import.meta.url)(file);

/** Median ms of `fn` over `runs` rounds of `n` calls (after a warm-up). */
async function time(fn, n = 1, runs = 7) {
  for (let i = 0; i < Math.min(n, 20); i++) await fn();
  const xs = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn();
    xs.push((performance.now() - t) / n);
  }
  return median(xs);
}
const rows = [];
const row = (what, ms, base, baseWhat) => rows.push(`| ${what} | ${fmt(ms, 3)} | ${baseWhat}: ${fmt(base, 3)} | ${fmt(ms / base, 2)}x |`);

// 1. The alias bomb.
{
  const levels = 'abcdefghi'.split('');
  const bomb = ['---', `a: &a [${Array(9).fill('"x"').join(',')}]`, ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill('*' + levels[i]).join(',')}]`), 'tags: *i', '---', 'boom'].join('\n');
  const plain = ['---', 'id: mem_0k2x9d1ab7q4ce3m', 'timestamp: 2026-01-01T00:00:00.000Z', 'tags: [deploy, ci, cache]', '---', 'x'.repeat(Math.max(1, bomb.length - 90))].join('\n');
  const refused = () => {
    try {
      parseFile(bomb);
    } catch {
      return;
    }
    throw new Error('the alias bomb was not refused');
  };
  row('parseFile: alias bomb refused', await time(refused, 200), await time(() => parseFile(plain), 200), 'ordinary file, same size');
}

// 2. 100,000 tags against 10,000.
{
  const tags = (n) => Array.from({ length: n }, (_, i) => `tag${i}`);
  const [t10k, t100k] = [tags(10_000), tags(100_000)];
  row('normalizeTags, 100,000 tags', await time(() => normalizeTags(t100k), 3), await time(() => normalizeTags(t10k), 3), '10,000 tags');
  const store = new MemoryStore({ repo: tempRepo(), warn: () => {} });
  const refuse = (t) => () => store.store({ content: 'x', tags: t }).then(() => Promise.reject(new Error('not refused')), (e) => {
    if (e.code !== 'INVALID_INPUT') throw e;
  });
  row('store refused, 100,000 tags', await time(refuse(t100k), 3), await time(refuse(t10k), 3), '10,000 tags');
  store.close();
}

// 3. The embedding budget against a slow embedder.
{
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const input = JSON.parse(body).input;
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from({ length: 8 }, (_, k) => ((text.length * (k + 1)) % 7) + 1) }));
      setTimeout(() => res.end(JSON.stringify({ object: 'list', data, model: 'slow' })), 150);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/v1`;
  const budget = 400;
  const xs = [];
  const base = [];
  for (let r = 0; r < 3; r++) {
    const s = new MemoryStore({ repo: tempRepo(), warn: () => {}, config: { autoTag: false } });
    const e = new HttpEmbedder({ model: `slow-${r}`, baseUrl: url, batchSize: 4 });
    await s.store({ content: 'ordinary note about lunch plans' });
    await s.search({ query: 'lunch' }, { embedder: e, embedBudgetMs: Infinity });
    for (let i = 0; i < 40; i++) await s.store({ content: `ordinary note ${i} about lunch plans` });
    const t = performance.now();
    const res = await s.search({ query: 'lunch plans' }, { embedder: e, embedBudgetMs: budget });
    xs.push(performance.now() - t);
    if (!res.vectors || res.vectors.missing === 0) throw new Error(`the budget did not cut embedding short: ${JSON.stringify(res.vectors)}`);
    // Baseline: the same search on the same branch with no embedding at search time (a model with no vectors, budget 0).
    const t0 = performance.now();
    await s.search({ query: 'lunch plans' }, { embedder: new HttpEmbedder({ model: `slow-${r}-none`, baseUrl: url, batchSize: 4 }), embedBudgetMs: 0 });
    base.push(performance.now() - t0);
    s.close();
  }
  row(`hybrid search, ${budget} ms embedding budget, 150 ms a batch`, median(xs), median(base), 'same search, budget 0');
  console.log(`embedding time within the search: ${fmt(median(xs) - median(base), 0)} ms for a ${budget} ms budget (goal: the budget + about one batch)`);
  server.close();
}

console.log('| measured | median ms | baseline (same run), ms | ratio |\n|---|---|---|---|');
for (const r of rows) console.log(r);
