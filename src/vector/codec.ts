import { createHash } from 'node:crypto';

/**
 * One vector file on the branch (`vectors/<model>/<month>/<bucket>/<id>.vec`), little-endian:
 *
 *   0  4  magic "GMV1"
 *   4  1  encoding: 1 = int8 with one float32 scale
 *   5  1  length L of the model id
 *   6  2  dimensions D
 *   8 16  content hash: first 16 bytes of sha256(content)
 *  24  4  scale (float32): component i = int8[i] * scale
 *  28  L  model id, UTF-8
 *  28+L D int8 components
 *
 * int8 keeps a 512-dimension vector at 552 bytes (a quarter of float32) with a cosine error far
 * below the gaps that decide a ranking; the model id inside the file means a vector can never be
 * compared with one of another model, whatever folder it sits in.
 */
export const MAGIC = Buffer.from('GMV1', 'latin1');
const HEADER = 28;

export interface DecodedVector {
  model: string;
  hash: string;
  scale: number;
  data: Int8Array;
}

/** The key a vector is valid for: the first 16 bytes of sha256 of the embedded text, hex. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 32);
}

/** Quantises a unit vector to int8 with a per-vector scale. */
export function quantize(v: Float32Array): { scale: number; data: Int8Array } {
  let max = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]);
    if (a > max) max = a;
  }
  const scale = max > 0 ? max / 127 : 1;
  const data = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) data[i] = Math.round(v[i] / scale);
  return { scale: Math.fround(scale), data };
}

export function encodeVector(model: string, hash: string, v: Float32Array): Buffer {
  if (v.length < 1 || v.length > 65535) throw new Error(`unsupported vector size ${v.length}`);
  const { scale, data } = quantize(v);
  return encodeQuantized(model, hash, scale, data);
}

/** A vector file from an already quantised vector (one kept in the local cache, say). */
export function encodeQuantized(model: string, hash: string, scale: number, data: Int8Array): Buffer {
  const id = Buffer.from(model, 'utf8');
  if (id.length > 255) throw new Error(`model id too long: ${model}`);
  if (data.length < 1 || data.length > 65535) throw new Error(`unsupported vector size ${data.length}`);
  const buf = Buffer.alloc(HEADER + id.length + data.length);
  MAGIC.copy(buf, 0);
  buf[4] = 1;
  buf[5] = id.length;
  buf.writeUInt16LE(data.length, 6);
  Buffer.from(hash, 'hex').copy(buf, 8, 0, 16);
  buf.writeFloatLE(scale, 24);
  id.copy(buf, HEADER);
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).copy(buf, HEADER + id.length);
  return buf;
}

/** Parses a vector file; null for anything malformed (files on the branch are untrusted). */
export function decodeVector(buf: Buffer): DecodedVector | null {
  if (buf.length < HEADER || !buf.subarray(0, 4).equals(MAGIC) || buf[4] !== 1) return null;
  const idLen = buf[5];
  const dims = buf.readUInt16LE(6);
  if (dims === 0 || buf.length !== HEADER + idLen + dims) return null;
  const scale = buf.readFloatLE(24);
  if (!Number.isFinite(scale) || scale <= 0) return null;
  const data = new Int8Array(dims);
  data.set(new Int8Array(buf.buffer, buf.byteOffset + HEADER + idLen, dims));
  return { model: buf.toString('utf8', HEADER, HEADER + idLen), hash: buf.toString('hex', 8, 24), scale, data };
}
