import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorruptIndexError } from '../../src/errors.js';
import { SEGMENT_FORMAT, SegmentBuilder, SegmentFile, concatSegments, decodeSegment, docsWithId, encodeSegment, joinParts, mergeSegments, type Segment } from '../../src/search/segment.js';
import { runs } from '../fc-runs.js';
import { git, gitEnv, makeRepo, rng } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { writeSegmentFile } from './segments.js';

/**
 * The id order of a segment (src/search/segment/ids.ts): finding an id's documents by a binary search
 * of it gives what a pass over every id gives, for a segment from every path that makes one (a build,
 * a build in parts, a merge, a concatenation, a file read back whole or lazily), whatever the ids: in
 * any order, one a prefix of another, not ASCII, held by two documents.
 */

/**
 * The answer by a pass over the whole id column (the id's UTF-8 bytes searched in the column's bytes,
 * a hit counted when it is one whole id): the reference the lookup must match.
 */
function scan(seg: Segment, id: string, dead: Uint8Array | null, max = Infinity): number[] {
  const key = Buffer.from(id, 'utf8');
  const blob = seg.ids.blob;
  const off = seg.ids.off;
  const out: number[] = [];
  for (let at = blob.indexOf(key); at >= 0 && out.length < max; at = blob.indexOf(key, at + 1)) {
    let d = 0;
    while (off[d + 1] <= at && d < seg.n - 1) d++;
    if (off[d] === at && off[d + 1] === at + key.length && !dead?.[d]) out.push(d);
  }
  return out;
}

/** Ids chosen to sit next to each other in byte order: prefixes, extensions, non-ASCII, a surrogate pair beside U+FFFD. */
const TRICKY = ['mem_a', 'mem_ab', 'mem_abc', 'mem_', 'mem_b', 'mem_aa', 'mem_é', 'mem_e', 'mem_ée', 'mem_😀', 'mem_\ufffd', 'mem_\ufffdx', 'mem_日本', 'mem_日', 'mem_z', 'mem_0', 'mem_00', 'mem_9z'];

function build(ids: string[], pathOf: (id: string, i: number) => string = (id) => `memories/2026-01/0/${id}.md`): Segment {
  const b = new SegmentBuilder();
  ids.forEach((id, i) => b.add({ id, path: pathOf(id, i), oid: i.toString(16).padStart(40, '0'), timestamp: Date.UTC(2026, 0, 1) + i, priority: 'medium', category: 'general', tags: [], content: `note ${i}` }));
  return b.finish({ kind: 'base', tree: 'c'.repeat(40) });
}

/** Every id of the segment and the near misses around them, looked up both ways, with and without dead documents and a cap. */
function expectSameAsScan(seg: Segment, dead: Uint8Array | null = null, lookup: (id: string, dead: Uint8Array | null, max?: number) => number[] = (id, dd, max) => docsWithId(seg, id, dd, max)): void {
  const keys = new Set<string>(TRICKY);
  for (let d = 0; d < seg.n; d++) {
    const id = seg.ids.get(d);
    keys.add(id);
    keys.add(id.slice(0, -1));
    keys.add(id + 'a');
  }
  for (const id of keys) {
    expect(lookup(id, dead), id).toEqual(scan(seg, id, dead));
    expect(lookup(id, dead, 1), id).toEqual(scan(seg, id, dead, 1));
  }
}

