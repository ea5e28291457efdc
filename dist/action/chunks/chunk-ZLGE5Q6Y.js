import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  COMMIT_EXCERPT,
  excerpt
} from "./chunk-5GR53BCC.js";
import {
  RefStore,
  findRepository,
  readConfigFile,
  readEffectiveConfig,
  validateBranchName
} from "./chunk-QZPDLTY5.js";
import {
  branchConfigOid,
  readStoreConfig
} from "./chunk-BW57HGZZ.js";
import {
  orderByHex
} from "./chunk-Z5YN2S7E.js";
import {
  catFileBatch,
  runGitSync
} from "./chunk-TJ5RY7KU.js";
import {
  maskSecrets
} from "./chunk-QELH3FFE.js";
import {
  notFoundError,
  trashFile,
  trashPathFor
} from "./chunk-MYBKYED4.js";
import {
  runClosers
} from "./chunk-KZZYYKRM.js";
import {
  isRegularFile
} from "./chunk-TDEZOTZH.js";
import {
  MODE_BLOB,
  MODE_TREE,
  badTreeName,
  isTreeMode,
  parseCommit,
  parseTree,
  serializeCommit,
  serializeTree
} from "./chunk-4REC64I2.js";
import {
  ARCHIVE_DIR,
  MAX_CONTENT_BYTES,
  blobText,
  cacheDir,
  isPriority,
  loadCatalog,
  loadCatalogAsync,
  memoryFromFile,
  memoryToFile,
  normalizeTags,
  notUtf8,
  publicMemory,
  runnerMetadata,
  unreadableFile,
  validateContent
} from "./chunk-7EEMCAWN.js";
import {
  checkMetadata,
  checkText,
  checkTime,
  checkedTags,
  limitOf
} from "./chunk-DFWT2NPX.js";
import {
  assertId,
  idFromPath,
  newId,
  pathFor
} from "./chunk-7ZPDJLBH.js";
import {
  writeFileAtomic
} from "./chunk-ENPGJTG6.js";
import {
  ConfirmationRequiredError,
  CorruptObjectError,
  DuplicateError,
  InternalError,
  InvalidInputError,
  MemoryError,
  NotFoundError,
  ObjectMissingError,
  RefMovedError,
  UnreadableMemoryError
} from "./chunk-UL6AG55K.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

