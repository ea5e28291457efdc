import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import type * as Crypto from 'node:crypto';
import { join, isAbsolute, resolve } from 'node:path';
import type * as Zlib from 'node:zlib';
import { CorruptObjectError, ObjectMissingError } from '../errors.js';
import { writeFileAtomic } from './atomic-file.js';
import { orderByHex } from './hex-order.js';

// node:zlib and node:crypto are required on first use, not imported: loading them (crypto pulls in
// streams and its cipher modules) cost 1-3 ms of every CLI start, and `memory --help` uses neither.
declare const require: (id: string) => unknown;
let zlibLib: typeof Zlib | undefined;
let cryptoLib: typeof Crypto | undefined;
const zlib = () => (zlibLib ??= require('node:zlib') as typeof Zlib);
const crypto = () => (cryptoLib ??= require('node:crypto') as typeof Crypto);

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';
export interface GitObject {
  type: ObjectType;
  data: Buffer;
}

/**
 * Where each object of a list is, in the order to read them (see {@link ObjectStore.plan}): at step
 * `k`, object `order[k]` of the list, in pack `packs[pack[k]]` (its .idx path) at `offset[k]`, or
 * (`pack[k]` -1) in no pack: read by id.
 */
export interface ReadPlan {
  order: Uint32Array;
  pack: Int32Array;
  offset: Float64Array;
  packs: string[];
}

const PACK_TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };

/** The page a small pack read takes (see Pack.read). */
const READ_PAGE = 4096;
/**
 * Objects found in one pack after which its .idx is read whole rather than in slices. Only objects
 * found count: a lookup that misses (a loose object just written, searched in every pack before its
 * file; an object of another pack) costs one slice. Counting misses too, a process that reads a few
 * dozen new objects after another writer's stores would read every .idx of a 20-pack branch whole
 * (28 MB at 1,000,000 memories, most of its time).
 */
const WHOLE_AFTER = 64;
/** Packs beyond which a loose object is looked for before the packs other than the last one used. */
const LOOSE_BEFORE_PACKS = 4;

/**
 * One pack: its .idx held in memory (binary-searched), its .pack read by offset on demand. Both index
 * versions are read: v2 (git's default since 1.5.2) and v1 (no magic; still written by
 * `git index-pack --index-version=1` and old tools).
 */
class Pack {
  /** The whole .idx, once this pack has been searched often (see {@link offsetOf}). */
  private idx: Buffer | null = null;
  private idxFd: number | null;
  /** The 256-entry fan-out table: how many ids start with a byte <= i. */
  private fan: Buffer;
  /** Objects found in this pack by {@link offsetOf}. */
  private lookups = 0;
  private count: number;
  private version: 1 | 2;
  /** Where the fan-out table starts: after the 8-byte header in v2, at 0 in v1. */
  private fanout: number;
  private fd: number | null = null;
  private size = 0;
  private window: { pos: number; buf: Buffer } | null = null;
  /** What a small read takes (see {@link read}); larger while {@link ObjectStore.readEach} walks the pack in order. */
  page = READ_PAGE;
  /** Resolved objects by pack offset; delta chains hit the same bases again and again. */
  private cache = new Map<number, GitObject>();

