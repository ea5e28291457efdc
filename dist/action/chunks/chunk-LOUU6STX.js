import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  branchConfigOid,
  loadStoreConfig,
  readStoreConfig
} from "./chunk-IXM76TQ7.js";
import {
  findRepository,
  readEffectiveConfig
} from "./chunk-HZ5QBSCX.js";
import {
  MODE_BLOB,
  MODE_TREE,
  isTreeMode,
  parseCommit,
  parseTree,
  serializeCommit,
  serializeTree
} from "./chunk-QHDPJDFF.js";
import {
  trashFile,
  trashPathFor
} from "./chunk-FFK6OY2W.js";
import {
  ARCHIVE_DIR,
  MAX_CONTENT_BYTES,
  MEMORIES_DIR,
  cacheDir,
  isPriority,
  loadCatalog,
  memoryFromFile,
  memoryToFile,
  normalizeTags,
  publicMemory,
  runnerMetadata,
  unreadableFile,
  validateContent
} from "./chunk-CQ2UC2BE.js";
import {
  assertId,
  newId,
  pathFor
} from "./chunk-AAUR7TRV.js";
import {
  ConfirmationRequiredError,
  CorruptObjectError,
  InvalidInputError,
  LockedError,
  MemoryError,
  NotFoundError,
  RefMovedError,
  __require
} from "./chunk-6IDCQH2Q.js";

// src/git/repository.ts
import { join as join3 } from "node:path";