// src/core/error-format.ts
var MAX_ERROR_TOKEN = 160;
var MAX_ERROR_MESSAGE = 1e3;
var MAX_ERROR_VALUE = 200;
var LONG_RUN = new RegExp(`[^\\s"'\`]{${MAX_ERROR_TOKEN + 1},}`, "g");
function cutRuns(s) {
  return s.replace(LONG_RUN, (run) => `${run.slice(0, 60)}\u2026[${run.length - 60} more characters]`);
}
var DISPLAY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function escapeControls(text) {
  return text.replace(DISPLAY_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function safeText(value, max = MAX_ERROR_MESSAGE) {
  let s = value.length > 64 * 1024 ? value.slice(0, 64 * 1024) : value;
  s = cutRuns(escapeControls(maskSecrets(s)));
  if (s.length > max || value.length > 64 * 1024) s = `${s.slice(0, max)}\u2026[${value.length - Math.min(max, s.length)} more characters]`;
  return s;
}
function safeValue(v, depth) {
  if (typeof v === "string") return safeText(v, MAX_ERROR_VALUE);
  if (v === null || typeof v !== "object") return v;
  if (depth >= 6) return "[\u2026]";
  if (Array.isArray(v)) {
    const out2 = v.slice(0, 50).map((x) => safeValue(x, depth + 1));
    if (v.length > 50) out2.push(`\u2026[${v.length - 50} more items]`);
    return out2;
  }
  const out = {};
  let n = 0;
  for (const [k, x] of Object.entries(v)) {
    if (n++ >= 50) {
      out["\u2026"] = "more keys left out";
      break;
    }
    out[safeText(k, 64)] = safeValue(x, depth + 1);
  }
  return out;
}
function asMemoryError(err) {
  if (err instanceof MemoryError) return err;
  const e = err;
  return new InternalError(e?.message ?? String(err));
}
function safeError(err) {
  const me = asMemoryError(err);
  const out = new MemoryError(me.code, safeText(me.message), safeValue(me.data, 0));
  return out;
}

// src/git/repository.ts
import { existsSync as existsSync2, readdirSync as readdirSync2, readFileSync as readFileSync2, unlinkSync } from "node:fs";
import { join as join2 } from "node:path";

// src/git/objects.ts
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import { join, isAbsolute, resolve } from "node:path";
var zlibLib;
var cryptoLib;
var zlib = () => zlibLib ??= __require("node:zlib");
var crypto = () => cryptoLib ??= __require("node:crypto");
var PACK_TYPES = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
var READ_PAGE = 4096;
var WHOLE_AFTER = 64;
var Pack = class {
  /**
   * Reads the header and fan-out table only: a command that reads a few objects searches a few
   * slices of the index (a pread of the ids starting with one byte, ~1/256 of them) instead of
   * reading every .idx whole (171 ms of a warm search over the 20 packs of a 1,000,000-memory
   * import, each a fresh buffer). After {@link WHOLE_AFTER} lookups the .idx is read whole.
   */
  constructor(idxPath, packPath) {
    this.idxPath = idxPath;
    this.packPath = packPath;
    this.idxFd = openSync(idxPath, "r");
    try {
      const size = fstatSync(this.idxFd).size;
      const head = Buffer.alloc(Math.min(size, 8 + 1024));
      readSync(this.idxFd, head, 0, head.length, 0);
      if (head.length >= 8 && head.readUInt32BE(0) === 4285812579) {
        const v = head.readUInt32BE(4);
        if (v !== 2) throw new CorruptObjectError(idxPath, `unsupported pack index version ${v} (versions 1 and 2 are read)`);
        this.version = 2;
        this.fanout = 8;
      } else {
        this.version = 1;
        this.fanout = 0;
      }
      if (size < this.fanout + 256 * 4 + 40 || head.length < this.fanout + 1024) throw new CorruptObjectError(idxPath, "truncated pack index");
      this.fan = head.subarray(this.fanout, this.fanout + 1024);
      this.count = this.fan.readUInt32BE(255 * 4);
      const need = this.version === 2 ? 8 + 1024 + this.count * 28 + 40 : 1024 + this.count * 24 + 40;
      if (size < need) throw new CorruptObjectError(idxPath, `truncated pack index (version ${this.version})`);
    } catch (err) {
      closeSync(this.idxFd);
      this.idxFd = null;
      throw err;
    }
  }
  idxPath;
  packPath;
  /** The whole .idx, once this pack has been searched often (see {@link offsetOf}). */
  idx = null;
  idxFd;
  /** The 256-entry fan-out table: how many ids start with a byte <= i. */
  fan;
  lookups = 0;
  count;
  version;
  /** Where the fan-out table starts: after the 8-byte header in v2, at 0 in v1. */
  fanout;
  fd = null;
  size = 0;
  window = null;
  /** What a small read takes (see {@link read}); larger while {@link ObjectStore.readEach} walks the pack in order. */
  page = READ_PAGE;
  /** Resolved objects by pack offset; delta chains hit the same bases again and again. */
  cache = /* @__PURE__ */ new Map();
  idxBytes(pos, len) {
    if (this.idx) return this.idx.subarray(pos, pos + len);
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const r = readSync(this.idxFd, buf, got, len - got, pos + got);
      if (r === 0) throw new CorruptObjectError(this.idxPath, "truncated pack index");
      got += r;
    }
    return buf;
  }
  offsetOf(oid) {
    if (!this.idx && ++this.lookups > WHOLE_AFTER) {
      this.idx = this.idxBytes(0, fstatSync(this.idxFd).size);
      this.closeIdx();
    }
    const first = oid[0];
    const lo0 = first === 0 ? 0 : this.fan.readUInt32BE((first - 1) * 4);
    const hi0 = this.fan.readUInt32BE(first * 4);
    if (hi0 <= lo0) return null;
    const width = this.version === 1 ? 24 : 20;
    const base = this.version === 1 ? 1024 : 8 + 1024;
    const slice = this.idxBytes(base + lo0 * width, (hi0 - lo0) * width);
    let lo = 0;
    let hi = hi0 - lo0;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const at = mid * width + (this.version === 1 ? 4 : 0);
      const cmp = oid.compare(slice, at, at + 20);
      if (cmp === 0) {
        if (this.version === 1) return slice.readUInt32BE(mid * 24);
        const i = lo0 + mid;
        const offBase = base + this.count * 24;
        const off = this.idxBytes(offBase + i * 4, 4).readUInt32BE(0);
        if (off & 2147483648) {
          const largeBase = offBase + this.count * 4;
          return Number(this.idxBytes(largeBase + (off & 2147483647) * 8, 8).readBigUInt64BE(0));
        }
        return off;
      }
      if (cmp < 0) hi = mid;
      else lo = mid + 1;
    }
    return null;
  }
  /**
   * Calls `visit(i, offset)` for each id of `want` (`n` binary ids of 20 bytes, sorted) that this pack
   * holds: one merge of two sorted lists instead of a binary search per id (a full index build over
   * an import's 20 packs spent 12% of its time in those searches). Compares the first four bytes as
   * numbers and the rest only when they are equal.
   */
  /** How many objects the pack holds. */
  objectCount() {
    return this.count;
  }
  matchSorted(want, n, visit) {
    if (!this.idx) {
      this.idx = this.idxBytes(0, fstatSync(this.idxFd).size);
      this.closeIdx();
    }
    const idx = this.idx;
    const v1 = this.version === 1;
    const width = v1 ? 24 : 20;
    const first = v1 ? 1024 + 4 : 8 + 1024;
    const offBase = 8 + 1024 + this.count * 24;
    let i = 0;
    let j = 0;
    while (i < n && j < this.count) {
      const at = first + j * width;
      const a = want.readUInt32BE(i * 20);
      const b = idx.readUInt32BE(at);
      let c = a < b ? -1 : a > b ? 1 : 0;
      if (c === 0) c = want.compare(idx, at + 4, at + 20, i * 20 + 4, i * 20 + 20);
      if (c < 0) i++;
      else if (c > 0) j++;
      else {
        let off;
        if (v1) off = idx.readUInt32BE(at - 4);
        else {
          off = idx.readUInt32BE(offBase + j * 4);
          if (off & 2147483648) off = Number(idx.readBigUInt64BE(offBase + this.count * 4 + (off & 2147483647) * 8));
        }
        visit(i, off);
        i++;
        j++;
      }
    }
  }
  closeIdx() {
    if (this.idxFd !== null) closeSync(this.idxFd);
    this.idxFd = null;
  }
  /**
   * Bytes at `pos`. A small read takes a whole page and keeps it: an object's header and its
   * compressed data (for a memory, a few hundred bytes) then cost one system call, not two (reads
   * were 17% of a full index build at 100,000 memories). Each page is a new buffer, never reused, so
   * what a caller holds is never overwritten.
   */
  read(pos, len) {
    const w = this.window;
    if (w && pos >= w.pos && pos + len <= w.pos + w.buf.length) return w.buf.subarray(pos - w.pos, pos - w.pos + len);
    if (this.fd === null) {
      this.fd = openSync(this.packPath, "r");
      this.size = fstatSync(this.fd).size;
    }
    const want = len < this.page ? this.page : len;
    const n = Math.max(0, Math.min(want, this.size - pos));
    const buf = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, buf, got, n - got, pos + got);
      if (r === 0) break;
      got += r;
    }
    const out = buf.subarray(0, got);
    if (len < this.page) this.window = { pos, buf: out };
    return out.subarray(0, Math.min(len, got));
  }
  readAt(offset, store) {
    const hit = this.cache.get(offset);
    if (hit) return hit;
    let head = this.read(offset, 32);
    let c = head[0];
    const typeNum = c >> 4 & 7;
    let size = c & 15;
    let shift = 4;
    let p = 1;
    while (c & 128) {
      c = head[p++];
      size += (c & 127) * 2 ** shift;
      shift += 7;
    }
    let obj;
    if (typeNum === 6) {
      c = head[p++];
      let rel = c & 127;
      while (c & 128) {
        c = head[p++];
        rel = (rel + 1) * 128 + (c & 127);
      }
      const base = this.readAt(offset - rel, store);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p, size)) };
    } else if (typeNum === 7) {
      const baseOid = head.subarray(p, p + 20).toString("hex");
      const base = store.read(baseOid);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p + 20, size)) };
    } else {
      const type = PACK_TYPES[typeNum];
      if (!type) throw new CorruptObjectError(`${this.packPath}@${offset}`, `unknown pack object type ${typeNum}`);
      obj = { type, data: this.inflateAt(offset + p, size) };
    }
    if (this.cache.size > 2048) this.cache.clear();
    this.cache.set(offset, obj);
    return obj;
  }
  inflateAt(pos, size) {
    let len = size + 256;
    for (; ; ) {
      const chunk = this.read(pos, len);
      try {
        return zlib().inflateSync(chunk, { chunkSize: Math.max(64, size) });
      } catch (err) {
        if (chunk.length < len || len > size * 4 + (1 << 20)) throw new CorruptObjectError(`${this.packPath}@${pos}`, String(err.message));
        len *= 2;
      }
    }
  }
  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.closeIdx();
  }
};
function applyDelta(base, delta) {
  let p = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    let c;
    do {
      c = delta[p++];
      v += (c & 127) * 2 ** shift;
      shift += 7;
    } while (c & 128);
    return v;
  };
  const srcSize = varint();
  if (srcSize !== base.length) throw new CorruptObjectError("(delta)", `base size ${base.length} != ${srcSize}`);
  const out = Buffer.allocUnsafe(varint());
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++];
    if (op & 128) {
      let off = 0;
      let len = 0;
      if (op & 1) off |= delta[p++];
      if (op & 2) off |= delta[p++] << 8;
      if (op & 4) off |= delta[p++] << 16;
      if (op & 8) off = (off | delta[p++] << 24) >>> 0;
      if (op & 16) len |= delta[p++];
      if (op & 32) len |= delta[p++] << 8;
      if (op & 64) len |= delta[p++] << 16;
      if (len === 0) len = 65536;
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op > 0) {
      delta.copy(out, o, p, p + op);
      o += op;
      p += op;
    } else {
      throw new CorruptObjectError("(delta)", "delta opcode 0");
    }
  }
  if (o !== out.length) throw new CorruptObjectError("(delta)", "delta result size mismatch");
  return out;
}
function hashObject(type, data) {
  return crypto().createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");
}
var ObjectStore = class _ObjectStore {
  constructor(objectsDir) {
    this.objectsDir = objectsDir;
  }
  objectsDir;
  packs = null;
  lastPack = null;
  alternates = null;
  known = /* @__PURE__ */ new Set();
  /** Packs whose index could not be read, by path: reported when an object is then not found. */
  badPacks = /* @__PURE__ */ new Map();
  /**
   * Asked for an object this reader cannot find (a partial clone's promised object, a format this
   * reader does not know). GitRepository sets it to `git cat-file`, which fetches promised objects.
   */
  fallback = null;
  loadPacks() {
    if (this.packs) return this.packs;
    const dir = join(this.objectsDir, "pack");
    const packs = [];
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
    }
    for (const name of names) {
      if (!name.endsWith(".idx")) continue;
      const packPath = join(dir, name.slice(0, -4) + ".pack");
      if (!existsSync(packPath)) continue;
      try {
        packs.push(new Pack(join(dir, name), packPath));
        this.badPacks.delete(name);
      } catch (err) {
        this.badPacks.set(name, err.message);
      }
    }
    this.packs = packs;
    return packs;
  }
  loadAlternates() {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    try {
      const text = readFileSync(join(this.objectsDir, "info", "alternates"), "utf8");
      for (const line of text.split("\n")) {
        const l = line.trim();
        if (!l || l.startsWith("#")) continue;
        this.alternates.push(new _ObjectStore(isAbsolute(l) ? l : resolve(this.objectsDir, l)));
      }
    } catch {
    }
    return this.alternates;
  }
  readLoose(oid) {
    let raw;
    try {
      raw = readFileSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    let buf;
    try {
      buf = zlib().inflateSync(raw);
    } catch (err) {
      throw new CorruptObjectError(oid, `loose object does not inflate: ${err.message}`);
    }
    const nul = buf.indexOf(0);
    const header = buf.subarray(0, nul).toString("latin1");
    const sp = header.indexOf(" ");
    const type = header.slice(0, sp);
    return { type, data: buf.subarray(nul + 1) };
  }
  readPacked(oid, rescan) {
    const bin = Buffer.from(oid, "hex");
    const packs = this.loadPacks();
    const last = this.lastPack;
    if (last && packs.includes(last)) {
      const off = last.offsetOf(bin);
      if (off !== null) return last.readAt(off, this);
    }
    for (const pack of packs) {
      if (pack === last) continue;
      const off = pack.offsetOf(bin);
      if (off !== null) {
        this.lastPack = pack;
        return pack.readAt(off, this);
      }
    }
    if (rescan) {
      for (const p of this.packs ?? []) p.close();
      this.packs = null;
      return this.readPacked(oid, false);
    }
    return null;
  }
  tryRead(oid) {
    const obj = this.readPacked(oid, false) ?? this.readLoose(oid) ?? this.readPacked(oid, true);
    if (obj) return obj;
    for (const alt of this.loadAlternates()) {
      const a = alt.tryRead(oid);
      if (a) return a;
    }
    return null;
  }
  read(oid, expect) {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, "not a sha1 object id");
    const obj = this.tryRead(oid) ?? this.fallback?.(oid, expect) ?? null;
    if (!obj) {
      const bad = [...this.badPacks.values()];
      throw new ObjectMissingError(oid, bad.length ? `unreadable pack index: ${bad[0]}` : "");
    }
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  /**
   * Reads every object of `oids` and calls `visit(i, object)` for each, in the order cheapest for the
   * object database rather than the order given: the ids are sorted and merged with each pack's
   * sorted index, then each pack is read front to back in large pages. A full index build at
   * 1,000,000 memories read its blobs in tree order, which is random order in the import's packs:
   * one system call and up to 20 index searches per blob. Objects in no pack (loose, in an alternate,
   * promised by a partial clone's remote) are read one by one afterwards, through {@link read}.
   */
  readEach(oids, visit) {
    const n = oids.length;
    for (const o of oids) if (!/^[0-9a-f]{40}$/.test(o)) throw new CorruptObjectError(o, "not a sha1 object id");
    const order = orderByHex(oids);
    const SHIFT = 2 ** 21;
    const want = Buffer.allocUnsafe(n * 20);
    for (let k = 0; k < n; k++) want.write(oids[order[k]], k * 20, 20, "hex");
    const found = new Uint8Array(n);
    let remaining = n;
    for (const pack of this.loadPacks()) {
      if (!remaining) break;
      const offs = [];
      const pos = [];
      pack.matchSorted(want, n, (k, off) => {
        if (found[k]) return;
        found[k] = 1;
        remaining--;
        offs.push(off);
        pos.push(order[k]);
      });
      if (!offs.length) continue;
      let byOffset;
      if (n < SHIFT && offs.every((o) => o < 2 ** 32)) byOffset = Array.from(Float64Array.from(offs, (o, j) => o * SHIFT + j).sort(), (key) => key % SHIFT);
      else byOffset = Array.from(offs.keys()).sort((x, y) => offs[x] - offs[y]);
      pack.page = 1 << 18;
      try {
        for (const j of byOffset) visit(pos[j], pack.readAt(offs[j], this));
      } finally {
        pack.page = READ_PAGE;
      }
    }
    for (let k = 0; k < n; k++) if (!found[k]) visit(order[k], this.read(oids[order[k]]));
  }
  /** Packs whose index this reader could not use (git may still read them). */
  hasUnreadablePacks() {
    this.loadPacks();
    return this.badPacks.size > 0;
  }
  has(oid) {
    if (this.known.has(oid)) return true;
    if (existsSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)))) return true;
    const bin = Buffer.from(oid, "hex");
    return this.loadPacks().some((p) => p.offsetOf(bin) !== null) || this.loadAlternates().some((a) => a.has(oid));
  }
  write(type, data) {
    const oid = hashObject(type, data);
    if (this.known.has(oid)) return oid;
    const dir = join(this.objectsDir, oid.slice(0, 2));
    const file = join(dir, oid.slice(2));
    if (!existsSync(file)) {
      const compressed = zlib().deflateSync(Buffer.concat([Buffer.from(`${type} ${data.length}\0`), data]), { level: 1 });
      try {
        writeFileAtomic(file, compressed, { mode: 292, tmpName: `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`, errorPath: this.objectsDir });
      } catch (err) {
        if (!existsSync(file)) throw err;
      }
    }
    if (this.known.size > 1e5) this.known.clear();
    this.known.add(oid);
    return oid;
  }
  close() {
    for (const p of this.packs ?? []) p.close();
    this.packs = null;
  }
};

