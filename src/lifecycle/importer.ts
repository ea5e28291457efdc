// The import's writer: records read by import-records.ts are checked, made into memory files and
// committed batch by batch through the store's `mutate` (the one door every write goes through), their
// blobs written first as one pack (compressed on worker threads for a large import), with records
// already on the branch or earlier in the input counted as duplicates. The only lifecycle file that
// writes to the repository (scripts/import-graph.mjs names it among the writers).
import { join } from 'node:path';
import { MEMORIES_DIR } from '../model/catalog.js';
import { InvalidInputError, MemoryError } from '../errors.js';
import { memoryToFile, type StoredMemory } from '../model/memory.js';
import { IMPORT_BATCH } from '../model/bounds.js';
import type { ReadonlyBranch, StoreBranch } from '../model/branch-view.js';
import { BlobCompressor, type CompressedBlob } from './blob-compressor.js';
import { writeBlobPack } from '../git/pack-write.js';
import { contentHash, keyOf, loadFingerprints, primeFingerprints, UPSERT_KEY_FIELD, type Fingerprint } from '../guards/fingerprints.js';
import { guardOptions } from '../guards/write.js';
import { maskSecrets } from '../model/secrets.js';
import { safeText } from '../model/error-format.js';
import { fileRecords, parseRecords, readPiDirectory, recordToMemory, type ImportError, type ImportItem, type ImportOptions, type ImportRecord, type RecordSettings } from './import-records.js';

export interface ImportResult {
  success: true;
  imported: number;
  /** Records whose content (or id) was already on the branch or earlier in the input. */
  duplicates: number;
  /** Invalid records, each with its line; they were skipped (or, with `strict`, nothing was written). */
  errors: ImportError[];
  ids: string[];
  commits: string[];
}

/**
 * One input item as a memory, or null with the reason added to `errors`. Per-record errors quote the
 * record (a priority, an id, a key, JSON.parse's excerpt of the line): they go through the one
 * formatter every error uses, which masks credentials and escapes controls.
 */
function memoryOf(store: Pick<ReadonlyBranch, 'now'>, it: ImportItem, settings: RecordSettings, errors: ImportError[]): StoredMemory | null {
  if (it.error) {
    errors.push({ ...it.error, line: typeof it.error.line === 'string' ? safeText(it.error.line, 200) : it.error.line, message: safeText(it.error.message) });
    return null;
  }
  try {
    return recordToMemory(store, it.record, settings);
  } catch (err) {
    const e = err instanceof MemoryError ? err : new InvalidInputError((err as Error).message);
    errors.push({ line: typeof it.line === 'string' ? safeText(it.line, 200) : it.line, code: e.code, message: safeText(e.message) });
    return null;
  }
}

/** `--strict`: every record is checked before anything is written (the input is read twice). */
function refuseInvalid(store: Pick<ReadonlyBranch, 'now'>, items: Iterable<ImportItem>, settings: RecordSettings): void {
  const errors: ImportError[] = [];
  for (const it of items) memoryOf(store, it, settings, errors);
  if (errors.length) {
    const first = errors[0];
    throw new InvalidInputError(`import refused (strict): ${errors.length} invalid record${errors.length === 1 ? '' : 's'}, first at line ${first.line}: ${first.message}; nothing was written`, { errors });
  }
}

/**
 * What is on the branch at `tip`: content hashes and (loaded only when a record brings its own id)
 * ids, from the de-duplication index; kept up to date with what the import adds.
 */
interface Known {
  tip: string | null;
  tree: string | null;
  hashes: Set<string>;
  ids: Set<string> | null;
}

/** The content hash a worker computes with the compression: read from the blob once it is done. */
interface WorkerHash {
  blob: CompressedBlob;
  /** Where the memory's content starts in the file (a memory file ends with its content). */
  from: number;
  scope: string | undefined;
}

/**
 * What a batch keeps of each record until its commit: the record and its memory are dropped as soon
 * as the file is made, so they die young (a batch of 50,000 whole memories survived two scavenges
 * each and was copied into the old generation: GC was a sixth of an import of 1,000,000).
 */
interface Pending {
  id: string;
  path: string;
  /** Upsert key (keyOf), for the fingerprint. */
  key?: string;
  /** The record named its id: it may name a memory already there (generated ids are new by construction). */
  explicitId: boolean;
  /** The content hash, or where a worker puts it (see {@link hashOf}). */
  hash: string | WorkerHash;
  /** The memory file: bytes, or bytes queued on the compressor; null in a dry run (nothing is written). */
  body: Buffer | CompressedBlob | null;
}