// src/git/objects.ts
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join, isAbsolute, resolve } from "node:path";
var zlibLib;
var cryptoLib;
var zlib = () => zlibLib ??= __require("node:zlib");
var crypto = () => cryptoLib ??= __require("node:crypto");
var PACK_TYPES = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
var Pack = class {
  constructor(idxPath, packPath) {
    this.idxPath = idxPath;
    this.packPath = packPath;
    this.idx = readFileSync(idxPath);
    if (this.idx.readUInt32BE(0) !== 4285812579 || this.idx.readUInt32BE(4) !== 2) {
      throw new CorruptObjectError(idxPath, "unsupported pack index version (only v2)");
    }
    this.count = this.idx.readUInt32BE(8 + 255 * 4);
  }
  idxPath;
  packPath;
  idx;
  count;
  fd = null;
  size = 0;
  /** Resolved objects by pack offset; delta chains hit the same bases again and again. */
  cache = /* @__PURE__ */ new Map();
  offsetOf(oid) {
    const first = oid[0];
    let lo = first === 0 ? 0 : this.idx.readUInt32BE(8 + (first - 1) * 4);
    let hi = this.idx.readUInt32BE(8 + first * 4);
    const shaBase = 8 + 256 * 4;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      const cmp = oid.compare(this.idx, shaBase + mid * 20, shaBase + mid * 20 + 20);
      if (cmp === 0) {
        const offBase = shaBase + this.count * 24;
        const off = this.idx.readUInt32BE(offBase + mid * 4);
        if (off & 2147483648) {
          const largeBase = offBase + this.count * 4;
          const li = off & 2147483647;
          return Number(this.idx.readBigUInt64BE(largeBase + li * 8));
        }
        return off;
      }
      if (cmp < 0) hi = mid;
      else lo = mid + 1;
    }
    return null;
  }
  read(pos, len) {
    if (this.fd === null) {
      this.fd = openSync(this.packPath, "r");
      this.size = fstatSync(this.fd).size;
    }
    const n = Math.max(0, Math.min(len, this.size - pos));
    const buf = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const r = readSync(this.fd, buf, got, n - got, pos + got);
      if (r === 0) break;
      got += r;
    }
    return buf.subarray(0, got);
  }
  readAt(offset, store) {
    const hit = this.cache.get(offset);
    if (hit) return hit;
    let head = this.read(offset, 32);
    let c = head[0];
    const typeNum = c >> 4 & 7;
    let size = c & 15;
    let shift = 4;
    let p = 1;
    while (c & 128) {
      c = head[p++];
      size += (c & 127) * 2 ** shift;
      shift += 7;
    }
    let obj;
    if (typeNum === 6) {
      c = head[p++];
      let rel = c & 127;
      while (c & 128) {
        c = head[p++];
        rel = (rel + 1) * 128 + (c & 127);
      }
      const base = this.readAt(offset - rel, store);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p, size)) };
    } else if (typeNum === 7) {
      const baseOid = head.subarray(p, p + 20).toString("hex");
      const base = store.read(baseOid);
      obj = { type: base.type, data: applyDelta(base.data, this.inflateAt(offset + p + 20, size)) };
    } else {
      const type = PACK_TYPES[typeNum];
      if (!type) throw new CorruptObjectError(`${this.packPath}@${offset}`, `unknown pack object type ${typeNum}`);
      obj = { type, data: this.inflateAt(offset + p, size) };
    }
    if (this.cache.size > 2048) this.cache.clear();
    this.cache.set(offset, obj);
    return obj;
  }
  inflateAt(pos, size) {
    let len = size + 256;
    for (; ; ) {
      const chunk = this.read(pos, len);
      try {
        return zlib().inflateSync(chunk);
      } catch (err) {
        if (chunk.length < len || len > size * 4 + (1 << 20)) throw new CorruptObjectError(`${this.packPath}@${pos}`, String(err.message));
        len *= 2;
      }
    }
  }
  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
};
function applyDelta(base, delta) {
  let p = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    let c;
    do {
      c = delta[p++];
      v += (c & 127) * 2 ** shift;
      shift += 7;
    } while (c & 128);
    return v;
  };
  const srcSize = varint();
  if (srcSize !== base.length) throw new CorruptObjectError("(delta)", `base size ${base.length} != ${srcSize}`);
  const out = Buffer.allocUnsafe(varint());
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++];
    if (op & 128) {
      let off = 0;
      let len = 0;
      if (op & 1) off |= delta[p++];
      if (op & 2) off |= delta[p++] << 8;
      if (op & 4) off |= delta[p++] << 16;
      if (op & 8) off = (off | delta[p++] << 24) >>> 0;
      if (op & 16) len |= delta[p++];
      if (op & 32) len |= delta[p++] << 8;
      if (op & 64) len |= delta[p++] << 16;
      if (len === 0) len = 65536;
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op > 0) {
      delta.copy(out, o, p, p + op);
      o += op;
      p += op;
    } else {
      throw new CorruptObjectError("(delta)", "delta opcode 0");
    }
  }
  if (o !== out.length) throw new CorruptObjectError("(delta)", "delta result size mismatch");
  return out;
}
function hashObject(type, data) {
  return crypto().createHash("sha1").update(`${type} ${data.length}\0`).update(data).digest("hex");
}
var ObjectStore = class _ObjectStore {
  constructor(objectsDir) {
    this.objectsDir = objectsDir;
  }
  objectsDir;
  packs = null;
  alternates = null;
  known = /* @__PURE__ */ new Set();
  loadPacks() {
    if (this.packs) return this.packs;
    const dir = join(this.objectsDir, "pack");
    const packs = [];
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
    }
    for (const name of names) {
      if (!name.endsWith(".idx")) continue;
      const packPath = join(dir, name.slice(0, -4) + ".pack");
      if (!existsSync(packPath)) continue;
      try {
        packs.push(new Pack(join(dir, name), packPath));
      } catch {
      }
    }
    this.packs = packs;
    return packs;
  }
  loadAlternates() {
    if (this.alternates) return this.alternates;
    this.alternates = [];
    try {
      const text = readFileSync(join(this.objectsDir, "info", "alternates"), "utf8");
      for (const line of text.split("\n")) {
        const l = line.trim();
        if (!l || l.startsWith("#")) continue;
        this.alternates.push(new _ObjectStore(isAbsolute(l) ? l : resolve(this.objectsDir, l)));
      }
    } catch {
    }
    return this.alternates;
  }
  readLoose(oid) {
    let raw;
    try {
      raw = readFileSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    let buf;
    try {
      buf = zlib().inflateSync(raw);
    } catch (err) {
      throw new CorruptObjectError(oid, `loose object does not inflate: ${err.message}`);
    }
    const nul = buf.indexOf(0);
    const header = buf.subarray(0, nul).toString("latin1");
    const sp = header.indexOf(" ");
    const type = header.slice(0, sp);
    return { type, data: buf.subarray(nul + 1) };
  }
  readPacked(oid, rescan) {
    const bin = Buffer.from(oid, "hex");
    for (const pack of this.loadPacks()) {
      const off = pack.offsetOf(bin);
      if (off !== null) return pack.readAt(off, this);
    }
    if (rescan) {
      for (const p of this.packs ?? []) p.close();
      this.packs = null;
      return this.readPacked(oid, false);
    }
    return null;
  }
  tryRead(oid) {
    const obj = this.readPacked(oid, false) ?? this.readLoose(oid) ?? this.readPacked(oid, true);
    if (obj) return obj;
    for (const alt of this.loadAlternates()) {
      const a = alt.tryRead(oid);
      if (a) return a;
    }
    return null;
  }
  read(oid, expect) {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new CorruptObjectError(oid, "not a sha1 object id");
    const obj = this.tryRead(oid);
    if (!obj) throw new CorruptObjectError(oid, 'object is missing (a shallow or partial clone? run "git fetch")');
    if (expect && obj.type !== expect) throw new CorruptObjectError(oid, `expected a ${expect}, found a ${obj.type}`);
    return obj;
  }
  has(oid) {
    if (this.known.has(oid)) return true;
    if (existsSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)))) return true;
    const bin = Buffer.from(oid, "hex");
    return this.loadPacks().some((p) => p.offsetOf(bin) !== null) || this.loadAlternates().some((a) => a.has(oid));
  }
  write(type, data) {
    const oid = hashObject(type, data);
    if (this.known.has(oid)) return oid;
    const dir = join(this.objectsDir, oid.slice(0, 2));
    const file = join(dir, oid.slice(2));
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const tmp = join(dir, `tmp_obj_${process.pid}_${Math.random().toString(36).slice(2)}`);
      const compressed = zlib().deflateSync(Buffer.concat([Buffer.from(`${type} ${data.length}\0`), data]), { level: 1 });
      writeFileSync(tmp, compressed, { mode: 292 });
      try {
        renameSync(tmp, file);
      } catch (err) {
        try {
          unlinkSync(tmp);
        } catch {
        }
        if (!existsSync(file)) throw err;
      }
    }
    if (this.known.size > 1e5) this.known.clear();
    this.known.add(oid);
    return oid;
  }
  close() {
    for (const p of this.packs ?? []) p.close();
    this.packs = null;
  }
};

