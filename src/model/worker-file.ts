/**
 * The package's worker thread file. The build bundles src/lifecycle/blob-worker.ts alone into
 * `blob-worker.cjs` next to each build and replaces this identifier, in every output file that holds
 * this code, with that file's path relative to the output file (scripts/build-worker.mjs): a chunk in
 * dist/chunks/ and dist/index.cjs each find it. Run from src/ (the fast tests) there is no built file,
 * no identifier, and no worker: the import's compression and a full index build run on the main
 * thread (the same functions); tests that want the threads pass a worker they built.
 */
declare const __GM_BLOB_WORKER__: string | URL;
export function builtWorker(): string | URL | undefined {
  return typeof __GM_BLOB_WORKER__ === 'undefined' ? undefined : __GM_BLOB_WORKER__;
}
