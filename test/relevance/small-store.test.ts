import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import type { Embedder } from '../../src/embed/index.js';
import { makeRepo } from '../helpers.js';

// A support team's 25 notes (bench/data/small-stores/support.json, the tune store), hybrid search with
// the default offline model: neighbouring questions whose nearest note shares some words and sits
// half-way by meaning are not confident on a small store, where every note is that near to every
// question of the domain; the questions the notes answer still are.

const tuneNotes = (file: string, id: string): Record<string, string> => JSON.parse(readFileSync(join(__dirname, '..', '..', 'bench', 'data', 'small-stores', file), 'utf8')).stores.find((s: { id: string }) => s.id === id).notes;
const NOTES = tuneNotes('support.json', 'cs-tune');

/** A store of `notes` typed a second apart, with their ids by key. */
async function storeOf(notes: Record<string, string>): Promise<{ s: MemoryStore; ids: Record<string, string> }> {
  const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
  const ids: Record<string, string> = {};
  const t0 = Date.UTC(2026, 2, 2, 9);
  for (const [i, [key, content]] of Object.entries(notes).entries()) ids[key] = (await s.store({ content, timestamp: new Date(t0 + i * 1000).toISOString() })).id;
  return { s, ids };
}

describe('relative evidence on a small store (hybrid, offline model)', () => {
  let s: MemoryStore;
  let embedder: Embedder;
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    embedder = new UseLiteEmbedder();
    ({ s, ids } = await storeOf(NOTES));
  }, 180_000);

  it('neighbouring questions get nothing confident; with the absolute lines of a larger store they would', async () => {
    for (const query of ['is there a desktop app for Linux', 'do you have a discount for startups', 'can I use a hardware security key']) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results, query).toEqual([]);
      // Names off: "Linux" alone would silence the first question (the test below).
      const large = await s.search({ query }, { embedder, embedBudgetMs: Infinity, smallStoreMemories: 20, nameHolders: -1 });
      expect(large.results.length, query).toBeGreaterThan(0);
    }
  }, 120_000);

  it('the questions the notes answer keep their note first', async () => {
    for (const [query, key] of [['which phones does the app support', 's08'], ['do you have a discount for charities', 's09'], ['how do I reset my password', 's02']]) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results[0]?.id, query).toBe(ids[key]);
    }
  }, 120_000);
});

// A personal assistant's 25 notes (assistant.json, the tune store): a note worded unlike the question
// sits far below the model's threshold, yet it is the nearest by far and holds some of the words.
describe('the nearest note that stands out on a small store (hybrid, offline model)', () => {
  let s: MemoryStore;
  let embedder: Embedder;
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    embedder = new UseLiteEmbedder();
    ({ s, ids } = await storeOf(tuneNotes('assistant.json', 'pa-tune')));
  }, 180_000);

  it('is the first confident result; in a larger store the absolute lines leave it weak', async () => {
    for (const [query, key] of [['when is my next dentist appointment', 'a03'], ['what book am I reading', 'a15']]) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results[0]?.id, query).toBe(ids[key]);
      expect(r.results[0].scores?.vector, query).toBeLessThan(0.4);
      const large = await s.search({ query }, { embedder, embedBudgetMs: Infinity, smallStoreMemories: 20 });
      expect(large.results.map((m) => m.id), query).not.toContain(ids[key]);
    }
  }, 120_000);

  it('a neighbouring question whose nearest note stands out holding none of its words stays quiet', async () => {
    const r = await s.search({ query: 'what is the neighbour\'s phone number' }, { embedder, embedBudgetMs: Infinity });
    expect(r.results).toEqual([]);
  }, 120_000);
});

