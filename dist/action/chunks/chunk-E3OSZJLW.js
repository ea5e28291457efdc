import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  orderByHex
} from "./chunk-Z5YN2S7E.js";
import {
  writeFileAtomic
} from "./chunk-5EVQ5UWQ.js";
import {
  CorruptObjectError,
  ObjectMissingError
} from "./chunk-FJGJKBHJ.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

// src/git/objects.ts
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join, isAbsolute, resolve } from "node:path";
var zlibLib;
var cryptoLib;
var zlib = () => zlibLib ??= __require("node:zlib");
var crypto = () => cryptoLib ??= __require("node:crypto");
var PACK_TYPES = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
var READ_PAGE = 4096;
var WHOLE_AFTER = 64;
var LOOSE_BEFORE_PACKS = 4;
var Pack = class {
  /**
   * Reads the header and fan-out table only: a command that reads a few objects searches a few
   * slices of the index (a pread of the ids starting with one byte, ~1/256 of them) instead of
   * reading every .idx whole (171 ms of a warm search over the 20 packs of a 1,000,000-memory
   * import, each a fresh buffer). After {@link WHOLE_AFTER} objects found here the .idx is read whole.
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
  /** Objects found in this pack by {@link offsetOf}. */
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
  /** Bytes of the .idx read from its file so far (slices, or the whole file once). */
  idxRead = 0;
  /** True once the whole .idx is held in memory. */
  get whole() {
    return this.idx !== null;
  }
  idxBytes(pos, len) {
    if (this.idx) return this.idx.subarray(pos, pos + len);
    this.idxRead += len;
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
    if (!this.idx && this.lookups > WHOLE_AFTER) {
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
        this.lookups++;
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
    if (!rescan && packs.length > LOOSE_BEFORE_PACKS) {
      const loose = this.readLoose(oid);
      if (loose) return loose;
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
   * The order {@link readEach} reads `oids` in, and where each is: the ids are sorted and merged with
   * each pack's sorted index, and each pack's objects are taken front to back. Objects in no pack
   * (loose, in an alternate, promised by a partial clone's remote) come last, in id order, to be read
   * one by one through {@link read}. A reader that splits the work (a full index build on two
   * threads, src/search/parallel-build.ts) reads parts of one plan with {@link readPlanned}, on this
   * store or on another thread's store of the same folder (packs are named by their index's path).
   */
  plan(oids) {
    const n = oids.length;
    for (const o of oids) if (!/^[0-9a-f]{40}$/.test(o)) throw new CorruptObjectError(o, "not a sha1 object id");
    const order = orderByHex(oids);
    const SHIFT = 2 ** 21;
    const want = Buffer.allocUnsafe(n * 20);
    for (let k = 0; k < n; k++) want.write(oids[order[k]], k * 20, 20, "hex");
    const found = new Uint8Array(n);
    let remaining = n;
    const out = { order: new Uint32Array(n), pack: new Int32Array(n), offset: new Float64Array(n), packs: [] };
    let at = 0;
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
      const no = out.packs.length;
      out.packs.push(pack.idxPath);
      for (const j of byOffset) {
        out.order[at] = pos[j];
        out.pack[at] = no;
        out.offset[at] = offs[j];
        at++;
      }
    }
    for (let k = 0; k < n; k++) {
      if (found[k]) continue;
      out.order[at] = order[k];
      out.pack[at] = -1;
      out.offset[at] = 0;
      at++;
    }
    return out;
  }
  /**
   * Object `k` of a {@link plan} (its id is `oid`, of type `expect` if given). Reading a plan's objects in order, each pack front
   * to back, takes large pages: set `sequential` while doing so.
   */
  readPlanned(plan, k, oid, expect, sequential = true) {
    const no = plan.pack[k];
    if (no < 0) return this.read(oid, expect);
    let open = this.planPacks.get(plan);
    if (!open) this.planPacks.set(plan, open = []);
    const pack = open[no] ??= this.packAt(plan.packs[no]);
    pack.page = sequential ? 1 << 18 : READ_PAGE;
    const obj = pack.readAt(plan.offset[k], this);
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  /** The pack whose index is at `idxPath`: one this store has open, else opened now (another store's plan). */
  packAt(idxPath) {
    const open = this.loadPacks().find((p) => p.idxPath === idxPath) ?? this.extraPacks.get(idxPath);
    if (open) return open;
    const pack = new Pack(idxPath, idxPath.slice(0, -4) + ".pack");
    this.extraPacks.set(idxPath, pack);
    return pack;
  }
  extraPacks = /* @__PURE__ */ new Map();
  /** Each plan's packs by number, found once (a plan of a million objects names a few dozen packs). */
  planPacks = /* @__PURE__ */ new WeakMap();
  /**
   * Reads every object of `oids` and calls `visit(i, object)` for each, in the order of {@link plan}
   * (cheapest for the object database) rather than the order given. A full index build at 1,000,000
   * memories read its blobs in tree order, which is random order in the import's packs: one system
   * call and up to 20 index searches per blob.
   */
  readEach(oids, visit, expect) {
    const plan = this.plan(oids);
    try {
      for (let k = 0; k < plan.order.length; k++) visit(plan.order[k], this.readPlanned(plan, k, oids[plan.order[k]], expect));
    } finally {
      for (const p of this.packs ?? []) p.page = READ_PAGE;
    }
  }
  /** Pack index reads of the packs open now: bytes read from .idx files, and how many are held whole. */
  indexReads() {
    let bytes = 0;
    let whole = 0;
    for (const p of this.packs ?? []) {
      bytes += p.idxRead;
      if (p.whole) whole++;
    }
    return { bytes, whole };
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
  /** Bytes of the loose file of `oid` in this object directory, or null when it has none. */
  looseSize(oid) {
    if (!/^[0-9a-f]{40}$/.test(oid)) return null;
    try {
      return statSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2))).size;
    } catch {
      return null;
    }
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
    for (const p of this.extraPacks.values()) p.close();
    this.extraPacks.clear();
  }
};

export {
  hashObject,
  ObjectStore
};
