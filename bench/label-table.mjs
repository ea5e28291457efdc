// A search over a segment whose tag table is large (60,000 distinct tags, one per memory: tags are
// free text, and a store can carry any number of them), per source tree, interleaved, in process: the
// ranking's work per query term on the tag table (the query naming a tag, and one naming none).
//
//   node bench/label-table.mjs --trees DIR[,DIR...] [--docs 60000] [--runs 5] [--rounds 2]
//
// Each DIR is a checkout (a `git worktree add` of another commit) whose src/ is bundled (esbuild) and
// timed; a line per tree, query and round: median ms per query of `runs`, and the ratio to the first tree.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const value = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const trees = value('--trees', '.').split(',');
const docs = Number(value('--docs', '60000'));
const runs = Number(value('--runs', '5'));
const rounds = Number(value('--rounds', '2'));
const dir = mkdtempSync(join(tmpdir(), 'gm-label-table-'));

async function load(tree, i) {
  const entry = join(dir, `entry-${i}.ts`);
  const src = (p) => JSON.stringify(join(tree, 'src', p));
  writeFileSync(entry, [`export { rank } from ${src('search/engine.ts')};`, `export { viewOf } from ${src('search/index-build.ts')};`, `export { SegmentBuilder } from ${src('search/segment.ts')};`, `export { DEFAULT_BM25 } from ${src('search/bm25.ts')};`, `export { DEFAULT_WEIGHTS } from ${src('search/rank-order.ts')};`].join('\n'));
  const out = join(dir, `tree-${i}.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, logLevel: 'error' });
  const M = await import(out);
  const b = new M.SegmentBuilder();
  const words = ['alpha', 'beta', 'gamma', 'delta', 'deploy', 'cache', 'build', 'release'];
  for (let d = 0; d < docs; d++) b.add({ id: `mem_${d.toString(36).padStart(8, '0')}`, path: `memories/x/${d}.md`, oid: String(d).padStart(40, '0'), timestamp: Date.UTC(2026, 0, 1) + d * 1000, priority: 'medium', category: 'general', tags: [`tag${d}`, d % 10 ? 'deploy' : 'ops'], content: `${words[d % 8]} ${words[(d * 3) % 8]} note ${d}` });
  return { M, view: M.viewOf(b.finish({ kind: 'base', tree: 'x' }), null) };
}

const loaded = [];
for (const [i, t] of trees.entries()) loaded.push(await load(t, i));
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
for (let r = 1; r <= rounds; r++) {
  for (const query of ['alpha cache', 'deploy cache']) {
    let first = 0;
    for (const [i, { M, view }] of loaded.entries()) {
      const t = [];
      for (let k = 0; k < runs; k++) {
        const t0 = performance.now();
        M.rank(view, query, { tags: [] }, 10, M.DEFAULT_WEIGHTS, Date.UTC(2026, 6, 1), { ...M.DEFAULT_BM25, prune: true });
        t.push(performance.now() - t0);
      }
      const m = median(t);
      if (i === 0) first = m;
      console.log(`round ${r} | ${JSON.stringify(query)} | tree ${i} | ${m.toFixed(0)} ms | ${(m / first).toFixed(2)}x`);
    }
  }
}
