import { MemoryError, EmbedderError } from '../errors.js';
import type { StoreBranch } from '../model/branch-view.js';
import { embedInput } from '../embed/input.js';
import type { Embedder } from '../embed/types.js';
import { UseLiteEmbedder } from '../embed/use.js';
import { vectorPath, type VectorEntry } from '../vector/branch.js';
import { encodeQuantized } from '../vector/codec.js';
import { branchVectors, storeEmbedder } from '../vector/store-vectors.js';

/**
 * `memory embed`: the writer that backfills vectors. Everything that lacks a valid vector for the
 * configured model gets one, in batches that each commit (`memory: embed N memories [model: …]`),
 * so a killed run loses at most one batch and the next run carries on from there. Vectors that
 * searches already computed into the local cache are committed as they are, without re-embedding;
 * vector files of memories that are gone are removed by the first commit.
 */

export interface EmbedOptions {
  /** The embedder to use instead of the configured one. */
  embedder?: Embedder | null;
  /** Memories per commit. Default 1000 (env MEMORY_EMBED_BATCH). */
  batchSize?: number;
  /** Worker threads for the offline model. Default: env MEMORY_EMBED_THREADS, else the available cores (at most 4). 1 = in this thread. */
  threads?: number;
  /** Called after each committed batch with memories done and the total to do. */
  onProgress?: (done: number, total: number) => void;
}

export interface EmbedResult {
  success: true;
  model: string;
  /** Memories embedded by this run. */
  embedded: number;
  /** Memories whose vector a search had already computed into the local cache, committed as they were. */
  fromCache: number;
  /** Memories whose vector was already on the branch. */
  reused: number;
  /** Vector files removed because their memory is gone. */
  pruned: number;
  /** Commits made (one per batch). */
  commits: number;
  /** The last commit, or null when nothing changed. */
  commit: string | null;
  durationMs: number;
}

/** Memories per commit: env MEMORY_EMBED_BATCH, else 1000 (measured: bench/embed.mjs). */
export function defaultBatch(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MEMORY_EMBED_BATCH);
  return Number.isInteger(n) && n >= 1 ? n : 1000;
}

/** Texts per embedding call of a backfill: enough to keep every worker busy, small enough for steady progress. */
const PIECE = 128;

export async function embedMemories(store: StoreBranch, opts: EmbedOptions = {}): Promise<EmbedResult> {
  const t0 = performance.now();
  const configured = storeEmbedder(store, opts.embedder);
  if (!configured) throw new EmbedderError('no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx', { reason: 'none' });
  const bv = branchVectors(store, configured);
  const cat = store.catalog();
  const entries: VectorEntry[] = [...cat.byId.values()].map((e) => ({ id: e.memory.id, oid: e.oid, read: () => e.memory }));
  const plan = bv.plan(entries, new Set(cat.byId.keys()));
  const total = plan.embed.length + plan.local.length;
  const batch = Math.max(1, opts.batchSize ?? defaultBatch());
  const model = configured.id;
  let commits = 0;
  let last: string | null = null;
  let done = 0;

  const commitFiles = async (files: Map<string, Buffer | null>, what: string): Promise<void> => {
    const res = await store.mutate(() => ({
      change: { changes: new Map(files), message: `memory: ${what} [model: ${model}]\n\nVectors are derived data (docs/hybrid.md); written by "memory embed".\n` },
      result: {},
    }));
    commits++;
    last = res.commit;
    bv.noteCommitted(files);
  };

  // Vectors a search already computed, and the removal of stale files: no embedding needed.
  let pending = new Map<string, Buffer | null>();
  for (const path of plan.stale) pending.set(path, null);
  for (const { m, row } of plan.local) {
    pending.set(vectorPath(bv.slug, m.id, m.timestamp), encodeQuantized(model, row.hash, row.scale, row.data));
    if (pending.size >= batch) {
      done += [...pending.values()].filter(Boolean).length;
      await commitFiles(pending, `commit ${pending.size} vectors from the local cache`);
      opts.onProgress?.(done, total);
      pending = new Map();
    }
  }
  if (pending.size) {
    const n = [...pending.values()].filter(Boolean).length;
    done += n;
    await commitFiles(pending, n ? `commit ${n} vectors from the local cache${plan.stale.length ? `, prune ${plan.stale.length}` : ''}` : `prune ${plan.stale.length} vectors`);
    opts.onProgress?.(done, total);
  }

  // The offline model computes on one thread: a pool of workers uses every core.
  const threads = opts.threads ?? (await defaultEmbedThreads(configured, plan.embed.length));
  const pool = configured instanceof UseLiteEmbedder && threads > 1 && plan.embed.length > 64 ? new (await import('../embed/use-pool.js')).UsePoolEmbedder({ threads }) : null;
  const embedder = pool ?? configured;
  try {
    // Embedded in pieces of PIECE texts (progress after each, the next one running while this one is
    // handled), committed every `batch` memories.
    const pieces: (typeof plan.embed)[] = [];
    const ends = new Set<number>(); // pieces that end a commit batch
    for (let b = 0; b < plan.embed.length; b += batch) {
      const chunk = plan.embed.slice(b, b + batch);
      for (let i = 0; i < chunk.length; i += PIECE) pieces.push(chunk.slice(i, i + PIECE));
      ends.add(pieces.length - 1);
    }
    const run = (c: typeof plan.embed) => {
      const p = embedder.embed(c.map((w) => embedInput(w.m.content)));
      p.catch(() => {}); // surfaced when awaited
      return p;
    };
    let next = pieces.length ? run(pieces[0]) : null;
    let files = new Map<string, Buffer | null>();
    for (let i = 0; i < pieces.length; i++) {
      const vecs = await (next as Promise<Float32Array[]>);
      next = i + 1 < pieces.length ? run(pieces[i + 1]) : null;
      for (const [path, file] of bv.filesFor(pieces[i], vecs)) files.set(path, file);
      done += pieces[i].length;
      if (ends.has(i)) {
        await commitFiles(files, `embed ${files.size} memor${files.size === 1 ? 'y' : 'ies'}`);
        files = new Map();
      }
      opts.onProgress?.(done, total);
    }
  } finally {
    await pool?.close();
  }
  return { success: true, model, embedded: plan.embed.length, fromCache: plan.local.length, reused: plan.reused, pruned: plan.stale.length, commits, commit: last, durationMs: Math.round(performance.now() - t0) };
}


/** Worker threads for the offline model: only worth measuring the machine for when a pool would run. */
async function defaultEmbedThreads(configured: unknown, toEmbed: number): Promise<number> {
  const { defaultThreads, measuredIdleCores } = await import('../embed/use-pool.js');
  if (!(configured instanceof UseLiteEmbedder) || toEmbed <= 64 || process.env.MEMORY_EMBED_THREADS) return defaultThreads();
  return defaultThreads(process.env, undefined, undefined, await measuredIdleCores());
}
