import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { globalOptions } from './context.js';
import { commands } from './commands/index.js';
import { reportError } from './output.js';
import { InvalidInputError } from '../core/errors.js';

declare const __VERSION__: string;

export async function main(args: string[] = hideBin(process.argv)): Promise<void> {
  const json = args.includes('--json');
  const y = globalOptions(yargs(args))
    .scriptName('memory')
    .usage('$0 <command> [options]\n\nLong-term memory for agents and CI jobs, kept as Markdown files on a git branch.')
    .command(commands)
    .demandCommand(1, 'give a command; see "memory --help"')
    .strict()
    .recommendCommands()
    .example('$0 store "API rate limit is 100 requests/minute" --tags api,limits', 'Remember something')
    .example('$0 list --tag api', 'List memories tagged api')
    .example('$0 get mem_0k2x9d1ab7q4ce3m --json', 'One memory as JSON')
    .epilog('Runs as "git memory ..." too. Exit codes: 0 ok, 1 internal, 2 bad input, 3 not found, 4 conflict, 5 not a repository, 6 sync, 7 secret. Docs: README.md')
    .version(typeof __VERSION__ === 'string' ? __VERSION__ : 'dev')
    .help()
    .alias('h', 'help')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err) throw err;
      reportError(new InvalidInputError(msg ?? 'invalid arguments'), json);
      if (!json) process.stderr.write('see "memory --help"\n');
      process.exit(2);
    });
  await y.parseAsync();
}
