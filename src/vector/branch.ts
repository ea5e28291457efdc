import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MemoryError, EmbedderError } from '../errors.js';
import { writeCacheFile } from '../git/atomic-file.js';
import { pathFor } from '../model/id.js';
import type { Memory } from '../model/memory.js';
import { embedInput } from '../embed/input.js';
import { modelSlug, type Embedder } from '../embed/types.js';
import { contentHash, decodeVector, encodeVector, quantize } from './codec.js';
import { VectorIndex, type VectorRow } from './index.js';
import { readOnlyView, type VectorBranch } from './view.js';
import { crc32 } from '../git/crc32.js';

/** Folder on the branch holding every model's vectors, beside (never inside) `memories/`. */
export const VECTORS_DIR = 'vectors';
// 3: a CRC-32 of everything before it closes the file (40 flipped bytes in a v2 cache silently
// changed what a vector search returned).
const CACHE_FORMAT = 3;

/** Longest JSON header of a vector cache file accepted (100,000 rows of paths and ids: ~20 MB). */
const MAX_CACHE_HEADER_BYTES = 256 * 1024 * 1024;

/**
 * Whether a vector cache file of `size` bytes has the layout its header claims, read through
 * `read(pos, len)`: the header length in range, the header JSON of this format, and the size exactly
 * header + rows x dims + checksum. What an index cache checks before it copies a file from DIR (a
 * sparse file of gigabytes was read whole before anything looked at it); the checksum and every field
 * are checked again by the loader.
 */
export function vectorCacheLayoutOk(read: (pos: number, len: number) => Buffer | null, size: number): boolean {
  const head = size >= 8 ? read(0, 4) : null;
  if (!head) return false;
  const len = head.readUInt32LE(0);
  if (len > MAX_CACHE_HEADER_BYTES || 4 + len + 4 > size) return false;
  const json = read(4, len);
  if (!json) return false;
  try {
    const h = JSON.parse(json.toString('utf8')) as Partial<CacheHeader>;
    if (h.format !== CACHE_FORMAT || !Number.isInteger(h.dims) || (h.dims as number) < 0 || !Array.isArray(h.rows)) return false;
    return size === 4 + len + h.rows.length * (h.dims as number) + 4;
  } catch {
    return false;
  }
}

interface CachedRow extends VectorRow {
  /** Path and blob id on the branch; '' for a vector computed here and not committed. */
  path: string;
  oid: string;
  /** Blob id of the memory file the vector was checked against: a match skips reading the memory. */
  memOid?: string;
}

interface CacheHeader {
  format: number;
  model: string;
  dims: number;
  /** Tree id of `vectors/<model>/` the branch rows were read from. */
  folderTree: string | null;
  rows: [path: string, oid: string, id: string, hash: string, scale: number, memOid: string][];
}

/** Every field of a cache header the loader uses has its type and range: dims, and each row's strings and scale. */
function wellFormed(h: CacheHeader): boolean {
  if (!Number.isInteger(h.dims) || h.dims < 0 || h.dims > 65535 || !Array.isArray(h.rows)) return false;
  if (h.folderTree !== null && typeof h.folderTree !== 'string') return false;
  return h.rows.every((r) => {
    if (!Array.isArray(r) || r.length !== 6) return false;
    const [path, oid, id, hash, scale, memOid] = r;
    const f = Math.fround(scale);
    return typeof path === 'string' && typeof oid === 'string' && typeof id === 'string' && typeof hash === 'string' && typeof memOid === 'string' && typeof scale === 'number' && Number.isFinite(f) && f > 0;
  });
}

export interface EnsureReport {
  model: string;
  /** Memories embedded by this call, into the local cache only (never committed). */
  embedded: number;
  /** Memories whose vector was already on the branch or in the local cache. */
  reused: number;
  /** Memories left without a vector because of the embedding budget: they match on full text only. */
  missing: number;
  /** Milliseconds spent embedding memories (model load included when it happened here). */
  embedMs: number;
}

/** A memory known by id and file blob id; `read` parses it, only when its vector must be checked. */
export interface VectorEntry {
  id: string;
  oid: string;
  read: () => Memory;
  /** Creation time in ms, when known without reading: orders what to embed first without parsing. */
  ts?: number;
}

/** A memory without a valid vector. Read lazily: a search embeds a few and must not parse the rest. */
interface Pending {
  id: string;
  ts: number;
  memOid: string;
  load: () => { m: Memory; hash: string };
}

