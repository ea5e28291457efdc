import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { formatMemoryBlock } from '../output.js';

interface Args extends GlobalArgs {
  id: string;
  at?: string;
  ref?: string;
}

export const getCommand = command<Args>({
  command: 'get <id>',
  describe: 'Show one memory by id',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Memory id (mem_...)' })
      .option('at', { type: 'string', describe: 'An older version: its number (3) or a commit id (see "memory history <id>")' })
      .option('ref', { type: 'string', describe: 'Check the citations at this ref or commit (default the checkout\'s HEAD)' })
      .example('$0 get mem_0k2x9d1ab7q4ce3m', 'Show a memory')
      .example('$0 get mem_0k2x9d1ab7q4ce3m --json', 'As JSON')
      .example('$0 get mem_0k2x9d1ab7q4ce3m --at 2', 'As it was at version 2'),
  handler: (argv) =>
    argv.at !== undefined
      ? run(
          argv,
          (m) => m.getAt(argv.id, String(argv.at)),
          (r) => `${formatMemoryBlock(r.memory)}\n-- at ${r.commit.slice(0, 12)}${r.state === 'live' ? '' : ` (${r.state}${r.deleted_at ? `, deleted ${r.deleted_at}` : ''})`}`,
        )
      : run(argv, (m) => m.get(argv.id, argv.ref !== undefined ? { ref: String(argv.ref) } : undefined), (r) => formatMemoryBlock(r.memory)),
});
