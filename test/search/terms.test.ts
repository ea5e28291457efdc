import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/search/segment.js';
import { docFrequency, idf, isQuestionWord, knownShare, NON_TERM_MIN_MEMORIES, termInformation, termPostings } from '../../src/search/terms.js';
import { queryTerms } from '../../src/search/analyze.js';
import { view } from './segments.js';

// Query terms against an index view (terms.ts) and the view's statistics (index-view.ts), over a
// base and a delta that replaces one of its documents: only live documents count.
const base = [
  { id: 'a', content: 'deploy the cache service' },
  { id: 'b', content: 'cache warming takes a minute' },
  { id: 'c', content: 'the database migration ran twice' },
];
const delta = { docs: [{ id: 'b', content: 'database failover drill' }], removed: [1] };

describe('index-view', () => {
  it('counts live documents and averages field lengths over them only', () => {
    const v = view(base, delta);
    expect(v.n).toBe(3);
    expect(v.parts.map((p) => p.seg.n)).toEqual([3, 1]);
    expect(v.alive(0, 1)).toBe(false);
    expect(v.alive(0, 0)).toBe(true);
    // The same statistics as one segment holding the live documents.
    const same = view([base[0], base[2], delta.docs[0]]);
    expect(Array.from(v.avgLen)).toEqual(Array.from(same.avgLen));
    expect(v.avgLen).toHaveLength(FIELDS.length);
  });
});

describe('terms', () => {
  it('counts a term in live documents only, over every part', () => {
    const v = view(base, delta);
    const [cache] = queryTerms('cache');
    const [database] = queryTerms('database');
    expect(docFrequency(v, cache)).toBe(1); // b's old text is replaced
    expect(docFrequency(v, database)).toBe(2); // c and the new b
    expect(docFrequency(v, 'nowhere')).toBe(0);
    const p = termPostings(v, database);
    expect(p.counts).toEqual([1, 1]);
    expect(p.tids.every((t) => t >= 0)).toBe(true);
    expect(termPostings(v, database)).toBe(p); // looked up once per view
  });

  it('knows the share of the query terms some memory holds, question words aside', () => {
    const v = view(base, delta);
    expect(knownShare(v, 'cache migration')).toBe(1);
    expect(knownShare(v, 'cache kubernetes')).toBe(0.5);
    expect(knownShare(v, 'explain the cache')).toBe(1); // "explain" is a question word
    expect(isQuestionWord(queryTerms('explain')[0])).toBe(true);
    expect(knownShare(view([]), 'cache')).toBe(0);
  });

  it('weighs a word no memory holds the most, a question word and a word in most memories nothing', () => {
    const n = NON_TERM_MIN_MEMORIES;
    const [rare, unknown, common, question] = termInformation(['r', 'u', 'c', 'tell'], [1, 0, n * 0.6, 3], n);
    expect(unknown).toBe(idf(0, n));
    expect(unknown).toBeGreaterThan(rare);
    expect(common).toBe(0);
    expect(question).toBe(0);
    // Among fewer memories than NON_TERM_MIN_MEMORIES a common word still weighs.
    expect(termInformation(['c'], [3], 4)[0]).toBe(idf(3, 4));
  });
});
