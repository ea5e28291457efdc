import { crc32 } from '../../git/crc32.js';
import { StringColumn } from './column.js';
import { checkIdOrder } from './ids.js';
import { MAGIC, MAX_DUPES, NF, NO_SCOPE, SEGMENT_FORMAT, bad, type Segment } from './format.js';

/**
 * The persisted form of a segment: magic, header length, a JSON header, then the arrays, each
 * 8-byte aligned. One header writer serves both encoders and one header reader (with its checks)
 * serves the eager decoder here and the lazily opened file (file.ts).
 */

export type ArrayKind = 'u8' | 'u16' | 'u32' | 'f64';
export const CTOR = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const;
export type ArrayOf<K extends ArrayKind> = InstanceType<(typeof CTOR)[K]>;

export interface Header {
  format: number;
  kind: 'base' | 'delta';
  tree: string;
  build: string;
  baseBuild: string | null;
  baseTree: string | null;
  n: number;
  skipped: number;
  dupes: Array<[string, string]> | null;
  cats: string[];
  scopes: string[];
  tags: string[];
  lenSum: number[];
  dataLength: number;
  crc: number | null;
  sections: Record<string, [offset: number, bytes: number, kind: ArrayKind]>;
}

function sectionsOf(s: Segment): Array<[string, Uint8Array | Uint16Array | Uint32Array | Float64Array, ArrayKind]> {
  return [
    ['ts', s.ts, 'f64'],
    ['ids', s.ids.blob, 'u8'],
    ['idsOff', s.ids.off, 'u32'],
    ['idOrder', s.idOrder, 'u32'],
    ['paths', s.paths.blob, 'u8'],
    ['pathsOff', s.paths.off, 'u32'],
    ['oids', s.oids.blob, 'u8'],
    ['oidsOff', s.oids.off, 'u32'],
    ['prio', s.prio, 'u8'],
    ['cat', s.cat, 'u32'],
    ['scope', s.scope, 'u32'],
    ['conv', s.conv, 'u32'],
    ['tagOff', s.tagOff, 'u32'],
    ['tagIds', s.tagIds, 'u32'],
    ['len', s.len, 'u32'],
    ['terms', s.terms.blob, 'u8'],
    ['termsOff', s.terms.off, 'u32'],
    ['postOff', s.postOff, 'u32'],
    ['postDoc', s.postDoc, 'u32'],
    ['postTf', s.postTf, 'u8'],
    ['removed', s.removed, 'u32'],
  ];
}

/** Each section as bytes, with its place in the data and the zero padding that follows it. */
function layout(s: Segment): { parts: Array<{ bytes: Uint8Array; pad: number }>; sections: Header['sections']; dataLength: number } {
  const parts: Array<{ bytes: Uint8Array; pad: number }> = [];
  const sections: Header['sections'] = {};
  let at = 0;
  for (const [name, arr, kind] of sectionsOf(s)) {
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    const pad = (8 - (bytes.length % 8)) % 8;
    sections[name] = [at, bytes.length, kind];
    parts.push({ bytes, pad });
    at += bytes.length + pad;
  }
  return { parts, sections, dataLength: at };
}

