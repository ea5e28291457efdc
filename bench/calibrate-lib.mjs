// Shared helpers of the relevance benchmarks (bench/calibrate.mjs, bench/abstention.mjs,
// bench/locomo-hybrid.mjs): a vector cache so the slow offline model embeds each text once.
//
// Cache: .bench-tmp/vectors-<model slug>.bin (git-ignored), append-only records of
// [16 bytes sha256(text)][dims float32]. `cachedEmbedder(inner)` is an Embedder with the inner model's
// id that answers from the cache and embeds (and appends) only what it has not seen: the vectors a
// store commits are then exactly the model's, only computed once per machine.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const cacheDir = join(root, '.bench-tmp');

const keyOf = (t) => createHash('sha256').update(t).digest('hex').slice(0, 32);

export function cachedEmbedder(inner, { dir = cacheDir, batch = 256, onProgress } = {}) {
  mkdirSync(dir, { recursive: true });
  const slug = inner.id.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  const file = join(dir, `vectors-${slug}.bin`);
  const map = new Map();
  let dims = 0;
  if (existsSync(file)) {
    const buf = readFileSync(file);
    // Record size: first record tells dims via the sidecar header line.
    const head = JSON.parse(readFileSync(file + '.json', 'utf8'));
    dims = head.dims;
    const rec = 16 + dims * 4;
    for (let o = 0; o + rec <= buf.length; o += rec) {
      const k = buf.subarray(o, o + 16).toString('hex');
      map.set(k, new Float32Array(buf.buffer.slice(buf.byteOffset + o + 16, buf.byteOffset + o + rec)));
    }
  }
  let computed = 0;
  const emb = {
    id: inner.id,
    englishOnly: inner.englishOnly,
    get computed() {
      return computed;
    },
    get size() {
      return map.size;
    },
    async embed(texts) {
      const keys = texts.map(keyOf);
      const todo = [...new Set(keys.map((k, i) => (map.has(k) ? -1 : i)).filter((i) => i >= 0).map((i) => texts[i]))];
      for (let i = 0; i < todo.length; i += batch) {
        const part = todo.slice(i, i + batch);
        const vecs = await inner.embed(part);
        if (!dims) {
          dims = vecs[0].length;
          appendFileSync(file + '.json', JSON.stringify({ model: inner.id, dims }));
        }
        const bufs = [];
        part.forEach((t, j) => {
          const k = keyOf(t);
          if (map.has(k)) return;
          map.set(k, vecs[j]);
          bufs.push(Buffer.from(k, 'hex'), Buffer.from(vecs[j].buffer, vecs[j].byteOffset, vecs[j].byteLength));
        });
        appendFileSync(file, Buffer.concat(bufs));
        computed += part.length;
        onProgress?.(Math.min(i + batch, todo.length), todo.length);
      }
      return keys.map((k) => Float32Array.from(map.get(k)));
    },
  };
  return emb;
}

/** Cosine of two unit vectors. */
export function cos(a, b) {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
