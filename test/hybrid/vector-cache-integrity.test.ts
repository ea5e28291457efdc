// The local vector cache carries a checksum; a cache with flipped bytes is rejected
// and rebuilt instead of silently changing what a vector search returns.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { HttpEmbedder } from '../../src/embed/index.js';
import { BranchVectors } from '../../src/vector/branch.js';
import { makeRepo } from '../helpers.js';
import { startEmbedServer, type EmbedServer } from './embed-server.js';

let server: EmbedServer;
beforeAll(async () => {
  server = await startEmbedServer();
});
afterAll(() => server.close());

const embedder = () => new HttpEmbedder({ model: 'bow', baseUrl: server.url, batchSize: 8 });
const texts = ['The API rate limit is 100 requests per minute', 'Deploys to production need the VPN', 'The user prefers TypeScript over JavaScript', 'Staging database password rotates monthly'];

describe('vector cache integrity', () => {
  it('40 flipped bytes in the cache: rejected with a warning, rebuilt, same results as before', async () => {
    const warnings: string[] = [];
    const s = new MemoryStore({ repo: makeRepo(), warn: (m) => warnings.push(m) });
    for (const content of texts) await s.store({ content });
    const all = s.filter();
    const q = (await embedder().embed(['what is the API rate limit']))[0];
    const first = await new BranchVectors(s, embedder()).ensure(all);
    const want = first.index.search(q, 4).map((h) => [h.id, h.score.toFixed(6)]);

    const dir = join(s.cacheDir, 'vectors');
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.bin'))!);
    const buf = readFileSync(file);
    // Layout: u32 header length, JSON header, then one int8 vector per row: flip 40 bytes spread over them.
    const len = buf.readUInt32LE(0);
    const header = JSON.parse(buf.toString('utf8', 4, 4 + len)) as { dims: number; rows: unknown[] };
    const span = header.dims * header.rows.length;
    expect(span).toBeGreaterThan(40);
    // The test model is a bag of words (most dimensions 0): flip where the query has weight, in every
    // row, then spread the rest of the 40 over the data.
    const hot = [...q.keys()].filter((d) => q[d] !== 0);
    const flips = new Set<number>();
    for (let r = 0; r < header.rows.length; r++) for (const d of hot) flips.add(r * header.dims + d);
    for (let i = 0; flips.size < 40; i++) flips.add(Math.floor((i * span) / 40));
    for (const at of [...flips].slice(0, 40)) buf[4 + len + at] ^= 0x5a;
    writeFileSync(file, buf);

    const before = server.texts();
    const again = await new BranchVectors(s, embedder()).ensure(all);
    expect(again.index.search(q, 4).map((h) => [h.id, h.score.toFixed(6)])).toEqual(want);
    expect(again.report).toMatchObject({ embedded: 4, reused: 0 });
    expect(server.texts() - before).toBe(4);
    expect(warnings.join('\n')).toMatch(/vector cache .*checksum/);

    // The rebuilt cache is whole again: the next reader reuses every vector.
    const third = await new BranchVectors(s, embedder()).ensure(all);
    expect(third.report).toMatchObject({ embedded: 0, reused: 4 });
  });
});
