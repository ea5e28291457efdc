// Correctness of `memory verify`'s check on real history: cite random line ranges at commit A of a
// public project, check them at a later commit B with the engine (src/citations/verify.ts), and
// compare with an oracle written differently, from git's own output: `git diff -M --name-status`
// for renames, `git diff -U0` hunks for where unchanged lines went, exact text search in B's file
// for lines moved by an edit. Then the same citations are checked in a depth-1 clone of B (no A,
// no rename detection) and compared with the full clone.
//
//   node bench/citations-correctness.mjs --repo /path/to/a/clone [--repo ...] [--per-pair 150] [--seed 1]
//
// The repositories are copied (git clone --bare) into a temp dir; nothing is written to them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { loadEngine, rng } from './citations-lib.mjs';

const args = process.argv.slice(2);
const repos = args.flatMap((a, i) => (args[i - 1] === '--repo' ? [a] : []));
const num = (name, d) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : d);
const PER_PAIR = num('per-pair', 150);
const SEED = num('seed', 1);
if (!repos.length) {
  console.error('give --repo DIR (a clone of a public project with history)');
  process.exit(2);
}
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (dir, ...a) => execFileSync('git', a, { cwd: dir, env, maxBuffer: 1 << 28 }).toString('utf8');
const gitBuf = (dir, ...a) => execFileSync('git', a, { cwd: dir, env, maxBuffer: 1 << 28 });
const TEXT = /\.(js|mjs|cjs|ts|py|md|rst|txt|json|yml|yaml|html|css|cfg|toml|ini)$/;
const lines = (buf) => {
  const t = buf.toString('utf8');
  if (t === '') return [];
  const l = t.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
};

const { resolveCitations, checkCitations, GitRepository } = await loadEngine();
const tmp = mkdtempSync(join(tmpdir(), 'gm-bench-cite-'));
const totals = { citations: 0, agree: 0, moved: 0, movedExact: 0, byState: {}, disagreements: [], shallowSame: 0, shallowSameState: 0, shallowDiff: 0, shallowDiffRenameEdit: 0, shallowDiffOther: [] };

/** The oracle: the state of citation {path, s, e} of A at B, from git's own output. */
function oracle(dir, A, B, renames, path, s, e) {
  const old = lines(gitBuf(dir, 'show', `${A}:${path}`)).slice(s - 1, e);
  let to = path;
  const exists = git(dir, 'ls-tree', B, '--', path).trim() !== '';
  if (!exists) {
    to = renames.get(path);
    if (!to) return { state: 'gone' };
  }
  const now = lines(gitBuf(dir, 'show', `${B}:${to}`));
  const same = (j) => old.every((x, k) => now[j + k] === x);
  if (to === path && e <= now.length && same(s - 1)) return { state: 'valid' };
  // Where git's diff puts the old lines.
  const hunks = [];
  const d = git(dir, 'diff', '-U0', '--no-color', '--no-ext-diff', `${A}:${path}`, `${B}:${to}`);
  for (const m of d.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm)) hunks.push([Number(m[1]), m[2] === undefined ? 1 : Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])]);
  const mapLine = (L) => {
    let off = 0;
    for (const [a, b, , dd] of hunks) {
      if (b > 0 && L >= a && L <= a + b - 1) return null;
      const end = b > 0 ? a + b - 1 : a;
      if (L > end) off += dd - b;
    }
    return L + off;
  };
  const mapped = [];
  for (let L = s; L <= e; L++) mapped.push(mapLine(L));
  if (mapped.every((x, k) => x !== null && x === mapped[0] + k)) return { state: 'moved', at: { path: to, lines: [mapped[0], mapped[0] + e - s] } };
  // Moved by an edit: the exact text elsewhere, nearest to where the first line would be.
  let near = s - 1;
  for (let L = s - 1; L >= 1; L--) {
    const m = mapLine(L);
    if (m !== null) {
      near = m - 1 + (s - L);
      break;
    }
  }
  let best = -1;
  for (let j = 0; j + old.length <= now.length; j++) if (same(j) && (best < 0 || Math.abs(j - near) < Math.abs(best - near))) best = j;
  if (best >= 0) return { state: 'moved', at: { path: to, lines: [best + 1, best + e - s + 1] } };
  return { state: 'changed', renamed: to !== path };
}