// src/git/refs.ts
import { appendFileSync, closeSync as closeSync2, existsSync as existsSync2, mkdirSync as mkdirSync2, openSync as openSync2, readFileSync as readFileSync2, renameSync as renameSync2, statSync, unlinkSync as unlinkSync2, writeSync } from "node:fs";
import { dirname, join as join2 } from "node:path";
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
var STALE_LOCK_MS = 1e4;
var LOCK_WAIT_MS = 15e3;
var RefStore = class {
  constructor(commonDir) {
    this.commonDir = commonDir;
  }
  commonDir;
  packed(ref) {
    let text;
    try {
      text = readFileSync2(join2(this.commonDir, "packed-refs"), "utf8");
    } catch {
      return null;
    }
    for (const line of text.split("\n")) {
      if (line.length > 41 && line[40] === " " && line.slice(41) === ref) return line.slice(0, 40);
    }
    return null;
  }
  read(ref) {
    try {
      const v = readFileSync2(join2(this.commonDir, ref), "utf8").trim();
      if (v.startsWith("ref: ")) return this.read(v.slice(5).trim());
      if (/^[0-9a-f]{40}$/.test(v)) return v;
    } catch {
    }
    return this.packed(ref);
  }
  async compareAndSwap(ref, expect, next, log) {
    const file = join2(this.commonDir, ref);
    const lock = file + ".lock";
    mkdirSync2(dirname(file), { recursive: true });
    const fd = await acquire(lock);
    let renamed = false;
    try {
      const actual = this.read(ref);
      if (actual !== expect) throw new RefMovedError(ref, expect, actual);
      writeSync(fd, next + "\n");
      closeSync2(fd);
      renameSync2(lock, file);
      renamed = true;
    } finally {
      if (!renamed) {
        try {
          closeSync2(fd);
        } catch {
        }
        try {
          unlinkSync2(lock);
        } catch {
        }
      }
    }
    this.appendReflog(ref, expect, next, log);
  }
  appendReflog(ref, prev, next, log) {
    const logsDir = join2(this.commonDir, "logs");
    if (!existsSync2(logsDir)) return;
    try {
      const f = join2(logsDir, ref);
      mkdirSync2(dirname(f), { recursive: true });
      const who = `${log.who.name.replace(/[<>\n]/g, "")} <${log.who.email.replace(/[<>\n]/g, "")}>`;
      const line = `${prev ?? "0".repeat(40)} ${next} ${who} ${Math.floor(Date.now() / 1e3)} +0000	${log.message.split("\n")[0]}
`;
      appendFileSync(f, line);
    } catch {
    }
  }
};
async function acquire(lock) {
  const start = Date.now();
  let delay = 1;
  for (; ; ) {
    try {
      return openSync2(lock, "wx");
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) {
        unlinkSync2(lock);
        continue;
      }
    } catch {
      continue;
    }
    if (Date.now() - start > LOCK_WAIT_MS) throw new LockedError(lock);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
}

