import { CorruptIndexError } from '../../src/errors.js';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS, MAX_DUPES, NO_SCOPE, SEGMENT_FORMAT, SegmentBuilder, SegmentClosedError, SegmentFile, decodeSegment, encodeSegment, openSegmentLazily, postingsOf, writeSegment, type Segment } from '../../src/search/segment.js';
import { textScores, DEFAULT_BM25 } from '../../src/search/bm25.js';
import { IndexView } from '../../src/search/index-view.js';
import { tempDir } from '../helpers.js';

describe('segment files written section by section', () => {
  it('are byte for byte the in-memory encoding, and decode to the same segment', () => {
    const b = new SegmentBuilder();
    for (let i = 0; i < 3000; i++) {
      b.add({ id: `mem_${i}`, path: `memories/2026-01/${i % 32}/mem_${i}.md`, oid: i.toString(16).padStart(40, '0'), timestamp: 1_700_000_000_000 + i, priority: ['low', 'medium', 'high'][i % 3], category: i % 2 ? 'ops' : 'général', scope: i % 5 ? undefined : 'équipe', tags: [`t${i % 7}`, '日本'], content: `note ${i} über caches 日本語 ${i % 13}` });
    }
    const seg = b.finish({ kind: 'base', tree: 'a'.repeat(40) });
    const file = join(tempDir(), 'seg');
    const fd = openSync(file, 'w');
    const n = writeSegment(seg, (bytes) => {
      let w = 0;
      while (w < bytes.length) w += writeSync(fd, bytes, w);
    });
    closeSync(fd);
    const onDisk = readFileSync(file);
    expect(n).toBe(onDisk.length);
    expect(onDisk.equals(encodeSegment(seg))).toBe(true);
    const back = decodeSegment(onDisk);
    expect(back.n).toBe(3000);
    expect(back.ids.get(2999)).toBe('mem_2999');
    expect(back.paths.get(17)).toBe('memories/2026-01/17/mem_17.md');
    expect(back.scopes).toEqual(['équipe']);
  });

  it('are the bytes of format 8 as it was first written (the persisted format did not move)', () => {
    // The digest of this segment's file as the encoder first wrote format 8 (each document's
    // conversation hash, and the id order); any change to the layout must bump SEGMENT_FORMAT and this digest together.
    const b = new SegmentBuilder();
    for (let i = 0; i < 500; i++) {
      b.add({ id: `mem_${i}`, path: `memories/2026-01/${i % 32}/mem_${i}.md`, oid: i.toString(16).padStart(40, '0'), timestamp: 1_700_000_000_000 + i, priority: ['low', 'medium', 'high'][i % 3], category: i % 2 ? 'ops' : 'général', scope: i % 5 ? undefined : 'équipe', conv: i % 4 ? undefined : 1000 + (i % 3), tags: [`t${i % 7}`, '日本'], content: `note ${i} über caches 日本語 ${i % 13}` });
    }
    const seg = { ...b.finish({ kind: 'base', tree: 'a'.repeat(40) }), build: 'fixed' };
    const streamed: Buffer[] = [];
    writeSegment(seg, (x) => streamed.push(Buffer.from(x)));
    const digest = (x: Buffer) => createHash('sha256').update(x).digest('hex');
    expect(SEGMENT_FORMAT).toBe(8);
    expect(digest(encodeSegment(seg))).toBe('3537cc1b26e6255ccf0eb876bfbea38d7954f51c9eb7196772e6ddb0384401d4');
    expect(digest(Buffer.concat(streamed))).toBe('3537cc1b26e6255ccf0eb876bfbea38d7954f51c9eb7196772e6ddb0384401d4');
    // The conversation column reads back (hybrid context: src/search/conversation.ts).
    const back = decodeSegment(encodeSegment(seg));
    expect(back.conv[0]).toBe(1000);
    expect(back.conv[1]).toBe(NO_SCOPE);
  });

  it('of another format number are refused by both readers', () => {
    const b = new SegmentBuilder();
    b.add({ id: 'mem_a', path: 'memories/a.md', oid: '1'.repeat(40), timestamp: 0, priority: 'low', category: 'general', tags: [], content: 'a note' });
    const bytes = encodeSegment(b.finish({ kind: 'base', tree: 'a'.repeat(40) }));
    const at = bytes.indexOf(`"format":${SEGMENT_FORMAT},`);
    expect(at).toBeGreaterThan(0);
    const other = Buffer.from(bytes);
    other.write(`"format":${SEGMENT_FORMAT + 1},`, at, 'utf8'); // same length: only the number differs
    expect(() => decodeSegment(other)).toThrow(/other format/);
    expect(() => decodeSegment(other)).toThrow(CorruptIndexError);
    const file = join(tempDir(), 'seg');
    writeFileSync(file, other);
    expect(() => SegmentFile.open(file)).toThrow(/other format/);
    writeFileSync(file, bytes);
    const ok = SegmentFile.open(file);
    expect(ok.ids.get(0)).toBe('mem_a');
    ok.close();
  });
});

