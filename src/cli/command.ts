/**
 * How a command of the `memory` CLI is declared: its usage string (`get <id>`, `store [content]`,
 * `search [query..]`), a builder that lists its positionals, options, examples, epilogs and
 * subcommands, and a handler. The parser (parse.ts), the help (help.ts), the man page and shell
 * completion (commandTree) all read the same declaration.
 */

/** A value an option or positional can take. */
export type OptionValue = string | number | boolean;

export interface OptionSpec {
  type?: 'string' | 'number' | 'boolean';
  /** Other names: one letter (`-n`) or a word (`--tag`). */
  alias?: string | readonly string[];
  /** One value per occurrence (`--tags a,b --tags c`), collected in a list. */
  array?: boolean;
  choices?: readonly OptionValue[];
  default?: OptionValue | readonly OptionValue[];
  describe?: string;
  /** Required: true, or the message to give when it is missing. */
  demandOption?: boolean | string;
  /** Also accepted by the command's subcommands. */
  global?: boolean;
  /** Accepted, but not shown in help, the man page or completion. */
  hidden?: boolean;
}

/** A positional's spec: from the usage string (name, required, variadic), completed by the builder. */
export interface PositionalSpec {
  name: string;
  required: boolean;
  variadic: boolean;
  type?: 'string' | 'number';
  choices?: readonly OptionValue[];
  default?: OptionValue;
  describe?: string;
}

/** What a builder may say about a positional named in the usage string. */
export type PositionalOptions = Omit<PositionalSpec, 'name' | 'required' | 'variadic'>;

/**
 * The parsed command line: the command path (`_`), the program name (`$0`), and every declared option
 * and positional that has a value, under its name, its camelCase name and its aliases.
 */
export interface Argv {
  _: string[];
  $0: string;
  [name: string]: unknown;
}

/** A command as its module declares it; `A` is the handler's view of the parsed line. */
export interface Command<A> {
  /** Usage: the name (`name|alias`), then positionals: `<required>`, `[optional]`, `[many..]`. */
  command: string;
  aliases?: readonly string[];
  /** One line for the command list; false hides the command from help, man page and completion. */
  describe: string | false;
  builder?: (b: Builder) => Builder;
  /** None for a command that only groups subcommands. */
  handler?: (argv: A) => unknown;
}

/** A command as the parser runs it. */
export type CommandDef = Command<Argv>;

/**
 * A command module's declaration, for the parser. The one place the parsed line meets a command's own
 * type: the parser sets exactly the options and positionals the builder declares, converted and
 * checked as their specs say (numbers, choices, arrays, required ones), and `A` names them for the
 * handler; test/cli/args.test.ts holds the parser to that.
 */
export function command<A>(c: Command<A>): CommandDef {
  const { handler } = c;
  return { ...c, handler: handler && ((argv: Argv) => handler(argv as unknown as A)) };
}

/** A command's declarations, collected by its builder function. */
export class Builder {
  readonly positionals: PositionalSpec[];
  readonly options = new Map<string, OptionSpec>();
  readonly examples: Array<[string, string]> = [];
  readonly epilogs: string[] = [];
  readonly commands: Array<{ name: string; aliases: string[]; def: CommandDef }> = [];
  /** Set by demandCommand: the message when no subcommand is given. */
  subcommandRequired: string | null = null;

  constructor(positionals: PositionalSpec[] = []) {
    this.positionals = positionals.map((p) => ({ ...p }));
  }

  /** Describes a positional named in the usage string (an unknown name is a mistake in the module). */
  positional(name: string, spec: PositionalOptions = {}): this {
    const p = this.positionals.find((x) => x.name === name);
    if (!p) throw new Error(`positional "${name}" is not in the command's usage string`);
    Object.assign(p, spec);
    return this;
  }

  option(name: string, spec: OptionSpec = {}): this {
    this.options.set(name, spec);
    return this;
  }

  example(cmd: string, desc = ''): this {
    this.examples.push([cmd, desc]);
    return this;
  }

  epilog(text: string): this {
    this.epilogs.push(text);
    return this;
  }

