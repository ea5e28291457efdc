import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryError } from '../core/errors.js';
import { pathFor } from '../core/id.js';
import type { Memory } from '../core/memory.js';
import type { MemoryStore } from '../core/store.js';
import { modelSlug, type Embedder } from '../embed/types.js';
import { contentHash, decodeVector, encodeVector, quantize } from './codec.js';
import { VectorIndex, type VectorRow } from './index.js';

/** Folder on the branch holding every model's vectors, beside (never inside) `memories/`. */
export const VECTORS_DIR = 'vectors';
const CACHE_FORMAT = 2;

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

export interface EnsureReport {
  model: string;
  /** Memories embedded by this call. */
  embedded: number;
  /** Memories whose vector was already on the branch or in the local cache. */
  reused: number;
  /** Memories left without a vector because of the embedding budget. */
  missing: number;
  /** Vector files removed because their memory is gone. */
  pruned: number;
  /** The commit that recorded new vectors on the branch, or null. */
  commit: string | null;
  /** Milliseconds spent embedding (model load included). */
  embedMs: number;
}

/** A memory known by id and file blob id; `read` parses it, only when its vector must be checked. */
export interface VectorEntry {
  id: string;
  oid: string;
  read: () => Memory;
}

export interface EnsureOptions {
  /** Ids of every live memory (vectors of others are pruned). Default: the ids of `memories`. */
  all?: Iterable<string>;
  /** Most memories to embed in this call; the rest are reported as `missing`. Default: no limit. */
  budget?: number;
  /** Memories to embed first when over budget. */
  prefer?: (id: string) => boolean;
}

export interface BranchVectorsOptions {
  /** Commit new vectors to the branch so other clones reuse them. Default true. */
  commit?: boolean;
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

/**
 * The vectors of one model for one memory branch. They are derived data, but costly to derive, so
 * they are committed to the branch under `vectors/<model>/` (one small file per memory, keyed by id
 * and content hash) and travel with it: a fresh clone reads them instead of re-embedding. A local
 * cache under the git dir, keyed by blob id like the catalog, keeps repeat searches from re-reading
 * thousands of blobs.
 */
export class BranchVectors {
  readonly slug: string;
  readonly folder: string;
  private readonly cacheFile: string;
  private memo: { tree: string | null; rows: Map<string, CachedRow>; dims: number } | null = null;
  private lastIndex: { rows: VectorRow[]; index: VectorIndex } | null = null;

  constructor(readonly store: MemoryStore, readonly embedder: Embedder, private readonly opts: BranchVectorsOptions = {}) {
    this.slug = modelSlug(embedder.id);
    this.folder = `${VECTORS_DIR}/${this.slug}`;
    this.cacheFile = join(store.cacheDir, 'vectors', `${this.slug}.v${CACHE_FORMAT}.bin`);
  }

  private folderTree(commit: string | null): string | null {
    const tree = this.store.treeOf(commit);
    const e = tree ? this.store.git.entryAt(tree, this.folder) : null;
    return e ? e.oid : null;
  }