describe('segment files opened lazily', () => {
  const build = () => {
    const b = new SegmentBuilder();
    for (let i = 0; i < 2000; i++) {
      b.add({ id: `mem_${i}`, path: `memories/2026-01/${i % 32}/mem_${i}.md`, oid: i.toString(16).padStart(40, '0'), timestamp: 1_700_000_000_000 + i, priority: ['low', 'medium', 'high'][i % 3], category: i % 2 ? 'ops' : 'général', scope: i % 5 ? undefined : 'équipe', tags: [`t${i % 7}`, '日本'], content: `note ${i} über caches 日本語 deploy${i % 13} ${i % 3 ? 'rollback' : 'release'}` });
    }
    return b.finish({ kind: 'base', tree: 'b'.repeat(40) });
  };
  const lazyOf = (bytes: Buffer): SegmentFile => {
    const file = join(tempDir(), 'seg');
    writeFileSync(file, bytes);
    return SegmentFile.open(file);
  };

  it('give every array, string and posting list the eager decoding gives, and the same search scores', () => {
    const bytes = encodeSegment(build());
    const eager = decodeSegment(bytes);
    const lazy = lazyOf(bytes);
    // A few strings first (read one by one), then a scan (the column is read whole).
    expect(lazy.ids.get(1999)).toBe('mem_1999');
    expect(lazy.paths.get(5)).toBe(eager.paths.get(5));
    for (let d = 0; d < eager.n; d++) expect(lazy.ids.get(d)).toBe(eager.ids.get(d));
    // Postings of a term as a range of the file, before the arrays are read.
    const t = eager.terms.find(Buffer.from('rollback'));
    expect(t).toBeGreaterThanOrEqual(0);
    const range = postingsOf(lazy, lazy.terms.find(Buffer.from('rollback')));
    const mem = postingsOf(eager, t);
    expect([...range.doc]).toEqual([...mem.doc]);
    expect([...range.tf]).toEqual([...mem.tf]);
    const q = (seg: Segment) => textScores(new IndexView([{ seg, dead: null }], seg.tree), 'rollback deploy7 caches', DEFAULT_BM25);
    expect(q(eager).length).toBeGreaterThan(100);
    expect(q(lazyOf(bytes))).toEqual(q(eager));
    for (const k of ['ts', 'prio', 'cat', 'scope', 'tagOff', 'tagIds', 'len', 'postOff', 'postDoc', 'postTf', 'removed'] as const) {
      expect([...(lazy[k] as ArrayLike<number>)]).toEqual([...(eager[k] as ArrayLike<number>)]);
    }
    expect(lazy.oids.blob.equals(eager.oids.blob)).toBe(true);
    expect(lazy.terms.blob.equals(eager.terms.blob)).toBe(true);
    expect({ n: lazy.n, tree: lazy.tree, cats: lazy.cats, scopes: lazy.scopes, tags: lazy.tags, lenSum: lazy.lenSum }).toEqual({ n: eager.n, tree: eager.tree, cats: eager.cats, scopes: eager.scopes, tags: eager.tags, lenSum: eager.lenSum });
  });

  it("stream a term's postings in chunks, the same from the file and once the arrays were read whole; a term outside the dictionary is refused", () => {
    const bytes = encodeSegment(build());
    const eager = decodeSegment(bytes);
    const lazy = lazyOf(bytes);
    const NF = FIELDS.length;
    const t = lazy.terms.find(Buffer.from('rollback'));
    const mem = postingsOf(eager, eager.terms.find(Buffer.from('rollback')));
    const streamed = (withTf: boolean) => {
      const doc: number[] = [];
      const tf: number[] = [];
      lazy.eachPostingChunk(t, withTf, (d, f, n) => {
        doc.push(...d.subarray(0, n));
        if (f) tf.push(...f.subarray(0, n * NF));
      });
      return { doc, tf };
    };
    const chunk = SegmentFile.postingChunk;
    SegmentFile.postingChunk = 100; // 1,333 postings: several chunks and a partial last one
    try {
      const fromFile = streamed(true);
      expect(fromFile.doc).toEqual([...mem.doc]);
      expect(fromFile.tf).toEqual([...mem.tf]);
      expect(streamed(false)).toEqual({ doc: [...mem.doc], tf: [] });
      for (const bad of [-1, 1.5, 1e9]) expect(() => lazy.postingRange(bad)).toThrow(CorruptIndexError);
      // A merge reads the arrays whole; the same postings then come from them.
      expect(lazy.postOff.length).toBe(eager.postOff.length);
      expect(lazy.postDoc.length + lazy.postTf.length).toBe(eager.postDoc.length + eager.postTf.length);
      expect(lazy.postingRange(t)).toEqual([eager.postOff[t], eager.postOff[t + 1]]);
      expect(streamed(true)).toEqual(fromFile);
      expect(streamed(false)).toEqual({ doc: fromFile.doc, tf: [] });
    } finally {
      SegmentFile.postingChunk = chunk;
    }
  });

  it('close when the last holder lets go, and refuse a read after that instead of reading another file', () => {
    const lazy = lazyOf(encodeSegment(build()));
    expect(lazy.ids.get(3)).toBe('mem_3');
    lazy.retain(); // a second holder
    lazy.release();
    expect(lazy.closed).toBe(false);
    expect(lazy.paths.get(4)).toBe('memories/2026-01/4/mem_4.md');
    lazy.release();
    expect(lazy.closed).toBe(true);
    // The descriptor number may name another file by now: a read is an error, never its bytes.
    const other = openSync(join(tempDir(), 'other'), 'w+');
    try {
      expect(() => lazy.ids.get(1500)).toThrow(SegmentClosedError);
      expect(() => lazy.postDoc).toThrow(SegmentClosedError);
      expect(() => lazy.retain()).toThrow(SegmentClosedError);
    } finally {
      closeSync(other);
    }
  });

  it('refuse a file whose header does not describe it', () => {
    const bytes = encodeSegment(build());
    expect(() => lazyOf(bytes.subarray(0, bytes.length - 8))).toThrow(CorruptIndexError);
    expect(() => lazyOf(Buffer.from('not a segment at all'))).toThrow(CorruptIndexError);
  });
});