/** The content hash of a pending record: the worker's digest, or from the file's bytes if the worker failed. */
function hashOf(it: Pending): string {
  if (typeof it.hash !== 'string') {
    const w = it.hash;
    it.hash = w.blob.digest ?? contentHash(w.blob.data.toString('utf8', w.from), w.scope);
  }
  return it.hash;
}

/** The records of a batch to write (index into the batch, content hash), and how many are duplicates. */
interface Choice {
  picked: Array<{ index: number; hash: string }>;
  dups: number;
}

function importMessage(addedIds: string[], dups: number, sourceName: string | undefined): string {
  const n = addedIds.length;
  const from = sourceName ? ` from ${maskSecrets(sourceName).slice(0, 200)}` : '';
  return `memory: import ${n} memor${n === 1 ? 'y' : 'ies'}${from}${dups ? ` (${dups} already present)` : ''}\n\n${addedIds.slice(0, 20).map((i) => `Memory-Id: ${i}`).join('\n')}${n > 20 ? `\n(and ${n - 20} more)` : ''}\n`;
}

/** A large import compresses its files on worker threads (src/lifecycle/blob-compressor.ts); a small one is not worth starting them. */
const WORKERS_FROM = 2000;

/**
 * One import's state: the records of the open batch, what the branch holds (for de-duplication),
 * the compressor, and the result so far. `add` takes records one by one and commits a batch when it
 * is full; `flush` commits the last one; `close` stops the workers; `finish` gives the result.
 */
class Importer {
  readonly errors: ImportError[] = [];
  private readonly ids: string[] = [];
  private readonly commits: string[] = [];
  private duplicates = 0;
  /** Blobs written so far, for onProgress. */
  private done = 0;
  private known: Known | null = null;
  /** Fingerprints of everything this import added, to move the index along without reading blobs back. */
  private readonly added: Fingerprint[] = [];
  /** Another writer moved the branch during the import (between batches, or by winning a race). */
  private foreign = false;
  private readonly startTip: string | null;
  private readonly objectsDir: string;
  private compressor: BlobCompressor | null = null;
  /** Records read (and turned into files) so far. */
  private seen = 0;
  private batch: Pending[] = [];

  constructor(
    private readonly store: StoreBranch,
    private readonly settings: RecordSettings,
    /** The number of records when known up front (an array), else 0: onProgress's total then grows. */
    private readonly total: number,
  ) {
    this.startTip = store.tip();
    this.objectsDir = join(store.git.location.commonDir, 'objects');
  }

  /** Reads one item; commits the batch when it is full. */
  async add(it: ImportItem): Promise<void> {
    const m = memoryOf(this.store, it, this.settings, this.errors);
    if (!m) return;
    this.batch.push(this.pendingOf(m, it.record?.id));
    if (this.batch.length >= (this.settings.batchSize ?? IMPORT_BATCH)) {
      const batch = this.batch;
      this.batch = [];
      await this.runBatch(batch);
    }
  }

  /** Commits the last batch. */
  async flush(): Promise<void> {
    if (!this.batch.length) return;
    const batch = this.batch;
    this.batch = [];
    await this.runBatch(batch);
  }

  /** The result; moves the de-duplication index to the import's last commit. */
  finish(): ImportResult {
    // The next store's de-duplication lookup starts from here instead of reading every new file.
    const last = this.known;
    if (!this.settings.dryRun && this.commits.length && !this.foreign && last && last.tree !== null) {
      primeFingerprints(this.store.git, this.store.cacheDir, this.store.treeOf(this.startTip), last.tree, this.added);
    }
    return { success: true, imported: this.ids.length, duplicates: this.duplicates, errors: this.errors, ids: this.ids, commits: this.commits };
  }

  async close(): Promise<void> {
    await this.compressor?.close();
  }

