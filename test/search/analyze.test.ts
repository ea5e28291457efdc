import { describe, expect, it } from 'vitest';
import { MAX_QUERY_NAMES, queryNames, queryTerms, terms } from '../../src/search/analyze.js';

describe('analysis', () => {
  it('stems and drops stop words like lunr', () => {
    expect(queryTerms('The runners were running')).toEqual(['runner', 'run']);
  });
  it('joins irregular forms to their base form, and leaves forms that are words of their own', () => {
    for (const [form, base] of [['kept', 'keep'], ['ran', 'run'], ['paid', 'pay'], ['children', 'child'], ['bought', 'buy'], ['wrote', 'write'], ['met', 'meet'], ['went', 'go'], ['mice', 'mouse']]) {
      expect(queryTerms(form)).toEqual(queryTerms(base));
    }
    // A form that is itself a noun or verb keeps its own meaning: "left" is not "leave", "bit" not "bite".
    for (const [form, base] of [['left', 'leave'], ['bit', 'bite'], ['found', 'find'], ['ground', 'grind'], ['saw', 'see']]) {
      expect(queryTerms(form)).not.toEqual(queryTerms(base));
    }
  });
  it('keeps identifiers whole and split', () => {
    expect(queryTerms('node.js')).toEqual(['node.js', 'node', 'js']);
    expect(queryTerms('snake_case_name')).toEqual(['snake_case_name', 'snake', 'case', 'name']);
    expect(queryTerms('kebab-case')).toEqual(['kebab-case', 'kebab', 'case']);
    expect(queryTerms('c++')).toEqual(['c++']);
    expect(queryTerms('C#')).toEqual(['c#']);
    expect(queryTerms('error 500')).toEqual(['error', '500']);
  });
  it('keeps non-ASCII letters', () => {
    expect(queryTerms('café')).toEqual(['café']);
  });
  it('turns CJK runs into bigrams, with unigrams when indexing', () => {
    expect(queryTerms('数据库连接')).toEqual(['数据', '据库', '库连', '连接']);
    expect(terms('数据库', true)).toEqual(['数据', '据库', '数', '据', '库']);
    expect(queryTerms('用户prefers简洁')).toEqual(['用户', 'prefer', '简洁']);
    expect(queryTerms('猫')).toEqual(['猫']);
    expect(queryTerms('データベース')).toContain('デー');
    expect(queryTerms('데이터베이스')).toContain('데이');
  });
  it('yields nothing for punctuation and empty input', () => {
    expect(queryTerms('')).toEqual([]);
    expect(queryTerms('   ')).toEqual([]);
    expect(queryTerms('* ~ : - + "')).toEqual([]);
    expect(queryTerms('^2')).toEqual(['2']);
  });
  it('names: capitalised words that open no sentence and are no stop word; nothing from title case or capitals', () => {
    expect(queryNames('is Tom allergic to anything')).toEqual(['Tom']);
    expect(queryNames("when is Tom's mother's birthday")).toEqual(["Tom's"]);
    expect(queryNames('do we use Jenkins for CI?')).toEqual(['Jenkins', 'CI']);
    expect(queryNames('Anna said so. Is Leo coming?')).toEqual(['Leo']);
    expect(queryNames('can I log in, or I’m locked out')).toEqual([]);
    expect(queryNames('do you accept bank transfer from the US')).toEqual([]);
    expect(queryNames('why did we pick kafka')).toEqual([]);
    expect(queryNames('What Is The Backup Policy')).toEqual([]);
    expect(queryNames('HOW DO I RESET MY PASSWORD')).toEqual([]);
  });
  it('names: a long query gives the first few only (each is a full-text lookup)', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => `and Name${i}`).join(' ');
    expect(long.length).toBeGreaterThan(100_000);
    const names = queryNames(long);
    expect(names).toEqual(Array.from({ length: MAX_QUERY_NAMES }, (_, i) => `Name${i}`));
  });
});