// src/git/repository.ts
var GitRepository = class _GitRepository {
  constructor(location) {
    this.location = location;
    this.objects = new ObjectStore(join2(location.commonDir, "objects"));
    this.refs = new RefStore(location.commonDir);
    this.target = { gitDir: location.gitDir, root: location.root };
    this.objects.fallback = (oid, expect) => this.readThroughGit(oid, expect);
  }
  location;
  objects;
  refs;
  /** Where git runs when the in-process reader needs it: this repository, named explicitly. */
  target;
  trees = /* @__PURE__ */ new Map();
  // Parsed commits by id (a commit never changes): every search resolves the tip's tree several times
  // (index, configuration, vectors), and inflating the commit object each time cost ~1 ms a search.
  commits = /* @__PURE__ */ new Map();
  /** The promisor remote of a partial clone (null: not partial); read once. */
  promisor;
  /** Blob ids of the last listBlobs, for read-ahead in a partial clone. */
  lastListing = null;
  swept = false;
  /** Objects read through git (the fallback), for tests and `memory stats`-style diagnostics. */
  fallbackStats = { catFile: 0, prefetches: 0, prefetched: 0 };
  /**
   * While set (a writer's sync whose first fetch took no trees, docs/sync.md "What a writer fetches"),
   * a tree this reader lacks is fetched alone (`--filter=tree:0` with its id as the want) and handed
   * to `check` before anyone reads it; git's own lazy fetch would bring the tree's whole subtree with
   * every blob-less fetch. If the remote will not send a tree by id, `fallback` runs once (it fetches
   * the branch's trees the old way) and the read continues from what is there.
   */
  treeFetch = null;
  fetchTree(oid) {
    const tf = this.treeFetch;
    if (!tf.failed) {
      const r = runGitSync(
        this.target,
        ["-c", "fetch.negotiationAlgorithm=noop", "-c", "maintenance.auto=false", "-c", "gc.auto=0", "fetch", tf.remote, "--quiet", "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", "--filter=tree:0", oid],
        { allowFailure: true }
      );
      tf.fetches++;
      if (r.status !== 0) {
        tf.failed = lastLine(r.stderr) || `git fetch exited ${r.status}`;
        tf.fallback();
      }
    }
    const got = this.objects.tryRead(oid);
    if (got && got.type === "tree") tf.check(oid, got.data);
    return got;
  }
  /** The promisor remote when this is a partial clone (`git clone --filter=…`), else null. */
  partialCloneRemote() {
    if (this.promisor === void 0) {
      const cfg = readConfigFile(join2(this.location.commonDir, "config"));
      let remote = cfg.get("extensions.partialclone") ?? null;
      if (!remote) {
        for (const [k, v] of cfg) {
          const m = /^remote\.(.+)\.promisor$/.exec(k);
          if (m && ["true", "yes", "on", "1"].includes(v.toLowerCase())) {
            remote = m[1];
            break;
          }
        }
      }
      this.promisor = remote ? { remote } : null;
    }
    return this.promisor?.remote ?? null;
  }
  /**
   * In a partial clone that lacks subtrees of a tree just read (a treeless write took only its own
   * path: docs/sync.md), those subtrees come in one round trip, with everything under them, rather
   * than in one lazy fetch each as they are read (a de-duplication reading every bucket of a month
   * made 20 fetches). Not during a treeless sync, which fetches only what it reads.
   */
  prefetchSubtrees(entries) {
    if (this.treeFetch) return;
    const remote = this.partialCloneRemote();
    if (!remote) return;
    const missing = entries.filter((e) => isTreeMode(e.mode) && !this.objects.has(e.oid)).map((e) => e.oid);
    if (missing.length > 1) this.fetchPromised(remote, missing);
  }
  /** A ref under refs/git-memory/unchecked/ exists (loose, or packed by `git pack-refs`). */
  hasUncheckedTrees() {
    const dir = join2(this.location.commonDir, "refs", "git-memory", "unchecked");
    try {
      if (readdirSync2(dir).length) return true;
    } catch {
    }
    const packed = join2(this.location.commonDir, "packed-refs");
    return existsSync2(packed) && readFileSync2(packed, "utf8").includes(" refs/git-memory/unchecked/");
  }
  /** Reads the promisor setting again (a filtered fetch may just have made this a partial clone). */
  forgetPartialClone() {
    this.promisor = void 0;
  }
  /**
   * The fallback of the in-process reader: an object it cannot find is asked of git itself, which
   * fetches a partial clone's promised objects from the promisor remote and reads any format this
   * reader does not. In a partial clone, the first miss among the blobs of the last listing fetches
   * all of that listing's missing blobs in one round trip (as `git checkout` does), not one per blob.
   */
  readThroughGit(oid, expect) {
    if (this.treeFetch && expect === "tree") {
      const got2 = this.fetchTree(oid);
      if (got2) return got2;
    }
    const remote = this.partialCloneRemote();
    const listing = this.lastListing;
    if (remote && listing && !listing.fetched && listing.oids.has(oid)) {
      listing.fetched = true;
      const missing = [...listing.oids].filter((o) => !this.objects.has(o));
      if (missing.length > 1) {
        const err = this.fetchPromised(remote, missing);
        if (!err) {
          const got2 = this.objects.tryRead(oid);
          if (got2) return got2;
        } else {
          listing.error = err;
        }
      }
    }
    if (listing?.error && listing.oids.has(oid)) throw new ObjectMissingError(oid, `fetching from the promisor remote failed: ${listing.error}`);
    const env = process.env;
    if (!remote && !this.objects.hasUnreadablePacks() && !env.GIT_ALTERNATE_OBJECT_DIRECTORIES && !env.GIT_OBJECT_DIRECTORY) return null;
    this.fallbackStats.catFile++;
    let res;
    try {
      res = catFileBatch(this.target, [oid], remote ? { config: filterGiven(remote) } : {});
    } catch (err) {
      throw new ObjectMissingError(oid, err.message);
    }
    const got = res.objects.get(oid);
    if (got && got !== "missing") return got;
    const why = lastLine(res.stderr);
    if (why) throw new ObjectMissingError(oid, `git: ${why}`);
    return null;
  }
  /** Fetches promised objects from the promisor remote in one round trip; the error (null: fetched). */
  fetchPromised(remote, oids) {
    const r = runGitSync(
      this.target,
      ["-c", "fetch.negotiationAlgorithm=noop", "-c", "maintenance.auto=false", "-c", "gc.auto=0", ...filterGiven(remote), "fetch", remote, "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", "--filter=blob:none", "--stdin"],
      { input: oids.join("\n") + "\n", allowFailure: true }
    );
    this.fallbackStats.prefetches++;
    if (r.status !== 0) return lastLine(r.stderr) || `git fetch exited ${r.status}`;
    this.fallbackStats.prefetched += oids.length;
    return null;
  }
  /**
   * Before reading many blobs by id: in a partial clone (a writer's blob-less fetch, docs/sync.md),
   * fetches the ones not here in one round trip, instead of one `git` fetch per blob as each read
   * misses. Elsewhere (or when all are here) nothing. Returns how many were asked for. A failure is
   * left to the reads, which report it per object.
   */
  prefetchBlobs(oids) {
    const remote = this.partialCloneRemote();
    if (!remote) return 0;
    const missing = [...new Set(oids)].filter((o) => !this.objects.has(o));
    if (!missing.length) return 0;
    this.fetchPromised(remote, missing);
    return missing.length;
  }
  /**
   * Removes temporary object and pack files left by git-memory processes that no longer run (a killed
   * import leaves `tmp_pack_<pid>_*`). Files of live processes and git's own temp files are kept.
   */
  sweepTempFiles() {
    let removed = 0;
    const dir = join2(this.location.commonDir, "objects", "pack");
    let names = [];
    try {
      names = readdirSync2(dir);
    } catch {
      return 0;
    }
    for (const n of names) {
      const m = /^tmp_(?:pack|idx|obj)_(\d+)_[a-z0-9]+/.exec(n);
      if (!m || pidAlive(Number(m[1]))) continue;
      try {
        unlinkSync(join2(dir, n));
        removed++;
      } catch {
      }
    }
    return removed;
  }
  static open(dir) {
    return new _GitRepository(findRepository(dir));
  }
  resolve(ref) {
    return this.refs.read(ref);
  }
  readCommit(oid) {
    let c = this.commits.get(oid);
    if (!c) {
      c = parseCommit(oid, this.objects.read(oid, "commit").data);
      if (this.commits.size >= 2e3) this.commits.clear();
      this.commits.set(oid, c);
    }
    return { ...c, parents: [...c.parents] };
  }
  readTree(oid) {
    let t = this.trees.get(oid);
    if (!t) {
      t = parseTree(this.objects.read(oid, "tree").data, oid);
      this.prefetchSubtrees(t);
      if (this.trees.size > 2e4) this.trees.clear();
      this.trees.set(oid, t);
    }
    return t;
  }
  readBlob(oid) {
    return this.objects.read(oid, "blob").data;
  }
  /**
   * Reads every blob of `oids`, calling `visit(i, data)` for each in the order cheapest to read (pack
   * by pack, front to back), not the order given. For whole-branch work: a full index build.
   */
  readBlobs(oids, visit) {
    this.objects.readEach(oids, (i, obj) => {
      if (obj.type !== "blob") throw new CorruptObjectError(oids[i], `expected a blob, found a ${obj.type}`);
      visit(i, obj.data);
    });
  }
  /** The entry at `path` in `tree`, or null. */
  entryAt(tree, path) {
    const parts = path.split("/").filter(Boolean);
    let cur = tree;
    for (let i = 0; i < parts.length; i++) {
      const e = this.readTree(cur).find((x) => x.name === parts[i]);
      if (!e) return null;
      if (i === parts.length - 1) return e;
      if (!isTreeMode(e.mode)) return null;
      cur = e.oid;
    }
    return null;
  }
  /** Every regular file (`isRegularFile`) under `prefix` (recursively), in tree order. Missing prefix yields nothing. */
  listBlobs(tree, prefix) {
    const out = [];
    const start = prefix ? this.entryAt(tree, prefix) : { mode: MODE_TREE, name: "", oid: tree };
    if (!start || !isTreeMode(start.mode)) return out;
    const unchecked = this.hasUncheckedTrees();
    const promisor = this.treeFetch ? null : this.partialCloneRemote();
    const walk = (oid, base) => {
      const entries = this.trees.get(oid) ?? parseTree(this.objects.read(oid, "tree").data, oid);
      if (promisor) this.prefetchSubtrees(entries);
      for (const e of entries) {
        if (unchecked && badTreeName(e.name)) continue;
        const p = base ? `${base}/${e.name}` : e.name;
        if (isTreeMode(e.mode)) walk(e.oid, p);
        else if (isRegularFile(e.mode)) out.push({ path: p, oid: e.oid });
      }
    };
    walk(start.oid, prefix.replace(/\/+$/, ""));
    if (this.partialCloneRemote()) this.lastListing = { oids: new Set(out.map((b) => b.oid)), fetched: false };
    return out;
  }
  /**
   * Applies path changes to a tree, writing only the trees along changed paths. A value is the file's
   * content, the id of a blob already in the object database (bulk imports write a pack first), or
   * null to delete.
   */
  writeTree(base, changes) {
    const root = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() };
    for (const [path, content] of changes) {
      const parts = path.split("/").filter(Boolean);
      let n = root;
      for (let i = 0; i < parts.length - 1; i++) {
        let next = n.dirs.get(parts[i]);
        if (!next) n.dirs.set(parts[i], next = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() });
        n = next;
      }
      n.blobs.set(parts[parts.length - 1], content);
    }
    const build = (oid, node) => {
      const entries = /* @__PURE__ */ new Map();
      if (oid) for (const e of this.readTree(oid)) entries.set(e.name, e);
      for (const [name, content] of node.blobs) {
        if (content === null) entries.delete(name);
        else entries.set(name, { mode: MODE_BLOB, name, oid: typeof content === "string" ? content : this.objects.write("blob", content) });
      }
      for (const [name, child] of node.dirs) {
        const cur = entries.get(name);
        const sub = build(cur && isTreeMode(cur.mode) ? cur.oid : null, child);
        if (sub) entries.set(name, { mode: MODE_TREE, name, oid: sub });
        else entries.delete(name);
      }
      if (entries.size === 0) return null;
      const list = [...entries.values()];
      const data = serializeTree(list);
      const newOid = this.objects.write("tree", data);
      this.trees.set(newOid, list);
      return newOid;
    };
    return build(base, root) ?? this.objects.write("tree", Buffer.alloc(0));
  }
  /** Writes a commit of `changes` on top of `expect` and moves `ref` to it, or throws RefMovedError. */
  async commit(req) {
    const baseTree = req.expect ? this.readCommit(req.expect).tree : null;
    const tree = this.writeTree(baseTree, req.changes);
    return this.commitTree({ ...req, tree });
  }
  async commitTree(req) {
    if (!this.swept) {
      this.swept = true;
      this.sweepTempFiles();
    }
    const parents = [...req.expect ? [req.expect] : [], ...req.extraParents ?? []];
    const oid = this.objects.write("commit", serializeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when }));
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }
  /** The identity git itself would commit with, read from env and config without spawning git. */
  identity(fallback) {
    const env = process.env;
    const cfg = readEffectiveConfig(this.location);
    return {
      name: env.GIT_AUTHOR_NAME || env.GIT_COMMITTER_NAME || cfg.get("user.name") || fallback.name,
      email: env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || cfg.get("user.email") || env.EMAIL || fallback.email
    };
  }
  close() {
    this.objects.close();
  }
};
function lastLine(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  return (lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[lines.length - 1] ?? "").slice(0, 300);
}
function pidAlive(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
function filterGiven(remote) {
  return ["-c", `remote.${remote}.partialclonefilter=blob:none`];
}

// src/core/ops/store.ts
var lifecycle = () => import("./store-hooks-UGQAA5EV.js");
async function storeMemory(b, input) {
  const { derivedTags, guardOptions, guardWrite, guardFile, expiryOf, findExisting, contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } = await lifecycle();
  const cfg = await b.loadConfig();
  const raw = validateContent(input.content, cfg.maxContentBytes);
  if (input.priority !== void 0 && !isPriority(input.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: "priority" });
  }
  const created = input.timestamp !== void 0 ? new Date(input.timestamp) : b.now();
  if (!Number.isFinite(created.getTime())) throw new InvalidInputError("invalid timestamp: not a date", { field: "timestamp" });
  checkTime(created, "timestamp");
  const id = input.id !== void 0 ? assertId(input.id) : newId(created.getTime());
  const timestamp = created.toISOString();
  const givenTags = checkedTags(input.tags);
  checkMetadata(input.metadata);
  for (const f of ["category", "scope", "upsertKey"]) checkText(input[f], f);
  const upsertKey = input.upsertKey !== void 0 ? String(input.upsertKey).trim() : void 0;
  if (input.upsertKey !== void 0 && !upsertKey) throw new InvalidInputError("upsertKey must not be empty", { field: "upsertKey" });
  if (upsertKey && upsertKey.length > 256) throw new InvalidInputError("upsertKey is over 256 characters", { field: "upsertKey" });
  const guard = guardOptions(cfg, input);
  if (guard.allowSecret) b.warn('the secret guard is lowered for this write (--allow-secret or secretGuard "off"): a credential in it is stored and pushed as it is');
  const guarded = guardWrite(
    { content: raw, tags: input.tags, category: input.category, scope: input.scope, metadata: input.metadata, extra: upsertKey ? { upsert_key: upsertKey } : void 0 },
    { ...guard, autoTag: input.autoTag ?? cfg.autoTag }
  );
  const { content, tags } = guarded;
  const expires = expiryOf(input, b.now());
  const memory = {
    id,
    content,
    tags,
    category: guarded.category?.trim() || cfg.defaultCategory,
    priority: input.priority ?? cfg.defaultPriority,
    timestamp,
    metadata: { source: b.defaults.source, version: 1, ...runnerMetadata(), ...guarded.metadata ?? {} },
    path: pathFor(id, timestamp),
    extra: {}
  };
  if (guarded.scope) memory.scope = guarded.scope;
  if (expires) memory.extra.expires = expires;
  if (upsertKey) memory.extra[UPSERT_KEY_FIELD] = String(guarded.extra?.upsert_key ?? upsertKey);
  const fileText = memoryToFile(memory);
  guardFile(fileText, null, { ...guard, what: "the memory" });
  const file = Buffer.from(fileText, "utf8");
  const tagNote = tags.length ? ` [tags: ${tags.join(", ")}]` : "";
  const hash = input.dedupe ?? cfg.dedupe ? contentHash(content, memory.scope) : null;
  const key = upsertKey ? keyOf(upsertKey, memory.scope) : null;
  const vectors = await b.defaults.vectorsOnWrite?.([content]) ?? null;
  const res = await b.mutate((tip) => {
    if (input.id !== void 0 && tip && b.find(id, tip)) throw new DuplicateError(id);
    const hit = findExisting(b, tip, { hash, key });
    if (hit?.kind === "duplicate") return { change: null, result: { id: hit.memory.id, timestamp: hit.memory.timestamp, duplicate: true } };
    if (hit?.kind === "upsert") {
      const old = hit.memory;
      const next = { ...old, content, metadata: { ...old.metadata, ...guarded.metadata ?? {} }, extra: { ...old.extra } };
      if (givenTags.length) next.tags = tags;
      const retagged = !givenTags.length && tags.length > 0 && JSON.stringify(old.tags) === JSON.stringify(derivedTags(old.content));
      if (retagged) next.tags = tags;
      if (input.category !== void 0) next.category = memory.category;
      if (input.priority !== void 0) next.priority = memory.priority;
      if (expires) next.extra.expires = expires;
      const same = normalizeContent(old.content) === normalizeContent(content) && JSON.stringify([next.tags, next.category, next.priority, next.extra, next.metadata]) === JSON.stringify([old.tags, old.category, old.priority, old.extra, old.metadata]);
      if (same) return { change: null, result: { id: old.id, timestamp: old.timestamp, duplicate: true } };
      const v = Number(old.metadata.version);
      next.metadata.version = (Number.isInteger(v) && v > 0 ? v : 1) + 1;
      next.updated = b.now().toISOString();
      const nextText = memoryToFile(next);
      guardFile(nextText, memoryToFile(old), { ...guard, what: "the memory" });
      const changes2 = /* @__PURE__ */ new Map([[old.path, Buffer.from(nextText, "utf8")]]);
      vectors?.add(changes2, old.id, old.timestamp, content);
      return {
        change: {
          changes: changes2,
          message: `memory: update ${old.id} (upsert key ${memory.extra[UPSERT_KEY_FIELD]}) to version ${next.metadata.version}

${excerpt(content, COMMIT_EXCERPT)}

Memory-Id: ${old.id}
`
        },
        result: { id: old.id, timestamp: old.timestamp, upserted: true, ...retagged ? { retagged: true } : {} }
      };
    }
    const changes = /* @__PURE__ */ new Map([[memory.path, file]]);
    vectors?.add(changes, id, timestamp, content);
    return {
      change: { changes, message: `memory: store ${id}${tagNote}

${excerpt(content, COMMIT_EXCERPT)}

Memory-Id: ${id}
` },
      result: { id, timestamp }
    };
  });
  const out = { success: true, id: res.id, timestamp: res.timestamp, commit: res.commit };
  if (res.duplicate) out.duplicate = true;
  if (res.upserted) out.upserted = true;
  if (!givenTags.length && tags.length && !out.duplicate && (!out.upserted || res.retagged)) out.autoTags = tags;
  if (guarded.redacted) out.redacted = guarded.redacted;
  return out;
}