// src/git/repository.ts
var GitRepository = class _GitRepository {
  constructor(location) {
    this.location = location;
    this.objects = new ObjectStore(join3(location.commonDir, "objects"));
    this.refs = new RefStore(location.commonDir);
  }
  location;
  objects;
  refs;
  trees = /* @__PURE__ */ new Map();
  static open(dir) {
    return new _GitRepository(findRepository(dir));
  }
  resolve(ref) {
    return this.refs.read(ref);
  }
  readCommit(oid) {
    return parseCommit(oid, this.objects.read(oid, "commit").data);
  }
  readTree(oid) {
    let t = this.trees.get(oid);
    if (!t) {
      t = parseTree(this.objects.read(oid, "tree").data, oid);
      if (this.trees.size > 2e4) this.trees.clear();
      this.trees.set(oid, t);
    }
    return t;
  }
  readBlob(oid) {
    return this.objects.read(oid, "blob").data;
  }
  /** The entry at `path` in `tree`, or null. */
  entryAt(tree, path) {
    const parts = path.split("/").filter(Boolean);
    let cur = tree;
    for (let i = 0; i < parts.length; i++) {
      const e = this.readTree(cur).find((x) => x.name === parts[i]);
      if (!e) return null;
      if (i === parts.length - 1) return e;
      if (!isTreeMode(e.mode)) return null;
      cur = e.oid;
    }
    return null;
  }
  /** Every blob under `prefix` (recursively), in tree order. Missing prefix yields nothing. */
  listBlobs(tree, prefix) {
    const out = [];
    const start = prefix ? this.entryAt(tree, prefix) : { mode: MODE_TREE, name: "", oid: tree };
    if (!start || !isTreeMode(start.mode)) return out;
    const walk = (oid, base) => {
      for (const e of this.readTree(oid)) {
        const p = base ? `${base}/${e.name}` : e.name;
        if (isTreeMode(e.mode)) walk(e.oid, p);
        else if (e.mode !== "160000" && e.mode !== "120000") out.push({ path: p, oid: e.oid });
      }
    };
    walk(start.oid, prefix.replace(/\/+$/, ""));
    return out;
  }
  /**
   * Applies path changes to a tree, writing only the trees along changed paths. A value is the file's
   * content, the id of a blob already in the object database (bulk imports write a pack first), or
   * null to delete.
   */
  writeTree(base, changes) {
    const root = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() };
    for (const [path, content] of changes) {
      const parts = path.split("/").filter(Boolean);
      let n = root;
      for (let i = 0; i < parts.length - 1; i++) {
        let next = n.dirs.get(parts[i]);
        if (!next) n.dirs.set(parts[i], next = { blobs: /* @__PURE__ */ new Map(), dirs: /* @__PURE__ */ new Map() });
        n = next;
      }
      n.blobs.set(parts[parts.length - 1], content);
    }
    const build = (oid, node) => {
      const entries = /* @__PURE__ */ new Map();
      if (oid) for (const e of this.readTree(oid)) entries.set(e.name, e);
      for (const [name, content] of node.blobs) {
        if (content === null) entries.delete(name);
        else entries.set(name, { mode: MODE_BLOB, name, oid: typeof content === "string" ? content : this.objects.write("blob", content) });
      }
      for (const [name, child] of node.dirs) {
        const cur = entries.get(name);
        const sub = build(cur && isTreeMode(cur.mode) ? cur.oid : null, child);
        if (sub) entries.set(name, { mode: MODE_TREE, name, oid: sub });
        else entries.delete(name);
      }
      if (entries.size === 0) return null;
      const list = [...entries.values()];
      const data = serializeTree(list);
      const newOid = this.objects.write("tree", data);
      this.trees.set(newOid, list);
      return newOid;
    };
    return build(base, root) ?? this.objects.write("tree", Buffer.alloc(0));
  }
  /** Writes a commit of `changes` on top of `expect` and moves `ref` to it, or throws RefMovedError. */
  async commit(req) {
    const baseTree = req.expect ? this.readCommit(req.expect).tree : null;
    const tree = this.writeTree(baseTree, req.changes);
    return this.commitTree({ ...req, tree });
  }
  async commitTree(req) {
    const parents = [...req.expect ? [req.expect] : [], ...req.extraParents ?? []];
    const oid = this.objects.write("commit", serializeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when }));
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }
  /** The identity git itself would commit with, read from env and config without spawning git. */
  identity(fallback) {
    const env = process.env;
    const cfg = readEffectiveConfig(this.location);
    return {
      name: env.GIT_AUTHOR_NAME || env.GIT_COMMITTER_NAME || cfg.get("user.name") || fallback.name,
      email: env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || cfg.get("user.email") || env.EMAIL || fallback.email
    };
  }
  close() {
    this.objects.close();
  }
};

