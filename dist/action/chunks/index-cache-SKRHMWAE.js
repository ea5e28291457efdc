import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  hasUsableIndex,
  indexFiles,
  lastIndexOpen,
  markRestored,
  unmarkRestored
} from "./chunk-Z6CSIE4F.js";
import "./chunk-GHVMMVOT.js";
import "./chunk-KZZYYKRM.js";
import "./chunk-TDEZOTZH.js";
import "./chunk-4REC64I2.js";
import "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import {
  writeCacheFile
} from "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";

// src/search/index-cache.ts
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, rmSync, statSync, constants as fsConstants } from "node:fs";
import { basename, join } from "node:path";
var DEFAULT_MAX_CACHE_FILE_BYTES = 4 * 1024 ** 3;
var VECTOR_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.v\d{1,4}\.bin$/;
var MAX_VECTOR_FILES = 8;
function branchDir(store, dir) {
  return join(dir, basename(store.cacheDir));
}
function signature(file) {
  try {
    const st = statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return "-";
  }
}
function copyBounded(from, to, max) {
  let st;
  try {
    st = lstatSync(from);
  } catch {
    return -1;
  }
  if (!st.isFile()) throw new Error(`${basename(from)} is not a regular file`);
  if (st.size > max) throw new Error(`${basename(from)} is ${st.size} bytes, over the ${max}-byte bound`);
  const fd = openSync(from, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
    let copied = 0;
    const written = writeCacheFile(to, (write) => {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (; ; ) {
        const n = readSync(fd, buf, 0, buf.length, null);
        if (n <= 0) break;
        copied += n;
        if (copied > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
        write(buf.subarray(0, n));
      }
    });
    return written ? copied : -1;
  } finally {
    closeSync(fd);
  }
}
function pairs(store, dir) {
  const f = indexFiles(store);
  const d = branchDir(store, dir);
  return [f.base, f.delta].map((local) => [local, join(d, basename(local))]);
}
function vectorPairs(store, dir) {
  const local = join(store.cacheDir, "vectors");
  const cached = join(branchDir(store, dir), "vectors");
  const names = /* @__PURE__ */ new Set();
  for (const d of [cached, local]) {
    let list = [];
    try {
      list = readdirSync(d);
    } catch {
    }
    for (const n of list.filter((f) => VECTOR_FILE.test(f)).sort()) if (names.size < MAX_VECTOR_FILES) names.add(n);
  }
  return [...names].map((n) => [join(local, n), join(cached, n)]);
}
var TEMP_FILE = /^(?:search-v\d{1,4}\.(?:base|delta)|[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.v\d{1,4}\.bin)\.\d{1,10}\.[a-z0-9]{1,16}\.tmp$/;
var STALE_TEMP_MS = 15 * 6e4;
function dropStaleTemps(d, now = Date.now()) {
  let names = [];
  try {
    names = readdirSync(d);
  } catch {
    return;
  }
  for (const n of names) {
    if (!TEMP_FILE.test(n)) continue;
    const f = join(d, n);
    try {
      const st = lstatSync(f);
      if (st.isFile() && now - st.mtimeMs > STALE_TEMP_MS) rmSync(f, { force: true });
    } catch {
    }
  }
}
function checkFolder(d) {
  let st;
  try {
    st = lstatSync(d);
  } catch {
    return;
  }
  if (!st.isDirectory()) throw new Error(`${basename(d)} is not a folder`);
}
async function withIndexCache(store, dir, search, opts = {}) {
  const max = opts.maxFileBytes ?? DEFAULT_MAX_CACHE_FILE_BYTES;
  const warn = opts.warn ?? ((m) => store.warn(m));
  const report = { restored: false, bytesRead: 0, index: "cached", bytesWritten: 0, vectorFiles: 0 };
  try {
    checkFolder(branchDir(store, dir));
    checkFolder(join(branchDir(store, dir), "vectors"));
  } catch (err) {
    warn(`index cache: not used (${err.message}); the index is built from the branch`);
    const result2 = await search();
    report.index = lastIndexOpen();
    return { result: result2, report };
  }
  const files = pairs(store, dir);
  const vectors = opts.vectors === false ? [] : vectorPairs(store, dir);
  const restoredVectors = [];
  for (const [local, cached] of vectors) {
    if (signature(local) !== "-") continue;
    try {
      mkdirSync(join(store.cacheDir, "vectors"), { recursive: true });
      const n = copyBounded(cached, local, max);
      if (n >= 0) {
        report.bytesRead += n;
        report.vectorFiles++;
        restoredVectors.push(local);
      }
    } catch (err) {
      warn(`index cache: vectors not restored (${err.message}); memories without a committed vector are embedded again`);
      rmSync(local, { force: true });
    }
  }
  const vectorsBefore = vectors.map(([local]) => signature(local));
  if (!hasUsableIndex(store)) {
    try {
      mkdirSync(store.cacheDir, { recursive: true });
      for (const [local, cached] of files) {
        if (!markRestored(local)) throw new Error(`${basename(local)} could not be marked as restored`);
        const n = copyBounded(cached, local, max);
        if (n < 0) {
          rmSync(local, { force: true });
          unmarkRestored(local);
        } else if (!markRestored(local)) throw new Error(`${basename(local)} could not be marked as restored`);
        if (n >= 0) report.bytesRead += n;
        if (n >= 0 && local === files[0][0]) report.restored = true;
      }
    } catch (err) {
      warn(`index cache: not restored (${err.message}); building the index from the branch`);
      for (const [local] of files) rmSync(local, { force: true });
      report.restored = false;
    }
  }
  const before = files.map(([local]) => signature(local));
  const dropRestored = () => {
    for (const local of restoredVectors) rmSync(local, { force: true });
  };
  let result;
  try {
    result = await search();
  } catch (err) {
    dropRestored();
    throw err;
  }
  report.index = lastIndexOpen();
  try {
    dropStaleTemps(branchDir(store, dir));
    dropStaleTemps(join(branchDir(store, dir), "vectors"));
    const dirHasBase = signature(files[0][1]) !== "-";
    let wrote = false;
    files.forEach(([local, cached], i) => {
      const now2 = signature(local);
      if (now2 === "-" || dirHasBase && now2 === before[i] && !(i === 1 && wrote)) return;
      if (i === 0) mkdirSync(branchDir(store, dir), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER);
      if (n > 0) {
        report.bytesWritten += n;
        wrote = true;
      }
    });
    if (wrote && signature(files[1][0]) === "-") rmSync(files[1][1], { force: true });
    const now = opts.vectors === false ? [] : vectorPairs(store, dir);
    for (const [local, cached] of now) {
      const i = vectors.findIndex(([l]) => l === local);
      const sig = signature(local);
      if (sig === "-" || i >= 0 && sig === vectorsBefore[i] && signature(cached) !== "-") continue;
      mkdirSync(join(branchDir(store, dir), "vectors"), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER);
      if (n > 0) report.bytesWritten += n;
    }
  } catch (err) {
    warn(`index cache: not saved (${err.message})`);
  }
  dropRestored();
  return { result, report };
}
export {
  DEFAULT_MAX_CACHE_FILE_BYTES,
  withIndexCache
};
