import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  fileRecords,
  parseRecords,
  readPiDirectory,
  recordToMemory
} from "./chunk-2SNIHXH3.js";
import "./chunk-YOGQNHPV.js";
import {
  safeText
} from "./chunk-RQIUX57U.js";
import "./chunk-OR7XTQ53.js";
import {
  UPSERT_KEY_FIELD,
  contentHash,
  guardOptions,
  keyOf,
  loadFingerprints,
  primeFingerprints
} from "./chunk-GRE5BRR7.js";
import {
  maskSecrets
} from "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
import {
  builtWorker
} from "./chunk-YTZHN34W.js";
import {
  crc32
} from "./chunk-UCBYA3PT.js";
import {
  hashObject
} from "./chunk-E3OSZJLW.js";
import {
  MEMORIES_DIR
} from "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import {
  memoryToFile
} from "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import {
  IMPORT_BATCH
} from "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import {
  AtomicFile,
  writeError,
  writeFileAtomic
} from "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError,
  MemoryError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/lifecycle/importer.ts
import { join as join2 } from "node:path";

// src/lifecycle/blob-compressor.ts
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

// src/git/pack-entry.ts
import { deflateSync } from "node:zlib";
function packHeader(type, size) {
  const bytes = [];
  let b = type << 4 | size & 15;
  size = Math.floor(size / 16);
  while (size > 0) {
    bytes.push(b | 128);
    b = size & 127;
    size = Math.floor(size / 128);
  }
  bytes.push(b);
  return Buffer.from(bytes);
}
var BLOB = 3;
function blobEntry(data) {
  const header = packHeader(BLOB, data.length);
  const deflated = deflateSync(data, { level: 1, chunkSize: Math.max(1024, Math.min(65536, data.length + 128)) });
  return { header, deflated, crc: crc32(deflated, crc32(header)) };
}

