import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  assertNoSecrets,
  guardFields,
  maskSecrets,
  scanText,
  secretDetected
} from "./chunk-IQD4E6NP.js";
import {
  catFileBatch
} from "./chunk-2QD6CEEN.js";
import {
  MEMORIES_DIR
} from "./chunk-CQNYWYCJ.js";
import {
  orderByHex
} from "./chunk-Z5YN2S7E.js";
import {
  diffFiles
} from "./chunk-OQDIJSBS.js";
import {
  memoryFromFile
} from "./chunk-EYKMHHKG.js";
import {
  MAX_TIME_MS,
  checkedTags
} from "./chunk-XRSA6KWW.js";
import {
  isValidId
} from "./chunk-FBFUYQWQ.js";
import {
  writeFileAtomic
} from "./chunk-5EVQ5UWQ.js";
import {
  InvalidInputError,
  SecretDetectedError
} from "./chunk-FJGJKBHJ.js";

// src/model/content-hash.ts
import { createHash } from "node:crypto";
function normalizeContent(content) {
  return content.replace(/\s+/g, " ").trim();
}
function contentDigest(content, scope) {
  return createHash("sha1").update((scope ?? "") + "\0" + normalizeContent(content)).digest().subarray(0, 12);
}
function contentHash(content, scope) {
  return contentDigest(content, scope).toString("hex");
}