describe('second copies of an id', () => {
  it('are listed in the segment (path and blob id), survive the file and a merge, and past the cap become unknown', () => {
    const doc = (id: string, path: string, oid: string) => ({ id, path, oid, timestamp: 1_700_000_000_000, priority: 'medium', category: 'general', tags: [], content: `note ${id}` });
    const b = new SegmentBuilder();
    b.add(doc('mem_a', 'memories/a.md', '1'.repeat(40)));
    b.add(doc('mem_a', 'memories/copies/a.md', '2'.repeat(40)));
    b.add(doc('mem_b', 'memories/b.md', '3'.repeat(40)));
    const seg = b.finish({ kind: 'base', tree: 'c'.repeat(40) });
    expect(seg.n).toBe(2);
    expect(seg.dupes).toEqual([['memories/copies/a.md', '2'.repeat(40)]]);
    const bytes = encodeSegment(seg);
    expect(decodeSegment(bytes).dupes).toEqual(seg.dupes);
    const file = join(tempDir(), 'seg');
    writeFileSync(file, bytes);
    const fd = openSync(file, 'r');
    const lazy = openSegmentLazily(fd, bytes.length);
    expect(lazy.dupes).toEqual(seg.dupes);
    lazy.close();

    const many = new SegmentBuilder();
    for (let i = 0; i <= MAX_DUPES + 1; i++) many.add(doc('mem_x', `memories/x${i}.md`, i.toString(16).padStart(40, '0')));
    const over = many.finish({ kind: 'base', tree: 'd'.repeat(40) });
    expect(over.dupes).toBeNull();
    expect(decodeSegment(encodeSegment(over)).dupes).toBeNull();
  });
});
