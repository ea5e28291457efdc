import { quantize } from '../../src/vector/codec.js';
import { VectorIndex } from '../../src/vector/index.js';

/** A vector index over `ids`, row i holding `vectors[i]` (default: a distinct 2-d vector per row). */
export function indexOf(ids: string[], vectors?: number[][]): VectorIndex {
  const dims = vectors?.[0]?.length ?? 2;
  return new VectorIndex(
    dims,
    ids.map((id, i) => ({ id, hash: id, ...quantize(Float32Array.from(vectors?.[i] ?? [1, i])) })),
  );
}
