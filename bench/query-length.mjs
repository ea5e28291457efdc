// What a long search query costs (src/model/bounds.ts MAX_QUERY_CHARS): a CLI full-text search with
// queries of 10 to 10,000 characters of distinct words on a store of engineering notes, wall time as
// a multiple of a bare node start in the same run (interleaved, medians), and a query over the cap
// (refused with INVALID_INPUT before any index read).
//
//   node bench/query-length.mjs [--notes 2000] [--runs 5]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, compare, fmt, privateBuild, tempRepo } from './lib.mjs';
import { engineeringStore } from './engineering-store.mjs';

const args = process.argv.slice(2);
const value = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const notes = Number(value('--notes', 2000));
const runs = Number(value('--runs', 5));
const { cli } = privateBuild();
const repo = tempRepo();
const jsonl = join(repo, '.git', 'notes.jsonl');
writeFileSync(jsonl, engineeringStore(notes).map((m) => JSON.stringify(m)).join('\n') + '\n');
const env = { ...benchEnv, MEMORY_EMBEDDER: 'none', MEMORY_DAEMON: 'off' };
const run = (a, expectCode = 0) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, ...a], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== expectCode) throw new Error(`memory ${a[0]} exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
run(['import', jsonl]);
run(['rebuild-index']);
// Distinct made-up words: each one is a lookup in the index, none a stop word.
let seed = 7;
const word = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26))).join('');
const query = (chars) => {
  let q = 'deploy';
  while (q.length < chars) q += ' ' + word();
  return q.slice(0, chars);
};
const lengths = [10, 100, 1000, 10000];
const bare = () => {
  const t = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', ''], { env });
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const cases = { bare, node: () => run(['--version']) };
for (const n of lengths) cases[`q${n}`] = () => run(['search', query(n), '--json']);
cases.over = () => run(['search', query(10001), '--json'], 2);
const m = compare(runs, cases);
const base = m.bare;
delete m.bare;
console.log(`| query (${notes} notes, full text, CLI) | wall ms | × node start (${fmt(base, 0)} ms) |\n|---|---|---|`);
for (const [k, v] of Object.entries(m)) console.log(`| ${k === 'node' ? 'memory --version' : k === 'over' ? '10,001 characters (INVALID_INPUT)' : `${Number(k.slice(1)).toLocaleString('en')} characters`} | ${fmt(v, 0)} | ${fmt(v / base, 2)} |`);