// src/core/ops/get.ts
async function findInIndex(b, id) {
  const { locateInIndex } = await import("./listing-57UN7JWT.js");
  const at = locateInIndex(b, id);
  if (!at) return null;
  try {
    const memory = memoryFromFile(at.path, blobText(b.git.readBlob(at.oid), at.path, (w) => b.warn(w)), (w) => b.warn(w));
    return memory.id === id ? { path: at.path, oid: at.oid, memory } : null;
  } catch {
    return null;
  }
}
async function getMemory(b, id) {
  const tip = b.tip();
  const hit = b.findAtPath(id, tip) ?? (tip ? await findInIndex(b, id) : null);
  if (hit) return { success: true, memory: publicMemory(hit.memory) };
  const archived = b.archiveCatalog().byId.get(id);
  if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
  throw missingError(b, id, tip);
}
function missingError(b, id, tip) {
  const tree = b.treeOf(tip);
  if (tree) {
    const path = pathFor(id, "");
    const e = b.git.entryAt(tree, path);
    if (e && /^10[0-7]{4}$/.test(e.mode)) {
      try {
        const m = memoryFromFile(path, b.git.readBlob(e.oid).toString("utf8"));
        if (m.id === id) return new NotFoundError(id);
      } catch (err) {
        return new UnreadableMemoryError(id, path, err.message);
      }
    }
    for (const s of b.catalog(tip).skipped) {
      if (s.path.endsWith(`/${id}.md`) || idFromPath(s.path) === id) return new UnreadableMemoryError(id, s.path, s.reason);
    }
  }
  return notFoundError(b, id, tip);
}

