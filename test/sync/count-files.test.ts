import { describe, expect, it } from 'vitest';
import { GitRepository } from '../../src/git/repository.js';
import { countMemoryFiles } from '../../src/sync/combine.js';
import { findBadName } from '../../src/sync/guard.js';
import { execFileSync } from 'node:child_process';
import { git, gitEnv, makeRepo } from '../helpers.js';

const withInput = (cwd: string, input: string, ...args: string[]) => execFileSync('git', args, { cwd, env: gitEnv, input, encoding: 'utf8' }).trim();

/**
 * countMemoryFiles scans raw tree bytes (a fresh clone's first store counts what the remote holds
 * without parsing 35 MB of trees at 1,000,000 memories): it must count exactly what git lists as
 * regular files under memories/, whatever else the trees hold.
 */
describe('whole-branch walks over raw trees (countMemoryFiles, findBadName of a fresh clone)', () => {
  it('counts the regular files under memories/ as git does: not links, submodules, or files elsewhere', () => {
    const repo = makeRepo({ bare: true });
    const blob = (s: string) => withInput(repo, s, 'hash-object', '-w', '--stdin');
    const mktree = (lines: string[]) => withInput(repo, lines.join('\n') + (lines.length ? '\n' : ''), 'mktree', '--missing');
    const a = blob('a');
    const files = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `100644 blob ${blob(`${prefix} ${i}`)}\t${prefix}-${i}.md`);
    const bucketA = mktree([...files(12, 'a'), `100755 blob ${a}\texec.md`, `120000 blob ${a}\tlink.md`, `160000 commit ${'1'.repeat(40)}\tsub`]);
    const bucketB = mktree([...files(7, 'b'), `040000 tree ${mktree([`100644 blob ${a}\tdeep.md`])}\tnested`]);
    const month = mktree([`040000 tree ${bucketA}\tA`, `040000 tree ${bucketB}\tB`, `100644 blob ${a}\tnote.md`]);
    const memories = mktree([`040000 tree ${month}\t2026-01`, `040000 tree ${mktree([])}\t2026-02`]);
    const root = mktree([`040000 tree ${memories}\tmemories`, `100644 blob ${a}\tREADME.md`, `040000 tree ${mktree(files(3, 'v'))}\tvectors`]);
    const byGit = git(repo, 'ls-tree', '-r', root, 'memories').split('\n').filter((l) => /^100(644|755) /.test(l)).length;
    expect(byGit).toBe(12 + 1 + 7 + 1 + 1);
    const g = GitRepository.open(repo);
    expect(countMemoryFiles(g, root)).toBe(byGit);
    expect(countMemoryFiles(g, mktree([`100644 blob ${a}\tREADME.md`]))).toBe(0);
    expect(countMemoryFiles(g, null)).toBe(0);
  });
});

describe('findBadName over a tree the local branch has nothing of', () => {
  it('finds what the entry-by-entry walk finds, at the same path', () => {
    const repo = makeRepo({ bare: true });
    const a = withInput(repo, 'a', 'hash-object', '-w', '--stdin');
    const mktree = (lines: string[]) => withInput(repo, lines.join('\n') + (lines.length ? '\n' : ''), 'mktree', '--missing');
    const empty = mktree([]);
    const g = GitRepository.open(repo);
    const nest = (leaf: string[]) => mktree([`040000 tree ${mktree([`040000 tree ${mktree(leaf)}\tB`, `100644 blob ${a}\tx.md`])}\t2026-01`, `100644 blob ${a}\tREADME.md`]);
    const cases: Array<[string[], string | null]> = [
      [[`100644 blob ${a}\tmem_1.md`, `100644 blob ${a}\t-dash.md`, `100644 blob ${a}\tcafé.md`], null],
      [[`100644 blob ${a}\tmem_1.md`, `100644 blob ${a}\t.GIT`], '2026-01/B/.GIT'],
      [[`100644 blob ${a}\tgit~1`], '2026-01/B/git~1'],
      [[`040000 tree ${mktree([`100644 blob ${a}\t.git.. `])}\tsub dir`], '2026-01/B/sub dir/.git.. '],
      [[`100644 blob ${a}\t.g\u200cit`], '2026-01/B/.g\u200cit'],
    ];
    for (const [leaf, path] of cases) {
      const root = nest(leaf);
      const fresh = findBadName(g, null, root);
      // Through an old tree that shares nothing: the walk that parses entries.
      const parsed = findBadName(g, empty, root);
      expect(fresh).toEqual(parsed);
      expect(fresh?.path ?? null).toBe(path);
    }
  });
});

describe('a tree bomb from the remote (one subtree named 16 times at each of 8 levels: 16^8 paths)', () => {
  it('is counted and name-checked in time linear in its distinct trees', () => {
    const repo = makeRepo({ bare: true });
    const mktree = (lines: string[]) => withInput(repo, lines.join('\n') + '\n', 'mktree', '--missing');
    const a = withInput(repo, 'a', 'hash-object', '-w', '--stdin');
    let t = mktree([`100644 blob ${a}\tx.md`]);
    for (let level = 0; level < 8; level++) t = mktree(Array.from({ length: 16 }, (_, i) => `040000 tree ${t}\td${i}`));
    const root = mktree([`040000 tree ${t}\tmemories`]);
    const g = GitRepository.open(repo);
    const reads = { n: 0 };
    const read = g.objects.read.bind(g.objects);
    g.objects.read = ((oid: string, type?: string) => (reads.n++, read(oid, type as never))) as typeof g.objects.read;
    // 16^8 = 4,294,967,296 files by path; without one count per tree id this never returns.
    expect(countMemoryFiles(g, root)).toBe(16 ** 8);
    expect(findBadName(g, null, root)).toBeNull();
    expect(reads.n).toBeLessThan(40);
  });
});