// The same assistant's notes: a question naming someone no note about the thing names ("is Tom
// allergic to anything" where only Anna's allergy is noted) gets nothing confident; a note without
// the name is at most weak. A question naming whom the note names keeps it first.
describe('a query\'s names select on a small store (hybrid, offline model)', () => {
  let s: MemoryStore;
  let embedder: Embedder;
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    embedder = new UseLiteEmbedder();
    ({ s, ids } = await storeOf(tuneNotes('assistant.json', 'pa-tune')));
  }, 180_000);

  it('another person, or a name no note holds: nothing confident; without names selecting, a note about someone else is', async () => {
    for (const [query, other] of [['is Tom allergic to anything', 'a01'], ['is Leo scared of dogs', 'a24'], ['is Tom vegetarian', 'a11']]) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results, query).toEqual([]);
      expect(r.weak?.map((m) => m.id), query).toContain(ids[other]);
      const off = await s.search({ query }, { embedder, embedBudgetMs: Infinity, nameHolders: -1 });
      expect(off.results.length, query).toBeGreaterThan(0);
      // NaN is no count: off, not "every name selects".
      const nan = await s.search({ query }, { embedder, embedBudgetMs: Infinity, nameHolders: Number.NaN });
      expect(nan.results.length, query).toBeGreaterThan(0);
    }
    expect((await s.search({ query: 'what is the Netflix password' }, { embedder, embedBudgetMs: Infinity })).results).toEqual([]);
    // A larger store (here: the line moved under the store) does not select by names: a conversation's turns do not repeat them.
    const large = await s.search({ query: 'is Tom allergic to anything' }, { embedder, embedBudgetMs: Infinity, smallStoreMemories: 20 });
    expect(large.results.map((m) => m.id)).toContain(ids.a01);
  }, 120_000);

  it('a question naming whom the note names, or the store\'s own subject in a note that says "she", keeps its note first', async () => {
    for (const [query, key] of [['is Anna allergic to anything?', 'a01'], ['when does Leo swim', 'a16'], ['what is Mia afraid of', 'a24'], ['is Anna a vegetarian', 'a11']]) {
      const r = await s.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results[0]?.id, query).toBe(ids[key]);
    }
  }, 120_000);
});

// A store of 100 notes typed one by one (an assistant's 25 notes after 75 of a team's engineering
// notes, bench/data/engineering-notes.json, none in a conversation): a confident note does not lend
// confidence to the other notes on its page, as it does among the turns of a chat (the same 100
// memories stored with a `session`), where a question's evidence is spread over the turns around it.
describe('no page support among notes, at any size (hybrid, offline model)', () => {
  let notes: MemoryStore;
  let chat: MemoryStore;
  let embedder: Embedder;
  let ids: Record<string, string> = {};
  let chatIds: Record<string, string> = {};
  const engineering = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'bench', 'data', 'engineering-notes.json'), 'utf8')).memories as { content: string }[]).slice(0, 75);
  const assistant = tuneNotes('assistant.json', 'pa-tune');
  async function fill(session?: string): Promise<{ s: MemoryStore; ids: Record<string, string> }> {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const out: Record<string, string> = {};
    const t0 = Date.UTC(2026, 2, 2, 9);
    const docs: [string, string][] = [...engineering.map((m, i): [string, string] => [`d${i}`, m.content]), ...Object.entries(assistant)];
    for (const [i, [key, content]] of docs.entries()) out[key] = (await s.store({ content, timestamp: new Date(t0 + i * 1000).toISOString(), ...(session ? { metadata: { session } } : {}) })).id;
    return { s, ids: out };
  }
  beforeAll(async () => {
    const { UseLiteEmbedder } = await import('../../src/embed/index.js');
    embedder = new UseLiteEmbedder();
    ({ s: notes, ids } = await fill());
    ({ s: chat, ids: chatIds } = await fill('chat-1'));
  }, 300_000);

  it('the answer is confident alone among notes; among a chat\'s turns its page lends confidence to others', async () => {
    for (const [query, key] of [['when is the cat\'s vaccination', 'a22'], ['does she eat meat', 'a11'], ['is Anna still learning Spanish', 'a23']]) {
      const r = await notes.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(r.results.map((m) => m.id), query).toEqual([ids[key]]);
      const c = await chat.search({ query }, { embedder, embedBudgetMs: Infinity });
      expect(c.results[0]?.id, query).toBe(chatIds[key]);
      expect(c.results.length, query).toBeGreaterThan(1);
      // The others are supported by the page: on the line, below the answer (confidence 0.5 + own / 5).
      for (const m of c.results.slice(1)) expect(m.confidence, query).toBeLessThan(0.6);
    }
  }, 180_000);
});
