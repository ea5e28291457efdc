// The import's blob compressor: its worker thread (src/lifecycle/blob-worker.ts, built here with the
// build's own function, as Node 20 cannot start a .ts worker) must produce exactly what the pack writer
// and contentHash produce on the main thread. Whether the built dist finds the worker is
// test/lifecycle/blob-worker.e2e.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BlobCompressor, builtWorker } from '../../src/lifecycle/blob-compressor.js';
import { packGroup, type PackAnswer, type PackRequest } from '../../src/lifecycle/blob-group.js';
import { writeBlobPack } from '../../src/git/pack-write.js';
import { contentHash } from '../../src/guards/fingerprints.js';
import { memoryToFile } from '../../src/model/memory.js';
import { buildBlobWorker } from '../../scripts/build-worker.mjs';
import { gitEnv, makeRepo, rngInt, tempDir } from '../helpers.js';

let worker = '';
beforeAll(async () => {
  worker = await buildBlobWorker(join(tempDir('gm-worker-'), 'blob-worker.cjs'));
});

const blobs = () =>
  Array.from({ length: 700 }, (_, i) => Buffer.from(`---\nid: mem_${i}\n---\n${'word '.repeat(i % 90)}${i}\n${i % 7 === 0 ? 'x'.repeat(70_000) : ''}`));

function packFiles(repo: string): Buffer[] {
  const dir = join(repo, '.git', 'objects', 'pack');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.pack') || n.endsWith('.idx'))
    .sort((a, b) => (a.endsWith('.idx') ? 1 : 0) - (b.endsWith('.idx') ? 1 : 0))
    .map((n) => readFileSync(join(dir, n)));
}

/** Sends one request to a worker thread started from the built file; its answer. */
async function onWorker(req: PackRequest): Promise<PackAnswer> {
  const w = new Worker(worker);
  try {
    return await new Promise<PackAnswer>((resolve, reject) => {
      w.once('message', resolve);
      w.once('error', reject);
      w.postMessage(req, [req.buf]);
    });
  } finally {
    await w.terminate();
  }
}

function request(items: Buffer[], digests: Array<{ from: number; scope: string } | null>): PackRequest {
  const buf = Buffer.concat(items);
  return {
    group: 7,
    buf: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) as ArrayBuffer,
    lens: new Uint32Array(items.map((b) => b.length)),
    froms: new Int32Array(digests.map((d) => (d ? d.from : -1))),
    scopes: digests.map((d) => d?.scope ?? ''),
  };
}

