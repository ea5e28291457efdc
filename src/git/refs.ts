import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LockedError, RefMovedError } from '../core/errors.js';
import type { Identity } from './tree.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lock older than this was left by a killed process: a ref update holds its lock for microseconds. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/**
 * Refs in git's "files" backend, updated with git's own lockfile protocol: `<ref>.lock` created
 * exclusively, the old value checked under the lock, the new one renamed into place. This is what
 * `git update-ref REF NEW OLD` does, so git and git-memory can move the same ref safely at once.
 */
export class RefStore {
  constructor(private readonly commonDir: string) {}

  private packed(ref: string): string | null {
    let text: string;
    try {
      text = readFileSync(join(this.commonDir, 'packed-refs'), 'utf8');
    } catch {
      return null;
    }
    for (const line of text.split('\n')) {
      if (line.length > 41 && line[40] === ' ' && line.slice(41) === ref) return line.slice(0, 40);
    }
    return null;
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

  async compareAndSwap(ref: string, expect: string | null, next: string, log: { who: Identity; message: string }): Promise<void> {
    const file = join(this.commonDir, ref);
    const lock = file + '.lock';
    mkdirSync(dirname(file), { recursive: true });
    const fd = await acquire(lock);
    let renamed = false;
    try {
      const actual = this.read(ref);
      if (actual !== expect) throw new RefMovedError(ref, expect, actual);
      writeSync(fd, next + '\n');
      closeSync(fd);
      renameSync(lock, file);
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
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
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
