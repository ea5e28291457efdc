import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BranchCheckedOutError,
  CorruptObjectError,
  GitCommandError,
  ObjectMissingError,
  PermissionDeniedError,
  PushRejectedError,
  RefMovedError,
  RemoteUnreachableError,
} from '../../src/errors.js';
import { catFileBatch, runGit, runGitSync, type GitTarget } from '../../src/git/cli.js';
import { diffTrees, type TreeChange } from '../../src/git/diff.js';
import type { CommitRequest, GitRepository } from '../../src/git/repository.js';
import { parseCommit, parseTree, type CommitInfo, type TreeEntry } from '../../src/git/tree.js';

export type { TreeChange } from '../../src/git/diff.js';
export type { CommitRequest } from '../../src/git/repository.js';

/**
 * Test scaffolding, not a seam of src/: nothing in src/ needs a second backend. The narrow set of git operations git-memory needs, with two implementations run by one
 * conformance suite (test/git/conformance.test.ts): `InProcessBackend` (the object reader/writer in
 * src/git, falling back to git for objects it cannot find) and `CliBackend` (every operation a git
 * command). Errors are coded the same way by both: OBJECT_MISSING, CORRUPT_OBJECT, CONFLICT (the ref
 * moved), INVALID_INPUT (a checked-out branch), PUSH_REJECTED, REMOTE_UNREACHABLE, PERMISSION_DENIED,
 * GIT_FAILED.
 */
export interface GitBackend {
  readonly kind: 'in-process' | 'git-cli';
  /** The commit a ref points to (`refs/heads/x`), or null when it does not exist. */
  resolve(ref: string): Promise<string | null>;
  readCommit(oid: string): Promise<CommitInfo>;
  readTree(oid: string): Promise<TreeEntry[]>;
  readBlob(oid: string): Promise<Buffer>;
  /** Non-tree entries that differ between two trees (null: empty), below `prefix` if given; sorted by path. */
  diff(a: string | null, b: string | null, prefix?: string): Promise<TreeChange[]>;
  /** Commits `changes` on top of `expect` and moves `ref` there only if it still points at `expect`. */
  commit(req: CommitRequest): Promise<string>;
  fetch(remote: string, refspecs: string[]): Promise<void>;
  push(remote: string, refspecs: string[]): Promise<void>;
}

const byPath = (a: TreeChange, b: TreeChange) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Remote operations, shared by both backends: git's transports, credentials and protocols are not redone. */
async function fetchWithGit(target: GitTarget, remote: string, refspecs: string[]): Promise<void> {
  const r = await runGit(target, ['fetch', '--no-tags', '--no-write-fetch-head', '--end-of-options', remote, ...refspecs], { allowFailure: true });
  if (r.status !== 0) throw remoteError(['fetch'], r.status, r.stderr, '');
}

async function pushWithGit(target: GitTarget, remote: string, refspecs: string[]): Promise<void> {
  const r = await runGit(target, ['push', '--porcelain', '--no-verify', '--end-of-options', remote, ...refspecs], { allowFailure: true });
  if (r.status !== 0) throw remoteError(['push'], r.status, r.stderr, r.stdout.toString('utf8'));
}

/** Classifies a failed fetch or push; the remote's own words (`remote: …`) are kept in the message. */
export function remoteError(args: string[], status: number, stderr: string, stdout: string): Error {
  const remoteSaid = stderr
    .split('\n')
    .filter((l) => l.startsWith('remote:'))
    .map((l) => l.slice(7).trim())
    .filter(Boolean)
    .join(' | ')
    .slice(0, 500);
  const data = { status, ...(remoteSaid ? { remote: remoteSaid } : {}) };
  if (/^!\t/m.test(stdout) || /\[rejected\]|\[remote rejected\]|non-fast-forward/.test(stderr)) {
    return new PushRejectedError(`the remote rejected the push${remoteSaid ? `: ${remoteSaid}` : ''} (fetch, then push again)`, data);
  }
  if (/Permission denied|Authentication failed|could not read Username|403|401/i.test(stderr)) {
    return new PermissionDeniedError(`the remote refused access${remoteSaid ? `: ${remoteSaid}` : ''}: check the credentials git uses for it`, data);
  }
  if (/does not appear to be a git repository|Could not read from remote|unable to access|Could not resolve host|Connection refused|not found/i.test(stderr)) {
    return new RemoteUnreachableError(`the remote could not be reached: ${stderr.trim().split('\n')[0]?.slice(0, 300) ?? ''}`, data);
  }
  return new GitCommandError(args, status, stderr);
}

/** The in-process implementation: git's object database and refs read and written directly. */
export class InProcessBackend implements GitBackend {
  readonly kind = 'in-process' as const;
  constructor(readonly repo: GitRepository) {}
  async resolve(ref: string) {
    return this.repo.resolve(ref);
  }
  async readCommit(oid: string) {
    return this.repo.readCommit(oid);
  }
  async readTree(oid: string) {
    return this.repo.readTree(oid);
  }
  async readBlob(oid: string) {
    return this.repo.readBlob(oid);
  }
  async diff(a: string | null, b: string | null, prefix = '') {
    return diffTrees((oid) => this.repo.readTree(oid), a, b, prefix).sort(byPath);
  }
  async commit(req: CommitRequest) {
    return this.repo.commit(req);
  }
  fetch(remote: string, refspecs: string[]) {
    return fetchWithGit(this.repo.target, remote, refspecs);
  }
  push(remote: string, refspecs: string[]) {
    return pushWithGit(this.repo.target, remote, refspecs);
  }
}

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const ZERO = '0'.repeat(40);

