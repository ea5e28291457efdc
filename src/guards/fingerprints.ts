import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { MEMORIES_DIR } from '../model/catalog.js';
import { contentHash } from '../model/content-hash.js';
import { isValidId } from '../model/id.js';
import { memoryFromFile } from '../model/memory.js';
import { writeFileAtomic } from '../git/atomic-file.js';
import { orderByHex } from '../git/hex-order.js';
import { catFileBatch } from '../git/cli.js';
import { diffFiles } from '../git/diff.js';
import type { BranchRepository } from '../model/branch-view.js';

/**
 * What de-duplication and upserts need to know about every live memory: a hash of its normalised
 * content (with its scope) and its upsert key. Kept as a small derived file under the git dir, keyed by
 * tree id and updated by diffing trees, so a store on a branch of 10,000 memories reads a few small
 * trees instead of parsing the whole catalog (which carries every memory's full text).
 */
export interface Fingerprint {
  path: string;
  id: string;
  hash: string;
  key?: string;
}

const enc = (key: string) => `k:${encodeURIComponent(key)}`;

/**
 * The index, kept as the text of its cache file (one line per file: hash, id, key, path) and searched
 * with indexOf: a store needs one or two lookups, and parsing 100,000 entries into maps cost more than
 * the rest of the store (measured: ~250 ms of parse, map building and GC at 100,000; the text form
 * reads, searches and writes back in a few tens of ms).
 */
export class FingerprintIndex {
  constructor(
    public tree: string | null,
    private body = '\n',
  ) {}

  private lineAt(start: number): Fingerprint {
    const end = this.body.indexOf('\n', start);
    const [hash, id, key, ...rest] = this.body.slice(start, end).split('\t');
    const f: Fingerprint = { hash, id, path: rest.join('\t') };
    if (key) f.key = decodeURIComponent(key.slice(2));
    return f;
  }

  byHash(hash: string): Fingerprint | undefined {
    const i = this.body.indexOf(`\n${hash}\t`);
    return i < 0 ? undefined : this.lineAt(i + 1);
  }

  byKey(key: string): Fingerprint | undefined {
    const i = this.body.indexOf(`\t${enc(key)}\t`);
    return i < 0 ? undefined : this.lineAt(this.body.lastIndexOf('\n', i) + 1);
  }

  /** Whether a line (an entry or a tombstone) is about `path`. */
  hasPath(path: string): boolean {
    return this.body.indexOf(`\t${path}\n`) >= 0;
  }

  /** Lines held. */
  count(): number {
    let n = 0;
    for (let i = this.body.indexOf('\n', 1); i >= 0; i = this.body.indexOf('\n', i + 1)) n++;
    return n;
  }

  remove(path: string): boolean {
    const i = this.body.indexOf(`\t${path}\n`);
    if (i < 0) return false;
    const start = this.body.lastIndexOf('\n', i) + 1;
    this.body = this.body.slice(0, start) + this.body.slice(i + path.length + 2);
    return true;
  }

  add(f: Fingerprint): void {
    if (/[\t\n]/.test(f.path)) return; // cannot be a line; such a file is just not de-duplicated against
    this.remove(f.path);
    this.body += `${f.hash}\t${f.id}\t${f.key ? enc(f.key) : ''}\t${f.path}\n`;
  }

  /** Applies many changes at once (a fetch, a clear): one pass instead of one string copy per change. */
  applyMany(changes: Array<{ path: string; f: Fingerprint | null }>): void {
    const lines = new Map<string, string>();
    for (const line of this.body.split('\n')) if (line) lines.set(line.slice(nthTab(line, 3) + 1), line);
    for (const { path, f } of changes) {
      lines.delete(path);
      if (f && !/[\t\n]/.test(f.path)) lines.set(path, `${f.hash}\t${f.id}\t${f.key ? enc(f.key) : ''}\t${f.path}`);
    }
    this.body = '\n' + [...lines.values()].map((l) => l + '\n').join('');
  }

  *entries(): Generator<Fingerprint> {
    for (let i = 1; i < this.body.length; ) {
      const end = this.body.indexOf('\n', i);
      if (end < 0) return;
      yield this.lineAt(i);
      i = end + 1;
    }
  }