function shuffled<T>(xs: T[], seed: number): T[] {
  const r = rng(seed);
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('the id order of a segment', () => {
  it('finds what a pass over the ids finds, for ids in any order, prefixes of each other and not ASCII', () => {
    const ids = shuffled([...TRICKY, ...Array.from({ length: 300 }, (_, i) => `mem_q${(i * 7919).toString(36)}`)], 7);
    const seg = build(ids);
    expectSameAsScan(seg);
    const dead = new Uint8Array(seg.n);
    for (let d = 0; d < seg.n; d += 3) dead[d] = 1;
    expectSameAsScan(seg, dead);
    expect(docsWithId(seg, 'mem_ab', null)).toEqual([ids.indexOf('mem_ab')]);
    expect(docsWithId(seg, 'mem_absent', null)).toEqual([]);
  });

  it('holds an id two documents share after a merge, and a concatenation, both found in document order', () => {
    const baseIds = shuffled(TRICKY, 3);
    const base = build(baseIds);
    // A later write adds a second copy of two ids under other paths (a hand copy) and removes one document.
    const copy = (id: string) => `notes/${Buffer.from(id).toString('hex')}.md`;
    const delta = { ...build(['mem_ab', 'mem_zz', 'mem_é'], copy), kind: 'delta' as const, removed: Uint32Array.from([baseIds.indexOf('mem_b')]) };
    const merged = mergeSegments(base, delta);
    expect(scan(merged, 'mem_ab', null)).toHaveLength(2);
    expect(scan(merged, 'mem_b', null)).toHaveLength(0);
    expectSameAsScan(merged);
    const dead = new Uint8Array(base.n);
    dead[0] = 1;
    const cat = concatSegments(base, dead, delta, { kind: 'delta', tree: 'd'.repeat(40), baseBuild: null, baseTree: null, skipped: 0, dupes: [], removed: new Uint32Array(0) });
    expectSameAsScan(cat);
    const half = new Uint8Array(cat.n);
    for (let d = 1; d < cat.n; d += 2) half[d] = 1;
    expectSameAsScan(cat, half);
  });

  it('is the one a single build makes when a build is joined from parts', () => {
    const all = shuffled([...TRICKY, ...Array.from({ length: 200 }, (_, i) => `mem_p${(i * 104729).toString(36)}`)], 11);
    // Runs of 10 documents dealt to three parts, as the threads of a build take them.
    const parts = [0, 1, 2].map((p) => {
      const mine: string[] = [];
      const own: Array<[number, number]> = [];
      for (let run = p; run * 10 < all.length; run += 3) {
        const docs = all.slice(run * 10, run * 10 + 10);
        mine.push(...docs);
        own.push([run, docs.length]);
      }
      return { seg: build(mine), runs: own };
    });
    const joined = joinParts(parts, { tree: 'c'.repeat(40), skipped: 0 });
    expect(Array.from(joined.idOrder)).toEqual(Array.from(build(all).idOrder));
    expectSameAsScan(joined);
  });

  it('reads back from a file, whole and lazily, and the lazy lookup reads neither the whole order nor the whole id column', () => {
    const ids = shuffled(Array.from({ length: 600 }, (_, i) => `mem_${((i * 2654435761) % 4294967296).toString(32)}`).concat(TRICKY), 5);
    const seg = build(ids);
    const back = decodeSegment(encodeSegment(seg));
    expect(Array.from(back.idOrder)).toEqual(Array.from(seg.idOrder));
    expectSameAsScan(back);
    const file = writeSegmentFile(seg);
    const lazy = SegmentFile.open(file);
    try {
      for (const id of ['mem_ab', ids[432], 'mem_nothing']) expect(docsWithId(lazy, id, null)).toEqual(scan(seg, id, null));
      const inner = lazy as unknown as { idOrder_?: Uint32Array; ids_?: { data: Buffer | null } };
      expect(inner.idOrder_).toBeUndefined();
      expect(inner.ids_?.data).toBeNull();
      expectSameAsScan(seg, null, (id, dead, max) => docsWithId(lazy, id, dead, max));
      // Many lookups (a delta removing many paths): the order is read whole once, not entry by entry.
      for (let k = 0; k < 2000; k++) expect(lazy.orderAt(k % seg.n)).toBe(seg.idOrder[k % seg.n]);
      expect(inner.idOrder_).toBeDefined();
    } finally {
      lazy.close();
    }
  });

  it('matches the pass over the ids for any ids (property)', () => {
    const char = fc.constantFrom('a', 'b', '0', 'é', '😀', '\ufffd', '日');
    const idArb = fc.array(char, { minLength: 0, maxLength: 4 }).map((cs) => 'mem_' + cs.join(''));
    fc.assert(
      fc.property(fc.array(idArb, { minLength: 1, maxLength: 40 }), fc.array(idArb, { maxLength: 10 }), fc.array(fc.nat(60), { maxLength: 8 }), (a, b, removed) => {
        const base = build(a);
        const delta = { ...build(b, (id, i) => `other/${i}.md`), kind: 'delta' as const, removed: Uint32Array.from(removed.filter((d) => d < base.n)) };
        for (const seg of [base, mergeSegments(base, delta), decodeSegment(encodeSegment(mergeSegments(base, delta)))]) {
          for (const id of new Set([...a, ...b, 'mem_', 'mem_a'])) expect(docsWithId(seg, id, null)).toEqual(scan(seg, id, null));
        }
      }),
      { numRuns: runs(300), seed: 40 },
    );
  });

  it('is refused by the reader when it is not the order of the ids, and a wrong order gives wrong answers', () => {
    const seg = build(shuffled(TRICKY, 9));
    // Two neighbours of the order swapped: still every document once, no longer sorted.
    const wrong = Uint32Array.from(seg.idOrder);
    [wrong[3], wrong[4]] = [wrong[4], wrong[3]];
    const planted = { ...seg, idOrder: wrong };
    expect(() => decodeSegment(encodeSegment(planted))).toThrow(CorruptIndexError);
    // A document twice, one missing.
    const twice = Uint32Array.from(seg.idOrder);
    twice[0] = twice[1];
    expect(() => decodeSegment(encodeSegment({ ...seg, idOrder: twice }))).toThrow(CorruptIndexError);
    // What the comparison with the pass over the ids would see of such an order.
    const misses = TRICKY.filter((id) => JSON.stringify(docsWithId(planted, id, null)) !== JSON.stringify(scan(planted, id, null)));
    expect(misses.length).toBeGreaterThan(0);
  });
});

/** The file a CLI of the format before wrote: the same sections but the id order, format 7 in the header. */
function asFormatBefore(bytes: Buffer): Buffer {
  const hlen = bytes.readUInt32LE(4);
  const h = JSON.parse(bytes.subarray(8, 8 + hlen).toString('utf8'));
  h.format = 7;
  delete h.sections.idOrder;
  const json = Buffer.from(JSON.stringify(h), 'utf8');
  const pad = (8 - ((8 + json.length) % 8)) % 8;
  const head = Buffer.alloc(8 + json.length + pad, 0x20);
  head.writeUInt32LE(bytes.readUInt32LE(0), 0);
  head.writeUInt32LE(json.length + pad, 4);
  json.copy(head, 8);
  return Buffer.concat([head, bytes.subarray(8 + hlen)]);
}

/** Commits `text` at `path` on the memory branch by hand (a file no store wrote). */
function handFile(repo: string, path: string, text: string): void {
  const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo, env: gitEnv, input: text }).toString().trim();
  const env = { ...gitEnv, GIT_INDEX_FILE: join(repo, '.git', 'gm-test-index') };
  execFileSync('git', ['read-tree', 'memory'], { cwd: repo, env });
  execFileSync('git', ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { cwd: repo, env });
  const tree = execFileSync('git', ['write-tree'], { cwd: repo, env }).toString().trim();
  git(repo, 'update-ref', 'refs/heads/memory', git(repo, 'commit-tree', tree, '-p', 'memory', '-m', `hand file ${path}`));
}