/**
 * Every operation a git command: the reference the in-process backend is checked against, and a
 * way to run where the object reader cannot (a repository format it does not know).
 */
export class CliBackend implements GitBackend {
  readonly kind = 'git-cli' as const;
  constructor(readonly target: GitTarget) {}

  private object(oid: string, type: 'commit' | 'tree' | 'blob'): Buffer {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, 'not a sha1 object id');
    const { objects, stderr } = catFileBatch(this.target, [oid]);
    const got = objects.get(oid);
    if (!got || got === 'missing') {
      const why = stderr.trim().split('\n').find((l) => /^(fatal|error):/.test(l));
      throw new ObjectMissingError(oid, why ? `git: ${why}` : '');
    }
    if (got.type !== type) throw new CorruptObjectError(oid, `expected a ${type}, found a ${got.type}`);
    return got.data;
  }

  async resolve(ref: string) {
    const r = runGitSync(this.target, ['rev-parse', '-q', '--verify', '--end-of-options', `${ref}^{commit}`], { allowFailure: true });
    return r.status === 0 ? r.stdout.toString('latin1').trim() : null;
  }
  async readCommit(oid: string) {
    return parseCommit(oid, this.object(oid, 'commit'));
  }
  async readTree(oid: string) {
    return parseTree(this.object(oid, 'tree'), oid);
  }
  async readBlob(oid: string) {
    return this.object(oid, 'blob');
  }

  async diff(a: string | null, b: string | null, prefix = '') {
    const spec = prefix.replace(/\/+$/, '');
    const r = await runGit(this.target, ['diff-tree', '-r', '-z', '--no-renames', '--no-commit-id', a ?? EMPTY_TREE, b ?? EMPTY_TREE, ...(spec ? ['--', `${spec}/`] : [])]);
    const parts = r.stdout.toString('utf8').split('\0');
    const out: TreeChange[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const m = /^:(\d{6}) (\d{6}) ([0-9a-f]{40}) ([0-9a-f]{40}) \w+$/.exec(parts[i]);
      if (!m) continue;
      const mode = (s: string) => (s === '000000' ? null : s);
      out.push({ path: parts[i + 1], oldMode: mode(m[1]), newMode: mode(m[2]), oldOid: m[3] === ZERO ? null : m[3], newOid: m[4] === ZERO ? null : m[4] });
    }
    return out.sort(byPath);
  }

  async commit(req: CommitRequest) {
    if (req.ref.startsWith('refs/heads/')) {
      // git update-ref would move a checked-out branch; refuse as the in-process backend does.
      const list = (await runGit(this.target, ['worktree', 'list', '--porcelain'])).stdout.toString('utf8');
      let wt = '';
      for (const line of list.split('\n')) {
        if (line.startsWith('worktree ')) wt = line.slice(9);
        else if (line === `branch ${req.ref}`) throw new BranchCheckedOutError(req.ref.slice('refs/heads/'.length), wt);
      }
    }
    const index = mkdtempSync(join(tmpdir(), 'git-memory-index-'));
    try {
      const env = { GIT_INDEX_FILE: join(index, 'index') };
      const base = req.expect ? (await this.readCommit(req.expect)).tree : null;
      if (base) await runGit(this.target, ['read-tree', base], { env });
      else await runGit(this.target, ['read-tree', '--empty'], { env });
      const info: string[] = [];
      for (const [path, content] of req.changes) {
        if (content === null) info.push(`0 ${ZERO}\t${path}`);
        else {
          const oid = (await runGit(this.target, ['hash-object', '-w', '--stdin'], { input: content })).stdout.toString('latin1').trim();
          info.push(`100644 ${oid}\t${path}`);
        }
      }
      if (info.length) await runGit(this.target, ['update-index', '--index-info'], { env, input: info.join('\n') + '\n' });
      const tree = (await runGit(this.target, ['write-tree'], { env })).stdout.toString('latin1').trim();
      const when = `${Math.floor((req.when ?? new Date()).getTime() / 1000)} +0000`;
      const clean = (s: string) => s.replace(/[<>\n]/g, '').trim();
      const who = {
        GIT_AUTHOR_NAME: clean(req.author.name) || 'git-memory',
        GIT_AUTHOR_EMAIL: clean(req.author.email),
        GIT_COMMITTER_NAME: clean(req.author.name) || 'git-memory',
        GIT_COMMITTER_EMAIL: clean(req.author.email),
        GIT_AUTHOR_DATE: when,
        GIT_COMMITTER_DATE: when,
      };
      const parents = [...(req.expect ? [req.expect] : []), ...(req.extraParents ?? [])].flatMap((p) => ['-p', p]);
      const msg = req.message.endsWith('\n') ? req.message : req.message + '\n';
      const commit = (await runGit(this.target, ['commit-tree', tree, ...parents, '-F', '-'], { env: who, input: msg })).stdout.toString('latin1').trim();
      const up = await runGit(this.target, ['update-ref', '-m', msg.split('\n')[0], req.ref, commit, req.expect ?? ZERO], { allowFailure: true });
      if (up.status !== 0) {
        if (/cannot lock ref|but expected|already exists|reference already exists/.test(up.stderr)) {
          throw new RefMovedError(req.ref, req.expect, await this.resolve(req.ref));
        }
        throw new GitCommandError(['update-ref'], up.status, up.stderr);
      }
      return commit;
    } finally {
      rmSync(index, { recursive: true, force: true });
    }
  }

  fetch(remote: string, refspecs: string[]) {
    return fetchWithGit(this.target, remote, refspecs);
  }
  push(remote: string, refspecs: string[]) {
    return pushWithGit(this.target, remote, refspecs);
  }
}
