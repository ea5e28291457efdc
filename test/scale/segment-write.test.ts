import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SegmentBuilder, decodeSegment, encodeSegment, writeSegment } from '../../src/search/segment.js';
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
});
