/**
 * The vector scan of {@link VectorIndex.scoreAll} in WebAssembly SIMD: the cosine of a query with
 * every int8 row, computed with exactly the JavaScript loop's arithmetic, so its results are the same
 * to the last bit (test/hybrid/vector-scan.test.ts): four double accumulators (the JS loop's s0-s3
 * are the lanes of two f64x2 vectors), each adding q[j] × m[j] for its j in the same order, then
 * ((s0 + s1) + s2) + s3, times the row's scale, rounded to float32. The products of a float32 and an
 * int8 are exact in a double and WebAssembly has no fused multiply-add here, so every rounding
 * matches. At 10,000 memories of 512 dimensions it takes about half the time of the JS loop
 * (BENCHMARKS.md, "Warm search latency at 10,000 memories").
 *
 * The module is written out byte by byte below (no toolchain at build time, ~200 bytes). Where
 * WebAssembly SIMD is missing, or the dimension is not a multiple of 8, the JS loop runs instead.
 */

// Opcodes used (core and SIMD, the latter after the 0xfd prefix, LEB128-encoded).
const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  get: 0x20,
  set: 0x21,
  i32Load8U: 0x2d,
  f32Load: 0x2a,
  f32Store: 0x38,
  i32Const: 0x41,
  f32Const: 0x43,
  i32Eqz: 0x45,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Shl: 0x74,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f32DemoteF64: 0xb6,
  f64PromoteF32: 0xbb,
  void: 0x40,
} as const;
const simd = (op: number): number[] => (op < 0x80 ? [0xfd, op] : [0xfd, (op & 0x7f) | 0x80, op >> 7]);
const V128_LOAD = 0x00;
const V128_LOAD8X8_S = 0x01;
const V128_CONST = 0x0c;
const I8X16_SHUFFLE = 0x0d;
const F64X2_EXTRACT_LANE = 0x21;
const I32X4_EXTEND_LOW_I16X8_S = 0xa7;
const I32X4_EXTEND_HIGH_I16X8_S = 0xa8;
const F64X2_ADD = 0xf0;
const F64X2_MUL = 0xf2;
const F64X2_CONVERT_LOW_I32X4_S = 0xfe;

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
const str = (s: string) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

// Parameters: n, d, q (float64 × d), m (int8 × n × d), scales (float32 × n), out (float32 × n), mask (u8 × n, or 0).
const [N, D, Q, M, SCALES, OUT, MASK] = [0, 1, 2, 3, 4, 5, 6];
// Locals: row, column, row pointer (i32); two accumulators, the 8 bytes widened, low and high halves (v128).
const [R, J, ROW, A01, A23, X, LO, HI] = [7, 8, 9, 10, 11, 12, 13, 14];

