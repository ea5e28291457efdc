import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { UseLiteEmbedder } from '../../src/embed/index.js';
import { configSet } from '../../src/lifecycle/config-ops.js';
import { CALIBRATED_MIN_SIMILARITY, minSimilarity, UNCALIBRATED_MIN_SIMILARITY } from '../../src/search/hybrid-options.js';
import { search as fullTextEngine } from '../../src/search/index.js';
import type { SearchResponse } from '../../src/model/search-types.js';
import { errorCode, makeRepo } from '../helpers.js';

// Calibrated relevance and abstention (docs/hybrid.md) with the real offline model.
// One model for the whole file: loading it costs seconds on the shared cores.
const embedder = new UseLiteEmbedder();
const threshold = CALIBRATED_MIN_SIMILARITY[embedder.id];

/** Four memories about four unrelated things. */
const FOUR = [
  'The deploy pipeline needs the VPN to reach production',
  'Rotate the staging database password every month',
  'Lunch on Friday is pizza with the team',
  'The user prefers tabs over spaces',
];
const TEN = [
  ...FOUR,
  'deploy failed: env var missing',
  'Melanie painted a sunrise over the lake last year',
  'Our on-call rotation changes every Monday',
  'Backups of the orders database run nightly and are kept for 30 days',
  'The checkout page takes six seconds to load on mobile',
  'She adopted a rescue dog named Biscuit',
];
/** About nothing in TEN, sharing no word with it (so full text has nothing either). */
const UNRELATED = [
  'recipe for chocolate cake with strawberries',
  'how many moons does Jupiter have',
  'rules of water polo',
  'Byzantine mosaics in Ravenna',
  'fermentation time for sauerkraut',
  'tectonic plates beneath Iceland',
  'how camels survive without water',
  'what is a sonnet rhyme scheme',
];

const repoOf = new Map<MemoryStore, string>();

async function storeWith(contents: string[], config = {}): Promise<MemoryStore> {
  const repo = makeRepo();
  const s = new MemoryStore({ repo, warn: () => {}, config: { autoTag: false, ...config } });
  repoOf.set(s, repo);
  for (const [i, content] of contents.entries()) {
    // Hours apart: independent notes, never each other's conversation context.
    await s.store({ content, timestamp: new Date(Date.UTC(2026, 0, 1, 2 * i)).toISOString() });
  }
  return s;
}

const contents = (r: SearchResponse) => r.results.map((m) => m.content);

/**
 * Every hybrid result is a full-text match or at least `t` close to the query, or (from 20 memories)
 * supported by a confident page: 0.6 × `t` close, at a confidence just over the line
 * (src/search/confidence.ts, page support).
 */
function allReal(r: SearchResponse, t: number) {
  for (const m of r.results) {
    const v = m.scores?.vector ?? 0;
    expect((m.scores?.fulltext ?? 0) > 0 || v >= t || (v >= 0.6 * t - 1e-4 && (m.confidence ?? 1) < 0.6)).toBe(true);
  }
}

