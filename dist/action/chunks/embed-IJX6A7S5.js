import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  branchVectors,
  embedInput,
  encodeQuantized,
  storeEmbedder,
  vectorPath
} from "./chunk-QH6BDPGY.js";
import {
  UseLiteEmbedder
} from "./chunk-UIE3Y3TH.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  EmbedderError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/embed.ts
function defaultBatch(env = process.env) {
  const n = Number(env.MEMORY_EMBED_BATCH);
  return Number.isInteger(n) && n >= 1 ? n : 1e3;
}
var PIECE = 128;
async function embedMemories(store, opts = {}) {
  const t0 = performance.now();
  const configured = storeEmbedder(store, opts.embedder);
  if (!configured) throw new EmbedderError("no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx", { reason: "none" });
  const bv = branchVectors(store, configured);
  const cat = store.catalog();
  const entries = [...cat.byId.values()].map((e) => ({ id: e.memory.id, oid: e.oid, read: () => e.memory }));
  const plan = bv.plan(entries, new Set(cat.byId.keys()));
  const total = plan.embed.length + plan.local.length;
  const batch = Math.max(1, opts.batchSize ?? defaultBatch());
  const model = configured.id;
  let commits = 0;
  let last = null;
  let done = 0;
  const commitFiles = async (files, what) => {
    const res = await store.mutate(() => ({
      change: { changes: new Map(files), message: `memory: ${what} [model: ${model}]

Vectors are derived data (docs/hybrid.md); written by "memory embed".
` },
      result: {}
    }));
    commits++;
    last = res.commit;
    bv.noteCommitted(files);
  };
  let pending = /* @__PURE__ */ new Map();
  for (const path of plan.stale) pending.set(path, null);
  for (const { m, row } of plan.local) {
    pending.set(vectorPath(bv.slug, m.id, m.timestamp), encodeQuantized(model, row.hash, row.scale, row.data));
    if (pending.size >= batch) {
      done += [...pending.values()].filter(Boolean).length;
      await commitFiles(pending, `commit ${pending.size} vectors from the local cache`);
      opts.onProgress?.(done, total);
      pending = /* @__PURE__ */ new Map();
    }
  }
  if (pending.size) {
    const n = [...pending.values()].filter(Boolean).length;
    done += n;
    await commitFiles(pending, n ? `commit ${n} vectors from the local cache${plan.stale.length ? `, prune ${plan.stale.length}` : ""}` : `prune ${plan.stale.length} vectors`);
    opts.onProgress?.(done, total);
  }
  const threads = opts.threads ?? await defaultEmbedThreads(configured, plan.embed.length);
  const pool = configured instanceof UseLiteEmbedder && threads > 1 && plan.embed.length > 64 ? new (await import("./use-pool-AOKS5NPX.js")).UsePoolEmbedder({ threads }) : null;
  const embedder = pool ?? configured;
  try {
    const pieces = [];
    const ends = /* @__PURE__ */ new Set();
    for (let b = 0; b < plan.embed.length; b += batch) {
      const chunk = plan.embed.slice(b, b + batch);
      for (let i = 0; i < chunk.length; i += PIECE) pieces.push(chunk.slice(i, i + PIECE));
      ends.add(pieces.length - 1);
    }
    const run = (c) => {
      const p = embedder.embed(c.map((w) => embedInput(w.m.content)));
      p.catch(() => {
      });
      return p;
    };
    let next = pieces.length ? run(pieces[0]) : null;
    let files = /* @__PURE__ */ new Map();
    for (let i = 0; i < pieces.length; i++) {
      const vecs = await next;
      next = i + 1 < pieces.length ? run(pieces[i + 1]) : null;
      for (const [path, file] of bv.filesFor(pieces[i], vecs)) files.set(path, file);
      done += pieces[i].length;
      if (ends.has(i)) {
        await commitFiles(files, `embed ${files.size} memor${files.size === 1 ? "y" : "ies"}`);
        files = /* @__PURE__ */ new Map();
      }
      opts.onProgress?.(done, total);
    }
  } finally {
    await pool?.close();
  }
  return { success: true, model, embedded: plan.embed.length, fromCache: plan.local.length, reused: plan.reused, pruned: plan.stale.length, commits, commit: last, durationMs: Math.round(performance.now() - t0) };
}
async function defaultEmbedThreads(configured, toEmbed) {
  const { defaultThreads, measuredIdleCores } = await import("./use-pool-AOKS5NPX.js");
  if (!(configured instanceof UseLiteEmbedder) || toEmbed <= 64 || process.env.MEMORY_EMBED_THREADS) return defaultThreads();
  return defaultThreads(process.env, void 0, void 0, await measuredIdleCores());
}
export {
  defaultBatch,
  embedMemories
};
