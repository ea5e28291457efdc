// The git layer's writers that sync used to do by hand (fs on .git, `git update-ref -d`, `git
// config`): deleting refs (one, a folder, stale ones), setting a config value, writing a commit object
// without moving a ref. Each on a real repository, read back with git itself.
import { describe, expect, it } from 'vitest';
import { existsSync, openSync, closeSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { setConfigValue } from '../../src/git/config.js';
import { findRepository } from '../../src/git/location.js';
import { GitRepository } from '../../src/git/repository.js';
import { git, makeRepo } from '../helpers.js';

const open = (dir: string) => new GitRepository(findRepository(dir));
const has = (dir: string, ref: string) => git(dir, 'for-each-ref', '--format=%(refname)', ref) === ref;

describe('RefStore deletes', () => {
  it('delete removes a loose and a packed ref; with a stale expect it leaves the ref', async () => {
    const dir = makeRepo({ commit: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'update-ref', 'refs/git-memory/a', head);
    git(dir, 'update-ref', 'refs/git-memory/b', head);
    git(dir, 'pack-refs', '--all');
    git(dir, 'update-ref', 'refs/git-memory/c', head);
    const repo = open(dir);
    expect(await repo.refs.delete('refs/git-memory/a')).toBe(true);
    expect(await repo.refs.delete('refs/git-memory/c')).toBe(true);
    expect(await repo.refs.delete('refs/git-memory/b', git(dir, 'rev-parse', 'HEAD^{tree}'))).toBe(false);
    expect(has(dir, 'refs/git-memory/a')).toBe(false);
    expect(has(dir, 'refs/git-memory/c')).toBe(false);
    expect(has(dir, 'refs/git-memory/b')).toBe(true);
    expect(repo.refs.deleteSync('refs/git-memory/b')).toBe(true);
    expect(has(dir, 'refs/git-memory/b')).toBe(false);
  });

  it('deleteUnder removes every ref under a prefix, loose and packed, and its folder; nothing else', async () => {
    const dir = makeRepo({ commit: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'update-ref', 'refs/git-memory/fetch/1-a/packed', head);
    git(dir, 'pack-refs', '--all');
    git(dir, 'update-ref', 'refs/git-memory/fetch/1-a/loose/deep', head);
    git(dir, 'update-ref', 'refs/git-memory/fetch/2-b/other', head);
    const repo = open(dir);
    await repo.refs.deleteUnder('refs/git-memory/fetch/1-a/');
    expect(git(dir, 'for-each-ref', '--format=%(refname)', 'refs/git-memory/')).toBe('refs/git-memory/fetch/2-b/other');
    expect(existsSync(join(dir, '.git', 'refs', 'git-memory', 'fetch', '1-a'))).toBe(false);
    expect(git(dir, 'rev-parse', 'refs/heads/main')).toBe(head);
  });

  it('deleteStale removes only the entries older than the age given', async () => {
    const dir = makeRepo({ commit: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'update-ref', 'refs/git-memory/fetch/old/x', head);
    git(dir, 'update-ref', 'refs/git-memory/fetch/new/x', head);
    const old = join(dir, '.git', 'refs', 'git-memory', 'fetch', 'old');
    const past = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, past, past);
    open(dir).refs.deleteStale('refs/git-memory/fetch', 3_600_000);
    expect(git(dir, 'for-each-ref', '--format=%(refname)', 'refs/git-memory/')).toBe('refs/git-memory/fetch/new/x');
    open(dir).refs.deleteStale('refs/git-memory/none', 1); // a missing folder is nothing to do
  });
});

describe('setConfigValue', () => {
  const remoteRepo = () => {
    const dir = makeRepo({ commit: true });
    git(dir, 'remote', 'add', 'origin', 'https://example.invalid/x.git');
    return dir;
  };

  it('adds the key to the one section in process, as git reads it', async () => {
    const dir = remoteRepo();
    const loc = findRepository(dir);
    expect(await setConfigValue({ gitDir: loc.gitDir, root: loc.root }, loc.commonDir, 'remote', 'origin', 'promisor', 'true')).toBe(true);
    expect(git(dir, 'config', '--get', 'remote.origin.promisor')).toBe('true');
    expect(git(dir, 'config', '--get', 'remote.origin.url')).toBe('https://example.invalid/x.git');
    expect(existsSync(join(loc.commonDir, 'config.lock'))).toBe(false);
  });

  it('leaves to git what it does not edit itself: a missing section, a key already there', async () => {
    const dir = remoteRepo();
    const loc = findRepository(dir);
    const target = { gitDir: loc.gitDir, root: loc.root };
    expect(await setConfigValue(target, loc.commonDir, 'remote', 'upstream', 'promisor', 'true')).toBe(true);
    expect(git(dir, 'config', '--get', 'remote.upstream.promisor')).toBe('true');
    git(dir, 'config', 'remote.origin.promisor', 'false');
    expect(await setConfigValue(target, loc.commonDir, 'remote', 'origin', 'promisor', 'true')).toBe(true);
    expect(git(dir, 'config', '--get-all', 'remote.origin.promisor')).toBe('true');
  });

  it("with git's lock held by another: false, and the config as it was", async () => {
    const dir = remoteRepo();
    const loc = findRepository(dir);
    const before = readFileSync(join(loc.commonDir, 'config'), 'utf8');
    const lock = join(loc.commonDir, 'config.lock');
    closeSync(openSync(lock, 'wx'));
    try {
      expect(await setConfigValue({ gitDir: loc.gitDir, root: loc.root }, loc.commonDir, 'remote', 'origin', 'promisor', 'true')).toBe(false);
      expect(readFileSync(join(loc.commonDir, 'config'), 'utf8')).toBe(before);
      expect(existsSync(lock)).toBe(true); // not ours: left alone
    } finally {
      rmSync(lock, { force: true });
    }
  });
});

describe('writeCommit', () => {
  it('writes a commit object with verbatim signature lines and moves no ref', () => {
    const dir = makeRepo({ commit: true });
    const head = git(dir, 'rev-parse', 'HEAD');
    const tree = git(dir, 'rev-parse', 'HEAD^{tree}');
    const repo = open(dir);
    const author = 'A U Thor <a@example.com> 1700000000 +0200';
    const oid = repo.writeCommit({ tree, parents: [head], author, committer: 'C <c@example.com> 1700000001 +0000', message: 'm\n' });
    expect(git(dir, 'cat-file', '-t', oid)).toBe('commit');
    expect(git(dir, 'cat-file', 'commit', oid)).toContain(`author ${author}`);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    git(dir, 'fsck', '--no-progress', '--connectivity-only');
  });
});
