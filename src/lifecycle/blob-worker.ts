import { parentPort } from 'node:worker_threads';
import { packGroup, type PackRequest } from './blob-group.js';

/**
 * The thread a BlobCompressor (blob-compressor.ts) starts: answers each group with packGroup. Not
 * imported by anything: scripts/build-worker.mjs bundles it on its own into `blob-worker.cjs` next to
 * each build (dist/, dist/action/), and the compressor finds it there.
 */
const port = parentPort;
if (!port) throw new Error('blob-worker runs as a worker thread (src/lifecycle/blob-compressor.ts starts it)');
port.on('message', (req: PackRequest) => {
  const answer = packGroup(req);
  port.postMessage(answer, [answer.buf]);
});