// src/core/store.ts
var lifecycle = () => import("./store-hooks-2RAHW753.js");
var DEFAULT_BRANCH = "memory";
var BRANCH_README = `# git-memory

This branch holds long-term memories written by [git-memory](https://www.npmjs.com/package/git-memory):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;
var BOT = { name: "github-actions[bot]", email: "41898282+github-actions[bot]@users.noreply.github.com" };
var DEFAULT_IDENTITY = { name: "git-memory", email: "git-memory@localhost" };
var sleep2 = (ms) => new Promise((r) => setTimeout(r, ms));
function excerpt(content, max = 160) {
  const one = content.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}
function byNewest(a, b) {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
function toLimit(v, dflt, name) {
  if (v === void 0 || v === null) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidInputError(`${name} must be a positive integer, got ${JSON.stringify(v)}`, { field: name });
  return n;
}
var MemoryStore = class {
  git;
  branch;
  ref;
  cacheDir;
  opts;
  catalogMemo = null;
  archiveMemo = null;
  configMemo = null;
  configWarned = /* @__PURE__ */ new Set();
  constructor(opts = {}) {
    this.opts = opts;
    this.git = GitRepository.open(opts.repo);
    this.branch = opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH;
    if (!/^[A-Za-z0-9._\/-]+$/.test(this.branch) || this.branch.includes("..") || this.branch.startsWith("/") || this.branch.endsWith(".lock")) {
      throw new InvalidInputError(`invalid branch name: ${JSON.stringify(this.branch)}`, { field: "branch" });
    }
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }
  /**
   * The effective configuration: defaults < branch `.memory/config.json` < repo `.git-memory.json` <
   * `MEMORY_*` env < `opts.config`. Cached for this store instance; `loadConfig()` validates with the
   * full zod schema (kept off the start-up path), this sync form with a structural check.
   */
  config() {
    return this.resolvedConfig().config;
  }
  /** The configuration with where each value came from and the problems found in each layer. */
  resolvedConfig() {
    const branchOid = branchConfigOid(this);
    if (!this.configMemo || this.configMemo.branchOid !== branchOid) this.configMemo = { ...this.reportConfigIssues(readStoreConfig(this, this.configFlags())), branchOid };
    return this.configMemo;
  }
  async loadConfig() {
    const branchOid = branchConfigOid(this);
    if (!this.configMemo?.validated || this.configMemo.branchOid !== branchOid) {
      const r = await loadStoreConfig(this, this.configFlags());
      this.configMemo = { ...this.reportConfigIssues(r), validated: true, branchOid };
    }
    return this.configMemo.config;
  }
  /** Forgets the cached configuration (after `memory config set`). */
  invalidateConfig() {
    this.configMemo = null;
  }
  configFlags() {
    const flags = { ...this.opts.config ?? {} };
    if (this.opts.maxContentBytes !== void 0) flags.maxContentBytes = this.opts.maxContentBytes;
    if (this.opts.defaultCategory !== void 0) flags.defaultCategory = this.opts.defaultCategory;
    if (this.opts.defaultPriority !== void 0) flags.defaultPriority = this.opts.defaultPriority;
    return flags;
  }
  reportConfigIssues(r) {
    for (const i of r.issues) {
      if (this.configWarned.has(i.message)) continue;
      this.configWarned.add(i.message);
      this.warn(i.message);
    }
    return r;
  }
  now() {
    return this.opts.now ? this.opts.now() : /* @__PURE__ */ new Date();
  }
  warn(message) {
    (this.opts.warn ?? ((m) => process.stderr.write(`git-memory: warning: ${m}
