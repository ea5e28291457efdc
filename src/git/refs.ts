import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { BranchCheckedOutError, InvalidInputError, LockedError, RefMovedError } from '../errors.js';
import { writeError } from './atomic-file.js';
import { runGit, runGitSync, type GitTarget } from './cli.js';
import { readConfigFile } from './location.js';
import type { Identity } from './tree.js';

/**
 * Validates a branch name the way `git check-ref-format --branch` does, plus two refusals of our own:
 * `HEAD` (git refuses it as a branch name too) and names spelled as full refs (`refs/heads/x` would
 * become `refs/heads/refs/heads/x`). Nested names such as `memory/team-a` are valid. Returns the name.
 */
export function validateBranchName(name: string): string {
  const bad = (why: string) => new InvalidInputError(`invalid branch name ${JSON.stringify(name.length > 200 ? name.slice(0, 200) + '…' : name)}: ${why}`, { field: 'branch', reason: why });
  if (typeof name !== 'string' || name === '') throw bad('it is empty');
  if (name.length > 255) throw bad('it is longer than 255 characters');
  if (name === 'HEAD') throw bad('HEAD is not a branch name');
  if (name.startsWith('-')) throw bad('it starts with "-"');
  if (name.startsWith('refs/')) throw bad(`give the short name (${JSON.stringify(name.replace(/^refs\/(heads\/)?/, ''))}), not a full ref`);
  if (name === '@') throw bad('"@" is not a branch name');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) throw bad('it contains a space, a control character or one of ~ ^ : ? * [ \\');
  if (name.includes('..')) throw bad('it contains ".."');
  if (name.includes('@{')) throw bad('it contains "@{"');
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) throw bad('it starts or ends with "/", or contains "//"');
  if (name.endsWith('.')) throw bad('it ends with "."');
  for (const part of name.split('/')) {
    if (part.startsWith('.')) throw bad('a path component starts with "."');
    if (part.endsWith('.lock')) throw bad('a path component ends with ".lock"');
  }
  return name;
}

/**
 * The worktree that has `ref` checked out (HEAD, or the branch being rebased or bisected), or null.
 * The main worktree of a bare repository has nothing checked out.
 */
export function checkedOutIn(commonDir: string, ref: string): string | null {
  const holds = (gitDir: string): boolean => {
    const read = (f: string) => {
      try {
        return readFileSync(join(gitDir, f), 'utf8').trim();
      } catch {
        return '';
      }
    };
    if (read('HEAD') === `ref: ${ref}`) return true;
    const short = ref.replace(/^refs\/heads\//, '');
    for (const f of ['rebase-merge/head-name', 'rebase-apply/head-name']) if (read(f) === ref) return true;
    const bisect = read('BISECT_START');
    return bisect !== '' && (bisect === short || bisect === ref);
  };
  const bareSetting = readConfigFile(join(commonDir, 'config')).get('core.bare')?.toLowerCase();
  const bare = bareSetting !== undefined ? ['true', 'yes', 'on', '1'].includes(bareSetting) : basename(commonDir) !== '.git';
  if (!bare && holds(commonDir)) return basename(commonDir) === '.git' ? dirname(resolve(commonDir)) : resolve(commonDir);
  let names: string[] = [];
  try {
    names = readdirSync(join(commonDir, 'worktrees'));
  } catch {
    /* no linked worktrees */
  }
  for (const n of names) {
    const wt = join(commonDir, 'worktrees', n);
    if (holds(wt)) {
      try {
        return dirname(readFileSync(join(wt, 'gitdir'), 'utf8').trim());
      } catch {
        return wt;
      }
    }
  }
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lock older than this was left by a killed process: a ref update holds its lock for microseconds. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/**
 * The packed-refs file of `commonDir`, name → oid (empty when there is none); peeled lines (`^…`)
 * and the header are skipped. The one parser of it (RefStore reads, sync's pending-ref listing).
 */
export function packedRefs(commonDir: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(join(commonDir, 'packed-refs'), 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    if (line.length > 41 && line[40] === ' ') out.set(line.slice(41), line.slice(0, 40));
  }
  return out;
}

/** Refs under `prefix` in a repository's files backend (loose and packed), name → oid. */
export function listRefs(commonDir: string, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, oid] of packedRefs(commonDir)) if (name.startsWith(prefix)) out.set(name, oid);
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(join(commonDir, rel));
    } catch {
      return;
    }
    for (const n of names) {
      const r = `${rel}/${n}`;
      let st;
      try {
        st = statSync(join(commonDir, r));
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(r);
      else if (!n.endsWith('.lock')) {
        try {
          const v = readFileSync(join(commonDir, r), 'utf8').trim();
          if (/^[0-9a-f]{40}$/.test(v)) out.set(r, v);
        } catch {
          /* gone */
        }
      }
    }
  };
  walk(prefix.replace(/\/$/, ''));
  return out;
}