describe('calibrated relevance with the default model', () => {
  let ten: MemoryStore;
  beforeAll(async () => {
    ten = await storeWith(TEN);
    await ten.search({ query: 'warm up' }, { embedder });
  }, 120_000);

  it('has a calibrated threshold for the default model, well above the old 0.3 floor', () => {
    expect(threshold).toBeGreaterThan(0.45);
    expect(minSimilarity(ten, embedder)).toEqual({ value: threshold, source: 'calibrated' });
  });

  it('returns nothing for queries unrelated to every memory, with or without relaxation', async () => {
    for (const query of UNRELATED) {
      const r = await ten.search({ query }, { embedder });
      expect({ query, mode: r.mode, total: r.total, results: r.results.length }).toEqual({ query, mode: 'hybrid', total: 0, results: 0 });
      // MCP's default: relax. After hybrid there is nothing left to relax to (no filters; by meaning
      // was already tried), so nearest-but-unrelated memories never come back.
      const relaxed = await ten.search({ query, relax: true }, { embedder });
      expect(relaxed).toMatchObject({ mode: 'hybrid', total: 0, relaxed: [] });
    }
  });

  it('"vpn deploy" on four unrelated memories returns only the real match, with feedback forced or not', async () => {
    const four = await storeWith(FOUR);
    for (const feedback of [undefined, true, false]) {
      const r = await four.search({ query: 'vpn deploy' }, { embedder, feedback });
      expect(contents(r)).toEqual(['The deploy pipeline needs the VPN to reach production']);
      expect(r.total).toBe(1);
    }
  });

  it('still finds a paraphrase that shares no word with the query', async () => {
    const query = 'CI broke because an environment variable was not set';
    const ft = await ten.search({ query, mode: 'fulltext' }, { embedder });
    expect(ft.total).toBe(0);
    const r = await ten.search({ query }, { embedder });
    expect(r.results[0].content).toBe('deploy failed: env var missing');
    expect(r.results[0].scores?.fulltext).toBe(0);
    expect(r.results[0].scores?.vector).toBeGreaterThanOrEqual(threshold);
    allReal(r, threshold);
    expect(r.total).toBe(r.results.length);
    // From full text, relaxation's last step searches by meaning, above the same threshold.
    const relaxed = await ten.search({ query, mode: 'fulltext', relax: true }, { embedder });
    expect(relaxed).toMatchObject({ mode: 'vector', relaxed: ['vector'] });
    expect(contents(relaxed)[0]).toBe('deploy failed: env var missing');
    for (const m of relaxed.results) expect(m.scores!.vector!).toBeGreaterThanOrEqual(threshold);
    expect(relaxed.total).toBe(relaxed.results.length);
    const nothing = await ten.search({ query: UNRELATED[0], mode: 'fulltext', relax: true }, { embedder });
    expect(nothing).toMatchObject({ mode: 'vector', relaxed: ['vector'], total: 0, results: [] });
  });

  it('never loses a full-text result: fulltext mode is the engine, hybrid returns every full-text match', async () => {
    const queries = ['vpn deploy', 'database', 'pizza lunch', 'the checkout page', 'dog', 'monday backups', 'password rotation every month', 'lake'];
    for (const query of queries) {
      const ft = await ten.search({ query, mode: 'fulltext', limit: 50 }, { embedder });
      const engine = await fullTextEngine(ten, { query, limit: 50 });
      expect(ft.results).toEqual(engine.results);
      expect(ft.total).toBe(engine.total);
      const hy = await ten.search({ query, limit: 50 }, { embedder });
      const ids = new Set(hy.results.map((m) => m.id));
      for (const m of ft.results) expect({ query, id: m.id, found: ids.has(m.id) }).toEqual({ query, id: m.id, found: true });
      // total counts the real matches: full-text ones and those close enough by meaning.
      expect(hy.total).toBe(hy.results.length);
      expect(hy.total).toBeGreaterThanOrEqual(ft.total);
      allReal(hy, threshold);
    }
  });

  it('lets the threshold be set per search and in the configuration (branch, env MEMORY_HYBRID_MIN_SIMILARITY)', async () => {
    const query = 'CI broke because an environment variable was not set';
    // A threshold above the paraphrase's similarity turns it away; a very low one lets in noise.
    expect((await ten.search({ query }, { embedder, minSimilarity: 0.95 })).total).toBe(0);
    expect((await ten.search({ query }, { embedder, minSimilarity: -1 })).total).toBe(TEN.length);
    expect(await errorCode(ten.search({ query }, { embedder, minSimilarity: 3 }))).toBe('INVALID_INPUT');

    const custom = { id: 'openai:some-model' };
    expect(minSimilarity(ten, custom)).toEqual({ value: UNCALIBRATED_MIN_SIMILARITY, source: 'default' });
    expect(minSimilarity(ten, custom, 0.7)).toEqual({ value: 0.7, source: 'option' });
    await configSet(ten, 'hybrid.minSimilarity', '0.42');
    expect(minSimilarity(ten, custom)).toEqual({ value: 0.42, source: 'config' });
    expect(minSimilarity(ten, embedder)).toEqual({ value: 0.42, source: 'config' });
    expect(await errorCode(configSet(ten, 'hybrid.minSimilarity', '2'))).toBe('INVALID_INPUT');
    await configSet(ten, 'hybrid.minSimilarity', '0');
    expect(minSimilarity(ten, embedder)).toEqual({ value: threshold, source: 'calibrated' });

    // The environment overrides the branch, per process; a value out of range is reported and ignored.
    const prev = process.env.MEMORY_HYBRID_MIN_SIMILARITY;
    try {
      process.env.MEMORY_HYBRID_MIN_SIMILARITY = '0.95';
      const env = new MemoryStore({ repo: repoOf.get(ten)!, warn: () => {} });
      expect(minSimilarity(env, embedder)).toEqual({ value: 0.95, source: 'config' });
      expect((await env.search({ query }, { embedder })).total).toBe(0);
      env.close();
      process.env.MEMORY_HYBRID_MIN_SIMILARITY = '7';
      const bad = new MemoryStore({ repo: repoOf.get(ten)!, warn: () => {} });
      expect(minSimilarity(bad, embedder)).toEqual({ value: threshold, source: 'calibrated' });
      expect(bad.resolvedConfig().issues.map((i) => i.key)).toContain('hybrid.minSimilarity');
      bad.close();
    } finally {
      if (prev === undefined) delete process.env.MEMORY_HYBRID_MIN_SIMILARITY;
      else process.env.MEMORY_HYBRID_MIN_SIMILARITY = prev;
    }
  });
});

