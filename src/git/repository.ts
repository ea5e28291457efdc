import { join } from 'node:path';
import { ObjectStore } from './objects.js';
import { RefStore } from './refs.js';
import { findRepository, readEffectiveConfig, type RepoLocation } from './repo.js';
import { MODE_BLOB, MODE_TREE, isTreeMode, parseCommit, parseTree, serializeCommit, serializeTree, type CommitInfo, type Identity, type TreeEntry } from './tree.js';

export interface BlobEntry {
  path: string;
  oid: string;
}

export interface CommitRequest {
  ref: string;
  /** The commit the change was computed on; the ref moves only if it still points there. */
  expect: string | null;
  /** Paths to write (content) or delete (null), relative to the root of `expect`'s tree. */
  changes: Map<string, Buffer | null>;
  message: string;
  author: Identity;
  /** Extra parents (a merge); `expect` is always the first parent when set. */
  extraParents?: string[];
  when?: Date;
}

/**
 * The git layer: paths and bytes, no knowledge of memories. Reads and writes the object
 * database directly and moves refs with compare-and-swap; the user's HEAD, index and work
 * tree are never read or written.
 */
export class GitRepository {
  readonly objects: ObjectStore;
  readonly refs: RefStore;
  private trees = new Map<string, TreeEntry[]>();

  constructor(readonly location: RepoLocation) {
    this.objects = new ObjectStore(join(location.commonDir, 'objects'));
    this.refs = new RefStore(location.commonDir);
  }

  static open(dir?: string): GitRepository {
    return new GitRepository(findRepository(dir));
  }

  resolve(ref: string): string | null {
    return this.refs.read(ref);
  }

  readCommit(oid: string): CommitInfo {
    return parseCommit(oid, this.objects.read(oid, 'commit').data);
  }

  readTree(oid: string): TreeEntry[] {
    let t = this.trees.get(oid);
    if (!t) {
      t = parseTree(this.objects.read(oid, 'tree').data, oid);
      if (this.trees.size > 20_000) this.trees.clear();
      this.trees.set(oid, t);
    }
    return t;
  }

  readBlob(oid: string): Buffer {
    return this.objects.read(oid, 'blob').data;
  }

  /** The entry at `path` in `tree`, or null. */
  entryAt(tree: string, path: string): TreeEntry | null {
    const parts = path.split('/').filter(Boolean);
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
  listBlobs(tree: string, prefix: string): BlobEntry[] {
    const out: BlobEntry[] = [];
    const start = prefix ? this.entryAt(tree, prefix) : { mode: MODE_TREE, name: '', oid: tree };
    if (!start || !isTreeMode(start.mode)) return out;
    const walk = (oid: string, base: string) => {
      for (const e of this.readTree(oid)) {
        const p = base ? `${base}/${e.name}` : e.name;
        if (isTreeMode(e.mode)) walk(e.oid, p);
        else if (e.mode !== '160000' && e.mode !== '120000') out.push({ path: p, oid: e.oid });
      }
    };
    walk(start.oid, prefix.replace(/\/+$/, ''));
    return out;
  }

  /**
   * Applies path changes to a tree, writing only the trees along changed paths. A value is the file's
   * content, the id of a blob already in the object database (bulk imports write a pack first), or
   * null to delete.
   */
  writeTree(base: string | null, changes: Map<string, Buffer | string | null>): string {
    type Node = { blobs: Map<string, Buffer | string | null>; dirs: Map<string, Node> };
    const root: Node = { blobs: new Map(), dirs: new Map() };
    for (const [path, content] of changes) {
      const parts = path.split('/').filter(Boolean);
      let n = root;
      for (let i = 0; i < parts.length - 1; i++) {
        let next = n.dirs.get(parts[i]);
        if (!next) n.dirs.set(parts[i], (next = { blobs: new Map(), dirs: new Map() }));
        n = next;
      }
      n.blobs.set(parts[parts.length - 1], content);
    }
    const build = (oid: string | null, node: Node): string | null => {
      const entries = new Map<string, TreeEntry>();
      if (oid) for (const e of this.readTree(oid)) entries.set(e.name, e);
      for (const [name, content] of node.blobs) {
        if (content === null) entries.delete(name);
        else entries.set(name, { mode: MODE_BLOB, name, oid: typeof content === 'string' ? content : this.objects.write('blob', content) });
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
      const newOid = this.objects.write('tree', data);
      this.trees.set(newOid, list);
      return newOid;
    };
    return build(base, root) ?? this.objects.write('tree', Buffer.alloc(0));
  }

  /** Writes a commit of `changes` on top of `expect` and moves `ref` to it, or throws RefMovedError. */
  async commit(req: CommitRequest): Promise<string> {
    const baseTree = req.expect ? this.readCommit(req.expect).tree : null;
    const tree = this.writeTree(baseTree, req.changes);
    return this.commitTree({ ...req, tree });
  }

  async commitTree(req: Omit<CommitRequest, 'changes'> & { tree: string }): Promise<string> {
    const parents = [...(req.expect ? [req.expect] : []), ...(req.extraParents ?? [])];
    const oid = this.objects.write('commit', serializeCommit({ tree: req.tree, parents, author: req.author, message: req.message, when: req.when }));
    await this.refs.compareAndSwap(req.ref, req.expect, oid, { who: req.author, message: req.message });
    return oid;
  }

  /** The identity git itself would commit with, read from env and config without spawning git. */
  identity(fallback: Identity): Identity {
    const env = process.env;
    const cfg = readEffectiveConfig(this.location);
    return {
      name: env.GIT_AUTHOR_NAME || env.GIT_COMMITTER_NAME || cfg.get('user.name') || fallback.name,
      email: env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || cfg.get('user.email') || env.EMAIL || fallback.email,
    };
  }

  close(): void {
    this.objects.close();
  }
}