/** Magic, header length and the JSON header padded with spaces so the data starts 8-byte aligned. */
function frame(s: Segment, sections: Header['sections'], dataLength: number, crc: number | null): Buffer {
  const header: Header = {
    format: SEGMENT_FORMAT,
    kind: s.kind,
    tree: s.tree,
    build: s.build,
    baseBuild: s.baseBuild,
    baseTree: s.baseTree,
    n: s.n,
    skipped: s.skipped,
    dupes: s.dupes,
    cats: s.cats,
    scopes: s.scopes,
    tags: s.tags,
    lenSum: s.lenSum,
    dataLength,
    crc,
    sections,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (8 - ((8 + json.length) % 8)) % 8;
  const head = Buffer.alloc(8 + json.length + pad, 0x20);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(json.length + pad, 4);
  json.copy(head, 8);
  return head;
}

/** The file bytes: magic, header length, JSON header, then 8-byte-aligned arrays. */
export function encodeSegment(s: Segment): Buffer {
  const { parts, sections, dataLength } = layout(s);
  const data = Buffer.alloc(dataLength);
  let at = 0;
  for (const { bytes, pad } of parts) {
    data.set(bytes, at);
    at += bytes.length + pad;
  }
  return Buffer.concat([frame(s, sections, dataLength, crc32 ? crc32(data) : null), data]);
}

/** zlib.crc32(data, value) continues a checksum (Node 20.15+); checked, not assumed. */
const crcMore = ((): ((b: Uint8Array, v?: number) => number) | null => {
  const more = crc32 as unknown as ((b: Uint8Array, v?: number) => number) | null;
  return more && more(Buffer.from('b'), more(Buffer.from('a'))) === more(Buffer.from('ab')) ? more : null;
})();

/**
 * Writes the same bytes as {@link encodeSegment} to `write` (a file being written), section by
 * section, with the checksum computed as it goes: no second copy of the whole segment in memory (a
 * 1,000,000-memory base is hundreds of MB). Falls back to the in-memory encoding where zlib cannot
 * continue a checksum.
 */
export function writeSegment(s: Segment, write: (b: Uint8Array) => void): number {
  if (!crcMore) {
    const bytes = encodeSegment(s);
    write(bytes);
    return bytes.length;
  }
  const { parts, sections, dataLength } = layout(s);
  let crc = 0;
  for (const { bytes, pad } of parts) {
    // Skipped when empty: zlib.crc32 of an empty view over an empty buffer returns 0, not the running value.
    if (bytes.length) crc = crcMore(bytes, crc);
    if (pad) crc = crcMore(new Uint8Array(pad), crc);
  }
  const head = frame(s, sections, dataLength, crc);
  write(head);
  for (const { bytes, pad } of parts) {
    write(bytes);
    if (pad) write(new Uint8Array(pad));
  }
  return head.length + dataLength;
}

/**
 * The header of a segment file of `size` bytes, read through `read(pos, len)` (null when fewer bytes
 * are there), with every check that needs no data: magic, length, JSON, format, data length and
 * the header's own fields. Returns the header and where the data starts.
 */
export function readHeader(read: (pos: number, len: number) => Buffer | null, size: number): { h: Header; start: number } {
  const head = size >= 8 ? read(0, 8) : null;
  if (!head || head.readUInt32LE(0) !== MAGIC) bad('not an index segment');
  const hlen = head.readUInt32LE(4);
  if (8 + hlen > size) bad('truncated header');
  const json = read(8, hlen);
  if (!json) bad('truncated header');
  let h: Header;
  try {
    h = JSON.parse(json.toString('utf8')) as Header;
  } catch {
    bad('unreadable header');
  }
  if (!h || h.format !== SEGMENT_FORMAT) bad('other format');
  const start = 8 + hlen;
  if (size - start !== h.dataLength) bad('truncated or padded data');
  if (!Number.isInteger(h.n) || h.n < 0) bad('bad document count');
  if (!Array.isArray(h.lenSum) || h.lenSum.length !== NF || !h.lenSum.every((x) => Number.isFinite(x) && x >= 0)) bad('bad length sums');
  if (typeof h.tree !== 'string' || typeof h.build !== 'string' || !Array.isArray(h.cats) || !Array.isArray(h.scopes) || !Array.isArray(h.tags)) bad('bad header fields');
  // Names the ranking analyses as text: a number or an object there threw a TypeError in every search
  // (a file with a valid checksum can come from another job: an index cache).
  if (h.kind !== 'base' && h.kind !== 'delta') bad('bad header fields');
  if (!h.cats.every(isString) || !h.scopes.every(isString) || !h.tags.every(isString)) bad('bad header fields');
  if ((h.baseBuild !== null && typeof h.baseBuild !== 'string') || (h.baseTree !== null && typeof h.baseTree !== 'string')) bad('bad header fields');
  return { h, start };
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Where section `name` is in the data, as [offset, bytes], after checking its kind, alignment and bounds. */
export function sectionOf(h: Header, name: string, kind: ArrayKind): [number, number] {
  const sec = h.sections?.[name];
  if (!sec || sec[2] !== kind || sec[0] % 8 || sec[0] + sec[1] > h.dataLength || sec[1] % CTOR[kind].BYTES_PER_ELEMENT) bad(`bad section ${name}`);
  return [sec[0], sec[1]];
}

/** A segment's fields that come from its header as they are. */
export function headerFields(h: Header) {
  return { kind: h.kind, tree: h.tree, build: h.build, baseBuild: h.baseBuild, baseTree: h.baseTree, n: h.n, skipped: h.skipped | 0, dupes: dupesOf(h.dupes), cats: h.cats, scopes: h.scopes, tags: h.tags, lenSum: h.lenSum };
}

/** The header's list of second copies, or null (unknown) for anything but a list of [path, oid] pairs. */
function dupesOf(v: unknown): Array<[string, string]> | null {
  if (!Array.isArray(v) || v.length > MAX_DUPES) return null;
  return v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && typeof e[1] === 'string') ? (v as Array<[string, string]>) : null;
}

/** Reads a segment file's bytes back, checking everything a damaged or foreign file could get wrong. */
export function decodeSegment(input: Buffer, opts: { checksum?: boolean } = {}): Segment {
  let buf = input;
  const { h, start } = readHeader((pos, len) => (pos + len <= buf.length ? buf.subarray(pos, pos + len) : null), buf.length);
  if ((buf.byteOffset + start) % 8 !== 0) {
    const copy = Buffer.allocUnsafeSlow(buf.length);
    buf.copy(copy);
    buf = copy;
  }
  const data = buf.subarray(start);
  if (opts.checksum !== false && h.crc !== null && crc32 && crc32(data) !== h.crc) bad('checksum mismatch');
  const get = <K extends ArrayKind>(name: string, kind: K): ArrayOf<K> => {
    const [at, len] = sectionOf(h, name, kind);
    return new CTOR[kind](data.buffer as ArrayBuffer, data.byteOffset + at, len / CTOR[kind].BYTES_PER_ELEMENT) as ArrayOf<K>;
  };
  const col = (name: string) => {
    const a = get(name, 'u8');
    const blob = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    const off = get(`${name}Off`, 'u32');
    monotonic(off, blob.length, name);
    return new StringColumn(blob, off);
  };
  const n = h.n;
  const s: Segment = {
    ...headerFields(h),
    ids: col('ids'),
    idOrder: get('idOrder', 'u32'),
    paths: col('paths'),
    oids: col('oids'),
    ts: get('ts', 'f64'),
    prio: get('prio', 'u8'),
    cat: get('cat', 'u32'),
    scope: get('scope', 'u32'),
    conv: get('conv', 'u32'),
    tagOff: get('tagOff', 'u32'),
    tagIds: get('tagIds', 'u32'),
    len: get('len', 'u32'),
    terms: col('terms'),
    postOff: get('postOff', 'u32'),
    postDoc: get('postDoc', 'u32'),
    postTf: get('postTf', 'u8'),
    removed: get('removed', 'u32'),
  };
  if (s.ids.length !== n || s.paths.length !== n || s.oids.length !== n || s.ts.length !== n || s.prio.length !== n) bad('bad document table');
  if (s.cat.length !== n || s.scope.length !== n || s.conv.length !== n || s.tagOff.length !== n + 1 || s.len.length !== n * NF) bad('bad document table');
  checkIdOrder(s.ids, s.idOrder);
  monotonic(s.tagOff, s.tagIds.length, 'tagOff');
  monotonic(s.postOff, s.postDoc.length, 'postOff');
  if (s.postTf.length !== s.postDoc.length * NF) bad('bad postings');
  if (s.postOff.length !== s.terms.length + 1) bad('bad dictionary');
  for (let i = 0; i < n; i++) {
    if (s.cat[i] >= s.cats.length || (s.scope[i] !== NO_SCOPE && s.scope[i] >= s.scopes.length) || s.prio[i] > 2) bad('bad document table');
  }
  for (let i = 0; i < s.tagIds.length; i++) if (s.tagIds[i] >= s.tags.length) bad('bad tags');
  for (let i = 0; i < s.postDoc.length; i++) if (s.postDoc[i] >= n) bad('bad postings');
  return s;
}

function monotonic(off: Uint32Array, end: number, name: string): void {
  if (off.length < 1 || off[0] !== 0 || off[off.length - 1] !== end) bad(`bad offsets ${name}`);
  for (let i = 1; i < off.length; i++) if (off[i] < off[i - 1]) bad(`bad offsets ${name}`);
}