/**
 * Refs in git's "files" backend, updated with git's own lockfile protocol: `<ref>.lock` created
 * exclusively, the old value checked under the lock, the new one renamed into place. This is what
 * `git update-ref REF NEW OLD` does, so git and git-memory can move the same ref safely at once.
 */
export class RefStore {
  /** `target`: the repository git runs in, for what only git does (deleting a packed ref). */
  constructor(
    private readonly commonDir: string,
    private readonly target: GitTarget = { gitDir: commonDir, root: commonDir },
  ) {}

  /**
   * Deletes `ref`, loose and packed, through git's `update-ref -d` (which takes the ref's lock), only
   * while it still points at `expect` when that is given. False when git refused (moved meanwhile,
   * a lock held): the ref is then as it was.
   */
  async delete(ref: string, expect?: string): Promise<boolean> {
    return (await runGit(this.target, ['update-ref', '-d', ref, ...(expect ? [expect] : [])], { allowFailure: true })).status === 0;
  }

  /** {@link delete} for callers that cannot wait (a fallback inside a synchronous read). */
  deleteSync(ref: string): boolean {
    return runGitSync(this.target, ['update-ref', '-d', ref], { allowFailure: true }).status === 0;
  }

  /**
   * Deletes every ref under `prefix` (a folder of scratch refs, 'refs/git-memory/fetch/<run>/'):
   * loose ones directly, packed ones (rare) through git, then the folder and the empty folders
   * above it up to refs/.
   */
  async deleteUnder(prefix: string): Promise<void> {
    const refs = listRefs(this.commonDir, prefix);
    const packed = packedRefs(this.commonDir);
    for (const ref of refs.keys()) {
      try {
        unlinkSync(join(this.commonDir, ref));
        pruneEmptyDirs(join(this.commonDir, ref, '..'), join(this.commonDir, prefix));
      } catch {
        /* not loose */
      }
      if (packed.has(ref)) await this.delete(ref);
    }
    try {
      rmSync(join(this.commonDir, prefix), { recursive: true, force: true });
    } catch {
      /* gone */
    }
  }

