import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  builtWorker
} from "./chunk-YTZHN34W.js";
import {
  FIELDS,
  PRIORITY_NAME,
  SEGMENT_FORMAT,
  SegmentBuilder,
  SegmentFile,
  StringColumn,
  concatSegments,
  decodeSegment,
  docsWithId,
  gatherValues,
  joinParts,
  onClose,
  releaseSegment,
  retainSegment,
  writeSegment
} from "./chunk-CFTP24FZ.js";
import {
  MEMORIES_DIR,
  RAW_NAME,
  unreadableFile
} from "./chunk-CQNYWYCJ.js";
import {
  diffFiles
} from "./chunk-OQDIJSBS.js";
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import {
  hasRawBytes
} from "./chunk-SSV3AZGT.js";
import {
  oversizedFile
} from "./chunk-XRSA6KWW.js";
import {
  writeCacheFile
} from "./chunk-5EVQ5UWQ.js";
import {
  __require
} from "./chunk-VBFOSH5Y.js";

// src/search/doc-bounds.ts
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { basename, join } from "node:path";
var BOUND_BLOCK = 1024;
var BOUND_SHIFT = 10;
function lengthCode(len) {
  if (len < 64) return len;
  if (len >= 1 << 18) return 255;
  const e = 31 - Math.clz32(len);
  const m = len >>> e - 4 & 15;
  return 64 + (e - 6) * 16 + m;
}
function codeLength(code) {
  if (code < 64) return code;
  const e = (code - 64 >> 4) + 6;
  return (16 + (code - 64 & 15)) * 2 ** (e - 4);
}
var NF = FIELDS.length;
function computeDocBounds(seg) {
  const n = seg.n;
  const len = seg.len;
  const ts = seg.ts;
  const lenCode = new Uint8Array(n);
  for (let d = 0; d < n; d++) lenCode[d] = lengthCode(len[d * NF]);
  const tsMax = new Float64Array(Math.ceil(n / BOUND_BLOCK)).fill(-Infinity);
  for (let d = 0; d < n; d++) {
    const t = ts[d];
    if (t > tsMax[d >>> BOUND_SHIFT]) tsMax[d >>> BOUND_SHIFT] = t;
  }
  return { lenCode, tsMax };
}
var MAGIC = "GMBNDv1\0";
var HEAD = 8 + 32 + 4 + 4;
function boundsFileOf(segmentFile) {
  return join(segmentFile, "..", `bounds-${basename(segmentFile)}`);
}
function layout(n) {
  const codesEnd = HEAD + n + (8 - (HEAD + n) % 8) % 8;
  return { codesEnd, size: codesEnd + Math.ceil(n / BOUND_BLOCK) * 8 };
}
function writeDocBounds(segmentFile, seg, bounds = computeDocBounds(seg)) {
  const { codesEnd, size } = layout(seg.n);
  const buf = Buffer.alloc(size);
  buf.write(MAGIC, 0, "latin1");
  buf.write(seg.build.padEnd(32, "\0").slice(0, 32), 8, "latin1");
  buf.writeUInt32LE(seg.n, 40);
  buf.writeUInt32LE(BOUND_BLOCK, 44);
  buf.set(bounds.lenCode, HEAD);
  Buffer.from(bounds.tsMax.buffer, bounds.tsMax.byteOffset, bounds.tsMax.byteLength).copy(buf, codesEnd);
  writeCacheFile(boundsFileOf(segmentFile), buf);
}
function readDocBounds(segmentFile, seg) {
  let fd;
  try {
    fd = openSync(boundsFileOf(segmentFile), "r");
  } catch {
    return null;
  }
  try {
    const { codesEnd, size } = layout(seg.n);
    if (fstatSync(fd).size !== size) return null;
    const buf = Buffer.allocUnsafeSlow(size);
    let got = 0;
    while (got < size) {
      const k = readSync(fd, buf, got, size - got, got);
      if (k <= 0) return null;
      got += k;
    }
    if (buf.toString("latin1", 0, 8) !== MAGIC) return null;
    if (buf.toString("latin1", 8, 40) !== seg.build.padEnd(32, "\0").slice(0, 32)) return null;
    if (buf.readUInt32LE(40) !== seg.n || buf.readUInt32LE(44) !== BOUND_BLOCK) return null;
    return { lenCode: new Uint8Array(buf.buffer, HEAD, seg.n), tsMax: new Float64Array(buf.buffer, codesEnd, (size - codesEnd) / 8) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

// src/search/index-view.ts
var NF2 = FIELDS.length;
var IndexView = class _IndexView {
  constructor(parts, tree) {
    this.parts = parts;
    this.tree = tree;
    let n = 0;
    const sum = new Float64Array(NF2);
    for (const { seg, dead } of parts) {
      n += seg.n;
      for (let f = 0; f < NF2; f++) sum[f] += seg.lenSum[f];
      if (!dead) continue;
      const at = [];
      const flags = Buffer.from(dead.buffer, dead.byteOffset, dead.length);
      for (let d = flags.indexOf(1); d >= 0 && d < seg.n; d = flags.indexOf(1, d + 1)) {
        n--;
        for (let f = 0; f < NF2; f++) at.push(d * NF2 + f);
      }
      const lens = gatherValues(seg, "len", at);
      for (let i = 0; i < at.length; i++) sum[i % NF2] -= lens[i];
    }
    this.n = n;
    this.avgLen = sum.map((s) => n ? s / n || 1 : 1);
  }
  parts;
  tree;
  n;
  avgLen;
  scratch = null;
  counts = null;
  coverage = null;
  bounds = [];
  /**
   * Where a part's {@link DocBounds} come from when not computed from its columns: the file kept
   * beside a base segment (index.ts sets it). Null for a part it does not know.
   */
  boundsSource = null;
  static empty() {
    return new _IndexView([], null);
  }
  /** Skipped (unparsable) files at this tree. */
  get skipped() {
    return this.parts.length ? this.parts[this.parts.length - 1].seg.skipped : 0;
  }
  alive(part, doc) {
    return !this.parts[part].dead?.[doc];
  }
  /** A zeroed score array per part; callers must zero the entries they touched. */
  borrowScratch() {
    return this.scratch ??= this.parts.map((p) => new Float64Array(p.seg.n));
  }
  /** Zeroed per-document counters, same contract as {@link borrowScratch}. */
  borrowCounts() {
    return this.counts ??= this.parts.map((p) => new Uint16Array(p.seg.n));
  }
  /** Per document of part `pi`, what a bound of its score needs (src/search/doc-bounds.ts). */
  docBounds(pi) {
    const seg = this.parts[pi].seg;
    return this.bounds[pi] ??= this.boundsSource?.(seg) ?? computeDocBounds(seg);
  }
  /** Zeroed per-document coverage sums, same contract as {@link borrowScratch}. */
  borrowCoverage() {
    return this.coverage ??= this.parts.map((p) => new Float64Array(p.seg.n));
  }
};

// src/search/rank-order.ts
var DAY = 864e5;
var DEFAULT_WEIGHTS = {
  tagMatch: 3,
  categoryMatch: 2,
  contentMatch: 1,
  priority: { low: 0, medium: 1, high: 2 },
  recencyPerDay: 0.1,
  recencyDays: 7
};
function baseBoost(seg, d, w, now) {
  return boostOf(seg.prio[d], seg.ts[d], w, now);
}
function boostOf(prio, ts, w, now) {
  const pr = w.priority[["low", "medium", "high"][prio]] ?? 0;
  const ageDays = Math.max(0, (now - ts) / DAY);
  const rec = ageDays < w.recencyDays ? w.recencyPerDay * (w.recencyDays - ageDays) : 0;
  return pr + rec;
}
function pageOrder(view) {
  return (x, y) => {
    if (y.relevance !== x.relevance) return y.relevance - x.relevance;
    if (x.ts !== y.ts) return y.ts - x.ts;
    const ix = view.parts[x.part].seg.ids.get(x.doc);
    const iy = view.parts[y.part].seg.ids.get(y.doc);
    return ix < iy ? 1 : ix > iy ? -1 : 0;
  };
}
function newestFirst(view) {
  return (a, b) => {
    const sa = view.parts[a.part].seg;
    const sb = view.parts[b.part].seg;
    const ta = sa.ts[a.doc];
    const tb = sb.ts[b.doc];
    if (ta !== tb) return tb - ta;
    const ia = sa.ids.get(a.doc);
    const ib = sb.ids.get(b.doc);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
}
function bestOf(items, k, cmp) {
  if (items.length <= k * 4) return items.sort(cmp).slice(0, k);
  const top = [];
  for (const it of items) keepBest(top, it, k, cmp);
  return top;
}
function keepBest(top, it, k, cmp) {
  if (k <= 0 || top.length >= k && cmp(it, top[top.length - 1]) >= 0) return false;
  let i = top.length < k ? top.length : k - 1;
  if (top.length < k) top.push(it);
  while (i > 0 && cmp(it, top[i - 1]) < 0) {
    top[i] = top[i - 1];
    i--;
  }
  top[i] = it;
  return true;
}
function round(x) {
  return Math.round(x * 1e4) / 1e4;
}

// src/search/newest-order.ts
import { closeSync as closeSync2, openSync as openSync2, readSync as readSync2 } from "node:fs";
import { basename as basename2, join as join2 } from "node:path";
var MAGIC2 = "GMNEWv1\0";
var HEAD2 = 8 + 32 + 4;
var ENTRY = 12;
function buildField(seg) {
  return seg.build.padEnd(32, "\0").slice(0, 32);
}
function newestFileOf(segmentFile) {
  return join2(segmentFile, "..", `newest-${basename2(segmentFile)}`);
}
function writeNewestOrder(segmentFile, seg) {
  const n = seg.n;
  const ts = seg.ts;
  const order = new Uint32Array(n);
  for (let d = 0; d < n; d++) order[d] = d;
  order.sort((a, b) => {
    if (ts[a] !== ts[b]) return ts[b] - ts[a];
    const ia = seg.ids.get(a);
    const ib = seg.ids.get(b);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  });
  const body = Buffer.alloc(n * ENTRY);
  for (let i = 0; i < n; i++) {
    body.writeUInt32LE(order[i], i * ENTRY);
    body.writeDoubleLE(ts[order[i]], i * ENTRY + 4);
  }
  const head = Buffer.alloc(HEAD2);
  head.write(MAGIC2, 0, "latin1");
  head.write(buildField(seg), 8, "latin1");
  head.writeUInt32LE(n, 40);
  writeCacheFile(newestFileOf(segmentFile), (put) => {
    put(head);
    put(body);
  });
}
function readNewestOrder(segmentFile, seg, from, count) {
  let fd;
  try {
    fd = openSync2(newestFileOf(segmentFile), "r");
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(HEAD2);
    if (readSync2(fd, head, 0, HEAD2, 0) !== HEAD2) return null;
    if (head.toString("latin1", 0, 8) !== MAGIC2) return null;
    if (head.toString("latin1", 8, 40) !== buildField(seg)) return null;
    if (head.readUInt32LE(40) !== seg.n) return null;
    const k = Math.max(0, Math.min(count, seg.n - from));
    const buf = Buffer.alloc(k * ENTRY);
    if (k && readSync2(fd, buf, 0, buf.length, HEAD2 + from * ENTRY) !== buf.length) return null;
    const docs = new Uint32Array(k);
    const ts = new Float64Array(k);
    for (let i = 0; i < k; i++) {
      const d = buf.readUInt32LE(i * ENTRY);
      if (d >= seg.n) return null;
      docs[i] = d;
      ts[i] = buf.readDoubleLE(i * ENTRY + 4);
    }
    return { docs, ts };
  } catch {
    return null;
  } finally {
    closeSync2(fd);
  }
}
function newestByTime(view) {
  return (a, b) => {
    if (a.ts !== b.ts) return b.ts - a.ts;
    const ia = view.parts[a.part].seg.ids.get(a.doc);
    const ib = view.parts[b.part].seg.ids.get(b.doc);
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
}
function newestPage(view, segmentFile, limit) {
  const base = view.parts[0];
  if (!base || base.seg.kind !== "base") return null;
  const cmp = newestByTime(view);
  const top = [];
  for (let pi = 1; pi < view.parts.length; pi++) {
    const { seg, dead } = view.parts[pi];
    for (let d = 0; d < seg.n; d++) if (!dead?.[d]) keepBest(top, { part: pi, doc: d, ts: seg.ts[d] }, limit, cmp);
  }
  let from = 0;
  let taken = 0;
  while (taken < limit && from < base.seg.n) {
    const chunk = readNewestOrder(segmentFile, base.seg, from, Math.max(64, (limit - taken) * 2));
    if (!chunk) return null;
    if (!chunk.docs.length) break;
    for (let i = 0; i < chunk.docs.length && taken < limit; i++) {
      from++;
      const d = chunk.docs[i];
      if (base.dead?.[d]) continue;
      taken++;
      keepBest(top, { part: 0, doc: d, ts: chunk.ts[i] }, limit, cmp);
    }
  }
  return top;
}

// src/search/base-counts.ts
import { readFileSync, statSync } from "node:fs";
import { basename as basename3, join as join3 } from "node:path";
var VERSION = 1;
var MAX_COUNTS_BYTES = 64 * 1024 * 1024;
function countsFileOf(segmentFile) {
  return join3(segmentFile, "..", `counts-${basename3(segmentFile)}`);
}
function emptyCounts() {
  return { total: 0, categories: /* @__PURE__ */ new Map(), tags: /* @__PURE__ */ new Map(), priorities: { low: 0, medium: 0, high: 0 }, months: /* @__PURE__ */ new Map() };
}
var add = (m, k, v) => {
  const n = (m.get(k) ?? 0) + v;
  if (n) m.set(k, n);
  else m.delete(k);
};
function monthOf(ts) {
  return new Date(ts).toISOString().slice(0, 7);
}
function countSegment(seg, dead, out) {
  const catCounts = new Uint32Array(seg.cats.length);
  const tagCounts = new Uint32Array(seg.tags.length);
  const prio = [0, 0, 0];
  let monthFrom = 1;
  let monthTo = 0;
  let monthKey = "";
  let monthCount = 0;
  const flush = () => {
    if (monthCount) add(out.months, monthKey, monthCount);
    monthCount = 0;
  };
  for (let d = 0; d < seg.n; d++) {
    if (dead?.[d]) continue;
    out.total++;
    catCounts[seg.cat[d]]++;
    for (let i = seg.tagOff[d]; i < seg.tagOff[d + 1]; i++) tagCounts[seg.tagIds[i]]++;
    prio[seg.prio[d]]++;
    const ts = seg.ts[d];
    if (!(ts >= monthFrom && ts < monthTo)) {
      flush();
      const date = new Date(ts);
      monthKey = monthOf(ts);
      monthFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
      monthTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
    monthCount++;
  }
  flush();
  seg.cats.forEach((c, i) => catCounts[i] && add(out.categories, c, catCounts[i]));
  seg.tags.forEach((t, i) => tagCounts[i] && add(out.tags, t, tagCounts[i]));
  prio.forEach((v, i) => out.priorities[PRIORITY_NAME[i]] += v);
  return out;
}
function subtractDocs(seg, docs, counts, gather) {
  if (!docs.length) return;
  const ts = gather(seg, "ts", docs);
  const prio = gather(seg, "prio", docs);
  const cat = gather(seg, "cat", docs);
  const bounds = [];
  for (const d of docs) bounds.push(d, d + 1);
  const off = gather(seg, "tagOff", bounds);
  const tagAt = [];
  for (let k = 0; k < docs.length; k++) for (let i = off[2 * k]; i < off[2 * k + 1]; i++) tagAt.push(i);
  const tagIds = tagAt.length ? gather(seg, "tagIds", tagAt) : new Float64Array(0);
  for (let k = 0; k < docs.length; k++) {
    counts.total--;
    add(counts.categories, seg.cats[cat[k]], -1);
    counts.priorities[PRIORITY_NAME[prio[k]]]--;
    add(counts.months, monthOf(ts[k]), -1);
  }
  for (const t of tagIds) add(counts.tags, seg.tags[t], -1);
}
function writeBaseCounts(segmentFile, seg, counts = countSegment(seg, null, emptyCounts())) {
  const obj = (m) => Object.fromEntries(m);
  const p = counts.priorities;
  writeCacheFile(countsFileOf(segmentFile), JSON.stringify({ v: VERSION, build: seg.build, n: seg.n, cats: obj(counts.categories), tags: obj(counts.tags), prio: [p.low, p.medium, p.high], months: obj(counts.months) }));
}
function readBaseCounts(segmentFile, seg) {
  let c;
  try {
    const file = countsFileOf(segmentFile);
    if (statSync(file).size > MAX_COUNTS_BYTES) return null;
    c = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  const isCount = (x) => Number.isInteger(x) && x >= 0 && x <= seg.n;
  const map = (o) => {
    if (!o || typeof o !== "object" || Array.isArray(o)) return null;
    const m = /* @__PURE__ */ new Map();
    for (const [k, v] of Object.entries(o)) {
      if (!isCount(v)) return null;
      m.set(k, v);
    }
    return m;
  };
  const r = c;
  if (!r || r.v !== VERSION || r.build !== seg.build || r.n !== seg.n) return null;
  const categories = map(r.cats);
  const tags = map(r.tags);
  const months = map(r.months);
  if (!categories || !tags || !months || !Array.isArray(r.prio) || r.prio.length !== 3 || !r.prio.every(isCount)) return null;
  const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  if (sum(categories) !== seg.n || sum(months) !== seg.n || r.prio[0] + r.prio[1] + r.prio[2] !== seg.n) return null;
  return { total: seg.n, categories, tags, priorities: { low: r.prio[0], medium: r.prio[1], high: r.prio[2] }, months };
}

// src/search/index-files.ts
import { existsSync, readFileSync as readFileSync2, readdirSync, rmSync, statSync as statSync2 } from "node:fs";
import { basename as basename4, join as join4 } from "node:path";
var BranchIndex = class {
  tree = null;
  base = null;
  delta = null;
  view = IndexView.empty();
  memories = /* @__PURE__ */ new Map();
  /** Segments read by path, with the file's identity when read: a file is re-read only when replaced. */
  files = /* @__PURE__ */ new Map();
  previous = [];
  /** Records the segment read (or written) at `file`; takes over the reference its opener holds. */
  setFile(file, sig, seg) {
    const old = this.files.get(file);
    this.files.delete(file);
    if (sig) this.files.set(file, { sig, seg });
    else releaseSegment(seg);
    releaseSegment(old?.seg);
  }
  /** The segment read from `file` when it is still the version with identity `sig`. */
  fileAt(file, sig) {
    const hit = this.files.get(file);
    return hit && hit.sig === sig && !(hit.seg instanceof SegmentFile && hit.seg.closed) ? hit : null;
  }
  /** Makes (tree, base, delta, view) current; the generation before stays held, the one before that is let go. */
  setGeneration(tree, base, delta, view) {
    retainSegment(base);
    retainSegment(delta);
    for (const seg of this.previous) releaseSegment(seg);
    this.previous = [this.base, this.delta];
    this.tree = tree;
    this.base = base;
    this.delta = delta;
    this.view = view;
  }
  /** Lets go of every segment (the store is closing): each file closes unless another holder remains. */
  close() {
    for (const seg of [...this.previous, this.base, this.delta]) releaseSegment(seg);
    for (const { seg } of this.files.values()) releaseSegment(seg);
    this.previous = [];
    this.base = this.delta = null;
    this.files.clear();
    this.view = IndexView.empty();
    this.tree = null;
    this.memories.clear();
  }
};
var states = /* @__PURE__ */ new WeakMap();
function stateOf(store) {
  let st = states.get(store);
  if (!st) {
    const made = new BranchIndex();
    st = made;
    states.set(store, made);
    onClose(store, () => {
      made.close();
      states.delete(store);
    });
  }
  return st;
}
function baseSegmentFile(store) {
  return paths(store).base;
}
function paths(store) {
  return {
    base: join4(store.cacheDir, `search-v${SEGMENT_FORMAT}.base`),
    delta: join4(store.cacheDir, `search-v${SEGMENT_FORMAT}.delta`)
  };
}
function signature(file) {
  try {
    const st = statSync2(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return null;
  }
}
function okFile(file) {
  return join4(file, "..", `verified-${basename4(file)}`);
}
function verifiedBefore(file, sig) {
  try {
    return readFileSync2(okFile(file), "utf8") === sig;
  } catch {
    return false;
  }
}
function markVerified(file, sig) {
  writeCacheFile(okFile(file), sig);
}
var restoredSegments = /* @__PURE__ */ new WeakSet();
function restoredFile(file) {
  return join4(file, "..", `restored-${basename4(file)}`);
}
function markRestored(file) {
  return writeCacheFile(restoredFile(file), "restored from an index cache\n") > 0;
}
function unmarkRestored(file) {
  rmSync(restoredFile(file), { force: true });
}
function wasRestored(file) {
  return existsSync(restoredFile(file));
}
var trusted = (seg) => !!seg && !restoredSegments.has(seg);
function readSegment(store, file) {
  const sig = signature(file);
  if (!sig) return null;
  const st = stateOf(store);
  const hit = st.fileAt(file, sig);
  if (hit) return hit.seg;
  let seg = null;
  try {
    if (verifiedBefore(file, sig)) {
      seg = SegmentFile.open(file, (s) => `${s.ino}:${s.size}:${s.mtimeMs}` === sig);
    } else {
      seg = decodeSegment(readFileSync2(file));
      markVerified(file, sig);
    }
  } catch {
    seg = null;
  }
  if (seg && wasRestored(file)) restoredSegments.add(seg);
  st.setFile(file, sig, seg);
  return seg;
}
function dropOtherFormats(store) {
  try {
    for (const f of readdirSync(store.cacheDir)) {
      const m = /^(?:verified-|newest-|counts-|bounds-|restored-)?search-v(\d+)\.(base|delta)$/.exec(f);
      if (m && Number(m[1]) !== SEGMENT_FORMAT) rmSync(join4(store.cacheDir, f), { force: true });
    }
  } catch {
  }
}
function writeAtomic(store, file, seg) {
  const bytes = writeCacheFile(file, (write) => writeSegment(seg, write));
  if (!bytes) return 0;
  unmarkRestored(file);
  if (seg.kind === "base") {
    writeNewestOrder(file, seg);
    writeBaseCounts(file, seg);
    writeDocBounds(file, seg);
  }
  const sig = signature(file);
  stateOf(store).setFile(file, sig, seg);
  if (sig) markVerified(file, sig);
  return bytes;
}
function hasUsableIndex(store) {
  return readSegment(store, paths(store).base) !== null;
}
function indexFiles(store) {
  return paths(store);
}
function adopt(seg, file) {
  restoredSegments.delete(seg);
  rmSync(restoredFile(file), { force: true });
}

// src/search/conversation.ts
var MAX_CONVERSATION_CHARS = 200;
function scalar(v) {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return void 0;
  const t = v.trim();
  return t ? t : void 0;
}
var NO_CONVERSATION = 4294967295;
function conversationHash(key) {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h === NO_CONVERSATION ? NO_CONVERSATION - 1 : h;
}
function conversationOf(metadata) {
  if (!metadata || typeof metadata !== "object") return void 0;
  const session = scalar(metadata.session);
  if (session) return `session:${session}`.slice(0, MAX_CONVERSATION_CHARS);
  const run = scalar(metadata.run_id);
  const job = scalar(metadata.job_id);
  if (run && job) return `job:${run}/${job}`.slice(0, MAX_CONVERSATION_CHARS);
  return void 0;
}

// src/search/blob-doc.ts
function docOf(path, oid, text, warn) {
  const m = memoryFromFile(path, text, warn);
  const ts = Date.parse(m.timestamp);
  return { id: m.id, path, oid, timestamp: Number.isFinite(ts) ? ts : 0, priority: m.priority, category: m.category, scope: m.scope, conv: convOf(m.metadata), tags: m.tags, content: m.content };
}
function convOf(metadata) {
  const key = conversationOf(metadata);
  return key === void 0 ? void 0 : conversationHash(key);
}
function skipRawName(b, path, warn) {
  if (!hasRawBytes(path)) return false;
  b.skipped++;
  warn(unreadableFile(path, RAW_NAME));
  return true;
}
function addBytes(b, path, oid, bytes, warn, parse = (text) => docOf(path, oid, text, warn)) {
  try {
    const tooLarge = bytes && oversizedFile(bytes.length);
    if (tooLarge) throw new Error(tooLarge);
    b.add(parse(bytes?.toString("utf8")));
  } catch (err) {
    b.skipped++;
    warn(unreadableFile(path, err.message));
  }
}

// src/search/parallel-build.ts
import { availableParallelism } from "node:os";
var threadsLib;
var threads = () => threadsLib ??= __require("node:worker_threads");
var RUN = 4096;
var PARALLEL_FROM = 2e4;
var STALL_MS = 3 * 6e4;
var NEXT = 0;
var DONE = 1;
var FINISHED = 2;
var STATE = 3;
var WAITING = 0;
var CANCELLED = 2;
var debug = (msg) => process.env.MEMORY_DEBUG && process.stderr.write(`git-memory: index build: ${msg}
`);
var lastParts = [];
function fromWire(w) {
  const col = (c) => new StringColumn(Buffer.from(c.blob.buffer, c.blob.byteOffset, c.blob.byteLength), c.off);
  return { ...w, ids: col(w.ids), paths: col(w.paths), oids: col(w.oids), terms: col(w.terms) };
}
function takeRuns(ctrl, count, runSize, total, b, read, warnings, onFile) {
  const runs = [];
  for (; ; ) {
    const run = Atomics.add(ctrl, NEXT, 1);
    if (run >= count) return runs;
    const before = b.size;
    const warn = (message) => warnings.push([run, message]);
    for (let k = run * runSize; k < Math.min(total, (run + 1) * runSize); k++) {
      const f = read(k);
      if (!skipRawName(b, f.path, warn)) addBytes(b, f.path, f.oid, f.data, warn);
      onFile();
    }
    runs.push([run, b.size - before]);
  }
}
function workersFor(files, opts) {
  const env = process.env.MEMORY_INDEX_THREADS;
  const fromEnv = env !== void 0 && env !== "" && Number.isInteger(Number(env)) ? Math.min(Number(env), Math.max(1, availableParallelism() - 1)) : void 0;
  const count = opts.threads ?? fromEnv ?? (availableParallelism() >= 2 ? 1 : 0);
  const file = opts.worker ?? builtWorker();
  if (count < 1 || file === void 0 || files < (opts.from ?? PARALLEL_FROM)) return null;
  return { count, file };
}
function buildInParts(store, blobs, tree, skipped, progress, opts = {}) {
  const git = store.git;
  const use = workersFor(blobs.length, opts);
  const objectsDir = git.objectsDir?.();
  if (!use || !objectsDir || !git.planBlobs || !git.readPlannedBlob) return null;
  const total = blobs.length;
  const t0 = performance.now();
  const plan = git.planBlobs(blobs.map((f) => f.oid));
  const inOrder = Array.from(plan.order, (i) => blobs[i]);
  const runSize = opts.run ?? RUN;
  const runCount = Math.ceil(total / runSize);
  const ctrl = new Int32Array(new SharedArrayBuffer((STATE + use.count) * 4));
  const { Worker, MessageChannel, receiveMessageOnPort } = threads();
  const workers = [];
  const stop = () => {
    for (const w of workers) {
      w.port.close();
      void w.worker.terminate();
    }
  };
  try {
    for (let i = 0; i < use.count; i++) {
      const { port1, port2 } = new MessageChannel();
      const job = { kind: "index-build", objectsDir, paths: inOrder.map((f) => f.path).join("\0"), oids: inOrder.map((f) => f.oid).join(""), pack: plan.pack, offset: plan.offset, packs: plan.packs, run: runSize, ctrl: ctrl.buffer, index: i, port: port2 };
      const worker = new Worker(use.file, { workerData: job, transferList: [port2] });
      worker.on("error", () => {
      });
      worker.unref();
      workers.push({ worker, port: port1 });
    }
  } catch {
    stop();
    return null;
  }
  if (opts.waitForWorkers) {
    for (let i = 0; i < workers.length; i++) while (Atomics.load(ctrl, STATE + i) === WAITING) Atomics.wait(ctrl, STATE + i, WAITING, 50);
  }
  const tRuns = performance.now();
  let mine = 0;
  const every = Math.max(200, Math.floor(total / 200));
  let nextReport = 1;
  const report = () => {
    if (!progress) return;
    const done = mine + Atomics.load(ctrl, DONE);
    if (done >= nextReport || done === total) {
      progress(done, total);
      nextReport = (Math.floor((done - 1) / every) + 1) * every + 1;
    }
  };
  try {
    const b = new SegmentBuilder();
    b.expect(total);
    const warnings = [];
    const runs = takeRuns(
      ctrl,
      runCount,
      runSize,
      total,
      b,
      (k) => {
        const f = inOrder[k];
        return { path: f.path, oid: f.oid, data: git.readPlannedBlob(plan, k, f.oid) };
      },
      warnings,
      () => {
        mine++;
        report();
      }
    );
    const t1 = performance.now();
    const own = b.finish({ kind: "base", tree });
    const t2 = performance.now();
    const answers = [];
    let last = -1;
    let since = Date.now();
    for (let i = 0; i < workers.length; i++) {
      if (Atomics.compareExchange(ctrl, STATE + i, WAITING, CANCELLED) === WAITING) continue;
      for (; ; ) {
        const got = receiveMessageOnPort(workers[i].port);
        if (got) {
          answers.push(got.message);
          void workers[i].worker.terminate();
          break;
        }
        const seen = Atomics.load(ctrl, DONE) + Atomics.load(ctrl, FINISHED);
        if (seen !== last) {
          last = seen;
          since = Date.now();
        } else if (Date.now() - since > STALL_MS) return null;
        Atomics.wait(ctrl, FINISHED, Atomics.load(ctrl, FINISHED), 100);
        report();
      }
    }
    const t3 = performance.now();
    const failed = answers.find((a) => !a.ok);
    if (failed) {
      debug(`a worker failed, building on one thread: ${failed.error}`);
      return null;
    }
    const done = answers;
    if (progress) progress(total, total);
    for (const [, message] of [...warnings, ...done.flatMap((a) => a.warnings)].sort((x, y) => x[0] - y[0])) store.warn(message);
    const parts = [{ seg: own, runs }, ...done.map((a) => ({ seg: fromWire(a.seg), runs: a.runs }))];
    skipped += parts.reduce((s, p) => s + p.seg.skipped, 0);
    let dupes = parts.some((p) => !p.seg.dupes || p.seg.dupes.length);
    const others = /* @__PURE__ */ new Set();
    for (let i = 1; i < parts.length && !dupes; i++) {
      const { ids, n } = parts[i].seg;
      for (let d = 0; d < n && !dupes; d++) {
        const id = ids.get(d);
        if (b.hasId(id) || others.has(id)) dupes = true;
        else if (i < parts.length - 1) others.add(id);
      }
    }
    lastParts = parts.map((p) => p.runs.reduce((s, [run]) => s + Math.min(runSize, total - run * runSize), 0));
    if (dupes) return { dupes: true, skipped };
    const seg = joinParts(parts, { tree, skipped });
    const ms = (a, z) => `${Math.round(z - a)} ms`;
    debug(`files read by each thread ${lastParts.join(", ")}; plan and start ${ms(t0, tRuns)}, runs ${ms(tRuns, t1)}, own finish ${ms(t1, t2)}, waiting ${ms(t2, t3)}, join ${ms(t3, performance.now())}`);
    return { seg };
  } finally {
    stop();
  }
}

// src/search/index-build.ts
var parsed = /* @__PURE__ */ new Map();
function docFrom(store, path, oid, text = store.git.readBlob(oid).toString("utf8"), warn = (w) => store.warn(w)) {
  return docOf(path, oid, text, warn);
}
function docFromCached(store, path, oid, text) {
  const key = `${path}\0${oid}`;
  let doc = parsed.get(key);
  if (!doc) {
    doc = docFrom(store, path, oid, text);
    if (parsed.size >= 2e3) parsed.clear();
    parsed.set(key, doc);
  }
  return doc;
}
function addFile(store, b, path, oid, opts = {}) {
  if (!path.endsWith(".md")) return;
  const warn = opts.warn ?? ((w) => store.warn(w));
  if (skipRawName(b, path, warn)) return;
  const bytes = opts.cache && parsed.has(`${path}\0${oid}`) ? void 0 : opts.bytes ?? store.git.readBlob(oid);
  addBytes(b, path, oid, bytes, warn, (text) => opts.cache ? docFromCached(store, path, oid, text) : docFrom(store, path, oid, text, warn));
}
function fullBuild(store, tree, opts) {
  const raw = [];
  const blobs = store.git.listBlobs(tree, MEMORIES_DIR, (path, oid) => raw.push({ path, oid })).filter((f) => f.path.endsWith(".md"));
  const every = Math.max(200, Math.floor(blobs.length / 200));
  let done = 0;
  const progress = () => {
    done++;
    if (opts.progress && (done % every === 1 || done === blobs.length)) opts.progress(done, blobs.length);
  };
  const b = new SegmentBuilder();
  for (const f of raw) addFile(store, b, f.path, f.oid);
  let skipped;
  const parts = buildInParts(store, blobs, tree, b.skipped, opts.progress, opts.parallel);
  if (parts && "seg" in parts) return parts.seg;
  if (parts) skipped = parts.skipped;
  else {
    b.expect(blobs.length);
    store.git.readBlobs(
      blobs.map((f) => f.oid),
      (i, data) => {
        addFile(store, b, blobs[i].path, blobs[i].oid, { bytes: data });
        progress();
      }
    );
    if (b.dupes && !b.dupes.length) return b.finish({ kind: "base", tree });
    skipped = b.skipped;
  }
  const again = new SegmentBuilder();
  again.expect(blobs.length);
  for (const sweep of ["own", "others"]) {
    again.sweep = sweep;
    for (const f of blobs) addFile(store, again, f.path, f.oid, { warn: () => {
    } });
  }
  again.skipped = skipped;
  return again.finish({ kind: "base", tree });
}
function diffMemories(store, from, to) {
  const out = { added: [], removed: [] };
  for (const c of diffFiles((t) => store.git.readTree(t), from, to, MEMORIES_DIR)) {
    if (c.oldOid) out.removed.push(c.path);
    if (c.newOid) out.added.push({ path: c.path, oid: c.newOid });
  }
  return out;
}
function diffFromTable(store, base, tree, opts = {}) {
  const trustDupes = opts.trustDupes !== false;
  if (trustDupes && !base.dupes) return null;
  const known = /* @__PURE__ */ new Map();
  const out = { added: [], removed: [] };
  const twice = /* @__PURE__ */ new Set();
  for (let d = 0; d < base.n; d++) {
    const path = base.paths.get(d);
    if (known.has(path)) twice.add(path);
    known.set(path, base.oids.get(d));
  }
  if (trustDupes) for (const [path, oid] of base.dupes ?? []) known.set(path, oid);
  else
    for (const path of twice) {
      known.delete(path);
      out.removed.push(path);
    }
  for (const f of store.git.listBlobs(tree, MEMORIES_DIR)) {
    const was = known.get(f.path);
    if (was === f.oid) {
      known.delete(f.path);
      continue;
    }
    if (was !== void 0) {
      known.delete(f.path);
      out.removed.push(f.path);
    }
    out.added.push({ path: f.path, oid: f.oid });
  }
  for (const path of known.keys()) out.removed.push(path);
  return out;
}
var lastOpen = "empty";
function lastIndexOpen() {
  return lastOpen;
}
function setLastOpen(how) {
  lastOpen = how;
}
function matches(store, base, delta, tree) {
  try {
    return viewMatchesTree(store, base, delta, tree);
  } catch {
    return false;
  }
}
function viewMatchesTree(store, base, delta, tree) {
  if (!base.dupes || delta && !delta.dupes) return false;
  const gone = new Set(delta?.removed ?? []);
  const live = /* @__PURE__ */ new Map();
  const add2 = (path, oid) => !live.has(path) && !!live.set(path, oid);
  for (let d = 0; d < base.n; d++) if (!gone.has(d) && !add2(base.paths.get(d), base.oids.get(d))) return false;
  for (let d = 0; d < (delta?.n ?? 0); d++) if (!add2(delta.paths.get(d), delta.oids.get(d))) return false;
  const copies = [...base.dupes, ...delta?.dupes ?? []];
  if (copies.length) {
    const parts = delta ? [{ seg: base, gone }, { seg: delta, gone: /* @__PURE__ */ new Set() }] : [{ seg: base, gone }];
    const holds = copyCheck(store, parts);
    for (const [path, oid] of copies) if (!holds(path, oid) || !add2(path, oid)) return false;
  }
  let files = 0;
  for (const f of store.git.listBlobs(tree, MEMORIES_DIR)) {
    if (!f.path.endsWith(".md")) continue;
    if (live.get(f.path) !== f.oid) return false;
    files++;
  }
  return files === live.size;
}
function copyCheck(store, parts) {
  const idOf = (path, oid) => memoryFromFile(path, store.git.readBlob(oid).toString("utf8")).id;
  return (path, oid) => {
    try {
      const id = idOf(path, oid);
      return parts.some(({ seg, gone }) => docsWithId(seg, id, null).some((d) => !gone.has(d) && seg.paths.get(d) !== path && idOf(seg.paths.get(d), seg.oids.get(d)) === id));
    } catch {
      return false;
    }
  };
}
function buildDelta(store, base, tree) {
  let diff;
  let fromTable = false;
  if (!trusted(base)) {
    diff = diffFromTable(store, base, tree, { trustDupes: false });
    fromTable = true;
    if (base.dupes?.length) {
      const removed2 = new Set(docsAt(base, diff.removed));
      const holds = copyCheck(store, [{ seg: base, gone: removed2 }]);
      const added = new Map(diff.added.map((f) => [f.path, f.oid]));
      const kept = /* @__PURE__ */ new Set();
      for (const [path, oid] of base.dupes) if (added.get(path) === oid && holds(path, oid)) kept.add(path);
      if (kept.size) diff.added = diff.added.filter((f) => !kept.has(f.path));
    }
  } else {
    try {
      diff = diffMemories(store, base.tree, tree);
    } catch (err) {
      const t = diffFromTable(store, base, tree);
      if (!t) throw err;
      diff = t;
      fromTable = true;
    }
  }
  const removed = docsAt(base, diff.removed);
  const b = new SegmentBuilder();
  for (const f of diff.added) addFile(store, b, f.path, f.oid, { cache: true });
  if (!fromTable) b.skipped += base.skipped;
  lastOpen = fromTable ? "delta-from-table" : "delta";
  return b.finish({ kind: "delta", tree, baseBuild: base.build, baseTree: base.tree, removed });
}
function advanceDelta(store, base, old, tree) {
  if (!trusted(base) || !trusted(old) || old.kind !== "delta" || old.baseBuild !== base.build || old.tree === tree || old.dupes?.length !== 0) return null;
  let diff;
  try {
    diff = diffMemories(store, old.tree, tree);
  } catch {
    return null;
  }
  const oldAt = /* @__PURE__ */ new Map();
  for (let d = 0; d < old.n; d++) oldAt.set(old.paths.get(d), d);
  const drop = new Uint8Array(old.n);
  const inBase = [];
  for (const path of diff.removed) {
    if (!path.endsWith(".md")) continue;
    const d = oldAt.get(path);
    if (d !== void 0) drop[d] = 1;
    else inBase.push(path);
  }
  const removed = new Set(old.removed);
  const gone = docsAt(base, inBase).filter((d) => !removed.has(d));
  if (gone.length !== inBase.length) return null;
  for (const d of gone) removed.add(d);
  const b = new SegmentBuilder();
  for (const f of diff.added) addFile(store, b, f.path, f.oid, { cache: true });
  const added = b.finish({ kind: "delta", tree });
  if (added.dupes?.length !== 0) return null;
  if (added.n) {
    const kept = /* @__PURE__ */ new Set();
    for (let d = 0; d < old.n; d++) if (!drop[d]) kept.add(old.ids.get(d));
    for (let d = 0; d < added.n; d++) if (kept.has(added.ids.get(d))) return null;
  }
  lastOpen = "delta";
  return concatSegments(old, drop, added, {
    kind: "delta",
    tree,
    baseBuild: base.build,
    baseTree: base.tree,
    skipped: old.skipped + added.skipped,
    dupes: [],
    removed: Uint32Array.from([...removed].sort((x, y) => x - y))
  });
}
function needsCompaction(base, delta) {
  return delta.n + delta.removed.length > Math.max(500, base.n / 10);
}
function viewOf(base, delta) {
  if (!delta) return new IndexView([{ seg: base, dead: null }], base.tree);
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  return new IndexView(
    [
      { seg: base, dead },
      { seg: delta, dead: null }
    ],
    delta.tree
  );
}
function docsAt(base, paths2) {
  const rest = new Set(paths2);
  const out = [];
  if (!rest.size) return out;
  for (const path of [...rest]) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (!name.endsWith(".md")) {
      rest.delete(path);
      continue;
    }
    for (const d of docsWithId(base, name.slice(0, -3), null)) {
      if (base.paths.get(d) !== path) continue;
      out.push(d);
      rest.delete(path);
    }
  }
  if (rest.size) {
    for (let d = 0; d < base.n; d++) if (rest.has(base.paths.get(d))) out.push(d);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

export {
  BOUND_SHIFT,
  codeLength,
  computeDocBounds,
  writeDocBounds,
  readDocBounds,
  IndexView,
  DAY,
  DEFAULT_WEIGHTS,
  baseBoost,
  boostOf,
  pageOrder,
  newestFirst,
  bestOf,
  keepBest,
  round,
  readNewestOrder,
  newestByTime,
  newestPage,
  emptyCounts,
  countSegment,
  subtractDocs,
  writeBaseCounts,
  readBaseCounts,
  states,
  stateOf,
  baseSegmentFile,
  paths,
  markRestored,
  unmarkRestored,
  trusted,
  readSegment,
  dropOtherFormats,
  writeAtomic,
  hasUsableIndex,
  indexFiles,
  adopt,
  NO_CONVERSATION,
  addFile,
  fullBuild,
  lastIndexOpen,
  setLastOpen,
  matches,
  buildDelta,
  advanceDelta,
  needsCompaction,
  viewOf
};
