import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import {
  shownName
} from "./chunk-SSV3AZGT.js";
import {
  oversizedFile
} from "./chunk-XRSA6KWW.js";
import {
  copyWins,
  duplicateIdWarning
} from "./chunk-FBFUYQWQ.js";
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";

// src/model/catalog.ts
import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
var MEMORIES_DIR = "memories";
var ARCHIVE_DIR = "archive";
var CATALOG_FORMAT = 2;
function blobText(bytes, path, warn) {
  if (!isUtf8(bytes)) warn(notUtf8(path));
  return bytes.toString("utf8");
}
function notUtf8(path) {
  return `${path} is not valid UTF-8: shown with U+FFFD in place of the bad bytes; an update of it is refused (fix the file with git)`;
}
function unreadableFile(path, reason) {
  return `skipped ${shownName(path)}: ${reason} (fix or delete the file on the memory branch; the other memories still read)`;
}
var RAW_NAME = "its file name is not valid UTF-8, so it is not read as a memory; it is kept on the branch unchanged (rename it with git to read it)";
function emptyCatalog() {
  return { tree: null, entries: [], skipped: [], byId: /* @__PURE__ */ new Map(), dupes: [] };
}
function withIndex(tree, entries, skipped) {
  const byId = /* @__PURE__ */ new Map();
  const losers = [];
  for (const e of entries) indexOne(byId, losers, e);
  return indexed(tree, entries, skipped, byId, losers);
}
async function withIndexInSlices(tree, entries, skipped, pace) {
  const byId = /* @__PURE__ */ new Map();
  const losers = [];
  const slice = slicer(pace);
  for (let i = 0; i < entries.length; i++) {
    if ((i & 255) === 255 && slice.due()) await slice.next();
    indexOne(byId, losers, entries[i]);
  }
  return indexed(tree, entries, skipped, byId, losers);
}
function indexOne(byId, losers, e) {
  const had = byId.get(e.memory.id);
  if (!had) byId.set(e.memory.id, e);
  else if (copyWins({ id: e.memory.id, path: e.path }, { id: had.memory.id, path: had.path })) {
    byId.set(e.memory.id, e);
    losers.push(had);
  } else losers.push(e);
}
function indexed(tree, entries, skipped, byId, losers) {
  const dupes = losers.map((l) => [l.memory.id, byId.get(l.memory.id).path, l.path]);
  return { tree, entries, skipped, byId, dupes };
}
function warnDupes(c, warn) {
  if (warn) for (const [id, used, ignored] of c.dupes) warn(duplicateIdWarning(id, used, ignored));
  return c;
}
function cacheDir(commonDir, branch) {
  return join(commonDir, "git-memory", encodeURIComponent(branch));
}
function catalogFile(dir, prefix) {
  return join(dir, `catalog-${prefix === MEMORIES_DIR ? "" : prefix + "-"}v${CATALOG_FORMAT}.json`);
}
function rowsOk(entries, skipped) {
  if (!Array.isArray(entries) || !Array.isArray(skipped)) return false;
  for (const e of entries) if (!e || typeof e.path !== "string" || typeof e.oid !== "string" || !e.memory || typeof e.memory.id !== "string") return false;
  for (const k of skipped) if (!k || typeof k.path !== "string" || typeof k.oid !== "string" || typeof k.reason !== "string") return false;
  return true;
}
function loadCatalog(repo, tree, opts) {
  if (!tree) return emptyCatalog();
  if (opts.previous?.tree === tree) return opts.previous;
  const prefix = opts.prefix ?? MEMORIES_DIR;
  const idPath = (path) => prefix === MEMORIES_DIR ? path : MEMORIES_DIR + path.slice(prefix.length);
  let prev = opts.previous ?? null;
  if (!prev && opts.readFile !== false) {
    const file = catalogFile(opts.dir, prefix);
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8"));
      if (parsed.format === CATALOG_FORMAT && Array.isArray(parsed.entries) && rowsOk(parsed.entries, parsed.skipped ?? [])) {
        if (parsed.tree === tree) return warnDupes(withIndex(tree, parsed.entries, parsed.skipped ?? []), opts.warn);
        prev = parsed;
      }
    } catch {
    }
  }
  const known = /* @__PURE__ */ new Map();
  for (const e of prev?.entries ?? []) known.set(`${e.path}\0${e.oid}`, e);
  const knownSkips = /* @__PURE__ */ new Map();
  for (const s of prev?.skipped ?? []) knownSkips.set(`${s.path}\0${s.oid}`, s);
  const entries = [];
  const skipped = [];
  const warn = opts.warn ?? (() => {
  });
  const raw = [];
  const blobs = repo.listBlobs(tree, prefix, (path, oid) => path.endsWith(".md") && raw.push({ path, oid, reason: RAW_NAME }));
  for (const s of raw) {
    skipped.push(s);
    warn(unreadableFile(s.path, s.reason));
  }
  for (const blob of blobs) {
    if (!blob.path.endsWith(".md")) continue;
    const key = `${blob.path}\0${blob.oid}`;
    const hit = known.get(key);
    if (hit) {
      entries.push(hit);
      continue;
    }
    const skip = knownSkips.get(key);
    if (skip) {
      skipped.push(skip);
      warn(unreadableFile(skip.path, skip.reason));
      continue;
    }
    const bytes = repo.readBlob(blob.oid);
    try {
      const tooLarge = oversizedFile(bytes.length);
      if (tooLarge) throw new Error(tooLarge);
      const memory = memoryFromFile(idPath(blob.path), blobText(bytes, blob.path, warn), warn);
      memory.path = blob.path;
      entries.push({ path: blob.path, oid: blob.oid, memory });
    } catch (err) {
      const reason = err.message;
      skipped.push({ path: blob.path, oid: blob.oid, reason });
      warn(unreadableFile(blob.path, reason));
    }
  }
  const catalog = warnDupes(withIndex(tree, entries, skipped), opts.warn);
  if (opts.persist !== false) writeCatalogCache(opts.dir, prefix, { tree, entries, skipped });
  return catalog;
}
function writeCatalogCache(dir, prefix, body) {
  return writeCacheFile(catalogFile(dir, prefix), (put) => {
    const { entries } = body;
    put(Buffer.from(`{"format":${CATALOG_FORMAT},"tree":${JSON.stringify(body.tree)},"skipped":${JSON.stringify(body.skipped)},"entries":[
`));
    for (let i = 0; i < entries.length; i += 1e3) {
      const part = entries.slice(i, i + 1e3).map((e) => JSON.stringify(e));
      put(Buffer.from(part.join(",\n") + (i + 1e3 < entries.length ? ",\n" : "\n")));
    }
    put(Buffer.from("]}\n"));
  });
}
var SLICE_MS = 15;
function slicer(pace) {
  let from = performance.now();
  return {
    due: () => performance.now() - from >= SLICE_MS,
    next: async () => {
      await (pace ? pace() : new Promise((r) => setImmediate(r)));
      from = performance.now();
    }
  };
}
async function readCatalogFileAsync(dir, prefix = MEMORIES_DIR, pace) {
  let buf;
  try {
    buf = await readWhole(catalogFile(dir, prefix));
  } catch {
    return void 0;
  }
  try {
    const slice = slicer(pace);
    const entries = [];
    let n = 0;
    const add = (json) => {
      entries.push(JSON.parse(json));
      return (++n & 31) === 0 && slice.due();
    };
    const nl = buf.indexOf(10);
    const first = nl < 0 ? "" : buf.toString("utf8", 0, nl);
    let tree;
    let skipped;
    if (first.endsWith('"entries":[')) {
      const head = JSON.parse(first + "]}");
      if (head.format !== CATALOG_FORMAT || !Array.isArray(head.skipped)) return void 0;
      tree = head.tree ?? null;
      skipped = head.skipped;
      let closed = false;
      for (let at = nl + 1; at < buf.length && !closed; ) {
        let end = buf.lastIndexOf(10, Math.min(buf.length, at + REGION) - 1);
        if (end < at) end = buf.indexOf(10, at);
        if (end < 0) end = buf.length;
        const text = buf.toString("utf8", at, end);
        at = end + 1;
        for (let p = 0; p < text.length && !closed; ) {
          const eol = text.indexOf("\n", p);
          const e = eol < 0 ? text.length : eol;
          if (text.charCodeAt(p) === 123) {
            if (add(text.slice(p, text.charCodeAt(e - 1) === 44 ? e - 1 : e))) await slice.next();
          } else if (text.slice(p, e) === "]}") {
            if (!jsonSpace(text.slice(e + 1)) || !jsonSpace(buf.toString("latin1", at))) return void 0;
            closed = true;
          } else return void 0;
          p = e + 1;
        }
      }
      if (!closed) return void 0;
    } else {
      let decoded = 0;
      let text = "";
      const more = () => {
        if (decoded >= buf.length) return false;
        let end = Math.min(buf.length, decoded + REGION);
        while (end < buf.length && (buf[end] & 192) === 128) end--;
        text += buf.toString("utf8", decoded, end);
        decoded = end;
        return true;
      };
      const whole = (p2) => {
        for (; ; ) {
          const e = valueEnd(text, p2);
          if (e >= 0 && (e < text.length || decoded >= buf.length)) return e;
          if (!more()) return -1;
        }
      };
      more();
      const head = {};
      let p = 1;
      if (text.charCodeAt(0) !== 123) return void 0;
      while (text.charCodeAt(p) === 34) {
        const keyEnd = whole(p);
        if (keyEnd < 0 || text.charCodeAt(keyEnd) !== 58) return void 0;
        const key = JSON.parse(text.slice(p, keyEnd));
        p = keyEnd + 1;
        if (p >= text.length) more();
        if (key === "entries" && text.charCodeAt(p) === 91) {
          if (++p >= text.length) more();
          while (text.charCodeAt(p) === 123) {
            const e = whole(p);
            if (e < 0) return void 0;
            if (add(text.slice(p, e))) await slice.next();
            p = text.charCodeAt(e) === 44 ? e + 1 : e;
            if (p > REGION) {
              text = text.slice(p);
              p = 0;
            }
            if (p >= text.length) more();
          }
          if (text.charCodeAt(p++) !== 93) return void 0;
          head.entries = true;
        } else {
          const e = whole(p);
          if (e < 0) return void 0;
          head[key] = JSON.parse(text.slice(p, e));
          p = e;
        }
        if (p >= text.length) more();
        if (text.charCodeAt(p) === 44) p++;
        if (p + 1 >= text.length) more();
      }
      while (more()) ;
      if (text.slice(p).trim() !== "}" || head.format !== CATALOG_FORMAT || head.entries !== true) return void 0;
      tree = head.tree ?? null;
      skipped = Array.isArray(head.skipped) ? head.skipped : [];
    }
    if (!rowsOk(entries, skipped)) return void 0;
    return { tree, entries, skipped };
  } catch {
    return void 0;
  }
}
var REGION = 1 << 20;
var jsonSpace = (text) => /^[ \t\r\n]*$/.test(text);
async function readWhole(file) {
  const fh = await open(file, "r");
  try {
    const size = (await fh.stat()).size;
    const buf = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const { bytesRead } = await fh.read(buf, got, size - got, got);
      if (!bytesRead) break;
      got += bytesRead;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}
function valueEnd(text, from) {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
      if (depth === 0) return i < text.length ? i + 1 : -1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (c === 44 && depth === 0) return i;
  }
  return depth === 0 ? text.length : -1;
}
async function loadCatalogAsync(repo, tree, opts) {
  const { pace, ...rest } = opts;
  if (!tree || opts.previous?.tree === tree) return loadCatalog(repo, tree, rest);
  const read = opts.previous ? void 0 : await readCatalogFileAsync(opts.dir, opts.prefix, pace);
  if (read && read.tree === tree) return warnDupes(await withIndexInSlices(tree, read.entries, read.skipped, pace), opts.warn);
  const previous = read ? { tree: read.tree, entries: read.entries, skipped: read.skipped, byId: /* @__PURE__ */ new Map(), dupes: [] } : opts.previous;
  return loadCatalog(repo, tree, { ...rest, previous, readFile: false });
}

export {
  MEMORIES_DIR,
  ARCHIVE_DIR,
  blobText,
  notUtf8,
  unreadableFile,
  RAW_NAME,
  cacheDir,
  loadCatalog,
  slicer,
  loadCatalogAsync
};