// src/core/ops/list.ts
function toLimit(v, dflt, name) {
  return limitOf(v, dflt, name);
}
function byNewest(a, b) {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
function filterMemories(b, f = {}) {
  const tags = normalizeTags(f.tags);
  const out = [];
  const live = b.catalog().byId;
  const sources = [[live.values(), false]];
  if (f.archived) sources.push([b.archiveCatalog().byId.values(), true]);
  for (const [entries, archived] of sources) {
    for (const e of entries) {
      const m = e.memory;
      if (archived && live.has(m.id)) continue;
      if (f.category !== void 0 && m.category !== f.category) continue;
      if (f.scope !== void 0 && m.scope !== f.scope) continue;
      if (f.priority !== void 0 && m.priority !== f.priority) continue;
      if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
      out.push(archived ? { ...publicMemory(m), archived: true } : publicMemory(m));
    }
  }
  return out.sort(byNewest);
}
async function recentMemories(b, count) {
  const n = toLimit(count, 10, "count");
  const { listMemories } = await import("./listing-57UN7JWT.js");
  const r = listMemories(b, {}, n);
  return { success: true, memories: r.memories, total: r.total };
}
async function taggedMemories(b, tags) {
  const t = normalizeTags(tags);
  if (!t.length) throw new InvalidInputError('give at least one tag, e.g. "memory tagged api,limits"', { field: "tags" });
  const { listMemories } = await import("./listing-57UN7JWT.js");
  return { success: true, memories: listMemories(b, { tags: t }, null).memories };
}
async function listPage(b, f = {}) {
  const limit = toLimit(f.limit, 50, "limit");
  const { listMemories } = await import("./listing-57UN7JWT.js");
  const r = listMemories(b, f, limit);
  return { success: true, memories: r.memories, total: r.total };
}

// src/core/ops/update.ts
import { isUtf8 } from "node:buffer";
var lifecycle2 = () => import("./store-hooks-UGQAA5EV.js");
async function updateMemory(b, id, patch) {
  const { guardOptions, assertNoNewSecrets, guardFields, guardFile } = await lifecycle2();
  assertId(id);
  const fields = ["content", "tags", "category", "priority", "scope", "metadata"].filter((k) => patch[k] !== void 0);
  if (!fields.length) throw new InvalidInputError("nothing to update: give content, tags, category, priority, scope or metadata", { field: "patch" });
  const content = patch.content !== void 0 ? validateContent(patch.content, b.defaults.maxContentBytes ?? MAX_CONTENT_BYTES) : void 0;
  if (patch.priority !== void 0 && !isPriority(patch.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: "priority" });
  }
  if (patch.metadata !== void 0 && (typeof patch.metadata !== "object" || patch.metadata === null || Array.isArray(patch.metadata))) {
    throw new InvalidInputError("metadata must be an object of keys to values", { field: "metadata" });
  }
  const patchTags = patch.tags !== void 0 ? checkedTags(patch.tags) : void 0;
  checkMetadata(patch.metadata);
  for (const f of ["category", "scope"]) checkText(patch[f], f);
  let attempt = 0;
  const vectors = content !== void 0 ? await b.defaults.vectorsOnWrite?.([content]) ?? null : null;
  const res = await b.mutate((tip) => {
    const hit = tip ? b.find(id, tip) : null;
    if (!hit) throw missingError(b, id, tip);
    if (!isUtf8(b.git.readBlob(hit.oid))) throw new UnreadableMemoryError(id, hit.path, notUtf8(hit.path));
    const old = hit.memory;
    const next = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
    if (content !== void 0) next.content = content;
    if (patchTags !== void 0) next.tags = patchTags;
    if (patch.category !== void 0) next.category = patch.category.trim() || b.defaults.defaultCategory || "general";
    if (patch.priority !== void 0) next.priority = patch.priority;
    if (patch.scope !== void 0) {
      if (patch.scope) next.scope = patch.scope;
      else delete next.scope;
    }
    if (patch.metadata !== void 0) Object.assign(next.metadata, patch.metadata);
    const guard = guardOptions(b.config(), patch);
    if (guard.allowSecret && !attempt++) b.warn(`the secret guard is lowered for the update of ${id} (--allow-secret or secretGuard "off"): a credential in it is stored as it is`);
    next.content = assertNoNewSecrets(next.content, old.content, { ...guard, what: `the update of ${id}` });
    const rawTags = patch.tags === void 0 ? [] : Array.isArray(patch.tags) ? patch.tags.map(String) : String(patch.tags).split(",");
    const guardedFields = guardFields({ tags: rawTags, category: patch.category !== void 0 ? next.category : "", scope: patch.scope ? next.scope : "", metadata: patch.metadata ?? {} }, { ...guard, what: `the update of ${id}` });
    if (patch.tags !== void 0) next.tags = checkedTags(guardedFields.tags);
    if (patch.category !== void 0) next.category = guardedFields.category;
    if (patch.scope) next.scope = guardedFields.scope;
    if (patch.metadata !== void 0) Object.assign(next.metadata, guardedFields.metadata);
    const changed = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
    const oldVersion = Number(old.metadata.version);
    const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
    if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] } };
    next.updated = b.now().toISOString();
    next.metadata.version = version + 1;
    const nextText = memoryToFile(next);
    guardFile(nextText, memoryToFile(old), { ...guard, what: `the update of ${id}` });
    const changes = /* @__PURE__ */ new Map([[hit.path, Buffer.from(nextText, "utf8")]]);
    if (changed.includes("content")) vectors?.add(changes, id, old.timestamp, next.content);
    return {
      change: {
        changes,
        message: `memory: update ${id} (${changed.join(", ")}) to version ${version + 1}

${excerpt(next.content, COMMIT_EXCERPT)}

Memory-Id: ${id}
`
      },
      result: { version: version + 1, updated: next.updated, changed }
    };
  });
  return { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit };
}

