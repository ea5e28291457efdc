import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlobCompressor } from '../../src/git/blob-compressor.js';
import { writeBlobPack } from '../../src/git/pack-write.js';
import { contentHash } from '../../src/lifecycle/fingerprints.js';
import { memoryToFile } from '../../src/core/memory.js';
import { gitEnv, makeRepo } from '../helpers.js';

const blobs = () =>
  Array.from({ length: 700 }, (_, i) => Buffer.from(`---\nid: mem_${i}\n---\n${'word '.repeat(i % 90)}${i}\n${i % 7 === 0 ? 'x'.repeat(70_000) : ''}`));

function packFiles(repo: string): Buffer[] {
  const dir = join(repo, '.git', 'objects', 'pack');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.pack') || n.endsWith('.idx'))
    .sort((a, b) => (a.endsWith('.idx') ? 1 : 0) - (b.endsWith('.idx') ? 1 : 0))
    .map((n) => readFileSync(join(dir, n)));
}

describe('writeBlobPack with a BlobCompressor (import)', () => {
  it('writes the same pack, byte for byte, as compressing on the main thread, and git verifies it', async () => {
    const plain = makeRepo({ commit: true });
    const ids = writeBlobPack(join(plain, '.git', 'objects'), blobs());
    const threaded = makeRepo({ commit: true });
    const c = new BlobCompressor(2);
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
    const idx = readdirSync(join(threaded, '.git', 'objects', 'pack')).find((n) => n.endsWith('.idx'))!;
    execFileSync('git', ['verify-pack', join(threaded, '.git', 'objects', 'pack', idx)], { env: gitEnv });
    expect(execFileSync('git', ['cat-file', '-p', ids[5]], { cwd: threaded, env: gitEnv }).toString()).toBe(blobs()[5].toString());
  });

  it('without workers (or after they are gone) leaves blobs to the pack writer, which compresses them itself', async () => {
    const none = new BlobCompressor(0);
    expect(none.active).toBe(false);
    const item = none.add(Buffer.from('hello\n'));
    await none.settle();
    expect(item.packed).toBeUndefined();
    const closed = new BlobCompressor(1);
    await closed.close();
    const late = closed.add(Buffer.from('late\n'));
    await closed.settle();
    expect(late.packed).toBeUndefined();
    const repo = makeRepo({ commit: true });
    const [id] = writeBlobPack(join(repo, '.git', 'objects'), [item, late]);
    expect(execFileSync('git', ['cat-file', '-p', id], { cwd: repo, env: gitEnv }).toString()).toBe('hello\n');
  });

  it("digests a memory file's content on the worker exactly as the de-duplication hash does", async () => {
    // Whitespace of every kind JS's \s knows, multi-byte text, a lone surrogate (encoded as U+FFFD on
    // both sides), scopes with odd characters, content that looks like front matter.
    const pieces = [' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff', 'é', '日本', '🙂', '\ud800', '---\n', 'a', 'word', '  ', '\v\f'];
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const cases = Array.from({ length: 400 }, (_, i) => {
      const content = Array.from({ length: 1 + rnd(30) }, () => pieces[rnd(pieces.length)]).join('');
      const scope = i % 3 === 0 ? undefined : i % 3 === 1 ? 'team/a' : 'ünï\u00a0code';
      return { content, scope };
    });
    const c = new BlobCompressor(1);
    const items = cases.map(({ content, scope }, i) => {
      const file = Buffer.from(memoryToFile({ id: `mem_${i}`, content, tags: [], category: 'general', priority: 'medium', timestamp: '2026-01-01T00:00:00.000Z', metadata: {}, path: 'x', extra: {}, ...(scope ? { scope } : {}) }));
      return c.add(file, { from: file.length - Buffer.byteLength(content), prefix: (scope ?? '') + '\0' });
    });
    await c.settle();
    await c.close();
    expect(items.map((it) => it.digest)).toEqual(cases.map(({ content, scope }) => contentHash(content, scope)));
  });
});
