// A cache DIR is written by other jobs, or by whoever can write the CI cache. A base built with the
// project's own segment builder, with the real paths and blob ids of the branch, passes every check
// of its bytes and its document table, yet its terms are a claim: one memory's terms removed hides it
// from a search. With MEMORY_INDEX_CACHE_KEY, DIR's files are signed by the jobs holding the key, and a
// crafted file is a miss; without one, a restored index never becomes the clone's own. DIR's files are
// also checked for their layout before any byte is copied (sparse files of gigabytes).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { git, makeRepo, tempDir } from '../helpers.js';
import { openMemory } from '../../src/api.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryFromFile } from '../../src/model/memory.js';
import { indexFiles } from '../../src/search/index-files.js';
import { SEGMENT_FORMAT, SegmentBuilder, encodeSegment, type DocInput } from '../../src/search/segment.js';

const KEY = 'a secret only the trusted jobs hold';
afterEach(() => {
  delete process.env.MEMORY_INDEX_CACHE_KEY;
});

function docs(repo: string): Map<string, DocInput> {
  const out = new Map<string, DocInput>();
  for (const line of git(repo, 'ls-tree', '-r', 'memory', 'memories/').split('\n').filter(Boolean)) {
    const [meta, path] = line.split('\t');
    const oid = meta.split(' ')[2];
    const m = memoryFromFile(path, git(repo, 'cat-file', 'blob', oid));
    out.set(m.id, { id: m.id, path, oid, timestamp: Date.parse(m.timestamp), priority: m.priority, category: m.category, scope: m.scope, tags: m.tags, content: m.content });
  }
  return out;
}

async function setup() {
  const repo = makeRepo();
  const m = openMemory({ repo });
  const rotate = (await m.store({ content: 'Alpha rollout: rotate the signing key' })).id;
  const nightly = (await m.store({ content: 'Alpha rollout: the nightly build moved to 02:00' })).id;
  const zebra = (await m.store({ content: 'Alpha rollout: the zebra cluster restarts at 03:00' })).id;
  m.close();
  const probe = new MemoryStore({ repo });
  const files = indexFiles(probe);
  const branchDir = basename(probe.cacheDir);
  probe.close();
  const dir = join(tempDir('gm-icache-forged-'), 'cache');
  const tree = git(repo, 'rev-parse', 'memory^{tree}');
  /** The clone without an index of its own (a fresh CI job's). */
  const fresh = () => {
    for (const f of readdirSync(join(files.base, '..'))) if (/search-v/.test(f)) rmSync(join(files.base, '..', f), { force: true });
  };
  return { repo, rotate, nightly, zebra, files, dir, dirBase: join(dir, branchDir, `search-v${SEGMENT_FORMAT}.base`), dirDelta: join(dir, branchDir, `search-v${SEGMENT_FORMAT}.delta`), tree, fresh };
}

/** A base with the tip's tree, paths and blob ids, built by the project's builder, `edit` applied to each document. */
function forged(repo: string, tree: string, edit: (d: DocInput) => DocInput): Buffer {
  const b = new SegmentBuilder();
  for (const d of docs(repo).values()) b.add(edit(d));
  return encodeSegment(b.finish({ kind: 'base', tree }));
}

async function search(repo: string, query: string, indexCache?: string) {
  const warnings: string[] = [];
  const m = openMemory({ repo, ...(indexCache ? { indexCache } : {}), warn: (w) => warnings.push(w) });
  try {
    const r = await m.search({ query, limit: 50, mode: 'fulltext', relax: false });
    return { ids: r.results.map((x) => x.id), r, warnings };
  } finally {
    m.close();
  }
}