function body(): number[] {
  const get = (i: number) => [OP.get, i];
  const set = (i: number) => [OP.set, i];
  const c = [];
  // acc += f64x2.convert_low(v) × q[j + k .. j + k + 1]  (k = 0, 2, 4, 6 elements: byte offset 8k)
  const madd = (acc: number, v: number[], k: number) => [
    ...get(acc),
    ...v,
    ...simd(F64X2_CONVERT_LOW_I32X4_S),
    ...get(Q), ...get(J), OP.i32Const, 3, OP.i32Shl, OP.i32Add,
    ...simd(V128_LOAD), 0, ...leb(8 * k),
    ...simd(F64X2_MUL),
    ...simd(F64X2_ADD),
    ...set(acc),
  ];
  // The upper two i32 lanes moved down (for their conversion to doubles).
  const upper = (i: number) => [...get(i), ...get(i), ...simd(I8X16_SHUFFLE), 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
  const zero = [...simd(V128_CONST), ...new Array(16).fill(0)];
  const outAddr = [...get(OUT), ...get(R), OP.i32Const, 2, OP.i32Shl, OP.i32Add];
  c.push(OP.i32Const, 0, ...set(R), ...get(M), ...set(ROW));
  c.push(OP.block, OP.void, OP.loop, OP.void);
  c.push(...get(R), ...get(N), OP.i32GeU, OP.brIf, 1);
  c.push(OP.block, OP.void);
  // A masked-out row is 0.
  c.push(...get(MASK), OP.if, OP.void, ...get(MASK), ...get(R), OP.i32Add, OP.i32Load8U, 0, 0, OP.i32Eqz, OP.if, OP.void);
  c.push(...outAddr, OP.f32Const, 0, 0, 0, 0, OP.f32Store, 2, 0, OP.br, 2, OP.end, OP.end);
  c.push(...zero, ...set(A01), ...zero, ...set(A23), OP.i32Const, 0, ...set(J));
  c.push(OP.block, OP.void, OP.loop, OP.void);
  c.push(...get(J), ...get(D), OP.i32GeU, OP.brIf, 1);
  // Eight int8 values widened to i16, then to two i32x4 halves.
  c.push(...get(ROW), ...get(J), OP.i32Add, ...simd(V128_LOAD8X8_S), 0, 0, ...set(X));
  c.push(...get(X), ...simd(I32X4_EXTEND_LOW_I16X8_S), ...set(LO), ...get(X), ...simd(I32X4_EXTEND_HIGH_I16X8_S), ...set(HI));
  // Elements j, j+1 → (s0, s1); j+2, j+3 → (s2, s3); j+4, j+5 → (s0, s1); j+6, j+7 → (s2, s3): the JS order.
  c.push(...madd(A01, get(LO), 0), ...madd(A23, upper(LO), 2), ...madd(A01, get(HI), 4), ...madd(A23, upper(HI), 6));
  c.push(...get(J), OP.i32Const, 8, OP.i32Add, ...set(J), OP.br, 0, OP.end, OP.end);
  // out[r] = f32(((s0 + s1) + s2) + s3) × scale[r])
  c.push(...outAddr);
  c.push(...get(A01), ...simd(F64X2_EXTRACT_LANE), 0, ...get(A01), ...simd(F64X2_EXTRACT_LANE), 1, OP.f64Add);
  c.push(...get(A23), ...simd(F64X2_EXTRACT_LANE), 0, OP.f64Add, ...get(A23), ...simd(F64X2_EXTRACT_LANE), 1, OP.f64Add);
  c.push(...get(SCALES), ...get(R), OP.i32Const, 2, OP.i32Shl, OP.i32Add, OP.f32Load, 2, 0, OP.f64PromoteF32, OP.f64Mul, OP.f32DemoteF64, OP.f32Store, 2, 0);
  c.push(OP.end);
  c.push(...get(R), OP.i32Const, 1, OP.i32Add, ...set(R), ...get(ROW), ...get(D), OP.i32Add, ...set(ROW), OP.br, 0, OP.end, OP.end);
  c.push(OP.end);
  const locals = [2, 3, 0x7f, 5, 0x7b];
  const fn = [...locals, ...c];
  return [...leb(fn.length), ...fn];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 7, ...new Array(7).fill(0x7f), 0]),
    ...section(2, [1, ...str('e'), ...str('m'), 0x02, 0x00, 0x00]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...str('s'), 0x00, 0]),
    ...section(10, [1, ...body()]),
  ];
  return new Uint8Array(bytes);
}

let compiled: WebAssembly.Module | null | undefined;
function scanModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const bytes = moduleBytes();
      compiled = typeof WebAssembly === 'object' && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** A matrix of `n` int8 rows of `d` dimensions (with their scales) and a scan over it, in one WebAssembly memory. */
export interface Scanner {
  readonly data: Int8Array;
  readonly scales: Float32Array;
  /** Cosines of `q` with every row (or the rows set in `only`, the others 0), as a new array. */
  scan(q: Float32Array, only?: Uint8Array): Float32Array;
}

/** A scanner for `n` × `d`, or null where the JS loop must run (no WebAssembly SIMD, `d` not a multiple of 8, no memory). */
export function createScanner(n: number, d: number): Scanner | null {
  if (n <= 0 || d <= 0 || d % 8 !== 0) return null;
  const mod = scanModule();
  if (!mod) return null;
  const qAt = 0;
  const scalesAt = d * 8;
  const outAt = scalesAt + n * 4;
  const maskAt = outAt + n * 4;
  const dataAt = maskAt + n + ((8 - ((maskAt + n) % 8)) % 8);
  const bytes = dataAt + n * d;
  if (bytes > 0x7fff0000) return null;
  let memory: WebAssembly.Memory;
  let run: (...args: number[]) => void;
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    run = new WebAssembly.Instance(mod, { e: { m: memory } }).exports.s as (...args: number[]) => void;
  } catch {
    return null;
  }
  // The memory never grows, so these views stay valid for the scanner's life.
  const buf = memory.buffer;
  const q = new Float64Array(buf, qAt, d);
  const out = new Float32Array(buf, outAt, n);
  const mask = new Uint8Array(buf, maskAt, n);
  return {
    data: new Int8Array(buf, dataAt, n * d),
    scales: new Float32Array(buf, scalesAt, n),
    scan(query, only) {
      for (let j = 0; j < d; j++) q[j] = query[j];
      if (only) mask.set(only.subarray(0, n));
      run(n, d, qAt, dataAt, scalesAt, outAt, only ? maskAt : 0);
      return out.slice();
    },
  };
}
