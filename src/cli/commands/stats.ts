import { command } from '../command.js';
import type { MemoryStats } from '../../lifecycle/stats.js';
import { run, type GlobalArgs } from '../context.js';

interface Args extends GlobalArgs {
  top?: number;
}

export const statsCommand = command<Args>({
  command: 'stats',
  describe: 'Counts: memories, categories, tags, priorities, trash, core, commits, size, per-month activity',
  builder: (y) =>
    y
      .option('top', { type: 'number', describe: 'How many top tags to report (default 10)' })
      .example('$0 stats', 'A short table with a per-month sparkline')
      .example('$0 stats --json', 'As JSON'),
  handler: (argv) => {
    let format: (s: MemoryStats) => string = () => '';
    return run(
      argv,
      async (m) => {
        format = (await import('../../lifecycle/stats.js')).formatStats;
        return m.stats({ top: argv.top });
      },
      (r) => format(r),
    );
  },
});
