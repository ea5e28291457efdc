// Why git-memory does not persist a lunr.Index: raw lunr 2.3.9 on the same corpus as
// bench/search.mjs (content, tags, category; lunr's default pipeline), next to git-memory's own
// segment. Build time, serialized size, load (parse) time and query time, in the same process.
//
//   node bench/search-lunr.mjs [--n 10000]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import lunr from 'lunr';
import { buildPrivate, corpus, fmt, median, queries, repoWith } from './search-lib.mjs';

const i = process.argv.indexOf('--n');
const N = i > 0 ? Number(process.argv[i + 1]) : 10_000;
const { lib } = buildPrivate();
const docs = corpus(N);
const qs = queries(docs, 200);

let t0 = performance.now();
const idx = lunr(function () {
  this.ref('i');
  this.field('content');
  this.field('tags');
  this.field('category');
  docs.forEach((d, k) => this.add({ i: String(k), content: d.content, tags: d.tags.join(' '), category: d.category }));
});
const lunrBuild = performance.now() - t0;
const json = JSON.stringify(idx);
const loads = [];
for (let r = 0; r < 3; r++) {
  t0 = performance.now();
  lunr.Index.load(JSON.parse(json));
  loads.push(performance.now() - t0);
}
const lunrQ = qs.map((q) => {
  const t = performance.now();
  idx.query((b) => b.term(lunr.tokenizer(q.text)));
  return performance.now() - t;
});

const { MemoryStore } = await import(lib);
const { dir } = await repoWith(lib, String(N), docs);
const s = new MemoryStore({ repo: dir, warn: () => {} });
t0 = performance.now();
await s.rebuildIndex();
const ourBuild = performance.now() - t0;
const cache = join(dir, '.git', 'git-memory', 'memory');
const file = join(cache, readdirSync(cache).find((f) => /^search-v\d+\.base$/.test(f)));
const bytes = readFileSync(file);
const ourLoads = [];
for (let r = 0; r < 5; r++) {
  // A fresh store loads the index from the cache file, as a CLI call does.
  const fresh = new MemoryStore({ repo: dir, warn: () => {} });
  t0 = performance.now();
  await fresh.search({ query: 'zzzz-not-a-word' });
  ourLoads.push(performance.now() - t0);
  fresh.close();
}
const ourQ = [];
for (const q of qs) {
  const t = performance.now();
  await s.search({ query: q.text });
  ourQ.push(performance.now() - t);
}

console.log(`\nraw lunr vs git-memory segments, ${N} memories, ${new Date().toISOString()}`);
console.log('| | build | persisted size | load (parse) | query median (200 queries, 1-3 words) |\n|---|---|---|---|---|');
console.log(`| lunr 2.3.9 (lunr.Index JSON) | ${fmt(lunrBuild)} ms (from parsed memories) | ${(json.length / 1e6).toFixed(1)} MB | ${fmt(median(loads))} ms (JSON.parse + Index.load) | ${fmt(median(lunrQ))} ms |`);
console.log(`| git-memory segment | ${fmt(ourBuild)} ms (from the branch: read, parse, analyse, write) | ${(bytes.length / 1e6).toFixed(1)} MB | ${fmt(median(ourLoads))} ms (first search of a new MemoryStore: file read, checks, views) | ${fmt(median(ourQ))} ms (incl. reading results) |`);
