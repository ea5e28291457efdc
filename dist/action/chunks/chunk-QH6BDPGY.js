import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  LOCAL_MODELS,
  NO_LOCAL_MODELS,
  UseLiteEmbedder,
  modelSlug,
  normalize
} from "./chunk-UIE3Y3TH.js";
import {
  crc32
} from "./chunk-UCBYA3PT.js";
import {
  pathFor
} from "./chunk-FBFUYQWQ.js";
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";
import {
  EmbedderError,
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/embed/input.ts
var MAX_EMBED_CHARS = 2e3;
function embedInput(text) {
  if (text.length <= MAX_EMBED_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_EMBED_CHARS - 1]) ? MAX_EMBED_CHARS - 1 : MAX_EMBED_CHARS;
  return text.slice(0, end);
}

// src/embed/http.ts
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function fail(message, data) {
  return new EmbedderError(message, data);
}
var HttpEmbedder = class {
  id;
  url;
  o;
  constructor(opts) {
    if (!opts.model) throw new InvalidInputError("the openai embedder needs a model name (hybrid.model or MEMORY_EMBEDDER_MODEL)", { field: "model" });
    const baseUrl = (opts.baseUrl || "https://api.openai.com/v1").replace(/\/+$/, "");
    let parsed;
    try {
      parsed = new URL(baseUrl);
    } catch {
      throw new InvalidInputError(`invalid embedder base URL: ${JSON.stringify(baseUrl)}`, { field: "baseUrl" });
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new InvalidInputError(`embedder base URL must be http(s): ${baseUrl}`, { field: "baseUrl" });
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
      let body2;
      try {
        res = await fetch(this.url, {
          method: "POST",
          headers: { "content-type": "application/json", ...this.o.apiKey ? { authorization: `Bearer ${this.o.apiKey}` } : {} },
          body: JSON.stringify({ model: this.o.model, input, encoding_format: "float" }),
          signal: ctl.signal
        });
        body2 = await res.text();
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
          msg = String(JSON.parse(body2)?.error?.message ?? "").slice(0, 200);
        } catch {
        }
        const hint = res.status === 401 || res.status === 403 ? " (check the API key variable named by hybrid.apiKeyEnv)" : "";
        throw fail(`embedder at ${this.o.baseUrl} answered HTTP ${res.status}${msg ? `: ${msg}` : ""}${hint}`, { model: this.o.model, status: res.status, reason: "http" });
      }
      return this.parse(body2, input.length);
    }
    throw lastErr;
  }
  parse(body2, n) {
    let json;
    try {
      json = JSON.parse(body2);
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
    if (!folder) throw new InvalidInputError("the onnx embedder needs a model folder (hybrid.model or MEMORY_EMBEDDER_MODEL)", { field: "model" });
    this.folder = resolve(folder);
    const cfg = join(this.folder, "config.json");
    if (!existsSync(cfg)) {
      throw new EmbedderError(`no Hugging Face model folder at ${this.folder} (config.json missing)`, { model: folder, reason: "not-found" });
    }
    const h = createHash("sha256").update(readFileSync(cfg)).digest("hex").slice(0, 8);
    this.id = `onnx:${basename(this.folder)}-${h}`;
  }
  load() {
    this.extractor ??= (async () => {
      let mod;
      if (!LOCAL_MODELS) throw new EmbedderError(NO_LOCAL_MODELS, { model: this.id, reason: "not-installed", next: "search.fulltext" });
      try {
        mod = await import(TRANSFORMERS);
      } catch (err) {
        throw new EmbedderError(
          `the onnx embedder needs the optional package @huggingface/transformers: run "ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers" (${err.message.split("\n")[0]})`,
          { model: this.id, reason: "not-installed", next: "search.fulltext" }
        );
      }
      mod.env.allowRemoteModels = false;
      mod.env.allowLocalModels = true;
      mod.env.localModelPath = dirname(this.folder) + "/";
      try {
        return await mod.pipeline("feature-extraction", basename(this.folder), { local_files_only: true });
      } catch (err) {
        throw new EmbedderError(`could not load the ONNX model in ${this.folder}: ${err.message}`, { model: this.id, reason: "load-failed" });
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
  if (v.length < 1 || v.length > 65535) throw new Error(`unsupported vector size ${v.length}`);
  const { scale, data } = quantize(v);
  return encodeQuantized(model, hash, scale, data);
}
function encodeQuantized(model, hash, scale, data) {
  const id = Buffer.from(model, "utf8");
  if (id.length > 255) throw new Error(`model id too long: ${model}`);
  if (data.length < 1 || data.length > 65535) throw new Error(`unsupported vector size ${data.length}`);
  const buf = Buffer.alloc(HEADER + id.length + data.length);
  MAGIC.copy(buf, 0);
  buf[4] = 1;
  buf[5] = id.length;
  buf.writeUInt16LE(data.length, 6);
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

// src/vector/view.ts
function readOnlyView(source) {
  if (views.has(source)) return views.get(source);
  if (made.has(source)) return source;
  const g = source.git;
  const git = Object.freeze({
    entryAt: (tree, path) => g.entryAt(tree, path),
    listBlobs: (tree, prefix) => g.listBlobs(tree, prefix),
    readBlob: (oid) => g.readBlob(oid)
  });
  const view = Object.freeze({
    cacheDir: source.cacheDir,
    tip: () => source.tip(),
    treeOf: (commit) => source.treeOf(commit),
    git,
    warn: (m) => source.warn(m)
  });
  views.set(source, view);
  made.add(view);
  return view;
}
var views = /* @__PURE__ */ new WeakMap();
var made = /* @__PURE__ */ new WeakSet();

// src/vector/branch.ts
import { createHash as createHash3 } from "node:crypto";
import { readFileSync as readFileSync2 } from "node:fs";
import { basename as basename2, join as join2 } from "node:path";

// src/vector/scan.ts
var OP = {
  block: 2,
  loop: 3,
  if: 4,
  end: 11,
  br: 12,
  brIf: 13,
  get: 32,
  set: 33,
  i32Load8U: 45,
  f32Load: 42,
  f32Store: 56,
  i32Const: 65,
  f32Const: 67,
  i32Eqz: 69,
  i32GeU: 79,
  i32Add: 106,
  i32Shl: 116,
  f64Add: 160,
  f64Mul: 162,
  f32DemoteF64: 182,
  f64PromoteF32: 187,
  void: 64
};
var simd = (op) => op < 128 ? [253, op] : [253, op & 127 | 128, op >> 7];
var V128_LOAD = 0;
var V128_LOAD8X8_S = 1;
var V128_CONST = 12;
var I8X16_SHUFFLE = 13;
var F64X2_EXTRACT_LANE = 33;
var I32X4_EXTEND_LOW_I16X8_S = 167;
var I32X4_EXTEND_HIGH_I16X8_S = 168;
var F64X2_ADD = 240;
var F64X2_MUL = 242;
var F64X2_CONVERT_LOW_I32X4_S = 254;
function leb(n) {
  const out = [];
  do {
    let b = n & 127;
    n >>>= 7;
    if (n) b |= 128;
    out.push(b);
  } while (n);
  return out;
}
var section = (id, body2) => [id, ...leb(body2.length), ...body2];
var str = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
var [N, D, Q, M, SCALES, OUT, MASK] = [0, 1, 2, 3, 4, 5, 6];
var [R, J, ROW, A01, A23, X, LO, HI] = [7, 8, 9, 10, 11, 12, 13, 14];
function body() {
  const get = (i) => [OP.get, i];
  const set = (i) => [OP.set, i];
  const c = [];
  const madd = (acc, v, k) => [
    ...get(acc),
    ...v,
    ...simd(F64X2_CONVERT_LOW_I32X4_S),
    ...get(Q),
    ...get(J),
    OP.i32Const,
    3,
    OP.i32Shl,
    OP.i32Add,
    ...simd(V128_LOAD),
    0,
    ...leb(8 * k),
    ...simd(F64X2_MUL),
    ...simd(F64X2_ADD),
    ...set(acc)
  ];
  const upper = (i) => [...get(i), ...get(i), ...simd(I8X16_SHUFFLE), 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
  const zero = [...simd(V128_CONST), ...new Array(16).fill(0)];
  const outAddr = [...get(OUT), ...get(R), OP.i32Const, 2, OP.i32Shl, OP.i32Add];
  c.push(OP.i32Const, 0, ...set(R), ...get(M), ...set(ROW));
  c.push(OP.block, OP.void, OP.loop, OP.void);
  c.push(...get(R), ...get(N), OP.i32GeU, OP.brIf, 1);
  c.push(OP.block, OP.void);
  c.push(...get(MASK), OP.if, OP.void, ...get(MASK), ...get(R), OP.i32Add, OP.i32Load8U, 0, 0, OP.i32Eqz, OP.if, OP.void);
  c.push(...outAddr, OP.f32Const, 0, 0, 0, 0, OP.f32Store, 2, 0, OP.br, 2, OP.end, OP.end);
  c.push(...zero, ...set(A01), ...zero, ...set(A23), OP.i32Const, 0, ...set(J));
  c.push(OP.block, OP.void, OP.loop, OP.void);
  c.push(...get(J), ...get(D), OP.i32GeU, OP.brIf, 1);
  c.push(...get(ROW), ...get(J), OP.i32Add, ...simd(V128_LOAD8X8_S), 0, 0, ...set(X));
  c.push(...get(X), ...simd(I32X4_EXTEND_LOW_I16X8_S), ...set(LO), ...get(X), ...simd(I32X4_EXTEND_HIGH_I16X8_S), ...set(HI));
  c.push(...madd(A01, get(LO), 0), ...madd(A23, upper(LO), 2), ...madd(A01, get(HI), 4), ...madd(A23, upper(HI), 6));
  c.push(...get(J), OP.i32Const, 8, OP.i32Add, ...set(J), OP.br, 0, OP.end, OP.end);
  c.push(...outAddr);
  c.push(...get(A01), ...simd(F64X2_EXTRACT_LANE), 0, ...get(A01), ...simd(F64X2_EXTRACT_LANE), 1, OP.f64Add);
  c.push(...get(A23), ...simd(F64X2_EXTRACT_LANE), 0, OP.f64Add, ...get(A23), ...simd(F64X2_EXTRACT_LANE), 1, OP.f64Add);
  c.push(...get(SCALES), ...get(R), OP.i32Const, 2, OP.i32Shl, OP.i32Add, OP.f32Load, 2, 0, OP.f64PromoteF32, OP.f64Mul, OP.f32DemoteF64, OP.f32Store, 2, 0);
  c.push(OP.end);
  c.push(...get(R), OP.i32Const, 1, OP.i32Add, ...set(R), ...get(ROW), ...get(D), OP.i32Add, ...set(ROW), OP.br, 0, OP.end, OP.end);
  c.push(OP.end);
  const locals = [2, 3, 127, 5, 123];
  const fn = [...locals, ...c];
  return [...leb(fn.length), ...fn];
}
function moduleBytes() {
  const bytes = [
    0,
    97,
    115,
    109,
    1,
    0,
    0,
    0,
    ...section(1, [1, 96, 7, ...new Array(7).fill(127), 0]),
    ...section(2, [1, ...str("e"), ...str("m"), 2, 0, 0]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...str("s"), 0, 0]),
    ...section(10, [1, ...body()])
  ];
  return new Uint8Array(bytes);
}
var compiled;
function scanModule() {
  if (compiled === void 0) {
    try {
      const bytes = moduleBytes();
      compiled = typeof WebAssembly === "object" && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}
function createScanner(n, d) {
  if (n <= 0 || d <= 0 || d % 8 !== 0) return null;
  const mod = scanModule();
  if (!mod) return null;
  const qAt = 0;
  const scalesAt = d * 8;
  const outAt = scalesAt + n * 4;
  const maskAt = outAt + n * 4;
  const dataAt = maskAt + n + (8 - (maskAt + n) % 8) % 8;
  const bytes = dataAt + n * d;
  if (bytes > 2147418112) return null;
  let memory;
  let run;
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    run = new WebAssembly.Instance(mod, { e: { m: memory } }).exports.s;
  } catch {
    return null;
  }
  const buf = memory.buffer;
  const q = new Float64Array(buf, qAt, d);
  const out = new Float32Array(buf, outAt, n);
  const mask = new Uint8Array(buf, maskAt, n);
  return {
    data: new Int8Array(buf, dataAt, n * d),
    scales: new Float32Array(buf, scalesAt, n),
    scan(query, only) {
      for (let j = 0; j < d; j++) q[j] = query[j];
      if (only) mask.set(only.subarray(0, n));
      run(n, d, qAt, dataAt, scalesAt, outAt, only ? maskAt : 0);
      return out.slice();
    }
  };
}

// src/vector/index.ts
var VectorIndex = class {
  constructor(dims, rows) {
    this.dims = dims;
    const n = rows.length;
    this.ids = new Array(n);
    this.hashes = new Array(n);
    this.scanner = createScanner(n, dims);
    this.scales = this.scanner?.scales ?? new Float32Array(n);
    this.data = this.scanner?.data ?? new Int8Array(n * dims);
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
  /** The matrix in WebAssembly memory with a SIMD scan (src/vector/scan.ts), where it runs. */
  scanner;
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
  /**
   * Cosine similarity of `q` (unit length) with every row, or with the rows whose `only` byte is set
   * (the others stay 0; a row's value is the same either way).
   */
  scoreAll(q, only) {
    const d = this.dims;
    if (!this.ids.length) return new Float32Array(0);
    if (q.length !== d) throw new Error(`query has ${q.length} dimensions, index ${d}`);
    if (this.scanner) return this.scanner.scan(q, only);
    const n = this.ids.length;
    const out = new Float32Array(n);
    const m = this.data;
    const d4 = d - d % 4;
    for (let r = 0, base = 0; r < n; r++, base += d) {
      if (only && !only[r]) continue;
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
var VECTORS_DIR = "vectors";
var CACHE_FORMAT = 3;
var MAX_CACHE_HEADER_BYTES = 256 * 1024 * 1024;
function vectorCacheLayoutOk(read, size) {
  const head = size >= 8 ? read(0, 4) : null;
  if (!head) return false;
  const len = head.readUInt32LE(0);
  if (len > MAX_CACHE_HEADER_BYTES || 4 + len + 4 > size) return false;
  const json = read(4, len);
  if (!json) return false;
  try {
    const h = JSON.parse(json.toString("utf8"));
    if (h.format !== CACHE_FORMAT || !Number.isInteger(h.dims) || h.dims < 0 || !Array.isArray(h.rows)) return false;
    return size === 4 + len + h.rows.length * h.dims + 4;
  } catch {
    return false;
  }
}
function wellFormed(h) {
  if (!Number.isInteger(h.dims) || h.dims < 0 || h.dims > 65535 || !Array.isArray(h.rows)) return false;
  if (h.folderTree !== null && typeof h.folderTree !== "string") return false;
  return h.rows.every((r) => {
    if (!Array.isArray(r) || r.length !== 6) return false;
    const [path, oid, id, hash, scale, memOid] = r;
    const f = Math.fround(scale);
    return typeof path === "string" && typeof oid === "string" && typeof id === "string" && typeof hash === "string" && typeof memOid === "string" && typeof scale === "number" && Number.isFinite(f) && f > 0;
  });
}
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
function blobOid(data) {
  return createHash3("sha1").update(`blob ${data.length}\0`).update(data).digest("hex");
}
var BranchVectors = class {
  constructor(branch, embedder) {
    this.embedder = embedder;
    this.branch = readOnlyView(branch);
    this.slug = modelSlug(embedder.id);
    this.folder = `${VECTORS_DIR}/${this.slug}`;
    this.cacheFile = join2(this.branch.cacheDir, "vectors", `${this.slug}.v${CACHE_FORMAT}.bin`);
  }
  embedder;
  slug;
  folder;
  branch;
  cacheFile;
  memo = null;
  lastIndex = null;
  /**
   * Bumped whenever the rows change (a new memo, a vector embedded or noted as committed): what
   * {@link coverage} and {@link ensure} computed for one list of items holds until then.
   */
  gen = 0;
  lastCoverage = null;
  lastEnsure = null;
  folderTree(commit) {
    const tree = this.branch.treeOf(commit);
    const e = tree ? this.branch.git.entryAt(tree, this.folder) : null;
    return e ? e.oid : null;
  }
  readCache() {
    try {
      const whole = readFileSync2(this.cacheFile);
      const buf = whole.subarray(0, whole.length - 4);
      if (crc32 && (whole.length < 8 || crc32(buf) !== whole.readUInt32LE(whole.length - 4))) {
        this.branch.warn(`the vector cache ${basename2(this.cacheFile)} failed its checksum (damaged or changed on disk): rebuilding it`);
        return null;
      }
      const len = buf.readUInt32LE(0);
      const header = JSON.parse(buf.toString("utf8", 4, 4 + len));
      if (header.format !== CACHE_FORMAT || header.model !== this.embedder.id) return null;
      if (!wellFormed(header)) {
        this.branch.warn(`the vector cache ${basename2(this.cacheFile)} is malformed: rebuilding it`);
        return null;
      }
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
    }
  }
  /**
   * Every usable vector of this model, by memory id: the branch's files at `commit` plus vectors
   * computed here and not committed. Files of another model, malformed files and files whose name
   * is not a memory id are ignored.
   */
  load(commit = this.branch.tip()) {
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
        for (const blob of this.branch.git.listBlobs(this.branch.treeOf(commit), this.folder)) {
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
    const rows = /* @__PURE__ */ new Map();
    for (const r of local) rows.set(r.id, r);
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
  split(items, rows) {
    const have = [];
    const want = [];
    let dirty = false;
    for (const it of items) {
      const r = rows.get(it.id);
      const entry = "read" in it ? it : null;
      if (entry && r?.memOid === entry.oid) {
        have.push(r);
        continue;
      }
      if (!r) {
        const memOid = entry?.oid ?? "";
        let loaded = null;
        const load = () => {
          if (!loaded) {
            const m2 = entry ? entry.read() : it;
            loaded = { m: m2, hash: hashOf(m2) };
          }
          return loaded;
        };
        const ts = entry ? entry.ts ?? Date.parse(load().m.timestamp) : Date.parse(it.timestamp);
        want.push({ id: it.id, ts: Number.isFinite(ts) ? ts : 0, memOid, load });
        continue;
      }
      const m = entry ? entry.read() : it;
      const hash = hashOf(m);
      if (r.hash === hash) {
        if (entry) {
          r.memOid = entry.oid;
          dirty = true;
        }
        have.push(r);
      } else {
        const ts = Date.parse(m.timestamp);
        want.push({ id: it.id, ts: Number.isFinite(ts) ? ts : 0, memOid: entry?.oid ?? "", load: () => ({ m, hash }) });
      }
    }
    return { have, want, dirty };
  }
  /**
   * How many of `items` have a vector of this model (on the branch or in the local cache), checked
   * by id only: no memory is read. What a search looks at before it decides to load the model.
   */
  coverage(items) {
    const rows = this.load().rows;
    const last = this.lastCoverage;
    if (last && last.items === items && last.gen === this.gen) return { ...last.result };
    let w = 0;
    let wo = 0;
    for (const it of items) rows.has(it.id) ? w++ : wo++;
    this.lastCoverage = { items, gen: this.gen, result: { with: w, without: wo } };
    return { with: w, without: wo };
  }
  checkDims(vecs, dims) {
    if (vecs.length && dims && vecs[0].length !== dims) {
      throw new EmbedderError(`${this.embedder.id} now returns ${vecs[0].length}-dimension vectors, the branch holds ${dims}-dimension ones: the model behind this name changed; give it a new name (MEMORY_EMBEDDER_MODEL) to re-embed`, { model: this.embedder.id, reason: "dimensions" });
    }
  }
  /**
   * The vectors of `items` for a search: every valid vector from the branch or the local cache, plus
   * memories embedded now within the budget (`budgetMs` of embedding, `budget` memories), newest and
   * preferred first. New vectors go to the local cache under the git dir and are never committed;
   * memories left over are counted in `missing` (they still match on full text). Returns an index
   * over the memories that have a vector.
   */
  async ensure(items, opts = {}) {
    const memo = this.load();
    const prev = this.lastEnsure;
    if (prev && prev.items === items && prev.gen === this.gen && this.lastIndex?.index === prev.index) {
      return { index: prev.index, report: { model: this.embedder.id, embedded: 0, reused: prev.reused, missing: 0, embedMs: 0 } };
    }
    const { have: result, want: all, dirty: checked } = this.split(items, memo.rows);
    let dirty = checked;
    const reused = result.length;
    const prefer = opts.prefer ?? (() => false);
    all.sort((a, b) => Number(prefer(b.id)) - Number(prefer(a.id)) || b.ts - a.ts);
    const want = opts.budget !== void 0 ? all.slice(0, Math.max(0, opts.budget)) : all;
    const t0 = performance.now();
    let done = 0;
    let dims = memo.dims;
    if (want.length && (opts.budgetMs === void 0 || opts.budgetMs > 0)) {
      let size = opts.budgetMs === void 0 ? 64 : 4;
      let perItem = 0;
      while (done < want.length) {
        const elapsed = performance.now() - t0;
        if (opts.budgetMs !== void 0) {
          const left = opts.budgetMs - elapsed;
          if (perItem) size = Math.max(1, Math.min(64, Math.floor(left / perItem)));
          if (left <= 0 || perItem && left < perItem) break;
        }
        const batch = want.slice(done, done + size).map((p) => ({ ...p.load(), memOid: p.memOid }));
        const tb = performance.now();
        const vecs = await this.embedder.embed(batch.map((w) => embedInput(w.m.content)));
        perItem = (performance.now() - tb) / batch.length;
        this.checkDims(vecs, dims);
        batch.forEach((w, i) => {
          dims = vecs[i].length;
          const { scale, data } = quantize(vecs[i]);
          const row = { path: "", oid: "", id: w.m.id, hash: w.hash, scale, data, ...w.memOid ? { memOid: w.memOid } : {} };
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
    const last = this.lastIndex;
    let index;
    if (last && last.rows.length === result.length && last.rows.every((r, i) => r === result[i])) index = last.index;
    else {
      index = new VectorIndex(dims, result);
      result.forEach((r, i) => r.data = index.data.subarray(i * dims, (i + 1) * dims));
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
  plan(items, live = new Set(items.map((m) => m.id))) {
    const memo = this.load();
    const { have, want: pending, dirty } = this.split(items, memo.rows);
    if (dirty) this.writeCache(memo.tree, [...memo.rows.values()], memo.dims);
    const want = pending.map((p) => ({ ...p.load(), memOid: p.memOid }));
    const local = [];
    let reused = 0;
    const byId = new Map(items.map((it) => [it.id, it]));
    for (const r of have) {
      if (r.oid) reused++;
      else {
        const it = byId.get(r.id);
        local.push({ m: "read" in it ? it.read() : it, row: r });
      }
    }
    const stale = [];
    for (const r of memo.rows.values()) if (r.oid && !live.has(r.id)) stale.push(r.path);
    return { embed: want, local, stale, reused };
  }
  /**
   * Records vector files a writer committed (path → file), so the next load reuses them by blob id
   * instead of reading them back. The files must have been written by this model.
   */
  noteCommitted(files) {
    const memo = this.memo;
    if (!memo) return;
    for (const [path, buf] of files) {
      if (!buf || !path.startsWith(this.folder + "/")) continue;
      const id = idFromVectorPath(path);
      const v = id ? decodeVector(buf) : null;
      if (!id || !v || v.model !== this.embedder.id) continue;
      memo.rows.set(id, { path, oid: blobOid(buf), id, hash: v.hash, scale: v.scale, data: v.data });
      this.gen++;
      if (!memo.dims) memo.dims = v.data.length;
    }
  }
  /** Quantised files for freshly embedded memories, with the dimension check of {@link ensure}. */
  filesFor(batch, vecs) {
    this.checkDims(vecs, this.load().dims);
    const out = /* @__PURE__ */ new Map();
    batch.forEach((w, i) => out.set(vectorPath(this.slug, w.m.id, w.m.timestamp), encodeVector(this.embedder.id, w.hash, vecs[i])));
    return out;
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
function branchVectors(store, embedder) {
  let m = sets.get(store);
  if (!m) sets.set(store, m = /* @__PURE__ */ new Map());
  let bv = m.get(embedder.id);
  if (!bv || bv.embedder !== embedder) m.set(embedder.id, bv = new BranchVectors(store, embedder));
  return bv;
}
var SEARCH_EMBED_BUDGET_MS = 1e3;
function searchBudgetMs(env = process.env) {
  const raw = (env.MEMORY_EMBED_BUDGET_MS ?? "").trim();
  const n = Number(raw);
  return raw !== "" && Number.isFinite(n) && n >= 0 ? n : SEARCH_EMBED_BUDGET_MS;
}

export {
  embedInput,
  contentHash,
  encodeVector,
  encodeQuantized,
  topK,
  readOnlyView,
  vectorCacheLayoutOk,
  vectorPath,
  storeEmbedder,
  branchVectors,
  SEARCH_EMBED_BUDGET_MS,
  searchBudgetMs
};
