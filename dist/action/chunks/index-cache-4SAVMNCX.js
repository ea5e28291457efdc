import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  vectorCacheLayoutOk
} from "./chunk-QH6BDPGY.js";
import "./chunk-UIE3Y3TH.js";
import {
  hasUsableIndex,
  indexFiles,
  lastIndexOpen,
  markRestored,
  unmarkRestored
} from "./chunk-5VCWNMQA.js";
import "./chunk-YTZHN34W.js";
import {
  MAGIC,
  readHeader
} from "./chunk-CFTP24FZ.js";
import {
  crc32
} from "./chunk-UCBYA3PT.js";
import "./chunk-E3OSZJLW.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/search/index-cache.ts
import { createHmac, timingSafeEqual } from "node:crypto";
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readSync, rmSync, statSync, constants as fsConstants } from "node:fs";
import { basename, join } from "node:path";
var DEFAULT_MAX_CACHE_FILE_BYTES = 4 * 1024 ** 3;
var VECTOR_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.v\d{1,4}\.bin$/;
var MAX_VECTOR_FILES = 8;
function dropLocal(file) {
  for (const f of [file, ...["restored-", "verified-", "newest-", "counts-", "bounds-"].map((p) => join(file, "..", p + basename(file)))]) rmSync(f, { force: true });
}
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
var MAX_SEGMENT_HEADER_BYTES = 256 * 1024 * 1024;
var segmentLayout = (read, size) => {
  const head = size >= 8 ? read(0, 8) : null;
  if (!head || head.readUInt32LE(0) !== MAGIC) throw new Error("not an index segment");
  if (head.readUInt32LE(4) > MAX_SEGMENT_HEADER_BYTES) throw new Error("its header is over the bound");
  const { h, start } = readHeader(read, size);
  return typeof h.crc === "number" ? { crcFrom: start, crc: h.crc } : null;
};
var vectorLayout = (read, size) => {
  if (!vectorCacheLayoutOk(read, size)) throw new Error("not a vector cache file of this format");
  return null;
};
function copyBounded(from, to, max, opts = {}) {
  let st;
  try {
    st = lstatSync(from);
  } catch {
    return null;
  }
  if (!st.isFile()) throw new Error(`${basename(from)} is not a regular file`);
  if (st.size > max) throw new Error(`${basename(from)} is ${st.size} bytes, over the ${max}-byte bound`);
  const fd = openSync(from, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new Error(`${basename(from)} grew over the ${max}-byte bound`);
    const readAt = (pos, len) => {
      if (pos + len > size) return null;
      const b = Buffer.allocUnsafe(len);
      return readSync(fd, b, 0, len, pos) === len ? b : null;
    };
    let sum = null;
    if (opts.check) {
      try {
        sum = opts.check(readAt, size);
      } catch (err) {
        throw new Error(`${basename(from)} is not what its name says (${err.message})`);
      }
    }
    const mac = opts.macKey ? createHmac("sha256", opts.macKey).update(`${opts.macName ?? basename(from)}\0`) : null;
    let copied = 0;
    let crc = 0;
    let refused = null;
    const refuse = (why) => {
      refused = why;
      throw new Error(why);
    };
    const written = writeCacheFile(to, (write) => {
      const buf = Buffer.allocUnsafe(1 << 20);
      for (; ; ) {
        const n = readSync(fd, buf, 0, buf.length, copied);
        if (n <= 0) break;
        const chunk = buf.subarray(0, n);
        if (sum && copied + n > sum.crcFrom) crc = crc32(chunk.subarray(Math.max(0, sum.crcFrom - copied)), crc);
        copied += n;
        if (copied > max) refuse(`${basename(from)} grew over the ${max}-byte bound`);
        mac?.update(chunk);
        write(chunk);
      }
      if (copied !== size) refuse(`${basename(from)} changed while it was copied`);
      if (sum && crc >>> 0 !== sum.crc >>> 0) refuse(`${basename(from)} failed its checksum`);
    });
    if (refused) throw new Error(refused);
    return written ? { bytes: copied, mac: mac ? mac.digest("hex") : null } : null;
  } finally {
    closeSync(fd);
  }
}
function cacheKey(opts) {
  const k = opts.key ?? process.env.MEMORY_INDEX_CACHE_KEY ?? "";
  return k ? Buffer.from(k, "utf8") : null;
}
var MAC_FILE = (file) => `${file}.mac`;
function savedMac(cached) {
  try {
    const f = MAC_FILE(cached);
    const st = lstatSync(f);
    if (!st.isFile() || st.size > 200) return null;
    const text = readFileSync(f, "utf8").trim();
    return /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : null;
  } catch {
    return null;
  }
}
var macName = (cached) => `${basename(join(cached, ".."))}/${basename(cached)}`;
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
  const key = cacheKey(opts);
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
      const n = copyBounded(cached, local, max, { check: vectorLayout })?.bytes ?? -1;
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
        const copied = copyBounded(cached, local, max, { check: segmentLayout, macKey: key, macName: macName(cached) });
        if (copied && key) {
          const want = savedMac(cached);
          if (!want || !timingSafeEqual(want, Buffer.from(copied.mac, "hex"))) throw new Error(`${basename(cached)} is not signed with this MEMORY_INDEX_CACHE_KEY`);
        }
        const n = copied?.bytes ?? -1;
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
      const copied = copyBounded(local, cached, Number.MAX_SAFE_INTEGER, { macKey: key, macName: macName(cached) });
      const n = copied?.bytes ?? 0;
      if (copied?.mac) writeCacheFile(MAC_FILE(cached), copied.mac + "\n");
      else if (copied) rmSync(MAC_FILE(cached), { force: true });
      if (n > 0) {
        report.bytesWritten += n;
        wrote = true;
      }
    });
    if (wrote && signature(files[1][0]) === "-") {
      rmSync(files[1][1], { force: true });
      rmSync(MAC_FILE(files[1][1]), { force: true });
    }
    const now = opts.vectors === false ? [] : vectorPairs(store, dir);
    for (const [local, cached] of now) {
      const i = vectors.findIndex(([l]) => l === local);
      const sig = signature(local);
      if (sig === "-" || i >= 0 && sig === vectorsBefore[i] && signature(cached) !== "-") continue;
      mkdirSync(join(branchDir(store, dir), "vectors"), { recursive: true });
      const n = copyBounded(local, cached, Number.MAX_SAFE_INTEGER)?.bytes ?? 0;
      if (n > 0) report.bytesWritten += n;
    }
  } catch (err) {
    warn(`index cache: not saved (${err.message})`);
  }
  dropRestored();
  if (report.restored && !key && report.index !== "full") for (const [local] of files) dropLocal(local);
  return { result, report };
}
export {
  DEFAULT_MAX_CACHE_FILE_BYTES,
  withIndexCache
};
