import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { formatTable, noteColor, resultsWithNote } from '../output.js';

interface Args extends GlobalArgs {
  count?: number;
  ref?: string;
}

export const recentCommand = command<Args>({
  command: 'recent',
  describe: 'Show the newest memories',
  builder: (y) => y.option('count', { alias: 'n', type: 'number', describe: 'How many (default 10)' }).option('ref', { type: 'string', describe: 'Check the citations at this ref or commit (default the checkout\'s HEAD)' }).example('$0 recent --count 5', 'The five newest'),
    // `N of M` on stderr and `total` in JSON, as every listing command.
  handler: (argv) => run(argv, (m) => m.recent(argv.count, argv.ref !== undefined ? { ref: String(argv.ref) } : undefined), (r) => resultsWithNote(formatTable(r.memories), noteColor.dim(`${r.memories.length} of ${r.total}`))),
});
