import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { HttpEmbedder } from '../../src/embed/index.js';
import { encodeVector, decodeVector, contentHash } from '../../src/vector/codec.js';
import { BranchVectors, vectorPath } from '../../src/vector/branch.js';
import { VectorIndex } from '../../src/vector/index.js';
import { openMemory } from '../../src/api.js';
import { embedMemories } from '../../src/lifecycle/embed.js';
import { storeVectorsFrom } from '../../src/vector/write.js';
import { cliAsync, git, makeRepo, tempDir } from '../helpers.js';
import { bowEnv, startEmbedServer, type EmbedServer } from './embed-server.js';
import { runCli } from '../run-cli.js';

let server: EmbedServer;
beforeAll(async () => {
  server = await startEmbedServer();
});
afterAll(() => server.close());

const embedder = (model = 'bow') => new HttpEmbedder({ model, baseUrl: server.url, batchSize: 8 });
const texts = [
  'The API rate limit is 100 requests per minute',
  'Deploys to production need the VPN',
  'The user prefers TypeScript over JavaScript',
  'Staging database password rotates monthly',
];

async function seeded(): Promise<MemoryStore> {
  const s = new MemoryStore({ repo: makeRepo(), warn: () => {} });
  for (const content of texts) await s.store({ content });
  return s;
}

function vectorFiles(repo: string, branch = 'memory'): string[] {
  return git(repo, 'ls-tree', '-r', '--name-only', branch, 'vectors').split('\n').filter(Boolean);
}

describe('vector files', () => {
  it('round-trip through the int8 encoding with cosine error under 0.01', () => {
    const v = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i * 1.7));
    const n = Math.hypot(...v);
    v.forEach((x, i) => (v[i] = x / n));
    const d = decodeVector(encodeVector('m@1', contentHash('x'), v))!;
    expect(d.model).toBe('m@1');
    expect(d.hash).toBe(contentHash('x'));
    const idx = new VectorIndex(512, [{ id: 'mem_a', hash: d.hash, scale: d.scale, data: d.data }]);
    expect(Math.abs(idx.scoreAll(v)[0] - 1)).toBeLessThan(0.01);
    expect(decodeVector(Buffer.from('GMV1 not a vector'))).toBeNull();
    expect(decodeVector(Buffer.alloc(0))).toBeNull();
  });
});

