import { DEFAULT_BM25, IndexView, textScores, type Bm25Params } from './engine.js';
import { NO_SCOPE, PRIORITY_NAME, SegmentBuilder, mergeSegments, type DocInput, type Segment } from './segment.js';

/**
 * What a full-text engine offers git-memory's search, whatever its storage: build an index over
 * documents, bring it up to date with a change, score a text over the indexed fields (content, tags,
 * category) with per-field boosts, and the document table (every field but the text) that listing
 * and filters read. The segment engine below is the one in use (persisted by src/search/index.ts);
 * test/search/lunr-reference.test.ts plugs plain lunr in behind the same interface and checks that
 * the two agree.
 */

/** One row of the document table: a document without its text. */
export type IndexedDoc = Omit<DocInput, 'content'>;

/** A change between two trees, as documents. */
export interface IndexChange {
  /** New and changed documents. */
  upserts: DocInput[];
  /** Paths whose old document is gone (removed or changed: a changed path is in both lists). */
  removed: string[];
}

export interface SearchIndex {
  /** The tree the index describes. */
  readonly tree: string | null;
  /** Live documents. */
  readonly size: number;
  /**
   * BM25 of `text` against every live document, summed over the fields with their boosts
   * (`params.boost`: content, tags, category): id to score, for documents scoring above 0.
   */
  scores(text: string, params?: Bm25Params): Map<string, number>;
  /** The document table row of a live document. */
  doc(id: string): IndexedDoc | null;
  /** Every live document's row. */
  docs(): IndexedDoc[];
}

export interface SearchIndexEngine<I extends SearchIndex = SearchIndex> {
  build(tree: string, docs: Iterable<DocInput>): I;
  /** The index at `tree`, from the index at the previous tree and what changed since. */
  update(prev: I, tree: string, change: IndexChange): I;
}

/** A base segment with its delta as one view: base documents the delta replaced or removed are dead. */
export function viewOf(base: Segment, delta: Segment | null): IndexView {
  if (!delta) return new IndexView([{ seg: base, dead: null }], base.tree);
  const dead = new Uint8Array(base.n);
  for (const d of delta.removed) if (d < base.n) dead[d] = 1;
  return new IndexView(
    [
      { seg: base, dead },
      { seg: delta, dead: null },
    ],
    delta.tree,
  );
}

/** Document numbers of `base` whose path is in `paths`. */
export function docsAt(base: Segment, paths: Iterable<string>): number[] {
  const gone = new Set(paths);
  const out: number[] = [];
  if (!gone.size) return out;
  for (let d = 0; d < base.n; d++) if (gone.has(base.paths.get(d))) out.push(d);
  return out;
}

function rowOf(seg: Segment, d: number): IndexedDoc {
  const row: IndexedDoc = {
    id: seg.ids.get(d),
    path: seg.paths.get(d),
    oid: seg.oids.get(d),
    timestamp: seg.ts[d],
    priority: PRIORITY_NAME[seg.prio[d]] ?? 'medium',
    category: seg.cats[seg.cat[d]],
    tags: Array.from(seg.tagIds.subarray(seg.tagOff[d], seg.tagOff[d + 1]), (t) => seg.tags[t]),
  };
  if (seg.scope[d] !== NO_SCOPE) row.scope = seg.scopes[seg.scope[d]];
  return row;
}

/** The segment engine's index: a view over a base segment and an optional delta. */
export class SegmentSearchIndex implements SearchIndex {
  private byId: Map<string, IndexedDoc> | null = null;

  constructor(
    readonly view: IndexView,
    /** The base and delta behind the view, when built by {@link segmentEngine} (for updates). */
    readonly base: Segment | null = null,
    readonly delta: Segment | null = null,
  ) {}

  get tree(): string | null {
    return this.view.tree;
  }

  get size(): number {
    return this.view.n;
  }

  scores(text: string, params: Bm25Params = DEFAULT_BM25): Map<string, number> {
    const out = new Map<string, number>();
    for (const h of textScores(this.view, text, params)) out.set(this.view.parts[h.part].seg.ids.get(h.doc), h.score);
    return out;
  }

  docs(): IndexedDoc[] {
    const out: IndexedDoc[] = [];
    this.view.parts.forEach(({ seg, dead }) => {
      for (let d = 0; d < seg.n; d++) if (!dead?.[d]) out.push(rowOf(seg, d));
    });
    return out;
  }

  doc(id: string): IndexedDoc | null {
    this.byId ??= new Map(this.docs().map((r) => [r.id, r]));
    return this.byId.get(id) ?? null;
  }
}

/**
 * The segment engine without persistence: a full build is one base segment; an update adds a delta
 * (removed base documents plus the new ones, analysed alone), merged into a new base once it holds a
 * tenth of the base, as src/search/index.ts does with the files it caches.
 */
export const segmentEngine: SearchIndexEngine<SegmentSearchIndex> = {
  build(tree, docs) {
    const b = new SegmentBuilder();
    for (const d of docs) b.add(d);
    const base = b.finish({ kind: 'base', tree });
    return new SegmentSearchIndex(viewOf(base, null), base, null);
  },
  update(prev, tree, change) {
    if (!prev.base) throw new Error('the segment engine updates only indexes it built');
    let base = prev.base;
    // One delta at a time: an older delta is folded into the base first.
    if (prev.delta) base = mergeSegments(base, prev.delta);
    const b = new SegmentBuilder();
    for (const d of change.upserts) b.add(d);
    const delta = b.finish({ kind: 'delta', tree, baseBuild: base.build, baseTree: base.tree, removed: docsAt(base, change.removed) });
    if (delta.n + delta.removed.length > Math.max(500, base.n / 10)) {
      const merged = mergeSegments(base, delta);
      return new SegmentSearchIndex(viewOf(merged, null), merged, null);
    }
    return new SegmentSearchIndex(viewOf(base, delta), base, delta);
  },
};