`)))(message);
  }
  /** The branch tip, or null before the first write. */
  tip() {
    return this.git.resolve(this.ref);
  }
  treeOf(commit) {
    return commit ? this.git.readCommit(commit).tree : null;
  }
  /** Every memory at the current tip (or at `commit`). */
  catalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }
  /** Every memory archived by `memory prune` (under `archive/`), at the tip or at `commit`. */
  archiveCatalog(commit = this.tip()) {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.archiveMemo, warn: (m) => this.warn(m), prefix: ARCHIVE_DIR });
    this.archiveMemo = cat;
    return cat;
  }
  identity() {
    return this.git.identity(process.env.GITHUB_ACTIONS === "true" ? BOT : DEFAULT_IDENTITY);
  }
  /**
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate(compute) {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      if (!tip) change.changes.set("README.md", Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes: change.changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
        await sleep2(Math.random() * Math.min(50, 2 ** attempt));
      }
    }
  }
  /** Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id, commit = this.tip()) {
    assertId(id);
    const tree = this.treeOf(commit);
    if (!tree) return null;
    const guess = pathFor(id, "");
    const entry = this.git.entryAt(tree, guess);
    if (entry) {
      try {
        const m = memoryFromFile(guess, this.git.readBlob(entry.oid).toString("utf8"), (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(unreadableFile(guess, err.message));
      }
    }
    return this.catalog(commit).byId.get(id) ?? null;
  }
  async store(input) {
    const { guardOptions, guardWrite, expiryOf, findExisting, contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } = await lifecycle();
    const cfg = await this.loadConfig();
    const raw = validateContent(input.content, cfg.maxContentBytes);
    if (input.priority !== void 0 && !isPriority(input.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: "priority" });
    }
    const created = input.timestamp !== void 0 ? new Date(input.timestamp) : this.now();
    if (!Number.isFinite(created.getTime())) throw new InvalidInputError(`invalid timestamp: ${JSON.stringify(input.timestamp)}`, { field: "timestamp" });
    const id = input.id !== void 0 ? assertId(input.id) : newId(created.getTime());
    const timestamp = created.toISOString();
    const givenTags = normalizeTags(input.tags);
    const guarded = guardWrite(
      { content: raw, tags: givenTags, category: input.category, scope: input.scope, metadata: input.metadata },
      { ...guardOptions(cfg, input), autoTag: input.autoTag ?? cfg.autoTag }
    );
    const { content, tags } = guarded;
    const expires = expiryOf(input, this.now());
    const upsertKey = input.upsertKey !== void 0 ? String(input.upsertKey).trim() : void 0;
    if (input.upsertKey !== void 0 && !upsertKey) throw new InvalidInputError("upsertKey must not be empty", { field: "upsertKey" });
    const memory = {
      id,
      content,
      tags,
      category: guarded.category?.trim() || cfg.defaultCategory,
      priority: input.priority ?? cfg.defaultPriority,
      timestamp,
      metadata: { source: this.opts.source ?? "library", version: 1, ...runnerMetadata(), ...guarded.metadata ?? {} },
      path: pathFor(id, timestamp),
      extra: {}
    };
    if (guarded.scope) memory.scope = guarded.scope;
    if (expires) memory.extra.expires = expires;
    if (upsertKey) memory.extra[UPSERT_KEY_FIELD] = upsertKey;
    const file = Buffer.from(memoryToFile(memory), "utf8");
    const tagNote = tags.length ? ` [tags: ${tags.join(", ")}]` : "";
    const hash = input.dedupe ?? cfg.dedupe ? contentHash(content, memory.scope) : null;
    const key = upsertKey ? keyOf(upsertKey, memory.scope) : null;
    const res = await this.mutate((tip) => {
      if (input.id !== void 0 && tip && this.find(id, tip)) throw new MemoryError("DUPLICATE", `a memory with id ${id} already exists`, { id });
      const hit = findExisting(this, tip, { hash, key });
      if (hit?.kind === "duplicate") return { change: null, result: { id: hit.memory.id, timestamp: hit.memory.timestamp, duplicate: true } };
      if (hit?.kind === "upsert") {
        const old = hit.memory;
        const next = { ...old, content, metadata: { ...old.metadata, ...guarded.metadata ?? {} }, extra: { ...old.extra } };
        if (givenTags.length) next.tags = tags;
        if (input.category !== void 0) next.category = memory.category;
        if (input.priority !== void 0) next.priority = memory.priority;
        if (expires) next.extra.expires = expires;
        const same = normalizeContent(old.content) === normalizeContent(content) && JSON.stringify([next.tags, next.category, next.priority, next.extra, next.metadata]) === JSON.stringify([old.tags, old.category, old.priority, old.extra, old.metadata]);
        if (same) return { change: null, result: { id: old.id, timestamp: old.timestamp, duplicate: true } };
        const v = Number(old.metadata.version);
        next.metadata.version = (Number.isInteger(v) && v > 0 ? v : 1) + 1;
        next.updated = this.now().toISOString();
        return {
          change: {
            changes: /* @__PURE__ */ new Map([[old.path, Buffer.from(memoryToFile(next), "utf8")]]),
            message: `memory: update ${old.id} (upsert key ${upsertKey}) to version ${next.metadata.version}

