import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DiskFullError,
  ReadOnlyRepositoryError
} from "./chunk-FJGJKBHJ.js";

// src/git/atomic-file.ts
import { accessSync, closeSync, constants as fsConstants, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
function writeError(err, path) {
  let code = err?.code;
  if (code === "ENOENT") {
    for (let p = path, i = 0; i < 64; p = dirname(p), i++) {
      try {
        accessSync(p, fsConstants.W_OK);
        break;
      } catch (probe) {
        const c = probe.code;
        if (c !== "ENOENT") {
          code = c ?? code;
          break;
        }
      }
      if (dirname(p) === p) break;
    }
  }
  if (code === "ENOSPC" || code === "EDQUOT") return new DiskFullError(path);
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new ReadOnlyRepositoryError(path, code);
  return err;
}
function tmpNameFor(file) {
  return `${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}
var AtomicFile = class {
  constructor(dir, tmpName, opts = {}) {
    this.opts = opts;
    mkdirSync(dir, { recursive: true });
    this.tmp = join(dir, tmpName);
    this.fd = openSync(this.tmp, "w", opts.mode ?? 438);
  }
  opts;
  tmp;
  fd;
  /** Bytes written so far. */
  bytes = 0;
  write(chunk) {
    const b = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    if (this.fd === null) throw new Error(`${this.tmp} is already closed`);
    let w = 0;
    while (w < b.length) w += writeSync(this.fd, b, w);
    this.bytes += b.length;
  }
  /** Closes the temp file (after an fsync if asked) and renames it to `file`. */
  commit(file) {
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
  abort() {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
      }
      this.fd = null;
    }
    rmSync(this.tmp, { force: true });
  }
};
function writeFileAtomic(file, contents, opts = {}) {
  const dir = dirname(file);
  let f = null;
  try {
    f = new AtomicFile(dir, opts.tmpName ?? tmpNameFor(file), opts);
    const open = f;
    if (typeof contents === "function") contents((c) => open.write(c));
    else open.write(contents);
    open.commit(file);
    return open.bytes;
  } catch (err) {
    f?.abort();
    throw writeError(err, opts.errorPath ?? dir);
  }
}
function writeCacheFile(file, contents, opts = {}) {
  try {
    return writeFileAtomic(file, contents, opts);
  } catch {
    return 0;
  }
}

export {
  writeError,
  AtomicFile,
  writeFileAtomic,
  writeCacheFile
};
