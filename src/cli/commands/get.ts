import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';
import { formatMemoryBlock } from '../output.js';

interface Args extends GlobalArgs {
  id: string;
}

export const getCommand: CommandModule<GlobalArgs, Args> = {
  command: 'get <id>',
  describe: 'Show one memory by id',
  builder: (y) => y.positional('id', { type: 'string', demandOption: true, describe: 'Memory id (mem_...)' }).example('$0 get mem_0k2x9d1ab7q4ce3m', 'Show a memory').example('$0 get mem_0k2x9d1ab7q4ce3m --json', 'As JSON'),
  handler: (argv) => run(argv, (s) => s.get(argv.id), (r) => formatMemoryBlock(r.memory)),
};
