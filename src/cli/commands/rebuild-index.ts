import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { formatDuration, progressReporter } from '../progress.js';

export const rebuildIndexCommand = command<GlobalArgs>({
  command: 'rebuild-index',
  describe: 'Rebuild the search index from every memory on the branch',
  builder: (y) =>
    y
      .example('$0 rebuild-index', 'Rebuild (searches rebuild by themselves when the branch moves; this forces it)')
      .example('$0 rebuild-index --json', '{ success, indexed, skipped, ... }'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        const bar = progressReporter({ label: 'indexing', quiet: argv.json });
        try {
          return await m.rebuildIndex({ progress: bar.progress });
        } finally {
          bar.end();
        }
      },
      (r) => `indexed ${color.bold(String(r.indexed))} ${r.indexed === 1 ? 'memory' : 'memories'}${r.skipped ? `, skipped ${r.skipped} unreadable file${r.skipped === 1 ? '' : 's'}` : ''} ${color.dim(`(${formatDuration(r.durationMs)})`)}`,
    ),
});
