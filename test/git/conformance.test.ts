import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliBackend, InProcessBackend, type GitBackend } from './backends.js';
import { GitRepository } from '../../src/git/repository.js';
import { errorCode, git, gitEnv, makeRepo, tempDir } from '../helpers.js';

/**
 * One suite, every GitBackend (as unstorage runs one suite over its drivers): each test builds real
 * repositories and checks the backend against git itself.
 */
const BACKENDS: Array<[string, (dir: string) => GitBackend]> = [
  ['in-process', (dir) => new InProcessBackend(GitRepository.open(dir))],
  ['git-cli', (dir) => new CliBackend({ gitDir: GitRepository.open(dir).location.gitDir, root: dir })],
];

const who = { name: 'Conformance', email: 'c@example.com' };
const when = new Date('2026-01-02T03:04:05Z');

function catFile(repo: string, oid: string): Buffer {
  return execFileSync('git', ['cat-file', '-p', oid], { cwd: repo, env: gitEnv });
}

/**
 * A repository with files, a symlink, nested folders and a few commits: built once a file (a dozen git
 * processes) and copied per test (cp -r keeps the symlink a symlink), so each test owns its copy. The
 * fast project keeps this module between files while each file's temp folders go: existence check.
 */
let template: { repo: string; c1: string; c2: string } | undefined;
function fixture(): { repo: string; c1: string; c2: string } {
  if (!template || !existsSync(template.repo)) template = build();
  const repo = tempDir('gm-repo-');
  cpSync(template.repo, repo, { recursive: true, verbatimSymlinks: true });
  return { ...template, repo };
}