export interface EnsureOptions {
  /**
   * Wall-clock budget in ms for embedding memories that lack a vector; the rest are reported as
   * `missing`. Default: no limit. Embedding runs in small batches and stops before the batch that
   * would overrun it.
   */
  budgetMs?: number;
  /** Most memories to embed in this call. Default: no limit. */
  budget?: number;
  /** Memories to embed first when over budget. */
  prefer?: (id: string) => boolean;
}

/** What the branch lacks for a set of live memories (see {@link BranchVectors.plan}). */
export interface VectorPlan {
  /** Memories with no valid vector anywhere: to embed. */
  embed: { m: Memory; hash: string; memOid: string }[];
  /** Memories whose valid vector is in the local cache only: to commit as they are. */
  local: { m: Memory; row: VectorRow }[];
  /** Vector files on the branch to delete: their memory is gone, or moved to another month. */
  stale: string[];
  /** Memories whose vector is on the branch and valid. */
  reused: number;
}

// Catalog entries are reused while their file is unchanged, so a hash per entry object spares
// re-hashing every memory on every search.
const hashes = new WeakMap<object, { content: string; hash: string }>();
function hashOf(m: Memory): string {
  const h = hashes.get(m);
  if (h && h.content === m.content) return h.hash;
  const hash = contentHash(m.content);
  hashes.set(m, { content: m.content, hash });
  return hash;
}

/** The vector file of memory `id`: the memory's own month/bucket layout under `vectors/<model>/`. */
export function vectorPath(slug: string, id: string, timestamp: string): string {
  return `${VECTORS_DIR}/${slug}/${pathFor(id, timestamp).slice('memories/'.length).replace(/\.md$/, '.vec')}`;
}

function idFromVectorPath(path: string): string | null {
  const m = /\/(mem_[a-z0-9]{1,64})\.vec$/.exec(path);
  return m ? m[1] : null;
}

/** The blob id git gives `data`: committed rows are keyed by it without reading the blob back. */
export function blobOid(data: Buffer): string {
  return createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');
}

/**
 * The vectors of one model for one memory branch, read side. Vectors are derived data, but costly
 * to derive, so writers commit them to the branch under `vectors/<model>/` (one small file per
 * memory, keyed by id and content hash, see ./write.ts and ./backfill.ts) and they travel with it:
 * a fresh clone reads them instead of re-embedding. This class only reads the branch (it holds a
 * {@link VectorBranch}, which has no way to commit); vectors it computes for a search go to a
 * local cache under the git dir, keyed by blob id like the catalog, which also keeps repeat
 * searches from re-reading thousands of blobs.
 */
export class BranchVectors {
  readonly slug: string;
  readonly folder: string;
  readonly branch: VectorBranch;
  private readonly cacheFile: string;
  private memo: { tree: string | null; rows: Map<string, CachedRow>; dims: number } | null = null;
  private lastIndex: { rows: VectorRow[]; index: VectorIndex } | null = null;
  /**
   * Bumped whenever the rows change (a new memo, a vector embedded or noted as committed): what
   * {@link coverage} and {@link ensure} computed for one list of items holds until then.
   */
  private gen = 0;
  private lastCoverage: { items: unknown; gen: number; result: { with: number; without: number } } | null = null;
  private lastEnsure: { items: unknown; gen: number; index: VectorIndex; reused: number } | null = null;

  constructor(branch: VectorBranch, readonly embedder: Embedder) {
    // Whatever object is passed (a MemoryStore, say), only its read-only members are kept.
    this.branch = readOnlyView(branch);
    this.slug = modelSlug(embedder.id);
    this.folder = `${VECTORS_DIR}/${this.slug}`;
    this.cacheFile = join(this.branch.cacheDir, 'vectors', `${this.slug}.v${CACHE_FORMAT}.bin`);
  }

  private folderTree(commit: string | null): string | null {
    const tree = this.branch.treeOf(commit);
    const e = tree ? this.branch.git.entryAt(tree, this.folder) : null;
    return e ? e.oid : null;
  }

