// Speed of `memory verify` over 1,000 citations (63 memories, 100 cited files of 200 lines), as a
// ratio to `node -e 0` measured in the same run, interleaved, median of --runs:
//   unchanged: HEAD moved on, no cited file changed (blob ids equal: no file content is read)
//   changed:   every cited file changed (a line inserted at the top and one edited): every file and
//              its cited blob read, diffed, the lines found again
//   cached:    the unchanged case again with the states cache of that HEAD in place
// Each uncached run deletes the states cache first.
//
//   node bench/citations-speed.mjs [--runs 7]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cliEnv, median, root, timeNode } from './citations-lib.mjs';

const RUNS = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 7;
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-cite-speed-'));
const cacheBase = join(root, 'node_modules', '.cache', 'git-memory-bench');
mkdirSync(cacheBase, { recursive: true });
const build = mkdtempSync(join(cacheBase, 'citations-'));
const env = cliEnv();
const git = (cwd, ...a) => execFileSync('git', a, { cwd, env }).toString().trim();
const time = (args, cwd) => timeNode(args, cwd, env);
const FILES = 100;
const file = (i, v) => Array.from({ length: 200 }, (_, k) => `// file ${i} line ${k + 1}${v && k === 120 ? ' edited' : ''}`).join('\n') + '\n';

try {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), build], { stdio: 'inherit' });
  const cli = join(build, 'cli.cjs');
  const { openMemory } = await import(pathToFileURL(join(build, 'index.js')).href);
  const repo = join(tmp, 'repo');
  mkdirSync(join(repo, 'src'), { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) writeFileSync(join(repo, 'src', `f${i}.ts`), file(i, false));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'code');
  const m = openMemory({ repo, embedOnWrite: false });
  let n = 0;
  for (let k = 0; n < 1000; k++) {
    const cite = [];
    for (let j = 0; j < 16 && n < 1000; j++, n++) cite.push({ path: `src/f${n % FILES}.ts`, lines: [1 + ((n * 7) % 180), 1 + ((n * 7) % 180) + 5] });
    await m.store({ content: `note ${k} about the code`, cite, dedupe: false });
  }
  m.close();
  const cacheDir = join(repo, '.git', 'git-memory');
  const clearStates = () => {
    for (const d of [join(cacheDir, 'memory', 'citations-v1')]) rmSync(d, { recursive: true, force: true });
  };
  const measure = (label, clear, expect) => {
    const base = [];
    const run = [];
    let out = '';
    for (let r = 0; r < RUNS; r++) {
      base.push(time(['-e', '0'], repo).ms);
      if (clear) clearStates();
      const t = time([cli, 'verify', '--json'], repo);
      run.push(t.ms);
      out = t.out;
    }
    const counts = JSON.parse(out).counts;
    if (!expect(counts)) throw new Error(`${label}: unexpected counts ${JSON.stringify(counts)}`);
    return { label, nodeMs: +median(base).toFixed(1), verifyMs: +median(run).toFixed(1), ratio: +(median(run) / median(base)).toFixed(2), counts: { citations: counts.citations, valid: counts.valid, moved: counts.moved, changed: counts.changed } };
  };
  writeFileSync(join(repo, 'README.md'), 'unrelated\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'unrelated');
  const unchanged = measure('unchanged (no content read)', true, (c) => c.valid === 1000);
  const cached = measure('unchanged, states cached', false, (c) => c.valid === 1000);
  for (let i = 0; i < FILES; i++) writeFileSync(join(repo, 'src', `f${i}.ts`), 'inserted\n' + file(i, true));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'change every file');
  const changed = measure('every cited file changed', true, (c) => c.citations === 1000 && c.valid === 0);
  console.log(JSON.stringify({ runs: RUNS, results: [unchanged, cached, changed] }, null, 2));
} finally {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
}
