import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { progressReporter } from '../progress.js';

interface Args extends GlobalArgs {
  dryRun?: boolean;
  retention?: boolean;
  archiveAfter?: number;
  deleteAfter?: number;
  maxMemories?: number;
}

export const pruneCommand = command<Args>({
  command: 'prune',
  describe: 'Apply retention in one commit: archive old memories, trash expired/too old ones, purge old trash',
  builder: (y) =>
    y
      .option('dry-run', { type: 'boolean', describe: 'Show what would change; write nothing' })
      .option('retention', { type: 'boolean', describe: 'Apply the age rules even if config retention.enabled is false (this run)' })
      .option('archive-after', { type: 'number', describe: 'Days without a write before a memory is archived (default: retention.archiveAfterDays)' })
      .option('delete-after', { type: 'number', describe: 'Days without a write before a memory goes to the trash (default: retention.deleteAfterDays)' })
      .option('max-memories', { type: 'number', describe: 'Cap on live memories; above it the oldest low-priority ones are archived (default: maxMemories)' })
      .example('$0 prune --dry-run', 'What a prune would do')
      .example('$0 config set retention.enabled true && $0 prune', 'Turn on age-based retention, then prune')
      .epilog(
        'Archived memories move to archive/ on the branch (out of list and default search; memory export --archived includes them). ' +
          'Expired memories (memory store --ttl 7d) and those older than deleteAfterDays go to the trash; trash older than trashRetentionDays is purged. ' +
          'Git history keeps everything.',
      ),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        // Progress on stderr (a bar on a terminal, a line every 2 s on a pipe, nothing with --json).
        const bar = progressReporter({ label: argv.dryRun ? 'checking' : 'pruning', quiet: argv.json });
        try {
          return await m.prune({ dryRun: argv.dryRun, retention: argv.retention, archiveAfterDays: argv.archiveAfter, deleteAfterDays: argv.deleteAfter, maxMemories: argv.maxMemories, onProgress: bar.progress });
        } finally {
          bar.end();
        }
      },
      (r) => {
        const [head, ...lines] = r.summary.split('\n');
        const title = r.dryRun ? `${color.bold("dry run")} (nothing written), would do: ${head}` : r.commit && (r.archived.length || r.trashed.length || r.purged.length) ? `pruned: ${head}` : `nothing to prune: ${head}`;
        return [title, ...lines.map((l) => color.dim('  ' + l))].join('\n');
      },
    ),
});