// src/guards/fingerprints.ts
import { createHash as createHash2 } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
var enc = (key) => `k:${encodeURIComponent(key)}`;
var FingerprintIndex = class {
  constructor(tree, body = "\n") {
    this.tree = tree;
    this.body = body;
  }
  tree;
  body;
  lineAt(start) {
    const end = this.body.indexOf("\n", start);
    const [hash, id, key, ...rest] = this.body.slice(start, end).split("	");
    const f = { hash, id, path: rest.join("	") };
    if (key) f.key = decodeURIComponent(key.slice(2));
    return f;
  }
  byHash(hash) {
    const i = this.body.indexOf(`
${hash}	`);
    return i < 0 ? void 0 : this.lineAt(i + 1);
  }
  byKey(key) {
    const i = this.body.indexOf(`	${enc(key)}	`);
    return i < 0 ? void 0 : this.lineAt(this.body.lastIndexOf("\n", i) + 1);
  }
  /** Whether a line (an entry or a tombstone) is about `path`. */
  hasPath(path) {
    return this.body.indexOf(`	${path}
`) >= 0;
  }
  /** Lines held. */
  count() {
    let n = 0;
    for (let i = this.body.indexOf("\n", 1); i >= 0; i = this.body.indexOf("\n", i + 1)) n++;
    return n;
  }
  remove(path) {
    const i = this.body.indexOf(`	${path}
`);
    if (i < 0) return false;
    const start = this.body.lastIndexOf("\n", i) + 1;
    this.body = this.body.slice(0, start) + this.body.slice(i + path.length + 2);
    return true;
  }
  add(f) {
    if (/[\t\n]/.test(f.path)) return;
    this.remove(f.path);
    this.body += `${f.hash}	${f.id}	${f.key ? enc(f.key) : ""}	${f.path}
`;
  }
  /** Applies many changes at once (a fetch, a clear): one pass instead of one string copy per change. */
  applyMany(changes) {
    const lines = /* @__PURE__ */ new Map();
    for (const line of this.body.split("\n")) if (line) lines.set(line.slice(nthTab(line, 3) + 1), line);
    for (const { path, f } of changes) {
      lines.delete(path);
      if (f && !/[\t\n]/.test(f.path)) lines.set(path, `${f.hash}	${f.id}	${f.key ? enc(f.key) : ""}	${f.path}`);
    }
    this.body = "\n" + [...lines.values()].map((l) => l + "\n").join("");
  }
  *entries() {
    for (let i = 1; i < this.body.length; ) {
      const end = this.body.indexOf("\n", i);
      if (end < 0) return;
      yield this.lineAt(i);
      i = end + 1;
    }
  }
  text() {
    return this.body;
  }
};
function nthTab(line, n) {
  let i = -1;
  for (let k = 0; k < n; k++) i = line.indexOf("	", i + 1);
  return i;
}
var UPSERT_KEY_FIELD = "upsert_key";
var FORMAT = 2;
function keyOf(key, scope) {
  return `${scope ?? ""}\0${key}`;
}
function quickFields(path, text) {
  if (!text.startsWith("---\n")) return null;
  const end = text.indexOf("\n---\n", 3);
  if (end < 0) return null;
  const front = text.slice(4, end + 1);
  const one = (name) => {
    const m = new RegExp(`^${name}:(.*)$`, "m").exec(front);
    if (!m) return void 0;
    const v = m[1].trim();
    if (/^(?:true|false|null|~)$/i.test(v) || /^[-+.]?\d/.test(v)) return null;
    if (/^[A-Za-z_][A-Za-z0-9_:.@/+-]*$/.test(v)) return v;
    if (/^"[^"\\]*"$/.test(v)) return v.slice(1, -1);
    return null;
  };
  const id = one("id");
  const scope = one("scope");
  const key = one(UPSERT_KEY_FIELD);
  if (!id || !isValidId(id) || scope === null || key === null) return null;
  return { id, content: text.slice(end + 5), scope: scope || void 0, key: key || void 0 };
}
function fingerprint(git, path, oid, data) {
  const text = (data ?? git.readBlob(oid)).toString("utf8");
  try {
    const q = quickFields(path, text);
    if (q) {
      const f2 = { path, id: q.id, hash: contentHash(q.content, q.scope) };
      if (q.key) f2.key = keyOf(q.key, q.scope);
      return f2;
    }
    const m = memoryFromFile(path, text);
    const rawKey = m.extra[UPSERT_KEY_FIELD];
    const f = { path, id: m.id, hash: contentHash(m.content, m.scope) };
    if (typeof rawKey === "string" && rawKey) f.key = keyOf(rawKey, m.scope);
    return f;
  } catch {
    return null;
  }
}
function readBlobsWithGit(git, oids, visit) {
  try {
    for (let i = 0; i < oids.length; i += 2e4) {
      for (const [oid, o] of catFileBatch(git.target, oids.slice(i, i + 2e4), { maxBytes: 2 ** 31 - 1 }).objects) if (o !== "missing" && o.type === "blob") visit(oid, o.data);
    }
    return true;
  } catch {
    return false;
  }
}
var HEADER = `git-memory fingerprints v${FORMAT} `;
var fileOf = (cacheDir) => join(cacheDir, `fingerprints-v${FORMAT}.txt`);
var baseOf = (cacheDir) => join(cacheDir, `fingerprints-v${FORMAT}.base`);
var LOG_LIMIT = 4096;
var TOMBSTONE = "-";
var BASE_MAGIC = 1346784583;
var BASE_FORMAT = 3;
var BASE_HEAD = 72;
var ROW = 16;
function digest12(s) {
  return createHash2("sha1").update(s).digest().subarray(0, 12);
}
var FingerprintBase = class _FingerprintBase {
  fd;
  n;
  k;
  tree;
  build;
  /** The layout of the records: {@link BASE_FORMAT}, or 2 (every record holds its id), a base written with that layout is read as it is rather than rebuilt (minutes at 1,000,000 memories). */
  layout;
  scratch = Buffer.alloc(ROW);
  constructor(fd, head) {
    this.fd = fd;
    this.n = head.readUInt32LE(8);
    this.k = head.readUInt32LE(12);
    this.tree = head.toString("latin1", 16, 56);
    this.build = head.toString("latin1", 56, 72);
    this.layout = head.readUInt32LE(4);
  }
  static open(file) {
    let fd = null;
    try {
      fd = openSync(file, "r");
      const head = Buffer.alloc(BASE_HEAD);
      if (readSync(fd, head, 0, BASE_HEAD, 0) !== BASE_HEAD || head.readUInt32LE(0) !== BASE_MAGIC || head.readUInt32LE(4) !== BASE_FORMAT && head.readUInt32LE(4) !== 2) throw new Error("not a base");
      const b = new _FingerprintBase(fd, head);
      if (!/^[0-9a-f]{40}$/.test(b.tree)) throw new Error("bad tree");
      const size = fstatSync(fd).size;
      const offEnd = BASE_HEAD + (b.n + b.k) * ROW + (b.n + 1) * 4;
      if (size < offEnd || b.u32(offEnd - 4) !== size - offEnd) throw new Error("truncated");
      return b;
    } catch {
      if (fd !== null) closeSync(fd);
      return null;
    }
  }
  close() {
    try {
      closeSync(this.fd);
    } catch {
    }
  }
  read(pos, len, into) {
    const buf = into && into.length >= len ? into : Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const r = readSync(this.fd, buf, got, len - got, pos + got);
      if (r === 0) throw new Error("short read");
      got += r;
    }
    return buf;
  }
  u32(pos) {
    return this.read(pos, 4, this.scratch).readUInt32LE(0);
  }
  get recOffAt() {
    return BASE_HEAD + (this.n + this.k) * ROW;
  }
  record(i) {
    const at = this.recOffAt;
    const o = this.read(at + i * 4, 8, this.scratch);
    const start = o.readUInt32LE(0);
    const end = o.readUInt32LE(4);
    const blob = at + (this.n + 1) * 4;
    return parseLine(this.read(blob + start, end - start).toString("utf8"), this.layout);
  }
  /** Binary search of one table for `key` (12 bytes): every record whose row carries it, in order. */
  *rows(table, count, key) {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const row = this.read(table + mid * ROW, ROW, this.scratch);
      if (row.compare(key, 0, 12, 0, 12) < 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < count; i++) {
      const row = this.read(table + i * ROW, ROW, this.scratch);
      if (row.compare(key, 0, 12, 0, 12) !== 0) return;
      yield this.record(row.readUInt32LE(12));
    }
  }
  byHash(hash, live) {
    if (!/^[0-9a-f]{24}$/.test(hash)) return void 0;
    for (const f of this.rows(BASE_HEAD, this.n, Buffer.from(hash, "hex"))) if (f.hash === hash && live(f.path)) return f;
    return void 0;
  }
  byKey(key, live) {
    for (const f of this.rows(BASE_HEAD + this.n * ROW, this.k, digest12(key))) if (f.key === key && live(f.path)) return f;
    return void 0;
  }
  /** Every record (reads the record area once, sequentially). */
  *entries() {
    const at = this.recOffAt;
    const offs = this.read(at, (this.n + 1) * 4);
    const blobAt = at + (this.n + 1) * 4;
    const total = offs.readUInt32LE(this.n * 4);
    const CHUNK = 1 << 22;
    let chunkStart = 0;
    let chunk = Buffer.alloc(0);
    for (let i = 0; i < this.n; i++) {
      const s = offs.readUInt32LE(i * 4);
      const e = offs.readUInt32LE(i * 4 + 4);
      if (e > chunkStart + chunk.length) {
        chunkStart = s;
        chunk = this.read(blobAt + s, Math.min(total - s, Math.max(CHUNK, e - s)));
      }
      yield parseLine(chunk.toString("utf8", s - chunkStart, e - chunkStart), this.layout);
    }
  }
};
function lineOf(f) {
  const id = f.id && f.path.endsWith(`/${f.id}.md`) ? "" : `=${f.id}`;
  return `${f.hash}	${id}	${f.key ? enc(f.key) : ""}	${f.path}`;
}
function parseLine(line, layout) {
  const [hash, given, key, ...rest] = line.split("	");
  const path = rest.join("	");
  const id = layout === 2 ? given : given ? given.slice(1) : path.slice(path.lastIndexOf("/") + 1, -3);
  const f = { hash, id, path };
  if (key) f.key = decodeURIComponent(key.slice(2));
  return f;
}
function writeBase(file, tree, entries) {
  const chunks = [];
  let text = "";
  const ends = [];
  let at = 0;
  const hashes = [];
  const keys = [];
  for (const f of entries) {
    if (/[\t\n]/.test(f.path) || !/^[0-9a-f]{24}$/.test(f.hash)) continue;
    const i = hashes.length;
    const line = lineOf(f);
    at += Buffer.byteLength(line, "utf8");
    ends.push(at);
    text += line;
    if (text.length > 1 << 20) {
      chunks.push(Buffer.from(text, "utf8"));
      text = "";
    }
    hashes.push(f.hash);
    if (f.key) keys.push({ h: digest12(f.key), i });
  }
  if (text) chunks.push(Buffer.from(text, "utf8"));
  keys.sort((a, b) => Buffer.compare(a.h, b.h) || a.i - b.i);
  const n = hashes.length;
  const build = (Date.now().toString(36) + Math.random().toString(36).slice(2)).padEnd(16, "0").slice(0, 16);
  const head = Buffer.alloc(BASE_HEAD);
  head.writeUInt32LE(BASE_MAGIC, 0);
  head.writeUInt32LE(BASE_FORMAT, 4);
  head.writeUInt32LE(n, 8);
  head.writeUInt32LE(keys.length, 12);
  head.write(tree, 16, "latin1");
  head.write(build, 56, "latin1");
  const hashTable = Buffer.alloc(n * ROW);
  orderByHex(hashes).forEach((i, j) => {
    hashTable.write(hashes[i], j * ROW, 12, "hex");
    hashTable.writeUInt32LE(i, j * ROW + 12);
  });
  const keyTable = Buffer.alloc(keys.length * ROW);
  keys.forEach((r, j) => {
    r.h.copy(keyTable, j * ROW);
    keyTable.writeUInt32LE(r.i, j * ROW + 12);
  });
  const offs = Buffer.alloc((n + 1) * 4);
  for (let i = 0; i < n; i++) offs.writeUInt32LE(i ? ends[i - 1] : 0, i * 4);
  offs.writeUInt32LE(at, n * 4);
  writeFileAtomic(file, (put) => {
    put(head);
    put(hashTable);
    put(keyTable);
    put(offs);
    for (const c of chunks) put(c);
  });
  return build;
}
var Fingerprints = class {
  constructor(tree, log, base) {
    this.tree = tree;
    this.log = log;
    this.base = base;
  }
  tree;
  log;
  base;
  live = (path) => !this.log.hasPath(path);
  byHash(hash) {
    return this.log.byHash(hash) ?? this.base?.byHash(hash, this.live);
  }
  byKey(key) {
    return this.log.byKey(key) ?? this.base?.byKey(key, this.live);
  }
  *entries() {
    if (this.base) {
      for (const f of this.base.entries()) if (this.live(f.path)) yield f;
    }
    for (const f of this.log.entries()) if (f.hash !== TOMBSTONE) yield f;
  }
  /** Records changed paths: an entry, or (with a base to shadow) a tombstone for a removed path. */
  apply(changes) {
    const lines = changes.map(({ path, f }) => ({ path, f: f ?? (this.base ? { path, id: "", hash: TOMBSTONE } : null) }));
    if (lines.length > 64) this.log.applyMany(lines);
    else for (const c of lines) c.f ? this.log.add(c.f) : this.log.remove(c.path);
  }
};
var memo = /* @__PURE__ */ new WeakMap();
function save(fp, cacheDir) {
  try {
    if (fp.tree && fp.log.count() > LOG_LIMIT) {
      const build = writeBase(baseOf(cacheDir), fp.tree, fp.entries());
      fp.base?.close();
      fp.base = FingerprintBase.open(baseOf(cacheDir));
      if (fp.base?.build === build) fp.log = new FingerprintIndex(fp.tree);
      else fp.base = null;
    }
    writeFileAtomic(fileOf(cacheDir), HEADER + (fp.tree ?? "-") + (fp.base ? ` ${fp.base.build}` : "") + fp.log.text());
  } catch {
  }
}
function primeFingerprints(git, cacheDir, base, next, added) {
  const fp = loadFingerprints(git, base, cacheDir);
  if (fp.log.count() + added.length > LOG_LIMIT) {
    try {
      const fresh = new Set(added.map((f) => f.path));
      const before = fp.entries();
      const build = writeBase(baseOf(cacheDir), next, (function* () {
        for (const f of before) if (!fresh.has(f.path)) yield f;
        yield* added;
      })());
      fp.base?.close();
      fp.base = FingerprintBase.open(baseOf(cacheDir));
      if (fp.base?.build === build) {
        fp.log = new FingerprintIndex(next);
        fp.tree = next;
        save(fp, cacheDir);
      } else {
        fp.base?.close();
        memo.get(git)?.delete(cacheDir);
      }
      return;
    } catch {
    }
  }
  fp.apply(added.map((f) => ({ path: f.path, f })));
  fp.tree = next;
  save(fp, cacheDir);
}
function readCache(cacheDir) {
  try {
    const text = readFileSync(fileOf(cacheDir), "utf8");
    if (!text.startsWith(HEADER) || !text.endsWith("\n")) return null;
    const nl = text.indexOf("\n");
    const [tree, build] = text.slice(HEADER.length, nl).split(" ");
    if (tree !== "-" && !/^[0-9a-f]{40}$/.test(tree)) return null;
    let base = null;
    if (build !== void 0) {
      base = FingerprintBase.open(baseOf(cacheDir));
      if (!base || base.build !== build) {
        base?.close();
        const fresh = FingerprintBase.open(baseOf(cacheDir));
        return fresh ? new Fingerprints(fresh.tree, new FingerprintIndex(fresh.tree), fresh) : null;
      }
    }
    return new Fingerprints(tree === "-" ? null : tree, new FingerprintIndex(tree === "-" ? null : tree, text.slice(nl)), base);
  } catch {
    return null;
  }
}
function loadFingerprints(git, tree, cacheDir) {
  let perRepo = memo.get(git);
  if (!perRepo) memo.set(git, perRepo = /* @__PURE__ */ new Map());
  const cached = perRepo.get(cacheDir);
  if (cached && cached.tree === tree) return cached;
  let fp = cached ?? readCache(cacheDir) ?? new Fingerprints(null, new FingerprintIndex(null), null);
  if (fp.tree !== tree) {
    let from = fp.tree;
    try {
      if (from) git.readTree(from);
    } catch {
      from = null;
      fp.base?.close();
      fp = new Fingerprints(null, new FingerprintIndex(null), null);
    }
    const changes = [];
    const toRead = [];
    for (const { path, newOid } of diffFiles((t) => git.readTree(t), from, tree, MEMORIES_DIR)) {
      if (newOid && path.endsWith(".md")) toRead.push({ path, oid: newOid });
      else changes.push({ path, f: null });
    }
    if (toRead.length) git.prefetchBlobs?.(toRead.map((r) => r.oid));
    const bulk = /* @__PURE__ */ new Map();
    if (toRead.length > 500) {
      const pathsOf = /* @__PURE__ */ new Map();
      for (const r of toRead) pathsOf.set(r.oid, [...pathsOf.get(r.oid) ?? [], r.path]);
      readBlobsWithGit(git, [...pathsOf.keys()], (oid, data) => {
        for (const path of pathsOf.get(oid) ?? []) bulk.set(`${path}\0${oid}`, fingerprint(git, path, oid, data));
      });
    }
    for (const r of toRead) {
      const k = `${r.path}\0${r.oid}`;
      changes.push({ path: r.path, f: bulk.has(k) ? bulk.get(k) : fingerprint(git, r.path, r.oid) });
    }
    fp.apply(changes);
    fp.tree = tree;
    save(fp, cacheDir);
  }
  perRepo.set(cacheDir, fp);
  return fp;
}

