import { UsageError } from '../errors.js';
import { closest } from '../model/suggest.js';
import { aliasesOf, type Argv, type OptionSpec, type OptionValue, type PositionalSpec } from './command.js';

/**
 * The command line's words, read against what a command declares (command.ts). Not node:util's
 * parseArgs: on Node 20 it has no `--no-flag` (allowNegative came in 22.4), no numbers, choices or
 * word aliases, and it reads `-5` and "-x is a flag" as options, where this CLI takes them as values
 * and text; what would be left for it to do is the loop below.
 *
 * Differences from yargs, on purpose: an array option takes one value per occurrence (`--tags a,b
 * --tags c`), never the following words, so `memory store --tags x "content"` keeps its content.
 */

export { UsageError };

/**
 * Occurrences of one array option (`--tags`, `--meta`, `--tag`) a command line may carry. Far above
 * any real use (a memory takes at most 100 tags and 100 metadata keys; one `--tags` value holds many,
 * comma-separated) and low enough that collecting them costs nothing.
 */
export const MAX_ARRAY_OPTION_VALUES = 1000;

export { closest };

export const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

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
  throw new UsageError(`--${name} takes no value, or one of true, false, yes, no, 1, 0; got ${JSON.stringify(raw)}`, name);
}

/** Whether the option takes a value (the next word, or `=value`). */
export function takesValue(spec: OptionSpec | undefined): boolean {
  return !!spec && spec.type !== 'boolean';
}

/** The option `key` names (its name, an alias or its camelCase name) in `specs`. */
export function lookup(specs: ReadonlyMap<string, OptionSpec>, key: string): [string, OptionSpec] | null {
  const direct = specs.get(key);
  if (direct) return [key, direct];
  for (const [name, spec] of specs) {
    if (aliasesOf(name, spec, specs).includes(key) || camel(name) === key) return [name, spec];
  }
  return null;
}

/** What one command accepts, and where it sits (for messages). */
export interface LineSpec {
  options: ReadonlyMap<string, OptionSpec>;
  positionals: readonly PositionalSpec[];
  /** The command path (`['core', 'edit']`) and the program name. */
  path: string[];
  program: string;
}

/** `tokens` (the words after the command path) read against `spec`. */
export function parseLine(tokens: readonly string[], spec: LineSpec): Argv {
  const { options: specs, path, program } = spec;
  const see = `see "${[program, ...path].join(' ')} --help"`;
  const values = new Map<string, OptionValue | OptionValue[]>();
  const positionals: string[] = [];
  const set = (name: string, o: OptionSpec, raw: string) => {
    let v: OptionValue = raw;
    if (o.type === 'number') {
      v = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--${name} expects a number, got ${JSON.stringify(raw)}`, name);
    }
    if (o.choices && !o.choices.includes(v)) throw new UsageError(`--${name} must be one of ${o.choices.map((c) => JSON.stringify(c)).join(', ')}; got ${JSON.stringify(v)}`, name);
    if (!o.array) {
      values.set(name, v);
      return;
    }
    // Appended in place: copying the list on every occurrence made 20,000 `--tags` flags cost
    // 24 s before anything looked at them. Refused at the bound, before the rest.
    let list = values.get(name);
    if (!Array.isArray(list)) values.set(name, (list = []));
    if (list.length >= MAX_ARRAY_OPTION_VALUES) throw new UsageError(`too many --${name} options: at most ${MAX_ARRAY_OPTION_VALUES}`, name);
    list.push(v);
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '--') {
      positionals.push(...tokens.slice(i + 1));
      break;
    }
    if (!t.startsWith('-') || t === '-' || /^-\d/.test(t) || isContent(t, (k) => !!lookup(specs, k))) {
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
    let hit = lookup(specs, key);
    let negated = false;
    if (!hit && key.startsWith('no-')) {
      hit = lookup(specs, key.slice(3));
      negated = !!hit;
    }
    if (!hit) {
      const names = [...specs].flatMap(([n, sp]) => [n, ...aliasesOf(n, sp, specs)]).filter((n) => n.length > 1);
      const best = long || key.length > 1 ? closest(key.replace(/^no-/, ''), names) : null;
      const hint = best ? ` (did you mean "--${key.startsWith('no-') && specs.get(best)?.type === 'boolean' ? 'no-' : ''}${best}"?)` : '';
      throw new UsageError(`unknown option ${long ? '--' : '-'}${key}${hint}; ${see}`, 'option');
    }
    const [name, o] = hit;
    if (o.type === 'boolean' || negated) {
      values.set(name, negated ? false : inline !== undefined ? booleanValue(name, inline) : true);
      continue;
    }
    const value = inline ?? tokens[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`, name);
    set(name, o, value);
  }
  const argv: Argv = { _: path, $0: program };
  for (const p of spec.positionals) {
    let v: OptionValue | string[] | undefined = p.variadic ? positionals.splice(0) : positionals.shift();
    if (v === undefined || (Array.isArray(v) && !v.length)) {
      if (p.required) throw new UsageError(`missing argument <${p.name}>; ${see}`, p.name);
      v = p.default;
    } else if (p.type === 'number' && !Array.isArray(v)) {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new UsageError(`<${p.name}> expects a number, got ${JSON.stringify(v)}`, p.name);
      v = n;
    }
    if (v !== undefined && !Array.isArray(v) && p.choices && !p.choices.includes(v)) throw new UsageError(`<${p.name}> must be one of ${p.choices.join(', ')}; got ${JSON.stringify(v)}`, p.name);
    if (v !== undefined) {
      argv[p.name] = v;
      argv[camel(p.name)] = v;
    }
  }
  if (positionals.length) throw new UsageError(`unexpected argument${positionals.length > 1 ? 's' : ''}: ${positionals.map((x) => JSON.stringify(x)).join(' ')} (quote text that contains spaces)`, 'argument');
  for (const [name, o] of specs) {
    let v = values.has(name) ? values.get(name) : o.default;
    if (v === undefined) {
      if (o.demandOption) throw new UsageError(typeof o.demandOption === 'string' ? o.demandOption : `missing required option --${name}`, name);
      continue;
    }
    if (o.array && !Array.isArray(v)) v = [v as OptionValue];
    argv[name] = v;
    argv[camel(name)] = v;
    for (const a of aliasesOf(name, o, specs)) argv[a] = v;
  }
  return argv;
}