  /** Makes the memory's file (queued for compression when the workers run) and keeps what the batch needs of it. */
  private pendingOf(m: StoredMemory, rawId: unknown): Pending {
    const upsertKey = m.extra[UPSERT_KEY_FIELD];
    const base = { id: m.id, path: m.path, explicitId: rawId !== undefined && rawId !== null && rawId !== '', key: typeof upsertKey === 'string' && upsertKey ? keyOf(upsertKey, m.scope) : undefined };
    if (this.settings.dryRun) return { ...base, hash: contentHash(m.content, m.scope), body: null };
    if (++this.seen === WORKERS_FROM && !this.compressor) {
      const compressor = (this.compressor = new BlobCompressor());
      // The records read so far are compressed too.
      for (const b of this.batch) if (Buffer.isBuffer(b.body)) b.body = compressor.add(b.body);
    }
    const file = Buffer.from(memoryToFile(m), 'utf8');
    if (this.compressor?.active) {
      // A memory file ends with its content: the worker hashes it from there.
      const from = file.length - Buffer.byteLength(m.content, 'utf8');
      const blob = this.compressor.add(file, { from, scope: m.scope });
      return { ...base, hash: { blob, from, scope: m.scope }, body: blob };
    }
    return { ...base, hash: contentHash(m.content, m.scope), body: this.compressor ? this.compressor.add(file) : file };
  }

  /** What is on the branch at `tip`: the state kept so far when the tip is the one it was built for. */
  private knownAt(tip: string | null): Known {
    if (this.known && this.known.tip === tip) return this.known;
    const tree = this.store.treeOf(tip);
    const hashes = new Set<string>();
    if (tree) for (const f of loadFingerprints(this.store.git, tree, this.store.cacheDir).entries()) hashes.add(f.hash);
    // Another writer moved the branch during the import: start over from its tip (rare).
    return (this.known = { tip, tree, hashes, ids: null });
  }

  private idsOf(k: Known): Set<string> {
    if (!k.ids) {
      k.ids = new Set();
      if (k.tree) for (const f of loadFingerprints(this.store.git, k.tree, this.store.cacheDir).entries()) k.ids.add(f.id);
    }
    return k.ids;
  }

  /** Picks the batch's records that are new to `k` (and to each other), adding them to `k`. */
  private choose(batch: Pending[], k: Known): Choice {
    const picked: Choice['picked'] = [];
    const paths = new Set<string>();
    let dups = 0;
    batch.forEach((it, i) => {
      const { id, path, explicitId } = it;
      const h = hashOf(it);
      // Generated ids are new by construction; a given id may name a memory already there.
      const idTaken = explicitId && (this.idsOf(k).has(id) || paths.has(path) || (k.tree !== null && this.store.git.entryAt(k.tree, path) !== null));
      if (idTaken || k.hashes.has(h) || paths.has(path)) {
        dups++;
        return;
      }
      k.hashes.add(h);
      if (explicitId) this.idsOf(k).add(id);
      paths.add(path);
      picked.push({ index: i, hash: h });
    });
    return { picked, dups };
  }

  /** One pack for the batch's blobs, then one tree and one commit, retried on a moved branch. */
  private async runBatch(batch: Pending[]): Promise<void> {
    await this.compressor?.settle();
    if (this.settings.dryRun) {
      const r = this.choose(batch, this.knownAt(this.store.tip()));
      for (const p of r.picked) this.ids.push(batch[p.index].id);
      this.duplicates += r.dups;
      return;
    }
    const blobIds = new Map<number, string>();
    let attempt = 0;
    let picked: { k: Known; r: Choice; addedIds: string[] } | null = null;
    // Through the store's one door: mutate recomputes on the new tip when another writer moved the branch first.
    const { commit } = await this.store.mutate((tip) => {
      if (attempt++ > 0) {
        // The attempt before lost the race. Start again from the new tip's fingerprints (what it
        // picked is forgotten with them; a copy of the set per batch made the import quadratic), and
        // remember that another writer's commit is now in the branch: the index must not be moved to
        // this import's last tree from its own records alone (finish), or it would lack the other
        // writer's memories.
        this.known = null;
        this.foreign = true;
      }
      if (this.known && this.known.tip !== tip) this.foreign = true;
      const k = this.knownAt(tip);
      const r = this.choose(batch, k);
      if (!r.picked.length) {
        picked = null;
        this.duplicates += r.dups;
        return { change: null, result: {} };
      }
      this.writeBlobs(batch, r.picked, blobIds);
      const blobs = new Map(r.picked.map((p) => [batch[p.index].path, blobIds.get(p.index)!]));
      const addedIds = r.picked.map((p) => batch[p.index].id);
      picked = { k, r, addedIds };
      return { change: { changes: new Map(), blobs, message: importMessage(addedIds, r.dups, this.settings.sourceName) }, result: {} };
    });
    const done = picked as { k: Known; r: Choice; addedIds: string[] } | null;
    if (done && commit) this.committed(batch, done.r, { ...done.k, tip: commit, tree: this.store.treeOf(commit)! }, done.addedIds);
  }

