import { describe, expect, it } from 'vitest';
import { createScanner } from '../../src/vector/scan.js';
import { VectorIndex } from '../../src/vector/index.js';
import { rng } from '../helpers.js';

/** The scan as JavaScript computes it (src/vector/index.ts before the WebAssembly scan): the reference. */
function reference(data: Int8Array, scales: Float32Array, d: number, q: Float32Array): Float32Array {
  const n = scales.length;
  const out = new Float32Array(n);
  const d4 = d - (d % 4);
  for (let r = 0, base = 0; r < n; r++, base += d) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let j = 0;
    for (; j < d4; j += 4) {
      s0 += q[j] * data[base + j];
      s1 += q[j + 1] * data[base + j + 1];
      s2 += q[j + 2] * data[base + j + 2];
      s3 += q[j + 3] * data[base + j + 3];
    }
    for (; j < d; j++) s0 += q[j] * data[base + j];
    out[r] = (s0 + s1 + s2 + s3) * scales[r];
  }
  return out;
}

/** Mulberry32. */

function unit(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  return v.map((x) => x / Math.sqrt(s));
}

// What this guards: every float32 cosine equal to the JS loop's (a wrong lane, element, scale or mask
// fails it; checked by breaking one lane once). A change of summation order alone would almost never
// show: the double sums are rounded to float32, which is why the scan keeps the JS order anyway.
describe('vector scan', () => {
  it('WebAssembly SIMD is used on this Node, and its cosines equal the JavaScript loop bit for bit', () => {
    const rand = rng(7);
    for (const [n, d] of [[1, 8], [37, 512], [1000, 512], [5, 64]]) {
      const s = createScanner(n, d);
      expect(s).not.toBeNull();
      for (let i = 0; i < s!.data.length; i++) s!.data[i] = Math.round(rand() * 254 - 127);
      for (let r = 0; r < n; r++) s!.scales[r] = rand() / 100;
      for (let k = 0; k < 5; k++) {
        const q = unit(Float32Array.from({ length: d }, () => rand() - 0.5));
        const want = reference(s!.data, s!.scales, d, q);
        const got = s!.scan(q);
        expect(Array.from(got)).toEqual(Array.from(want));
        // Masked: the rows asked for are the same values, the others 0.
        const only = Uint8Array.from({ length: n }, () => (rand() < 0.3 ? 1 : 0));
        const part = s!.scan(q, only);
        expect(Array.from(part)).toEqual(Array.from(want, (x, r) => (only[r] ? x : 0)));
      }
    }
  });

  it('VectorIndex scores the same with and without the WebAssembly scan, dimensions not a multiple of 8 included', () => {
    const rand = rng(11);
    for (const d of [512, 12, 3]) {
      const rows = Array.from({ length: 50 }, (_, i) => ({ id: `mem_${i}`, hash: 'h', scale: rand() / 50, data: Int8Array.from({ length: d }, () => Math.round(rand() * 254 - 127)) }));
      const index = new VectorIndex(d, rows);
      const q = unit(Float32Array.from({ length: d }, () => rand() - 0.5));
      const scales = Float32Array.from(rows.map((r) => r.scale));
      const data = new Int8Array(50 * d);
      rows.forEach((r, i) => data.set(r.data, i * d));
      expect(Array.from(index.scoreAll(q))).toEqual(Array.from(reference(data, scales, d, q)));
      expect(index.vector('mem_3')).toEqual(Float32Array.from(rows[3].data, (x) => x * scales[3]));
    }
  });
});