describe('the feedback pass', () => {
  /** 120 notes: enough for feedback to run by default (100 memories). */
  const many = [
    ...TEN,
    ...Array.from({ length: 110 }, (_, i) => {
      const svc = ['payments-api', 'auth-service', 'search-indexer', 'billing-worker', 'gateway'][i % 5];
      const what = ['p99 latency went up after the release', 'the cache hit ratio dropped', 'the nightly job overran the backup window', 'the pods were restarted twice', 'the error rate doubled for ten minutes', 'a config change needed a rollback'][i % 6];
      return `Note ${i}: on ${svc}, ${what} (ticket ${1000 + i}).`;
    }),
  ];
  let s: MemoryStore;
  beforeAll(async () => {
    s = await storeWith(many);
    // Every memory gets its vector first (a search alone embeds only what fits in its budget).
    await s.search({ query: 'warm up' }, { embedder, embedBudgetMs: Infinity });
  }, 180_000);

  it('runs only when the first pass has a confident match, and never adds results', async () => {
    // A word match the model does not find close ("pizza"): feedback would make every result about
    // lunch; it does not run. (Whether the match is confident or weak is decided by the confidence
    // rules, src/search/confidence.ts; the page holds it either way, and the nearest by meaning.)
    const weak = await s.search({ query: 'pizza oven temperature', limit: 50 }, { embedder });
    const page = [...weak.results, ...(weak.weak ?? [])];
    expect(page[0].content).toBe('Lunch on Friday is pizza with the team');
    for (const m of page) expect(m.scores?.feedback).toBeUndefined();

    // A confident match: feedback runs (every result carries its feedback score), re-ranks the
    // same matches and adds none.
    const query = 'how often do we change the database password';
    const on = await s.search({ query, limit: 200 }, { embedder });
    const off = await s.search({ query, limit: 200 }, { embedder, feedback: false });
    expect(on.results[0].content).toBe('Rotate the staging database password every month');
    expect(on.results[0].scores?.feedback).toBeDefined();
    expect(off.results[0].scores?.feedback).toBeUndefined();
    expect(new Set(on.results.map((m) => m.id))).toEqual(new Set(off.results.map((m) => m.id)));
    expect(on.total).toBe(off.total);
    allReal(off, threshold);

    // Unrelated queries on the larger store: still nothing.
    for (const query of UNRELATED.slice(0, 4)) expect((await s.search({ query }, { embedder })).total).toBe(0);
  });
});
