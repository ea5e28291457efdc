import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Compresses blobs for a pack on worker threads while the main thread goes on preparing the next
 * ones. An import of 1,000,000 memories spent a quarter of its time in zlib (one `deflateSync` per
 * object, ~20 µs each, most of it setting up the stream), on one core. Each result is what the pack
 * stores for the object (type-and-size header plus zlib data), its CRC-32 (for the pack index) and
 * its object id, all computed off the main thread.
 */
export interface CompressedBlob {
  /** The blob's bytes; emptied once a worker has packed it (the pack needs only `packed`). */
  data: Buffer;
  /** Set once a worker has compressed it: the pack entry (header + zlib stream), its CRC-32, its id. */
  packed?: Buffer;
  crc?: number;
  id?: string;
  /** Set once a worker is done, when {@link TextDigest} was asked for: 24 hex digits. */
  digest?: string;
}

/**
 * A digest of the text that ends the blob, computed on the worker with the rest: the first 12 bytes of
 * SHA-1 over `prefix` plus the text from byte `from` on, whitespace runs collapsed to one space and
 * trimmed. It is the de-duplication hash of a memory file's content (contentHash in
 * src/lifecycle/fingerprints.ts; test/lifecycle/import-export.test.ts checks the two agree).
 */
export interface TextDigest {
  from: number;
  prefix: string;
}

