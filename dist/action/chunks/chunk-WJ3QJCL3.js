import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  RefStore,
  findRepository,
  readConfigFile,
  readEffectiveConfig
} from "./chunk-GTAEP7NI.js";
import {
  catFileBatch,
  runGitSync
} from "./chunk-2QD6CEEN.js";
import {
  ObjectStore
} from "./chunk-E3OSZJLW.js";
import {
  isRegularFile
} from "./chunk-OQDIJSBS.js";
import {
  MODE_BLOB,
  MODE_TREE,
  badTreeName,
  hasRawBytes,
  isTreeMode,
  parseCommit,
  parseTree,
  serializeCommit,
  serializeTree
} from "./chunk-SSV3AZGT.js";
import {
  ObjectMissingError
} from "./chunk-FJGJKBHJ.js";

// src/git/repository.ts
import { existsSync, readdirSync, readFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";
var GitRepository = class _GitRepository {
  constructor(location) {
    this.location = location;
    this.objects = new ObjectStore(join(location.commonDir, "objects"));
    this.target = { gitDir: location.gitDir, root: location.root };
    this.refs = new RefStore(location.commonDir, this.target);
    this.objects.fallback = (oid, expect) => this.readThroughGit(oid, expect);
  }
  location;
  objects;
  refs;
  /** Where git runs when the in-process reader needs it: this repository, named explicitly. */
  target;
  trees = /* @__PURE__ */ new Map();
  // Parsed commits by id (a commit never changes): every search resolves the tip's tree several times
  // (index, configuration, vectors), and inflating the commit object each time cost ~1 ms a search.
  commits = /* @__PURE__ */ new Map();
  /** The promisor remote of a partial clone (null: not partial); read once. */
  promisor;
  /** Blob ids of the last listBlobs, for read-ahead in a partial clone. */
  lastListing = null;
  swept = false;
  /** Objects read through git (the fallback), for tests and `memory stats`-style diagnostics. */
  fallbackStats = { catFile: 0, prefetches: 0, prefetched: 0 };
  /**
   * While set (a writer's sync whose first fetch took no trees, docs/sync.md "What a writer fetches"),
   * a tree this reader lacks is fetched alone (`--filter=tree:0` with its id as the want) and handed
   * to `check` before anyone reads it; git's own lazy fetch would bring the tree's whole subtree with
   * every blob-less fetch. If the remote will not send a tree by id, `fallback` runs once (it fetches
   * the branch's trees the old way) and the read continues from what is there.
   */
  treeFetch = null;
  fetchTree(oid) {
    const tf = this.treeFetch;
    if (!tf.failed) {
      const r = runGitSync(
        this.target,
        ["-c", "fetch.negotiationAlgorithm=noop", "-c", "maintenance.auto=false", "-c", "gc.auto=0", ...filterGiven(tf.remote), "fetch", tf.remote, "--quiet", "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", "--filter=tree:0", oid],
        { allowFailure: true }
      );
      tf.fetches++;
      if (r.status !== 0) {
        tf.failed = lastLine(r.stderr) || `git fetch exited ${r.status}`;
        tf.fallback();
      }
    }
    const got = this.objects.tryRead(oid);
    if (got && got.type === "tree") tf.check(oid, got.data);
    return got;
  }
  /** The promisor remote when this is a partial clone (`git clone --filter=…`), else null. */
  partialCloneRemote() {
    if (this.promisor === void 0) {
      const cfg = readConfigFile(join(this.location.commonDir, "config"));
      let remote = cfg.get("extensions.partialclone") ?? null;
      if (!remote) {
        for (const [k, v] of cfg) {
          const m = /^remote\.(.+)\.promisor$/.exec(k);
          if (m && ["true", "yes", "on", "1"].includes(v.toLowerCase())) {
            remote = m[1];
            break;
          }
        }
      }
      this.promisor = remote ? { remote } : null;
    }
    return this.promisor?.remote ?? null;
  }
  /**
   * In a partial clone that lacks subtrees of a tree just read (a treeless write took only its own
   * path: docs/sync.md), those subtrees come in one round trip, with everything under them, rather
   * than in one lazy fetch each as they are read (a de-duplication reading every bucket of a month
   * made 20 fetches). Not during a treeless sync, which fetches only what it reads.
   */
  prefetchSubtrees(entries) {
    if (this.treeFetch) return;
    const remote = this.partialCloneRemote();
    if (!remote) return;
    const missing = entries.filter((e) => isTreeMode(e.mode) && !this.objects.has(e.oid)).map((e) => e.oid);
    if (missing.length > 1) this.fetchPromised(remote, missing);
  }
  /** A ref under refs/git-memory/unchecked/ exists (loose, or packed by `git pack-refs`). */
  hasUncheckedTrees() {
    const dir = join(this.location.commonDir, "refs", "git-memory", "unchecked");
    try {
      if (readdirSync(dir).length) return true;
    } catch {
    }
    const packed = join(this.location.commonDir, "packed-refs");
    return existsSync(packed) && readFileSync(packed, "utf8").includes(" refs/git-memory/unchecked/");
  }
  /** Reads the promisor setting again (a filtered fetch may just have made this a partial clone). */
  forgetPartialClone() {
    this.promisor = void 0;
  }
  /**
   * The fallback of the in-process reader: an object it cannot find is asked of git itself, which
   * fetches a partial clone's promised objects from the promisor remote and reads any format this
   * reader does not. In a partial clone, the first miss among the blobs of the last listing fetches
   * all of that listing's missing blobs in one round trip (as `git checkout` does), not one per blob.
   */
  readThroughGit(oid, expect) {
    if (this.treeFetch && expect === "tree") {
      const got2 = this.fetchTree(oid);
      if (got2) return got2;
    }
    const remote = this.partialCloneRemote();
    const listing = this.lastListing;
    if (remote && listing && !listing.fetched && listing.oids.has(oid)) {
      listing.fetched = true;
      const missing = [...listing.oids].filter((o) => !this.objects.has(o));
      if (missing.length > 1) {
        const err = this.fetchPromised(remote, missing);
        if (!err) {
          const got2 = this.objects.tryRead(oid);
          if (got2) return got2;
        } else {
          listing.error = err;
        }
      }
    }
    if (listing?.error && listing.oids.has(oid)) throw new ObjectMissingError(oid, `fetching from the promisor remote failed: ${listing.error}`);
    const env = process.env;
    if (!remote && !this.objects.hasUnreadablePacks() && !env.GIT_ALTERNATE_OBJECT_DIRECTORIES && !env.GIT_OBJECT_DIRECTORY) return null;
    this.fallbackStats.catFile++;
    let res;
    try {
      res = catFileBatch(this.target, [oid], remote ? { config: filterGiven(remote) } : {});
    } catch (err) {
      throw new ObjectMissingError(oid, err.message);
    }
    const got = res.objects.get(oid);
    if (got && got !== "missing") return got;
    const why = lastLine(res.stderr);
    if (why) throw new ObjectMissingError(oid, `git: ${why}`);
    return null;
  }
  /** Fetches promised objects from the promisor remote in one round trip; the error (null: fetched). */
  fetchPromised(remote, oids) {
    const r = runGitSync(
      this.target,
      ["-c", "fetch.negotiationAlgorithm=noop", "-c", "maintenance.auto=false", "-c", "gc.auto=0", ...filterGiven(remote), "fetch", remote, "--no-tags", "--no-write-fetch-head", "--recurse-submodules=no", "--filter=blob:none", "--stdin"],
      { input: oids.join("\n") + "\n", allowFailure: true }
    );
    this.fallbackStats.prefetches++;
    if (r.status !== 0) return lastLine(r.stderr) || `git fetch exited ${r.status}`;
    this.fallbackStats.prefetched += oids.length;
    return null;
  }
  /**
   * Before reading many blobs by id: in a partial clone (a writer's blob-less fetch, docs/sync.md),
   * fetches the ones not here in one round trip, instead of one `git` fetch per blob as each read
   * misses. Elsewhere (or when all are here) nothing. Returns how many were asked for. A failure is
   * left to the reads, which report it per object.
   */
  prefetchBlobs(oids) {
    const remote = this.partialCloneRemote();
    if (!remote) return 0;
    const missing = [...new Set(oids)].filter((o) => !this.objects.has(o));
    if (!missing.length) return 0;
    this.fetchPromised(remote, missing);
    return missing.length;
  }
  /**
   * Removes temporary object and pack files left by git-memory processes that no longer run (a killed
   * import leaves `tmp_pack_<pid>_*`). Files of live processes and git's own temp files are kept.
   */
  sweepTempFiles() {
    let removed = 0;
    const dir = join(this.location.commonDir, "objects", "pack");
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      return 0;
    }
    for (const n of names) {
      const m = /^tmp_(?:pack|idx|obj)_(\d+)_[a-z0-9]+/.exec(n);
      if (!m || pidAlive(Number(m[1]))) continue;
      try {
        unlinkSync(join(dir, n));
        removed++;
      } catch {
      }
    }
    return removed;
  }
  static open(dir) {
    return new _GitRepository(findRepository(dir));
  }
  resolve(ref) {
    return this.refs.read(ref);
  }
  readCommit(oid) {
    let c = this.commits.get(oid);
    if (!c) {
      c = parseCommit(oid, this.objects.read(oid, "commit").data);
      if (this.commits.size >= 2e3) this.commits.clear();
      this.commits.set(oid, c);
    }
    return { ...c, parents: [...c.parents] };
  }
  readTree(oid) {
    let t = this.trees.get(oid);
    if (!t) {
      t = parseTree(this.objects.read(oid, "tree").data, oid);
      this.prefetchSubtrees(t);
      if (this.trees.size > 2e4) this.trees.clear();
      this.trees.set(oid, t);
    }
    return t;
  }
  readBlob(oid) {
    return this.objects.read(oid, "blob").data;
  }
  /**
   * Reads every blob of `oids`, calling `visit(i, data)` for each in the order cheapest to read (pack
   * by pack, front to back), not the order given. For whole-branch work: a full index build.
   */
  readBlobs(oids, visit) {
    this.objects.readEach(oids, (i, obj) => visit(i, obj.data), "blob");
  }
  /** The order {@link readBlobs} reads `oids` in, with where each is, to read it in parts ({@link readPlannedBlob}). */
  planBlobs(oids) {
    return this.objects.plan(oids);
  }
  /** Blob `k` of a plan (its id `oid`), read as part of reading the plan in order. */
  readPlannedBlob(plan, k, oid) {
    return this.objects.readPlanned(plan, k, oid, "blob").data;
  }
  /**
   * The object folder another thread may read this repository's blobs from by itself, or null when
   * some may need git (a partial clone's promised objects, fetched through `git cat-file`).
   */
  objectsDir() {
    return this.partialCloneRemote() ? null : this.objects.objectsDir;
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
  /**
   * Every regular file (`isRegularFile`) under `prefix` (recursively), in tree order. Missing prefix
   * yields nothing. A file or folder whose name is not UTF-8 ({@link hasRawBytes}) is not listed, and
   * `onRawName` is told its path: such a file is no memory anyone can name, and every reader leaves it
   * out while every writer keeps it byte for byte (docs/DESIGN.md, "On-branch format").
   */
  listBlobs(tree, prefix, onRawName) {
    const out = [];
    const start = prefix ? this.entryAt(tree, prefix) : { mode: MODE_TREE, name: "", oid: tree };
    if (!start || !isTreeMode(start.mode)) return out;
    const unchecked = this.hasUncheckedTrees();
    const promisor = this.treeFetch ? null : this.partialCloneRemote();
    const walk = (oid, base) => {
      const entries = this.trees.get(oid) ?? parseTree(this.objects.read(oid, "tree").data, oid);
      if (promisor) this.prefetchSubtrees(entries);
      for (const e of entries) {
        if (unchecked && badTreeName(e.name)) continue;
        const p = base ? `${base}/${e.name}` : e.name;
        if (hasRawBytes(e.name)) {
          if (!isTreeMode(e.mode) && isRegularFile(e.mode)) onRawName?.(p, e.oid);
          else if (isTreeMode(e.mode)) for (const f of this.listBlobs(e.oid, "")) onRawName?.(`${p}/${f.path}`, f.oid);
          continue;
        }
        if (isTreeMode(e.mode)) walk(e.oid, p);
        else if (isRegularFile(e.mode)) out.push({ path: p, oid: e.oid });
      }
    };
    walk(start.oid, prefix.replace(/\/+$/, ""));
    if (this.partialCloneRemote()) this.lastListing = { oids: new Set(out.map((b) => b.oid)), fetched: false };
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
    if (!this.swept) {
      this.swept = true;
      this.sweepTempFiles();
    }
    const parents = [...req.expect ? [req.expect] : [], ...req.extraParents ?? []];
    const oid = this.writeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when });
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }
  /**
   * Writes a commit object and moves no ref: the one commit writer (commitTree uses it; sync's
   * replays and pending refs write theirs here, then publish through a ref compare-and-swap). An
   * author or committer given as a string is kept verbatim.
   */
  writeCommit(c) {
    return this.objects.write("commit", serializeCommit(c));
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
function lastLine(text) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  return (lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[lines.length - 1] ?? "").slice(0, 300);
}
function pidAlive(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
function filterGiven(remote) {
  return ["-c", `remote.${remote}.partialclonefilter=blob:none`];
}

export {
  GitRepository,
  filterGiven
};
