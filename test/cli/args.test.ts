import { describe, expect, it } from 'vitest';
import { Cli, MAX_ARRAY_OPTION_VALUES, UsageError, type Builder, type CommandDef, type Program } from '../../src/cli/args.js';

/** A program whose handlers record the argv they were called with. */
function program(commands: CommandDef[]): { cli: Cli; calls: Array<Record<string, unknown>> } {
  const calls: Array<Record<string, unknown>> = [];
  const wrap = (c: CommandDef): CommandDef => ({ ...c, handler: c.handler ? (a: Record<string, unknown>) => void calls.push(a) : undefined });
  const p: Program = { name: 'memory', version: '1.2.3', usage: '$0 <command>', globals: { json: { type: 'boolean' }, repo: { type: 'string' } }, commands: commands.map(wrap), examples: [['$0 store x', 'store']], epilog: 'bye' };
  return { cli: new Cli(p), calls };
}

const store: CommandDef = {
  command: 'store [content]',
  describe: 'Store',
  builder: (y: Builder) =>
    y
      .positional('content', { type: 'string' })
      .option('tags', { type: 'string', array: true })
      .option('priority', { type: 'string', choices: ['low', 'medium', 'high'] })
      .option('auto-tag', { type: 'boolean', default: true })
      .option('count', { alias: 'n', type: 'number' }),
  handler: () => {},
};
const get: CommandDef = { command: 'get <id>', describe: 'Get', builder: (y: Builder) => y.positional('id', { type: 'string' }), handler: () => {} };
const search: CommandDef = { command: 'search [query..]', describe: 'Search', builder: (y: Builder) => y, handler: () => {} };
const nested: Array<Record<string, unknown>> = [];
const core: CommandDef = {
  command: 'core <command>',
  describe: 'Core',
  builder: (y: Builder) => y.command([{ command: 'view', describe: 'View', handler: () => {} }, { command: 'edit', describe: 'Edit', builder: (z: Builder) => z.option('old', { type: 'string', demandOption: true }), handler: (a: Record<string, unknown>) => void nested.push(a) }]).demandCommand(),
};

/** The field a usage error names (main.ts reports it as INVALID_INPUT with this field). */
async function field(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as UsageError).field;
  }
  throw new Error('expected a usage error');
}

