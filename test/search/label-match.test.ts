import { describe, expect, it } from 'vitest';
import { labelValueMatch, nameMatches, TAGS_FIELD, CATEGORY_FIELD, termWords, valueWords } from '../../src/search/label-match.js';
import { queryTerms } from '../../src/search/analyze.js';
import { segment } from './segments.js';

// Tags and categories match as values: whole words as written (plural endings either way), never
// by stem.
describe('label-match', () => {
  it('splits a text or a name into plain lowercase words, keeping + and #', () => {
    expect(valueWords('Rate-Limit for C++ and C#, ＡＢＣ')).toEqual(['rate', 'limit', 'for', 'c++', 'and', 'c#', 'abc']);
  });

  it('names a tag or category when all its words are in the query, as values', () => {
    const q = (text: string) => new Set(valueWords(text));
    expect(nameMatches('rate-limit', q('what are the rate limits'))).toBe(true);
    expect(nameMatches('rate-limit', q('what is the rate'))).toBe(false);
    expect(nameMatches('general', q('the generator broke'))).toBe(false);
    expect(nameMatches('c++', q('c++ build flags'))).toBe(true);
    expect(nameMatches('out-of-office', q('who is out of office'))).toBe(true);
    expect(nameMatches('out-of-office', q('who is out'))).toBe(false);
  });

  it('matches a document\'s tag or category to the words a query term came from', () => {
    const seg = segment([{ id: 'a', content: 'x', tags: ['deploys', 'ci'], category: 'general' }]);
    const qt = queryTerms('deploy generator');
    const words = termWords('deploy generator', qt);
    expect(words).toEqual([['deploy'], ['generator']]);
    expect(labelValueMatch(seg, 0, TAGS_FIELD, words[0])).toBe(true); // "deploys" holds "deploy" with a plural ending
    expect(labelValueMatch(seg, 0, CATEGORY_FIELD, words[1])).toBe(false); // "generator" is not "general"
    expect(labelValueMatch(seg, 0, CATEGORY_FIELD, ['general'])).toBe(true);
  });
});
