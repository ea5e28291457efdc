import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { makeRepo } from '../helpers.js';
import { confidence, CONFIDENT, NAME_CAP, SEMANTIC_LINE, SEMANTIC_Z, KNOWN_Z, NEAREST_Z, PAIR_Z, STANDOUT_COVERAGE, STANDOUT_Z, WORDS_ELSEWHERE } from '../../src/search/confidence.js';
import { questionPhraseTerms, termInformation } from '../../src/search/terms.js';
import { queryTerms } from '../../src/search/analyze.js';

// Confidence on a small store: question phrases are no content words, and the rules that accept a
// memory on part of the evidence need it to stand out among the query's cosines to the store.

describe('question phrases weigh nothing in a query\'s information', () => {
  it('"long" of "how long" carries no information; "long" elsewhere does', () => {
    const q = 'how long do we keep logs?';
    const t = queryTerms(q);
    expect(t).toContain('long');
    const info = termInformation(t, t.map(() => 0), 30, q);
    expect(info[t.indexOf('long')]).toBe(0);
    expect(info[t.indexOf('keep')]).toBeGreaterThan(0);
    expect(questionPhraseTerms('a long cable')).toEqual(new Set());
    expect(termInformation(['long'], [0], 30, 'a long cable')[0]).toBeGreaterThan(0);
    for (const [text, word] of [['how much rent do we pay', 'much'], ['How many approvals', 'mani'], ['how far is it', 'far']] as const) expect(questionPhraseTerms(text).has(word)).toBe(true);
  });

  it('a note that answers "how long" with a number holds all of the question\'s information in a store of 25 notes (real repository)', async () => {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const topics = ['pnpm workspaces', 'Argo CD syncs', 'Vault secrets', 'Kafka topics', 'the VPN', 'Grafana boards', 'on-call rota', 'Terraform state', 'Redis cache', 'BuildKit images', 'Node 20', 'Sentry alerts', 'staging wipes', 'feature flags', 'PR approvals', 'OpenSearch shards', 'Postgres backups', 'DNS records', 'the CDN', 'release trains', 'Python uv', 'ruff lint', 'load tests', 'tracing'];
    for (const [i, t] of topics.entries()) await s.store({ content: `Note ${i}: the team documents ${t} in the wiki.` });
    await s.store({ content: 'Logs are shipped to Loki; they are kept for 30 days.' });
    const r = await s.search({ query: 'how long do we keep logs?', mode: 'fulltext' });
    expect(r.results.map((m) => m.content)).toEqual(['Logs are shipped to Loki; they are kept for 30 days.']);
    // "how long" weighs nothing: the note holds all of the question's information.
    const plain = await s.search({ query: 'do we keep logs?', mode: 'fulltext' });
    expect(r.results[0].confidence).toBe(plain.results[0].confidence);
    s.close?.();
  }, 60_000);
});

