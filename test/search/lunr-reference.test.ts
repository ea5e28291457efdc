import { describe, expect, it } from 'vitest';
import lunr from 'lunr';
import { LUNR_BM25, DEFAULT_BM25, type Bm25Params } from '../../src/search/bm25.js';
import { fullTextMatches, fullTextScores, openIndex, rebuildIndex } from '../../src/search/index.js';
import { lastIndexOpen } from '../../src/search/index-build.js';
import { NO_SCOPE, PRIORITY_NAME, type DocInput } from '../../src/search/segment.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { commitFiles, makeRepo, rngInt } from '../helpers.js';

/**
 * A differential test of the full-text index users run against plain lunr as a reference
 * implementation. Ours is the production path over a real branch: the memories are files committed to
 * a memory branch, `openIndex` reads them (a full build, then a delta from the cached base, then a
 * compaction, as a moving branch gets), and the scores are `fullTextMatches`, what hybrid search
 * blends (and `fullTextScores`, the same as id to score).
 *
 * What the two must agree on, over a generated corpus of a few hundred memories:
 * - the set of matching documents, for single-term and multi-term queries (any query term in any
 *   field), including inflected forms (both stem with lunr's Porter stemmer) and stop words (both
 *   drop lunr's stop words);
 * - with lunr's constants (LUNR_BM25) and the same field boosts, the top result of single-term
 *   queries wherever lunr's top two scores are not tied (lunr rounds each term weight to 3 decimals,
 *   so "tied" means within 0.005), and the order of lunr's top ten where their scores differ;
 * - the document table (the index's rows: id, path, time, priority, category, tags, scope), after a
 *   full build and after each commit the index follows incrementally (which lunr cannot do: the
 *   reference rebuilds).
 *
 * Deliberate differences, not checked (docs/DESIGN.md, "Full-text search"):
 * - Analysis: ours keeps `node.js` / `snake_case` whole plus their parts, keeps Unicode letters and
 *   splits CJK into bigrams; lunr's tokenizer splits on spaces and hyphens only and its trimmer cuts
 *   non-ASCII letters. The corpus is plain lowercase words, where both analyse alike.
 * - Multi-term ranking: lunr's idf counts a document once per field holding the term, ours once per
 *   document; lunr divides by the query vector's length (the same for every document of one query).
 *   A query term given twice (or two words with one stem: `query queries`) counts once in ours (the
 *   query's distinct terms), twice in lunr. So for multi-term queries the top result is compared only
 *   where the terms are distinct and occur in content alone; the matching set always.
 * - The default constants (DEFAULT_BM25: k1 0.6, b 0.3, idf^1.5, coordination) were tuned on LoCoMo
 *   and are not lunr's: with them only the matching set is compared.
 * - The seed's boosts (tags and category named by the query, priority, recency) are added by `rank`
 *   on top of these scores (test/search/pruned-rank.test.ts checks `rank` against them).
 * - Tags and categories match as values: a query word matches a label only when the label holds that
 *   word (or its plural) as written, never a word with the same stem ("deployed" does not match the
 *   tag "deploy"; "generator" does not match the category "general"). lunr stems every field, so the
 *   reference drops the matches that come through a label alone by stem.
 */

/** One row of the document table: a document without its text and blob id. */
type IndexedDoc = Omit<DocInput, 'content' | 'oid' | 'conv'>;

/** What both sides answer. */
interface Reference {
  readonly size: number;
  /** BM25 of `text` against every live document: id to score, for documents scoring above 0. */
  scores(text: string, params: Bm25Params): Map<string, number>;
  docs(): IndexedDoc[];
}

interface Boosts {
  content: number;
  tags: number;
  category: number;
}