async function usage(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('CLI argument parser', () => {
  it('parses positionals, a lone "-", arrays one value per occurrence, --a=b, --no-x, aliases and globals anywhere', async () => {
    const { cli, calls } = program([store]);
    await cli.run(['--json', 'store', '-', '--tags', 'a,b', '--tags=c', '--no-auto-tag', '-n', '3', '--repo', '/r']);
    expect(calls[0]).toMatchObject({ content: '-', tags: ['a,b', 'c'], autoTag: false, 'auto-tag': false, count: 3, n: 3, json: true, repo: '/r', _: ['store'] });
    // An array option never swallows the following words.
    await cli.run(['store', '--tags', 'x', 'the content']);
    expect(calls[1]).toMatchObject({ content: 'the content', tags: ['x'], autoTag: true });
    // After "--" everything is positional; a negative number is a value, not an option.
    await cli.run(['store', '--count', '-2', '--', '--not-an-option']);
    expect(calls[2]).toMatchObject({ content: '--not-an-option', count: -2 });
  });

  it('collects variadic positionals and runs nested commands', async () => {
    const { cli, calls } = program([search, core]);
    await cli.run(['search', 'rate', 'limit']);
    expect(calls[0].query).toEqual(['rate', 'limit']);
    await cli.run(['core', 'edit', '--old', 'x']);
    expect(nested[0]).toMatchObject({ old: 'x', _: ['core', 'edit'] });
  });

  it('rejects bad input with a message that says what to do', async () => {
    const { cli } = program([store, get, core]);
    expect(await usage(cli.run(['stor', 'x']))).toMatch(/unknown command "stor" \(did you mean "store"\?\)/);
    expect(await usage(cli.run(['store', '--frob']))).toMatch(/unknown option --frob; see "memory store --help"/);
    expect(await usage(cli.run(['store', '--count', 'many']))).toMatch(/--count expects a number/);
    expect(await usage(cli.run(['store', '--priority', 'urgent']))).toMatch(/--priority must be one of/);
    expect(await usage(cli.run(['store', '--tags']))).toMatch(/--tags needs a value/);
    expect(await usage(cli.run(['store', 'a', 'b']))).toMatch(/unexpected argument: "b"/);
    expect(await usage(cli.run(['get']))).toMatch(/missing argument <id>/);
    expect(await usage(cli.run(['core']))).toMatch(/give a command/);
    expect(await usage(cli.run(['core', 'edit']))).toMatch(/missing required option --old/);
    expect(await usage(cli.run(['store', '--tagz', 'x']))).toMatch(/unknown option --tagz \(did you mean "--tags"\?\)/);
    expect(await usage(cli.run(['store', '--cuont', '1']))).toMatch(/did you mean "--count"/);
    expect(await usage(cli.run(['--frob']))).toBe('unknown option --frob; see "memory --help"');
    // Each names what is at fault (never an unknown option's text, which may be a pasted secret).
    expect(await field(cli.run(['stor', 'x']))).toBe('command');
    expect(await field(cli.run(['store', '--frob']))).toBe('option');
    expect(await field(cli.run(['store', '--count', 'many']))).toBe('count');
    expect(await field(cli.run(['store', '--priority', 'urgent']))).toBe('priority');
    expect(await field(cli.run(['store', 'a', 'b']))).toBe('argument');
    expect(await field(cli.run(['get']))).toBe('id');
    expect(await field(cli.run(['core']))).toBe('command');
    expect(await field(cli.run(['core', 'edit']))).toBe('old');
  });

  it('prints help, not an error, when no command is given', async () => {
    const { cli, calls } = program([store, get, core]);
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
    try {
      await cli.run([]);
      await cli.run(['--json']);
    } finally {
      process.stdout.write = write;
    }
    expect(out).toHaveLength(2);
    for (const o of out) expect(o).toMatch(/Commands:[\s\S]*memory store/);
    expect(calls).toEqual([]);
  });

  it('takes --tag for a --tags option and --tags for a --tag one', async () => {
    const tagOne: CommandDef = { command: 'del', describe: 'Del', builder: (y: Builder) => y.option('tag', { type: 'string' }), handler: () => {} };
    const { cli, calls } = program([store, tagOne]);
    await cli.run(['store', 'x', '--tag', 'a', '--tag', 'b,c']);
    await cli.run(['del', '--tags', 'z']);
    expect(calls[0]).toMatchObject({ tags: ['a', 'b,c'] });
    expect(calls[1]).toMatchObject({ tag: 'z' });
  });

  it('prints help with commands, options and examples, and the version', async () => {
    const { cli } = program([store, core]);
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
    try {
      await cli.run(['--help']);
      await cli.run(['store', '--help']);
      await cli.run(['core', '--help']);
      await cli.run(['--version']);
    } finally {
      process.stdout.write = write;
    }
    expect(out[0]).toMatch(/Commands:[\s\S]*memory store \[content\][\s\S]*Examples:[\s\S]*bye/);
    expect(out[1]).toMatch(/--tags[\s\S]*\[array\][\s\S]*--priority[\s\S]*choices: low, medium, high/);
    expect(out[2]).toMatch(/memory core view[\s\S]*memory core edit/);
    expect(out[3]).toBe('1.2.3\n');
  });

  it('collects a repeated array option up to a bound and refuses the rest at the bound', async () => {
    const { cli, calls } = program([store]);
    const flags = (n: number) => Array.from({ length: n }, (_, i) => ['--tags', `t${i}`]).flat();
    await cli.run(['store', 'x', ...flags(MAX_ARRAY_OPTION_VALUES)]);
    expect((calls[0].tags as string[]).length).toBe(MAX_ARRAY_OPTION_VALUES);
    expect((calls[0].tags as string[])[MAX_ARRAY_OPTION_VALUES - 1]).toBe(`t${MAX_ARRAY_OPTION_VALUES - 1}`);
    // 20,000 flags then an unknown option: the bound is what is reported, so the parser stopped there
    // instead of collecting (and copying) the other 19,000.
    expect(await usage(cli.run(['store', 'x', ...flags(20_000), '--nonsense']))).toBe(`too many --tags options: at most ${MAX_ARRAY_OPTION_VALUES}`);
    expect(calls).toHaveLength(1);
  });
});
