import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import type { SearchResponse } from '../../src/model/search-types.js';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { CHAT } from './chat-fixture.js';

// Search that knows when it knows. Full-text mode (no model): a memory is a confident match
// when it holds enough of the query's information, not when it shares one of its words; candidates
// below confidence are returned apart under `weak`; tags and categories match as values.


async function chatStore(): Promise<MemoryStore> {
  const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
  for (const [i, content] of CHAT.entries()) await s.store({ content, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
  return s;
}

function checkShape(r: SearchResponse) {
  for (const m of r.results) expect(m.confidence).toBeGreaterThanOrEqual(0.5);
  for (const m of r.weak ?? []) expect(m.confidence).toBeLessThan(0.5);
  expect(r.results.length + (r.weak?.length ?? 0)).toBeLessThanOrEqual(10);
  if (!r.results.length) expect(r.nothingConfident).toMatch(/no memory matches/);
  else expect(r.nothingConfident).toBeUndefined();
}

describe('confidence (full text)', () => {
  let s: MemoryStore;
  beforeAll(async () => {
    s = await chatStore();
  }, 60_000);

  it('an unanswerable question phrased as people ask returns no results, its word matches only as weak', async () => {
    for (const query of [
      'What is the difference between a Roth IRA and a traditional IRA?',
      'How are capital gains on a sold holiday home taxed?',
      'Can I play a free service against a firewall under load?',
      'What does Caroline think about quantum chromodynamics?',
    ]) {
      const r = await s.search({ query });
      checkShape(r);
      expect({ query, results: r.results.map((m) => m.content), total: r.total }).toEqual({ query, results: [], total: 0 });
    }
    // The memory sharing "difference between" is a weak candidate, said so.
    const r = await s.search({ query: 'What is the difference between a Roth IRA and a traditional IRA?' });
    expect(r.weak?.map((m) => m.content)).toContain('Caroline: The difference between the two trails is the view from the ridge.');
  });

  it('a question about what the memories hold is answered confidently', async () => {
    const r = await s.search({ query: 'When did Caroline go to the LGBTQ support group?' });
    checkShape(r);
    expect(r.results[0].content).toBe(CHAT[0]);
    const adoption = await s.search({ query: 'Which adoption agencies has Caroline been researching?' });
    expect(adoption.results[0].content).toBe(CHAT[6]);
  });

  it('matches tags and categories as values, never by stem', async () => {
    const t = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    for (let i = 0; i < 30; i++) await t.store({ content: `routine note ${i} about the weekly sync`, category: 'general' });
    const tagged = (await t.store({ content: 'Rollback steps live in the runbook', tags: ['deploy'], category: 'ops' })).id;
    // "generator" and "general" share the stem "gener": no memory is about a thumbnail generator.
    const gen = await t.search({ query: 'thumbnail generator' });
    expect({ results: gen.results.length, weak: gen.weak?.length, total: gen.total }).toEqual({ results: 0, weak: 0, total: 0 });
    // "deployed" is not the tag "deploy"; the tag as written (or its plural) is.
    expect((await t.search({ query: 'deployed' })).weak?.length ?? 0).toBe(0);
    expect((await t.search({ query: 'deployed' })).results).toEqual([]);
    expect((await t.search({ query: 'deploys rollback' })).results.map((m) => m.id)).toEqual([tagged]);
    // As a filter the category is a value, as before.
    expect((await t.search({ category: 'ops' })).results.map((m) => m.id)).toEqual([tagged]);
  });
});

describe('confidence (CLI)', () => {
  const repo = makeRepo();
  beforeAll(async () => {
    for (const c of CHAT.slice(0, 12)) expect((await runCli(repo, ['store', c, '--json'])).code).toBe(0);
  });

  it('--json has results and weak; a pipe gets confident results only unless --weak', async () => {
    const q = 'What is the difference between a Roth IRA and a traditional IRA?';
    const j = (await runCli(repo, ['search', q, '--json'])).json;
    expect(j.results).toEqual([]);
    expect(j.weak.length).toBeGreaterThan(0);
    expect(typeof j.nothingConfident).toBe('string');
    const piped = await runCli(repo, ['search', q]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toMatch(/0 of 0 · nothing confident · \d+ weak \(--weak to print\)/);
    const asked = await runCli(repo, ['search', q, '--weak']);
    expect(asked.stdout).toMatch(/^# weak candidates \(below confidence\)\n.*difference between the two trails/m);
  });
});

describe('meaning can win (hybrid, the default offline model)', () => {
  it('a note that is the nearest by meaning reaches the top 3 without a shared word, over notes sharing one', async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    const embedder = new UseLiteEmbedder();
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const target = 'The nightly database backup silently stopped because the cron container lost its credentials.';
    const notes = [
      target,
      // Each shares a word with the question below ("week", "saved", "copies", "evening", "data").
      'Plan for the week ahead: finish the slides and book the dentist.',
      'I saved twenty dollars on the concert tickets.',
      'We printed copies of the wedding invitations.',
      'The evening run by the river was lovely.',
      'The data science meetup moved to Thursday.',
      'Copies of the lease are in the blue folder.',
      'Every evening the neighbours play loud music.',
      'The team saved the demo at the last minute.',
      'Week three of the pottery class: glazing.',
      'The data plan on my phone ran out again.',
      'The kids watched a film in the evening.',
      'Lunch on Friday is pizza with the team.',
    ];
    for (const [i, content] of notes.entries()) await s.store({ content, timestamp: new Date(Date.UTC(2026, 0, 1, 3 * i)).toISOString() });
    const query = "why weren't copies of our data being saved each evening this week?";
    const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
    const page = [...r.results, ...(r.weak ?? [])].map((m) => m.content);
    expect(page.slice(0, 3)).toContain(target);
    const t = [...r.results, ...(r.weak ?? [])].find((m) => m.content === target)!;
    expect(t.scores?.fulltext).toBe(0);
  }, 180_000);
});
