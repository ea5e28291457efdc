import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';

interface Args extends GlobalArgs {
  confirm?: boolean;
}

export const clearCommand: CommandModule<GlobalArgs, Args> = {
  command: 'clear',
  describe: 'Remove every memory in one commit (needs --confirm)',
  builder: (y) => y.option('confirm', { type: 'boolean', describe: 'Really clear' }).example('$0 clear --confirm', 'Clear all memories (git history keeps them)'),
  handler: (argv) => run(argv, (s) => s.clear({ confirm: argv.confirm }), (r) => `cleared ${r.deleted} memories`),
};
