import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { viewOf } from '../../src/search/index-build.js';
import type { IndexView } from '../../src/search/index-view.js';
import { SegmentBuilder, openSegmentLazily, writeSegment, type Segment } from '../../src/search/segment.js';
import { tempDir } from '../helpers.js';

/** A memory as a segment takes it; the fields a test does not name get plain values. */
export type Doc = { id: string; content: string; tags?: string[]; category?: string; priority?: string; timestamp?: number; scope?: string };

export function segment(docs: Doc[], kind: 'base' | 'delta' = 'base', removed: number[] = []): Segment {
  const b = new SegmentBuilder();
  docs.forEach((d, i) => b.add({ path: `memories/2026-01/0/${d.id}.md`, oid: i.toString(16).padStart(40, '0'), timestamp: Date.UTC(2026, 0, 1), priority: 'medium', category: 'general', tags: [], ...d }));
  return b.finish({ kind, tree: 'c'.repeat(40), removed, baseBuild: null, baseTree: kind === 'delta' ? 'c'.repeat(40) : null });
}

/** The view of a base, and of a delta over it that removes the base's documents `removed`. */
export function view(base: Doc[], delta?: { docs: Doc[]; removed: number[] }): IndexView {
  return viewOf(segment(base), delta ? segment(delta.docs, 'delta', delta.removed) : null);
}

/** `seg` written to a segment file in a temp dir; its path. */
export function writeSegmentFile(seg: Segment): string {
  const file = join(tempDir(), 'seg');
  const fd = openSync(file, 'w');
  writeSegment(seg, (bytes) => {
    let w = 0;
    while (w < bytes.length) w += writeSync(fd, bytes, w);
  });
  closeSync(fd);
  return file;
}

/** `seg` written to a file and opened as a command opens it: columns read by block, not whole. */
export function lazily(seg: Segment): Segment {
  const fd = openSync(writeSegmentFile(seg), 'r');
  return openSegmentLazily(fd, fstatSync(fd).size);
}