// src/core/ops/delete.ts
function otherCopies(b, id, path, tip, filesOfIdInIndex) {
  const files = tip === b.tip() ? filesOfIdInIndex(b, id) : null;
  if (files) {
    const out = [];
    for (const at of files) {
      if (at.path === path) continue;
      try {
        const memory = memoryFromFile(at.path, b.git.readBlob(at.oid).toString("utf8"), (w) => b.warn(w));
        if (memory.id === id) out.push({ path: at.path, oid: at.oid, memory });
      } catch {
      }
    }
    return out;
  }
  return b.catalog(tip).entries.filter((e) => e.memory.id === id && e.path !== path);
}
async function deleteMemory(b, id) {
  assertId(id);
  const { filesOfIdInIndex } = await import("./listing-57UN7JWT.js");
  const { notFoundError: notFoundError2 } = await import("./trash-BJCM4UHH.js");
  const res = await b.mutate((tip) => {
    const hit = tip ? b.find(id, tip) : null;
    if (!hit || !tip) throw missingError(b, id, tip);
    const copies = [hit, ...otherCopies(b, id, hit.path, tip, filesOfIdInIndex)];
    const when = b.now();
    return {
      // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
      change: {
        changes: new Map(copies.flatMap((c) => [[c.path, null], [trashPathFor(c.path), trashFile(c.memory, when)]])),
        message: `memory: delete ${id} (moved to the trash${copies.length > 1 ? `, ${copies.length} files` : ""})

${excerpt(hit.memory.content, COMMIT_EXCERPT)}

Memory-Id: ${id}
`
      },
      result: { files: copies.length }
    };
  });
  const out = { success: true, deleted: id, commit: res.commit };
  if (res.files > 1) out.files = res.files;
  return out;
}
async function deleteTagged(b, tag) {
  const [t] = normalizeTags(tag);
  if (!t) throw new InvalidInputError("give a tag to delete by", { field: "tag" });
  const res = await b.mutate((tip) => {
    const hits = [...b.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
    if (!hits.length) return { change: null, result: { deleted: [] } };
    const ids = hits.map((h) => h.memory.id);
    return {
      change: {
        changes: new Map(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, b.now())]])),
        message: `memory: delete ${ids.length} memor${ids.length === 1 ? "y" : "ies"} [tag: ${t}] (moved to the trash)

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
`
      },
      result: { deleted: ids }
    };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}
