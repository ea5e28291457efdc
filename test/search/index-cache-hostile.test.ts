import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { useEmbedServer } from '../hybrid/embed-server.js';
import { crc32 } from '../../src/git/crc32.js';
import { git, makeRepo, tempDir } from '../helpers.js';
import { openMemory } from '../../src/api.js';
import { MemoryStore } from '../../src/store/store.js';
import { withIndexCache } from '../../src/search/index-cache.js';
import { memoryFromFile } from '../../src/model/memory.js';
import { indexFiles } from '../../src/search/index-files.js';
import { SEGMENT_FORMAT, SegmentBuilder, decodeSegment, encodeSegment, type DocInput, type Segment } from '../../src/search/segment.js';

/**
 * The index cache (`--index-cache DIR`, the Action's runner cache) is a file another job wrote: a
 * segment with a valid magic, format, CRC and in-range offsets can still lie about what it indexes.
 * Its header names a tree, but nothing ties its document table to that tree. A search must never
 * return a memory that is not on the branch at its tip, nor lose one that is, whatever DIR holds.
 */

interface File {
  path: string;
  oid: string;
}

/** Every memory file on the branch tip, by id. */
function filesOf(repo: string): Map<string, File> {
  const out = new Map<string, File>();
  for (const line of git(repo, 'ls-tree', '-r', 'memory', 'memories/').split('\n').filter(Boolean)) {
    const [meta, path] = line.split('\t');
    const oid = meta.split(' ')[2];
    out.set(memoryFromFile(path, git(repo, 'cat-file', 'blob', oid)).id, { path, oid });
  }
  return out;
}

/** The document the index would make of `f` (as src/search/index-build.ts docFrom does). */
function docOf(repo: string, f: File): DocInput {
  const m = memoryFromFile(f.path, git(repo, 'cat-file', 'blob', f.oid));
  return { id: m.id, path: f.path, oid: f.oid, timestamp: Date.parse(m.timestamp), priority: m.priority, category: m.category, scope: m.scope, tags: m.tags, content: m.content };
}

/** A well-formed base segment (valid CRC and offsets) describing `tree` with the documents given. */
function craftedBase(tree: string, docs: DocInput[]): Buffer {
  const b = new SegmentBuilder();
  for (const d of docs) b.add(d);
  return encodeSegment(b.finish({ kind: 'base', tree }));
}

async function setup() {
  const repo = makeRepo();
  const m = openMemory({ repo });
  const kept: string[] = [];
  for (const c of ['Alpha rollout: rotate the signing key', 'Alpha rollout: the nightly build moved to 02:00']) kept.push((await m.store({ content: c })).id);
  // A memory deleted from the branch: its blob stays in the clone (history), its id is public.
  const gone = (await m.store({ content: 'Alpha rollout: the staging password is hunter2 (deleted)' })).id;
  const goneFile = filesOf(repo).get(gone)!;
  await m.delete(gone);
  const late = (await m.store({ content: 'Alpha rollout: the cluster restarts at 03:00' })).id;
  m.close();
  const tree = git(repo, 'rev-parse', 'memory^{tree}');
  const dir = join(tempDir('gm-icache-hostile-'), 'cache');
  return { repo, kept, gone, goneFile, late, tree, dir };
}

/** `bytes` as DIR's base for the branch, the clone's own index removed (a fresh CI clone). */
function plant(repo: string, dir: string, bytes: Buffer): void {
  const probe = new MemoryStore({ repo });
  const files = indexFiles(probe);
  const branchDir = join(dir, basename(probe.cacheDir));
  probe.close();
  rmSync(files.base, { force: true });
  rmSync(files.delta, { force: true });
  mkdirSync(branchDir, { recursive: true });
  writeFileSync(join(branchDir, `search-v${SEGMENT_FORMAT}.base`), bytes);
}

async function searchWith(repo: string, dir: string, query: string) {
  const warnings: string[] = [];
  const m = openMemory({ repo, indexCache: dir, warn: (w) => warnings.push(w) });
  try {
    const r = await m.search({ query, limit: 50, mode: 'fulltext' });
    return { ids: r.results.map((x) => x.id).concat((r.weak ?? []).map((x) => x.id)), r, warnings };
  } finally {
    m.close();
  }
}