${excerpt(content)}

Memory-Id: ${old.id}
`
          },
          result: { id: old.id, timestamp: old.timestamp, upserted: true }
        };
      }
      return {
        change: { changes: /* @__PURE__ */ new Map([[memory.path, file]]), message: `memory: store ${id}${tagNote}

${excerpt(content)}

Memory-Id: ${id}
` },
        result: { id, timestamp }
      };
    });
    const out = { success: true, id: res.id, timestamp: res.timestamp, commit: res.commit };
    if (res.duplicate) out.duplicate = true;
    if (res.upserted) out.upserted = true;
    if (!givenTags.length && tags.length && !out.duplicate && !out.upserted) out.autoTags = tags;
    if (guarded.redacted) out.redacted = guarded.redacted;
    return out;
  }
  async get(id) {
    const hit = this.find(id);
    if (hit) return { success: true, memory: publicMemory(hit.memory) };
    const archived = this.archiveCatalog().byId.get(id);
    if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
    throw new NotFoundError(id);
  }
  /** All memories matching a filter, newest first (no paging). */
  filter(f = {}) {
    const tags = normalizeTags(f.tags);
    const out = [];
    const live = this.catalog().byId;
    const sources = [[live.values(), false]];
    if (f.archived) sources.push([this.archiveCatalog().byId.values(), true]);
    for (const [entries, archived] of sources) {
      for (const e of entries) {
        const m = e.memory;
        if (archived && live.has(m.id)) continue;
        if (f.category !== void 0 && m.category !== f.category) continue;
        if (f.scope !== void 0 && m.scope !== f.scope) continue;
        if (f.priority !== void 0 && m.priority !== f.priority) continue;
        if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
        out.push(archived ? { ...publicMemory(m), archived: true } : publicMemory(m));
      }
    }
    return out.sort(byNewest);
  }
  async recent(count) {
    const n = toLimit(count, 10, "count");
    return { success: true, memories: this.filter().slice(0, n) };
  }
  async tagged(tags) {
    const t = normalizeTags(tags);
    if (!t.length) throw new InvalidInputError('give at least one tag, e.g. "memory tagged api,limits"', { field: "tags" });
    return { success: true, memories: this.filter({ tags: t }) };
  }
  async list(f = {}) {
    const limit = toLimit(f.limit, 50, "limit");
    const all = this.filter(f);
    return { success: true, memories: all.slice(0, limit), total: all.length };
  }
  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Same path, so `git log` of the file is its history.
   * Nothing changes (no commit) when every given field already has that value.
   */
  async update(id, patch) {
    const { guardOptions, assertNoNewSecrets, guardFields } = await lifecycle();
    assertId(id);
    const fields = ["content", "tags", "category", "priority", "scope", "metadata"].filter((k) => patch[k] !== void 0);
    if (!fields.length) throw new InvalidInputError("nothing to update: give content, tags, category, priority, scope or metadata", { field: "patch" });
    const content = patch.content !== void 0 ? validateContent(patch.content, this.opts.maxContentBytes ?? MAX_CONTENT_BYTES) : void 0;
    if (patch.priority !== void 0 && !isPriority(patch.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: "priority" });
    }
    if (patch.metadata !== void 0 && (typeof patch.metadata !== "object" || patch.metadata === null || Array.isArray(patch.metadata))) {
      throw new InvalidInputError("metadata must be an object of keys to values", { field: "metadata" });
    }
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit) throw new NotFoundError(id);
      const old = hit.memory;
      const next = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
      if (content !== void 0) next.content = content;
      if (patch.tags !== void 0) next.tags = normalizeTags(patch.tags);
      if (patch.category !== void 0) next.category = patch.category.trim() || this.opts.defaultCategory || "general";
      if (patch.priority !== void 0) next.priority = patch.priority;
      if (patch.scope !== void 0) {
        if (patch.scope) next.scope = patch.scope;
        else delete next.scope;
      }
      if (patch.metadata !== void 0) Object.assign(next.metadata, patch.metadata);
      const guard = guardOptions(this.config(), patch);
      next.content = assertNoNewSecrets(next.content, old.content, { ...guard, what: `the update of ${id}` });
      const guardedFields = guardFields({ tags: patch.tags !== void 0 ? next.tags : [], category: patch.category !== void 0 ? next.category : "", scope: patch.scope ? next.scope : "", metadata: patch.metadata ?? {} }, { ...guard, what: `the update of ${id}` });
      if (patch.tags !== void 0) next.tags = guardedFields.tags;
      if (patch.category !== void 0) next.category = guardedFields.category;
      if (patch.scope) next.scope = guardedFields.scope;
      if (patch.metadata !== void 0) Object.assign(next.metadata, guardedFields.metadata);
      const changed = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
      const oldVersion = Number(old.metadata.version);
      const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
      if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] } };
      next.updated = this.now().toISOString();
      next.metadata.version = version + 1;
      return {
        change: {
          changes: /* @__PURE__ */ new Map([[hit.path, Buffer.from(memoryToFile(next), "utf8")]]),
          message: `memory: update ${id} (${changed.join(", ")}) to version ${version + 1}

