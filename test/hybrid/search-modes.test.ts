import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { HttpEmbedder } from '../../src/embed/index.js';
import { cliAsync, git, makeRepo, tempDir } from '../helpers.js';
import { startEmbedServer, type EmbedServer } from './embed-server.js';
import { runCli } from '../run-cli.js';

let server: EmbedServer;
beforeAll(async () => {
  server = await startEmbedServer();
});
afterAll(() => server.close());

const httpEnv = (model = 'bow') => ({ MEMORY_EMBEDDER: 'openai', MEMORY_EMBEDDER_URL: server.url, MEMORY_EMBEDDER_MODEL: model });

async function fixture(): Promise<MemoryStore> {
  const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
  await s.store({ content: 'Rotate the staging database password every month', tags: ['ops', 'db'], timestamp: '2026-01-10T00:00:00Z' });
  await s.store({ content: 'The deploy pipeline needs the VPN to reach production', tags: ['ops'], timestamp: '2026-02-10T00:00:00Z' });
  await s.store({ content: 'Lunch on Friday is pizza with the team', tags: ['social'], timestamp: '2026-03-10T00:00:00Z' });
  return s;
}

describe('search modes (library)', () => {
  it('runs hybrid by default with an embedder, blending vector and full-text scores', async () => {
    const s = await fixture();
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    // The test model (a bag of words) has no calibrated threshold: 0.3 makes the top match a
    // confident one, so the forced feedback pass runs (test/relevance covers the threshold).
    const r = await s.search({ query: 'database password' }, { embedder, feedback: true, minSimilarity: 0.3 });
    expect(r.mode).toBe('hybrid');
    expect(r.fallback).toBeUndefined();
    expect(r.results[0].content).toContain('database password');
    expect(r.results[0].scores?.fulltext).toBe(1);
    expect(r.results[0].scores?.vector).toBeGreaterThan(0.3);
    const top = r.results[0].scores!;
    expect(top.feedback).toBeGreaterThan(0);
    // Below 100 memories feedback is off unless asked for.
    const plain = await s.search({ query: 'database password' }, { embedder });
    expect(plain.results[0].scores!.feedback).toBeUndefined();
    // A blend: the relevance lies between what the words (full-text 1) and the meaning (the vector
    // score, below 1) say on their own, and the feedback pass only adds to it.
    const v = plain.results[0].scores!.vector!;
    expect(v).toBeLessThan(1);
    expect(plain.results[0].relevance).toBeGreaterThan(v);
    expect(plain.results[0].relevance).toBeLessThan(1);
    expect(r.results[0].relevance).toBeGreaterThan(plain.results[0].relevance);
    for (const res of [r, plain]) {
      const rel = res.results.map((m) => m.relevance);
      expect(rel).toEqual([...rel].sort((a, b) => b - a));
    }
    expect(r.vectors).toMatchObject({ model: 'openai:bow', embedded: 3, reused: 0, missing: 0 });
    expect(plain.vectors).toMatchObject({ embedded: 0, reused: 3 });
  });

  it('re-embeds a memory whose text changed, not one whose tags changed, and drops a deleted one', async () => {
    const s = await fixture();
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    expect((await s.search({ query: 'VPN' }, { embedder })).vectors).toMatchObject({ embedded: 3 });
    const [pizza, vpn, db] = s.filter().sort((a, b) => a.timestamp.localeCompare(b.timestamp)).reverse();
    await s.update(vpn.id, { tags: ['ops', 'network'] });
    expect((await s.search({ query: 'VPN' }, { embedder })).vectors).toMatchObject({ embedded: 0, reused: 3 });
    await s.update(db.id, { content: 'Rotate the staging database password every week' });
    const r = await s.search({ query: 'password every week' }, { embedder });
    expect(r.vectors).toMatchObject({ embedded: 1, reused: 2 });
    expect(r.results[0].id).toBe(db.id);
    await s.delete(pizza.id);
    const after = await s.search({ query: 'pizza', mode: 'vector' }, { embedder });
    expect(after.results.map((m) => m.id)).not.toContain(pizza.id);
    // Vector mode lists the nearest memories however far (below the threshold: under `weak`).
    expect([...after.results, ...(after.weak ?? [])].length).toBe(2);
  });

  it('reports a fallback instead of downgrading silently', async () => {
    const s = await fixture();
    const none = await s.search({ query: 'VPN', mode: 'hybrid' }, { embedder: null });
    expect(none.mode).toBe('fulltext');
    expect(none.fallback).toMatchObject({ from: 'hybrid', to: 'fulltext' });
    expect(none.results[0].content).toContain('VPN');

    const dead = new HttpEmbedder({ model: 'bow', baseUrl: 'http://127.0.0.1:9/v1', retries: 0, timeoutMs: 2000 });
    const down = await s.search({ query: 'VPN', mode: 'vector' }, { embedder: dead });
    expect(down.mode).toBe('fulltext');
    expect(down.fallback).toMatchObject({ from: 'vector', to: 'fulltext', code: 'EMBEDDER_ERROR' });
    expect(down.results).toHaveLength(1);

    const filtersOnly = await s.search({ tags: ['ops'], mode: 'vector' }, { embedder: dead });
    expect(filtersOnly.mode).toBe('fulltext');
    expect(filtersOnly.fallback?.reason).toMatch(/no query text/);
    expect(filtersOnly.total).toBe(2);

    // Without an embedder and without a requested mode, full-text is the default: nothing to report.
    const plain = await s.search({ query: 'VPN' }, { embedder: null });
    expect(plain).toMatchObject({ mode: 'fulltext', total: 1 });
    expect(plain.fallback).toBeUndefined();

    await expect(s.search({ query: 'x', mode: 'semantic' as never })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('relaxes in order: date range, then tags, then vector mode, listing each step', async () => {
    const s = await fixture();
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    const q = { query: 'database password', tags: ['ops'], after: '2026-02-01', mode: 'fulltext' as const, relax: true };
    const date = await s.search(q, { embedder });
    expect(date.relaxed).toEqual(['date']);
    // What a dropped filter lets in is a weak candidate, never a result.
    expect(date.results).toEqual([]);
    expect(date.weak![0].content).toContain('database');

    const tags = await s.search({ ...q, query: 'pizza' }, { embedder });
    expect(tags.relaxed).toEqual(['date', 'tags']);
    expect(tags.mode).toBe('fulltext');
    expect(tags.weak![0].content).toContain('pizza');

    const vector = await s.search({ ...q, query: 'zebra crossing' }, { embedder });
    expect(vector.relaxed).toEqual(['date', 'tags', 'vector']);
    expect(vector.mode).toBe('vector');
    // By meaning means above the similarity threshold: nothing is close to a zebra crossing.
    expect(vector.total).toBe(0);

    const strict = await s.search({ ...q, query: 'zebra crossing', relax: false }, { embedder });
    expect(strict.total).toBe(0);
    expect(strict.relaxed).toBeUndefined();

    const none = await s.search({ ...q, query: 'database password', after: undefined }, { embedder });
    expect(none.relaxed).toEqual([]);
  });
});

describe('confidence lines (hybrid)', () => {
  it('a lexical match holding between 0.6 and 0.65 of the query is confident in full text, weak in hybrid (its line is higher there)', async () => {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const fill = ['staging', 'deploy', 'pipeline', 'team', 'friday', 'vpn', 'lunch', 'pizza', 'database', 'password', 'rotate', 'month'];
    for (let i = 0; i < 24; i++) await s.store({ content: `note ${i}: ${fill[i % 12]} ${fill[(i * 5) % 12]} ${fill[(i * 7 + 3) % 12]} routine`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    const target = 'The canary rollout paused at the gateway timeout';
    await s.store({ content: target, timestamp: '2026-02-01T00:00:00Z' });
    // Five of its seven words, two of them words no memory holds: ~0.64 of the query's information.
    const query = 'canary rollout paused gateway timeout quokka zebra';
    const full = await s.search({ query }, { mode: 'fulltext' });
    expect(full.results.map((m) => m.content)).toEqual([target]);
    expect(full.results[0].confidence).toBeLessThan(0.5625); // coverage < 0.65
    // Hybrid, with a threshold no cosine of the test model reaches and the relative lines of a small
    // store and of a store of notes off (the target stands out by meaning among 25 notes): only the
    // lexical rules decide.
    const embedder = new HttpEmbedder({ model: 'bow', baseUrl: server.url });
    const hybrid = await s.search({ query }, { embedder, minSimilarity: 0.999, smallStoreMemories: 0, noteStoreShare: 2 });
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.results).toEqual([]);
    expect(hybrid.weak?.map((m) => m.content)).toContain(target);
    // The same search with full text's line: confident again, so the line is what decided.
    const lower = await s.search({ query }, { embedder, minSimilarity: 0.999, minCoverage: 0.6, smallStoreMemories: 0, noteStoreShare: 2 });
    expect(lower.results.map((m) => m.content)).toEqual([target]);
  });
});

describe('conversation context in hybrid ranking', () => {
  /**
   * A conversation stored turn by turn, a minute apart, in one session; a note from a month before that
   * matches the query as well as the question does; notes far in time or in another scope. `session`
   * null: the same memories typed as notes, with no session.
   */
  async function conversation(config = {}, session: string | null = 'chat-1'): Promise<{ s: MemoryStore; ids: Record<string, string> }> {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false, ...config } });
    const ids: Record<string, string> = {};
    const put = async (name: string, content: string, timestamp: string, extra = {}) => {
      ids[name] = (await s.store({ content, timestamp, ...(session && name !== 'distractor' ? { metadata: { session } } : {}), ...extra })).id;
    };
    await put('before', 'Standup moved to 9:30.', '2026-05-01T09:59:00Z');
    await put('question', 'Did you finally fix the flaky payment webhook?', '2026-05-01T10:00:00Z');
    await put('answer', 'Yes! Took two days, the webhook race was in the retry queue.', '2026-05-01T10:01:00Z', { tags: ['chat'] });
    await put('later', 'Remember to renew the TLS certificate before June.', '2026-05-01T11:30:00Z');
    await put('other', 'Yes, the payment plants were watered.', '2026-05-01T10:00:30Z', { scope: 'agent:facilities' });
    await put('distractor', 'A webhook banner sits on the payment page.', '2026-04-01T09:00:00Z');
    return { s, ids };
  }
  const embedderFor = () => new HttpEmbedder({ model: 'bow', baseUrl: server.url });
  // The page: confident results, then the weak candidates (memories sharing one of the query's two
  // words are weak; context still re-ranks them).
  const pageOf = <T,>(r: { results: T[]; weak?: T[] }) => [...r.results, ...(r.weak ?? [])];
  const order = (r: { results: { id: string }[]; weak?: { id: string }[] }, ids: Record<string, string>) => pageOf(r).map((m) => Object.keys(ids).find((k) => ids[k] === m.id));

  it('lifts the reply to a matching turn above a better match from elsewhere', async () => {
    const off = await conversation({ hybrid: { contextWeight: 0 } });
    const without = await off.s.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(order(without, off.ids)).toEqual(['question', 'distractor', 'other', 'answer']);
    expect(pageOf(without)[3].scores?.context).toBeUndefined();

    const { s, ids } = await conversation();
    const r = await s.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(r.mode).toBe('hybrid');
    // The reply overtakes the other scope's note, which matches better on its own; a full match
    // from elsewhere (the month-old banner note) stays above it.
    expect(order(r, ids)).toEqual(['question', 'distractor', 'answer', 'other']);
    // The answer is lifted on top of its own relevance, by less than the question's own relevance
    // (it borrows a share of its neighbour's score; lent scores are not lent on), and a heavier
    // contextWeight lends more.
    const answer = pageOf(r)[2];
    const own = pageOf(without)[3].relevance;
    const question = pageOf(r)[0];
    expect(question.scores?.context).toBeGreaterThan(0);
    expect(answer.scores?.context).toBeGreaterThan(0);
    expect(answer.relevance).toBeGreaterThan(own);
    expect(answer.relevance - own).toBeLessThan(question.relevance - question.scores!.context!);
    // Exactly the default weight (0.2) × the question's own relevance (its score before context).
    expect(answer.scores!.context!).toBeCloseTo(0.2 * (question.relevance - question.scores!.context!), 3);
    const heavier = await conversation({ hybrid: { contextWeight: 0.4 } });
    const rh = await heavier.s.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    const answerH = pageOf(rh).find((m) => m.id === heavier.ids.answer)!;
    expect(answerH.relevance - own).toBeGreaterThan(answer.relevance - own);
    // Only matches are re-ranked: the standup note (the question's other neighbour) matches nothing
    // and is not added; the other scope's note, 30 seconds away, is nobody's neighbour; total counts
    // the same memories as without context.
    expect(r.total).toBe(without.total);
    expect(pageOf(r).find((m) => m.id === ids.other)?.scores?.context).toBeUndefined();
    expect(order(r, ids)).not.toContain('before');
  });

  it('honours contextMinutes, scopes and filters', async () => {
    const narrow = await conversation({ hybrid: { contextMinutes: 0.5 } });
    const r1 = await narrow.s.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(order(r1, narrow.ids)).toEqual(['question', 'distractor', 'other', 'answer']);

    // Memories of different scopes are never neighbours, however close in time (the query matches
    // the first and last note of the default scope and the other scope's only note).
    const { s, ids } = await conversation();
    const tls = await s.search({ query: 'TLS certificate plants standup' }, { embedder: embedderFor() });
    expect(order(tls, ids).sort()).toEqual(['before', 'later', 'other']);
    for (const m of pageOf(tls)) expect(m.scores?.context).toBeUndefined();
    const wide = await conversation({ hybrid: { contextMinutes: 120 } });
    const w = await wide.s.search({ query: 'renew TLS certificate webhook' }, { embedder: embedderFor() });
    // 89 minutes apart: neighbours within 120, and the certificate note lends to the answer.
    expect(pageOf(w).find((m) => m.id === wide.ids.answer)?.scores?.context).toBeGreaterThan(0);

    // Filters first: a memory that fails them neither appears nor lends.
    const tagged = await s.search({ query: 'payment webhook', tags: ['chat'] }, { embedder: embedderFor() });
    expect(order(tagged, ids)).toEqual(['answer']);
    expect(pageOf(tagged)[0].scores?.context).toBeUndefined();
  });

  it('is context only within one conversation: notes stored a second apart without a session lend nothing', async () => {
    // The same turns typed as notes (no session): nobody's neighbour.
    const notes = await conversation({}, null);
    const r = await notes.s.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(order(r, notes.ids)).toEqual(['question', 'distractor', 'other', 'answer']);
    for (const m of pageOf(r)) expect(m.scores?.context).toBeUndefined();
    // Two sessions side by side: the answer of another session is no context either.
    const two = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const q = (await two.store({ content: 'Did you finally fix the flaky payment webhook?', timestamp: '2026-05-01T10:00:00Z', metadata: { session: 'a' } })).id;
    const a = (await two.store({ content: 'Yes! Took two days, the webhook race was in the retry queue.', timestamp: '2026-05-01T10:00:01Z', metadata: { session: 'b' } })).id;
    const r2 = await two.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(pageOf(r2).map((m) => m.id)).toEqual([q, a]);
    for (const m of pageOf(r2)) expect(m.scores?.context).toBeUndefined();
    // One CI job (run and job id, as the Action records them) is one conversation.
    const job = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    await job.store({ content: 'Did you finally fix the flaky payment webhook?', timestamp: '2026-05-01T10:00:00Z', metadata: { run_id: '42', job_id: 'build' } });
    await job.store({ content: 'Yes! Took two days, the webhook race was in the retry queue.', timestamp: '2026-05-01T10:00:01Z', metadata: { run_id: '42', job_id: 'build' } });
    const r3 = await job.search({ query: 'payment webhook' }, { embedder: embedderFor() });
    expect(pageOf(r3)[1].scores?.context).toBeGreaterThan(0);
  });

  it('"vpn deploy": a note stored a second after the VPN note gets no context from it', async () => {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    const t = Date.parse('2026-05-01T10:00:00Z');
    // A team's notes, typed one after another (20+: the per-query calibration and page support run).
    for (let i = 0; i < 22; i++) await s.store({ content: `Runbook step ${i}: check the dashboard of service ${i} before lunch`, timestamp: new Date(t - 3_600_000 + i * 1000).toISOString() });
    const vpn = (await s.store({ content: 'Deploys to production need the VPN', timestamp: new Date(t).toISOString() })).id;
    const pg = (await s.store({ content: 'Postgres runs with 20 connections per service; deploy changes to the pool with care', timestamp: new Date(t + 1000).toISOString() })).id;
    const r = await s.search({ query: 'vpn deploy' }, { embedder: embedderFor() });
    expect(r.results[0].id).toBe(vpn);
    const pgHit = pageOf(r).find((m) => m.id === pg)!;
    expect(pgHit).toBeDefined();
    expect(pgHit.scores?.context).toBeUndefined();
  });
});

describe('memory search --mode (CLI)', () => {
  // Many CLI processes: generous time on a loaded machine.
  it('reports the mode, embeds once into the local cache, re-embeds on a model change, and a clone reuses committed vectors', { timeout: 240_000 }, async () => {
    const repo = makeRepo();
    const env = httpEnv('bow');
    for (const c of ['The API rate limit is 100 requests per minute', 'Deploys need the VPN', 'The user prefers tabs over spaces']) {
      expect((await runCli(repo, ['store', c, '--json'], { env })).code).toBe(0);
    }
    const r = await runCli(repo, ['search', 'rate limit', '--json'], { env });
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, mode: 'hybrid', vectors: { model: 'openai:bow', embedded: 3 } });
    expect(r.json.results[0].content).toContain('rate limit');
    expect((await runCli(repo, ['search', 'rate limit', '--json'], { env })).json.vectors.embedded).toBe(0);
    // Searches never commit: the vectors are in the local cache only.
    expect(git(repo, 'ls-tree', '-r', '--name-only', 'memory')).not.toContain('vectors/');

    const human = await runCli(repo, ['search', 'rate limit', '--mode', 'vector'], { env });
    expect(human.stderr).toContain('vector search');

    const v2 = await runCli(repo, ['search', 'rate limit', '--json'], { env: httpEnv('bow-2') });
    expect(v2.json.vectors).toMatchObject({ model: 'openai:bow-2', embedded: 3, reused: 0 });

    // memory embed commits what the searches computed, without embedding again.
    const beforeEmbed = server.texts();
    expect((await runCli(repo, ['embed', '--json'], { env })).json).toMatchObject({ embedded: 0, fromCache: 3, commits: 1 });
    expect(server.texts()).toBe(beforeEmbed);
    const origin = makeRepo({ bare: true });
    git(repo, 'push', '-q', origin, 'memory:memory');
    const clone = tempDir('gm-clone-');
    git(clone, 'clone', '-q', '--branch', 'memory', origin, '.');
    const before = server.texts();
    const c = await runCli(clone, ['search', 'VPN', '--json'], { env });
    expect(c.json.vectors).toMatchObject({ embedded: 0, reused: 3 });
    expect(server.texts() - before).toBe(1); // the query alone

    const bad = await runCli(repo, ['search', 'x', '--mode', 'semantic', '--json'], { env });
    expect(bad.code).not.toBe(0);
  });

  it('memory embed backfills and commits vectors; --mode falls back when the server is down', { timeout: 240_000 }, async () => {
    const repo = makeRepo();
    const env = httpEnv('bow');
    await runCli(repo, ['store', 'one memory about caching', '--json'], { env });
    await runCli(repo, ['store', 'another about retries', '--json'], { env });
    const e = await runCli(repo, ['embed', '--json'], { env });
    expect(e.json).toMatchObject({ success: true, model: 'openai:bow', embedded: 2 });
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toContain('embed 2 memories');
    expect((await runCli(repo, ['embed', '--json'], { env })).json).toMatchObject({ embedded: 0, reused: 2, commit: null });

    const down = await runCli(repo, ['search', 'caching', '--json'], { env: { ...env, MEMORY_EMBEDDER_URL: 'http://127.0.0.1:9/v1', MEMORY_EMBEDDER_TIMEOUT_MS: '2000' } });
    expect(down.json).toMatchObject({ success: true, mode: 'fulltext', fallback: { from: 'hybrid', code: 'EMBEDDER_ERROR' } });
    expect(down.json.results[0].content).toContain('caching');
    const none = await runCli(repo, ['embed', '--json'], { env: { MEMORY_EMBEDDER: 'none' } });
    expect(none.json.error.code).toBe('EMBEDDER_ERROR');
  });
});
