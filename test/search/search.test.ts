import { existsSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { makeRepo } from '../helpers.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';
import { runs } from '../fc-runs.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();

function open(repo: string) {
  return new MemoryStore({ repo, now: () => NOW, warn: () => {} });
}

async function seed() {
  const repo = makeRepo();
  const s = open(repo);
  const ids: Record<string, string> = {};
  const put = async (key: string, content: string, o: Partial<Parameters<MemoryStore['store']>[0]> = {}) => {
    ids[key] = (await s.store({ content, timestamp: daysAgo(30), tags: [`k-${key}`], ...o })).id;
  };
  await put('rate', 'The API rate limit is 100 requests per minute', { tags: ['api', 'limits'], category: 'infrastructure', priority: 'high' });
  await put('ts', 'TypeScript configuration lives in tsconfig.json with strict mode', { tags: ['typescript'], category: 'project-alpha' });
  await put('node', 'Upgrade node.js to version 20 before deploying', { tags: ['deploy'], priority: 'low' });
  await put('cpp', 'The renderer is written in c++ and built with cmake');
  await put('err', 'The gateway returned error 500 when the cache was cold', { tags: ['incident'], scope: 'team-a' });
  await put('snake', 'Set max_retry_count to 5 in the worker config', { category: 'infrastructure' });
  await put('kebab', 'The feature flag is called dark-mode-beta', { timestamp: daysAgo(2) });
  await put('zh', '用户喜欢简洁的回答，并且希望附带代码示例', { tags: ['偏好'], scope: 'p2p:ou_123' });
  await put('ja', 'データベースの移行は毎週金曜日に実行します', { category: 'database' });
  await put('ko', '배포 전에 데이터베이스 백업을 확인하세요', { timestamp: daysAgo(1) });
  await put('deploy1', 'Deployment to staging uses the blue green strategy', { tags: ['deploy'], timestamp: '2026-01-15T10:00:00Z' });
  await put('deploy2', 'Deployment to production needs the VPN and an approval', { tags: ['deploy', 'prod'], timestamp: '2026-02-20T10:00:00Z' });
  return { repo, s, ids };
}

describe('memory search (library)', async () => {
  const { repo, s, ids } = await seed();
  const idsOf = async (q: Parameters<MemoryStore['search']>[0]) => (await s.search(q)).results.map((r) => r.id);

  it('returns the seed shape, best first', async () => {
    const r = await s.search({ query: 'rate limit' });
    expect(r.success).toBe(true);
    expect(r.results[0].id).toBe(ids.rate);
    const m = r.results[0];
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'relevance']));
    expect(m.content).toBe('The API rate limit is 100 requests per minute');
    expect(typeof m.relevance).toBe('number');
    expect(r.total).toBe(r.results.length);
    for (let i = 1; i < r.results.length; i++) expect(r.results[i - 1].relevance).toBeGreaterThanOrEqual(r.results[i].relevance);
  });

  it('applies the seed boosts: tags, category, priority, recency', async () => {
    const one = (n: string, o: Partial<Parameters<MemoryStore['store']>[0]>) => s.store({ content: `widget note ${n}`, timestamp: daysAgo(100), priority: 'low', tags: [`x-${n}`], ...o });
    const a = await one('aa', {});
    const b = await one('bb', { tags: ['widget', 'x-bb'] });
    const c = await one('cc', { category: 'widget' });
    const d = await one('dd', { priority: 'high' });
    const e = await one('ee', { timestamp: daysAgo(0) });
    const r = await s.search({ query: 'widget' });
    const rel = Object.fromEntries(r.results.map((x) => [x.id, x.relevance]));
    const base = rel[a.id];
    // Tag/category hits add the weight plus a little BM25 from the indexed tag/category field.
    expect(rel[b.id] - base).toBeGreaterThan(3);
    expect(rel[c.id] - base).toBeGreaterThan(2);
    expect(rel[d.id] - base).toBeCloseTo(2, 3);
    expect(rel[e.id] - base).toBeCloseTo(0.7, 3);
    expect(r.results[0].id).toBe(b.id);
    await s.delete(a.id);
    await s.delete(b.id);
    await s.delete(c.id);
    await s.delete(d.id);
    await s.delete(e.id);
  });

  it('reads the boost weights from the config (searchRelevance)', async () => {
    const weighted = new MemoryStore({ repo, now: () => NOW, warn: () => {}, config: { searchRelevance: { tagMatch: 10, categoryMatch: 0, contentMatch: 0 } } });
    const r = await weighted.search({ query: 'deploy' });
    // contentMatch 0: only the tag boost (10 per tag named) and the priority/recency boosts remain.
    const byId = Object.fromEntries(r.results.map((x) => [x.id, x.relevance]));
    expect(byId[ids.deploy1]).toBeCloseTo(10 + 1, 3);
    expect(byId[ids.node]).toBeCloseTo(10 + 0, 3);
    weighted.close();
  });

  it('finds identifiers: node.js, c++, error 500, snake_case, kebab-case', async () => {
    expect((await idsOf({ query: 'node.js' }))[0]).toBe(ids.node);
    expect((await idsOf({ query: 'node' }))[0]).toBe(ids.node);
    expect(await idsOf({ query: 'c++' })).toEqual([ids.cpp]);
    expect((await idsOf({ query: 'error 500' }))[0]).toBe(ids.err);
    expect(await idsOf({ query: 'max_retry_count' })).toEqual([ids.snake]);
    expect(await idsOf({ query: 'retry count' })).toEqual([ids.snake]);
    expect((await idsOf({ query: 'dark-mode-beta' }))[0]).toBe(ids.kebab);
    expect(await idsOf({ query: 'tsconfig.json' })).toEqual([ids.ts]);
  });

  it('stems English words', async () => {
    expect((await idsOf({ query: 'deploying' }))).toContain(ids.node);
    expect((await idsOf({ query: 'limits' }))[0]).toBe(ids.rate);
  });

  it('searches Chinese, Japanese and Korean text', async () => {
    expect(await idsOf({ query: '简洁' })).toEqual([ids.zh]);
    expect(await idsOf({ query: '代码示例' })).toEqual([ids.zh]);
    expect((await idsOf({ query: '偏好' }))[0]).toBe(ids.zh);
    expect(await idsOf({ query: 'データベース' })).toEqual([ids.ja]);
    expect(await idsOf({ query: '데이터베이스' })).toEqual([ids.ko]);
    expect(await idsOf({ query: '码' })).toEqual([ids.zh]);
  });

  it('filters: tags (all must match), category, priority, scope', async () => {
    expect(new Set(await idsOf({ tags: ['deploy'] }))).toEqual(new Set([ids.node, ids.deploy1, ids.deploy2]));
    expect(await idsOf({ tags: ['deploy', 'prod'] })).toEqual([ids.deploy2]);
    expect(await idsOf({ tags: 'deploy,prod' })).toEqual([ids.deploy2]);
    expect(await idsOf({ tags: ['deploy', 'nope'] })).toEqual([]);
    expect(new Set(await idsOf({ category: 'infrastructure' }))).toEqual(new Set([ids.rate, ids.snake]));
    expect(await idsOf({ priority: 'high' })).toEqual([ids.rate]);
    expect(await idsOf({ scope: 'team-a' })).toEqual([ids.err]);
    expect(await idsOf({ scope: 'p2p:ou_123' })).toEqual([ids.zh]);
    expect(await idsOf({ query: 'deployment', tags: ['prod'] })).toEqual([ids.deploy2]);
    expect(await idsOf({ query: 'rate limit', tags: ['api'], category: 'infrastructure', priority: 'high' })).toEqual([ids.rate]);
    expect(await idsOf({ query: 'rate limit', category: 'project-alpha' })).toEqual([]);
  });

  it('filters alone list newest first, with limit and total', async () => {
    const all = await s.search({});
    expect(all.total).toBe(12);
    expect(all.results).toHaveLength(10);
    expect(all.results[0].id).toBe(ids.ko);
    expect(all.results[1].id).toBe(ids.kebab);
    const ts = all.results.map((r) => r.timestamp);
    expect([...ts].sort().reverse()).toEqual(ts);
    const page = await s.search({ tags: ['deploy'], limit: 2 });
    expect(page.results.map((r) => r.id)).toEqual([ids.deploy2, ids.node]);
    expect(page.total).toBe(3);
  });

  it('date filters: after/before are exclusive, dates are midnight UTC, days counts back from now', async () => {
    // node is tagged deploy too, at 2026-01-30T12:00Z.
    const dq = { query: 'deployment', tags: ['deploy'] };
    expect(new Set(await idsOf({ ...dq, after: '2026-01-01', before: '2026-02-25' }))).toEqual(new Set([ids.deploy1, ids.deploy2, ids.node]));
    expect(new Set(await idsOf({ ...dq, after: '2026-01-15T10:00:00Z' }))).toEqual(new Set([ids.deploy2, ids.node]));
    expect(await idsOf({ ...dq, before: '2026-01-15T10:00:00Z' })).toEqual([]);
    expect(await idsOf({ ...dq, before: '2026-01-15T10:00:00.001Z' })).toEqual([ids.deploy1]);
    expect(await idsOf({ ...dq, after: '2026-02-20' })).toEqual([ids.deploy2]);
    expect(await idsOf({ ...dq, after: '2026-01-30T12:00:00Z', before: '2026-02-20T10:00:00Z' })).toEqual([]);
    // 13:00+02:00 is 11:00Z, an hour before node; a datetime without offset is UTC.
    expect(new Set(await idsOf({ ...dq, after: '2026-01-30T13:00:00+02:00', before: '2026-02-20T10:00:01' }))).toEqual(new Set([ids.node, ids.deploy2]));
    expect(new Set(await idsOf({ days: 3 }))).toEqual(new Set([ids.ko, ids.kebab]));
    expect(await idsOf({ days: 1.5 })).toEqual([ids.ko]);
  });

  it('rejects bad filter values with INVALID_INPUT', async () => {
    for (const q of [{ after: 'yesterday' }, { before: '2026-13-45' }, { before: '2026-02-30' }, { after: '2026-01-01T25:00:00Z' }, { days: -1 }, { days: 'x' as unknown as number }, { limit: 0 }, { limit: 1.5 }, { priority: 'urgent' as 'high' }, { query: 42 as unknown as string }]) {
      await expect(s.search(q)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  it('never throws on hostile query strings', async () => {
    for (const q of ['foo:bar', 'foo:', ':', 'http://x.com', 'a~', '^', '^2', 'foo^x', '-', '+', 'foo -', '*', '', '   ', '"', 'title:*', '\u0000', '\ud800']) {
      const r = await s.search({ query: q });
      expect(r.success).toBe(true);
    }
    expect((await s.search({ query: 'http://x.com' })).total).toBe(0);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom('*', '~', '^', ':', '-', '+', '"', '\\')), async (q) => {
        const r = await s.search({ query: q, limit: 3 });
        expect(r.success).toBe(true);
        expect(r.results.length).toBeLessThanOrEqual(3);
        for (const x of r.results) expect(Number.isFinite(x.relevance)).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keeps its cache under the git dir, outside the work tree', () => {
    expect(existsSync(join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.base`))).toBe(true);
    expect(readdirSync(repo).filter((f) => f !== '.git')).toEqual([]);
  });
});

describe('index cache', () => {
  it('sees new memories from another writer, through a delta equal to a full rebuild', async () => {
    const repo = makeRepo();
    const a = open(repo);
    for (let i = 0; i < 30; i++) await a.store({ content: `base memory number ${i} about topic${i % 5} and apples`, timestamp: daysAgo(40 + i) });
    await a.search({ query: 'apples' });
    const b = open(repo);
    const extra = await b.store({ content: 'fresh memory about apples and pears', timestamp: daysAgo(10) });
    const gone = (await a.search({ query: 'topic3' })).results[0].id;
    await b.delete(gone);
    const viaDelta = await a.search({ query: 'apples pears topic3', limit: 50 });
    expect(viaDelta.results[0].id).toBe(extra.id);
    expect(viaDelta.results.map((r) => r.id)).not.toContain(gone);
    expect(existsSync(join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.delta`))).toBe(true);
    const fresh = open(repo);
    await fresh.rebuildIndex();
    const full = await fresh.search({ query: 'apples pears topic3', limit: 50 });
    expect(viaDelta).toEqual(full);
  });

  it('compacts a large delta into a new base without changing results', async () => {
    const repo = makeRepo();
    const a = open(repo);
    for (let i = 0; i < 5; i++) await a.store({ content: `seed ${i} lorem`, timestamp: daysAgo(50) });
    await a.search({ query: 'lorem' });
    const b = open(repo);
    // Written in one commit: far more than the compaction threshold.
    const changes = new Map<string, Buffer | null>();
    const tip = b.tip();
    const { memoryToFile } = await import('../../src/model/memory.js');
    const { newId, pathFor } = await import('../../src/model/id.js');
    for (let i = 0; i < 600; i++) {
      const ts = daysAgo(20);
      const id = newId(Date.parse(ts));
      const path = pathFor(id, ts);
      changes.set(path, Buffer.from(memoryToFile({ id, content: `bulk ${i} lorem ipsum ${i % 7 === 0 ? 'septem' : ''}`, tags: [], category: 'general', priority: 'medium', timestamp: ts, metadata: {} })));
    }
    await b.git.commit({ ref: b.ref, expect: tip, changes, message: 'bulk', author: { name: 't', email: 't@x' } });
    const r = await a.search({ query: 'septem', limit: 200 });
    expect(r.total).toBe(86);
    const base = readFileSync(join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.base`));
    expect(base.toString('latin1')).toContain(a.treeOf(a.tip())!);
    const fresh = open(repo);
    await fresh.rebuildIndex();
    expect(await fresh.search({ query: 'septem lorem', limit: 700 })).toEqual(await a.search({ query: 'septem lorem', limit: 700 }));
  });

  it('rebuilds a corrupt or truncated cache instead of trusting it', async () => {
    const repo = makeRepo();
    const a = open(repo);
    const m = await a.store({ content: 'kiwi fruit memory' });
    await a.search({ query: 'kiwi' });
    const file = join(repo, '.git', 'git-memory', 'memory', `search-v${SEGMENT_FORMAT}.base`);
    const good = readFileSync(file);
    for (const damage of [
      () => truncateSync(file, Math.floor(good.length / 2)),
      () => writeFileSync(file, 'garbage'),
      () => {
        const bad = Buffer.from(good);
        bad[bad.length - 20] ^= 0xff;
        writeFileSync(file, bad);
      },
      () => writeFileSync(file, ''),
    ]) {
      damage();
      const r = await open(repo).search({ query: 'kiwi' });
      expect(r.results.map((x) => x.id)).toEqual([m.id]);
      expect(readFileSync(file).length).toBe(good.length);
    }
  });

  it('reports indexed and skipped files on rebuild', async () => {
    const repo = makeRepo();
    const a = open(repo);
    await a.store({ content: 'one' });
    await a.store({ content: 'two' });
    await a.git.commit({ ref: a.ref, expect: a.tip(), changes: new Map([['memories/bad.md', Buffer.from('---\n: : [\n---\nbroken')]]), message: 'bad', author: { name: 't', email: 't@x' } });
    const r = await a.rebuildIndex();
    expect(r).toMatchObject({ success: true, indexed: 2, skipped: 1 });
    expect((await a.search({ query: 'two' })).total).toBe(1);
  });

  it('keeps up with its own stores and deletes in a long-lived process', async () => {
    const repo = makeRepo();
    const a = open(repo);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await a.store({ content: `session note ${i} about quince${i}`, tags: ['s'] })).id);
      expect((await a.search({ query: `quince${i}` })).results.map((r) => r.id)).toEqual([ids[i]]);
      if (i % 4 === 3) {
        await a.delete(ids[i - 1]);
        expect((await a.search({ query: `quince${i - 1}` })).total).toBe(0);
      }
    }
    const fresh = open(repo);
    await fresh.rebuildIndex();
    expect(await a.search({ query: 'session note', limit: 20 })).toEqual(await fresh.search({ query: 'session note', limit: 20 }));
  });

  it('ignores and removes caches of another index format', async () => {
    const repo = makeRepo();
    const a = open(repo);
    await a.store({ content: 'plum memory', tags: ['x'] });
    const dir = join(repo, '.git', 'git-memory', 'memory');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `search-v${SEGMENT_FORMAT + 7}.base`), 'from a newer or older release');
    expect((await open(repo).search({ query: 'plum' })).total).toBe(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('search-'))).toEqual([`search-v${SEGMENT_FORMAT}.base`]);
  });

  it('works on an empty branch', async () => {
    const repo = makeRepo();
    const a = open(repo);
    expect(await a.search({ query: 'x' })).toEqual({ success: true, results: [], weak: [], total: 0, mode: 'fulltext', nothingConfident: 'no memory matches the query' });
    expect(await a.rebuildIndex()).toMatchObject({ indexed: 0, skipped: 0 });
  });
});
