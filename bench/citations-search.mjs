// `memory search` with citations on its results against the same search without: two repositories
// with the same code and the same memories (300, about ten words each), one whose memories cite the
// code (3 citations each) and one whose memories cite nothing. CLI processes, interleaved, median of
// --runs, after one warm-up search in each (the search index built):
//   cached:   the states at HEAD are in the derived cache (the case after the first read at a HEAD)
//   uncached: the states cache deleted before each run (the first read after HEAD moves)
//
//   node bench/citations-search.mjs [--runs 9]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliEnv, median, root, timeNode } from './citations-lib.mjs';

const RUNS = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 9;
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-cite-search-'));
const cacheBase = join(root, 'node_modules', '.cache', 'git-memory-bench');
mkdirSync(cacheBase, { recursive: true });
const build = mkdtempSync(join(cacheBase, 'citations-search-'));
const env = cliEnv();
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env }).toString().trim();
const FILES = 50;
const MEMORIES = 300;
const file = (i, v) => Array.from({ length: 200 }, (_, k) => `// file ${i} line ${k + 1}${v && k === 120 ? ' edited' : ''}`).join('\n') + '\n';
const words = ['retry', 'helper', 'backoff', 'timeout', 'cache', 'index', 'branch', 'remote', 'token', 'limit', 'queue', 'worker'];

const time = (args, cwd) => timeNode(args, cwd, env);

try {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), build], { stdio: 'inherit' });
  const cli = join(build, 'cli.cjs');
  const { openMemory } = await import(pathToFileURL(join(build, 'index.js')).href);
  const repos = {};
  for (const kind of ['with', 'without']) {
    const repo = join(tmp, kind);
    mkdirSync(join(repo, 'src'), { recursive: true });
    git(repo, 'init', '-q', '-b', 'main');
    for (let i = 0; i < FILES; i++) writeFileSync(join(repo, 'src', `f${i}.ts`), file(i, false));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'code');
    const m = openMemory({ repo, embedOnWrite: false });
    for (let k = 0; k < MEMORIES; k++) {
      const text = `note ${k}: the ${words[k % 12]} ${words[(k * 5) % 12]} and the ${words[(k * 7) % 12]} of module ${k % FILES}`;
      const cite = kind === 'with' ? [0, 1, 2].map((j) => ({ path: `src/f${(k + j) % FILES}.ts`, lines: [1 + ((k * 7 + j) % 180), 6 + ((k * 7 + j) % 180)] })) : undefined;
      await m.store({ content: text, ...(cite ? { cite } : {}), dedupe: false });
    }
    m.close();
    // HEAD moves on: a third of the cited files change, so states are a mix of valid and moved.
    for (let i = 0; i < FILES; i += 3) writeFileSync(join(repo, 'src', `f${i}.ts`), 'inserted\n' + file(i, true));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'change');
    repos[kind] = repo;
  }
  const search = ['search', 'retry helper backoff', '--mode', 'fulltext', '--limit', '10', '--json'];
  for (const r of Object.values(repos)) time([cli, ...search], r); // builds the index (and, with citations, the states cache)
  const measure = (label, clear) => {
    const a = [];
    const b = [];
    let out = '';
    for (let i = 0; i < RUNS; i++) {
      b.push(time([cli, ...search], repos.without).ms);
      if (clear) rmSync(join(repos.with, '.git', 'git-memory', 'memory', 'citations-v1'), { recursive: true, force: true });
      const t = time([cli, ...search], repos.with);
      a.push(t.ms);
      out = t.out;
    }
    const res = JSON.parse(out);
    const cited = [...res.results, ...(res.weak ?? [])].filter((x) => x.citations?.length).length;
    if (!cited) throw new Error(`${label}: no result carries citations`);
    return { label, withoutMs: +median(b).toFixed(1), withMs: +median(a).toFixed(1), ratio: +(median(a) / median(b)).toFixed(3), resultsWithCitations: cited };
  };
  const cached = measure('states cached at HEAD', false);
  const uncached = measure('states cache deleted before each run', true);
  console.log(JSON.stringify({ memories: MEMORIES, citationsEach: 3, runs: RUNS, cached, uncached }, null, 2));
} finally {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
}