describe('vectors on the branch', () => {
  it('a search embeds into the local cache and never commits; memory embed commits them without re-embedding', async () => {
    const s = await seeded();
    const all = s.filter();
    const tip = s.tip();
    const before = server.texts();
    const first = await new BranchVectors(s, embedder()).ensure(all);
    expect(first.report).toMatchObject({ embedded: 4, reused: 0, missing: 0 });
    expect(s.tip()).toBe(tip);
    expect(vectorFiles(s.git.location.root)).toHaveLength(0);
    expect(server.texts() - before).toBe(4);

    // A new reader (another process) finds them in the local cache.
    const again = await new BranchVectors(s, embedder()).ensure(all);
    expect(again.report).toMatchObject({ embedded: 0, reused: 4 });
    expect(server.texts() - before).toBe(4);
    const q = (await embedder().embed(['what is the API rate limit']))[0];
    expect(again.index.search(q, 1)[0].id).toBe(all.find((m) => m.content.includes('rate limit'))!.id);

    const e = await embedMemories(s, { embedder: embedder() });
    expect(e).toMatchObject({ embedded: 0, fromCache: 4, reused: 0, commits: 1 });
    expect(server.texts() - before).toBe(5); // the query above, nothing more
    const files = vectorFiles(s.git.location.root);
    expect(files).toHaveLength(4);
    expect(files.every((f) => f.startsWith('vectors/openai-bow/') && f.endsWith('.vec'))).toBe(true);
    expect(files).toContain(vectorPath('openai-bow', all[0].id, all[0].timestamp));
    // The committed files hold what the search computed.
    const entry = s.git.entryAt(s.treeOf(s.tip())!, vectorPath('openai-bow', all[0].id, all[0].timestamp))!;
    expect(decodeVector(s.git.readBlob(entry.oid))).toMatchObject({ model: 'openai:bow', hash: contentHash(all[0].content) });
    // The catalog only reads memories/: still four memories.
    expect(s.filter()).toHaveLength(4);
    expect((await embedMemories(s, { embedder: embedder() })).commits).toBe(0);
  });

  it('memory embed re-embeds a memory whose content changed and prunes vectors of deleted memories', async () => {
    const s = await seeded();
    await embedMemories(s, { embedder: embedder() });
    const victim = s.filter()[0];
    await s.delete(victim.id);
    await s.update(s.filter()[0].id, { content: 'completely new words here' });
    const r = await embedMemories(s, { embedder: embedder() });
    expect(r).toMatchObject({ embedded: 1, reused: 2, pruned: 1 });
    const repo = s.git.location.root;
    expect(vectorFiles(repo)).toHaveLength(3);
    expect(vectorFiles(repo).some((f) => f.includes(victim.id))).toBe(false);
  });

  it('commits in batches: a failure loses at most the batch in flight, and the next run carries on', async () => {
    const failing = await startEmbedServer({ status: (seq) => (seq === 2 ? 400 : undefined) });
    try {
      const s = new MemoryStore({ repo: makeRepo(), warn: () => {} });
      for (let i = 0; i < 7; i++) await s.store({ content: `note number ${i} about topic ${i}` });
      const e = () => new HttpEmbedder({ model: 'bow', baseUrl: failing.url, batchSize: 8 });
      const progress: number[][] = [];
      const err = await embedMemories(s, { embedder: e(), batchSize: 2, onProgress: (d, t) => progress.push([d, t]) }).catch((x) => x);
      expect(err.code).toBe('EMBEDDER_ERROR');
      // Two batches of two were committed before the third request failed.
      expect(vectorFiles(s.git.location.root)).toHaveLength(4);
      expect(git(s.git.location.root, 'log', '--format=%s', 'memory').split('\n').filter((l) => l.startsWith('memory: embed 2 memories'))).toHaveLength(2);
      expect(progress).toEqual([[2, 7], [4, 7]]);
      const rest = await embedMemories(s, { embedder: e(), batchSize: 2 });
      expect(rest).toMatchObject({ embedded: 3, reused: 4, commits: 2 });
      expect(vectorFiles(s.git.location.root)).toHaveLength(7);
    } finally {
      await failing.close();
    }
  });

  it('re-embeds everything under a new folder when the model changes, never mixing models', async () => {
    const s = await seeded();
    await embedMemories(s, { embedder: embedder('bow') });
    const before = server.texts();
    const r = await embedMemories(s, { embedder: embedder('bow-v2') });
    expect(r).toMatchObject({ embedded: 4, reused: 0, model: 'openai:bow-v2' });
    expect(server.texts() - before).toBe(4);
    const repo = s.git.location.root;
    expect(vectorFiles(repo).filter((f) => f.startsWith('vectors/openai-bow-v2/'))).toHaveLength(4);
    // A vector file copied into the new model's folder by hand is ignored: its header names the old model.
    const m = s.filter()[0];
    const stray = (await embedder('bow').embed([m.content]))[0];
    await s.mutate(() => ({
      change: { changes: new Map([[vectorPath('openai-bow-v2', m.id, m.timestamp), encodeVector('openai:bow', contentHash(m.content), stray)]]), message: 'stray' },
      result: {},
    }));
    const again = await new BranchVectors(s, embedder('bow-v2')).ensure(s.filter());
    expect(again.report).toMatchObject({ embedded: 1, reused: 3 });
  });

  it('a fresh clone reuses the vectors from the branch instead of re-embedding', async () => {
    const s = await seeded();
    const origin = makeRepo({ bare: true });
    await embedMemories(s, { embedder: embedder() });
    const repo = s.git.location.root;
    git(repo, 'push', '-q', origin, 'memory:memory');
    const clone = tempDir('gm-clone-');
    git(clone, 'clone', '-q', '--branch', 'memory', origin, '.');
    const c = new MemoryStore({ repo: clone, warn: () => {} });
    const before = server.texts();
    const r = await new BranchVectors(c, embedder()).ensure(c.filter());
    expect(r.report).toMatchObject({ embedded: 0, reused: 4, missing: 0 });
    expect(server.texts()).toBe(before);
    expect(r.index.size).toBe(4);
  });

  it('asked again for the same vectors through a new list, a reader hands back the index it built; other vectors get a new one', async () => {
    const s = await seeded();
    const v = new BranchVectors(s, embedder());
    await v.ensure(s.filter());
    // A new array each call (as each search lists the memories anew), so it is the rows that match.
    const a = await v.ensure([...s.filter()]);
    const b = await v.ensure([...s.filter()]);
    expect(b.report).toMatchObject({ embedded: 0, reused: 4, missing: 0 });
    expect(b.index).toBe(a.index);
    const q = (await embedder().embed(['Deploys to production need the VPN']))[0];
    expect(b.index.search(q, 1)[0].id).toBe(s.filter().find((m) => m.content.includes('VPN'))!.id);
    // Fewer memories (or a changed one): an index over exactly those rows.
    const fewer = await v.ensure(s.filter().slice(1));
    expect(fewer.index).not.toBe(b.index);
    expect(fewer.index.size).toBe(3);
    // As many rows, not the same ones.
    const others = await v.ensure(s.filter().slice(0, 3));
    expect(others.index).not.toBe(fewer.index);
    await s.store({ content: 'The cache warms up in 30 seconds' });
    const more = await v.ensure(s.filter());
    expect(more.report).toMatchObject({ embedded: 1, reused: 4 });
    expect(more.index).not.toBe(others.index);
    expect(more.index.size).toBe(5);
  });

  it('embeds within a time budget at search time; the rest are missing but still match on full text', async () => {
    const slow = await startEmbedServer({ delay: () => 150 });
    try {
      const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
      const e = new HttpEmbedder({ model: 'bow', baseUrl: slow.url, batchSize: 64 });
      // One memory with a vector: the branch is not a never-embedded one (see the next test).
      await s.store({ content: 'ordinary note about lunch plans', timestamp: '2026-02-01T00:00:00Z' });
      await s.search({ query: 'lunch' }, { embedder: e, embedBudgetMs: Infinity });
      for (let i = 0; i < 29; i++) await s.store({ content: `ordinary note ${i} about lunch plans`, timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
      await s.store({ content: 'the zebra crossing near the office is repainted', timestamp: '2025-06-01T00:00:00Z' });
      const tip = s.tip();
      const r = await s.search({ query: 'zebra crossing' }, { embedder: e, embedBudgetMs: 400 });
      expect(s.tip()).toBe(tip);
      expect(r.mode).toBe('hybrid');
      expect(r.vectors!.reused).toBe(1);
      expect(r.vectors!.embedded).toBeGreaterThan(0);
      expect(r.vectors!.embedded).toBeLessThan(30);
      expect(r.vectors!.missing).toBe(30 - r.vectors!.embedded);
      // The oldest memory is embedded last, so it is among the missing, and still found by its words.
      expect(r.results[0].content).toContain('zebra');
      expect(r.results[0].scores?.fulltext).toBe(1);
      // Bounded by the budget: embedding stopped with memories left (above). How long the search
      // took against the budget is measured by bench/test-bounds.mjs, not asserted on a shared machine.
      // Budget 0: nothing is embedded at search time.
      const none = await new MemoryStore({ repo: s.git.location.root, warn: () => {} }).search({ query: 'zebra' }, { embedder: new HttpEmbedder({ model: 'bow-2', baseUrl: slow.url }), embedBudgetMs: 0 });
      expect(none.vectors).toMatchObject({ embedded: 0, missing: 31 });
      expect(none.results[0].content).toContain('zebra');
    } finally {
      await slow.close();
    }
  });

  it('over a never-embedded branch larger than the budget, searches by full text without loading the model, and says so', async () => {
    const s = new MemoryStore({ repo: makeRepo(), warn: () => {}, config: { autoTag: false } });
    for (let i = 0; i < 40; i++) await s.store({ content: `ordinary note ${i} about lunch plans` });
    await s.store({ content: 'the zebra crossing near the office is repainted' });
    const calls: number[] = [];
    const counting = { id: 'counting@1', englishOnly: false, embed: async (t: string[]) => (calls.push(t.length), t.map(() => Float32Array.from([1, 0, 0]))) };
    const tip = s.tip();
    // Budget 1 s fits about 32 memories; 41 lack a vector and none has one.
    const r = await s.search({ query: 'zebra crossing' }, { embedder: counting, embedBudgetMs: 1000 });
    expect(calls).toEqual([]);
    expect(r.mode).toBe('fulltext');
    expect(r.fallback).toMatchObject({ from: 'hybrid', to: 'fulltext' });
    expect(r.fallback!.reason).toBe('41 of 41 memories have no vector yet');
    expect(r.vectors).toMatchObject({ model: 'counting@1', embedded: 0, reused: 0, missing: 41 });
    expect(r.results[0].content).toContain('zebra');
    expect(s.tip()).toBe(tip);
    // A budget that fits them all: hybrid, every memory embedded into the local cache.
    const all = await s.search({ query: 'zebra crossing' }, { embedder: counting, embedBudgetMs: 60_000 });
    expect(all.mode).toBe('hybrid');
    expect(all.vectors).toMatchObject({ embedded: 41, missing: 0 });
    // Now that vectors exist, a new memory is embedded by the next search as before.
    await s.store({ content: 'a new note about the zebra crossing' });
    const stored = s.tip();
    const next = await s.search({ query: 'zebra' }, { embedder: counting, embedBudgetMs: 1000 });
    expect(next.mode).toBe('hybrid');
    expect(next.vectors).toMatchObject({ embedded: 1, reused: 41, missing: 0 });
    expect(s.tip()).toBe(stored);
  });
});

/** Files a commit changed, but the branch README its first commit adds. */
const changed = (repo: string, commit: string) => git(repo, 'show', '--name-only', '--format=', commit).split('\n').filter((f) => f && f !== 'README.md');

describe('write-time vectors', () => {
  const envOf = () => bowEnv(server);
  const withEnv = async <T>(env: Record<string, string>, f: () => Promise<T>): Promise<T> => {
    const old = { ...process.env };
    Object.assign(process.env, env);
    try {
      return await f();
    } finally {
      for (const k of Object.keys(env)) (old[k] === undefined ? delete process.env[k] : (process.env[k] = old[k]));
    }
  };

  it('openMemory commits each memory and its vector in one commit; an update of the text re-embeds in its commit', async () => {
    const repo = makeRepo();
    await withEnv(envOf(), async () => {
      const mem = openMemory({ repo, warn: () => {}, config: { autoTag: false } });
      const r = await mem.store({ content: 'The staging VPN needs a new certificate' });
      const files = changed(repo, r.commit);
      expect(files).toHaveLength(2);
      expect(files).toContain(vectorPath('openai-bow', r.id, r.timestamp));
      const before = server.texts();
      const s = await mem.search({ query: 'certificate' });
      expect(s.vectors).toMatchObject({ embedded: 0, reused: 1, missing: 0 });
      expect(server.texts() - before).toBe(1); // the query only
      const u = await mem.update(r.id, { content: 'The staging VPN certificate was renewed' });
      expect(changed(repo, u.commit)).toContain(vectorPath('openai-bow', r.id, r.timestamp));
      const tagsOnly = await mem.update(r.id, { tags: ['vpn'] });
      expect(changed(repo, tagsOnly.commit)).toHaveLength(1);
      expect((await mem.search({ query: 'renewed' })).vectors).toMatchObject({ embedded: 0, missing: 0 });
      mem.close();
    });
  });

  it('stores without a vector when the embedder fails, with a warning; embedOnWrite false and the CLI never embed', async () => {
    const repo = makeRepo();
    const warnings: string[] = [];
    await withEnv({ ...envOf(), MEMORY_EMBEDDER_URL: 'http://127.0.0.1:9/v1', MEMORY_EMBEDDER_TIMEOUT_MS: '500' }, async () => {
      const mem = openMemory({ repo, warn: (m) => warnings.push(m) });
      const r = await mem.store({ content: 'stored while the model server is down' });
      expect(changed(repo, r.commit)).toHaveLength(1);
      expect(warnings.some((w) => w.includes('without a vector'))).toBe(true);
      mem.close();
    });
    await withEnv(envOf(), async () => {
      const before = server.texts();
      const mem = openMemory({ repo, embedOnWrite: false });
      const r = await mem.store({ content: 'no vector for this one' });
      expect(changed(repo, r.commit)).toHaveLength(1);
      expect(server.texts()).toBe(before);
      mem.close();
    });
    const before = server.texts();
    const c = await runCli(repo, ['store', 'from the command line', '--json'], { env: envOf() });
    expect(c.code).toBe(0);
    expect(server.texts()).toBe(before);
    expect(changed(repo, 'memory')).toHaveLength(1);
  });

  it('storeVectorsFrom places vectors computed elsewhere, and only for the text they were computed from', () => {
    const v = Float32Array.from({ length: 8 }, (_, i) => (i === 0 ? 1 : 0));
    const sv = storeVectorsFrom('m@1', ['hello'], [v]);
    const changes = new Map<string, Buffer | null>();
    expect(sv.add(changes, 'mem_abc', '2026-01-01T00:00:00.000Z', 'hello')).toBe(true);
    expect(sv.add(changes, 'mem_abd', '2026-01-01T00:00:00.000Z', 'hello, changed')).toBe(false);
    expect([...changes.keys()]).toEqual([vectorPath('m-1', 'mem_abc', '2026-01-01T00:00:00.000Z')]);
    expect(decodeVector(changes.get(vectorPath('m-1', 'mem_abc', '2026-01-01T00:00:00.000Z'))!)).toMatchObject({ model: 'm@1', hash: contentHash('hello') });
  });
});