  private readCache(): { header: CacheHeader; rows: CachedRow[] } | null {
    try {
      const whole = readFileSync(this.cacheFile);
      const buf = whole.subarray(0, whole.length - 4);
      // A damaged or edited cache is rebuilt from the branch (and by embedding again), never trusted.
      if (crc32 && (whole.length < 8 || crc32(buf) !== whole.readUInt32LE(whole.length - 4))) {
        this.branch.warn(`the vector cache ${basename(this.cacheFile)} failed its checksum (damaged or changed on disk): rebuilding it`);
        return null;
      }
      const len = buf.readUInt32LE(0);
      const header = JSON.parse(buf.toString('utf8', 4, 4 + len)) as CacheHeader;
      if (header.format !== CACHE_FORMAT || header.model !== this.embedder.id) return null;
      // A file with a valid checksum is still a file another job may have written (an index cache,
      // src/search/index-cache.ts): a scale that is not a positive float32 made a score of NaN or
      // Infinity, a `relevance: null` in the response.
      if (!wellFormed(header)) {
        this.branch.warn(`the vector cache ${basename(this.cacheFile)} is malformed: rebuilding it`);
        return null;
      }
      const d = header.dims;
      let off = 4 + len;
      if (buf.length !== off + header.rows.length * d) return null;
      // Views into the one buffer, not copies: 100,000 vectors are 51 MB. They are re-pointed into
      // the search matrix once an index is built, which lets this buffer go.
      const rows = header.rows.map(([path, oid, id, hash, scale, memOid]): CachedRow => {
        const data = new Int8Array(buf.buffer, buf.byteOffset + off, d);
        off += d;
        return memOid ? { path, oid, id, hash, scale, data, memOid } : { path, oid, id, hash, scale, data };
      });
      return { header, rows };
    } catch {
      return null;
    }
  }

  private writeCache(folderTree: string | null, rows: CachedRow[], dims: number): void {
    try {
      const header: CacheHeader = { format: CACHE_FORMAT, model: this.embedder.id, dims, folderTree, rows: rows.map((r) => [r.path, r.oid, r.id, r.hash, r.scale, r.memOid ?? '']) };
      const json = Buffer.from(JSON.stringify(header), 'utf8');
      const buf = Buffer.alloc(4 + json.length + rows.length * dims + 4);
      buf.writeUInt32LE(json.length, 0);
      json.copy(buf, 4);
      let off = 4 + json.length;
      for (const r of rows) {
        buf.set(new Uint8Array(r.data.buffer, r.data.byteOffset, dims), off);
        off += dims;
      }
      buf.writeUInt32LE(crc32 ? crc32(buf.subarray(0, off)) : 0, off);
      writeCacheFile(this.cacheFile, buf);
    } catch {
      /* a read-only git dir still works, without the cache */
    }
  }

  /**
   * Every usable vector of this model, by memory id: the branch's files at `commit` plus vectors
   * computed here and not committed. Files of another model, malformed files and files whose name
   * is not a memory id are ignored.
   */
  load(commit: string | null = this.branch.tip()): { tree: string | null; rows: Map<string, CachedRow>; dims: number } {
    const tree = this.folderTree(commit);
    if (this.memo && this.memo.tree === tree) return this.memo;
    const cached = this.memo ? { header: { folderTree: this.memo.tree, dims: this.memo.dims }, rows: [...this.memo.rows.values()] } : this.readCache();
    const local = (cached?.rows ?? []).filter((r) => !r.oid);
    let branchRows: CachedRow[];
    let dims = cached?.header.dims ?? 0;
    if (cached && cached.header.folderTree === tree) {
      branchRows = cached.rows.filter((r) => r.oid);
    } else {
      const known = new Map<string, CachedRow>();
      for (const r of cached?.rows ?? []) if (r.oid) known.set(r.oid, r);
      branchRows = [];
      if (tree) {
        for (const blob of this.branch.git.listBlobs(this.branch.treeOf(commit) as string, this.folder)) {
          const hit = known.get(blob.oid);
          if (hit && hit.path === blob.path) {
            branchRows.push(hit);
            continue;
          }
          const id = idFromVectorPath(blob.path);
          if (!id) continue;
          let v;
          try {
            v = decodeVector(this.branch.git.readBlob(blob.oid));
          } catch {
            v = null;
          }
          if (!v || v.model !== this.embedder.id) continue;
          if (dims && v.data.length !== dims) continue;
          dims = v.data.length;
          branchRows.push({ path: blob.path, oid: blob.oid, id, hash: v.hash, scale: v.scale, data: v.data });
        }
      }
    }
    const rows = new Map<string, CachedRow>();
    for (const r of local) rows.set(r.id, r);
    // A committed vector wins over a local one unless the local one is for newer content; the
    // caller checks hashes, so keep both candidates' best: the branch row, then a differing local.
    for (const r of branchRows) {
      const l = rows.get(r.id);
      if (!l || l.hash === r.hash) rows.set(r.id, r);
    }
    const all = [...rows.values()];
    if (!cached || cached.header.folderTree !== tree || all.length !== cached.rows.length) this.writeCache(tree, all, dims);
    this.memo = { tree, rows, dims };
    this.gen++;
    return this.memo;
  }