  command(defs: CommandDef | readonly CommandDef[]): this {
    for (const def of Array.isArray(defs) ? (defs as readonly CommandDef[]) : [defs as CommandDef]) {
      const usage = parseUsage(def.command);
      this.commands.push({ name: usage.name, aliases: [...usage.aliases, ...(def.aliases ?? [])], def });
    }
    return this;
  }

  /** A group of subcommands: giving none is a usage error with `message`. */
  demandCommand(message?: string): this {
    this.subcommandRequired = message ?? '';
    return this;
  }
}

/** A whole command line program: the top-level commands, global options, help text. */
export interface Program {
  name: string;
  version: string;
  usage: string;
  globals: Record<string, OptionSpec>;
  commands: readonly CommandDef[];
  examples: Array<[string, string]>;
  epilog: string;
}

/** The name, aliases and positionals of a usage string such as `store|s [content]`. */
export function parseUsage(cmd: string): { name: string; aliases: string[]; positionals: PositionalSpec[] } {
  const parts = cmd.trim().split(/\s+/);
  const [name, ...aliases] = parts[0].split('|');
  const positionals: PositionalSpec[] = [];
  for (const p of parts.slice(1)) {
    const m = /^([<[])([^\]>]+?)(\.\.)?[\]>]$/.exec(p);
    if (!m) continue;
    positionals.push({ name: m[2].split('|')[0], required: m[1] === '<', variadic: !!m[3] });
  }
  return { name, aliases, positionals };
}

/** What `def` declares: its builder run on a fresh Builder (`top`: the program's own commands). */
export function declared(def: CommandDef | null, top: readonly CommandDef[] = []): Builder {
  const b = new Builder(def ? parseUsage(def.command).positionals : []);
  if (def?.builder) def.builder(b);
  if (!def) b.command(top);
  return b;
}

/**
 * An option's other names: its declared aliases, plus `--tag` for a `--tags` option and `--tags` for a
 * `--tag` one (when the command has no option of that name), so either spelling works wherever a
 * command takes tags.
 */
export function aliasesOf(name: string, spec: OptionSpec, specs?: ReadonlyMap<string, OptionSpec>): string[] {
  const aliases = spec.alias === undefined ? [] : typeof spec.alias === 'string' ? [spec.alias] : [...spec.alias];
  const twin = TWINS[name];
  if (twin && !aliases.includes(twin) && !specs?.has(twin)) aliases.push(twin);
  return aliases;
}
const TWINS: Record<string, string> = { tag: 'tags', tags: 'tag' };

/** One command as its definition declares it, for the man page and shell completion. */
export interface CommandInfo {
  name: string;
  aliases: string[];
  /** The command string, e.g. `store [content]`. */
  usage: string;
  describe: string;
  positionals: Array<{ name: string; required: boolean; variadic: boolean; describe: string; choices?: readonly OptionValue[] }>;
  options: Array<{ name: string; aliases: string[]; type: 'string' | 'number' | 'boolean'; array: boolean; choices?: readonly OptionValue[]; describe: string; default?: OptionSpec['default'] }>;
  examples: Array<[string, string]>;
  epilogs: string[];
  commands: CommandInfo[];
}

/** Every command of `program`, with subcommands, options and examples, from the definitions themselves. */
export function commandTree(program: Program): CommandInfo[] {
  const info = (def: CommandDef, name: string, aliases: string[]): CommandInfo => {
    const b = declared(def);
    return {
      name,
      aliases,
      usage: def.command,
      describe: def.describe || '',
      positionals: b.positionals.map((p) => ({ name: p.name, required: p.required, variadic: p.variadic, describe: p.describe ?? '', choices: p.choices })),
      options: [...b.options]
        .filter(([, o]) => !o.hidden)
        .map(([n, o]) => ({ name: n, aliases: aliasesOf(n, o, b.options), type: o.type ?? 'string', array: !!o.array, choices: o.choices, describe: o.describe ?? '', default: o.default })),
      examples: b.examples,
      epilogs: b.epilogs,
      commands: b.commands.filter((c) => c.def.describe !== false).map((c) => info(c.def, c.name, c.aliases)),
    };
  };
  return declared(null, program.commands)
    .commands.filter((c) => c.def.describe !== false)
    .map((c) => info(c.def, c.name, c.aliases));
}