  /**
   * Reads the header and fan-out table only: a command that reads a few objects searches a few
   * slices of the index (a pread of the ids starting with one byte, ~1/256 of them) instead of
   * reading every .idx whole (171 ms of a warm search over the 20 packs of a 1,000,000-memory
   * import, each a fresh buffer). After {@link WHOLE_AFTER} objects found here the .idx is read whole.
   */
  constructor(readonly idxPath: string, private readonly packPath: string) {
    this.idxFd = openSync(idxPath, 'r');
    try {
      const size = fstatSync(this.idxFd).size;
      const head = Buffer.alloc(Math.min(size, 8 + 1024));
      readSync(this.idxFd, head, 0, head.length, 0);
      if (head.length >= 8 && head.readUInt32BE(0) === 0xff744f63) {
        const v = head.readUInt32BE(4);
        if (v !== 2) throw new CorruptObjectError(idxPath, `unsupported pack index version ${v} (versions 1 and 2 are read)`);
        this.version = 2;
        this.fanout = 8;
      } else {
        this.version = 1;
        this.fanout = 0;
      }
      if (size < this.fanout + 256 * 4 + 40 || head.length < this.fanout + 1024) throw new CorruptObjectError(idxPath, 'truncated pack index');
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

  /** Bytes of the .idx read from its file so far (slices, or the whole file once). */
  idxRead = 0;

  /** True once the whole .idx is held in memory. */
  get whole(): boolean {
    return this.idx !== null;
  }

  private idxBytes(pos: number, len: number): Buffer {
    if (this.idx) return this.idx.subarray(pos, pos + len);
    this.idxRead += len;
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const r = readSync(this.idxFd as number, buf, got, len - got, pos + got);
      if (r === 0) throw new CorruptObjectError(this.idxPath, 'truncated pack index');
      got += r;
    }
    return buf;
  }

  offsetOf(oid: Buffer): number | null {
    if (!this.idx && this.lookups > WHOLE_AFTER) {
      // From the open file, not the path: a repack may have removed the path since.
      this.idx = this.idxBytes(0, fstatSync(this.idxFd as number).size);
      this.closeIdx();
    }
    const first = oid[0];
    const lo0 = first === 0 ? 0 : this.fan.readUInt32BE((first - 1) * 4);
    const hi0 = this.fan.readUInt32BE(first * 4);
    if (hi0 <= lo0) return null;
    // v1: 24-byte entries of (4-byte offset, 20-byte id) after the fan-out table; v2: ids, then offsets.
    const width = this.version === 1 ? 24 : 20;
    const base = this.version === 1 ? 1024 : 8 + 1024;
    const slice = this.idxBytes(base + lo0 * width, (hi0 - lo0) * width);
    let lo = 0;
    let hi = hi0 - lo0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = mid * width + (this.version === 1 ? 4 : 0);
      const cmp = oid.compare(slice, at, at + 20);
      if (cmp === 0) {
        this.lookups++;
        if (this.version === 1) return slice.readUInt32BE(mid * 24);
        const i = lo0 + mid;
        const offBase = base + this.count * 24;
        const off = this.idxBytes(offBase + i * 4, 4).readUInt32BE(0);
        if (off & 0x80000000) {
          const largeBase = offBase + this.count * 4;
          return Number(this.idxBytes(largeBase + (off & 0x7fffffff) * 8, 8).readBigUInt64BE(0));
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
  objectCount(): number {
    return this.count;
  }

  matchSorted(want: Buffer, n: number, visit: (i: number, offset: number) => void): void {
    if (!this.idx) {
      this.idx = this.idxBytes(0, fstatSync(this.idxFd as number).size);
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
        let off: number;
        if (v1) off = idx.readUInt32BE(at - 4);
        else {
          off = idx.readUInt32BE(offBase + j * 4);
          if (off & 0x80000000) off = Number(idx.readBigUInt64BE(offBase + this.count * 4 + (off & 0x7fffffff) * 8));
        }
        visit(i, off);
        i++;
        j++;
      }
    }
  }

  private closeIdx(): void {
    if (this.idxFd !== null) closeSync(this.idxFd);
    this.idxFd = null;
  }

  /**
   * Bytes at `pos`. A small read takes a whole page and keeps it: an object's header and its
   * compressed data (for a memory, a few hundred bytes) then cost one system call, not two (reads
   * were 17% of a full index build at 100,000 memories). Each page is a new buffer, never reused, so
   * what a caller holds is never overwritten.
   */
  private read(pos: number, len: number): Buffer {
    const w = this.window;
    if (w && pos >= w.pos && pos + len <= w.pos + w.buf.length) return w.buf.subarray(pos - w.pos, pos - w.pos + len);
    if (this.fd === null) {
      this.fd = openSync(this.packPath, 'r');
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

  readAt(offset: number, store: ObjectStore): GitObject {
    const hit = this.cache.get(offset);
    if (hit) return hit;
    let head = this.read(offset, 32);
    let c = head[0];
    const typeNum = (c >> 4) & 7;
    let size = c & 15;
    let shift = 4;
    let p = 1;
    while (c & 0x80) {
      c = head[p++];
      size += (c & 0x7f) * 2 ** shift;
      shift += 7;
    }
    let obj: GitObject;
    if (typeNum === 6) {
      c = head[p++];
      let rel = c & 0x7f;
      while (c & 0x80) {
        c = head[p++];
        rel = (rel + 1) * 128 + (c & 0x7f);
      }
      const base = this.readAt(offset - rel, store);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p, size)) };
    } else if (typeNum === 7) {
      const baseOid = head.subarray(p, p + 20).toString('hex');
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

  private inflateAt(pos: number, size: number): Buffer {
    // The compressed length is not stored; read generously and grow if zlib runs out of input.
    let len = size + 256;
    for (;;) {
      const chunk = this.read(pos, len);
      try {
        // An output buffer of the object's size (known from the pack), not zlib's default 16 KiB.
        return zlib().inflateSync(chunk, { chunkSize: Math.max(64, size) });
      } catch (err) {
        if (chunk.length < len || len > size * 4 + (1 << 20)) throw new CorruptObjectError(`${this.packPath}@${pos}`, String((err as Error).message));
        len *= 2;
      }
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.closeIdx();
  }
}

function applyDelta(base: Buffer, delta: Buffer): Buffer {
  let p = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    let c;
    do {
      c = delta[p++];
      v += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80);
    return v;
  };
  const srcSize = varint();
  if (srcSize !== base.length) throw new CorruptObjectError('(delta)', `base size ${base.length} != ${srcSize}`);
  const out = Buffer.allocUnsafe(varint());
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++];
    if (op & 0x80) {
      let off = 0;
      let len = 0;
      if (op & 1) off |= delta[p++];
      if (op & 2) off |= delta[p++] << 8;
      if (op & 4) off |= delta[p++] << 16;
      if (op & 8) off = (off | (delta[p++] << 24)) >>> 0;
      if (op & 16) len |= delta[p++];
      if (op & 32) len |= delta[p++] << 8;
      if (op & 64) len |= delta[p++] << 16;
      if (len === 0) len = 0x10000;
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op > 0) {
      delta.copy(out, o, p, p + op);
      o += op;
      p += op;
    } else {
      throw new CorruptObjectError('(delta)', 'delta opcode 0');
    }
  }
  if (o !== out.length) throw new CorruptObjectError('(delta)', 'delta result size mismatch');
  return out;
}

export { writeError } from './atomic-file.js';

export function hashObject(type: ObjectType, data: Buffer): string {
  return crypto().createHash('sha1').update(`${type} ${data.length}\0`).update(data).digest('hex');
}

/**
 * Reads and writes git objects directly in `.git/objects`: loose objects and v2 packs (with
 * OFS/REF deltas and alternates). Written objects are loose, zlib-compressed, and land with a
 * rename, so a crash never leaves a half-written object under its final name.
 */
export class ObjectStore {
  private packs: Pack[] | null = null;
  private lastPack: Pack | null = null;
  private alternates: ObjectStore[] | null = null;
  private known = new Set<string>();
  /** Packs whose index could not be read, by path: reported when an object is then not found. */
  private badPacks = new Map<string, string>();
  /**
   * Asked for an object this reader cannot find (a partial clone's promised object, a format this
   * reader does not know). GitRepository sets it to `git cat-file`, which fetches promised objects.
   */
  fallback: ((oid: string, expect?: ObjectType) => GitObject | null) | null = null;

  constructor(readonly objectsDir: string) {}

  private loadPacks(): Pack[] {
    if (this.packs) return this.packs;
    const dir = join(this.objectsDir, 'pack');
    const packs: Pack[] = [];
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      /* no packs yet */
    }
    for (const name of names) {
      if (!name.endsWith('.idx')) continue;
      const packPath = join(dir, name.slice(0, -4) + '.pack');
      if (!existsSync(packPath)) continue;
      try {
        packs.push(new Pack(join(dir, name), packPath));
        this.badPacks.delete(name);
      } catch (err) {
        // A pack being written by a concurrent fetch (picked up on the next rescan), or an index this
        // reader cannot use: objects in it are then read through the fallback (git), or reported.
        this.badPacks.set(name, (err as Error).message);
      }
    }
    this.packs = packs;
    return packs;
  }

  private loadAlternates(): ObjectStore[] {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    try {
      const text = readFileSync(join(this.objectsDir, 'info', 'alternates'), 'utf8');
      for (const line of text.split('\n')) {
        const l = line.trim();
        if (!l || l.startsWith('#')) continue;
        this.alternates.push(new ObjectStore(isAbsolute(l) ? l : resolve(this.objectsDir, l)));
      }
    } catch {
      /* none */
    }
    return this.alternates;
  }

  private readLoose(oid: string): GitObject | null {
    let raw: Buffer;
    try {
      raw = readFileSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    let buf: Buffer;
    try {
      buf = zlib().inflateSync(raw);
    } catch (err) {
      throw new CorruptObjectError(oid, `loose object does not inflate: ${(err as Error).message}`);
    }
    const nul = buf.indexOf(0);
    const header = buf.subarray(0, nul).toString('latin1');
    const sp = header.indexOf(' ');
    const type = header.slice(0, sp) as ObjectType;
    return { type, data: buf.subarray(nul + 1) };
  }

  private readPacked(oid: string, rescan: boolean): GitObject | null {
    const bin = Buffer.from(oid, 'hex');
    const packs = this.loadPacks();
    // The pack that held the last object first, as git does: objects read one after another (the
    // files of one month, a commit's trees) were mostly written together. A full index build over an
    // import's 20 packs spent 12% of its time searching packs that did not have the object.
    const last = this.lastPack;
    if (last && packs.includes(last)) {
      const off = last.offsetOf(bin);
      if (off !== null) return last.readAt(off, this);
    }
    // Many packs: the loose file next (one failed open() for a packed object), before a slice of
    // every other pack's index (what a new object, loose until a repack, would cost).
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

  tryRead(oid: string): GitObject | null {
    // Packs first, as git does: a binary search in an index, where a loose miss costs a failed open()
    // (with many packs, the loose file comes after the last pack used: see readPacked).
    const obj = this.readPacked(oid, false) ?? this.readLoose(oid) ?? this.readPacked(oid, true);
    if (obj) return obj;
    for (const alt of this.loadAlternates()) {
      const a = alt.tryRead(oid);
      if (a) return a;
    }
    return null;
  }

  read(oid: string, expect?: ObjectType): GitObject {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, 'not a sha1 object id');
    const obj = this.tryRead(oid) ?? this.fallback?.(oid, expect) ?? null;
    if (!obj) {
      const bad = [...this.badPacks.values()];
      throw new ObjectMissingError(oid, bad.length ? `unreadable pack index: ${bad[0]}` : '');
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
  plan(oids: readonly string[]): ReadPlan {
    const n = oids.length;
    for (const o of oids) if (!/^[0-9a-f]{40}$/.test(o)) throw new CorruptObjectError(o, 'not a sha1 object id');
    const order = orderByHex(oids);
    const SHIFT = 2 ** 21;
    const want = Buffer.allocUnsafe(n * 20);
    for (let k = 0; k < n; k++) want.write(oids[order[k]], k * 20, 20, 'hex');
    const found = new Uint8Array(n);
    let remaining = n;
    const out: ReadPlan = { order: new Uint32Array(n), pack: new Int32Array(n), offset: new Float64Array(n), packs: [] };
    let at = 0;
    for (const pack of this.loadPacks()) {
      if (!remaining) break;
      const offs: number[] = [];
      const pos: number[] = [];
      pack.matchSorted(want, n, (k, off) => {
        if (found[k]) return;
        found[k] = 1;
        remaining--;
        offs.push(off);
        pos.push(order[k]);
      });
      if (!offs.length) continue;
      // In pack order. Offsets below 4 GiB and positions below 2^21 pack into one exact float, sorted
      // as plain numbers; otherwise (a huge pack) a comparator sort.
      let byOffset: number[];
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
  readPlanned(plan: ReadPlan, k: number, oid: string, expect?: ObjectType, sequential = true): GitObject {
    const no = plan.pack[k];
    if (no < 0) return this.read(oid, expect);
    let open = this.planPacks.get(plan);
    if (!open) this.planPacks.set(plan, (open = []));
    const pack = (open[no] ??= this.packAt(plan.packs[no]));
    pack.page = sequential ? 1 << 18 : READ_PAGE;
    const obj = pack.readAt(plan.offset[k], this);
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }

  /** The pack whose index is at `idxPath`: one this store has open, else opened now (another store's plan). */
  private packAt(idxPath: string): Pack {
    const open = this.loadPacks().find((p) => p.idxPath === idxPath) ?? this.extraPacks.get(idxPath);
    if (open) return open;
    const pack = new Pack(idxPath, idxPath.slice(0, -4) + '.pack');
    this.extraPacks.set(idxPath, pack);
    return pack;
  }
  private extraPacks = new Map<string, Pack>();
  /** Each plan's packs by number, found once (a plan of a million objects names a few dozen packs). */
  private planPacks = new WeakMap<ReadPlan, Pack[]>();

  /**
   * Reads every object of `oids` and calls `visit(i, object)` for each, in the order of {@link plan}
   * (cheapest for the object database) rather than the order given. A full index build at 1,000,000
   * memories read its blobs in tree order, which is random order in the import's packs: one system
   * call and up to 20 index searches per blob.
   */
  readEach(oids: readonly string[], visit: (i: number, obj: GitObject) => void, expect?: ObjectType): void {
    const plan = this.plan(oids);
    try {
      for (let k = 0; k < plan.order.length; k++) visit(plan.order[k], this.readPlanned(plan, k, oids[plan.order[k]], expect));
    } finally {
      for (const p of this.packs ?? []) p.page = READ_PAGE;
    }
  }

  /** Pack index reads of the packs open now: bytes read from .idx files, and how many are held whole. */
  indexReads(): { bytes: number; whole: number } {
    let bytes = 0;
    let whole = 0;
    for (const p of this.packs ?? []) {
      bytes += p.idxRead;
      if (p.whole) whole++;
    }
    return { bytes, whole };
  }

  /** Packs whose index this reader could not use (git may still read them). */
  hasUnreadablePacks(): boolean {
    this.loadPacks();
    return this.badPacks.size > 0;
  }

  has(oid: string): boolean {
    if (this.known.has(oid)) return true;
    if (existsSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)))) return true;
    const bin = Buffer.from(oid, 'hex');
    return this.loadPacks().some((p) => p.offsetOf(bin) !== null) || this.loadAlternates().some((a) => a.has(oid));
  }

  /** Bytes of the loose file of `oid` in this object directory, or null when it has none. */
  looseSize(oid: string): number | null {
    if (!/^[0-9a-f]{40}$/.test(oid)) return null;
    try {
      return statSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2))).size;
    } catch {
      return null;
    }
  }

  write(type: ObjectType, data: Buffer): string {
    const oid = hashObject(type, data);
    if (this.known.has(oid)) return oid;
    const dir = join(this.objectsDir, oid.slice(0, 2));
    const file = join(dir, oid.slice(2));
    if (!existsSync(file)) {
      const compressed = zlib().deflateSync(Buffer.concat([Buffer.from(`${type} ${data.length}\0`), data]), { level: 1 });
      try {
        // `tmp_obj_<pid>_*`: the name a later write recognises as left by a killed process.
        writeFileAtomic(file, compressed, { mode: 0o444, tmpName: `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`, errorPath: this.objectsDir });
      } catch (err) {
        // Another process wrote the same object meanwhile: it is there, which is all that counts.
        if (!existsSync(file)) throw err;
      }
    }
    if (this.known.size > 100_000) this.known.clear();
    this.known.add(oid);
    return oid;
  }

  close(): void {
    for (const p of this.packs ?? []) p.close();
    this.packs = null;
    for (const p of this.extraPacks.values()) p.close();
    this.extraPacks.clear();
  }
}
