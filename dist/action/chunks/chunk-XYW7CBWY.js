import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  RefStore,
  findRepository,
  readConfigFile,
  readEffectiveConfig
} from "./chunk-STGK6KZJ.js";
import {
  orderByHex
} from "./chunk-Z5YN2S7E.js";
import {
  catFileBatch,
  runGitSync
} from "./chunk-2XXUM5MY.js";
import {
  isRegularFile
} from "./chunk-OXLW64XD.js";
import {
  MODE_BLOB,
  MODE_TREE,
  badTreeName,
  hasRawBytes,
  isTreeMode,
  parseCommit,
  parseTree,
  serializeCommit,
  serializeTree
} from "./chunk-MPOJJG6T.js";
import {
  writeFileAtomic
} from "./chunk-TJNFFCVY.js";
import {
  CorruptObjectError,
  ObjectMissingError
} from "./chunk-TQGNLJW4.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

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
import { existsSync as existsSync2, readdirSync as readdirSync2, readFileSync as readFileSync2, unlinkSync } from "node:fs";
import { join as join2 } from "node:path";
var GitRepository = class _GitRepository {
  constructor(location) {
    this.location = location;
    this.objects = new ObjectStore(join2(location.commonDir, "objects"));
    this.target = { gitDir: location.gitDir, root: location.root };
    this.refs = new RefStore(location.commonDir, this.target);
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
        ["-c", "fetch.negotiationAlgorithm=noop", "-c", "maintenance.auto=false", "-c", "gc.auto=0", ...filterGiven(tf.remote), "fetch", tf.remote, "--quiet", "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", "--filter=tree:0", oid],
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
  /**
   * Every regular file (`isRegularFile`) under `prefix` (recursively), in tree order. Missing prefix
   * yields nothing. A file or folder whose name is not UTF-8 ({@link hasRawBytes}) is not listed, and
   * `onRawName` is told its path: such a file is no memory anyone can name, and every reader leaves it
   * out while every writer keeps it byte for byte (docs/DESIGN.md, "On-branch format").
   */
  listBlobs(tree, prefix, onRawName) {
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
        if (hasRawBytes(e.name)) {
          if (!isTreeMode(e.mode) && isRegularFile(e.mode)) onRawName?.(p, e.oid);
          else if (isTreeMode(e.mode)) for (const f of this.listBlobs(e.oid, "")) onRawName?.(`${p}/${f.path}`, f.oid);
          continue;
        }
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
    const oid = this.writeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when });
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }
  /**
   * Writes a commit object and moves no ref: the one commit writer (commitTree uses it; sync's
   * replays and pending refs write theirs here, then publish through a ref compare-and-swap). An
   * author or committer given as a string is kept verbatim.
   */
  writeCommit(c) {
    return this.objects.write("commit", serializeCommit(c));
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

export {
  hashObject,
  GitRepository,
  filterGiven
};