  text(): string {
    return this.body;
  }
}

function nthTab(line: string, n: number): number {
  let i = -1;
  for (let k = 0; k < n; k++) i = line.indexOf('\t', i + 1);
  return i;
}

/** Front-matter field holding the upsert key. */
export const UPSERT_KEY_FIELD = 'upsert_key';
const FORMAT = 2;

// The content hash lives in core/ (a leaf the import's blob worker can bundle alone).
export { contentHash, normalizeContent } from '../model/content-hash.js';

export function keyOf(key: string, scope?: string): string {
  return `${scope ?? ''}\0${key}`;
}

/**
 * The fields de-duplication needs, without a YAML parse when the front matter is the simple form
 * git-memory writes (a cold cache on a fresh clone reads every file once; YAML was most of that cost).
 */
function quickFields(path: string, text: string): { id: string; content: string; scope?: string; key?: string } | null {
  if (!text.startsWith('---\n')) return null;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return null;
  const front = text.slice(4, end + 1);
  const one = (name: string): string | undefined | null => {
    const m = new RegExp(`^${name}:(.*)$`, 'm').exec(front);
    if (!m) return undefined;
    const v = m[1].trim();
    if (/^(?:true|false|null|~)$/i.test(v) || /^[-+.]?\d/.test(v)) return null; // YAML would not read a string
    if (/^[A-Za-z_][A-Za-z0-9_:.@/+-]*$/.test(v)) return v;
    if (/^"[^"\\]*"$/.test(v)) return v.slice(1, -1);
    return null; // quoted with escapes, a block, ...: let the YAML parser decide
  };
  const id = one('id');
  const scope = one('scope');
  const key = one(UPSERT_KEY_FIELD);
  if (!id || !isValidId(id) || scope === null || key === null) return null;
  return { id, content: text.slice(end + 5), scope: scope || undefined, key: key || undefined };
}

function fingerprint(git: BranchRepository, path: string, oid: string, data?: Buffer): Fingerprint | null {
  // A read failure (a partial clone offline) is thrown, never recorded as "no fingerprint" in the cache.
  const text = (data ?? git.readBlob(oid)).toString('utf8');
  try {
    const q = quickFields(path, text);
    if (q) {
      const f: Fingerprint = { path, id: q.id, hash: contentHash(q.content, q.scope) };
      if (q.key) f.key = keyOf(q.key, q.scope);
      return f;
    }
    const m = memoryFromFile(path, text);
    const rawKey = m.extra[UPSERT_KEY_FIELD];
    const f: Fingerprint = { path, id: m.id, hash: contentHash(m.content, m.scope) };
    if (typeof rawKey === 'string' && rawKey) f.key = keyOf(rawKey, m.scope);
    return f;
  } catch {
    return null; // unparsable files are reported by the catalog; they take part in nothing here
  }
}

