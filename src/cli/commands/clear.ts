import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { count } from '../output.js';

interface Args extends GlobalArgs {
  confirm?: boolean;
}

export const clearCommand = command<Args>({
  command: 'clear',
  describe: 'Move every memory to the trash in one commit (needs --confirm)',
  builder: (y) => y.option('confirm', { type: 'boolean', describe: 'Really clear' }).example('$0 clear --confirm', 'Move all memories to the trash'),
  handler: (argv) => run(argv, (m) => m.clear({ confirm: argv.confirm }), (r) => `moved ${count(r.deleted)} to the trash`),
});
