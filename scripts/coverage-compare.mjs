// Statement coverage of two runs compared: the totals, then every file whose covered-statement
// share fell by more than a threshold (1 point by default). Reads vitest's (istanbul's)
// json-summary reports (`--coverage.reporter=json-summary`, coverage-summary.json).
//
//   node scripts/coverage-compare.mjs BEFORE.json AFTER.json [--min 1] [--map old/path=new/path ...]
//
// Files are matched by their path below the report's common root (src/...). `--map` renames a file
// or a folder prefix of the BEFORE report (src/core/store.ts=src/store/store.ts, src/core/=src/model/).
// A file on one side only (split, merged, removed, added) is compared as part of its folder: the
// union of that folder's files on each side. Exit status 1 when something fell, 0 otherwise.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const files = args.filter((a, i) => !a.startsWith('--') && !['--min', '--map'].includes(args[i - 1]));
const min = args.includes('--min') ? Number(args[args.indexOf('--min') + 1]) : 1;
const maps = args.flatMap((a, i) => (args[i - 1] === '--map' ? [a.split('=')] : []));
if (files.length !== 2) {
  console.error('usage: node scripts/coverage-compare.mjs BEFORE.json AFTER.json [--min 1] [--map old=new ...]');
  process.exit(2);
}

/** path below the common root -> { covered, total } statements */
function load(file, rename) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const paths = Object.keys(json).filter((k) => k !== 'total');
  let root = paths.length ? paths[0].slice(0, paths[0].lastIndexOf('/') + 1) : '';
  for (const p of paths) while (!p.startsWith(root)) root = root.slice(0, root.slice(0, -1).lastIndexOf('/') + 1);
  // The root is the folder that holds src/ when every file lies below src/.
  if (root.endsWith('/src/')) root = root.slice(0, -4);
  const byFile = new Map();
  for (const p of paths) {
    let rel = p.slice(root.length);
    if (rename) for (const [from, to] of maps) if (rel === from || (from.endsWith('/') && rel.startsWith(from))) rel = to + rel.slice(from.length);
    const { covered, total } = json[p].statements;
    const had = byFile.get(rel) ?? { covered: 0, total: 0 };
    byFile.set(rel, { covered: had.covered + covered, total: had.total + total });
  }
  return { total: json.total.statements, byFile };
}

const pct = (s) => (s.total ? (100 * s.covered) / s.total : 100);
const fmt = (s) => `${pct(s).toFixed(1).padStart(5)}% (${s.covered}/${s.total})`;
const before = load(files[0], true);
const after = load(files[1], false);
console.log(`statements  before ${fmt(before.total)}  after ${fmt(after.total)}`);

const dropped = [];
const folderOf = (p) => p.slice(0, p.lastIndexOf('/') + 1);
const lonely = new Set();
for (const [p, b] of before.byFile) {
  const a = after.byFile.get(p);
  if (!a) lonely.add(folderOf(p));
  else if (pct(b) - pct(a) > min) dropped.push([p, b, a]);
}
for (const p of after.byFile.keys()) if (!before.byFile.has(p)) lonely.add(folderOf(p));
const union = (byFile, folder) => {
  const s = { covered: 0, total: 0 };
  for (const [p, v] of byFile) if (folderOf(p) === folder) (s.covered += v.covered), (s.total += v.total);
  return s;
};
for (const folder of [...lonely].sort()) {
  const b = union(before.byFile, folder);
  const a = union(after.byFile, folder);
  const only = (x, y) => [...x.byFile.keys()].filter((p) => folderOf(p) === folder && !y.byFile.has(p)).map((p) => p.slice(folder.length));
  const note = [...only(before, after).map((f) => `-${f}`), ...only(after, before).map((f) => `+${f}`)].join(' ');
  console.log(`folder ${folder} (${note}): before ${fmt(b)}  after ${fmt(a)}`);
  // A folder with nothing on one side moved whole: no share to compare there (--map it).
  if (b.total && a.total && pct(b) - pct(a) > min) dropped.push([`${folder}* (union)`, b, a]);
}

dropped.sort((x, y) => pct(y[1]) - pct(y[2]) - (pct(x[1]) - pct(x[2])));
console.log(dropped.length ? `\nfell by more than ${min} point(s):` : `\nno file fell by more than ${min} point(s)`);
for (const [p, b, a] of dropped) console.log(`${(pct(a) - pct(b)).toFixed(1).padStart(6)}  ${p.padEnd(40)} before ${fmt(b)}  after ${fmt(a)}`);
process.exit(dropped.length ? 1 : 0);