describe('the blob compressor (import)', () => {
  it('from src/ has no worker: nothing runs off the main thread unless a built worker is given', () => {
    expect(builtWorker()).toBeUndefined();
    expect(new BlobCompressor().active).toBe(false);
  });

  it("the worker thread's answer equals packGroup's on this thread, byte for byte", async () => {
    const items = blobs().slice(0, 60);
    const digests = items.map((b, i) => (i % 2 ? { from: b.indexOf('---\n', 4) + 4, scope: i % 3 ? 'team/a' : '' } : null));
    const here = packGroup(request(items, digests));
    const there = await onWorker(request(items, digests));
    expect(there.group).toBe(7);
    expect(Buffer.from(there.buf).equals(Buffer.from(here.buf))).toBe(true);
    expect([...there.lens]).toEqual([...here.lens]);
    expect([...there.crcs]).toEqual([...here.crcs]);
    expect(Buffer.from(there.ids).equals(Buffer.from(here.ids))).toBe(true);
    expect(Buffer.from(there.digests).equals(Buffer.from(here.digests))).toBe(true);
  });

  it('writes the same pack, byte for byte, as compressing on the main thread, and git verifies it', async () => {
    const plain = makeRepo({ commit: true });
    const ids = writeBlobPack(join(plain, '.git', 'objects'), blobs());
    const threaded = makeRepo({ commit: true });
    const c = new BlobCompressor({ threads: 2, worker });
    expect(c.active).toBe(true);
    const items = blobs().map((b) => c.add(b));
    await c.settle();
    expect(items.every((i) => i.packed && i.id)).toBe(true);
    const ids2 = writeBlobPack(join(threaded, '.git', 'objects'), items);
    await c.close();
    expect(ids2).toEqual(ids);
    expect(items.map((i) => i.id)).toEqual(ids);
    const [p1, i1] = packFiles(plain);
    const [p2, i2] = packFiles(threaded);
    expect(Buffer.compare(p1, p2)).toBe(0);
    expect(Buffer.compare(i1, i2)).toBe(0);
    // git checks what both paths share: each object's id, and (index-pack --verify) each entry's CRC-32.
    for (const repo of [plain, threaded]) {
      const idx = readdirSync(join(repo, '.git', 'objects', 'pack')).find((n) => n.endsWith('.idx'))!;
      execFileSync('git', ['verify-pack', join(repo, '.git', 'objects', 'pack', idx)], { env: gitEnv });
    }
    expect(execFileSync('git', ['cat-file', '-p', ids[5]], { cwd: threaded, env: gitEnv }).toString()).toBe(blobs()[5].toString());
  });

  it('without workers (or after they are gone, or when the worker file is missing) leaves blobs to the pack writer', async () => {
    const none = new BlobCompressor({ threads: 0, worker });
    expect(none.active).toBe(false);
    const item = none.add(Buffer.from('hello\n'));
    await none.settle();
    expect(item.packed).toBeUndefined();
    const closed = new BlobCompressor({ threads: 1, worker });
    await closed.close();
    const late = closed.add(Buffer.from('late\n'));
    await closed.settle();
    expect(late.packed).toBeUndefined();
    const missing = new BlobCompressor({ threads: 1, worker: join(tempDir(), 'no-such-worker.cjs') });
    const lost = missing.add(Buffer.from('lost\n'), { from: 0 });
    await missing.settle();
    await missing.close();
    expect(lost.packed).toBeUndefined();
    expect(lost.digest).toBeUndefined();
    const repo = makeRepo({ commit: true });
    const [id, , id3] = writeBlobPack(join(repo, '.git', 'objects'), [item, late, lost]);
    expect(execFileSync('git', ['cat-file', '-p', id], { cwd: repo, env: gitEnv }).toString()).toBe('hello\n');
    expect(execFileSync('git', ['cat-file', '-p', id3], { cwd: repo, env: gitEnv }).toString()).toBe('lost\n');
  });

  it("digests a memory file's content on the worker exactly as the de-duplication hash does", async () => {
    // Whitespace of every kind JS's \s knows, multi-byte text, a lone surrogate (encoded as U+FFFD on
    // both sides), scopes with odd characters, content that looks like front matter.
    const pieces = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff', 'é', '日本', '🙂', '\ud800', '---\n', 'a', 'word', '  ', '\v\f'];
    const rnd = rngInt(7);
    const cases = Array.from({ length: 400 }, (_, i) => {
      const content = Array.from({ length: 1 + rnd(30) }, () => pieces[rnd(pieces.length)]).join('');
      const scope = i % 3 === 0 ? undefined : i % 3 === 1 ? 'team/a' : 'ünï\u00a0code';
      return { content, scope };
    });
    const c = new BlobCompressor({ threads: 1, worker });
    const items = cases.map(({ content, scope }, i) => {
      const file = Buffer.from(memoryToFile({ id: `mem_${i}`, content, tags: [], category: 'general', priority: 'medium', timestamp: '2026-01-01T00:00:00.000Z', metadata: {}, path: 'x', extra: {}, ...(scope ? { scope } : {}) }));
      return c.add(file, { from: file.length - Buffer.byteLength(content), scope });
    });
    await c.settle();
    await c.close();
    expect(items.map((it) => it.digest)).toEqual(cases.map(({ content, scope }) => contentHash(content, scope)));
    // And the hash is what it says: SHA-1 over scope, NUL, the text with whitespace runs made one space and trimmed.
    const sha = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 24);
    expect(contentHash(' a\u00a0\t b\n', 'team/a')).toBe(sha('team/a\0a b'));
    expect(contentHash('x')).toBe(sha('\0x'));
  });
});