describe('a restored index that lies about its tree', () => {
  it('never returns a memory that is not on the branch tip, nor loses one that is', async () => {
    const { repo, kept, gone, goneFile, late, tree, dir } = await setup();
    const files = filesOf(repo);
    // The tip's tree in the header; the deleted memory in, the latest memory left out.
    const docs = [...kept.map((id) => docOf(repo, files.get(id)!)), docOf(repo, goneFile)];
    plant(repo, dir, craftedBase(tree, docs));
    const { ids, r } = await searchWith(repo, dir, 'alpha rollout');
    expect(r.indexCache?.restored).toBe(true);
    expect(ids).not.toContain(gone);
    expect(ids).toContain(late);
    expect(ids.sort()).toEqual([...kept, late].sort());
  });

  it('a restored list of second copies does not hide a memory', async () => {
    const { repo, kept, late, dir } = await setup();
    const files = filesOf(repo);
    const b = new SegmentBuilder();
    // The first kept memory's row claims the latest memory's id, which the list below then names a
    // second copy of: the id column is a claim too, checked against the files.
    b.add({ ...docOf(repo, files.get(kept[0])!), id: late });
    b.add(docOf(repo, files.get(kept[1])!));
    // An older tree in the header (so the table is diffed), the latest memory named a second copy.
    const seg = b.finish({ kind: 'base', tree: git(repo, 'rev-parse', 'memory~1^{tree}') });
    seg.dupes = [[files.get(late)!.path, files.get(late)!.oid]];
    plant(repo, dir, encodeSegment(seg));
    const { ids } = await searchWith(repo, dir, 'alpha rollout');
    expect(ids.sort()).toEqual([...kept, late].sort());
  });

  it('an honest cache of a branch with a hand copy of a memory gives the answer a plain search gives', async () => {
    const { repo, dir } = await setup();
    // A hand copy: one memory file committed again at a second path (same id).
    const wt = join(tempDir('gm-wt-'), 'wt');
    git(repo, 'worktree', 'add', '-q', wt, 'memory');
    const first = git(wt, 'ls-files', 'memories/').split('\n')[0];
    // The id comes from the file name: the same name in another month's folder is a second copy.
    const copy = `memories/2020/01/${basename(first)}`;
    mkdirSync(join(wt, 'memories/2020/01'), { recursive: true });
    writeFileSync(join(wt, copy), readFileSync(join(wt, first)));
    git(wt, 'add', copy);
    git(wt, 'commit', '-q', '-m', 'hand copy');
    git(repo, 'worktree', 'remove', '--force', wt);
    const plainStore = openMemory({ repo, warn: () => {} });
    await plainStore.rebuildIndex(); // one base holding the copy in its list of second copies
    const plain = await plainStore.search({ query: 'alpha rollout', limit: 50, mode: 'fulltext' });
    plainStore.close();
    const probe = new MemoryStore({ repo });
    const base = indexFiles(probe).base;
    probe.close();
    // That index, as an honest job would have saved it, restored into a clone without one.
    const saved = readFileSync(base);
    expect(decodeSegment(saved).dupes).toHaveLength(1);
    plant(repo, dir, saved);
    const { r } = await searchWith(repo, dir, 'alpha rollout');
    // Its copy checked (two blob reads), the base is used as it is: nothing rebuilt, nothing saved.
    expect(r.indexCache).toMatchObject({ restored: true, index: 'cached', bytesWritten: 0 });
    expect(r.results.map((x) => x.id)).toEqual(plain.results.map((x) => x.id));
    expect(r.total).toBe(plain.total);
  });

  it('a header whose tag or category names are not strings is a damaged file, not a failed search', async () => {
    const { repo, kept, late, tree, dir } = await setup();
    const files = filesOf(repo);
    for (const lie of [(x: Segment) => ((x.tags as unknown[])[0] = { toLowerCase: 1 }), (x: Segment) => ((x.cats as unknown[])[0] = 7)]) {
      const b = new SegmentBuilder();
      for (const id of [...kept, late]) b.add({ ...docOf(repo, files.get(id)!), tags: ['ops'] });
      const seg = b.finish({ kind: 'base', tree });
      lie(seg);
      plant(repo, dir, encodeSegment(seg));
      const { ids } = await searchWith(repo, dir, 'alpha rollout ops general');
      expect(ids.sort()).toEqual([...kept, late].sort());
    }
  });

  // The table (path, blob) is checked against the tip; the analysed columns of a listed memory (tags,
  // category, time, terms) cannot be without re-analysing every memory, the full build the cache
  // exists to avoid. With MEMORY_INDEX_CACHE_KEY only files signed by a job holding the key are
  // restored, so a row that lies is never read (test/search/index-cache-forged.test.ts has the rest).
  it('with a key, a restored row whose tags lie does not hide a memory from a tag filter', async () => {
    const { repo, kept, late, tree, dir } = await setup();
    const files = filesOf(repo);
    const tagged = openMemory({ repo });
    await tagged.update(late, { tags: ['ops'] });
    tagged.close();
    const now = git(repo, 'rev-parse', 'memory^{tree}');
    expect(now).not.toBe(tree);
    const fresh = filesOf(repo);
    const b = new SegmentBuilder();
    for (const id of kept) b.add(docOf(repo, files.get(id)!));
    b.add({ ...docOf(repo, fresh.get(late)!), tags: [] }); // its real file says `ops`
    plant(repo, dir, encodeSegment(b.finish({ kind: 'base', tree: now })));
    process.env.MEMORY_INDEX_CACHE_KEY = 'a key the forger does not hold';
    const m = openMemory({ repo, indexCache: dir, warn: () => {} });
    try {
      const r = await m.search({ tags: ['ops'], mode: 'fulltext' });
      expect(r.results.map((x) => x.id)).toEqual([late]);
    } finally {
      m.close();
      delete process.env.MEMORY_INDEX_CACHE_KEY;
    }
  });

  it('a document whose blob is not in the clone does not fail the search', async () => {
    const { repo, kept, late, tree, dir } = await setup();
    const files = filesOf(repo);
    const ghost: DocInput = { ...docOf(repo, files.get(kept[0])!), id: 'ghost', path: 'memories/2026/01/ghost.md', oid: 'ab'.repeat(20) };
    const docs = [...[...kept, late].map((id) => docOf(repo, files.get(id)!)), ghost];
    plant(repo, dir, craftedBase(tree, docs));
    const { ids } = await searchWith(repo, dir, 'alpha rollout');
    expect(ids.sort()).toEqual([...kept, late].sort());
  });

  it('a base naming an older tree that is in the clone is still checked against its table', async () => {
    const { repo, kept, gone, goneFile, late, dir } = await setup();
    // An older tree that the clone has (a full clone): the one before the latest store.
    const older = git(repo, 'rev-parse', 'memory~1^{tree}');
    const files = filesOf(repo);
    // The older tree held `kept` only; the table adds the deleted memory and drops kept[1].
    plant(repo, dir, craftedBase(older, [docOf(repo, files.get(kept[0])!), docOf(repo, goneFile)]));
    const { ids } = await searchWith(repo, dir, 'alpha rollout');
    expect(ids).not.toContain(gone);
    expect(ids.sort()).toEqual([...kept, late].sort());
  });
});

