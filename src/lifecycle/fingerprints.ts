import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEMORIES_DIR } from '../core/catalog.js';
import { isValidId } from '../core/id.js';
import { memoryFromFile } from '../core/memory.js';
import type { GitRepository } from '../git/repository.js';
import { isTreeMode } from '../git/tree.js';

/**
 * What de-duplication and upserts need to know about every live memory: a hash of its normalised
 * content (with its scope) and its upsert key. Kept as a small derived file under the git dir, keyed by
 * tree id and updated by diffing trees, so a store on a branch of 10,000 memories reads a few small
 * trees instead of parsing the whole catalog (which carries every memory's full text).
 */
export interface Fingerprint {
  path: string;
  oid: string;
  id: string;
  hash: string;
  key?: string;
}

export interface FingerprintIndex {
  tree: string | null;
  byPath: Map<string, Fingerprint>;
  byHash: Map<string, Fingerprint>;
  byKey: Map<string, Fingerprint>;
}

/** Front-matter field holding the upsert key. */
export const UPSERT_KEY_FIELD = 'upsert_key';
const FORMAT = 1;

/** Whitespace differences never make two memories different. */
export function normalizeContent(content: string): string {
  return content.replace(/\s+/g, ' ').trim();
}

export function contentHash(content: string, scope?: string): string {
  return createHash('sha1')
    .update((scope ?? '') + '\0' + normalizeContent(content))
    .digest('hex')
    .slice(0, 24);
}

export function keyOf(key: string, scope?: string): string {
  return `${scope ?? ''}\0${key}`;
}

function index(tree: string | null, items: Iterable<Fingerprint>): FingerprintIndex {
  const idx: FingerprintIndex = { tree, byPath: new Map(), byHash: new Map(), byKey: new Map() };
  for (const f of items) add(idx, f);
  return idx;
}

function add(idx: FingerprintIndex, f: Fingerprint): void {
  idx.byPath.set(f.path, f);
  // First in path order wins, like the catalog's rule for two files claiming one id.
  const h = idx.byHash.get(f.hash);
  if (!h || h.path > f.path) idx.byHash.set(f.hash, f);
  if (f.key) {
    const k = idx.byKey.get(f.key);
    if (!k || k.path > f.path) idx.byKey.set(f.key, f);
  }
}

function rebuildLookups(idx: FingerprintIndex): void {
  idx.byHash.clear();
  idx.byKey.clear();
  for (const f of idx.byPath.values()) add(idx, f);
}

/**
 * The fields de-duplication needs, without a YAML parse when the front matter is the simple form
 * git-memory writes (a cold cache on a fresh clone reads every file once; YAML was most of that cost).
 */
function quickFields(path: string, text: string): { id: string; content: string; scope?: string; key?: string } | null {
  if (!text.startsWith('---\n')) return null;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return null;
  const front = text.slice(4, end + 1);
  const one = (name: string): string | undefined | null => {
    const m = new RegExp(`^${name}:(.*)$`, 'm').exec(front);
    if (!m) return undefined;
    const v = m[1].trim();
    if (/^(?:true|false|null|~)$/i.test(v) || /^[-+.]?\d/.test(v)) return null; // YAML would not read a string
    if (/^[A-Za-z_][A-Za-z0-9_:.@/+-]*$/.test(v)) return v;
    if (/^"[^"\\]*"$/.test(v)) return v.slice(1, -1);
    return null; // quoted with escapes, a block, ...: let the YAML parser decide
  };
  const id = one('id');
  const scope = one('scope');
  const key = one(UPSERT_KEY_FIELD);
  if (!id || !isValidId(id) || scope === null || key === null) return null;
  return { id, content: text.slice(end + 5), scope: scope || undefined, key: key || undefined };
}

function fingerprint(git: GitRepository, path: string, oid: string): Fingerprint | null {
  try {
    const text = git.readBlob(oid).toString('utf8');
    const q = quickFields(path, text);
    if (q) {
      const f: Fingerprint = { path, oid, id: q.id, hash: contentHash(q.content, q.scope) };
      if (q.key) f.key = keyOf(q.key, q.scope);
      return f;
    }
    const m = memoryFromFile(path, text);
    const rawKey = m.extra[UPSERT_KEY_FIELD];
    const f: Fingerprint = { path, oid, id: m.id, hash: contentHash(m.content, m.scope) };
    if (typeof rawKey === 'string' && rawKey) f.key = keyOf(rawKey, m.scope);
    return f;
  } catch {
    return null; // unparsable files are reported by the catalog; they take part in nothing here
  }
}

