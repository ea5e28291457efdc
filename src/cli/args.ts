import { declared, type Builder, type CommandDef, type OptionSpec, type Program } from './command.js';
import { closest, lookup, parseLine, takesValue, UsageError } from './parse.js';

/**
 * The `memory` command line: finds the command the words name (options may come before it), reads
 * the rest against its declaration (parse.ts), and runs its handler, or prints help or the version.
 * Why not a package: start-up time is a feature (`memory get` must cost about a node start); bundled
 * yargs and its help renderer cost ~1x a node start by themselves.
 */
export class Cli {
  constructor(private readonly program: Program) {}

  /** Finds the command (and subcommand) named in args; options may come before the command name. */
  private resolve(args: readonly string[]): { chain: Array<{ name: string; def: CommandDef }>; builder: Builder; rest: string[] } {
    const globals = new Map<string, OptionSpec>(Object.entries(this.program.globals));
    const chain: Array<{ name: string; def: CommandDef }> = [];
    const rest = [...args];
    let builder = declared(null, this.program.commands);
    while (builder.commands.length) {
      let idx = -1;
      for (let i = 0; i < rest.length; i++) {
        const t = rest[i];
        if (t === '--') break;
        if (t.startsWith('-') && t !== '-' && !/\s/.test(t)) {
          const hit = lookup(globals, t.replace(/^--?/, '').split('=')[0].replace(/^no-/, ''));
          if (hit && takesValue(hit[1]) && !t.includes('=')) i++;
          continue;
        }
        idx = i;
        break;
      }
      if (idx < 0) break;
      const word = rest[idx];
      const found = builder.commands.find((c) => c.name === word || c.aliases.includes(word));
      if (!found) {
        const best = closest(word, builder.commands.flatMap((c) => [c.name, ...c.aliases]));
        const where = chain.length ? `${chain.map((c) => c.name).join(' ')} ` : '';
        throw new UsageError(`unknown command "${where}${word}"${best ? ` (did you mean "${best}"?)` : ''}; see "${this.program.name} ${where}--help"`, 'command');
      }
      rest.splice(idx, 1);
      builder = declared(found.def);
      chain.push({ name: found.name, def: found.def });
      for (const [k, v] of builder.options) if (v.global) globals.set(k, v);
    }
    return { chain, builder, rest };
  }

  async run(args: readonly string[]): Promise<void> {
    const wantsHelp = args.some((a) => a === '--help' || a === '-h');
    if (!wantsHelp && (args[0] === '--version' || args[0] === '-v')) {
      process.stdout.write(this.program.version + '\n');
      return;
    }
    const { chain, builder, rest } = this.resolve(args);
    const path = chain.map((c) => c.name);
    // `memory` alone (or with global options only) is a request for help, not a mistake...
    if (wantsHelp || !chain.length) {
      // ...but an unknown option with it still is (a usage error that never echoes the option's value).
      if (!wantsHelp) this.read(rest, builder, path);
      // Loaded on use: every other start (a command, a usage error) never formats help.
      const { helpText } = await import('./help.js');
      process.stdout.write(helpText(this.program, chain, builder));
      return;
    }
    const handler = chain[chain.length - 1].def.handler;
    if (!handler || (builder.commands.length && builder.subcommandRequired !== null)) {
      throw new UsageError(builder.subcommandRequired || `give a command; see "${this.program.name} ${path.join(' ')} --help"`, 'command');
    }
    await handler(this.read(rest, builder, path));
  }

  private read(rest: string[], b: Builder, path: string[]) {
    const options = new Map<string, OptionSpec>(Object.entries(this.program.globals));
    for (const [k, v] of b.options) options.set(k, v);
    options.set('help', { type: 'boolean' });
    return parseLine(rest, { options, positionals: b.positionals, path, program: this.program.name });
  }
}

export { command, commandTree, Builder, type Argv, type Command, type CommandDef, type CommandInfo, type OptionSpec, type Program } from './command.js';
export { closest, isContent, MAX_ARRAY_OPTION_VALUES, UsageError } from './parse.js';