// src/guards/autotag.ts
var STOP = new Set(
  "a about above after again against all also am an and any are aren as at be because been before being below between both but by can cannot could did do does doing don down during each else even ever every few for from further get gets got had has have having he her here hers him his how however i if in into is isn it its itself just let like make makes many may me might more most much must my need needs never new no nor not now of off often on once one only or other our ours out over own per please rather really same say says see seems shall she should since so some still such than that the their theirs them then there these they thing things this those though through thus to too two under until up upon us use used uses using very via was wasn way we well were what when where whether which while who whom whose why will with within without would yet you your yours always already another around back better first good great instead last less least next old put right set sets take takes time times user users want wants work works note notes remember prefers prefer preferred should know known keep kept able across based call called cause done each either enough etc everything fine given goes going gone however include includes including less look looks lot lots maybe mean means nothing okay part place run runs running seem sure tell told try tried went yes millisecond milliseconds second seconds minute minutes hour hours day days week weeks month months year years kilobyte kilobytes megabyte megabytes".split(" ")
);
var TECH = /* @__PURE__ */ Object.create(null);
var TECH_GROUPS = [
  "typescript ts",
  "javascript js ecmascript",
  "python py",
  "golang go-lang",
  "rust",
  "java",
  "kotlin",
  "swift",
  "ruby",
  "php",
  "csharp c# .net dotnet",
  "react reactjs",
  "vue vuejs",
  "angular",
  "svelte",
  "nextjs next.js",
  "node nodejs node.js",
  "deno",
  "bun",
  "npm",
  "pnpm",
  "yarn",
  "docker dockerfile container containers",
  "kubernetes k8s kubectl helm",
  "terraform",
  "ansible",
  "aws amazon",
  "gcp",
  "azure",
  "git",
  "github",
  "gitlab",
  "ci ci/cd cicd pipeline pipelines",
  "api apis rest graphql grpc endpoint endpoints",
  "database databases db",
  "postgres postgresql psql",
  "mysql",
  "sqlite",
  "mongodb mongo",
  "redis",
  "sql",
  "migration migrations",
  "ssl tls https",
  "auth authentication oauth login sso",
  "security vulnerability cve",
  "testing test tests unittest jest vitest pytest",
  "linux",
  "macos",
  "windows",
  "bash shell",
  "nginx",
  "cache caching",
  "performance latency",
  "logging logs",
  "monitoring metrics",
  "deploy deployment deployments deploys deploying",
  "production prod",
  "staging",
  "release releases",
  "config configuration",
  "pagination",
  "rate-limit rate-limiting ratelimit throttling",
  "webpack",
  "vite",
  "esbuild",
  "eslint",
  "json",
  "yaml yml",
  "markdown",
  "llm",
  "openai",
  "embedding embeddings",
  "vpn",
  "dns",
  "http",
  "websocket websockets",
  "cli",
  "css",
  "html",
  "tailwind"
];
for (const g of TECH_GROUPS) {
  const [canon, ...alts] = g.split(" ");
  TECH[canon] = canon;
  for (const a of alts) TECH[a] = canon;
}
function stem(w) {
  if (w.length > 5 && w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith("es") && /(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}
var PHRASES = [
  [/\brate[\s_-]+limit(?:s|ing|ed|er)?\b/g, "rate-limit"],
  [/\bpull[\s_-]+requests?\b/g, "pull-request"],
  [/\bfeature[\s_-]+flags?\b/g, "feature-flag"],
  [/\bcode[\s_-]+reviews?\b/g, "code-review"],
  [/\bload[\s_-]+balanc(?:er|ers|ing)\b/g, "load-balancer"],
  [/\bconnection[\s_-]+pool(?:s|ing)?\b/g, "connection-pool"],
  [/\btime[\s_-]?zones?\b/g, "timezone"],
  [/\bunit[\s_-]+tests?\b/g, "testing"],
  [/\bcode[\s_-]+style\b/g, "code-style"]
];
for (const [, tag] of PHRASES) TECH[tag] ??= tag;
function autoTags(content, max = 5) {
  let text = content.toLowerCase();
  for (const [re, tag] of PHRASES) text = text.replace(re, tag);
  const words = text.match(/[a-z][a-z0-9+#]*(?:[./-][a-z0-9+#]+)*/g) ?? [];
  const cands = /* @__PURE__ */ new Map();
  words.forEach((raw, i) => {
    const parts = TECH[raw] ? [raw] : raw.split(/[./]/);
    for (const w of parts) {
      const tech2 = TECH[w];
      if (!tech2 && (w.length < 3 || STOP.has(w) || /^[a-z]?\d/.test(w) || w.length > 30)) continue;
      const key = tech2 ?? stem(w);
      let c = cands.get(key);
      if (!c) cands.set(key, c = { tag: tech2 ?? w, count: 0, first: i, tech: !!tech2, forms: /* @__PURE__ */ new Map() });
      c.count++;
      if (!tech2) c.forms.set(w, (c.forms.get(w) ?? 0) + 1);
    }
  });
  const all = [...cands.values()];
  for (const c of all) {
    if (c.tech) continue;
    let best = c.tag;
    let n = -1;
    for (const [f, k] of c.forms) if (k > n || k === n && (f.length < best.length || f.length === best.length && f < best)) [best, n] = [f, k];
    c.tag = best;
  }
  const tech = all.filter((c) => c.tech).sort((a, b) => b.count - a.count || a.first - b.first);
  const recurring = all.filter((c) => !c.tech && c.count >= 2 && c.tag.length >= 4).sort((a, b) => b.count - a.count || a.first - b.first);
  let out = [...tech, ...recurring].map((c) => c.tag);
  if (out.length < 2) {
    const longest = all.filter((c) => !c.tech && c.tag.length >= 5 && !out.includes(c.tag)).sort((a, b) => b.tag.length - a.tag.length || a.first - b.first).slice(0, 3 - out.length).map((c) => c.tag);
    out = [...out, ...longest];
  }
  return [...new Set(out)].slice(0, max);
}

// src/guards/write.ts
function guardOptions(cfg, opts = {}) {
  if (opts.allowSecret === true || opts.redact === true) return { allowSecret: opts.allowSecret === true, redact: opts.redact === true };
  if (cfg.secretGuard === "off") return { allowSecret: true };
  if (cfg.secretGuard === "redact") return { redact: true };
  return {};
}
var UNITS = { s: 1, m: 60, h: 3600, d: 86400, w: 7 * 86400, y: 365 * 86400 };
function parseDuration(v, field = "ttl") {
  if (typeof v === "number") {
    if (Number.isFinite(v) && v > 0) return v * 1e3;
  } else {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdwy])\s*$/i.exec(v);
    if (m && Number(m[1]) > 0) return Number(m[1]) * UNITS[m[2].toLowerCase()] * 1e3;
  }
  throw new InvalidInputError(`${field} must be a positive duration like 30m, 12h, 7d, 2w or 1y, got ${JSON.stringify(v)}`, { field });
}
function expiryOf(input, now) {
  if (input.ttl !== void 0 && input.ttl !== null && input.ttl !== "") {
    const t2 = now.getTime() + parseDuration(input.ttl);
    if (!Number.isFinite(t2) || t2 > MAX_TIME_MS) throw new InvalidInputError("ttl is too long: the expiry must be before the year 3000", { field: "ttl" });
    return new Date(t2).toISOString();
  }
  if (input.expires === void 0 || input.expires === null || input.expires === "") return void 0;
  const t = input.expires instanceof Date ? input.expires.getTime() : Date.parse(input.expires);
  if (!Number.isFinite(t)) throw new InvalidInputError(`expires must be a date, got ${JSON.stringify(String(input.expires).slice(0, 80))}`, { field: "expires" });
  if (t > MAX_TIME_MS || t < 0) throw new InvalidInputError("expires must be between 1970 and the year 3000", { field: "expires" });
  return new Date(t).toISOString();
}
function rawTagList(tags) {
  if (tags === void 0 || tags === null) return [];
  if (Array.isArray(tags)) return tags;
  return typeof tags === "string" ? tags.split(",") : [tags];
}
function derivedTags(content) {
  return autoTags(maskSecrets(content).replace(/\[REDACTED:[a-z-]+\]/g, " "));
}
function guardWrite(input, opts) {
  const guard = { allowSecret: opts.allowSecret, redact: opts.redact };
  let redacted = 0;
  let content = input.content;
  const raw = rawTagList(input.tags);
  checkedTags(raw);
  let fields = { tags: raw, category: input.category, scope: input.scope, metadata: input.metadata, extra: input.extra };
  if (!guard.allowSecret) {
    const found = scanText(content, "content");
    const fieldErr = (() => {
      try {
        fields = guardFields(fields, { ...guard, what: "the memory" });
        return null;
      } catch (err) {
        return err;
      }
    })();
    if (found.length && !guard.redact) {
      const extra = fieldErr instanceof SecretDetectedError ? fieldErr.data.findings ?? [] : [];
      const err = secretDetected(found);
      err.data.findings.push(...extra);
      throw err;
    }
    if (fieldErr) throw fieldErr;
    if (found.length) {
      content = assertNoSecrets(content, { redact: true });
      redacted = found.length;
    }
  }
  let tags = checkedTags(fields.tags);
  if (!tags.length && opts.autoTag) tags = derivedTags(content);
  return {
    content,
    tags,
    category: fields.category,
    scope: fields.scope,
    metadata: fields.metadata,
    extra: fields.extra,
    redacted
  };
}
function guardFile(next, prev, opts = {}) {
  if (opts.allowSecret) return;
  const found = scanText(next, "file").filter((f) => prev === null || !prev.includes(next.slice(f.offset, f.offset + f.length)));
  if (found.length) throw secretDetected(found, opts.what);
}
function assertNoNewSecrets(next, prev, opts = {}) {
  if (opts.allowSecret) return next;
  const found = scanText(next, opts.field ?? "content").filter((f) => !prev.includes(next.slice(f.offset, f.offset + f.length)));
  if (!found.length) return next;
  if (opts.redact) {
    let out = "";
    let pos = 0;
    for (const f of found) {
      out += next.slice(pos, f.offset) + `[REDACTED:${f.kind}]`;
      pos = f.offset + f.length;
    }
    return out + next.slice(pos);
  }
  throw secretDetected(found, opts.what);
}
function findExisting(store, tip, q) {
  const tree = store.treeOf(tip);
  if (!tree || !q.hash && !q.key) return null;
  const idx = loadFingerprints(store.git, tree, store.cacheDir);
  const read = (path) => {
    const e = store.git.entryAt(tree, path);
    if (!e) return null;
    try {
      return memoryFromFile(path, store.git.readBlob(e.oid).toString("utf8"), (w) => store.warn(w));
    } catch {
      return null;
    }
  };
  const byKey = q.key ? idx.byKey(q.key) : void 0;
  if (byKey) {
    const m = read(byKey.path);
    if (m) return { kind: "upsert", memory: m };
  }
  const byHash = q.hash ? idx.byHash(q.hash) : void 0;
  if (byHash) {
    const m = read(byHash.path);
    if (m) return { kind: "duplicate", memory: m };
  }
  return null;
}

export {
  normalizeContent,
  contentHash,
  UPSERT_KEY_FIELD,
  keyOf,
  primeFingerprints,
  loadFingerprints,
  guardOptions,
  expiryOf,
  derivedTags,
  guardWrite,
  guardFile,
  assertNoNewSecrets,
  findExisting
};
