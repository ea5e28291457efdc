import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PackBlob } from '../git/pack-write.js';
import { ownBuffer, type PackAnswer, type PackRequest } from './blob-group.js';
import { builtWorker } from '../model/worker-file.js';

/**
 * Compresses blobs for a pack on worker threads while the main thread goes on preparing the next
 * ones. An import of 1,000,000 memories spent a quarter of its time in zlib (one `deflateSync` per
 * object, ~20 µs each, most of it setting up the stream), on one core. Each result is what the pack
 * stores for the object (type-and-size header plus zlib data), its CRC-32 (for the pack index) and
 * its object id, all computed off the main thread by blob-group.ts' packGroup.
 */
export interface CompressedBlob extends PackBlob {
  /** The blob's bytes; emptied once a worker has packed it (the pack needs only `packed`). */
  data: Buffer;
  /** Set once a worker is done, when {@link TextDigest} was asked for: 24 hex digits. */
  digest?: string;
}

/**
 * The de-duplication hash (contentHash, src/model/content-hash.ts) of the memory content that ends the
 * blob, computed on the worker with the rest: the content starts at byte `from`.
 */
export interface TextDigest {
  from: number;
  scope?: string;
}

export { builtWorker };

export interface CompressorOptions {
  /** Worker threads. Default: the cores but one, at most 3; none on a single core or without a worker file. */
  threads?: number;
  /** The built worker (default: {@link builtWorker}). */
  worker?: string | URL;
}

const debug = (msg: string) => process.env.MEMORY_DEBUG && process.stderr.write(`git-memory: blob compressor: ${msg}\n`);

const EMPTY = Buffer.alloc(0);


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

  /** Groups answered, and the first failure: for MEMORY_DEBUG's line at close. */
  private answered = 0;
  private failure: string | null = null;

  constructor(opts: CompressorOptions = {}) {
    const file = opts.worker ?? builtWorker();
    const threads = file === undefined ? 0 : (opts.threads ?? Math.min(3, availableParallelism() - 1));
    for (let i = 0; i < threads; i++) {
      const w = new Worker(file!);
      w.on('message', (msg: PackAnswer) => this.receive(msg));
      // A worker that fails (or whose file is missing) leaves its items uncompressed: the pack writer
      // compresses those itself, and the import hashes them with contentHash.
      w.on('error', (err) => this.fail(`a worker failed: ${err.message}`));
      // An answer that cannot be read would leave its group waiting forever on a referenced worker.
      w.on('messageerror', () => this.fail('an answer could not be read'));
      // (terminate() at close exits with 1: not a failure.)
      w.on('exit', (code) => code !== 0 && this.workers.includes(w) && this.fail(`a worker exited with code ${code}`));
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
    if (ws.length) debug(`${this.answered} groups compressed on ${ws.length} worker threads${this.failure ? `; then ${this.failure}, the rest on the main thread` : ''}`);
    this.workers = [];
    this.fail(null);
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
    const scopes = digests.map((d) => d?.scope ?? '');
    // A concatenation of more than 4 KiB owns its memory: moved to the worker, not copied.
    const buf = ownBuffer(Buffer.concat(items.map((i) => i.data)));
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
    const req: PackRequest = { group, buf, lens, froms, scopes };
    w.postMessage(req, [buf]);
  }

  private receive(msg: PackAnswer): void {
    const g = this.groups.get(msg.group);
    if (!g) return;
    this.answered++;
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

  /** Stops sending (`reason` null: closed); the groups still out resolve with their items uncompressed. */
  private fail(reason: string | null): void {
    if (reason && !this.failure) {
      this.failure = reason;
      debug(reason);
    }
    this.broken = true;
    for (const g of this.groups.values()) g.resolve();
    this.groups.clear();
  }
}