  private readCache(): { header: CacheHeader; rows: CachedRow[] } | null {
    try {
      const buf = readFileSync(this.cacheFile);
      const len = buf.readUInt32LE(0);
      const header = JSON.parse(buf.toString('utf8', 4, 4 + len)) as CacheHeader;
      if (header.format !== CACHE_FORMAT || header.model !== this.embedder.id) return null;
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
      const buf = Buffer.alloc(4 + json.length + rows.length * dims);
      buf.writeUInt32LE(json.length, 0);
      json.copy(buf, 4);
      let off = 4 + json.length;
      for (const r of rows) {
        buf.set(new Uint8Array(r.data.buffer, r.data.byteOffset, dims), off);
        off += dims;
      }
      mkdirSync(join(this.store.cacheDir, 'vectors'), { recursive: true });
      const tmp = `${this.cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(tmp, buf);
      renameSync(tmp, this.cacheFile);
    } catch {
      /* a read-only git dir still works, without the cache */
    }
  }

  /**
   * Every usable vector of this model, by memory id: the branch's files at `commit` plus vectors
   * computed here and not committed. Files of another model, malformed files and files whose name
   * is not a memory id are ignored.
   */
  load(commit: string | null = this.store.tip()): { tree: string | null; rows: Map<string, CachedRow>; dims: number } {
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
        for (const blob of this.store.git.listBlobs(this.store.treeOf(commit) as string, this.folder)) {
          const hit = known.get(blob.oid);
          if (hit && hit.path === blob.path) {
            branchRows.push(hit);
            continue;
          }
          const id = idFromVectorPath(blob.path);
          if (!id) continue;
          let v;
          try {
            v = decodeVector(this.store.git.readBlob(blob.oid));
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
    return this.memo;
  }

  /**
   * Makes sure every memory in `memories` has a vector for its current content, embedding only the
   * ones that lack one; commits the new vectors (and prunes vectors of deleted memories) in one
   * commit when allowed. Returns an index over the given memories.
   */
  async ensure(items: Array<Memory | VectorEntry>, opts: EnsureOptions = {}): Promise<{ index: VectorIndex; report: EnsureReport }> {
    const t0 = performance.now();
    const all = opts.all ?? items.map((m) => m.id);
    const { rows, dims: knownDims } = this.load();
    let want: { m: Memory; hash: string; memOid: string }[] = [];
    const result: VectorRow[] = [];
    let reused = 0;
    let dirty = false;
    for (const it of items) {
      const r = rows.get(it.id);
      const entry = 'read' in it ? it : null;
      // The memory file is the one this vector was checked against: valid without reading it.
      if (entry && r?.memOid === entry.oid) {
        result.push(r);
        reused++;
        continue;
      }
      const m = entry ? entry.read() : (it as Memory);
      const hash = hashOf(m);
      if (r && r.hash === hash) {
        if (entry) {
          r.memOid = entry.oid;
          dirty = true;
        }
        result.push(r);
        reused++;
      } else want.push({ m, hash, memOid: entry?.oid ?? '' });
    }
    let missing = 0;
    if (opts.budget !== undefined && want.length > opts.budget) {
      // Over budget: embed what the caller needs first, newest first; the rest wait for a later call.
      const prefer = opts.prefer ?? (() => false);
      want.sort((a, b) => Number(prefer(b.m.id)) - Number(prefer(a.m.id)) || (a.m.timestamp < b.m.timestamp ? 1 : a.m.timestamp > b.m.timestamp ? -1 : 0));
      missing = want.length - opts.budget;
      want = want.slice(0, opts.budget);
    }
    let embedMs = 0;
    let commit: string | null = null;
    let pruned = 0;
    let dims = knownDims;
    const fresh: CachedRow[] = [];
    if (want.length) {
      const t = performance.now();
      const vecs = await this.embedder.embed(want.map((w) => w.m.content));
      embedMs = performance.now() - t;
      if (vecs.length && dims && vecs[0].length !== dims) {
        // Same model id, another size: the model behind the name changed. Mixing would be wrong and
        // silently replacing every vector surprising, so say what to do.
        throw new MemoryError('EMBEDDER_ERROR', `${this.embedder.id} now returns ${vecs[0].length}-dimension vectors, the branch holds ${dims}-dimension ones: the model behind this name changed; give it a new name (MEMORY_EMBEDDER_MODEL) to re-embed`, { model: this.embedder.id, reason: 'dimensions' });
      }
      want.forEach((w, i) => {
        const v = vecs[i];
        dims = v.length;
        const { scale, data } = quantize(v);
        fresh.push({ path: vectorPath(this.slug, w.m.id, w.m.timestamp), oid: '', id: w.m.id, hash: w.hash, scale, data, ...(w.memOid ? { memOid: w.memOid } : {}), file: encodeVector(this.embedder.id, w.hash, v) } as CachedRow & { file: Buffer });
      });
    }
    const live = new Set(all);
    const stale = [...rows.values()].filter((r) => r.oid && !live.has(r.id));
    if ((fresh.length || stale.length) && this.opts.commit !== false) {
      try {
        const res = await this.store.mutate(() => {
          const changes = new Map<string, Buffer | null>();
          for (const r of stale) changes.set(r.path, null);
          // A memory whose timestamp moved it to another month: drop its old file.
          for (const f of fresh as (CachedRow & { file: Buffer })[]) {
            const old = rows.get(f.id);
            if (old?.oid && old.path !== f.path) changes.set(old.path, null);
            changes.set(f.path, f.file);
          }
          const what = fresh.length ? `embed ${fresh.length} memor${fresh.length === 1 ? 'y' : 'ies'}` : `prune vectors`;
          const msg = `memory: ${what} [model: ${this.embedder.id}]\n\nVectors are derived data: ${fresh.length} added or updated, ${stale.length} removed.\n`;
          return { change: { changes, message: msg }, result: {} };
        });
        commit = res.commit;
        pruned = stale.length;
      } catch (err) {
        this.store.warn(`new vectors kept in the local cache only, not committed: ${(err as Error).message}`);
      }
    }
    if (commit) {
      // Checked memory blob ids survive the reload through the cache file.
      if (dirty) this.writeCache(this.memo?.tree ?? null, [...rows.values()], dims);
      this.memo = null;
      const reloaded = this.load(commit);
      for (const f of fresh) {
        const row = reloaded.rows.get(f.id);
        if (row && f.memOid) row.memOid = f.memOid;
        result.push(row ?? f);
      }
      dirty = true;
    } else if (fresh.length) {
      const memo = this.load();
      for (const f of fresh) {
        const row: CachedRow = { path: '', oid: '', id: f.id, hash: f.hash, scale: f.scale, data: f.data, ...(f.memOid ? { memOid: f.memOid } : {}) };
        memo.rows.set(f.id, row);
        result.push(row);
      }
      memo.dims = dims;
      dirty = true;
    }
    if (dirty && this.memo) this.writeCache(this.memo.tree, [...this.memo.rows.values()], dims);
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
    return {
      index,
      report: { model: this.embedder.id, embedded: fresh.length, reused, missing, pruned, commit, embedMs: Math.round(embedMs || (fresh.length ? performance.now() - t0 : 0)) },
    };
  }
}
