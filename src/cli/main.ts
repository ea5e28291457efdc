import { Cli, UsageError, type Program } from './args.js';
import { GLOBAL_OPTIONS } from './context.js';
import { commands } from './commands/index.js';
import { completionCommand } from './completion.js';
import { guardOutput, reportError } from './output.js';

declare const __VERSION__: string;

/** The `memory` command line: every command, the global options, examples; also the source of the man page and completion. */
export const program: Program = {
  name: 'memory',
  version: typeof __VERSION__ === 'string' ? __VERSION__ : 'dev',
  usage: '$0 <command> [options]\n\nLong-term memory for agents and CI jobs, kept as Markdown files on a git branch.',
  globals: GLOBAL_OPTIONS,
  commands: [...commands, completionCommand(() => program)],
  examples: [
    ['$0 store "API rate limit is 100 requests/minute" --tags api,limits', 'Remember something'],
    ['$0 search "rate limit" --tag api', 'Find it again'],
    ['$0 list --tag api', 'List memories tagged api'],
    ['$0 get mem_0k2x9d1ab7q4ce3m --json', 'One memory as JSON'],
  ],
  epilog:
    'Runs as "git memory ..." too. Exit codes: 0 ok, 1 internal, 2 bad input, 3 not found, 4 conflict, 5 not a repository, 6 sync, 7 secret. Docs: README.md',
};

/**
 * Runs one command line. Its stdout and stderr are guarded (src/cli/output.ts `guardOutput`): no
 * control character from memory text reaches the terminal, whatever the command prints. `memory mcp`
 * is the exception: its stdout is the JSON-RPC stream, written by the SDK as it is (JSON escapes every
 * control character that could act on a terminal except DEL and C1, and a client, not a terminal, reads it).
 */
export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  const unguard = isMcp(args) ? () => {} : guardOutput();
  try {
    await new Cli(program).run(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    reportError(err, args.includes('--json'));
  } finally {
    // A server (`memory view`, `memory daemon`) keeps writing after main returns: it stays guarded.
    if (!serves(args)) unguard();
  }
}

/** The command word: the first argument that is not an option or a global option's value. */
function commandWord(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      const name = a.replace(/^-+/, '').split('=')[0];
      if (!a.includes('=') && (GLOBAL_OPTIONS[name]?.type === 'string')) i++;
      continue;
    }
    return a;
  }
  return undefined;
}
const isMcp = (args: readonly string[]) => commandWord(args) === 'mcp';
const serves = (args: readonly string[]) => ['view', 'daemon'].includes(commandWord(args) ?? '');