/** Plain lunr; a change rebuilds it, since a lunr.Index is immutable. */
class LunrIndex implements Reference {
  private readonly idx: lunr.Index;
  constructor(
    private readonly all: Map<string, DocInput>,
    private readonly params: Bm25Params,
  ) {
    const [content, tags, category] = params.boost;
    const docs = [...all.values()];
    this.idx = lunr(function () {
      this.ref('id');
      this.field('content', { boost: content });
      this.field('tags', { boost: tags });
      this.field('category', { boost: category });
      this.k1(params.k1);
      this.b(params.b);
      for (const d of docs) this.add({ id: d.id, content: d.content, tags: d.tags.join(' '), category: d.category });
    });
  }
  get size(): number {
    return this.all.size;
  }
  scores(text: string): Map<string, number> {
    const tokens = lunr.tokenizer(text);
    const out = new Map<string, number>();
    if (!tokens.length) return out;
    const words = tokens.map((t) => t.toString().toLowerCase());
    const plural = (a: string, b: string) => a === b || a === b + 's' || b === a + 's' || a === b + 'es' || b === a + 'es';
    for (const r of this.idx.query((q) => q.term(tokens, {}))) {
      const d = [...this.all.values()].find((x) => x.id === r.ref)!;
      const labelWords = [...d.tags, d.category].flatMap((l) => l.toLowerCase().split(/[^a-z0-9]+/));
      // A match through content, or through a label holding a query word as written.
      const real = Object.values(r.matchData.metadata).some((fields) => 'content' in fields) || labelWords.some((l) => words.some((w) => plural(l, w)));
      if (real) out.set(r.ref, r.score);
    }
    return out;
  }
  docs(): IndexedDoc[] {
    return [...this.all.values()].map(({ content: _c, oid: _o, ...row }) => row);
  }
}

/**
 * The production side: the memories as files on a memory branch of a real repository, read by the
 * index users run (`openIndex`, its cache files and deltas), scored by `fullTextMatches`.
 */
class Branch implements Reference {
  readonly store: MemoryStore;
  private readonly repo = makeRepo();
  constructor(docs: DocInput[]) {
    this.store = new MemoryStore({ repo: this.repo, warn: () => {} });
    this.commit(docs, []);
  }
  /** One commit on the memory branch: `upserts` written, `removed` paths deleted. */
  commit(upserts: DocInput[], removed: string[]): void {
    const files: Record<string, string | null> = {};
    for (const p of removed) files[p] = null;
    for (const d of upserts) files[d.path] = memoryToFile({ id: d.id, content: d.content, tags: d.tags, category: d.category, priority: d.priority as 'low' | 'medium' | 'high', timestamp: new Date(d.timestamp).toISOString(), ...(d.scope ? { scope: d.scope } : {}), metadata: {} });
    commitFiles(this.repo, [{ files }], this.store.branch);
  }
  get size(): number {
    return openIndex(this.store).n;
  }
  scores(text: string, params: Bm25Params): Map<string, number> {
    const out = new Map<string, number>();
    for (const [id, { score }] of fullTextMatches(this.store, text, { bm25: params })) out.set(id, score);
    return out;
  }
  docs(): IndexedDoc[] {
    const out: IndexedDoc[] = [];
    for (const { seg, dead } of openIndex(this.store).parts) {
      for (let d = 0; d < seg.n; d++) {
        if (dead?.[d]) continue;
        const row: IndexedDoc = {
          id: seg.ids.get(d),
          path: seg.paths.get(d),
          timestamp: seg.ts[d],
          priority: PRIORITY_NAME[seg.prio[d]] ?? 'medium',
          category: seg.cats[seg.cat[d]],
          tags: Array.from(seg.tagIds.subarray(seg.tagOff[d], seg.tagOff[d + 1]), (t) => seg.tags[t]),
        };
        if (seg.scope[d] !== NO_SCOPE) row.scope = seg.scopes[seg.scope[d]];
        out.push(row);
      }
    }
    return out;
  }
}

// A deterministic corpus: real English words (so stemming matters), a skewed distribution (so
// document frequencies and lengths vary), stop words in the text, tags and categories from their
// own small vocabularies plus a few content words.
const WORDS = (
  'deploy deploys deployed deploying deployment server servers database databases migrate migration migrations cache caching cached ' +
  'token tokens auth authentication login user users session sessions request requests response timeout timeouts retry retries ' +
  'queue queues worker workers build builds test tests testing failure failures error errors config configuration branch branches ' +
  'merge merged release releases version versions memory memories index indexes search searching query queries rank ranking ' +
  'latency throughput memory leak leaks crash crashes restart restarts cluster clusters node nodes network proxy gateway ' +
  'python rust typescript golang java compiler compile compiled linker library libraries package packages install upgrade ' +
  'docker kubernetes helm terraform ansible pipeline pipelines runner runners artifact artifacts secret secrets rotate rotation ' +
  'customer customers invoice billing payment payments refund refunds report reports dashboard metrics alert alerts oncall'
).split(' ');
const STOP = ['the', 'and', 'of', 'to', 'a', 'in', 'is', 'it', 'for', 'on', 'with', 'was'];
const TAGS = ['infra', 'backend', 'frontend', 'security', 'billing', 'ci', 'ops', 'data', 'urgent', 'deploy'];
const CATEGORIES = ['fact', 'decision', 'preference', 'incident', 'howto', 'server'];

