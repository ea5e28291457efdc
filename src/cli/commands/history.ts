import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { excerpt } from '../../core/excerpt.js';

interface Args extends GlobalArgs {
  id: string;
}

export const historyCommand: CommandModule<GlobalArgs, Args> = {
  command: 'history <id>',
  describe: "Every version of a memory from git history, newest first (also after it was deleted or purged)",
  builder: (y) =>
    y
      .positional('id', { type: 'string', demandOption: true, describe: 'Memory id' })
      .example('$0 history mem_0k2x9d1ab7q4ce3m', 'Versions, with the commit of each')
      .example('$0 get mem_0k2x9d1ab7q4ce3m --at 2', 'Then read one of them'),
  handler: (argv) =>
    run(
      argv,
      (m) => m.history(argv.id),
      (r) =>
        r.versions
          .map((v) => {
            const ver = v.version === null ? '  -' : `v${v.version}`.padStart(3);
            return `${color.bold(ver)}  ${color.dim(v.timestamp.slice(0, 19).replace('T', ' '))}  ${v.commit.slice(0, 10)}  ${v.event.padEnd(8)}  ${v.content === null ? color.dim(v.unreadable !== undefined ? `(unreadable: ${excerpt(v.unreadable, 60)})` : '(gone; still in git history)') : excerpt(v.content, 70)}`;
          })
          .join('\n'),
    ),
};
