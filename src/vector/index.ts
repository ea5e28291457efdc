import { createScanner, type Scanner } from './scan.js';

export interface VectorRow {
  id: string;
  hash: string;
  scale: number;
  data: Int8Array;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity to the query, in [-1, 1]. */
  score: number;
}

/**
 * All vectors of one model in one contiguous int8 matrix (row i = memory ids[i]): a search is a
 * brute-force scan, ~5 M multiply-adds for 10,000 512-dimension vectors, which beats building and
 * keeping an approximate index at the sizes a memory branch reaches (100,000 vectors = 51 MB).
 */
export class VectorIndex {
  readonly ids: string[];
  readonly hashes: string[];
  readonly scales: Float32Array;
  readonly data: Int8Array;
  readonly rowOf: Map<string, number>;
  /** The matrix in WebAssembly memory with a SIMD scan (src/vector/scan.ts), where it runs. */
  private readonly scanner: Scanner | null;

  constructor(readonly dims: number, rows: VectorRow[]) {
    const n = rows.length;
    this.ids = new Array(n);
    this.hashes = new Array(n);
    this.scanner = createScanner(n, dims);
    this.scales = this.scanner?.scales ?? new Float32Array(n);
    this.data = this.scanner?.data ?? new Int8Array(n * dims);
    this.rowOf = new Map();
    rows.forEach((r, i) => {
      if (r.data.length !== dims) throw new Error(`vector of ${r.data.length} dimensions in an index of ${dims}`);
      this.ids[i] = r.id;
      this.hashes[i] = r.hash;
      this.scales[i] = r.scale;
      this.data.set(r.data, i * dims);
      this.rowOf.set(r.id, i);
    });
  }

  get size(): number {
    return this.ids.length;
  }

  /** The stored (dequantised) vector of memory `id`, or null. */
  vector(id: string): Float32Array | null {
    const r = this.rowOf.get(id);
    if (r === undefined) return null;
    const out = new Float32Array(this.dims);
    const base = r * this.dims;
    for (let j = 0; j < this.dims; j++) out[j] = this.data[base + j] * this.scales[r];
    return out;
  }

  /**
   * Cosine similarity of `q` (unit length) with every row, or with the rows whose `only` byte is set
   * (the others stay 0; a row's value is the same either way).
   */
  scoreAll(q: Float32Array, only?: Uint8Array): Float32Array {
    const d = this.dims;
    if (!this.ids.length) return new Float32Array(0);
    if (q.length !== d) throw new Error(`query has ${q.length} dimensions, index ${d}`);
    if (this.scanner) return this.scanner.scan(q, only);
    const n = this.ids.length;
    const out = new Float32Array(n);
    const m = this.data;
    const d4 = d - (d % 4);
    for (let r = 0, base = 0; r < n; r++, base += d) {
      if (only && !only[r]) continue;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j < d4; j += 4) {
        s0 += q[j] * m[base + j];
        s1 += q[j + 1] * m[base + j + 1];
        s2 += q[j + 2] * m[base + j + 2];
        s3 += q[j + 3] * m[base + j + 3];
      }
      for (; j < d; j++) s0 += q[j] * m[base + j];
      out[r] = (s0 + s1 + s2 + s3) * this.scales[r];
    }
    return out;
  }

  /** The `k` rows most similar to `q`, best first; `allow` restricts the rows considered. */
  search(q: Float32Array, k: number, allow?: (id: string) => boolean): VectorHit[] {
    const scores = this.scoreAll(q);
    return topK(scores, k, allow ? (r) => allow(this.ids[r]) : undefined).map((r) => ({ id: this.ids[r], score: scores[r] }));
  }
}

/** Indices of the `k` largest scores, best first (ties: lower index first), via a small min-heap. */
export function topK(scores: Float32Array, k: number, allow?: (row: number) => boolean): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const less = (a: number, b: number) => scores[a] < scores[b] || (scores[a] === scores[b] && a > b);
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l], heap[m])) m = l;
      if (r < heap.length && less(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < scores.length; i++) {
    if (allow && !allow(i)) continue;
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (less(heap[0], i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((a, b) => (less(a, b) ? 1 : less(b, a) ? -1 : 0));
}