${excerpt(next.content)}

Memory-Id: ${id}
`
        },
        result: { version: version + 1, updated: next.updated, changed }
      };
    });
    return { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit };
  }
  async delete(id) {
    assertId(id);
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit) throw new NotFoundError(id);
      return {
        // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
        change: {
          changes: /* @__PURE__ */ new Map([[hit.path, null], [trashPathFor(hit.path), trashFile(hit.memory, this.now())]]),
          message: `memory: delete ${id} (moved to the trash)

${excerpt(hit.memory.content)}

Memory-Id: ${id}
`
        },
        result: {}
      };
    });
    return { success: true, deleted: id, commit: res.commit };
  }
  async deleteByTag(tag) {
    const [t] = normalizeTags(tag);
    if (!t) throw new InvalidInputError("give a tag to delete by", { field: "tag" });
    const res = await this.mutate((tip) => {
      const hits = [...this.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
      if (!hits.length) return { change: null, result: { deleted: [] } };
      const ids = hits.map((h) => h.memory.id);
      return {
        change: {
          changes: new Map(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, this.now())]])),
          message: `memory: delete ${ids.length} memor${ids.length === 1 ? "y" : "ies"} [tag: ${t}] (moved to the trash)

${ids.map((i) => `Memory-Id: ${i}`).join("\n")}
`
        },
        result: { deleted: ids }
      };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }
  async clear(opts = {}) {
    if (!opts.confirm) throw new ConfirmationRequiredError("clearing every memory");
    const res = await this.mutate((tip) => {
      const cat = this.catalog(tip);
      const n = cat.byId.size;
      if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
      const changes = /* @__PURE__ */ new Map([[MEMORIES_DIR, null]]);
      const when = this.now();
      for (const e of cat.entries) changes.set(trashPathFor(e.path), trashFile(e.memory, when));
      for (const f of cat.skipped) changes.set(trashPathFor(f.path), this.git.readBlob(f.oid));
      return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)
` }, result: { deleted: n } };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }
  /**
   * `memory_search`: ranked full-text search with filters (docs/search.md). The index is derived
   * from the branch and loaded on first use; lunr only loads when a search runs.
   */
  async search(q = {}, opts) {
    const { modeSearch } = await import("./hybrid-L5ZS323D.js");
    return modeSearch(this, q, opts);
  }
  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts) {
    const { rebuildIndex } = await import("./search-QFTZZFGO.js");
    return rebuildIndex(this, opts);
  }
  close() {
    this.git.close();
  }
};

export {
  BRANCH_README,
  MemoryStore
};