describe('a restored delta that lies', () => {
  it('a delta naming the tip tree and the restored base build is used only when base and delta list the tip', async () => {
    const { repo, kept, gone, goneFile, late, dir } = await setup();
    const older = git(repo, 'rev-parse', 'memory~1^{tree}');
    const tip = git(repo, 'rev-parse', 'memory^{tree}');
    const files = filesOf(repo);
    // An honest base of the older tree (the two kept memories)...
    const b = new SegmentBuilder();
    for (const id of kept) b.add(docOf(repo, files.get(id)!));
    const base = b.finish({ kind: 'base', tree: older });
    plant(repo, dir, encodeSegment(base));
    // ...and a delta for the tip that adds the deleted memory instead of the latest one.
    const d = new SegmentBuilder();
    d.add(docOf(repo, goneFile));
    const branchDir = join(dir, 'memory');
    writeFileSync(join(branchDir, `search-v${SEGMENT_FORMAT}.delta`), encodeSegment(d.finish({ kind: 'delta', tree: tip, baseBuild: base.build, baseTree: older, removed: [] })));
    const { ids, r } = await searchWith(repo, dir, 'alpha rollout');
    expect(r.indexCache?.restored).toBe(true);
    expect(ids).not.toContain(gone);
    expect(ids.sort()).toEqual([...kept, late].sort());
  });
});