describe('a forged index cache', () => {
  it('with a key, a base whose terms of one memory were removed is not restored: the memory is found', async () => {
    const s = await setup();
    process.env.MEMORY_INDEX_CACHE_KEY = KEY;
    s.fresh();
    // An honest job holding the key fills DIR (a full build, saved with its MAC).
    const honest = await search(s.repo, 'zebra', s.dir);
    expect(honest.ids).toEqual([s.zebra]);
    expect(existsSync(`${s.dirBase}.mac`)).toBe(true);
    // Someone who can write DIR but lacks the key: the zebra memory's terms removed.
    writeFileSync(s.dirBase, forged(s.repo, s.tree, (d) => (d.id === s.zebra ? { ...d, content: 'alpha' } : d)));
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
    expect(r.r.indexCache).toMatchObject({ restored: false, index: 'full' });
    expect(r.warnings.join('\n')).toMatch(/not signed with this MEMORY_INDEX_CACHE_KEY/);
  });

  it('with a key, a boosted forgery does not rank a memory that does not match first', async () => {
    const s = await setup();
    process.env.MEMORY_INDEX_CACHE_KEY = KEY;
    s.fresh();
    await search(s.repo, 'zebra', s.dir);
    writeFileSync(s.dirBase, forged(s.repo, s.tree, (d) => (d.id === s.nightly ? { ...d, content: `${d.content} zebra zebra zebra zebra` } : d)));
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
  });

  it('without a key, a forged base serves at most the search that restored it: the clone never adopts it', async () => {
    const s = await setup();
    mkdirSync(join(s.dirBase, '..'), { recursive: true });
    writeFileSync(s.dirBase, forged(s.repo, s.tree, (d) => (d.id === s.zebra ? { ...d, content: 'alpha' } : d)));
    s.fresh();
    await search(s.repo, 'zebra', s.dir);
    // The next search of the clone, without DIR, answers from the branch: the memory is there.
    const later = await search(s.repo, 'zebra');
    expect(later.ids).toEqual([s.zebra]);
    // And a later store (a delta or a new base built in the clone) carries nothing of the forgery.
    const m = openMemory({ repo: s.repo });
    await m.store({ content: 'Beta rollout: a memory stored after the forged search' });
    m.close();
    expect((await search(s.repo, 'zebra')).ids).toEqual([s.zebra]);
  });

  it('an unsigned DIR is still used without a key (an honest cache keeps working)', async () => {
    const s = await setup();
    s.fresh();
    await search(s.repo, 'zebra', s.dir);
    expect(existsSync(`${s.dirBase}.mac`)).toBe(false);
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
    expect(r.r.indexCache).toMatchObject({ restored: true });
    expect(r.r.indexCache?.index).not.toBe('full');
  });

  it('with a key, an honest signed cache is restored and used', async () => {
    const s = await setup();
    process.env.MEMORY_INDEX_CACHE_KEY = KEY;
    s.fresh();
    await search(s.repo, 'zebra', s.dir);
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
    expect(r.r.indexCache).toMatchObject({ restored: true });
    expect(r.r.indexCache?.index).not.toBe('full');
    // A different key: a miss, not an error.
    process.env.MEMORY_INDEX_CACHE_KEY = 'another key';
    s.fresh();
    const other = await search(s.repo, 'zebra', s.dir);
    expect(other.ids).toEqual([s.zebra]);
    expect(other.r.indexCache).toMatchObject({ restored: false, index: 'full' });
  });
});

describe('sparse files in the index cache', () => {
  it('two 2 GB sparse files are refused from their first bytes: nothing copied, a full build', async () => {
    const s = await setup();
    mkdirSync(join(s.dirBase, '..'), { recursive: true });
    for (const f of [s.dirBase, s.dirDelta]) {
      writeFileSync(f, '');
      truncateSync(f, 2 * 1024 ** 3);
    }
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
    expect(r.r.indexCache).toMatchObject({ restored: false, bytesRead: 0, index: 'full' });
    expect(r.warnings.join('\n')).toMatch(/not what its name says \(not an index segment\)/);
  });

  it('a sparse file behind a valid segment header is refused by its checksum, not kept', async () => {
    const s = await setup();
    s.fresh();
    await search(s.repo, 'zebra', s.dir);
    // The real header, then data claimed to run on for 64 MB of zeros.
    const real = readFileSync(s.dirBase);
    const hlen = real.readUInt32LE(4);
    const header = JSON.parse(real.toString('utf8', 8, 8 + hlen));
    header.dataLength = 64 * 1024 ** 2;
    const json = Buffer.from(JSON.stringify(header));
    const pad = (8 - ((8 + json.length) % 8)) % 8;
    const head = Buffer.alloc(8 + json.length + pad, 0x20);
    real.copy(head, 0, 0, 4);
    head.writeUInt32LE(json.length + pad, 4);
    json.copy(head, 8);
    writeFileSync(s.dirBase, head);
    truncateSync(s.dirBase, head.length + header.dataLength);
    s.fresh();
    const r = await search(s.repo, 'zebra', s.dir);
    expect(r.ids).toEqual([s.zebra]);
    expect(r.r.indexCache).toMatchObject({ restored: false, index: 'full' });
    expect(r.warnings.join('\n')).toMatch(/failed its checksum/);
    expect(existsSync(s.files.base) && readFileSync(s.files.base).length).not.toBe(head.length + header.dataLength);
  });
});
