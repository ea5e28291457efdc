import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

export const embedCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'embed',
  describe: 'Compute and commit the vectors of memories that lack one (hybrid search does it lazily)',
  builder: (y) =>
    y
      .example('$0 embed', 'Backfill vectors once, e.g. in CI after importing memories; clones reuse them')
      .example('MEMORY_EMBEDDER=openai MEMORY_EMBEDDER_MODEL=text-embedding-3-small $0 embed --json', 'With an OpenAI-compatible server'),
  handler: (argv) =>
    run(
      argv,
      async (s) => (await import('../../vector/store-vectors.js')).embedMemories(s),
      (r) =>
        `embedded ${color.bold(String(r.embedded))} memories with ${r.model}, ${r.reused} already had vectors${r.pruned ? `, ${r.pruned} stale removed` : ''} ${color.dim(`(${r.durationMs} ms)`)}`,
      { sync: 'write' },
    ),
};