describe('a restored file stays untrusted in the clone', () => {
  it('a process that restored and stopped before searching leaves a copy the next plain search still checks', async () => {
    const { repo, kept, gone, goneFile, late, tree, dir } = await setup();
    const files = filesOf(repo);
    plant(repo, dir, craftedBase(tree, [...kept.map((id) => docOf(repo, files.get(id)!)), docOf(repo, goneFile)]));
    // The restore runs, then the process dies before its search opens the index (kill -9, a crash).
    const m = new MemoryStore({ repo, warn: () => {} });
    await expect(withIndexCache(m, dir, () => Promise.reject(new Error('killed')), { vectors: false })).rejects.toThrow('killed');
    m.close();
    // The clone now holds the restored copy; a later search without --index-cache in the same clone.
    const plain = openMemory({ repo, warn: () => {} });
    try {
      const r = await plain.search({ query: 'alpha rollout', limit: 50, mode: 'fulltext' });
      const ids = r.results.map((x) => x.id).concat((r.weak ?? []).map((x) => x.id));
      expect(ids).not.toContain(gone);
      expect(ids.sort()).toEqual([...kept, late].sort());
    } finally {
      plain.close();
    }
  });
});

describe('a restored vector file with numbers that are not numbers', () => {
  const { env: hybrid } = useEmbedServer();
  const q = ['search', 'staging', 'restarts', 'nightly', '--limit', '50', '--json'];

  it('a row scale of Infinity or NaN (a valid CRC) neither fails the search nor puts non-numbers in the response', async () => {
    const remote = makeRepo({ bare: true });
    const writer = makeRepo();
    git(writer, 'remote', 'add', 'origin', remote);
    for (let i = 0; i < 4; i++) expect((await runCli(writer, ['store', `Deployment note ${i}: the staging cluster restarts nightly`, '--json'])).code).toBe(0);
    git(writer, 'push', '-q', 'origin', 'memory');
    const clone = () => {
      const d = join(tempDir('gm-job-'), 'clone');
      git(process.cwd(), 'clone', '-q', '--depth', '1', '--branch', 'memory', `file://${remote}`, d);
      return d;
    };
    const dir = join(tempDir('gm-icache-vec-'), 'cache');
    const first = await runCli(clone(), [...q, '--index-cache', dir], { env: hybrid() });
    expect(first.code, first.stderr).toBe(0);
    const vdir = join(dir, 'memory', 'vectors');
    const file = join(vdir, readdirSync(vdir).find((f) => f.endsWith('.bin'))!);
    // The vector cache layout (src/vector/branch.ts): u32 header length, JSON header, rows × dims int8, CRC-32.
    const buf = readFileSync(file);
    const len = buf.readUInt32LE(0);
    const header = JSON.parse(buf.toString('utf8', 4, 4 + len));
    header.rows[0][4] = 1e300; // Infinity once in a Float32Array
    header.rows[1][4] = 'not a number'; // NaN
    const json = Buffer.from(JSON.stringify(header), 'utf8');
    const body = Buffer.concat([Buffer.alloc(4), json, buf.subarray(4 + len, buf.length - 4)]);
    body.writeUInt32LE(json.length, 0);
    const crc = Buffer.alloc(4);
    crc.writeUInt32LE(crc32!(body), 0);
    writeFileSync(file, Buffer.concat([body, crc]));
    const r = await runCli(clone(), [...q, '--index-cache', dir], { env: hybrid() });
    expect(r.code, r.stderr).toBe(0);
    const all = [...r.json.results, ...(r.json.weak ?? [])];
    expect(all).toHaveLength(4);
    for (const m of all) {
      expect(Number.isFinite(m.relevance), JSON.stringify(m)).toBe(true);
      expect(m.relevance).toBeLessThanOrEqual(1);
    }
  });
});

