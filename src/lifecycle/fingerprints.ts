import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MEMORIES_DIR } from '../core/catalog.js';
import { isValidId } from '../core/id.js';
import { memoryFromFile } from '../core/memory.js';
import { catFileBatch } from '../git/cli.js';
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
  id: string;
  hash: string;
  key?: string;
}

const enc = (key: string) => `k:${encodeURIComponent(key)}`;

/**
 * The index, kept as the text of its cache file (one line per file: hash, id, key, path) and searched
 * with indexOf: a store needs one or two lookups, and parsing 100,000 entries into maps cost more than
 * the rest of the store (measured: ~250 ms of parse, map building and GC at 100,000; the text form
 * reads, searches and writes back in a few tens of ms).
 */
export class FingerprintIndex {
  constructor(
    public tree: string | null,
    private body = '\n',
  ) {}

  private lineAt(start: number): Fingerprint {
    const end = this.body.indexOf('\n', start);
    const [hash, id, key, ...rest] = this.body.slice(start, end).split('\t');
    const f: Fingerprint = { hash, id, path: rest.join('\t') };
    if (key) f.key = decodeURIComponent(key.slice(2));
    return f;
  }

  byHash(hash: string): Fingerprint | undefined {
    const i = this.body.indexOf(`\n${hash}\t`);
    return i < 0 ? undefined : this.lineAt(i + 1);
  }

  byKey(key: string): Fingerprint | undefined {
    const i = this.body.indexOf(`\t${enc(key)}\t`);
    return i < 0 ? undefined : this.lineAt(this.body.lastIndexOf('\n', i) + 1);
  }

  remove(path: string): boolean {
    const i = this.body.indexOf(`\t${path}\n`);
    if (i < 0) return false;
    const start = this.body.lastIndexOf('\n', i) + 1;
    this.body = this.body.slice(0, start) + this.body.slice(i + path.length + 2);
    return true;
  }

  add(f: Fingerprint): void {
    if (/[\t\n]/.test(f.path)) return; // cannot be a line; such a file is just not de-duplicated against
    this.remove(f.path);
    this.body += `${f.hash}\t${f.id}\t${f.key ? enc(f.key) : ''}\t${f.path}\n`;
  }

  /** Applies many changes at once (a fetch, a clear): one pass instead of one string copy per change. */
  applyMany(changes: Array<{ path: string; f: Fingerprint | null }>): void {
    const lines = new Map<string, string>();
    for (const line of this.body.split('\n')) if (line) lines.set(line.slice(nthTab(line, 3) + 1), line);
    for (const { path, f } of changes) {
      lines.delete(path);
      if (f && !/[\t\n]/.test(f.path)) lines.set(path, `${f.hash}\t${f.id}\t${f.key ? enc(f.key) : ''}\t${f.path}`);
    }
    this.body = '\n' + [...lines.values()].map((l) => l + '\n').join('');
  }

  *entries(): Generator<Fingerprint> {
    for (let i = 1; i < this.body.length; ) {
      const end = this.body.indexOf('\n', i);
      if (end < 0) return;
      yield this.lineAt(i);
      i = end + 1;
    }
  }

  text(): string {
    return this.body;
  }
}

function nthTab(line: string, n: number): number {
  let i = -1;
  for (let k = 0; k < n; k++) i = line.indexOf('\t', i + 1);
  return i;
}

/** Front-matter field holding the upsert key. */
export const UPSERT_KEY_FIELD = 'upsert_key';
const FORMAT = 2;

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

function fingerprint(git: GitRepository, path: string, oid: string, data?: Buffer): Fingerprint | null {
  // A read failure (a partial clone offline) is thrown, never recorded as "no fingerprint" in the cache.
  const text = (data ?? git.readBlob(oid)).toString('utf8');
  try {
    const q = quickFields(path, text);
    if (q) {
      const f: Fingerprint = { path, id: q.id, hash: contentHash(q.content, q.scope) };
      if (q.key) f.key = keyOf(q.key, q.scope);
      return f;
    }
    const m = memoryFromFile(path, text);
    const rawKey = m.extra[UPSERT_KEY_FIELD];
    const f: Fingerprint = { path, id: m.id, hash: contentHash(m.content, m.scope) };
    if (typeof rawKey === 'string' && rawKey) f.key = keyOf(rawKey, m.scope);
    return f;
  } catch {
    return null; // unparsable files are reported by the catalog; they take part in nothing here
  }
}