/** Blob contents by id through `git cat-file --batch`, in slices so memory stays bounded; false when git cannot be run. */
function readBlobsWithGit(git: BranchRepository, oids: string[], visit: (oid: string, data: Buffer) => void): boolean {
  try {
    for (let i = 0; i < oids.length; i += 20_000) {
      for (const [oid, o] of catFileBatch(git.target, oids.slice(i, i + 20_000), { maxBytes: 2 ** 31 - 1 }).objects) if (o !== 'missing' && o.type === 'blob') visit(oid, o.data);
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * On disk (under the git dir, derived data, never a source of truth):
 *
 * - `fingerprints-v2.base`: an immutable binary table of every fingerprint at one tree, sorted by
 *   content hash (and a second table by upsert-key digest), searched by binary search with a few
 *   `pread`s: a store never loads it whole, whatever the size of the branch.
 * - `fingerprints-v2.txt`: the text log of what changed since that base (entries, and tombstones
 *   for removed paths), and the tree the two describe together. It is small (at most
 *   {@link LOG_LIMIT} lines): each store rewrites it, atomically, in constant time. Past the limit
 *   the log is merged into a new base (linear, once per {@link LOG_LIMIT} changes). A log without a
 *   base id in its header (as versions before the base existed wrote it) is a full index on its own.
 */
const HEADER = `git-memory fingerprints v${FORMAT} `;
const fileOf = (cacheDir: string) => join(cacheDir, `fingerprints-v${FORMAT}.txt`);
const baseOf = (cacheDir: string) => join(cacheDir, `fingerprints-v${FORMAT}.base`);
/** Log lines past which the log is merged into a new base. */
export const LOG_LIMIT = 4096;
const TOMBSTONE = '-';
const BASE_MAGIC = 0x50464d47; // "GMFP" little-endian
/**
 * The base's own layout version (its header's second word; the file keeps the name of {@link FORMAT}):
 * 3 leaves out a record's id when it is the name of the record's file. A base of layout 2 (every id
 * written) is still read, and replaced by layout 3 at its next merge; a version that knows only layout 2
 * rebuilds a layout 3 base from the branch.
 */
const BASE_FORMAT = 3;
const BASE_HEAD = 72;
const ROW = 16;

function digest12(s: string): Buffer {
  return createHash('sha1').update(s).digest().subarray(0, 12);
}

/** The binary base: read by `pread`, never whole (except when it is merged into a new one). */
export class FingerprintBase {
  private fd: number;
  readonly n: number;
  readonly k: number;
  readonly tree: string;
  readonly build: string;
  /** The layout of the records: {@link BASE_FORMAT}, or 2 (every record holds its id), a base written with that layout is read as it is rather than rebuilt (minutes at 1,000,000 memories). */
  private readonly layout: number;
  private readonly scratch = Buffer.alloc(ROW);

  private constructor(fd: number, head: Buffer) {
    this.fd = fd;
    this.n = head.readUInt32LE(8);
    this.k = head.readUInt32LE(12);
    this.tree = head.toString('latin1', 16, 56);
    this.build = head.toString('latin1', 56, 72);
    this.layout = head.readUInt32LE(4);
  }

  static open(file: string): FingerprintBase | null {
    let fd: number | null = null;
    try {
      fd = openSync(file, 'r');
      const head = Buffer.alloc(BASE_HEAD);
      if (readSync(fd, head, 0, BASE_HEAD, 0) !== BASE_HEAD || head.readUInt32LE(0) !== BASE_MAGIC || (head.readUInt32LE(4) !== BASE_FORMAT && head.readUInt32LE(4) !== 2)) throw new Error('not a base');
      const b = new FingerprintBase(fd, head);
      if (!/^[0-9a-f]{40}$/.test(b.tree)) throw new Error('bad tree');
      const size = fstatSync(fd).size;
      const offEnd = BASE_HEAD + (b.n + b.k) * ROW + (b.n + 1) * 4;
      if (size < offEnd || b.u32(offEnd - 4) !== size - offEnd) throw new Error('truncated');
      return b;
    } catch {
      if (fd !== null) closeSync(fd);
      return null; // missing, foreign or damaged: rebuilt by the caller
    }
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      /* already closed */
    }
  }

  private read(pos: number, len: number, into?: Buffer): Buffer {
    const buf = into && into.length >= len ? into : Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const r = readSync(this.fd, buf, got, len - got, pos + got);
      if (r === 0) throw new Error('short read');
      got += r;
    }
    return buf;
  }

  private u32(pos: number): number {
    return this.read(pos, 4, this.scratch).readUInt32LE(0);
  }

  private get recOffAt(): number {
    return BASE_HEAD + (this.n + this.k) * ROW;
  }

  private record(i: number): Fingerprint {
    const at = this.recOffAt;
    const o = this.read(at + i * 4, 8, this.scratch);
    const start = o.readUInt32LE(0);
    const end = o.readUInt32LE(4);
    const blob = at + (this.n + 1) * 4;
    return parseLine(this.read(blob + start, end - start).toString('utf8'), this.layout);
  }

  /** Binary search of one table for `key` (12 bytes): every record whose row carries it, in order. */
  private *rows(table: number, count: number, key: Buffer): Generator<Fingerprint> {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const row = this.read(table + mid * ROW, ROW, this.scratch);
      if (row.compare(key, 0, 12, 0, 12) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < count; i++) {
      const row = this.read(table + i * ROW, ROW, this.scratch);
      if (row.compare(key, 0, 12, 0, 12) !== 0) return;
      yield this.record(row.readUInt32LE(12));
    }
  }

  byHash(hash: string, live: (path: string) => boolean): Fingerprint | undefined {
    if (!/^[0-9a-f]{24}$/.test(hash)) return undefined;
    for (const f of this.rows(BASE_HEAD, this.n, Buffer.from(hash, 'hex'))) if (f.hash === hash && live(f.path)) return f;
    return undefined;
  }

  byKey(key: string, live: (path: string) => boolean): Fingerprint | undefined {
    for (const f of this.rows(BASE_HEAD + this.n * ROW, this.k, digest12(key))) if (f.key === key && live(f.path)) return f;
    return undefined;
  }

  /** Every record (reads the record area once, sequentially). */
  *entries(): Generator<Fingerprint> {
    const at = this.recOffAt;
    const offs = this.read(at, (this.n + 1) * 4);
    const blobAt = at + (this.n + 1) * 4;
    const total = offs.readUInt32LE(this.n * 4);
    const CHUNK = 1 << 22;
    let chunkStart = 0;
    let chunk: Buffer = Buffer.alloc(0);
    for (let i = 0; i < this.n; i++) {
      const s = offs.readUInt32LE(i * 4);
      const e = offs.readUInt32LE(i * 4 + 4);
      if (e > chunkStart + chunk.length) {
        chunkStart = s;
        chunk = this.read(blobAt + s, Math.min(total - s, Math.max(CHUNK, e - s)));
      }
      yield parseLine(chunk.toString('utf8', s - chunkStart, e - chunkStart), this.layout);
    }
  }
}

/**
 * A base record: hash, id, key, path. The id is left empty when the path's file name is `<id>.md`
 * (nearly every memory: 27 of its ~110 bytes at 1,000,000 memories), else written after a `=`, so an
 * empty id stays distinct from one left out.
 */
function lineOf(f: Fingerprint): string {
  const id = f.id && f.path.endsWith(`/${f.id}.md`) ? '' : `=${f.id}`;
  return `${f.hash}\t${id}\t${f.key ? enc(f.key) : ''}\t${f.path}`;
}

function parseLine(line: string, layout: number): Fingerprint {
  const [hash, given, key, ...rest] = line.split('\t');
  const path = rest.join('\t');
  const id = layout === 2 ? given : given ? given.slice(1) : path.slice(path.lastIndexOf('/') + 1, -3);
  const f: Fingerprint = { hash, id, path };
  if (key) f.key = decodeURIComponent(key.slice(2));
  return f;
}

/** Writes a base of `entries` at `tree`; returns its build id. */
function writeBase(file: string, tree: string, entries: Iterable<Fingerprint>): string {
  // Lines go into a few large buffers and hashes into one array of strings: a Buffer per line and a
  // comparator sort of Buffers made this 14 s of a 1,000,000-memory import.
  const chunks: Buffer[] = [];
  let text = '';
  const ends: number[] = [];
  let at = 0;
  const hashes: string[] = [];
  const keys: Array<{ h: Buffer; i: number }> = [];
  for (const f of entries) {
    if (/[\t\n]/.test(f.path) || !/^[0-9a-f]{24}$/.test(f.hash)) continue;
    const i = hashes.length;
    const line = lineOf(f);
    at += Buffer.byteLength(line, 'utf8');
    ends.push(at);
    text += line;
    if (text.length > 1 << 20) {
      chunks.push(Buffer.from(text, 'utf8'));
      text = '';
    }
    hashes.push(f.hash);
    if (f.key) keys.push({ h: digest12(f.key), i });
  }
  if (text) chunks.push(Buffer.from(text, 'utf8'));
  keys.sort((a, b) => Buffer.compare(a.h, b.h) || a.i - b.i);
  const n = hashes.length;
  const build = (Date.now().toString(36) + Math.random().toString(36).slice(2)).padEnd(16, '0').slice(0, 16);
  const head = Buffer.alloc(BASE_HEAD);
  head.writeUInt32LE(BASE_MAGIC, 0);
  head.writeUInt32LE(BASE_FORMAT, 4);
  head.writeUInt32LE(n, 8);
  head.writeUInt32LE(keys.length, 12);
  head.write(tree, 16, 'latin1');
  head.write(build, 56, 'latin1');
  const hashTable = Buffer.alloc(n * ROW);
  orderByHex(hashes).forEach((i, j) => {
    hashTable.write(hashes[i], j * ROW, 12, 'hex');
    hashTable.writeUInt32LE(i, j * ROW + 12);
  });
  const keyTable = Buffer.alloc(keys.length * ROW);
  keys.forEach((r, j) => {
    r.h.copy(keyTable, j * ROW);
    keyTable.writeUInt32LE(r.i, j * ROW + 12);
  });
  const offs = Buffer.alloc((n + 1) * 4);
  for (let i = 0; i < n; i++) offs.writeUInt32LE(i ? ends[i - 1] : 0, i * 4);
  offs.writeUInt32LE(at, n * 4);
  writeFileAtomic(file, (put) => {
    put(head);
    put(hashTable);
    put(keyTable);
    put(offs);
    for (const c of chunks) put(c);
  });
  return build;
}

/** The de-duplication index at one tree: a base (maybe none) with the log of changes since it. */
export class Fingerprints {
  constructor(
    public tree: string | null,
    public log: FingerprintIndex,
    public base: FingerprintBase | null,
  ) {}

  private live = (path: string) => !this.log.hasPath(path);

  byHash(hash: string): Fingerprint | undefined {
    return this.log.byHash(hash) ?? this.base?.byHash(hash, this.live);
  }

  byKey(key: string): Fingerprint | undefined {
    return this.log.byKey(key) ?? this.base?.byKey(key, this.live);
  }

  *entries(): Generator<Fingerprint> {
    if (this.base) for (const f of this.base.entries()) if (this.live(f.path)) yield f;
    for (const f of this.log.entries()) if (f.hash !== TOMBSTONE) yield f;
  }

  /** Records changed paths: an entry, or (with a base to shadow) a tombstone for a removed path. */
  apply(changes: Array<{ path: string; f: Fingerprint | null }>): void {
    const lines = changes.map(({ path, f }) => ({ path, f: f ?? (this.base ? { path, id: '', hash: TOMBSTONE } : null) }));
    if (lines.length > 64) this.log.applyMany(lines);
    else for (const c of lines) c.f ? this.log.add(c.f) : this.log.remove(c.path);
  }
}

const memo = new WeakMap<BranchRepository, Map<string, Fingerprints>>();

/** Persists the log; merges it into a new base first when it has grown past the limit. */
function save(fp: Fingerprints, cacheDir: string): void {
  try {
    if (fp.tree && fp.log.count() > LOG_LIMIT) {
      const build = writeBase(baseOf(cacheDir), fp.tree, fp.entries());
      fp.base?.close();
      fp.base = FingerprintBase.open(baseOf(cacheDir));
      if (fp.base?.build === build) fp.log = new FingerprintIndex(fp.tree);
      else fp.base = null; // replaced meanwhile by another process: keep the full log
    }
    writeFileAtomic(fileOf(cacheDir), HEADER + (fp.tree ?? '-') + (fp.base ? ` ${fp.base.build}` : '') + fp.log.text());
  } catch {
    /* read-only git dir: works, without the cache */
  }
}

/**
 * After a bulk write whose new files are all known (an import), moves the index from `base` to `next`
 * without reading the blobs back.
 */
export function primeFingerprints(git: BranchRepository, cacheDir: string, base: string | null, next: string, added: Fingerprint[]): void {
  const fp = loadFingerprints(git, base, cacheDir);
  if (fp.log.count() + added.length > LOG_LIMIT) {
    // A large import: straight into a new base (its paths are new ones), without growing the text log first.
    try {
      const fresh = new Set(added.map((f) => f.path));
      const before = fp.entries();
      const build = writeBase(baseOf(cacheDir), next, (function* () {
        for (const f of before) if (!fresh.has(f.path)) yield f;
        yield* added;
      })());
      fp.base?.close();
      fp.base = FingerprintBase.open(baseOf(cacheDir));
      if (fp.base?.build === build) {
        fp.log = new FingerprintIndex(next);
        fp.tree = next;
        save(fp, cacheDir);
      } else {
        // Another process replaced the base meanwhile: forget ours; the next lookup starts from the files.
        fp.base?.close();
        memo.get(git)?.delete(cacheDir);
      }
      return;
    } catch {
      /* read-only git dir (nothing was replaced): the log path below */
    }
  }
  fp.apply(added.map((f) => ({ path: f.path, f })));
  fp.tree = next;
  save(fp, cacheDir);
}

function readCache(cacheDir: string): Fingerprints | null {
  try {
    const text = readFileSync(fileOf(cacheDir), 'utf8');
    if (!text.startsWith(HEADER) || !text.endsWith('\n')) return null;
    const nl = text.indexOf('\n');
    const [tree, build] = text.slice(HEADER.length, nl).split(' ');
    if (tree !== '-' && !/^[0-9a-f]{40}$/.test(tree)) return null;
    let base: FingerprintBase | null = null;
    if (build !== undefined) {
      base = FingerprintBase.open(baseOf(cacheDir));
      if (!base || base.build !== build) {
        base?.close();
        // The log belongs to another base (replaced by a concurrent merge): start from the base alone.
        const fresh = FingerprintBase.open(baseOf(cacheDir));
        return fresh ? new Fingerprints(fresh.tree, new FingerprintIndex(fresh.tree), fresh) : null;
      }
    }
    return new Fingerprints(tree === '-' ? null : tree, new FingerprintIndex(tree === '-' ? null : tree, text.slice(nl)), base);
  } catch {
    return null; // missing or broken: rebuilt
  }
}

/** The index at `tree`, from memory, the cache files, or by diffing from the cached tree. */
export function loadFingerprints(git: BranchRepository, tree: string | null, cacheDir: string): Fingerprints {
  let perRepo = memo.get(git);
  if (!perRepo) memo.set(git, (perRepo = new Map()));
  const cached = perRepo.get(cacheDir);
  if (cached && cached.tree === tree) return cached;
  let fp = cached ?? readCache(cacheDir) ?? new Fingerprints(null, new FingerprintIndex(null), null);
  if (fp.tree !== tree) {
    let from = fp.tree;
    try {
      if (from) git.readTree(from);
    } catch {
      from = null; // the cached tree is gone (gc after a rewrite): start over
      fp.base?.close();
      fp = new Fingerprints(null, new FingerprintIndex(null), null);
    }
    const changes: Array<{ path: string; f: Fingerprint | null }> = [];
    const toRead: Array<{ path: string; oid: string }> = [];
    for (const { path, newOid } of diffFiles((t) => git.readTree(t), from, tree, MEMORIES_DIR)) {
      if (newOid && path.endsWith('.md')) toRead.push({ path, oid: newOid });
      else changes.push({ path, f: null });
    }
    // A partial clone (a writer fetched the branch without blobs): the blobs to read arrive in one
    // round trip here, not one fetch per blob as each read misses.
    if (toRead.length) git.prefetchBlobs?.(toRead.map((r) => r.oid));
    // Many files to read (a fresh clone, a big fetch): `git cat-file --batch` reads them far faster
    // than object-by-object lookups, which try a loose file before each pack lookup (cold index of 10,000
    // packed memories: 0.64 s -> ~0.3 s; of 100,000: 6.6 s -> 2.7 s).
    const bulk = new Map<string, Fingerprint | null>();
    if (toRead.length > 500) {
      const pathsOf = new Map<string, string[]>();
      for (const r of toRead) pathsOf.set(r.oid, [...(pathsOf.get(r.oid) ?? []), r.path]);
      readBlobsWithGit(git, [...pathsOf.keys()], (oid, data) => {
        for (const path of pathsOf.get(oid) ?? []) bulk.set(`${path}\0${oid}`, fingerprint(git, path, oid, data));
      });
    }
    for (const r of toRead) {
      const k = `${r.path}\0${r.oid}`;
      changes.push({ path: r.path, f: bulk.has(k) ? bulk.get(k)! : fingerprint(git, r.path, r.oid) });
    }
    fp.apply(changes);
    fp.tree = tree;
    save(fp, cacheDir);
  }
  perRepo.set(cacheDir, fp);
  return fp;
}
