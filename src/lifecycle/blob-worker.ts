import { parentPort, workerData } from 'node:worker_threads';
import { packGroup, type PackRequest } from './blob-group.js';
import { runBuildJob, type BuildJob } from '../search/parallel-build.js';

/**
 * The package's worker thread, for two jobs: started with a full index build's job as its data
 * (src/search/parallel-build.ts), it reads and analyses its share of the branch's blobs; started
 * without, it is a BlobCompressor's (blob-compressor.ts) and answers each group with packGroup. Not
 * imported by anything: scripts/build-worker.mjs bundles it on its own into `blob-worker.cjs` next to
 * each build (dist/, dist/action/), and both find it there (src/model/worker-file.ts).
 */
const job = workerData as BuildJob | undefined;
if (job?.kind === 'index-build') runBuildJob(job);
else {
  const port = parentPort;
  if (!port) throw new Error('blob-worker runs as a worker thread (src/lifecycle/blob-compressor.ts starts it)');
  port.on('message', (req: PackRequest) => {
    const answer = packGroup(req);
    port.postMessage(answer, [answer.buf]);
  });
}