  /**
   * Sorts `items` into vectors to reuse and memories to embed. Reads only memories whose file changed
   * since their vector was checked; a memory with no vector at all is not read here (see {@link Pending}).
   */
  private split(items: Array<Memory | VectorEntry>, rows: Map<string, CachedRow>): { have: CachedRow[]; want: Pending[]; dirty: boolean } {
    const have: CachedRow[] = [];
    const want: Pending[] = [];
    let dirty = false;
    for (const it of items) {
      const r = rows.get(it.id);
      const entry = 'read' in it ? it : null;
      // The memory file is the one this vector was checked against: valid without reading it.
      if (entry && r?.memOid === entry.oid) {
        have.push(r);
        continue;
      }
      if (!r) {
        const memOid = entry?.oid ?? '';
        let loaded: { m: Memory; hash: string } | null = null;
        const load = () => {
          if (!loaded) {
            const m = entry ? entry.read() : (it as Memory);
            loaded = { m, hash: hashOf(m) };
          }
          return loaded;
        };
        const ts = entry ? entry.ts ?? Date.parse(load().m.timestamp) : Date.parse((it as Memory).timestamp);
        want.push({ id: it.id, ts: Number.isFinite(ts) ? ts : 0, memOid, load });
        continue;
      }
      const m = entry ? entry.read() : (it as Memory);
      const hash = hashOf(m);
      if (r.hash === hash) {
        if (entry) {
          r.memOid = entry.oid;
          dirty = true;
        }
        have.push(r);
      } else {
        const ts = Date.parse(m.timestamp);
        want.push({ id: it.id, ts: Number.isFinite(ts) ? ts : 0, memOid: entry?.oid ?? '', load: () => ({ m, hash }) });
      }
    }
    return { have, want, dirty };
  }

  /**
   * How many of `items` have a vector of this model (on the branch or in the local cache), checked
   * by id only: no memory is read. What a search looks at before it decides to load the model.
   */
  coverage(items: Iterable<{ id: string }>): { with: number; without: number } {
    const rows = this.load().rows;
    // The same list as the last call (a search's cached list of the index's memories) and the same rows.
    const last = this.lastCoverage;
    if (last && last.items === items && last.gen === this.gen) return { ...last.result };
    let w = 0;
    let wo = 0;
    for (const it of items) rows.has(it.id) ? w++ : wo++;
    this.lastCoverage = { items, gen: this.gen, result: { with: w, without: wo } };
    return { with: w, without: wo };
  }

  private checkDims(vecs: Float32Array[], dims: number): void {
    if (vecs.length && dims && vecs[0].length !== dims) {
      // Same model id, another size: the model behind the name changed. Mixing would be wrong and
      // silently replacing every vector surprising, so say what to do.
      throw new EmbedderError(`${this.embedder.id} now returns ${vecs[0].length}-dimension vectors, the branch holds ${dims}-dimension ones: the model behind this name changed; give it a new name (MEMORY_EMBEDDER_MODEL) to re-embed`, { model: this.embedder.id, reason: 'dimensions' });
    }
  }

