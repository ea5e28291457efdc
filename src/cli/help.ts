import { aliasesOf, type Builder, type CommandDef, type OptionSpec, type Program } from './command.js';

/** `--help` for the program (`chain` empty) or for the command `chain` names, whose declarations are `b`. */
export function helpText(program: Program, chain: ReadonlyArray<{ name: string; def: CommandDef }>, b: Builder): string {
  const name = program.name;
  const out: string[] = [];
  const cols = Math.min(110, process.stdout.columns || 100);
  const table = (rows: Array<[string, string]>) => {
    const w = Math.min(40, Math.max(...rows.map((r) => r[0].length)) + 2);
    return rows.map(([l, r]) => {
      const pad = l.length >= w ? l + '\n' + ' '.repeat(w + 2) : l.padEnd(w);
      return `  ${pad}${r}`.slice(0, Math.max(cols * 3, 200));
    });
  };
  const last = chain[chain.length - 1];
  if (!last) {
    out.push(program.usage.replace(/\$0/g, name), '', 'Commands:');
    out.push(...table(b.commands.filter((c) => c.def.describe !== false).map((c) => [`${name} ${c.def.command}`, c.def.describe || ''])));
  } else {
    const prefix = chain.slice(0, -1).map((c) => c.name).join(' ');
    out.push(`${name} ${prefix ? prefix + ' ' : ''}${last.def.command}`, '', last.def.describe || '');
    if (b.commands.length) {
      out.push('', 'Commands:');
      out.push(...table(b.commands.map((c) => [`${name} ${chain.map((x) => x.name).join(' ')} ${c.def.command}`, c.def.describe || ''])));
    }
    if (b.positionals.length) {
      out.push('', 'Positionals:');
      out.push(...table(b.positionals.map((p) => [p.name, `${p.describe ?? ''}  [${p.variadic ? 'array' : p.type ?? 'string'}]${p.required ? ' [required]' : ''}`])));
    }
  }
  const describeOpt = (n: string, s: OptionSpec): [string, string] => {
    const aliases = aliasesOf(n, s, b.options);
    const flags = [...aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`)), `--${n}`].join(', ');
    const meta = [s.array ? 'array' : s.type ?? 'string', s.choices ? `choices: ${s.choices.join(', ')}` : '', s.default !== undefined ? `default: ${JSON.stringify(s.default)}` : '', s.demandOption ? 'required' : '']
      .filter(Boolean)
      .map((x) => `[${x}]`)
      .join(' ');
    return [flags, `${s.describe ?? ''}  ${meta}`];
  };
  const own = [...b.options].filter(([, s]) => !s.hidden);
  if (own.length) {
    out.push('', 'Options:');
    out.push(...table(own.map(([n, s]) => describeOpt(n, s))));
  }
  out.push('', 'Global options:');
  out.push(...table([...Object.entries(program.globals).map(([n, s]) => describeOpt(n, s)), ['-h, --help', 'Show help'], ...(last ? [] : [['-v, --version', 'Show the version'] as [string, string]])]));
  const examples = last ? b.examples : program.examples;
  if (examples.length) {
    out.push('', 'Examples:');
    out.push(...table(examples.map(([c, d]) => [c.replace(/\$0/g, name), d])));
  }
  const epilogs = last ? b.epilogs : [program.epilog];
  for (const e of epilogs.filter(Boolean)) out.push('', e);
  return out.join('\n') + '\n';
}