/** Calls `visit` for every blob under `prefix` that differs between two trees. */
export function diffBlobs(git: GitRepository, a: string | null, b: string | null, prefix: string, visit: (path: string, oldOid: string | null, newOid: string | null) => void): void {
  const sub = (tree: string | null): string | null => {
    if (!tree) return null;
    const e = git.entryAt(tree, prefix);
    return e && isTreeMode(e.mode) ? e.oid : null;
  };
  const walk = (x: string | null, y: string | null, base: string) => {
    if (x === y) return;
    const xs = new Map((x ? git.readTree(x) : []).map((e) => [e.name, e]));
    const ys = new Map((y ? git.readTree(y) : []).map((e) => [e.name, e]));
    for (const name of new Set([...xs.keys(), ...ys.keys()])) {
      const ex = xs.get(name);
      const ey = ys.get(name);
      if (ex && ey && ex.oid === ey.oid && ex.mode === ey.mode) continue;
      const p = `${base}/${name}`;
      const xt = ex && isTreeMode(ex.mode) ? ex.oid : null;
      const yt = ey && isTreeMode(ey.mode) ? ey.oid : null;
      if (xt || yt) walk(xt, yt, p);
      const xb = ex && !isTreeMode(ex.mode) ? ex.oid : null;
      const yb = ey && !isTreeMode(ey.mode) ? ey.oid : null;
      if ((xb || yb) && xb !== yb) visit(p, xb, yb);
    }
  };
  walk(sub(a), sub(b), prefix);
}

interface CacheFile {
  format: number;
  tree: string | null;
  items: Array<[string, string, string, string, string?]>;
}

const memo = new WeakMap<GitRepository, Map<string, FingerprintIndex>>();

function save(idx: FingerprintIndex, cacheDir: string): void {
  const file = join(cacheDir, `fingerprints-v${FORMAT}.json`);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const body: CacheFile = { format: FORMAT, tree: idx.tree, items: [...idx.byPath.values()].map((f) => (f.key ? [f.path, f.oid, f.id, f.hash, f.key] : [f.path, f.oid, f.id, f.hash])) };
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, JSON.stringify(body));
    renameSync(tmp, file);
  } catch {
    /* read-only git dir: works, without the cache */
  }
}

/**
 * After a bulk write whose new files are all known (an import), moves the index from `base` to `next`
 * without reading the blobs back.
 */
export function primeFingerprints(git: GitRepository, cacheDir: string, base: string | null, next: string, added: Fingerprint[]): void {
  const idx = loadFingerprints(git, base, cacheDir);
  for (const f of added) add(idx, f);
  idx.tree = next;
  save(idx, cacheDir);
}

/** The index at `tree`, from memory, the cache file, or by diffing from the cached tree. */
export function loadFingerprints(git: GitRepository, tree: string | null, cacheDir: string): FingerprintIndex {
  let perRepo = memo.get(git);
  if (!perRepo) memo.set(git, (perRepo = new Map()));
  const cached = perRepo.get(cacheDir);
  if (cached && cached.tree === tree) return cached;
  const file = join(cacheDir, `fingerprints-v${FORMAT}.json`);
  let idx = cached ?? null;
  if (!idx) {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
      if (data.format === FORMAT && Array.isArray(data.items)) {
        idx = index(data.tree, data.items.map(([path, oid, id, hash, key]) => (key ? { path, oid, id, hash, key } : { path, oid, id, hash })));
      }
    } catch {
      /* missing or broken: rebuilt from an empty index */
    }
  }
  if (!idx) idx = index(null, []);
  if (idx.tree !== tree) {
    let from = idx.tree;
    try {
      if (from) git.readTree(from);
    } catch {
      from = null; // the cached tree is gone (gc after a rewrite): start over
      idx = index(null, []);
    }
    const next = idx;
    let removed = false;
    diffBlobs(git, from, tree, MEMORIES_DIR, (path, _old, oid) => {
      if (next.byPath.delete(path)) removed = true;
      if (oid && path.endsWith('.md')) {
        const f = fingerprint(git, path, oid);
        if (f) add(next, f);
      }
    });
    // A removed file may have been the one a hash or key pointed to: recompute those lookups once.
    if (removed) rebuildLookups(next);
    next.tree = tree;
    save(next, cacheDir);
  }
  perRepo.set(cacheDir, idx);
  return idx;
}