describe('links inside the cache dir', () => {
  it('a branch folder in DIR that is a link to another folder is neither read nor written through', async () => {
    const { repo, kept, late, dir } = await setup();
    const elsewhere = tempDir('gm-icache-elsewhere-');
    mkdirSync(dir, { recursive: true });
    symlinkSync(elsewhere, join(dir, 'memory'));
    const { ids, r, warnings } = await searchWith(repo, dir, 'alpha rollout');
    expect(ids.sort()).toEqual([...kept, late].sort());
    expect(r.indexCache).toMatchObject({ restored: false, bytesWritten: 0 });
    // Nothing was written where the link points (the files a save names are fixed, the folder is not).
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(warnings.join('\n')).toMatch(/index cache: .*memory is not a folder/);
  });
});

describe('leftovers of a job killed while saving', () => {
  it('a temp file a killed save left in DIR does not travel with the cache for ever', async () => {
    const { repo, kept, late, dir } = await setup();
    // What `kill -9` during a save leaves: the temp name src/git/atomic-file.ts writes before its rename,
    // as old as the job that died (a CI cache restores files with their times).
    const branchDir = join(dir, 'memory');
    mkdirSync(join(branchDir, 'vectors'), { recursive: true });
    const stale = [join(branchDir, `search-v${SEGMENT_FORMAT}.base.4242.k3x9.tmp`), join(branchDir, 'vectors', 'openai-bow.v3.bin.4242.a1b2.tmp')];
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const f of stale) {
      writeFileSync(f, Buffer.alloc(4096, 7));
      utimesSync(f, hourAgo, hourAgo);
    }
    // A temp file being written right now by a concurrent job is left alone.
    const live = join(branchDir, `search-v${SEGMENT_FORMAT}.delta.4343.z9.tmp`);
    writeFileSync(live, 'in progress');
    const { ids, r } = await searchWith(repo, dir, 'alpha rollout');
    expect(ids.sort()).toEqual([...kept, late].sort());
    expect(r.indexCache!.bytesWritten).toBeGreaterThan(0);
    for (const f of stale) expect(existsSync(f), f).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

describe('files in DIR that are not what they seem', () => {
  it('a FIFO never blocks the search, and a 10 GB file is refused without being read', async () => {
    const { repo, kept, late, dir } = await setup();
    const branchDir = join(dir, 'memory');
    mkdirSync(branchDir, { recursive: true });
    const probe = new MemoryStore({ repo });
    const files = indexFiles(probe);
    probe.close();
    rmSync(files.base, { force: true });
    // A FIFO: opening it for reading would wait for a writer for ever.
    execFileSync('mkfifo', [join(branchDir, `search-v${SEGMENT_FORMAT}.base`)]);
    const fifo = await searchWith(repo, dir, 'alpha rollout');
    expect(fifo.ids.sort()).toEqual([...kept, late].sort());
    expect(fifo.warnings.join('\n')).toMatch(/not restored \(search-v\d+\.base is not a regular file\)/);
    // A sparse 10 GB base: over the default 4 GiB bound, refused by its size (nothing is read).
    rmSync(join(branchDir, `search-v${SEGMENT_FORMAT}.base`));
    const big = join(branchDir, `search-v${SEGMENT_FORMAT}.base`);
    writeFileSync(big, '');
    truncateSync(big, 10 * 1024 ** 3);
    rmSync(files.base, { force: true });
    const huge = await searchWith(repo, dir, 'alpha rollout');
    expect(huge.ids.sort()).toEqual([...kept, late].sort());
    expect(huge.r.indexCache).toMatchObject({ restored: false, bytesRead: 0, index: 'full' });
    expect(huge.warnings.join('\n')).toMatch(/over the \d+-byte bound/);
  });
});
