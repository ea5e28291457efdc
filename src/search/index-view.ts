import { computeDocBounds, type DocBounds } from './doc-bounds.js';
import { FIELDS, gatherValues, type Segment } from './segment.js';

/**
 * The live full-text index as the rankings see it: the parts (a base segment and an optional delta,
 * each with the documents a newer part replaced), the collection statistics BM25 needs (live
 * documents, average field lengths) and the per-document scratch arrays a query borrows. Pure: no
 * git, no files (a base's document bounds come from the file index.ts keeps, through `boundsSource`).
 */

const NF = FIELDS.length;

export interface Part {
  seg: Segment;
  /** Documents of `seg` that a newer segment replaced or deleted (1 = dead). */
  dead: Uint8Array | null;
}

/** The live index: a base and an optional delta, with the collection statistics BM25 needs. */
export class IndexView {
  readonly n: number;
  readonly avgLen: Float64Array;
  private scratch: Float64Array[] | null = null;
  private counts: Uint16Array[] | null = null;
  private coverage: Float64Array[] | null = null;
  private bounds: Array<DocBounds | undefined> = [];
  /**
   * Where a part's {@link DocBounds} come from when not computed from its columns: the file kept
   * beside a base segment (index.ts sets it). Null for a part it does not know.
   */
  boundsSource: ((seg: Segment) => DocBounds | null) | null = null;
  constructor(
    readonly parts: Part[],
    readonly tree: string | null,
  ) {
    let n = 0;
    const sum = new Float64Array(NF);
    for (const { seg, dead } of parts) {
      // Segments carry their length sums: only removed documents need a look.
      n += seg.n;
      for (let f = 0; f < NF; f++) sum[f] += seg.lenSum[f];
      if (!dead) continue;
      // The removed documents' lengths by block, not the whole length column (12 MB at 1,000,000).
      const at: number[] = [];
      // The next removed document by a byte search over the flags (memchr, ~0.1 ms for a million):
      // a JS loop (or a typed array's indexOf) over them takes 8-26 ms in a short-lived process.
      const flags = Buffer.from(dead.buffer, dead.byteOffset, dead.length);
      for (let d = flags.indexOf(1); d >= 0 && d < seg.n; d = flags.indexOf(1, d + 1)) {
        n--;
        for (let f = 0; f < NF; f++) at.push(d * NF + f);
      }
      const lens = gatherValues(seg, 'len', at);
      for (let i = 0; i < at.length; i++) sum[i % NF] -= lens[i];
    }
    this.n = n;
    this.avgLen = sum.map((s) => (n ? s / n || 1 : 1));
  }

  static empty(): IndexView {
    return new IndexView([], null);
  }

  /** Skipped (unparsable) files at this tree. */
  get skipped(): number {
    return this.parts.length ? this.parts[this.parts.length - 1].seg.skipped : 0;
  }

  alive(part: number, doc: number): boolean {
    return !this.parts[part].dead?.[doc];
  }

  /** A zeroed score array per part; callers must zero the entries they touched. */
  borrowScratch(): Float64Array[] {
    return (this.scratch ??= this.parts.map((p) => new Float64Array(p.seg.n)));
  }

  /** Zeroed per-document counters, same contract as {@link borrowScratch}. */
  borrowCounts(): Uint16Array[] {
    return (this.counts ??= this.parts.map((p) => new Uint16Array(p.seg.n)));
  }

  /** Per document of part `pi`, what a bound of its score needs (src/search/doc-bounds.ts). */
  docBounds(pi: number): DocBounds {
    const seg = this.parts[pi].seg;
    return (this.bounds[pi] ??= this.boundsSource?.(seg) ?? computeDocBounds(seg));
  }

  /** Zeroed per-document coverage sums, same contract as {@link borrowScratch}. */
  borrowCoverage(): Float64Array[] {
    return (this.coverage ??= this.parts.map((p) => new Float64Array(p.seg.n)));
  }
}
