import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { formatDuration, progressReporter } from '../progress.js';
import { positiveInt } from '../../model/bounds.js';

interface Args extends GlobalArgs {
  batch?: number;
  threads?: number;
}

function positive(v: number | undefined, name: string): number | undefined {
  return v === undefined ? undefined : positiveInt(v, name, { label: `--${name}` });
}

export const embedCommand = command<Args>({
  command: 'embed',
  describe: 'Compute and commit the vectors of memories that lack one, in batches that each commit (searches never commit vectors)',
  builder: (y) =>
    y
      .option('batch', { type: 'number', describe: 'Memories per commit (default 1000, env MEMORY_EMBED_BATCH); a kill loses at most one batch' })
      .option('threads', { type: 'number', describe: 'Worker threads for the offline model (default: the cores, at most 4; env MEMORY_EMBED_THREADS)' })
      .example('$0 embed', 'Backfill vectors once, e.g. in CI after importing memories; clones reuse them')
      .example('MEMORY_EMBEDDER=openai MEMORY_EMBEDDER_MODEL=text-embedding-3-small $0 embed --json', 'With an OpenAI-compatible server'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        const batchSize = positive(argv.batch, 'batch');
        const threads = positive(argv.threads, 'threads');
        const bar = progressReporter({ label: 'embedding', unit: 'memories', quiet: argv.json });
        try {
          return await m.embed({ batchSize, threads, onProgress: bar.progress });
        } finally {
          bar.end();
        }
      },
      (r) =>
        `embedded ${color.bold(String(r.embedded))} memories with ${r.model}` +
        (r.fromCache ? `, ${r.fromCache} from the local cache` : '') +
        `, ${r.reused} already had vectors${r.pruned ? `, ${r.pruned} stale removed` : ''}` +
        ` ${color.dim(`(${r.commits} commit${r.commits === 1 ? '' : 's'}, ${formatDuration(r.durationMs)})`)}`,
      { op: 'embed' },
    ),
});