async function clearMemories(b, opts = {}) {
  if (!opts.confirm) throw new ConfirmationRequiredError("clearing every memory");
  const res = await b.mutate((tip) => {
    const cat = b.catalog(tip);
    const n = cat.byId.size;
    if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
    const changes = /* @__PURE__ */ new Map();
    const when = b.now();
    for (const e of cat.entries) changes.set(e.path, null).set(trashPathFor(e.path), trashFile(e.memory, when));
    for (const f of cat.skipped) changes.set(f.path, null).set(trashPathFor(f.path), b.git.readBlob(f.oid));
    return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)
` }, result: { deleted: n } };
  });
  return { success: true, deleted: res.deleted, commit: res.commit };
}

// src/core/store.ts
var DEFAULT_BRANCH = "memory";
var BRANCH_README = `# git-memory

This branch holds long-term memories written by git-memory (the \`memory\` command):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;
var BOT = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
var DEFAULT_IDENTITY = { name: "git-memory", email: "git-memory@localhost" };
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function afterLostRace(err, attempt) {
  if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
  await sleep(Math.random() * Math.min(50, 2 ** attempt));
}
var MemoryStore = class {
  /** @internal The open repository (src/git): not part of the public API. */
  git;
  branch;
  ref;
  /** @internal */
  cacheDir;
  opts;
  catalogMemo = null;
  archiveMemo = null;
  configMemo = null;
  configWarned = /* @__PURE__ */ new Set();
  /** @internal What the operations in src/core/ops apply from the options this store was opened with. */
  defaults;
  constructor(opts = {}) {
    this.opts = opts;
    this.defaults = { source: opts.source ?? "library", maxContentBytes: opts.maxContentBytes, defaultCategory: opts.defaultCategory, vectorsOnWrite: opts.vectorsOnWrite };
    this.git = GitRepository.open(opts.repo);
    this.branch = validateBranchName(opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH);
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }
  /**
   * The effective configuration: defaults < branch `.memory/config.json` < repo `.git-memory.json` <
   * `MEMORY_*` env < `opts.config`. Cached for this store instance (re-read when the branch file
   * changes); every layer is checked by the one validator (src/core/config-validate.ts).
   */
  config() {
    return this.resolvedConfig().config;
  }
  /** The configuration with where each value came from and the problems found in each layer. */
  resolvedConfig() {
    const branchOid = branchConfigOid(this);
    if (!this.configMemo || this.configMemo.branchOid !== branchOid) this.configMemo = { ...this.reportConfigIssues(readStoreConfig(this, this.configFlags())), branchOid };
    return this.configMemo;
  }
  /** {@link config}, for callers that await it (the library's `settings()`): the same answer. */
  async loadConfig() {
    return this.config();
  }
  /** Forgets the cached configuration (after `memory config set`). */
  invalidateConfig() {
    this.configMemo = null;
  }
  configFlags() {
    const flags = { ...this.opts.config ?? {} };
    if (this.opts.maxContentBytes !== void 0) flags.maxContentBytes = this.opts.maxContentBytes;
    if (this.opts.defaultCategory !== void 0) flags.defaultCategory = this.opts.defaultCategory;
    if (this.opts.defaultPriority !== void 0) flags.defaultPriority = this.opts.defaultPriority;
    return flags;
  }
  reportConfigIssues(r) {
    for (const i of r.issues) {
      if (this.configWarned.has(i.message)) continue;
      this.configWarned.add(i.message);
      this.warn(i.message);
    }
    return r;
  }
  now() {
    return this.opts.now ? this.opts.now() : /* @__PURE__ */ new Date();
  }
  warn(message) {
    (this.opts.warn ?? ((m) => process.stderr.write(`git-memory: warning: ${m}
`)))(safeText(message));
  }
  /** @internal The branch tip, or null before the first write. */
  tip() {
    return this.git.resolve(this.ref);
  }
  /** @internal */
  treeOf(commit) {
    return commit ? this.git.readCommit(commit).tree : null;
  }
  /** @internal Every memory at the current tip (or at `commit`). */
  catalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }
  /**
   * @internal {@link catalog} for a long-lived process (`memory view`): the cache file is parsed off
   * this thread (src/core/catalog.ts, loadCatalogAsync), so the event loop keeps answering meanwhile.
   */
  async catalogAsync(commit = this.tip(), archived = false, pace) {
    const tree = this.treeOf(commit);
    const previous = archived ? this.archiveMemo : this.catalogMemo;
    const cat = await loadCatalogAsync(this.git, tree, { dir: this.cacheDir, previous, warn: (m) => this.warn(m), pace, ...archived ? { prefix: ARCHIVE_DIR } : {} });
    if (archived) this.archiveMemo = cat;
    else this.catalogMemo = cat;
    return cat;
  }
  /** @internal Every memory archived by `memory prune` (under `archive/`), at the tip or at `commit`. */
  archiveCatalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.archiveMemo, warn: (m) => this.warn(m), prefix: ARCHIVE_DIR });
    this.archiveMemo = cat;
    return cat;
  }
  /** @internal */
  identity() {
    return this.git.identity(process.env.GITHUB_ACTIONS === "true" ? BOT : DEFAULT_IDENTITY);
  }
  /** @internal
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate(compute) {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      if (!tip) change.changes.set("README.md", Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes: change.changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        await afterLostRace(err, attempt);
      }
    }
  }
  /** @internal Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id, commit = this.tip()) {
    const hit = this.findAtPath(id, commit);
    if (hit !== void 0) return hit;
    return this.catalog(commit).byId.get(id) ?? null;
  }
  /** @internal The fast path of {@link find}: the memory at the path its id gives; undefined when not there. */
  findAtPath(id, commit) {
    assertId(id);
    const tree = this.treeOf(commit);
    if (!tree) return null;
    const guess = pathFor(id, "");
    const entry = this.git.entryAt(tree, guess);
    if (entry && /^10[0-7]{4}$/.test(entry.mode)) {
      const text = blobText(this.git.readBlob(entry.oid), guess, (w) => this.warn(w));
      try {
        const m = memoryFromFile(guess, text, (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(unreadableFile(guess, err.message));
      }
    }
    return void 0;
  }
  // The memory operations live in src/core/ops, one file each, over the StoreBranch this store is.
  store(input) {
    return storeMemory(this, input);
  }
  get(id) {
    return getMemory(this, id);
  }
  /** @internal All memories matching a filter, newest first (no paging), from the full catalog; `list` is the scalable form. */
  filter(f = {}) {
    return filterMemories(this, f);
  }
  recent(count) {
    return recentMemories(this, count);
  }
  tagged(tags) {
    return taggedMemories(this, tags);
  }
  list(f = {}) {
    return listPage(this, f);
  }
  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Nothing changes (no commit) when every given field
   * already has that value.
   */
  update(id, patch) {
    return updateMemory(this, id, patch);
  }
  delete(id) {
    return deleteMemory(this, id);
  }
  deleteByTag(tag) {
    return deleteTagged(this, tag);
  }
  clear(opts = {}) {
    return clearMemories(this, opts);
  }
  /**
   * `memory_search`: ranked full-text search with filters (docs/search.md). The index is derived
   * from the branch and loaded on first use; lunr only loads when a search runs.
   */
  async search(q = {}, opts) {
    const { modeSearch } = await import("./hybrid-XG3PTAML.js");
    return modeSearch(this, q, opts);
  }
  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts) {
    const { rebuildIndex } = await import("./search-65IKSAQG.js");
    return rebuildIndex(this, opts);
  }
  /** Lets go of what the store holds open: index files (src/core/closers.ts), then the git reader. */
  close() {
    try {
      runClosers(this);
    } finally {
      this.git.close();
    }
  }
};

export {
  hashObject,
  safeText,
  safeError,
  storeMemory,
  getMemory,
  recentMemories,
  taggedMemories,
  listPage,
  updateMemory,
  deleteMemory,
  deleteTagged,
  clearMemories,
  BRANCH_README,
  afterLostRace,
  MemoryStore
};
