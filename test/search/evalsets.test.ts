import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTerms, terms } from '../../src/search/analyze.js';
// @ts-expect-error: a plain .mjs module shared with bench/quality.mjs
import { splitOf } from '../../bench/quality-split.mjs';

// The search-quality evaluation sets (bench/quality.mjs, docs/search.md): they only measure
// something if they stay what they claim to be: big enough, split by the seeded hash (not edited by
// hand towards a ranking), paraphrases sharing no analyzed term with their note, and the committed
// engineering store the generator's output.
const root = join(__dirname, '..', '..');
const read = (p: string) => JSON.parse(readFileSync(join(root, 'bench', 'data', p), 'utf8'));

interface Question {
  id: string;
  question: string;
  domain: string;
  split: string;
}
interface Note {
  id: string;
  kind: string;
  content: string;
  tags: string[];
  category: string;
  queries: string[];
  split: string;
}
const questions: Question[] = read('unanswerable-questions.json').questions;
const notes: Note[] = read('paraphrase-notes.json').notes;
const engineering: { content: string }[] = read('engineering-notes.json').memories;

describe('unanswerable questions', () => {
  it('are at least 160, distinct, from many domains, phrased as questions', () => {
    expect(questions.length).toBeGreaterThanOrEqual(160);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.question.toLowerCase())).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.domain)).size).toBeGreaterThanOrEqual(15);
    for (const q of questions) expect(q.question).toMatch(/\?$/);
  });

  it('carry the split of their seeded hash, about half each', () => {
    for (const q of questions) expect(q.split, q.id).toBe(splitOf(q.question));
    const tune = questions.filter((q) => q.split === 'tune').length;
    expect(tune / questions.length).toBeGreaterThan(0.4);
    expect(tune / questions.length).toBeLessThan(0.6);
  });

  it('name no programming language the engineering store mentions', () => {
    const text = engineering.map((m) => m.content.toLowerCase()).join('\n');
    for (const lang of ['haskell', 'perl', 'fortran', 'cobol', 'lisp', 'elixir', 'ocaml', 'julia', 'matlab', 'lua', 'prolog', 'erlang', 'clojure', 'swift', 'css', 'flexbox']) {
      expect(new RegExp(`\\b${lang}\\b`).test(text), lang).toBe(false);
    }
  });
});

describe('paraphrase notes', () => {
  it('are at least 48, each with one or two queries, split by their seeded hash', () => {
    expect(notes.length).toBeGreaterThanOrEqual(48);
    expect(new Set(notes.map((n) => n.id)).size).toBe(notes.length);
    for (const n of notes) {
      expect(n.queries.length, n.id).toBeGreaterThanOrEqual(1);
      expect(n.queries.length, n.id).toBeLessThanOrEqual(2);
      expect(n.split, n.id).toBe(splitOf(n.content));
    }
    expect(new Set(notes.map((n) => n.kind))).toEqual(new Set(['engineering', 'personal']));
  });

  it('share no analyzed term (stop words out, stems) with their note, tags or category', () => {
    const overlaps: string[] = [];
    for (const n of notes) {
      const noteTerms = new Set(terms([n.content, ...n.tags, n.category].join(' ')));
      for (const q of n.queries) {
        const shared = queryTerms(q).filter((t) => noteTerms.has(t));
        if (shared.length) overlaps.push(`${n.id}: ${shared.join(',')} in "${q}"`);
      }
    }
    expect(overlaps).toEqual([]);
  });
});

describe('engineering store', () => {
  // bench/engineering-store.mjs imports the search benches' helpers, which switch the embedder off
  // for the process: keep that out of the other test files of this worker.
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.MEMORY_EMBEDDER;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.MEMORY_EMBEDDER;
    else process.env.MEMORY_EMBEDDER = saved;
  });

  it('is the seeded generator output, 1,000 distinct memories', async () => {
    // @ts-expect-error: a plain .mjs module
    const { engineeringStore } = await import('../../bench/engineering-store.mjs');
    expect(read('engineering-notes.json').memories).toEqual(engineeringStore(1000));
    expect(new Set(engineering.map((m) => m.content)).size).toBe(1000);
  });
});
