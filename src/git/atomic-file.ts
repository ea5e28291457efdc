import { accessSync, closeSync, constants as fsConstants, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DiskFullError, ReadOnlyRepositoryError } from '../errors.js';

/**
 * The one way git-memory writes a file that others may read at any moment (loose objects, packs and
 * their indexes, and every derived cache under `<git dir>/git-memory/`): a temp file in the same
 * folder, renamed over the target. A reader sees the old file or the new one, never half of one, and
 * concurrent writers each leave a whole file (the last rename wins). The temp file is removed when
 * anything fails, and a full disk or a read-only repository becomes DISK_FULL / READ_ONLY_REPOSITORY.
 */

/**
 * Maps a failed write to the repository to a coded error with a fix: a full disk and a read-only
 * repository are the user's to fix, not internal errors. Other errors pass through.
 */
export function writeError(err: unknown, path: string): unknown {
  let code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') {
    // A recursive mkdir on a read-only file system reports ENOENT: ask the nearest folder that exists.
    for (let p = path, i = 0; i < 64; p = dirname(p), i++) {
      try {
        accessSync(p, fsConstants.W_OK);
        break;
      } catch (probe) {
        const c = (probe as NodeJS.ErrnoException).code;
        if (c !== 'ENOENT') {
          code = c ?? code;
          break;
        }
      }
      if (dirname(p) === p) break;
    }
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') return new DiskFullError(path);
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return new ReadOnlyRepositoryError(path, code);
  return err;
}

export interface AtomicOptions {
  /** Mode of the new file (default 0o666 less the umask); git's objects and packs are 0o444. */
  mode?: number;
  /** fsync before the rename: for files git itself will trust (packs), not for caches. */
  fsync?: boolean;
  /** Name of the temp file in the target's folder (default `<name>.<pid>.<random>.tmp`). */
  tmpName?: string;
  /** The path DISK_FULL / READ_ONLY_REPOSITORY name (default: the target's folder). */
  errorPath?: string;
}

/** What to write: bytes, text, or a function that writes in pieces (a large file is never one buffer). */
export type AtomicContents = string | Uint8Array | ((write: (chunk: Uint8Array) => void) => void);

function tmpNameFor(file: string): string {
  return `${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

/**
 * A temp file being written, renamed into place by {@link AtomicFile.commit}. For a file whose final
 * name is known only once it is written (a pack is named by its checksum); everything else uses
 * {@link writeFileAtomic}.
 */
export class AtomicFile {
  readonly tmp: string;
  private fd: number | null;
  /** Bytes written so far. */
  bytes = 0;

  constructor(
    dir: string,
    tmpName: string,
    private readonly opts: AtomicOptions = {},
  ) {
    mkdirSync(dir, { recursive: true });
    this.tmp = join(dir, tmpName);
    this.fd = openSync(this.tmp, 'w', opts.mode ?? 0o666);
  }

  write(chunk: Uint8Array | string): void {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (this.fd === null) throw new Error(`${this.tmp} is already closed`);
    let w = 0;
    while (w < b.length) w += writeSync(this.fd, b, w);
    this.bytes += b.length;
  }

  /** Closes the temp file (after an fsync if asked) and renames it to `file`. */
  commit(file: string): void {
    const fd = this.fd;
    if (fd === null) throw new Error(`${this.tmp} is already closed`);
    this.fd = null;
    try {
      if (this.opts.fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(this.tmp, file);
  }

  /** Closes and removes the temp file; never throws. */
  abort(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        /* already closed */
      }
      this.fd = null;
    }
    rmSync(this.tmp, { force: true });
  }
}

/**
 * Writes `contents` to `file` atomically (temp file in the same folder, then rename; the folder is
 * created if needed). Returns the bytes written. On failure the temp file is gone and the error is
 * DISK_FULL, READ_ONLY_REPOSITORY, or the file system's own.
 */
export function writeFileAtomic(file: string, contents: AtomicContents, opts: AtomicOptions = {}): number {
  const dir = dirname(file);
  let f: AtomicFile | null = null;
  try {
    f = new AtomicFile(dir, opts.tmpName ?? tmpNameFor(file), opts);
    const open = f;
    if (typeof contents === 'function') contents((c) => open.write(c));
    else open.write(contents);
    open.commit(file);
    return open.bytes;
  } catch (err) {
    f?.abort();
    throw writeError(err, opts.errorPath ?? dir);
  }
}

/**
 * {@link writeFileAtomic} for derived data (caches that are rebuilt from the branch when missing):
 * a full disk or a read-only git dir must not fail a read, so failure is 0 bytes written, not an error.
 */
export function writeCacheFile(file: string, contents: AtomicContents, opts: AtomicOptions = {}): number {
  try {
    return writeFileAtomic(file, contents, opts);
  } catch {
    return 0;
  }
}
