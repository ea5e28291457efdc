import type * as WorkerThreads from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { ObjectStore, type ReadPlan } from '../git/objects.js';
import type { BranchBlob, ReadonlyBranch } from '../model/branch-view.js';
import { builtWorker } from '../model/worker-file.js';
import { addBytes, skipRawName } from './blob-doc.js';
import { SegmentBuilder } from './segment/build.js';
import { StringColumn } from './segment/column.js';
import type { Segment } from './segment/format.js';
import { joinParts, type SegmentPart } from './segment/merge.js';

/**
 * A full index build on several threads. The blobs are read in the order of one read plan (each pack
 * front to back: src/git/objects.ts, ObjectStore.plan), cut into runs of {@link RUN} files; the main
 * thread and each worker take the next run not taken (one shared counter), each with a builder of its
 * own, inflating, parsing and analysing its runs. The parts are then joined in run order
 * (src/search/segment/merge.ts, joinParts): the segment is the one a single builder makes from the
 * plan's order, byte for byte but for its random build id. The work is shared as it goes, not split
 * in halves up front, so a thread slowed by other work on the machine takes fewer runs.
 *
 * The main thread waits for the workers without returning to the event loop (a search builds its
 * index synchronously), polling their answer with `receiveMessageOnPort`. Whatever goes wrong on a
 * worker (a blob its own reader cannot find, a corrupt object, a worker that does not start) makes the
 * caller build on one thread, which reads what a worker could not and fails as a one-thread build does.
 */

declare const require: (id: string) => unknown;
let threadsLib: typeof WorkerThreads | undefined;
const threads = () => (threadsLib ??= require('node:worker_threads') as typeof WorkerThreads);

/** Files per run: each thread takes this many at a time. */
const RUN = 4096;
/** Below this many files a build stays on one thread (starting a worker costs ~0.1 s). */
const PARALLEL_FROM = 20_000;
/** A worker that reports no progress for this long is given up (the build then runs on one thread). */
const STALL_MS = 3 * 60_000;

// The shared counters: the next run to take, files read by the workers, workers finished; then each
// worker's state (WAITING until it starts; the main thread cancels one that has not started when
// every run is done, and it then does nothing).
const NEXT = 0;
const DONE = 1;
const FINISHED = 2;
const STATE = 3;
const WAITING = 0;
const STARTED = 1;
const CANCELLED = 2;

export interface ParallelOptions {
  /** Worker threads beside the main thread (default `MEMORY_INDEX_THREADS`, else 1 on a machine of two cores or more; see {@link workersFor}). */
  threads?: number;
  /** The built worker file (default: the package's, src/model/worker-file.ts). */
  worker?: string | URL;
  /** Files from which a build uses the workers (default {@link PARALLEL_FROM}). */
  from?: number;
  /** Files per run (default {@link RUN}). */
  run?: number;
  /** The main thread takes no run before every worker has started (tests: so that each takes some). */
  waitForWorkers?: boolean;
}

const debug = (msg: string) => process.env.MEMORY_DEBUG && process.stderr.write(`git-memory: index build: ${msg}\n`);

/** Files each thread of the last build in parts read, the main thread's first (for tests). */
export let lastParts: number[] = [];

/** What a worker is given: the plan's files in order, and where each blob is. */
export interface BuildJob {
  kind: 'index-build';
  objectsDir: string;
  /** Paths in plan order, joined by NUL (a git path holds none). */
  paths: string;
  /** Blob ids in plan order, 40 hex digits each, back to back. */
  oids: string;
  pack: Int32Array;
  offset: Float64Array;
  packs: string[];
  run: number;
  ctrl: SharedArrayBuffer;
  /** This worker's number (its state in `ctrl`). */
  index: number;
  port: WorkerThreads.MessagePort;
}

/** A segment as it crosses threads: its string columns as their bytes and offsets. */
type WireSegment = Omit<Segment, 'ids' | 'paths' | 'oids' | 'terms'> & Record<'ids' | 'paths' | 'oids' | 'terms', { blob: Uint8Array; off: Uint32Array }>;

