import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/core/store.js';
import { HttpEmbedder } from '../../src/embed/index.js';
import { encodeVector, decodeVector, contentHash } from '../../src/vector/codec.js';
import { BranchVectors, vectorPath } from '../../src/vector/branch.js';
import { VectorIndex } from '../../src/vector/index.js';
import { git, makeRepo, tempDir } from '../helpers.js';
import { startEmbedServer, type EmbedServer } from './embed-server.js';

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
  it('embeds each memory once, commits the vectors beside memories/, and reuses them', async () => {
    const s = await seeded();
    const all = s.filter();
    const before = server.texts();
    const first = await new BranchVectors(s, embedder()).ensure(all);
    expect(first.report).toMatchObject({ embedded: 4, reused: 0 });
    expect(first.report.commit).toBe(s.tip());
    expect(server.texts() - before).toBe(4);
    const files = vectorFiles(s.git.location.root);
    expect(files).toHaveLength(4);
    expect(files.every((f) => f.startsWith('vectors/openai-bow/') && f.endsWith('.vec'))).toBe(true);
    expect(files).toContain(vectorPath('openai-bow', all[0].id, all[0].timestamp));
    // The catalog only reads memories/: still four memories.
    expect(s.filter()).toHaveLength(4);

    const again = await new BranchVectors(s, embedder()).ensure(all);
    expect(again.report).toMatchObject({ embedded: 0, reused: 4, commit: null });
    expect(server.texts() - before).toBe(4);
    const q = (await embedder().embed(['what is the API rate limit']))[0];
    expect(again.index.search(q, 1)[0].id).toBe(all.find((m) => m.content.includes('rate limit'))!.id);
  });

  it('re-embeds a memory whose content changed and prunes vectors of deleted memories', async () => {
    const s = await seeded();
    await new BranchVectors(s, embedder()).ensure(s.filter());
    const victim = s.filter()[0];
    await s.delete(victim.id);
    const edited = { ...s.filter()[0], content: 'completely new words here' };
    const list = s.filter().map((m) => (m.id === edited.id ? edited : m));
    const r = await new BranchVectors(s, embedder()).ensure(list, { all: s.filter().map((m) => m.id) });
    expect(r.report).toMatchObject({ embedded: 1, reused: 2, pruned: 1 });
    const repo = s.git.location.root;
    expect(vectorFiles(repo)).toHaveLength(3);
    expect(vectorFiles(repo).some((f) => f.includes(victim.id))).toBe(false);
  });

  it('re-embeds everything under a new folder when the model changes, never mixing models', async () => {
    const s = await seeded();
    await new BranchVectors(s, embedder('bow')).ensure(s.filter());
    const before = server.texts();
    const r = await new BranchVectors(s, embedder('bow-v2')).ensure(s.filter());
    expect(r.report).toMatchObject({ embedded: 4, reused: 0, model: 'openai:bow-v2' });
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
    await new BranchVectors(s, embedder()).ensure(s.filter());
    const repo = s.git.location.root;
    git(repo, 'push', '-q', origin, 'memory:memory');
    const clone = tempDir('gm-clone-');
    git(clone, 'clone', '-q', '--branch', 'memory', origin, '.');
    const c = new MemoryStore({ repo: clone, warn: () => {} });
    const before = server.texts();
    const r = await new BranchVectors(c, embedder()).ensure(c.filter());
    expect(r.report).toMatchObject({ embedded: 0, reused: 4, commit: null });
    expect(server.texts()).toBe(before);
    expect(r.index.size).toBe(4);
  });

  it('keeps new vectors in the local cache when committing is off', async () => {
    const s = await seeded();
    const tip = s.tip();
    const r = await new BranchVectors(s, embedder(), { commit: false }).ensure(s.filter());
    expect(r.report).toMatchObject({ embedded: 4, commit: null });
    expect(s.tip()).toBe(tip);
    const before = server.texts();
    const again = await new BranchVectors(s, embedder(), { commit: false }).ensure(s.filter());
    expect(again.report).toMatchObject({ embedded: 0, reused: 4 });
    expect(server.texts()).toBe(before);
  });
});
