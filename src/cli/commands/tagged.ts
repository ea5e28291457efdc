import type { CommandModule } from 'yargs';
import { run, splitList, type GlobalArgs } from '../context.js';
import { formatTable } from '../output.js';

interface Args extends GlobalArgs {
  tags: string;
}

export const taggedCommand: CommandModule<GlobalArgs, Args> = {
  command: 'tagged <tags>',
  describe: 'Show memories carrying all the given tags',
  builder: (y) => y.positional('tags', { type: 'string', demandOption: true, describe: 'Comma-separated tags' }).example('$0 tagged api,limits', 'Memories tagged both api and limits'),
  handler: (argv) => run(argv, (m) => m.tagged(splitList(argv.tags) ?? []), (r) => formatTable(r.memories)),
};