type Answer = { ok: true; seg: WireSegment; runs: Array<[number, number]>; warnings: Array<[number, string]> } | { ok: false; error: string };

function toWire(seg: Segment): { wire: WireSegment; transfer: ArrayBuffer[] } {
  const col = (c: StringColumn) => ({ blob: new Uint8Array(c.blob.buffer, c.blob.byteOffset, c.blob.byteLength), off: c.off });
  const wire: WireSegment = { ...seg, ids: col(seg.ids), paths: col(seg.paths), oids: col(seg.oids), terms: col(seg.terms) };
  // Large arrays move to the other thread instead of being copied. Small ones may sit in Buffer's
  // shared pool (8 KB on Node 20, 64 KB on Node 24), which Node marks untransferable: from Node 21,
  // moving it throws (DataCloneError) and the worker's whole answer would be lost.
  const pinned = (threads() as { isMarkedAsUntransferable?: (o: object) => boolean }).isMarkedAsUntransferable;
  const transfer = new Set<ArrayBuffer>();
  for (const v of Object.values(wire).concat([wire.ids, wire.paths, wire.oids, wire.terms].flatMap((c) => [c.blob, c.off]))) {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer && v.buffer.byteLength >= 1 << 16 && v.buffer.byteLength !== Buffer.poolSize && !pinned?.(v.buffer)) transfer.add(v.buffer);
  }
  return { wire, transfer: [...transfer] };
}

function fromWire(w: WireSegment): Segment {
  const col = (c: { blob: Uint8Array; off: Uint32Array }) => new StringColumn(Buffer.from(c.blob.buffer, c.blob.byteOffset, c.blob.byteLength), c.off);
  return { ...w, ids: col(w.ids), paths: col(w.paths), oids: col(w.oids), terms: col(w.terms) };
}

/** Runs taken from the shared counter, each read and added to `b`: [run, documents added] for each. */
function takeRuns(ctrl: Int32Array, count: number, runSize: number, total: number, b: SegmentBuilder, read: (k: number) => { path: string; oid: string; data: Buffer }, warnings: Array<[number, string]>, onFile: () => void): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (;;) {
    const run = Atomics.add(ctrl, NEXT, 1);
    if (run >= count) return runs;
    const before = b.size;
    const warn = (message: string) => warnings.push([run, message]);
    for (let k = run * runSize; k < Math.min(total, (run + 1) * runSize); k++) {
      const f = read(k);
      if (!skipRawName(b, f.path, warn)) addBytes(b, f.path, f.oid, f.data, warn);
      onFile();
    }
    runs.push([run, b.size - before]);
  }
}

/** The worker's side (src/lifecycle/blob-worker.ts starts it with the job as its data). */
export function runBuildJob(job: BuildJob): void {
  const ctrl = new Int32Array(job.ctrl);
  if (Atomics.compareExchange(ctrl, STATE + job.index, WAITING, STARTED) !== WAITING) return;
  Atomics.notify(ctrl, STATE + job.index);
  try {
    const objects = new ObjectStore(job.objectsDir);
    const paths = job.paths.split('\0');
    const plan: ReadPlan = { order: new Uint32Array(0), pack: job.pack, offset: job.offset, packs: job.packs };
    const total = paths.length;
    const b = new SegmentBuilder();
    b.expect(total);
    const warnings: Array<[number, string]> = [];
    const runs = takeRuns(
      ctrl,
      Math.ceil(total / job.run),
      job.run,
      total,
      b,
      (k) => {
        const oid = job.oids.slice(k * 40, k * 40 + 40);
        return { path: paths[k], oid, data: objects.readPlanned(plan, k, oid, 'blob').data };
      },
      warnings,
      () => Atomics.add(ctrl, DONE, 1),
    );
    const seg = b.finish({ kind: 'base', tree: '' });
    objects.close();
    const { wire, transfer } = toWire(seg);
    const answer = { ok: true, seg: wire, runs, warnings } satisfies Answer;
    try {
      job.port.postMessage(answer, transfer);
    } catch (err) {
      // An array Node will not move (one a library allocated from a pool): copy them all instead.
      if ((err as Error).name !== 'DataCloneError') throw err;
      job.port.postMessage(answer);
    }
  } catch (err) {
    job.port.postMessage({ ok: false, error: (err as Error).stack ?? String(err) } satisfies Answer);
  } finally {
    Atomics.add(ctrl, FINISHED, 1);
    Atomics.notify(ctrl, FINISHED);
  }
}

