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
  /** The blob's bytes. */
  readonly data: Buffer;
  /** Set once a worker has compressed it: the pack entry (header + zlib stream), its CRC-32, its id. */
  packed?: Buffer;
  crc?: number;
  id?: string;
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
parentPort.on('message', ({ group, buf, lens }) => {
  const input = Buffer.from(buf);
  const outs = [];
  const packedLens = new Uint32Array(lens.length);
  const crcs = new Uint32Array(lens.length);
  const ids = Buffer.alloc(lens.length * 20);
  let at = 0;
  for (let i = 0; i < lens.length; i++) {
    const data = input.subarray(at, at + lens[i]);
    at += lens[i];
    createHash('sha1').update('blob ' + data.length + '\\0').update(data).digest().copy(ids, i * 20);
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
  parentPort.postMessage({ group, buf: ab, lens: packedLens, crcs, ids }, [ab]);
});
`;

/** Items sent to a worker together: fewer messages, and each is worth the copy. */
const GROUP_ITEMS = 256;
const GROUP_BYTES = 1 << 19;

export class BlobCompressor {
  private workers: Worker[] = [];
  private next = 0;
  private group: CompressedBlob[] = [];
  private groupBytes = 0;
  private groups = new Map<number, { items: CompressedBlob[]; done: Promise<void>; resolve: () => void }>();
  private groupNo = 0;
  private pending = new Set<Promise<void>>();
  private broken = false;

  /** `threads`: worker threads (default: the cores but one, at most 3; none on a single core). */
  constructor(threads = Math.min(3, availableParallelism() - 1)) {
    for (let i = 0; i < threads; i++) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.on('message', (msg: { group: number; buf: ArrayBuffer; lens: Uint32Array; crcs: Uint32Array; ids: Uint8Array }) => this.receive(msg));
      // A worker that fails leaves its items uncompressed: the pack writer compresses those itself.
      w.on('error', () => this.fail());
      w.on('exit', (code) => code !== 0 && this.fail());
      w.unref();
      this.workers.push(w);
    }
  }

  /** Whether there is any worker to send to. */
  get active(): boolean {
    return this.workers.length > 0 && !this.broken;
  }

  /** Queues `data` for compression; the returned object is filled in when a worker is done. */
  add(data: Buffer): CompressedBlob {
    const item: CompressedBlob = { data };
    if (!this.active) return item;
    this.group.push(item);
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
    this.group = [];
    this.groupBytes = 0;
    if (!this.active) return;
    const group = this.groupNo++;
    const lens = new Uint32Array(items.map((i) => i.data.length));
    const buf = Buffer.concat(items.map((i) => i.data));
    // A concatenation of more than 4 KiB owns its memory: moved to the worker, not copied.
    const ab = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length);
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    this.groups.set(group, { items, done, resolve });
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
    this.workers[this.next++ % this.workers.length].postMessage({ group, buf: ab, lens }, [ab]);
  }

  private receive(msg: { group: number; buf: ArrayBuffer; lens: Uint32Array; crcs: Uint32Array; ids: Uint8Array }): void {
    const g = this.groups.get(msg.group);
    if (!g) return;
    this.groups.delete(msg.group);
    const out = Buffer.from(msg.buf);
    const ids = Buffer.from(msg.ids.buffer, msg.ids.byteOffset, msg.ids.byteLength);
    let at = 0;
    g.items.forEach((item, i) => {
      item.packed = out.subarray(at, at + msg.lens[i]);
      item.crc = msg.crcs[i];
      item.id = ids.toString('hex', i * 20, i * 20 + 20);
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