// src/lifecycle/blob-group.ts
function ownBuffer(b) {
  const ab = b.buffer;
  return b.byteOffset === 0 && b.byteLength === ab.byteLength ? ab : ab.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

// src/lifecycle/blob-compressor.ts
var debug = (msg) => process.env.MEMORY_DEBUG && process.stderr.write(`git-memory: blob compressor: ${msg}
`);
var EMPTY = Buffer.alloc(0);
var GROUP_ITEMS = 256;
var GROUP_BYTES = 1 << 19;
var BlobCompressor = class {
  workers = [];
  next = 0;
  group = [];
  digests = [];
  groupBytes = 0;
  groups = /* @__PURE__ */ new Map();
  groupNo = 0;
  pending = /* @__PURE__ */ new Set();
  /** Groups sent to each worker and not answered yet. */
  busy = /* @__PURE__ */ new Map();
  broken = false;
  /** Groups answered, and the first failure: for MEMORY_DEBUG's line at close. */
  answered = 0;
  failure = null;
  constructor(opts = {}) {
    const file = opts.worker ?? builtWorker();
    const threads = file === void 0 ? 0 : opts.threads ?? Math.min(3, availableParallelism() - 1);
    for (let i = 0; i < threads; i++) {
      const w = new Worker(file);
      w.on("message", (msg) => this.receive(msg));
      w.on("error", (err) => this.fail(`a worker failed: ${err.message}`));
      w.on("messageerror", () => this.fail("an answer could not be read"));
      w.on("exit", (code) => code !== 0 && this.workers.includes(w) && this.fail(`a worker exited with code ${code}`));
      w.unref();
      this.workers.push(w);
    }
  }
  /** Whether there is any worker to send to. */
  get active() {
    return this.workers.length > 0 && !this.broken;
  }
  /** Queues `data` for compression (and `digest`); the returned object is filled in when a worker is done. */
  add(data, digest) {
    const item = { data, packed: void 0, crc: void 0, id: void 0, digest: void 0 };
    if (!this.active) return item;
    this.group.push(item);
    this.digests.push(digest ?? null);
    this.groupBytes += data.length;
    if (this.group.length >= GROUP_ITEMS || this.groupBytes >= GROUP_BYTES) this.send();
    return item;
  }
  /** Waits until every item queued so far is compressed (or its worker failed). */
  async settle() {
    if (this.group.length) this.send();
    await Promise.all([...this.pending]);
  }
  async close() {
    const ws = this.workers;
    if (ws.length) debug(`${this.answered} groups compressed on ${ws.length} worker threads${this.failure ? `; then ${this.failure}, the rest on the main thread` : ""}`);
    this.workers = [];
    this.fail(null);
    await Promise.all(ws.map((w) => w.terminate()));
  }
  send() {
    const items = this.group;
    const digests = this.digests;
    this.group = [];
    this.digests = [];
    this.groupBytes = 0;
    if (!this.active) return;
    const group = this.groupNo++;
    const lens = new Uint32Array(items.map((i) => i.data.length));
    const froms = new Int32Array(digests.map((d) => d ? d.from : -1));
    const scopes = digests.map((d) => d?.scope ?? "");
    const buf = ownBuffer(Buffer.concat(items.map((i) => i.data)));
    let resolve;
    const done = new Promise((r) => resolve = r);
    this.groups.set(group, { items, froms, done, resolve });
    const w = this.workers[this.next++ % this.workers.length];
    const busy = this.busy.get(w) ?? 0;
    if (busy === 0) w.ref();
    this.busy.set(w, busy + 1);
    this.pending.add(done);
    void done.then(() => {
      this.pending.delete(done);
      const left = (this.busy.get(w) ?? 1) - 1;
      this.busy.set(w, left);
      if (left === 0) w.unref();
    });
    const req = { group, buf, lens, froms, scopes };
    w.postMessage(req, [buf]);
  }
  receive(msg) {
    const g = this.groups.get(msg.group);
    if (!g) return;
    this.answered++;
    this.groups.delete(msg.group);
    const out = Buffer.from(msg.buf);
    const ids = Buffer.from(msg.ids.buffer, msg.ids.byteOffset, msg.ids.byteLength);
    const digests = Buffer.from(msg.digests.buffer, msg.digests.byteOffset, msg.digests.byteLength);
    let at = 0;
    g.items.forEach((item, i) => {
      item.packed = out.subarray(at, at + msg.lens[i]);
      item.crc = msg.crcs[i];
      item.id = ids.toString("hex", i * 20, i * 20 + 20);
      if (g.froms[i] >= 0) item.digest = digests.toString("hex", i * 12, i * 12 + 12);
      item.data = EMPTY;
      at += msg.lens[i];
    });
    g.resolve();
  }
  /** Stops sending (`reason` null: closed); the groups still out resolve with their items uncompressed. */
  fail(reason) {
    if (reason && !this.failure) {
      this.failure = reason;
      debug(reason);
    }
    this.broken = true;
    for (const g of this.groups.values()) g.resolve();
    this.groups.clear();
  }
};

// src/git/pack-write.ts
import { createHash } from "node:crypto";
import { join } from "node:path";
function writeBlobPack(objectsDir, blobs, onProgress) {
  const items = blobs.map((b) => Buffer.isBuffer(b) ? { data: b } : b);
  const ids = items.map((b) => b.id ?? hashObject("blob", b.data));
  const unique = /* @__PURE__ */ new Map();
  ids.forEach((id, i) => unique.has(id) || unique.set(id, items[i]));
  if (!unique.size) return ids;
  const dir = join(objectsDir, "pack");
  const tmpName = `tmp_pack_${process.pid}_${Math.random().toString(36).slice(2)}`;
  let pack = null;
  let name;
  let idx;
  try {
    pack = new AtomicFile(dir, tmpName, { mode: 292, fsync: true });
    const { trailer, entries } = writePack(pack, unique, onProgress);
    name = trailer.toString("hex");
    entries.sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    idx = buildIndex(entries, trailer);
    pack.commit(join(dir, `pack-${name}.pack`));
  } catch (err) {
    pack?.abort();
    throw writeError(err, dir);
  }
  writeFileAtomic(join(dir, `pack-${name}.idx`), idx, { mode: 292, fsync: true, tmpName: `${tmpName}.idx`, errorPath: dir });
  onProgress?.(items.length);
  return ids;
}
function writePack(file, unique, onProgress) {
  const sum = createHash("sha1");
  const entries = [];
  let offset = 0;
  let pending = [];
  let pendingBytes = 0;
  const flush = () => {
    if (!pending.length) return;
    file.write(Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  const out = (b) => {
    sum.update(b);
    pending.push(b);
    pendingBytes += b.length;
    offset += b.length;
    if (pendingBytes > 1 << 20) flush();
  };
  const head = Buffer.alloc(12);
  head.write("PACK", 0, "latin1");
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(unique.size, 8);
  out(head);
  let k = 0;
  for (const [id, blob] of unique) {
    if (onProgress && ++k % 500 === 0) onProgress(k);
    if (blob.packed && blob.crc !== void 0) {
      entries.push({ id, offset, crc: blob.crc });
      out(blob.packed);
      continue;
    }
    const e = blobEntry(blob.data);
    entries.push({ id, offset, crc: e.crc });
    out(e.header);
    out(e.deflated);
  }
  const trailer = sum.digest();
  pending.push(trailer);
  flush();
  return { trailer, entries };
}
function buildIndex(entries, packSum) {
  const n = entries.length;
  const large = entries.filter((e) => e.offset >= 2147483648);
  const buf = Buffer.alloc(8 + 256 * 4 + n * 20 + n * 4 + n * 4 + large.length * 8 + 40);
  let p = 0;
  buf.writeUInt32BE(4285812579, p);
  buf.writeUInt32BE(2, p + 4);
  p += 8;
  const fan = new Array(256).fill(0);
  for (const e of entries) fan[parseInt(e.id.slice(0, 2), 16)]++;
  let acc = 0;
  for (let i = 0; i < 256; i++) {
    acc += fan[i];
    buf.writeUInt32BE(acc, p);
    p += 4;
  }
  for (const e of entries) {
    buf.write(e.id, p, "hex");
    p += 20;
  }
  for (const e of entries) {
    buf.writeUInt32BE(e.crc, p);
    p += 4;
  }
  let li = 0;
  for (const e of entries) {
    if (e.offset >= 2147483648) buf.writeUInt32BE((2147483648 | li++) >>> 0, p);
    else buf.writeUInt32BE(e.offset, p);
    p += 4;
  }
  for (const e of large) {
    buf.writeBigUInt64BE(BigInt(e.offset), p);
    p += 8;
  }
  packSum.copy(buf, p);
  p += 20;
  createHash("sha1").update(buf.subarray(0, p)).digest().copy(buf, p);
  return buf;
}

// src/lifecycle/importer.ts
function memoryOf(store, it, settings, errors) {
  if (it.error) {
    errors.push({ ...it.error, line: typeof it.error.line === "string" ? safeText(it.error.line, 200) : it.error.line, message: safeText(it.error.message) });
    return null;
  }
  try {
    return recordToMemory(store, it.record, settings);
  } catch (err) {
    const e = err instanceof MemoryError ? err : new InvalidInputError(err.message);
    errors.push({ line: typeof it.line === "string" ? safeText(it.line, 200) : it.line, code: e.code, message: safeText(e.message) });
    return null;
  }
}
function refuseInvalid(store, items, settings) {
  const errors = [];
  for (const it of items) memoryOf(store, it, settings, errors);
  if (errors.length) {
    const first = errors[0];
    throw new InvalidInputError(`import refused (strict): ${errors.length} invalid record${errors.length === 1 ? "" : "s"}, first at line ${first.line}: ${first.message}; nothing was written`, { errors });
  }
}
function hashOf(it) {
  if (typeof it.hash !== "string") {
    const w = it.hash;
    it.hash = w.blob.digest ?? contentHash(w.blob.data.toString("utf8", w.from), w.scope);
  }
  return it.hash;
}
function importMessage(addedIds, dups, sourceName) {
  const n = addedIds.length;
  const from = sourceName ? ` from ${maskSecrets(sourceName).slice(0, 200)}` : "";
  return `memory: import ${n} memor${n === 1 ? "y" : "ies"}${from}${dups ? ` (${dups} already present)` : ""}

${addedIds.slice(0, 20).map((i) => `Memory-Id: ${i}`).join("\n")}${n > 20 ? `
(and ${n - 20} more)` : ""}
`;
}
var WORKERS_FROM = 2e3;
var Importer = class {
  constructor(store, settings, total) {
    this.store = store;
    this.settings = settings;
    this.total = total;
    this.startTip = store.tip();
    this.objectsDir = join2(store.git.location.commonDir, "objects");
  }
  store;
  settings;
  total;
  errors = [];
  ids = [];
  commits = [];
  duplicates = 0;
  /** Blobs written so far, for onProgress. */
  done = 0;
  known = null;
  /** Fingerprints of everything this import added, to move the index along without reading blobs back. */
  added = [];
  /** Another writer moved the branch during the import (between batches, or by winning a race). */
  foreign = false;
  startTip;
  objectsDir;
  compressor = null;
  /** Records read (and turned into files) so far. */
  seen = 0;
  batch = [];
  /** Reads one item; commits the batch when it is full. */
  async add(it) {
    const m = memoryOf(this.store, it, this.settings, this.errors);
    if (!m) return;
    this.batch.push(this.pendingOf(m, it.record?.id));
    if (this.batch.length >= (this.settings.batchSize ?? IMPORT_BATCH)) {
      const batch = this.batch;
      this.batch = [];
      await this.runBatch(batch);
    }
  }
  /** Commits the last batch. */
  async flush() {
    if (!this.batch.length) return;
    const batch = this.batch;
    this.batch = [];
    await this.runBatch(batch);
  }
  /** The result; moves the de-duplication index to the import's last commit. */
  finish() {
    const last = this.known;
    if (!this.settings.dryRun && this.commits.length && !this.foreign && last && last.tree !== null) {
      primeFingerprints(this.store.git, this.store.cacheDir, this.store.treeOf(this.startTip), last.tree, this.added);
    }
    return { success: true, imported: this.ids.length, duplicates: this.duplicates, errors: this.errors, ids: this.ids, commits: this.commits };
  }
  async close() {
    await this.compressor?.close();
  }
  /** Makes the memory's file (queued for compression when the workers run) and keeps what the batch needs of it. */
  pendingOf(m, rawId) {
    const upsertKey = m.extra[UPSERT_KEY_FIELD];
    const base = { id: m.id, path: m.path, explicitId: rawId !== void 0 && rawId !== null && rawId !== "", key: typeof upsertKey === "string" && upsertKey ? keyOf(upsertKey, m.scope) : void 0 };
    if (this.settings.dryRun) return { ...base, hash: contentHash(m.content, m.scope), body: null };
    if (++this.seen === WORKERS_FROM && !this.compressor) {
      const compressor = this.compressor = new BlobCompressor();
      for (const b of this.batch) if (Buffer.isBuffer(b.body)) b.body = compressor.add(b.body);
    }
    const file = Buffer.from(memoryToFile(m), "utf8");
    if (this.compressor?.active) {
      const from = file.length - Buffer.byteLength(m.content, "utf8");
      const blob = this.compressor.add(file, { from, scope: m.scope });
      return { ...base, hash: { blob, from, scope: m.scope }, body: blob };
    }
    return { ...base, hash: contentHash(m.content, m.scope), body: this.compressor ? this.compressor.add(file) : file };
  }
  /** What is on the branch at `tip`: the state kept so far when the tip is the one it was built for. */
  knownAt(tip) {
    if (this.known && this.known.tip === tip) return this.known;
    const tree = this.store.treeOf(tip);
    const hashes = /* @__PURE__ */ new Set();
    if (tree) for (const f of loadFingerprints(this.store.git, tree, this.store.cacheDir).entries()) hashes.add(f.hash);
    return this.known = { tip, tree, hashes, ids: null };
  }
  idsOf(k) {
    if (!k.ids) {
      k.ids = /* @__PURE__ */ new Set();
      if (k.tree) for (const f of loadFingerprints(this.store.git, k.tree, this.store.cacheDir).entries()) k.ids.add(f.id);
    }
    return k.ids;
  }
  /** Picks the batch's records that are new to `k` (and to each other), adding them to `k`. */
  choose(batch, k) {
    const picked = [];
    const paths = /* @__PURE__ */ new Set();
    let dups = 0;
    batch.forEach((it, i) => {
      const { id, path, explicitId } = it;
      const h = hashOf(it);
      const idTaken = explicitId && (this.idsOf(k).has(id) || paths.has(path) || k.tree !== null && this.store.git.entryAt(k.tree, path) !== null);
      if (idTaken || k.hashes.has(h) || paths.has(path)) {
        dups++;
        return;
      }
      k.hashes.add(h);
      if (explicitId) this.idsOf(k).add(id);
      paths.add(path);
      picked.push({ index: i, hash: h });
    });
    return { picked, dups };
  }
  /** One pack for the batch's blobs, then one tree and one commit, retried on a moved branch. */
  async runBatch(batch) {
    await this.compressor?.settle();
    if (this.settings.dryRun) {
      const r = this.choose(batch, this.knownAt(this.store.tip()));
      for (const p of r.picked) this.ids.push(batch[p.index].id);
      this.duplicates += r.dups;
      return;
    }
    const blobIds = /* @__PURE__ */ new Map();
    let attempt = 0;
    let picked = null;
    const { commit } = await this.store.mutate((tip) => {
      if (attempt++ > 0) {
        this.known = null;
        this.foreign = true;
      }
      if (this.known && this.known.tip !== tip) this.foreign = true;
      const k = this.knownAt(tip);
      const r = this.choose(batch, k);
      if (!r.picked.length) {
        picked = null;
        this.duplicates += r.dups;
        return { change: null, result: {} };
      }
      this.writeBlobs(batch, r.picked, blobIds);
      const blobs = new Map(r.picked.map((p) => [batch[p.index].path, blobIds.get(p.index)]));
      const addedIds = r.picked.map((p) => batch[p.index].id);
      picked = { k, r, addedIds };
      return { change: { changes: /* @__PURE__ */ new Map(), blobs, message: importMessage(addedIds, r.dups, this.settings.sourceName) }, result: {} };
    });
    const done = picked;
    if (done && commit) this.committed(batch, done.r, { ...done.k, tip: commit, tree: this.store.treeOf(commit) }, done.addedIds);
  }
  /** Writes the picked records' blobs not written by an earlier attempt, as one pack; their ids go to `blobIds`. */
  writeBlobs(batch, picked, blobIds) {
    const todo = picked.filter((p) => !blobIds.has(p.index));
    if (!todo.length) return;
    const bodies = todo.map((p) => {
      const body = batch[p.index].body;
      if (body === null) throw new Error("import: a record without its file reached the writer");
      return body;
    });
    const onProgress = this.settings.onProgress;
    const done = this.done;
    const written = writeBlobPack(this.objectsDir, bodies, onProgress ? (n) => onProgress(done + n, Math.max(this.total, done + n)) : void 0);
    todo.forEach((p, i) => blobIds.set(p.index, written[i]));
    this.done += todo.length;
  }
  /** A batch's commit landed: the result, the branch state and the fingerprints move to it. */
  committed(batch, r, known, addedIds) {
    this.commits.push(known.tip);
    for (const i of addedIds) this.ids.push(i);
    this.duplicates += r.dups;
    this.known = known;
    for (const p of r.picked) {
      const it = batch[p.index];
      if (!it.path.startsWith(`${MEMORIES_DIR}/`)) continue;
      const f = { path: it.path, id: it.id, hash: p.hash };
      if (it.key) f.key = it.key;
      this.added.push(f);
    }
  }
};
async function importRecords(store, items, opts = {}) {
  const cfg = await store.loadConfig();
  const settings = { ...opts, maxContentBytes: cfg.maxContentBytes, secretGuard: cfg.secretGuard, defaultCategory: cfg.defaultCategory, defaultPriority: cfg.defaultPriority };
  if (guardOptions(cfg, { allowSecret: opts.allowSecret, redact: opts.redact }).allowSecret) store.warn('the secret guard is lowered for this import (--allow-secret or secretGuard "off"): credentials in it are stored and pushed as they are');
  if (opts.strict) refuseInvalid(store, items, settings);
  const importer = new Importer(store, settings, Array.isArray(items) ? items.length : 0);
  try {
    for (const it of items) await importer.add(it);
    await importer.flush();
  } finally {
    await importer.close();
  }
  return importer.finish();
}
async function importMemories(store, input) {
  const given = [input.records, input.text, input.file, input.fromPi].filter((x) => x !== void 0).length;
  if (given !== 1) throw new InvalidInputError("give exactly one of records, text, file or fromPi", { field: "input" });
  let items;
  if (input.records) items = input.records.map((record, i) => ({ line: i + 1, record }));
  else if (input.fromPi !== void 0) items = readPiDirectory(input.fromPi);
  else if (input.text !== void 0) items = parseRecords(input.text);
  else items = fileRecords(input.file, input.onBytes);
  return importRecords(store, items, input);
}
export {
  importMemories,
  importRecords
};