function build(): { repo: string; c1: string; c2: string } {
  const repo = makeRepo({ commit: true });
  mkdirSync(join(repo, 'memories', 'a'), { recursive: true });
  writeFileSync(join(repo, 'memories', 'a', 'one.md'), 'one\n');
  writeFileSync(join(repo, 'memories', 'two.md'), 'two\n');
  writeFileSync(join(repo, 'other.txt'), 'other\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'c1');
  const c1 = git(repo, 'rev-parse', 'HEAD');
  writeFileSync(join(repo, 'memories', 'a', 'one.md'), 'one, changed\n');
  git(repo, 'rm', '-q', 'memories/two.md');
  writeFileSync(join(repo, 'memories', 'three.md'), 'three\n');
  symlinkSync('three.md', join(repo, 'memories', 'link.md'));
  mkdirSync(join(repo, 'memories', 'b', 'c'), { recursive: true });
  writeFileSync(join(repo, 'memories', 'b', 'c', 'deep.md'), 'deep\n');
  writeFileSync(join(repo, 'other.txt'), 'other, changed\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'c2');
  return { repo, c1, c2: git(repo, 'rev-parse', 'HEAD') };
}

describe.each(BACKENDS)('GitBackend conformance: %s', (_name, open) => {
  it('resolves loose and packed refs, and null for a missing one', async () => {
    const { repo, c2 } = fixture();
    const b = open(repo);
    expect(await b.resolve('refs/heads/main')).toBe(c2);
    expect(await b.resolve('refs/heads/nope')).toBeNull();
    git(repo, 'branch', 'packed', c2);
    git(repo, 'pack-refs', '--all');
    expect(await b.resolve('refs/heads/packed')).toBe(c2);
  });

  it('reads commits, trees and blobs exactly as git does; coded errors for missing and mistyped ids', async () => {
    const { repo, c2 } = fixture();
    const b = open(repo);
    const commit = await b.readCommit(c2);
    expect(commit.tree).toBe(git(repo, 'rev-parse', `${c2}^{tree}`));
    expect(commit.parents).toEqual([git(repo, 'rev-parse', `${c2}^`)]);
    const tree = await b.readTree(commit.tree);
    expect(tree.map((e) => `${e.mode.padStart(6, '0')} ${e.oid} ${e.name}`).join('\n')).toBe(
      git(repo, 'ls-tree', commit.tree)
        .split('\n')
        .map((l) => l.replace(/ (blob|tree|commit) /, ' ').replace('\t', ' '))
        .join('\n'),
    );
    const blob = git(repo, 'rev-parse', `${c2}:memories/three.md`);
    expect(Buffer.compare(await b.readBlob(blob), catFile(repo, blob))).toBe(0);
    expect(await errorCode(b.readBlob('1'.repeat(40)))).toBe('OBJECT_MISSING');
    expect(await errorCode(b.readBlob(commit.tree))).toBe('CORRUPT_OBJECT');
    expect(await errorCode(b.readTree(blob))).toBe('CORRUPT_OBJECT');
  });

  it('diffs trees like `git diff-tree -r`: files, symlinks, deletions, nested folders, a prefix', async () => {
    const { repo, c1, c2 } = fixture();
    const b = open(repo);
    const t1 = (await b.readCommit(c1)).tree;
    const t2 = (await b.readCommit(c2)).tree;
    const expected = git(repo, 'diff-tree', '-r', '--no-renames', t1, t2)
      .split('\n')
      .map((l) => {
        const [meta, path] = l.split('\t');
        const [om, nm, oo, no] = meta.slice(1).split(' ');
        const z = (s: string, zero: string) => (s === zero ? null : s);
        return { path, oldMode: z(om, '000000'), newMode: z(nm, '000000'), oldOid: z(oo, '0'.repeat(40)), newOid: z(no, '0'.repeat(40)) };
      });
    expect(await b.diff(t1, t2)).toEqual(expected);
    expect((await b.diff(t1, t2, 'memories')).map((c) => c.path)).toEqual(expected.map((c) => c.path).filter((p) => p.startsWith('memories/')));
    expect((await b.diff(t1, t2, 'memories/b')).map((c) => c.path)).toEqual(['memories/b/c/deep.md']);
    expect((await b.diff(null, t1)).map((c) => c.path)).toEqual(['README.md', 'memories/a/one.md', 'memories/two.md', 'other.txt']);
    expect(await b.diff(t2, t2)).toEqual([]);
    const link = (await b.diff(t1, t2)).find((c) => c.path === 'memories/link.md');
    expect(link?.newMode).toBe('120000');
  });

  it('commits with an expected old value: creates, advances, refuses a stale expectation', async () => {
    const repo = makeRepo({ commit: true });
    const b = open(repo);
    const ref = 'refs/heads/memory';
    const first = await b.commit({ ref, expect: null, changes: new Map([['memories/x/a.md', Buffer.from('a\n')]]), message: 'first', author: who, when });
    expect(git(repo, 'rev-parse', ref)).toBe(first);
    expect(git(repo, 'show', `${ref}:memories/x/a.md`)).toBe('a');
    const second = await b.commit({
      ref,
      expect: first,
      changes: new Map<string, Buffer | null>([
        ['memories/x/a.md', null],
        ['memories/y/b.md', Buffer.from('b\n')],
      ]),
      message: 'second',
      author: who,
      when,
    });
    expect(git(repo, 'ls-tree', '-r', '--name-only', ref)).toBe('memories/y/b.md');
    expect(git(repo, 'rev-parse', `${second}^`)).toBe(first);
    expect(git(repo, 'fsck', '--strict', '--no-dangling')).toBe('');
    // A writer that computed its change on `first` loses: CONFLICT, and the ref stays where it is.
    expect(await errorCode(b.commit({ ref, expect: first, changes: new Map([['z.md', Buffer.from('z')]]), message: 'stale', author: who, when }))).toBe('CONFLICT');
    expect(await errorCode(b.commit({ ref, expect: null, changes: new Map([['z.md', Buffer.from('z')]]), message: 'stale', author: who, when }))).toBe('CONFLICT');
    expect(git(repo, 'rev-parse', ref)).toBe(second);
  });

  it('refuses to commit to a branch checked out in a worktree', async () => {
    const repo = makeRepo({ commit: true });
    const head = git(repo, 'rev-parse', 'main');
    const b = open(repo);
    expect(await errorCode(b.commit({ ref: 'refs/heads/main', expect: head, changes: new Map([['x.md', Buffer.from('x')]]), message: 'no', author: who, when }))).toBe('INVALID_INPUT');
    expect(git(repo, 'rev-parse', 'main')).toBe(head);
  });

  it('pushes to and fetches from a bare remote; a non-fast-forward push is PUSH_REJECTED; a missing remote is REMOTE_UNREACHABLE', async () => {
    const repo = makeRepo({ commit: true });
    const bare = join(tempDir(), 'remote.git');
    git(repo, 'init', '-q', '--bare', bare);
    const b = open(repo);
    const c = await b.commit({ ref: 'refs/heads/memory', expect: null, changes: new Map([['a.md', Buffer.from('a')]]), message: 'a', author: who, when });
    await b.push(bare, ['refs/heads/memory:refs/heads/memory']);
    expect(git(bare, 'rev-parse', 'refs/heads/memory')).toBe(c);
    // Someone else moves the remote on; our fetch sees it.
    const other = join(tempDir(), 'other');
    git(tempDir(), 'clone', '-q', bare, other);
    git(other, 'fetch', '-q', 'origin', 'memory:memory');
    const o = await open(other).commit({ ref: 'refs/heads/memory', expect: c, changes: new Map([['b.md', Buffer.from('b')]]), message: 'b', author: who, when });
    await open(other).push('origin', ['refs/heads/memory:refs/heads/memory']);
    await b.fetch(bare, ['+refs/heads/memory:refs/remotes/origin/memory']);
    expect(await b.resolve('refs/remotes/origin/memory')).toBe(o);
    // A diverged local commit cannot be pushed without a merge.
    await b.commit({ ref: 'refs/heads/memory', expect: c, changes: new Map([['c.md', Buffer.from('c')]]), message: 'c', author: who, when });
    expect(await errorCode(b.push(bare, ['refs/heads/memory:refs/heads/memory']))).toBe('PUSH_REJECTED');
    renameSync(bare, bare + '.gone');
    expect(await errorCode(b.fetch(bare, ['refs/heads/memory']))).toBe('REMOTE_UNREACHABLE');
  });

  it("reads a partial clone's promised blobs (git fetches them)", async () => {
    const src = makeRepo({ commit: true });
    const bare = join(tempDir(), 'remote.git');
    git(src, 'clone', '-q', '--bare', src, bare);
    git(bare, 'config', 'uploadpack.allowFilter', 'true');
    const dir = join(tempDir(), 'partial');
    git(tempDir(), 'clone', '-q', '--filter=blob:none', '--no-checkout', `file://${bare}`, dir);
    const blob = git(dir, 'rev-parse', 'HEAD:README.md');
    expect(git(dir, 'rev-list', '--objects', '--missing=print', 'HEAD')).toContain(`?${blob}`);
    expect((await open(dir).readBlob(blob)).toString()).toBe('# test repo\n');
  });
});

describe('GitBackend implementations agree', () => {
  it('the same commit request gives the same commit id in both', async () => {
    const ids: string[] = [];
    for (const [, open] of BACKENDS) {
      const repo = makeRepo({ commit: true });
      const b = open(repo);
      const c1 = await b.commit({ ref: 'refs/heads/memory', expect: null, changes: new Map([['memories/2026-01/a/x.md', Buffer.from('x\n')], ['README.md', Buffer.from('r\n')]]), message: 'one\n\nbody', author: who, when });
      const c2 = await b.commit({ ref: 'refs/heads/memory', expect: c1, changes: new Map<string, Buffer | null>([['memories/2026-01/a/x.md', null], ['memories/2026-01/b/y.md', Buffer.from('y\n')]]), message: 'two', author: who, when });
      ids.push(c2);
    }
    expect(ids[0]).toMatch(/^[0-9a-f]{40}$/);
    expect(ids[1]).toBe(ids[0]);
  });
});