  /** Writes the picked records' blobs not written by an earlier attempt, as one pack; their ids go to `blobIds`. */
  private writeBlobs(batch: Pending[], picked: Choice['picked'], blobIds: Map<number, string>): void {
    const todo = picked.filter((p) => !blobIds.has(p.index));
    if (!todo.length) return;
    const bodies = todo.map((p) => {
      const body = batch[p.index].body;
      // Only a dry run has no bodies, and it never writes.
      if (body === null) throw new Error('import: a record without its file reached the writer');
      return body;
    });
    const onProgress = this.settings.onProgress;
    const done = this.done;
    const written = writeBlobPack(this.objectsDir, bodies, onProgress ? (n) => onProgress(done + n, Math.max(this.total, done + n)) : undefined);
    todo.forEach((p, i) => blobIds.set(p.index, written[i]));
    this.done += todo.length;
  }

  /** A batch's commit landed: the result, the branch state and the fingerprints move to it. */
  private committed(batch: Pending[], r: Choice, known: Known & { tip: string; tree: string }, addedIds: string[]): void {
    this.commits.push(known.tip);
    for (const i of addedIds) this.ids.push(i);
    this.duplicates += r.dups;
    this.known = known;
    for (const p of r.picked) {
      const it = batch[p.index];
      if (!it.path.startsWith(`${MEMORIES_DIR}/`)) continue;
      const f: Fingerprint = { path: it.path, id: it.id, hash: p.hash };
      if (it.key) f.key = it.key;
      this.added.push(f);
    }
  }
}

/**
 * Imports records as one commit per `batchSize` records ({@link IMPORT_BATCH}; one commit for most imports): blobs are
 * written first, as one pack, then the batch's paths in one `writeTree`, so 10,000 memories cost one
 * tree rewrite, not 10,000 commits. Records already on the branch (same id, or same content and scope)
 * or earlier in the input are counted as duplicates.
 *
 * Streaming: records are read, checked and written batch by batch, so memory holds one batch plus
 * what de-duplication needs (a hash per memory), whatever the size of the input. With `strict` the
 * input is read twice: every record is checked before the first is written.
 */
export async function importRecords(store: StoreBranch, items: Iterable<ImportItem>, opts: ImportOptions = {}): Promise<ImportResult> {
  const cfg = await store.loadConfig();
  const settings: RecordSettings = { ...opts, maxContentBytes: cfg.maxContentBytes, secretGuard: cfg.secretGuard, defaultCategory: cfg.defaultCategory, defaultPriority: cfg.defaultPriority };
  if (guardOptions(cfg, { allowSecret: opts.allowSecret, redact: opts.redact }).allowSecret) store.warn('the secret guard is lowered for this import (--allow-secret or secretGuard "off"): credentials in it are stored and pushed as they are');
  if (opts.strict) refuseInvalid(store, items, settings);
  const importer = new Importer(store, settings, Array.isArray(items) ? items.length : 0);
  try {
    for (const it of items) await importer.add(it);
    await importer.flush();
  } finally {
    await importer.close();
  }
  return importer.finish();
}

/** Library form of `memory import`: records given directly, as JSONL/JSON text, a file path, or a `.pi` directory. */
export interface ImportInput extends ImportOptions {
  records?: ImportRecord[];
  text?: string;
  file?: string;
  fromPi?: string;
}

export async function importMemories(store: StoreBranch, input: ImportInput): Promise<ImportResult> {
  const given = [input.records, input.text, input.file, input.fromPi].filter((x) => x !== undefined).length;
  if (given !== 1) throw new InvalidInputError('give exactly one of records, text, file or fromPi', { field: 'input' });
  let items: Iterable<ImportItem>;
  if (input.records) items = input.records.map((record, i) => ({ line: i + 1, record }));
  else if (input.fromPi !== undefined) items = readPiDirectory(input.fromPi);
  else if (input.text !== undefined) items = parseRecords(input.text);
  else items = fileRecords(input.file as string, input.onBytes);
  return importRecords(store, items, input);
}