/**
 * Worker threads a full build of `files` files uses, and the worker file; null for one thread. By
 * default one worker beside the main thread when the machine has two cores or more (at 1,000,000 on a
 * 2-core machine with the second core free: wall 37 s against 50 s, 17% more CPU, 1.7 GB peak RSS
 * against 1.37 GB; BENCHMARKS.md, "First build at 1,000,000 on two threads"); `MEMORY_INDEX_THREADS`
 * sets the count (0: one thread; at most the cores but one).
 */
function workersFor(files: number, opts: ParallelOptions): { count: number; file: string | URL } | null {
  const env = process.env.MEMORY_INDEX_THREADS;
  const fromEnv = env !== undefined && env !== '' && Number.isInteger(Number(env)) ? Math.min(Number(env), Math.max(1, availableParallelism() - 1)) : undefined;
  const count = opts.threads ?? fromEnv ?? (availableParallelism() >= 2 ? 1 : 0);
  const file = opts.worker ?? builtWorker();
  if (count < 1 || file === undefined || files < (opts.from ?? PARALLEL_FROM)) return null;
  return { count, file };
}

/** What a build in parts found: its segment, or that two files claim one id (the caller builds again in tree order). */
export type PartsResult = { seg: Segment } | { dupes: true; skipped: number };

/**
 * Builds the base of `blobs` (the files under memories/ of `tree`, `.md` only) on the main thread and
 * worker threads; `skipped` files were skipped before (names not UTF-8). Null when the build is for
 * one thread (few files, one core, no worker file, a partial clone) or a worker failed: the caller
 * then builds on its own. Warnings about files are given in plan order once every part is done.
 */