describe('relative evidence on a small store (hybrid signals)', () => {
  const base = { coverage: 0.35, known: 0, cosine: 0.45, floor: 0.59 };
  it('words and meaning half-way: confident on a small store only when the cosine stands out', () => {
    expect(confidence({ ...base, z: PAIR_Z + 0.1, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...base, z: PAIR_Z - 0.2, small: true })).toBeLessThan(CONFIDENT);
    // Larger stores keep the absolute rule.
    expect(confidence({ ...base, z: PAIR_Z - 0.2, small: false })).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('every query word known: confident on a small store only above the store\'s mean cosine by KNOWN_Z', () => {
    const s = { coverage: 0.25, known: 1, cosine: 0.3, floor: 0.59 };
    expect(confidence({ ...s, z: KNOWN_Z + 0.1, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, z: KNOWN_Z - 0.5, small: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, z: KNOWN_Z - 0.5, small: false })).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('the nearest far closer than the 10th: confident on a small store only when it stands NEAREST_Z out', () => {
    const s = { coverage: 0, known: 0, cosine: 0.47, floor: 0.59, nearestGap: 0.25 };
    expect(confidence({ ...s, z: NEAREST_Z + 0.1, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, z: NEAREST_Z - 0.3, small: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, z: NEAREST_Z - 0.3, small: false })).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('the nearest memory standing STANDOUT_Z out with STANDOUT_COVERAGE of the words: confident on a small store, however low its cosine', () => {
    const s = { coverage: STANDOUT_COVERAGE + 0.05, known: 0.5, cosine: 0.3, floor: 0.59, nearestGap: 0.2 };
    expect(confidence({ ...s, z: STANDOUT_Z + 0.1, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
    // Not quite standing out, too few of the words, not the nearest, or a larger store: weak.
    expect(confidence({ ...s, z: STANDOUT_Z - 0.2, small: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, coverage: STANDOUT_COVERAGE - 0.05, z: STANDOUT_Z + 0.1, small: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, nearestGap: undefined, z: STANDOUT_Z + 0.1, small: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, z: STANDOUT_Z + 0.1, small: false })).toBeLessThan(CONFIDENT);
    // Words without the meaning stay weak however much the memory stands out.
    expect(confidence({ ...s, cosine: 0.1, z: STANDOUT_Z + 1, small: true })).toBeLessThan(CONFIDENT);
  });

  it('without the query\'s distribution (under 20 memories) the relative lines wait: words and meaning half-way are confident', () => {
    expect(confidence({ ...base, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('a store of notes of 100 or more: every query word known is no evidence, and the relative lines apply', () => {
    // Every word known, a third of the information, above the store's mean cosine by more than KNOWN_Z:
    // an answer in a conversation and on a small store, not among notes.
    const s = { coverage: 0.35, known: 1, cosine: 0.35, floor: 0.59, z: KNOWN_Z + 0.5 };
    expect(confidence(s)).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, small: true })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, notes: true })).toBeLessThan(CONFIDENT);
    // Words and meaning half-way: confident among notes only when the cosine stands out.
    const pair = { coverage: 0.35, known: 0.5, cosine: 0.45, floor: 0.59 };
    expect(confidence({ ...pair, z: PAIR_Z - 0.5 })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...pair, z: PAIR_Z - 0.5, notes: true })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...pair, z: PAIR_Z + 0.1, notes: true })).toBeGreaterThanOrEqual(CONFIDENT);
    // The nearest note standing out with some of the words: confident among notes, as on a small store.
    const standout = { coverage: STANDOUT_COVERAGE + 0.05, known: 0.5, cosine: 0.3, floor: 0.59, nearestGap: 0.2, z: STANDOUT_Z + 0.1 };
    expect(confidence(standout)).toBeLessThan(CONFIDENT);
    expect(confidence({ ...standout, notes: true })).toBeGreaterThanOrEqual(CONFIDENT);
    // Most of the query's information is still an answer.
    expect(confidence({ ...s, coverage: 0.7, notes: true })).toBeGreaterThanOrEqual(CONFIDENT);
  });

  it('a handful of notes, none of the words other notes hold: the cosine alone is not enough', () => {
    const s = { coverage: 0, cosine: 0.6, floor: 0.59, small: true, handful: true };
    // Not a handful of notes (a conversation, or no memory passing the filters holds a query word): meaning decides.
    expect(confidence({ ...s, handful: false, known: 1 })).toBeGreaterThanOrEqual(CONFIDENT);
    // The store holds few of the query's words: meaning decides, as in vector mode.
    expect(confidence({ ...s, known: 0 })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, known: WORDS_ELSEWHERE - 0.01 })).toBeGreaterThanOrEqual(CONFIDENT);
    // It holds them, in other memories: weak.
    expect(confidence({ ...s, known: WORDS_ELSEWHERE })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, known: 1 })).toBeLessThan(CONFIDENT);
    // Some of the words, or the query's distribution to judge the cosine by: the other rules decide.
    expect(confidence({ ...s, known: 1, coverage: 0.1 })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, known: 1, z: SEMANTIC_Z + 0.1 })).toBeGreaterThanOrEqual(CONFIDENT);
  });
});

describe('names (hybrid signals)', () => {
  it('a memory lacking the query\'s name is at most weak, however strong its signals', () => {
    const strong = { coverage: 1, known: 1, cosine: 0.9, floor: 0.59, z: 4 };
    expect(confidence(strong)).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...strong, lacksName: true })).toBe(NAME_CAP);
  });

  it('a memory sharing only the name: its words count when its meaning agrees (cosine at the semantic line), not otherwise', () => {
    const s = { coverage: 0.5, known: 1, floor: 0.59, z: 2, small: true, nameOnly: true };
    expect(confidence({ ...s, cosine: 0.3 })).toBeLessThan(CONFIDENT);
    expect(confidence({ ...s, cosine: 0.3, nameOnly: false })).toBeGreaterThanOrEqual(CONFIDENT);
    expect(confidence({ ...s, cosine: SEMANTIC_LINE * 0.59 + 0.01 })).toBeGreaterThanOrEqual(CONFIDENT);
  });
});
