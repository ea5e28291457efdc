// Bounded resources (issue #14): each hostile input against the cost of a node start measured in the
// same run (`node -e ''`), as wall time and peak RSS of the whole process (/usr/bin/time -f %M).
//
//   node bench/hardening.mjs [--runs 3]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, fmt, median, privateBuild, tempRepo } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const { cli, lib } = privateBuild();
const TIME = '/usr/bin/time';
const hasTime = existsSync(TIME);

/** Wall ms and peak RSS (MB) of `sh -c script` (the pipeline's last process is the one measured). */
function measure(script, cwd) {
  const t = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', script], { cwd, env: { ...benchEnv, CLI: cli }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const rss = hasTime ? Number((/RSS=(\d+)/.exec(r.stderr) ?? [])[1]) / 1024 : NaN;
  return { ms, rss, code: /"code": "([A-Z_]+)"/.exec(r.stdout)?.[1] ?? (r.status === 0 ? 'OK' : `exit ${r.status}`) };
}
const timed = (cmd) => (hasTime ? `${TIME} -f RSS=%M ${cmd}` : cmd);

const repo = tempRepo();
execFileSync(process.execPath, [cli, 'store', 'The staging database is in eu-west-1'], { cwd: repo, env: benchEnv });
// A hostile branch: a 400-byte YAML alias bomb next to the good memory.
const bombRepo = tempRepo();
execFileSync(process.execPath, [cli, 'store', 'The staging database is in eu-west-1'], { cwd: bombRepo, env: benchEnv });
{
  const levels = 'abcdefghi'.split('');
  const yaml = ['---', `a: &a [${Array(9).fill('"x"').join(',')}]`, ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill('*' + levels[i]).join(',')}]`), 'tags: *i', '---', 'boom', ''].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'gm-bomb-'));
  const f = join(dir, 'bomb.md');
  writeFileSync(f, yaml);
  const env = { ...benchEnv, GIT_INDEX_FILE: join(dir, 'index') };
  const g = (...a) => execFileSync('git', a, { cwd: bombRepo, env, encoding: 'utf8' }).trim();
  g('read-tree', 'memory');
  g('update-index', '--add', '--cacheinfo', `100644,${g('hash-object', '-w', f)},memories/bomb.md`);
  g('update-ref', 'refs/heads/memory', g('commit-tree', g('write-tree'), '-p', 'memory', '-m', 'bomb'));
}

const cases = {
  'node -e "" (baseline)': [`${timed(`${process.execPath} -e ""`)}`, repo],
  '`memory list` (good branch)': [`${timed(`${process.execPath} "$CLI" list --json`)}`, repo],
  '`memory list` (branch with a YAML alias bomb)': [`${timed(`${process.execPath} "$CLI" list --json`)}`, bombRepo],
  '`memory search --mode fulltext` (good branch)': [`${timed(`${process.execPath} "$CLI" search staging --mode fulltext --json`)}`, repo],
  '`memory search --mode fulltext` (alias bomb)': [`${timed(`${process.execPath} "$CLI" search staging --mode fulltext --json`)}`, bombRepo],
  '`memory stats` (alias bomb)': [`${timed(`${process.execPath} "$CLI" stats --json`)}`, bombRepo],
  '`yes | memory store -`': [`yes | ${timed(`${process.execPath} "$CLI" store - --json`)}`, repo],
  '300 MB on stdin to `memory store`': [`head -c 300000000 /dev/zero | tr '\\0' a | ${timed(`${process.execPath} "$CLI" store --json`)}`, repo],
  '`memory import /dev/zero`': [`${timed(`${process.execPath} "$CLI" import /dev/zero --json`)}`, repo],
  '`memory core batch --file /dev/zero`': [`${timed(`${process.execPath} "$CLI" core batch --file /dev/zero --json`)}`, repo],
};
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < runs; i++) for (const [k, [script, cwd]] of Object.entries(cases)) results[k].push(measure(script, cwd));
const base = median(results['node -e "" (baseline)'].map((r) => r.ms));
const baseRss = median(results['node -e "" (baseline)'].map((r) => r.rss));
console.log(`| case | result | wall (median of ${runs}) | x node start | peak RSS | x node start |\n|---|---|---|---|---|---|`);
for (const [k, rs] of Object.entries(results)) {
  const ms = median(rs.map((r) => r.ms));
  const rss = median(rs.map((r) => r.rss));
  console.log(`| ${k} | ${rs[0].code} | ${fmt(ms, 0)} ms | ${fmt(ms / base)}x | ${fmt(rss, 0)} MB | ${fmt(rss / baseRss)}x |`);
}

// In-process: tags through the library.
{
  const { MemoryStore } = await import(lib);
  const store = new MemoryStore({ repo: tempRepo(), warn: () => {} });
  const tags = Array.from({ length: 100_000 }, (_, i) => `tag${i}`);
  const t = performance.now();
  let code = 'OK';
  try {
    await store.store({ content: 'x', tags });
  } catch (err) {
    code = err.code;
  }
  console.log(`\nlibrary store with 100,000 tags: ${code} in ${fmt(performance.now() - t, 0)} ms`);
}