export function buildInParts(store: ReadonlyBranch, blobs: BranchBlob[], tree: string, skipped: number, progress: ((done: number, total: number) => void) | undefined, opts: ParallelOptions = {}): PartsResult | null {
  const git = store.git;
  const use = workersFor(blobs.length, opts);
  const objectsDir = git.objectsDir?.();
  if (!use || !objectsDir || !git.planBlobs || !git.readPlannedBlob) return null;
  const total = blobs.length;
  const t0 = performance.now();
  const plan = git.planBlobs(blobs.map((f) => f.oid));
  const inOrder = Array.from(plan.order, (i) => blobs[i]);
  const runSize = opts.run ?? RUN;
  const runCount = Math.ceil(total / runSize);
  const ctrl = new Int32Array(new SharedArrayBuffer((STATE + use.count) * 4));
  const { Worker, MessageChannel, receiveMessageOnPort } = threads();
  const workers: Array<{ worker: WorkerThreads.Worker; port: WorkerThreads.MessagePort }> = [];
  const stop = () => {
    for (const w of workers) {
      w.port.close();
      void w.worker.terminate();
    }
  };
  try {
    for (let i = 0; i < use.count; i++) {
      const { port1, port2 } = new MessageChannel();
      const job: BuildJob = { kind: 'index-build', objectsDir, paths: inOrder.map((f) => f.path).join('\0'), oids: inOrder.map((f) => f.oid).join(''), pack: plan.pack, offset: plan.offset, packs: plan.packs, run: runSize, ctrl: ctrl.buffer as SharedArrayBuffer, index: i, port: port2 };
      const worker = new Worker(use.file, { workerData: job, transferList: [port2] });
      // A worker that fails to start or dies says so on its port's side only through events this
      // thread does not wait for: its answer never comes, and the stall limit below applies.
      worker.on('error', () => {});
      worker.unref();
      workers.push({ worker, port: port1 });
    }
  } catch {
    stop();
    return null;
  }

  if (opts.waitForWorkers) {
    for (let i = 0; i < workers.length; i++) while (Atomics.load(ctrl, STATE + i) === WAITING) Atomics.wait(ctrl, STATE + i, WAITING, 50);
  }
  const tRuns = performance.now();
  let mine = 0;
  const every = Math.max(200, Math.floor(total / 200));
  let nextReport = 1;
  const report = () => {
    if (!progress) return;
    const done = mine + Atomics.load(ctrl, DONE);
    if (done >= nextReport || done === total) {
      progress(done, total);
      nextReport = (Math.floor((done - 1) / every) + 1) * every + 1;
    }
  };
  try {
    const b = new SegmentBuilder();
    b.expect(total);
    const warnings: Array<[number, string]> = [];
    const runs = takeRuns(
      ctrl,
      runCount,
      runSize,
      total,
      b,
      (k) => {
        const f = inOrder[k];
        return { path: f.path, oid: f.oid, data: git.readPlannedBlob!(plan, k, f.oid) };
      },
      warnings,
      () => {
        mine++;
        report();
      },
    );
    const t1 = performance.now();
    const own = b.finish({ kind: 'base', tree });
    const t2 = performance.now();
    // Every worker's answer, waiting without the event loop.
    const answers: Answer[] = [];
    let last = -1;
    let since = Date.now();
    for (let i = 0; i < workers.length; i++) {
      // A worker that has not started (slow to load, or unable to) has no run: it is not waited for.
      if (Atomics.compareExchange(ctrl, STATE + i, WAITING, CANCELLED) === WAITING) continue;
      for (;;) {
        const got = receiveMessageOnPort(workers[i].port);
        if (got) {
          answers.push(got.message as Answer);
          // Its heap (the term tables of its half) is let go now, not after the join.
          void workers[i].worker.terminate();
          break;
        }
        const seen = Atomics.load(ctrl, DONE) + Atomics.load(ctrl, FINISHED);
        if (seen !== last) {
          last = seen;
          since = Date.now();
        } else if (Date.now() - since > STALL_MS) return null;
        Atomics.wait(ctrl, FINISHED, Atomics.load(ctrl, FINISHED), 100);
        report();
      }
    }
    const t3 = performance.now();
    const failed = answers.find((a) => !a.ok);
    if (failed) {
      debug(`a worker failed, building on one thread: ${failed.error}`);
      return null;
    }
    const done = answers as Array<Extract<Answer, { ok: true }>>;
    if (progress) progress(total, total);
    for (const [, message] of [...warnings, ...done.flatMap((a) => a.warnings)].sort((x, y) => x[0] - y[0])) store.warn(message);
    const parts: SegmentPart[] = [{ seg: own, runs }, ...done.map((a) => ({ seg: fromWire(a.seg), runs: a.runs }))];
    skipped += parts.reduce((s, p) => s + p.seg.skipped, 0);
    // Two files claiming one id, in one part or in two: the caller builds again in tree order.
    let dupes = parts.some((p) => !p.seg.dupes || p.seg.dupes.length);
    const others = new Set<string>();
    for (let i = 1; i < parts.length && !dupes; i++) {
      const { ids, n } = parts[i].seg;
      for (let d = 0; d < n && !dupes; d++) {
        const id = ids.get(d);
        if (b.hasId(id) || others.has(id)) dupes = true;
        else if (i < parts.length - 1) others.add(id);
      }
    }
    lastParts = parts.map((p) => p.runs.reduce((s, [run]) => s + Math.min(runSize, total - run * runSize), 0));
    if (dupes) return { dupes: true, skipped };
    const seg = joinParts(parts, { tree, skipped });
    const ms = (a: number, z: number) => `${Math.round(z - a)} ms`;
    debug(`files read by each thread ${lastParts.join(', ')}; plan and start ${ms(t0, tRuns)}, runs ${ms(tRuns, t1)}, own finish ${ms(t1, t2)}, waiting ${ms(t2, t3)}, join ${ms(t3, performance.now())}`);
    return { seg };
  } finally {
    stop();
  }
}