  /** Deletes the folders and refs directly under `folder` last changed more than `maxAgeMs` ago (left by a killed run). */
  deleteStale(folder: string, maxAgeMs: number): void {
    const dir = join(this.commonDir, folder);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      try {
        if (Date.now() - statSync(join(dir, n)).mtimeMs > maxAgeMs) rmSync(join(dir, n), { recursive: true, force: true });
      } catch {
        /* gone already */
      }
    }
  }

  private packed(ref: string): string | null {
    return packedRefs(this.commonDir).get(ref) ?? null;
  }

  read(ref: string): string | null {
    try {
      const v = readFileSync(join(this.commonDir, ref), 'utf8').trim();
      if (v.startsWith('ref: ')) return this.read(v.slice(5).trim());
      if (/^[0-9a-f]{40}$/.test(v)) return v;
    } catch {
      /* not loose */
    }
    return this.packed(ref);
  }

  /** Every ref name in packed-refs. */
  private packedNames(): string[] {
    return [...packedRefs(this.commonDir).keys()];
  }

  /**
   * git refuses `refs/heads/a/b` beside `refs/heads/a` (and the reverse): a ref is a file, so one name
   * cannot be both a file and a folder. Returns the existing ref in the way, or null.
   */
  private nameConflict(ref: string): string | null {
    const parts = ref.split('/');
    for (let i = 3; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      try {
        if (statSync(join(this.commonDir, prefix)).isFile()) return prefix;
      } catch {
        /* not there */
      }
    }
    try {
      if (statSync(join(this.commonDir, ref)).isDirectory()) return `${ref}/…`;
    } catch {
      /* not there */
    }
    for (const name of this.packedNames()) {
      if (ref.startsWith(name + '/')) return name;
      if (name.startsWith(ref + '/')) return name;
    }
    return null;
  }

  async compareAndSwap(ref: string, expect: string | null, next: string, log: { who: Identity; message: string }): Promise<void> {
    if (ref.startsWith('refs/heads/')) {
      // Moving a checked-out branch would change what that worktree's HEAD means (its index would show
      // the memory commit's tree as staged changes): refused, whoever asks.
      const wt = checkedOutIn(this.commonDir, ref);
      if (wt) throw new BranchCheckedOutError(ref.slice('refs/heads/'.length), wt);
    }
    if (expect === null) {
      const other = this.nameConflict(ref);
      if (other) {
        throw new InvalidInputError(`cannot create ${ref}: ${other} exists, and git cannot hold both a ref and a folder of that name; choose another branch name`, {
          field: 'branch',
          ref,
          conflict: other,
        });
      }
    }
    const file = join(this.commonDir, ref);
    const lock = file + '.lock';
    try {
      mkdirSync(dirname(file), { recursive: true });
    } catch (err) {
      throw writeError(err, dirname(file));
    }
    const fd = await acquire(lock);
    let renamed = false;
    try {
      const actual = this.read(ref);
      if (actual !== expect) throw new RefMovedError(ref, expect, actual);
      try {
        writeSync(fd, next + '\n');
        closeSync(fd);
        renameSync(lock, file);
      } catch (err) {
        throw writeError(err, file);
      }
      renamed = true;
    } finally {
      if (!renamed) {
        try {
          closeSync(fd);
        } catch {
          /* closed already */
        }
        try {
          unlinkSync(lock);
        } catch {
          /* gone */
        }
      }
    }
    this.appendReflog(ref, expect, next, log);
  }

  private appendReflog(ref: string, prev: string | null, next: string, log: { who: Identity; message: string }): void {
    // Git keeps reflogs for branches in non-bare repositories; they make a lost update recoverable.
    const logsDir = join(this.commonDir, 'logs');
    if (!existsSync(logsDir)) return;
    try {
      const f = join(logsDir, ref);
      mkdirSync(dirname(f), { recursive: true });
      const who = `${log.who.name.replace(/[<>\n]/g, '')} <${log.who.email.replace(/[<>\n]/g, '')}>`;
      const line = `${prev ?? '0'.repeat(40)} ${next} ${who} ${Math.floor(Date.now() / 1000)} +0000\t${log.message.split('\n')[0]}\n`;
      appendFileSync(f, line);
    } catch {
      /* the reflog is a convenience; the ref itself has moved */
    }
  }
}

async function acquire(lock: string): Promise<number> {
  const start = Date.now();
  let delay = 1;
  for (;;) {
    try {
      return openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError(err, dirname(lock));
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        unlinkSync(lock);
        continue;
      }
    } catch {
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS) throw new LockedError(lock);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

/** Removes empty folders from `dir` up to (not including) `stop`: what deleting a loose ref leaves. */
export function pruneEmptyDirs(dir: string, stop: string): void {
  let d = dir;
  while (d.length > stop.length && d.startsWith(stop)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    d = dirname(d);
  }
}