describe('an index of the format before the id order', { timeout: 120_000 }, () => {
  it('is rebuilt with it by the first command that needs it, whose lookups by id answer right, and its files are removed', async () => {
    const repo = makeRepo({ commit: true });
    const id = (await runCli(repo, ['store', 'original zebra text', '--json'])).json.id as string;
    await runCli(repo, ['store', 'another memory', '--json']);
    expect((await runCli(repo, ['search', 'zebra', '--json'])).code).toBe(0);
    const dir = join(repo, '.git', 'git-memory', 'memory');
    const base = join(dir, `search-v${SEGMENT_FORMAT}.base`);
    expect(existsSync(base)).toBe(true);
    writeFileSync(join(dir, 'search-v7.base'), asFormatBefore(readFileSync(base)));
    for (const f of readdirSync(dir)) if (f.includes(`search-v${SEGMENT_FORMAT}.`)) rmSync(join(dir, f));

    // A memory only at a path that does not give its id, and a second copy of the first memory:
    // only the index finds them by id.
    const own = git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories').split('\n').find((p) => p.endsWith(`/${id}.md`)) as string;
    const text = git(repo, 'show', `memory:${own}`) + '\n';
    const other = 'mem_handwritten1';
    handFile(repo, 'memories/9999-99/z/hand.md', text.replace(`id: ${id}`, `id: ${other}`).replace('original zebra text', 'written by hand'));
    handFile(repo, 'memories/9999-99/z/copy.md', text);
    const got = await runCli(repo, ['get', other, '--json']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.json.memory.content).toContain('written by hand');
    const left = readdirSync(dir);
    expect(left).toContain(`search-v${SEGMENT_FORMAT}.base`);
    expect(left.filter((f) => f.includes('search-v7.'))).toEqual([]);

    // One more copy after the base was built: the delta holds it, found by id there.
    handFile(repo, 'memories/9999-99/z/copy2.md', text);
    const del = await runCli(repo, ['delete', id, '--json']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.json.files).toBe(3);
    const files = git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories').split('\n').filter((p) => p.endsWith('.md'));
    expect(files).toHaveLength(2); // the hand-written memory and the other stored one
    expect(files).toContain('memories/9999-99/z/hand.md');
    expect(files).not.toContain(own);
  });
});