function corpus(n: number, seed: number, from = 0): DocInput[] {
  const r = rngInt(seed);
  // Zipf-like: low word numbers are much more frequent.
  const word = () => WORDS[Math.floor(WORDS.length * Math.pow(r(10_000) / 10_000, 2.2))];
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    const len = 4 + r(36);
    const content = Array.from({ length: len }, () => (r(5) === 0 ? STOP[r(STOP.length)] : word())).join(' ');
    const tags = [...new Set(Array.from({ length: r(4) }, () => TAGS[r(TAGS.length)]))];
    return {
      id: `mem_${String(k).padStart(6, '0')}`,
      path: `memories/2026-01/${String(k % 32).padStart(2, '0')}/mem_${String(k).padStart(6, '0')}.md`,
      oid: k.toString(16).padStart(40, '0'),
      timestamp: Date.UTC(2026, 0, 1) + k * 60_000,
      priority: (['low', 'medium', 'high'] as const)[r(3)],
      category: CATEGORIES[r(CATEGORIES.length)],
      ...(r(4) === 0 ? { scope: `scope${r(3)}` } : {}),
      tags,
      content,
    };
  });
}

const sortIds = (m: Map<string, number>) => [...m.keys()].sort();

function ranked(m: Map<string, number>): Array<[string, number]> {
  return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Fields each term (after analysis) occurs in, over the corpus. */
function fieldsOfTerms(docs: DocInput[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const note = (text: string, field: string) => {
    for (const t of lunr.tokenizer(text)) {
      const s = lunr.stemmer(t).toString();
      out.set(s, (out.get(s) ?? new Set()).add(field));
    }
  };
  for (const d of docs) {
    note(d.content, 'content');
    note(d.tags.join(' '), 'tags');
    note(d.category, 'category');
  }
  return out;
}

const SINGLE = [...WORDS, ...TAGS, ...CATEGORIES, ...STOP, 'deployments', 'servering', 'crashed', 'nothinglikethis'];

function multiQueries(count: number, seed: number): string[] {
  const r = rngInt(seed);
  const pool = [...WORDS, ...TAGS, ...CATEGORIES, ...STOP];
  return Array.from({ length: count }, () => Array.from({ length: 2 + r(3) }, () => pool[r(pool.length)]).join(' '));
}

/** Checks that `ours` and `ref` agree on everything the interface promises (see the header). */
function expectAgreement(ours: Reference, ref: Reference, docs: DocInput[], params: Bm25Params, compareRanking: boolean): { tops: number } {
  expect(ours.size).toBe(ref.size);
  const byId = (a: IndexedDoc, b: IndexedDoc) => (a.id < b.id ? -1 : 1);
  expect(ours.docs().sort(byId)).toEqual(ref.docs().sort(byId));
  let tops = 0;
  for (const q of SINGLE) {
    const a = ours.scores(q, params);
    const b = ref.scores(q, params);
    expect(sortIds(a), `single-term query "${q}"`).toEqual(sortIds(b));
    if (!compareRanking || b.size < 2) continue;
    // An inflected word whose stem is also a label ("deployed" / tag "deploy"): lunr scores the label
    // by stem, ours does not (labels are values); rankings differ by design, matches were compared.
    const stem = lunr.stemmer(new lunr.Token(q, {})).toString();
    const labels = [...TAGS, ...CATEGORIES];
    if (!labels.includes(q) && labels.some((l) => lunr.stemmer(new lunr.Token(l, {})).toString() === stem)) continue;
    const lr = ranked(b);
    if (lr[0][1] - lr[1][1] > 0.005) {
      expect(ranked(a)[0][0], `top result of "${q}"`).toBe(lr[0][0]);
      tops++;
    }
    // lunr's top ten, in lunr's order wherever lunr's scores are apart.
    const top = lr.slice(0, 10);
    for (let i = 0; i + 1 < top.length; i++) {
      if (top[i][1] - top[i + 1][1] > 0.005) expect(a.get(top[i][0])!, `"${q}": ${top[i][0]} above ${top[i + 1][0]}`).toBeGreaterThan(a.get(top[i + 1][0])!);
    }
  }
  const fields = fieldsOfTerms(docs);
  for (const q of multiQueries(150, 7)) {
    const a = ours.scores(q, params);
    const b = ref.scores(q, params);
    expect(sortIds(a), `multi-term query "${q}"`).toEqual(sortIds(b));
    if (!compareRanking || b.size < 2) continue;
    const stems = lunr.tokenizer(q).map((t) => lunr.stemmer(t).toString());
    const contentOnly = stems.every((s) => {
      const f = fields.get(s);
      return !f || (f.size === 1 && f.has('content'));
    });
    const distinct = new Set(stems).size === stems.length;
    const lr = ranked(b);
    if (contentOnly && distinct && lr[0][1] - lr[1][1] > 0.005) {
      expect(ranked(a)[0][0], `top result of "${q}"`).toBe(lr[0][0]);
      tops++;
    }
  }
  return { tops };
}

describe('the full-text index of a branch against plain lunr', () => {
  const docs = corpus(400, 1);
  const all = (ds: Iterable<DocInput>) => new Map([...ds].map((d) => [d.path, d]));

  it('same matches, same top results with lunr constants, same document table', () => {
    const ours = new Branch(docs);
    const { tops } = expectAgreement(ours, new LunrIndex(all(docs), LUNR_BM25), docs, LUNR_BM25, true);
    expect(lastIndexOpen()).not.toBe('empty');
    // The comparison of top results is not vacuous.
    expect(tops).toBeGreaterThan(100);
    // fullTextScores is the same scores, id to score.
    for (const q of ['deploy', 'cache timeout', 'the']) expect(fullTextScores(ours.store, q, { bm25: LUNR_BM25 })).toEqual(ours.scores(q, LUNR_BM25));
  });

  it('field boosts weigh the fields alike in both', () => {
    const boosted: Bm25Params = { ...LUNR_BM25, boost: [1, 3, 2] };
    const { tops } = expectAgreement(new Branch(docs), new LunrIndex(all(docs), boosted), docs, boosted, true);
    expect(tops).toBeGreaterThan(100);
  });

  it('with the tuned defaults, the same documents match', () => {
    expectAgreement(new Branch(docs), new LunrIndex(all(docs), DEFAULT_BM25), docs, DEFAULT_BM25, false);
  });

  it('commits the index follows by a delta, then by a compaction, agree with lunr rebuilt and with a full build', async () => {
    const ours = new Branch(docs);
    expect(ours.size).toBe(docs.length);
    let current = all(docs);
    const r = rngInt(99);
    const step = (added: number, removed: number, changed: number, from: number) => {
      const paths = [...current.keys()];
      const gone = new Set<string>();
      while (gone.size < removed) gone.add(paths[r(paths.length)]);
      const edits = paths.filter((p) => !gone.has(p)).slice(0, changed).map((p) => ({ ...current.get(p)!, content: `${current.get(p)!.content} rotated secrets after the outage` }));
      const upserts = [...edits, ...corpus(added, from, from)];
      ours.commit(upserts, [...gone]);
      for (const p of gone) current.delete(p);
      for (const d of upserts) current.set(d.path, d);
      // The index follows the tip: what it reads, and whether a delta stays beside the base.
      const view = openIndex(ours.store);
      return { how: lastIndexOpen(), parts: view.parts.length };
    };
    expect(step(30, 15, 10, 1000)).toEqual({ how: 'delta', parts: 2 });
    expectAgreement(ours, new LunrIndex(current, LUNR_BM25), [...current.values()], LUNR_BM25, true);
    expect(step(20, 10, 10, 2000)).toEqual({ how: 'delta', parts: 2 });
    expectAgreement(ours, new LunrIndex(current, LUNR_BM25), [...current.values()], LUNR_BM25, true);
    // A delta over a tenth of the base (and over 500 documents) is compacted into a new base.
    expect(step(600, 50, 0, 3000)).toEqual({ how: 'delta', parts: 1 });
    expectAgreement(ours, new LunrIndex(current, LUNR_BM25), [...current.values()], LUNR_BM25, true);
    // And the incremental index scores exactly as a full build of the same branch.
    const queries = [...SINGLE.slice(0, 40), ...multiQueries(40, 3)];
    const incremental = queries.map((q) => ours.scores(q, DEFAULT_BM25));
    await rebuildIndex(ours.store);
    queries.forEach((q, i) => {
      const a = incremental[i];
      const b = ours.scores(q, DEFAULT_BM25);
      expect(sortIds(a)).toEqual(sortIds(b));
      for (const [id, s] of a) expect(s).toBeCloseTo(b.get(id)!, 9);
    });
    current = new Map();
  });
});