  /**
   * The vectors of `items` for a search: every valid vector from the branch or the local cache, plus
   * memories embedded now within the budget (`budgetMs` of embedding, `budget` memories), newest and
   * preferred first. New vectors go to the local cache under the git dir and are never committed;
   * memories left over are counted in `missing` (they still match on full text). Returns an index
   * over the memories that have a vector.
   */
  async ensure(items: Array<Memory | VectorEntry>, opts: EnsureOptions = {}): Promise<{ index: VectorIndex; report: EnsureReport }> {
    const memo = this.load();
    // The same array of items as the last call, nothing changed since, and nothing was left to
    // embed: the same index, without checking every item again (10,000 lookups a search).
    const prev = this.lastEnsure;
    if (prev && prev.items === items && prev.gen === this.gen && this.lastIndex?.index === prev.index) {
      return { index: prev.index, report: { model: this.embedder.id, embedded: 0, reused: prev.reused, missing: 0, embedMs: 0 } };
    }
    const { have: result, want: all, dirty: checked } = this.split(items, memo.rows);
    let dirty = checked;
    const reused = result.length;
    // Preferred first, then newest: what the caller needs, and what an agent most likely asks about.
    const prefer = opts.prefer ?? (() => false);
    all.sort((a, b) => Number(prefer(b.id)) - Number(prefer(a.id)) || b.ts - a.ts);
    const want = opts.budget !== undefined ? all.slice(0, Math.max(0, opts.budget)) : all;
    const t0 = performance.now();
    let done = 0;
    let dims = memo.dims;
    if (want.length && (opts.budgetMs === undefined || opts.budgetMs > 0)) {
      // Small batches whose size follows the measured rate, stopping before one would overrun the
      // budget: a search over a never-embedded branch answers in bounded time whatever its size.
      let size = opts.budgetMs === undefined ? 64 : 4;
      let perItem = 0;
      while (done < want.length) {
        const elapsed = performance.now() - t0;
        if (opts.budgetMs !== undefined) {
          const left = opts.budgetMs - elapsed;
          if (perItem) size = Math.max(1, Math.min(64, Math.floor(left / perItem)));
          if (left <= 0 || (perItem && left < perItem)) break;
        }
        const batch = want.slice(done, done + size).map((p) => ({ ...p.load(), memOid: p.memOid }));
        const tb = performance.now();
        const vecs = await this.embedder.embed(batch.map((w) => embedInput(w.m.content)));
        perItem = (performance.now() - tb) / batch.length;
        this.checkDims(vecs, dims);
        batch.forEach((w, i) => {
          dims = vecs[i].length;
          const { scale, data } = quantize(vecs[i]);
          const row: CachedRow = { path: '', oid: '', id: w.m.id, hash: w.hash, scale, data, ...(w.memOid ? { memOid: w.memOid } : {}) };
          memo.rows.set(w.m.id, row);
          result.push(row);
        });
        done += batch.length;
        dirty = true;
        this.gen++;
      }
      memo.dims = dims;
    }
    const embedMs = done ? performance.now() - t0 : 0;
    if (dirty) this.writeCache(memo.tree, [...memo.rows.values()], dims);
    // The same rows as the previous call (nothing embedded, nothing changed): reuse its index rather
    // than copying every vector again.
    const last = this.lastIndex;
    let index: VectorIndex;
    if (last && last.rows.length === result.length && last.rows.every((r, i) => r === result[i])) index = last.index;
    else {
      index = new VectorIndex(dims, result);
      // Point the rows at the index's matrix so the buffers they were read from can be collected.
      result.forEach((r, i) => (r.data = index.data.subarray(i * dims, (i + 1) * dims)));
    }
    this.lastIndex = { rows: result, index };
    this.lastEnsure = all.length === 0 ? { items, gen: this.gen, index, reused } : null;
    return { index, report: { model: this.embedder.id, embedded: done, reused, missing: all.length - done, embedMs: Math.round(embedMs) } };
  }

  /**
   * What a writer must do so every memory in `items` has a valid vector on the branch: what to
   * embed, what to commit from the local cache, which files to delete. `live` holds the ids of every
   * live memory (vectors of others are stale). Reads only.
   */
  plan(items: Array<Memory | VectorEntry>, live: Set<string> = new Set(items.map((m) => m.id))): VectorPlan {
    const memo = this.load();
    const { have, want: pending, dirty } = this.split(items, memo.rows);
    if (dirty) this.writeCache(memo.tree, [...memo.rows.values()], memo.dims);
    const want = pending.map((p) => ({ ...p.load(), memOid: p.memOid }));
    const local: VectorPlan['local'] = [];
    let reused = 0;
    const byId = new Map(items.map((it) => [it.id, it]));
    for (const r of have) {
      if (r.oid) reused++;
      else {
        const it = byId.get(r.id)!;
        local.push({ m: 'read' in it ? it.read() : it, row: r });
      }
    }
    const stale: string[] = [];
    for (const r of memo.rows.values()) if (r.oid && !live.has(r.id)) stale.push(r.path);
    return { embed: want, local, stale, reused };
  }

  /**
   * Records vector files a writer committed (path → file), so the next load reuses them by blob id
   * instead of reading them back. The files must have been written by this model.
   */
  noteCommitted(files: Map<string, Buffer | null>): void {
    const memo = this.memo;
    if (!memo) return;
    for (const [path, buf] of files) {
      if (!buf || !path.startsWith(this.folder + '/')) continue;
      const id = idFromVectorPath(path);
      const v = id ? decodeVector(buf) : null;
      if (!id || !v || v.model !== this.embedder.id) continue;
      memo.rows.set(id, { path, oid: blobOid(buf), id, hash: v.hash, scale: v.scale, data: v.data });
      this.gen++;
      if (!memo.dims) memo.dims = v.data.length;
    }
  }

  /** Quantised files for freshly embedded memories, with the dimension check of {@link ensure}. */
  filesFor(batch: { m: Memory; hash: string }[], vecs: Float32Array[]): Map<string, Buffer> {
    this.checkDims(vecs, this.load().dims);
    const out = new Map<string, Buffer>();
    batch.forEach((w, i) => out.set(vectorPath(this.slug, w.m.id, w.m.timestamp), encodeVector(this.embedder.id, w.hash, vecs[i])));
    return out;
  }
}
