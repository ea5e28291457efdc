import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { diffFiles, diffTrees, isRegularFile, type TreeChange } from '../../src/git/diff.js';
import { GitRepository } from '../../src/git/repository.js';
import { gitEnv, makeRepo, rngInt } from '../helpers.js';

/**
 * The one tree diff (src/git/diff.ts), checked against git itself on trees git builds: every entry
 * kind (files, executables, symlinks, gitlinks, folders), type changes in both directions (file to
 * folder, file to symlink), a prefix, and 25 random tree pairs.
 */

type Entry = { mode: string; content: string };

function run(repo: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): string {
  return execFileSync('git', args, { cwd: repo, env: { ...gitEnv, ...opts.env }, input: opts.input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trimEnd();
}

let indexes = 0;

/** Writes `files` as a tree with git's own plumbing (a private index, `update-index`, `write-tree`). */
function writeTree(repo: string, files: Map<string, Entry>, n: number): string {
  const objects = GitRepository.open(repo).objects;
  // A fresh index file each time starts empty (no `read-tree --empty` spawn).
  const env = { GIT_INDEX_FILE: join(repo, '.git', `diff-test-index-${n}-${++indexes}`) };
  const lines: string[] = [];
  for (const [path, e] of files) {
    // A gitlink names a commit of another repository: any id will do, git does not look it up.
    // Blobs by the in-process writer (checked against git elsewhere): a spawn per file made this slow.
    const oid = e.mode === '160000' ? Buffer.from(e.content).toString('hex').padEnd(40, '0').slice(0, 40) : objects.write('blob', Buffer.from(e.content));
    lines.push(`${e.mode} ${oid}\t${path}`);
  }
  if (lines.length) run(repo, ['update-index', '--add', '--index-info'], { env, input: lines.join('\n') + '\n' });
  return run(repo, ['write-tree'], { env });
}

/** `git diff-tree -r --no-renames` as TreeChanges, sorted by path then old-before-new. */
function gitDiff(repo: string, a: string, b: string, prefix = ''): TreeChange[] {
  const out = run(repo, ['diff-tree', '-r', '--no-renames', a, b, ...(prefix ? ['--', `${prefix}/`] : [])]);
  if (!out) return [];
  const z = (s: string, zero: string) => (/^0+$/.test(s) && s.length === zero.length ? null : s);
  return sortChanges(
    out.split('\n').map((l) => {
      const [meta, path] = l.split('\t');
      const [om, nm, oo, no] = meta.slice(1).split(' ');
      return { path, oldMode: z(om, '000000'), newMode: z(nm, '000000'), oldOid: z(oo, '0'.repeat(40)), newOid: z(no, '0'.repeat(40)) };
    }),
  );
}

/**
 * git reports a type change between a file and a symlink or gitlink as one line (`T`) but a
 * deletion plus an addition for some pairs; ours is always one change per path. Folded per path.
 */
function fold(changes: TreeChange[]): TreeChange[] {
  const byPath = new Map<string, TreeChange>();
  for (const c of changes) {
    const prev = byPath.get(c.path);
    byPath.set(c.path, prev ? { path: c.path, oldMode: prev.oldMode ?? c.oldMode, oldOid: prev.oldOid ?? c.oldOid, newMode: prev.newMode ?? c.newMode, newOid: prev.newOid ?? c.newOid } : c);
  }
  return sortChanges([...byPath.values()]);
}

function sortChanges<T extends { path: string }>(xs: T[]): T[] {
  return xs.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/** Regular files of a tree, by `git ls-tree -r` (the oracle for diffFiles). */
function lsFiles(repo: string, tree: string): Map<string, string> {
  const out = new Map<string, string>();
  const text = run(repo, ['ls-tree', '-r', tree]);
  for (const l of text ? text.split('\n') : []) {
    const [meta, path] = l.split('\t');
    const [mode, , oid] = meta.split(' ');
    if (mode !== '120000' && mode !== '160000') out.set(path, oid);
  }
  return out;
}

function expectedFiles(repo: string, a: string, b: string): Array<{ path: string; oldOid: string | null; newOid: string | null }> {
  return expectedFrom(lsFiles(repo, a), lsFiles(repo, b));
}

/** The regular files whose blob differs between two trees' file lists (path -> blob id). */
function expectedFrom(x: Map<string, string>, y: Map<string, string>): Array<{ path: string; oldOid: string | null; newOid: string | null }> {
  const out = [];
  for (const path of new Set([...x.keys(), ...y.keys()])) {
    const oldOid = x.get(path) ?? null;
    const newOid = y.get(path) ?? null;
    if (oldOid !== newOid) out.push({ path, oldOid, newOid });
  }
  return sortChanges(out);
}

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Writes each of `list` as a tree with one `git fast-import` (a root commit a tree), then names the trees. */
function writeTrees(repo: string, list: Map<string, Entry>[]): string[] {
  const parts: Buffer[] = [];
  const data = (s: string) => parts.push(Buffer.from(`data ${Buffer.byteLength(s)}\n${s}\n`));
  list.forEach((files, i) => {
    parts.push(Buffer.from(`commit refs/heads/t${i}\ncommitter Test <test@example.com> 1700000000 +0000\n`));
    data(`t${i}`);
    for (const [path, e] of files) {
      // A gitlink names a commit of another repository: any id will do, git does not look it up.
      if (e.mode === '160000') parts.push(Buffer.from(`M 160000 ${Buffer.from(e.content).toString('hex').padEnd(40, '0').slice(0, 40)} ${path}\n`));
      else {
        parts.push(Buffer.from(`M ${e.mode} inline ${path}\n`));
        data(e.content);
      }
    }
    parts.push(Buffer.from('\n'));
  });
  execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: repo, env: gitEnv, input: Buffer.concat([...parts, Buffer.from('done\n')]) });
  return run(repo, ['rev-parse', ...list.map((_, i) => `t${i}^{tree}`)]).split('\n');
}

/** `git diff-tree -r --no-renames --stdin` of every pair, as TreeChanges by "a b" (as gitDiff gives them). */
function diffTreeStdin(repo: string, pairs: ReadonlyArray<readonly [string, string]>): Map<string, TreeChange[]> {
  const out = run(repo, ['diff-tree', '-r', '--no-renames', '--stdin'], { input: pairs.map((p) => p.join(' ')).join('\n') + '\n' });
  const z = (s: string, zero: string) => (/^0+$/.test(s) && s.length === zero.length ? null : s);
  const byPair = new Map<string, TreeChange[]>(pairs.map((p) => [p.join(' '), []]));
  let current: TreeChange[] = [];
  for (const l of out.split('\n')) {
    if (!l.startsWith(':')) {
      current = byPair.get(l)!;
      expect(current, `diff-tree header ${l}`).toBeDefined();
      continue;
    }
    const [meta, path] = l.split('\t');
    const [om, nm, oo, no] = meta.slice(1).split(' ');
    current.push({ path, oldMode: z(om, '000000'), newMode: z(nm, '000000'), oldOid: z(oo, '0'.repeat(40)), newOid: z(no, '0'.repeat(40)) });
  }
  for (const v of byPair.values()) sortChanges(v);
  return byPair;
}

describe('the shared tree diff', () => {
  it('finds what `git diff-tree -r` finds, for every kind of entry and type change', () => {
    const repo = makeRepo();
    const g = GitRepository.open(repo);
    const read = (t: string) => g.readTree(t);
    const a = new Map<string, Entry>([
      ['README.md', { mode: '100644', content: 'readme' }],
      ['memories/a/one.md', { mode: '100644', content: 'one' }],
      ['memories/two.md', { mode: '100644', content: 'two' }],
      ['memories/exec.md', { mode: '100644', content: 'same bytes' }],
      ['memories/link.md', { mode: '120000', content: 'two.md' }],
      ['memories/becomes-link.md', { mode: '100644', content: 'plain' }],
      ['memories/sub', { mode: '160000', content: 'abc' }],
      ['memories/swap', { mode: '100644', content: 'a file, then a folder' }],
      ['memories/deep/x/y.md', { mode: '100644', content: 'deep' }],
    ]);
    const b = new Map<string, Entry>([
      ['README.md', { mode: '100644', content: 'readme' }],
      ['memories/a/one.md', { mode: '100644', content: 'one, changed' }],
      ['memories/exec.md', { mode: '100755', content: 'same bytes' }],
      ['memories/link.md', { mode: '100644', content: 'now a file' }],
      ['memories/becomes-link.md', { mode: '120000', content: 'one.md' }],
      ['memories/sub', { mode: '160000', content: 'def' }],
      ['memories/swap/inner.md', { mode: '100644', content: 'inside' }],
      ['memories/deep', { mode: '100644', content: 'a folder, then a file' }],
      ['other/new.md', { mode: '100644', content: 'new' }],
    ]);
    const t1 = writeTree(repo, a, 1);
    const t2 = writeTree(repo, b, 2);

    expect(fold(diffTrees(read, t1, t2))).toEqual(fold(gitDiff(repo, t1, t2)));
    expect(fold(diffTrees(read, t1, t2, 'memories'))).toEqual(fold(gitDiff(repo, t1, t2, 'memories')));
    expect(fold(diffTrees(read, null, t2))).toEqual(fold(gitDiff(repo, '4b825dc642cb6eb9a060e54bf8d69288fbee4904', t2)));
    expect(diffTrees(read, t1, t1)).toEqual([]);

    // Files only: symlinks and gitlinks count as absent; a mode change alone is no change.
    const files = sortChanges(diffFiles(read, t1, t2));
    expect(files).toEqual(expectedFiles(repo, t1, t2));
    const paths = files.map((f) => f.path);
    expect(paths).not.toContain('memories/exec.md');
    expect(paths).not.toContain('memories/sub');
    expect(files.find((f) => f.path === 'memories/link.md')).toMatchObject({ oldOid: null });
    expect(files.find((f) => f.path === 'memories/becomes-link.md')).toMatchObject({ newOid: null });
    expect(sortChanges(diffFiles(read, t1, t2, 'memories'))).toEqual(files.filter((f) => f.path.startsWith('memories/')));
    // The listing applies the same rule.
    expect(sortChanges(g.listBlobs(t2, 'memories'))).toEqual(sortChanges([...lsFiles(repo, t2)].filter(([p]) => p.startsWith('memories/')).map(([path, oid]) => ({ path, oid }))));
  });

  it('a prefix that is a file, or absent, is an empty folder', () => {
    const repo = makeRepo();
    const g = GitRepository.open(repo);
    const read = (t: string) => g.readTree(t);
    const t1 = writeTree(repo, new Map([['memories', { mode: '100644', content: 'not a folder' }]]), 1);
    const t2 = writeTree(repo, new Map([['memories/a.md', { mode: '100644', content: 'a' }]]), 2);
    expect(diffFiles(read, t1, t2, 'memories').map((c) => c.path)).toEqual(['memories/a.md']);
    expect(diffFiles(read, t2, t1, 'memories').map((c) => c.newOid)).toEqual([null]);
    expect(diffFiles(read, t1, t1, 'trash')).toEqual([]);
  });

  it('agrees with git on random tree pairs', () => {
    const repo = makeRepo();
    const g = GitRepository.open(repo);
    const read = (t: string) => g.readTree(t);
    const rnd = rngInt(42);
    const names = ['a', 'b', 'c.md', 'd.md'];
    const randomPath = () => {
      const depth = 1 + rnd(3);
      return Array.from({ length: depth }, () => names[rnd(names.length)]).join('/');
    };
    const modes = ['100644', '100644', '100644', '100755', '120000', '160000'];
    const randomTree = (from: Map<string, Entry> | null): Map<string, Entry> => {
      const out = new Map(from ?? []);
      for (let i = 0, n = 3 + rnd(8); i < n; i++) {
        const p = randomPath();
        if (rnd(4) === 0) out.delete(p);
        else out.set(p, { mode: modes[rnd(modes.length)], content: `v${rnd(3)}` });
      }
      // A path cannot be a file and a folder at once: the folder wins.
      for (const p of [...out.keys()]) if ([...out.keys()].some((q) => q.startsWith(p + '/'))) out.delete(p);
      // Never the empty tree: git does not store it as an object (it knows it by heart).
      out.set('keep.md', { mode: '100644', content: 'keep' });
      return out;
    };
    // All the pairs first, then git's side in three processes (one fast-import writes every tree, one
    // rev-parse names them, one `diff-tree --stdin` diffs every pair and lists every tree against the
    // empty one) instead of seven spawns a pair (most of this test's time was git start-ups).
    const pairs = Array.from({ length: 25 }, () => {
      const x = randomTree(null);
      return [x, randomTree(x)] as const;
    });
    const trees = writeTrees(repo, pairs.flat());
    const diffs = diffTreeStdin(repo, [...pairs.map((_, i) => [trees[2 * i], trees[2 * i + 1]] as const), ...trees.map((t) => [EMPTY_TREE, t] as const)]);
    const files = (t: string) => {
      const out = new Map<string, string>();
      for (const c of diffs.get(`${EMPTY_TREE} ${t}`)!) if (c.newMode !== '120000' && c.newMode !== '160000') out.set(c.path, c.newOid!);
      return out;
    };
    let checked = 0;
    pairs.forEach((_, i) => {
      const [t1, t2] = [trees[2 * i], trees[2 * i + 1]];
      expect(fold(diffTrees(read, t1, t2))).toEqual(fold(diffs.get(`${t1} ${t2}`)!));
      const expected = expectedFrom(files(t1), files(t2));
      expect(sortChanges(diffFiles(read, t1, t2))).toEqual(expected);
      expect(sortChanges(diffFiles(read, t1, t2, 'a'))).toEqual(expected.filter((c) => c.path.startsWith('a/')));
      checked += diffTrees(read, t1, t2).length;
    });
    expect(checked).toBeGreaterThan(60);
  });

  it('isRegularFile: files and executables, never trees, symlinks or gitlinks', () => {
    expect(['100644', '100755', '100664'].every(isRegularFile)).toBe(true);
    expect(['40000', '040000', '120000', '160000'].some(isRegularFile)).toBe(false);
    expect(isRegularFile(null)).toBe(false);
  });
});
