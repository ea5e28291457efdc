/**
 * A small command-line parser that runs the CLI's command modules (written against yargs'
 * `CommandModule` interface: `command`, `describe`, `builder`, `handler`) without loading yargs.
 *
 * Why: start-up time is a feature (`memory get` must cost about a node start). Bundled yargs plus its
 * help renderer cost ~1x a node start by themselves; this covers the subset the commands use —
 * positionals (`<req>`, `[opt]`, `[many..]`), options (string/number/boolean, array, alias, choices,
 * default, demandOption, global), `--no-flag`, `--a=b`, `--`, nested commands, examples, epilogs,
 * help and version — in a few hundred lines with no dependencies.
 *
 * Differences from yargs, on purpose: an array option takes one value per occurrence (`--tags a,b
 * --tags c`), never the following words, so `memory store --tags x "content"` keeps its content.
 */

export interface OptionSpec {
  type?: 'string' | 'number' | 'boolean';
  alias?: string | string[];
  array?: boolean;
  choices?: readonly unknown[];
  default?: unknown;
  describe?: string;
  description?: string;
  demandOption?: boolean | string;
  global?: boolean;
  hidden?: boolean;
}

interface PositionalSpec extends OptionSpec {
  name: string;
  required: boolean;
  variadic: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface CommandDef { command?: string | readonly string[]; describe?: string | false; builder?: any; handler?: (argv: any) => unknown; aliases?: string | readonly string[] }

export class UsageError extends Error {}

/**
 * Occurrences of one array option (`--tags`, `--meta`, `--tag`) a command line may carry. Far above
 * any real use (a memory takes at most 100 tags and 100 metadata keys; one `--tags` value holds many,
 * comma-separated) and low enough that collecting them costs nothing.
 */
export const MAX_ARRAY_OPTION_VALUES = 1000;

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function parseCommandString(cmd: string): { name: string; aliases: string[]; positionals: PositionalSpec[] } {
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

/**
 * An option's other names: its declared aliases, plus `--tag` for a `--tags` option and `--tags` for a
 * `--tag` one (when the command has no option of that name), so either spelling works wherever a
 * command takes tags.
 */
function aliasesOf(name: string, spec: OptionSpec, specs?: Map<string, OptionSpec>): string[] {
  const aliases = spec.alias === undefined ? [] : Array.isArray(spec.alias) ? [...spec.alias] : [spec.alias];
  const twin = TWINS[name];
  if (twin && !aliases.includes(twin) && !specs?.has(twin)) aliases.push(twin);
  return aliases;
}
const TWINS: Record<string, string> = { tag: 'tags', tags: 'tag' };

/** The closest of `names` to `word` when it is close enough to be a typo (at most 2 edits, less for short words). */
export function closest(word: string, names: Iterable<string>): string | null {
  let best: [string, number] | null = null;
  for (const n of names) {
    const d = levenshtein(word, n);
    if (!best || d < best[1]) best = [n, d];
  }
  if (!best) return null;
  const limit = word.length <= 3 ? 1 : 2;
  return best[1] <= limit || (best[0].startsWith(word) && word.length >= 3) ? best[0] : null;
}

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

/** What a command's builder declares; the object handed to builders, chainable like yargs' Argv. */
export class Builder {
  positionals: PositionalSpec[] = [];
  optionSpecs = new Map<string, OptionSpec>();
  examples: Array<[string, string]> = [];
  epilogs: string[] = [];
  usageText = '';
  commands: Array<{ name: string; aliases: string[]; def: CommandDef }> = [];
  demand: { min: number; msg?: string } | null = null;

  constructor(positionals: PositionalSpec[] = []) {
    this.positionals = positionals.map((p) => ({ ...p }));
  }

  positional(name: string, spec: OptionSpec = {}): this {
    const p = this.positionals.find((x) => x.name === name);
    if (p) Object.assign(p, spec);
    return this;
  }
  option(name: string, spec: OptionSpec = {}): this {
    this.optionSpecs.set(name, spec);
    return this;
  }
  options(o: Record<string, OptionSpec>): this {
    for (const [k, v] of Object.entries(o)) this.option(k, v);
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
  epilogue(text: string): this {
    return this.epilog(text);
  }
  usage(text: string): this {
    this.usageText = text;
    return this;
  }
  command(defs: CommandDef | CommandDef[]): this {
    for (const def of Array.isArray(defs) ? defs : [defs]) {
      const cmds = Array.isArray(def.command) ? def.command : [def.command ?? ''];
      const parsed = parseCommandString(String(cmds[0]));
      const extra = [...cmds.slice(1).map(String), ...(def.aliases ? (Array.isArray(def.aliases) ? def.aliases : [def.aliases]) : [])];
      this.commands.push({ name: parsed.name, aliases: [...parsed.aliases, ...extra], def });
    }
    return this;
  }
  demandCommand(min = 1, msg?: string): this {
    this.demand = { min, msg };
    return this;
  }
  // Accepted for compatibility with yargs-style builders; behaviour is fixed (strict, with help).
  strict(): this {
    return this;
  }
  help(): this {
    return this;
  }
  wrap(): this {
    return this;
  }
}

export interface Program {
  name: string;
  version: string;
  usage: string;
  globals: Record<string, OptionSpec>;
  commands: CommandDef[];
  examples: Array<[string, string]>;
  epilog: string;
}

interface Resolved {
  chain: Array<{ name: string; def: CommandDef }>;
  builder: Builder;
  rest: string[];
}

function makeBuilder(def: CommandDef | null, positionals: PositionalSpec[]): Builder {
  const b = new Builder(positionals);
  if (def?.builder) {
    if (typeof def.builder === 'function') def.builder(b);
    else b.options(def.builder as Record<string, OptionSpec>);
  }
  return b;
}

function optionMap(b: Builder): Map<string, OptionSpec> {
  return b.optionSpecs;
}

/**
 * An argument that starts with "-" but is text, not an option: it contains whitespace or a newline
 * (a PEM key, "- item one\n- item two", "-x is a flag"), and is not `--known-option=value with spaces`.
 * Text without whitespace that starts with "-" goes after `--`: `memory store -- -x`.
 */
export function isContent(token: string, known: (key: string) => boolean): boolean {
  if (!/\s/.test(token)) return false;
  const m = /^--?([A-Za-z][A-Za-z0-9-]*)=/.exec(token);
  if (!m) return true;
  const key = m[1];
  return !(known(key) || (key.startsWith('no-') && known(key.slice(3))));
}

/** `--flag=VALUE` for a boolean: only the usual spellings; `--confirm=` (empty) is not a yes. */
function booleanValue(name: string, raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new UsageError(`--${name} takes no value, or one of true, false, yes, no, 1, 0; got ${JSON.stringify(raw)}`);
}

function isValueOption(spec: OptionSpec | undefined): boolean {
  return !!spec && spec.type !== 'boolean';
}

export class Cli {
  constructor(private readonly program: Program) {}

  private lookup(specs: Map<string, OptionSpec>, key: string): [string, OptionSpec] | null {
    const direct = specs.get(key);
    if (direct) return [key, direct];
    for (const [name, spec] of specs) {
      if (aliasesOf(name, spec, specs).includes(key) || camel(name) === key) return [name, spec];
    }
    return null;
  }

  /** Finds the command (and subcommand) named in args; options may come before the command name. */
  private resolve(args: string[]): Resolved {
    const globals = new Map(Object.entries(this.program.globals));
    let level = makeBuilder(null, []);
    level.command(this.program.commands);
    const chain: Resolved['chain'] = [];
    const rest = [...args];
    let builder = level;
    for (;;) {
      let idx = -1;
      for (let i = 0; i < rest.length; i++) {
        const t = rest[i];
        if (t === '--') break;
        if (t.startsWith('-') && t !== '-' && !/\s/.test(t)) {
          const key = t.replace(/^--?/, '').split('=')[0].replace(/^no-/, '');
          const hit = this.lookup(globals, key);
          if (hit && isValueOption(hit[1]) && !t.includes('=')) i++;
          continue;
        }
        idx = i;
        break;
      }
      if (idx < 0 || !level.commands.length) break;
      const word = rest[idx];
      const found = level.commands.find((c) => c.name === word || c.aliases.includes(word));
      if (!found) {
        if (chain.length === 0 || level.commands.length) {
          const best = closest(word, level.commands.flatMap((c) => [c.name, ...c.aliases]));
          const hint = best ? ` (did you mean "${best}"?)` : '';
          const where = chain.length ? `${chain.map((c) => c.name).join(' ')} ` : '';
          throw new UsageError(`unknown command "${where}${word}"${hint}; see "${this.program.name} ${where}--help"`);
        }
        break;
      }
      rest.splice(idx, 1);
      const parsed = parseCommandString(String(Array.isArray(found.def.command) ? found.def.command[0] : found.def.command));
      builder = makeBuilder(found.def, parsed.positionals);
      chain.push({ name: found.name, def: found.def });
      for (const [k, v] of optionMap(builder)) if (v.global) globals.set(k, v);
      level = builder;
      if (!builder.commands.length) break;
    }
    return { chain, builder, rest };
  }

  async run(args: string[]): Promise<void> {
    const wantsHelp = args.some((a) => a === '--help' || a === '-h');
    if (!wantsHelp && (args[0] === '--version' || args[0] === '-v')) {
      process.stdout.write(this.program.version + '\n');
      return;
    }
    const { chain, builder, rest } = this.resolve(args);
    // `memory` alone (or with global options only) is a request for help, not a mistake.
    if (wantsHelp || !chain.length) {
      // ...but an unknown option with it still is (a usage error that never echoes the option's value).
      if (!wantsHelp) this.parseOptions(rest, builder, []);
      process.stdout.write(this.help(chain, builder));
      return;
    }
    const last = chain[chain.length - 1];
    if (!last || !last.def.handler || (builder.commands.length && builder.demand)) {
      const where = chain.map((c) => c.name).join(' ');
      throw new UsageError(builder.demand?.msg ?? `give a command; see "${this.program.name}${where ? ' ' + where : ''} --help"`);
    }
    const argv = this.parseOptions(rest, builder, chain.map((c) => c.name));
    await last.def.handler(argv);
  }

  private parseOptions(tokens: string[], b: Builder, path: string[]): Record<string, unknown> {
    const specs = new Map<string, OptionSpec>(Object.entries(this.program.globals));
    for (const [k, v] of optionMap(b)) specs.set(k, v);
    specs.set('help', { type: 'boolean' });
    const values = new Map<string, unknown>();
    const positionals: string[] = [];
    const set = (name: string, spec: OptionSpec, raw: unknown) => {
      let v: unknown = raw;
      if (spec.type === 'number') {
        v = Number(raw);
        if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--${name} expects a number, got ${JSON.stringify(raw)}`);
      }
      if (spec.choices && !spec.choices.includes(v)) throw new UsageError(`--${name} must be one of ${spec.choices.map((c) => JSON.stringify(c)).join(', ')}; got ${JSON.stringify(v)}`);
      if (spec.array) {
        // Appended in place: copying the list on every occurrence made 20,000 `--tags` flags cost
        // 24 s before anything looked at them (issue 24). Refused at the bound, before the rest.
        let list = values.get(name) as unknown[] | undefined;
        if (!list) values.set(name, (list = []));
        if (list.length >= MAX_ARRAY_OPTION_VALUES) throw new UsageError(`too many --${name} options: at most ${MAX_ARRAY_OPTION_VALUES}`);
        list.push(v);
      } else values.set(name, v);
    };
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t === '--') {
        positionals.push(...tokens.slice(i + 1));
        break;
      }
      if (!t.startsWith('-') || t === '-' || /^-\d/.test(t) || isContent(t, (k) => !!this.lookup(specs, k))) {
        positionals.push(t);
        continue;
      }
      const long = t.startsWith('--');
      let key = t.slice(long ? 2 : 1);
      let inline: string | undefined;
      const eq = key.indexOf('=');
      if (eq >= 0) {
        inline = key.slice(eq + 1);
        key = key.slice(0, eq);
      }
      let hit = this.lookup(specs, key);
      let negated = false;
      if (!hit && key.startsWith('no-')) {
        hit = this.lookup(specs, key.slice(3));
        negated = !!hit;
      }
      if (!hit) {
        const names = [...specs].flatMap(([n, sp]) => [n, ...aliasesOf(n, sp, specs)]).filter((n) => n.length > 1);
        const best = long || key.length > 1 ? closest(key.replace(/^no-/, ''), names) : null;
        const hint = best ? ` (did you mean "--${key.startsWith('no-') && specs.get(best)?.type === 'boolean' ? 'no-' : ''}${best}"?)` : '';
        throw new UsageError(`unknown option ${long ? '--' : '-'}${key}${hint}; see "${this.program.name} ${path.join(' ')} --help"`);
      }
      const [name, spec] = hit;
      if (spec.type === 'boolean' || negated) {
        if (negated) values.set(name, false);
        else if (inline !== undefined) values.set(name, booleanValue(name, inline));
        else values.set(name, true);
        continue;
      }
      const value = inline ?? tokens[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      set(name, spec, value);
    }
    const argv: Record<string, unknown> = { _: path, $0: this.program.name };
    for (const p of b.positionals) {
      let v: unknown;
      if (p.variadic) v = positionals.splice(0);
      else v = positionals.shift();
      if (v === undefined || (Array.isArray(v) && !v.length)) {
        if (p.required) throw new UsageError(`missing argument <${p.name}>; see "${this.program.name} ${path.join(' ')} --help"`);
        v = p.default;
      } else if (p.type === 'number') {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new UsageError(`<${p.name}> expects a number, got ${JSON.stringify(v)}`);
        v = n;
      }
      if (v !== undefined && p.choices && !p.choices.includes(v)) throw new UsageError(`<${p.name}> must be one of ${p.choices.join(', ')}; got ${JSON.stringify(v)}`);
      if (v !== undefined) {
        argv[p.name] = v;
        argv[camel(p.name)] = v;
      }
    }
    if (positionals.length) throw new UsageError(`unexpected argument${positionals.length > 1 ? 's' : ''}: ${positionals.map((x) => JSON.stringify(x)).join(' ')} (quote text that contains spaces)`);
    for (const [name, spec] of specs) {
      let v = values.has(name) ? values.get(name) : spec.default;
      if (v === undefined) {
        if (spec.demandOption) throw new UsageError(typeof spec.demandOption === 'string' ? spec.demandOption : `missing required option --${name}`);
        continue;
      }
      if (spec.array && !Array.isArray(v)) v = [v];
      argv[name] = v;
      argv[camel(name)] = v;
      for (const a of aliasesOf(name, spec, specs)) argv[a] = v;
    }
    return argv;
  }

  help(chain: Resolved['chain'], b: Builder): string {
    const name = this.program.name;
    const out: string[] = [];
    const cols = Math.min(110, process.stdout.columns || 100);
    const table = (rows: Array<[string, string]>) => {
      const w = Math.min(40, Math.max(...rows.map((r) => r[0].length)) + 2);
      return rows.map(([l, r]) => {
        const pad = l.length >= w ? l + '\n' + ' '.repeat(w + 2) : l.padEnd(w);
        return `  ${pad}${r}`.slice(0, Math.max(cols * 3, 200));
      });
    };
    if (!chain.length) {
      out.push(this.program.usage.replace(/\$0/g, name), '', 'Commands:');
      out.push(...table(b.commands.filter((c) => c.def.describe !== false).map((c) => [`${name} ${String(Array.isArray(c.def.command) ? c.def.command[0] : c.def.command)}`, String(c.def.describe ?? '')])));
    } else {
      const last = chain[chain.length - 1];
      const cmd = String(Array.isArray(last.def.command) ? last.def.command[0] : last.def.command);
      const prefix = chain.slice(0, -1).map((c) => c.name).join(' ');
      out.push(b.usageText ? b.usageText.replace(/\$0/g, name) : `${name} ${prefix ? prefix + ' ' : ''}${cmd}`, '', String(last.def.describe || ''));
      if (b.commands.length) {
        out.push('', 'Commands:');
        out.push(...table(b.commands.map((c) => [`${name} ${chain.map((x) => x.name).join(' ')} ${String(Array.isArray(c.def.command) ? c.def.command[0] : c.def.command)}`, String(c.def.describe ?? '')])));
      }
      if (b.positionals.length) {
        out.push('', 'Positionals:');
        out.push(...table(b.positionals.map((p) => [p.name, `${p.describe ?? p.description ?? ''}  [${p.variadic ? 'array' : p.type ?? 'string'}]${p.required ? ' [required]' : ''}`])));
      }
    }
    const describeOpt = (n: string, s: OptionSpec): [string, string] => {
      const aliases = aliasesOf(n, s, optionMap(b));
      const flags = [...aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`)), `--${n}`].join(', ');
      const meta = [s.array ? 'array' : s.type ?? 'string', s.choices ? `choices: ${s.choices.join(', ')}` : '', s.default !== undefined ? `default: ${JSON.stringify(s.default)}` : '', s.demandOption ? 'required' : '']
        .filter(Boolean)
        .map((x) => `[${x}]`)
        .join(' ');
      return [flags, `${s.describe ?? s.description ?? ''}  ${meta}`];
    };
    const own = [...optionMap(b)].filter(([, s]) => !s.hidden);
    if (own.length) {
      out.push('', 'Options:');
      out.push(...table(own.map(([n, s]) => describeOpt(n, s))));
    }
    out.push('', 'Global options:');
    out.push(...table([...Object.entries(this.program.globals).map(([n, s]) => describeOpt(n, s)), ['-h, --help', 'Show help'], ...(chain.length ? [] : [['-v, --version', 'Show the version'] as [string, string]])]));
    const examples = chain.length ? b.examples : this.program.examples;
    if (examples.length) {
      out.push('', 'Examples:');
      out.push(...table(examples.map(([c, d]) => [c.replace(/\$0/g, name), d])));
    }
    const epilogs = chain.length ? b.epilogs : [this.program.epilog];
    for (const e of epilogs.filter(Boolean)) out.push('', e);
    return out.join('\n') + '\n';
  }
}

/** One command as its definition declares it, for the man page and shell completion. */
export interface CommandInfo {
  name: string;
  aliases: string[];
  /** The command string, e.g. `store [content]`. */
  usage: string;
  describe: string;
  positionals: Array<{ name: string; required: boolean; variadic: boolean; describe: string; choices?: readonly unknown[] }>;
  options: Array<{ name: string; aliases: string[]; type: 'string' | 'number' | 'boolean'; array: boolean; choices?: readonly unknown[]; describe: string; default?: unknown }>;
  examples: Array<[string, string]>;
  epilogs: string[];
  commands: CommandInfo[];
}

/** Every command of `program`, with subcommands, options and examples, from the definitions themselves. */
export function commandTree(program: Program): CommandInfo[] {
  const info = (def: CommandDef, name: string, aliases: string[]): CommandInfo => {
    const cmd = String(Array.isArray(def.command) ? def.command[0] : def.command ?? '');
    const b = makeBuilder(def, parseCommandString(cmd).positionals);
    return {
      name,
      aliases,
      usage: cmd,
      describe: def.describe ? String(def.describe) : '',
      positionals: b.positionals.map((p) => ({ name: p.name, required: p.required, variadic: p.variadic, describe: p.describe ?? p.description ?? '', choices: p.choices })),
      options: [...b.optionSpecs]
        .filter(([, o]) => !o.hidden)
        .map(([n, o]) => ({ name: n, aliases: aliasesOf(n, o, b.optionSpecs), type: o.type ?? 'string', array: !!o.array, choices: o.choices, describe: o.describe ?? o.description ?? '', default: o.default })),
      examples: b.examples,
      epilogs: b.epilogs,
      commands: b.commands.filter((c) => c.def.describe !== false).map((c) => info(c.def, c.name, c.aliases)),
    };
  };
  const top = makeBuilder(null, []);
  top.command(program.commands);
  return top.commands.filter((c) => c.def.describe !== false).map((c) => info(c.def, c.name, c.aliases));
}