// Plain CommonJS run with `eval`: no file to ship next to the bundles (CLI, library, Action).
// Kept in step with packHeader/crc32/hashObject in pack-write.ts and objects.ts (the pack test
// compares a pack written with and without workers byte for byte).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateSync } = require('node:zlib');
const { createHash } = require('node:crypto');
const T = new Int32Array(256);
for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; T[n] = c; }
function header(size) {
  const bytes = [];
  let b = (3 << 4) | (size & 15);
  size = Math.floor(size / 16);
  while (size > 0) { bytes.push(b | 0x80); b = size & 0x7f; size = Math.floor(size / 128); }
  bytes.push(b);
  return Buffer.from(bytes);
}
parentPort.on('message', ({ group, buf, lens, froms, prefixes }) => {
  const input = Buffer.from(buf);
  const outs = [];
  const packedLens = new Uint32Array(lens.length);
  const crcs = new Uint32Array(lens.length);
  const ids = Buffer.alloc(lens.length * 20);
  const digests = Buffer.alloc(lens.length * 12);
  let at = 0;
  for (let i = 0; i < lens.length; i++) {
    const data = input.subarray(at, at + lens[i]);
    at += lens[i];
    createHash('sha1').update('blob ' + data.length + '\\0').update(data).digest().copy(ids, i * 20);
    if (froms[i] >= 0) createHash('sha1').update(prefixes[i] + data.toString('utf8', froms[i]).replace(/\\s+/g, ' ').trim()).digest().copy(digests, i * 12, 0, 12);
    const h = header(data.length);
    const z = deflateSync(data, { level: 1, chunkSize: Math.max(1024, Math.min(65536, data.length + 128)) });
    let c = -1;
    for (let j = 0; j < h.length; j++) c = T[(c ^ h[j]) & 0xff] ^ (c >>> 8);
    for (let j = 0; j < z.length; j++) c = T[(c ^ z[j]) & 0xff] ^ (c >>> 8);
    crcs[i] = (c ^ -1) >>> 0;
    packedLens[i] = h.length + z.length;
    outs.push(h, z);
  }
  const out = Buffer.concat(outs);
  const ab = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out.buffer : out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
  parentPort.postMessage({ group, buf: ab, lens: packedLens, crcs, ids, digests }, [ab]);
});
`;

const EMPTY = Buffer.alloc(0);

/** A worker's answer for one group. */
type Done = { group: number; buf: ArrayBuffer; lens: Uint32Array; crcs: Uint32Array; ids: Uint8Array; digests: Uint8Array };

/** Items sent to a worker together: fewer messages, and each is worth the copy. */
const GROUP_ITEMS = 256;
const GROUP_BYTES = 1 << 19;

export class BlobCompressor {
  private workers: Worker[] = [];
  private next = 0;
  private group: CompressedBlob[] = [];
  private digests: Array<TextDigest | null> = [];
  private groupBytes = 0;
  private groups = new Map<number, { items: CompressedBlob[]; froms: Int32Array; done: Promise<void>; resolve: () => void }>();
  private groupNo = 0;
  private pending = new Set<Promise<void>>();
  /** Groups sent to each worker and not answered yet. */
  private busy = new Map<Worker, number>();
  private broken = false;

  /** `threads`: worker threads (default: the cores but one, at most 3; none on a single core). */
  constructor(threads = Math.min(3, availableParallelism() - 1)) {
    for (let i = 0; i < threads; i++) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.on('message', (msg: Done) => this.receive(msg));
      // A worker that fails leaves its items uncompressed: the pack writer compresses those itself.
      w.on('error', () => this.fail());
      // An answer that cannot be read would leave its group waiting forever on a referenced worker.
      w.on('messageerror', () => this.fail());
      w.on('exit', (code) => code !== 0 && this.fail());
      // Unreferenced while idle, so an import that returns (or throws) without close() does not hang;
      // referenced while it has work, or the process would exit (code 0, silently) as soon as the main
      // thread awaited a result.
      w.unref();
      this.workers.push(w);
    }
  }

  /** Whether there is any worker to send to. */
  get active(): boolean {
    return this.workers.length > 0 && !this.broken;
  }

  /** Queues `data` for compression (and `digest`); the returned object is filled in when a worker is done. */
  add(data: Buffer, digest?: TextDigest): CompressedBlob {
    // Every field from the start: one object shape, no property store added later (a large import
    // keeps 50,000 of these per batch, and each byte of them is copied into the old generation).
    const item: CompressedBlob = { data, packed: undefined, crc: undefined, id: undefined, digest: undefined };
    if (!this.active) return item;
    this.group.push(item);
    this.digests.push(digest ?? null);
    this.groupBytes += data.length;
    if (this.group.length >= GROUP_ITEMS || this.groupBytes >= GROUP_BYTES) this.send();
    return item;
  }

  /** Waits until every item queued so far is compressed (or its worker failed). */
  async settle(): Promise<void> {
    if (this.group.length) this.send();
    await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    const ws = this.workers;
    this.workers = [];
    this.fail();
    await Promise.all(ws.map((w) => w.terminate()));
  }

  private send(): void {
    const items = this.group;
    const digests = this.digests;
    this.group = [];
    this.digests = [];
    this.groupBytes = 0;
    if (!this.active) return;
    const group = this.groupNo++;
    const lens = new Uint32Array(items.map((i) => i.data.length));
    const froms = new Int32Array(digests.map((d) => (d ? d.from : -1)));
    const prefixes = digests.map((d) => (d ? d.prefix : ''));
    const buf = Buffer.concat(items.map((i) => i.data));
    // A concatenation of more than 4 KiB owns its memory: moved to the worker, not copied.
    const ab = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length);
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    this.groups.set(group, { items, froms, done, resolve });
    const w = this.workers[this.next++ % this.workers.length];
    const busy = this.busy.get(w) ?? 0;
    if (busy === 0) w.ref();
    this.busy.set(w, busy + 1);
    this.pending.add(done);
    void done.then(() => {
      this.pending.delete(done);
      const left = (this.busy.get(w) ?? 1) - 1;
      this.busy.set(w, left);
      if (left === 0) w.unref();
    });
    w.postMessage({ group, buf: ab, lens, froms, prefixes }, [ab]);
  }

  private receive(msg: Done): void {
    const g = this.groups.get(msg.group);
    if (!g) return;
    this.groups.delete(msg.group);
    const out = Buffer.from(msg.buf);
    const ids = Buffer.from(msg.ids.buffer, msg.ids.byteOffset, msg.ids.byteLength);
    const digests = Buffer.from(msg.digests.buffer, msg.digests.byteOffset, msg.digests.byteLength);
    let at = 0;
    g.items.forEach((item, i) => {
      item.packed = out.subarray(at, at + msg.lens[i]);
      item.crc = msg.crcs[i];
      item.id = ids.toString('hex', i * 20, i * 20 + 20);
      if (g.froms[i] >= 0) item.digest = digests.toString('hex', i * 12, i * 12 + 12);
      item.data = EMPTY;
      at += msg.lens[i];
    });
    g.resolve();
  }

  private fail(): void {
    this.broken = true;
    for (const g of this.groups.values()) g.resolve();
    this.groups.clear();
  }
}