/** Blob contents by id through one `git cat-file --batch` process; null when git cannot be run. */
function readBlobsWithGit(git: GitRepository, oids: string[]): Map<string, Buffer> | null {
  try {
    const out = new Map<string, Buffer>();
    for (const [oid, o] of catFileBatch(git.target, oids, { maxBytes: 2 ** 32 }).objects) if (o !== 'missing' && o.type === 'blob') out.set(oid, o.data);
    return out;
  } catch {
    return null;
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

const HEADER = `git-memory fingerprints v${FORMAT} `;
const fileOf = (cacheDir: string) => join(cacheDir, `fingerprints-v${FORMAT}.txt`);

const memo = new WeakMap<GitRepository, Map<string, FingerprintIndex>>();

function save(idx: FingerprintIndex, cacheDir: string): void {
  const file = fileOf(cacheDir);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, HEADER + (idx.tree ?? '-') + idx.text());
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
  idx.applyMany(added.map((f) => ({ path: f.path, f })));
  idx.tree = next;
  save(idx, cacheDir);
}

function readCache(cacheDir: string): FingerprintIndex | null {
  try {
    const text = readFileSync(fileOf(cacheDir), 'utf8');
    if (!text.startsWith(HEADER) || !text.endsWith('\n')) return null;
    const nl = text.indexOf('\n');
    const tree = text.slice(HEADER.length, nl);
    if (tree !== '-' && !/^[0-9a-f]{40}$/.test(tree)) return null;
    return new FingerprintIndex(tree === '-' ? null : tree, text.slice(nl));
  } catch {
    return null; // missing or broken: rebuilt
  }
}

/** The index at `tree`, from memory, the cache file, or by diffing from the cached tree. */
export function loadFingerprints(git: GitRepository, tree: string | null, cacheDir: string): FingerprintIndex {
  let perRepo = memo.get(git);
  if (!perRepo) memo.set(git, (perRepo = new Map()));
  const cached = perRepo.get(cacheDir);
  if (cached && cached.tree === tree) return cached;
  let idx = cached ?? readCache(cacheDir) ?? new FingerprintIndex(null);
  if (idx.tree !== tree) {
    let from = idx.tree;
    try {
      if (from) git.readTree(from);
    } catch {
      from = null; // the cached tree is gone (gc after a rewrite): start over
      idx = new FingerprintIndex(null);
    }
    const changes: Array<{ path: string; f: Fingerprint | null }> = [];
    const toRead: Array<{ path: string; oid: string }> = [];
    diffBlobs(git, from, tree, MEMORIES_DIR, (path, _old, oid) => {
      if (oid && path.endsWith('.md')) toRead.push({ path, oid });
      else changes.push({ path, f: null });
    });
    // Many files to read (a fresh clone, a big fetch): one `git cat-file --batch` reads them far faster
    // than object-by-object lookups, which try a loose file before each pack lookup (cold index of 10,000
    // packed memories: 0.64 s -> ~0.3 s; of 100,000: 6.6 s -> 2.7 s).
    const bulk = toRead.length > 500 ? readBlobsWithGit(git, toRead.map((r) => r.oid)) : null;
    for (const r of toRead) changes.push({ path: r.path, f: fingerprint(git, r.path, r.oid, bulk?.get(r.oid)) });
    if (changes.length > 64) idx.applyMany(changes);
    else for (const c of changes) c.f ? idx.add(c.f) : idx.remove(c.path);
    idx.tree = tree;
    save(idx, cacheDir);
  }
  perRepo.set(cacheDir, idx);
  return idx;
}