for (const src of repos) {
  const name = basename(src.replace(/\/repo\/?$/, '')) || basename(dirname(src));
  const dir = join(tmp, `${name}.git`);
  execFileSync('git', ['clone', '-q', '--bare', '--no-local', src, dir], { env });
  const firstParent = git(dir, 'rev-list', '--first-parent', 'HEAD').trim().split('\n');
  const pairs = [0, 400, 1200].filter((i) => i + 200 < firstParent.length).map((i) => [firstParent[i + 200], firstParent[i]]);
  const rand = rng(SEED);
  let pairNo = 0;
  for (const [A, B] of pairs) {
    pairNo++;
    const filesA = git(dir, 'ls-tree', '-r', '-l', A).trim().split('\n').map((l) => /^(\d+) blob (\S+)\s+(\d+)\t(.*)$/.exec(l)).filter((m) => m && m[1] !== '120000' && TEXT.test(m[4]) && Number(m[3]) > 0 && Number(m[3]) < 512 * 1024).map((m) => m[4]);
    const status = git(dir, 'diff', '--name-status', '-M', A, B).trim().split('\n');
    const renames = new Map();
    const touched = new Set();
    for (const l of status) {
      const p = l.split('\t');
      if (p[0].startsWith('R')) renames.set(p[1], p[2]);
      if (p[0] === 'M' || p[0] === 'D' || p[0].startsWith('R')) touched.add(p[1]);
    }
    const touchedA = filesA.filter((f) => touched.has(f));
    const specs = [];
    for (let k = 0; k < PER_PAIR; k++) {
      const pool = rand() < 0.8 && touchedA.length ? touchedA : filesA;
      const path = pool[Math.floor(rand() * pool.length)];
      const n = lines(gitBuf(dir, 'show', `${A}:${path}`)).length;
      if (!n) continue;
      const len = 1 + Math.floor(rand() * Math.min(12, n));
      const s = 1 + Math.floor(rand() * (n - len + 1));
      specs.push({ path, lines: [s, s + len - 1] });
    }
    const repo = GitRepository.open(dir);
    const cited = [];
    for (let k = 0; k < specs.length; k += 16) cited.push(...resolveCitations(repo, { cite: specs.slice(k, k + 16), citeRef: A }).citations);
    const sources = cited.map((c, i) => ({ key: String(i), citations: [{ ok: true, citation: c }] }));
    const full = checkCitations(repo, B, sources).checks;
    // A depth-1 clone of B: no history, no commit A.
    git(dir, 'branch', '-f', `bench-b${pairNo}`, B);
    const shallowDir = join(tmp, `${name}-d1-${pairNo}`);
    execFileSync('git', ['clone', '-q', '--bare', '--depth', '1', '--branch', `bench-b${pairNo}`, `file://${dir}`, shallowDir], { env });
    const shallowRepo = GitRepository.open(shallowDir);
    const shallow = checkCitations(shallowRepo, B, sources).checks;
    cited.forEach((c, i) => {
      const got = full.get(String(i))[0];
      const want = oracle(dir, A, B, renames, c.path, c.lines[0], c.lines[1]);
      totals.citations++;
      totals.byState[want.state] = (totals.byState[want.state] ?? 0) + 1;
      const agree = got.state === want.state && (want.state !== 'moved' || (got.at.path === want.at.path && got.at.lines[0] === want.at.lines[0] && got.at.lines[1] === want.at.lines[1]));
      if (agree) totals.agree++;
      else if (totals.disagreements.length < 20) totals.disagreements.push({ repo: name, A: A.slice(0, 10), B: B.slice(0, 10), path: c.path, lines: c.lines, engine: got, oracle: want });
      if (want.state === 'moved') {
        totals.moved++;
        if (got.state === 'moved' && got.at.path === want.at.path && got.at.lines[0] === want.at.lines[0]) totals.movedExact++;
      }
      const sh = shallow.get(String(i))[0];
      const sameAnswer = sh.state === got.state && JSON.stringify(sh.at ?? null) === JSON.stringify(got.at ?? null);
      if (sh.state === got.state) totals.shallowSameState++;
      if (sameAnswer) totals.shallowSame++;
      else {
        totals.shallowDiff++;
        const renamedWithEdit = renames.has(c.path) && git(dir, 'rev-parse', `${A}:${c.path}`).trim() !== git(dir, 'rev-parse', `${B}:${renames.get(c.path)}`).trim();
        if (renamedWithEdit) totals.shallowDiffRenameEdit++;
        else if (totals.shallowDiffOther.length < 10) totals.shallowDiffOther.push({ repo: name, path: c.path, lines: c.lines, full: got, shallow: sh });
      }
    });
    repo.close();
    shallowRepo.close();
    console.error(`${name} pair ${pairNo}: ${A.slice(0, 10)}..${B.slice(0, 10)}, ${cited.length} citations`);
  }
}
rmSync(tmp, { recursive: true, force: true });
const pct = (a, b) => (b ? ((100 * a) / b).toFixed(2) + '%' : 'n/a');
console.log(JSON.stringify({
  citations: totals.citations,
  agreement: pct(totals.agree, totals.citations),
  oracleStates: totals.byState,
  movedExact: `${totals.movedExact}/${totals.moved}`,
  depth1SameAsFull: pct(totals.shallowSame, totals.citations),
  depth1SameStateAsFull: pct(totals.shallowSameState, totals.citations),
  depth1Differences: { total: totals.shallowDiff, renameWithEdit: totals.shallowDiffRenameEdit, other: totals.shallowDiff - totals.shallowDiffRenameEdit },
  disagreements: totals.disagreements,
  depth1OtherDifferences: totals.shallowDiffOther,
}, null, 2));
