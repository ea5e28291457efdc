import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { confidence, HYBRID_MIN_COVERAGE, supported, supportedConfidence } from '../../src/search/confidence.js';
import type { Embedder } from '../../src/embed/index.js';
import { makeRepo } from '../helpers.js';
import { CHAT } from './chat-fixture.js';

// Confidence from several signals together (per-query calibration of the
// cosine, the nearest memory standing out, page support) and query expansion as an option.

describe('confidence signals (src/search/confidence.ts)', () => {
  const floor = 0.59;
  it('a cosine at the semantic line is confident only when it stands out from the query\'s own cosines', () => {
    expect(confidence({ coverage: 0, known: 0, cosine: 0.52, floor })).toBeGreaterThanOrEqual(0.5);
    expect(confidence({ coverage: 0, known: 0, cosine: 0.52, floor, z: 3.5 })).toBeGreaterThanOrEqual(0.5);
    // Everything in this store is about as near: an unanswerable question's usual neighbourhood.
    expect(confidence({ coverage: 0, known: 0, cosine: 0.52, floor, z: 2 })).toBeLessThan(0.5);
  });
  it('the nearest memory far above the 10th nearest is confident below the semantic line', () => {
    expect(confidence({ coverage: 0, known: 0, cosine: 0.47, floor, z: 2.5, nearestGap: 0.25 })).toBeGreaterThanOrEqual(0.5);
    expect(confidence({ coverage: 0, known: 0, cosine: 0.47, floor, z: 2.5, nearestGap: 0.1 })).toBeLessThan(0.5);
    expect(confidence({ coverage: 0, known: 0, cosine: 0.4, floor, z: 2.5, nearestGap: 0.25 })).toBeLessThan(0.5);
  });
  it('a lexical match far from the query by meaning is not confident on its words alone (hybrid, calibrated)', () => {
    expect(confidence({ coverage: 1, known: 1, cosine: 0.1, floor, z: 0.5 })).toBeLessThan(0.5);
    expect(confidence({ coverage: 1, known: 1, cosine: 0.25, floor, z: 1.5 })).toBeGreaterThanOrEqual(0.5);
    // Full text (no cosine) and uncalibrated stores (no z): the words decide.
    expect(confidence({ coverage: 1, known: 1 })).toBeGreaterThanOrEqual(0.5);
    expect(confidence({ coverage: 1, known: 1, cosine: 0.1, floor })).toBeGreaterThanOrEqual(0.5);
  });
  it('the default lines (picked on the tune half, kept after the holdout look): z 2.8, hybrid coverage 0.65', () => {
    expect(confidence({ coverage: 0, known: 0, cosine: 0.52, floor, z: 2.9 })).toBeGreaterThanOrEqual(0.5);
    expect(confidence({ coverage: 0, known: 0, cosine: 0.52, floor, z: 2.7 })).toBeLessThan(0.5);
    // Hybrid reads 0.65 of the query's information as the coverage line; full text keeps 0.6.
    expect(confidence({ coverage: 0.62, known: 0, minCoverage: HYBRID_MIN_COVERAGE })).toBeLessThan(0.5);
    expect(confidence({ coverage: 0.66, known: 0, minCoverage: HYBRID_MIN_COVERAGE })).toBeGreaterThanOrEqual(0.5);
    expect(confidence({ coverage: 0.62, known: 0 })).toBeGreaterThanOrEqual(0.5);
  });
  it('page support: some of the query\'s information or 0.6 × the threshold by meaning; on the line, below own confidence', () => {
    expect(supported(0.05, 0.1, floor)).toBe(true);
    expect(supported(0, 0.36, floor)).toBe(true);
    expect(supported(0, 0.34, floor)).toBe(false);
    expect(supported(0, undefined, floor)).toBe(false);
    expect(supportedConfidence(0.3)).toBeCloseTo(0.56, 5);
    expect(supportedConfidence(0.8)).toBe(0.8);
  });
});


describe('hybrid confidence with the default offline model', () => {
  let s: MemoryStore;
  let embedder: Embedder;
  beforeAll(async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    embedder = new UseLiteEmbedder();
    s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    // A day apart: no conversation context between turns (each its own session).
    for (const [i, content] of CHAT.entries()) await s.store({ content, timestamp: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() });
  }, 180_000);

  it('an unanswerable question stays empty: nothing confident, its candidates weak', async () => {
    for (const query of ['What is the difference between a Roth IRA and a traditional IRA?', 'How do I get a red wine stain out of a carpet?', 'Can a landlord keep my deposit for normal wear and tear?']) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results, query).toEqual([]);
      expect(r.nothingConfident).toMatch(/no memory matches/);
    }
  }, 120_000);

  it('a confident page makes its supported candidates results, each on the line and below the page\'s own; not in a small store', async () => {
    const query = 'What did Caroline take away from the support group, and did she go to the pride parade?';
    const off = await s.search({ query }, { embedder, embedBudgetMs: Infinity, pageSupport: false });
    // This chat is a small store (under 100 memories): by default a confident page lends no support.
    const small = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
    expect(small.results.map((m) => m.id)).toEqual(off.results.map((m) => m.id));
    // As in a larger store of a chat's turns (the line moved down to this one's size; these turns carry
    // no session, so page support among notes is turned on too):
    const on = await s.search({ query }, { embedder, embedBudgetMs: Infinity, smallStoreMemories: 20, noteStoreShare: 2 });
    expect(off.results.length).toBeGreaterThan(0);
    const before = new Set(off.results.map((m) => m.id));
    for (const id of before) expect(on.results.map((m) => m.id)).toContain(id);
    const added = on.results.filter((m) => !before.has(m.id));
    expect(added.length).toBeGreaterThan(0);
    for (const m of added) {
      expect(m.confidence).toBeGreaterThanOrEqual(0.5);
      expect(m.confidence).toBeLessThan(0.6);
      expect((m.scores?.coverage ?? 0) > 0 || (m.scores?.vector ?? 0) >= 0.6 * 0.59 - 1e-4).toBe(true);
    }
    expect(on.total).toBeGreaterThanOrEqual(on.results.length);
  }, 120_000);

  it('query expansion from a synonym table makes a memory that shares no word with the query match (off by default)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gm-syn-'));
    const table = join(dir, 'synonyms.json');
    // Keyed by the analysed query term ("instruments" → "instrument").
    writeFileSync(table, JSON.stringify({ instrument: ['clarinet', 'violin'] }));
    const query = 'Who practises a musical instrument?';
    const clarinet = CHAT[21];
    const plain = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
    const hit = (r: typeof plain) => [...r.results, ...(r.weak ?? [])].find((m) => m.content === clarinet);
    expect(hit(plain)?.scores?.fulltext ?? 0).toBe(0);
    const expanded = await s.search({ query }, { embedder, embedBudgetMs: Infinity, expansion: 'table', synonyms: table });
    const m = hit(expanded);
    expect(m).toBeDefined();
    expect(m!.scores!.fulltext).toBeGreaterThan(0);
    expect([...expanded.results, ...(expanded.weak ?? [])].slice(0, 3).map((x) => x.content)).toContain(clarinet);
    // A bad table is a clear error with a stable code, not a crash or a silent miss.
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"instrument": [');
    await expect(s.search({ query }, { embedder, expansion: 'table', synonyms: broken })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(s.search({ query }, { embedder, expansion: 'table', synonyms: join(dir, 'missing.json') })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    writeFileSync(broken, '["instrument"]');
    await expect(s.search({ query }, { embedder, expansion: 'table', synonyms: broken })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  }, 120_000);
});
