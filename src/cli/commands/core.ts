import { DEFAULT_MAX_INPUT_BYTES, readBoundedFile } from '../../model/bounds.js';
import { command, type Builder, type Command, type CommandDef } from '../command.js';
import { InvalidInputError } from '../../errors.js';
import type { CoreOperation, CoreWriteResult } from '../../lifecycle/core-doc.js';
import { readStdin, run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

interface CoreArgs extends GlobalArgs {
  name?: string;
  'expect-version'?: string;
  old?: string;
  new?: string;
  anchor?: string;
  content?: string;
  file?: string;
  version?: string;
}

function shared(y: Builder): Builder {
  return y.option('name', { type: 'string', describe: 'Core document name (default "default"; e.g. user, project)' });
}

function guarded(y: Builder): Builder {
  return shared(y).option('expect-version', {
    type: 'string',
    describe: 'Refuse (CONFLICT, exit 4) if the document changed since this version (the "version" from core view)',
  });
}

function written(r: CoreWriteResult): string {
  const size = color.dim(`(${r.chars}/${r.max_chars} chars)`);
  if (!r.changed) return `core "${r.name}" unchanged ${size}`;
  return `core "${r.name}" updated: version ${color.bold(String(r.version))} ${size}`;
}

/** A text value given as an option, or "-" for stdin. */
async function textArg(v: string | undefined): Promise<string | undefined> {
  return v === '-' ? readStdin() : v;
}

async function readOps(file: string | undefined): Promise<CoreOperation[]> {
  if (!file) throw new InvalidInputError('give --file ops.json (or --file - for stdin)', { field: 'file' });
  // Bounded and strict: `--file /dev/zero` fails at the first NUL, a huge file at the limit.
  const text = file === '-' ? await readStdin() : readBoundedFile(file, { limit: DEFAULT_MAX_INPUT_BYTES, rejectNul: true });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new InvalidInputError(`${file} is not valid JSON: ${(err as Error).message}`, { field: 'file' });
  }
  const ops = Array.isArray(parsed) ? parsed : (parsed as { operations?: unknown })?.operations;
  if (!Array.isArray(ops)) throw new InvalidInputError('the batch file must hold a JSON array of operations (or { "operations": [...] })', { field: 'operations' });
  return ops as CoreOperation[];
}

// `core` reads or writes by subcommand: each names its operation (src/sync-around.ts).
const READ = { op: 'core.read' } as const;
const WRITE = { op: 'core.write' } as const;

const subcommands: CommandDef[] = (
  [
  {
    command: 'view',
    describe: 'Show the core document and the version it was read at',
    builder: (y) => shared(y).example('$0 core view --json', '{ success, content, version, chars, max_chars }'),
    handler: (argv) =>
      run(
        argv,
        (m) => m.coreView({ name: argv.name }),
        (r) => `${r.content || color.dim('(empty: start it with "memory core set TEXT")')}${r.content.endsWith('\n') ? '' : '\n'}${color.dim(`-- core "${r.name}" · version ${r.version ?? '(none)'} · ${r.chars}/${r.max_chars} chars`)}`,
        READ,
      ),
  },
  {
    command: 'set [content]',
    describe: 'Replace the whole document (the usual first write); "-" reads stdin',
    builder: (y) =>
      guarded(y)
        .positional('content', { type: 'string', describe: 'The full document text, or "-" for stdin' })
        .option('file', { type: 'string', describe: 'Read the document from this file' })
        .example('$0 core set "# User\\nName: Ada"', 'First write')
        .example('$0 core set --file core.md --expect-version abc123', 'Rewrite, unless someone changed it since'),
    handler: (argv) =>
      run(
        argv,
        async (m) => {
          let content = argv.content;
          if (argv.file !== undefined) {
            content = readBoundedFile(argv.file, { limit: DEFAULT_MAX_INPUT_BYTES, rejectNul: true });
          }
          if (content === '-') content = await readStdin();
          if (content === undefined) throw new InvalidInputError('give the document text, --file FILE, or "-" to read stdin', { field: 'content' });
          return m.coreSet({ content, name: argv.name, expect_version: argv['expect-version'] });
        },
        written,
        WRITE,
      ),
  },
  {
    command: 'edit',
    describe: 'Replace text that occurs exactly once',
    builder: (y) =>
      guarded(y)
        .option('old', { type: 'string', demandOption: true, describe: 'Exact text to replace; must match once' })
        .option('new', { type: 'string', demandOption: true, describe: 'Replacement ("-" reads stdin)' })
        .example('$0 core edit --old "Name: Ada" --new "Name: Ada Lovelace"', 'Edit in place'),
    handler: (argv) =>
      run(
        argv,
        async (m) => m.coreUpdate({ action: 'edit', old_text: argv.old, new_text: await textArg(argv.new), name: argv.name, expect_version: argv['expect-version'] }),
        written,
        WRITE,
      ),
  },
  {
    command: 'delete',
    describe: 'Remove text that occurs exactly once (a whole line takes its line break with it)',
    builder: (y) => guarded(y).option('old', { type: 'string', demandOption: true, describe: 'Exact text to remove; must match once' }).example('$0 core delete --old "Prefers tabs"', 'Remove a line'),
    handler: (argv) =>
      run(argv, async (m) => m.coreUpdate({ action: 'delete', old_text: argv.old, name: argv.name, expect_version: argv['expect-version'] }), written, WRITE),
  },
  {
    command: 'insert-after',
    describe: 'Insert a block after the line where a unique anchor text ends',
    builder: (y) =>
      guarded(y)
        .option('anchor', { type: 'string', default: '', describe: 'Exact text that occurs once; empty only for the first block of an empty document' })
        .option('content', { type: 'string', demandOption: true, describe: 'The block to insert ("-" reads stdin)' })
        .example('$0 core insert-after --anchor "## Projects" --content "- git-memory: owner"', 'Add a line under a heading'),
    handler: (argv) =>
      run(
        argv,
        async (m) => m.coreUpdate({ action: 'insert_after', anchor_text: argv.anchor, content: await textArg(argv.content), name: argv.name, expect_version: argv['expect-version'] }),
        written,
        WRITE,
      ),
  },
  {
    command: 'batch',
    describe: 'Apply a JSON list of operations to one snapshot, atomically (all or nothing)',
    builder: (y) =>
      guarded(y)
        .option('file', { type: 'string', demandOption: true, describe: 'JSON file: [{ "action": "edit"|"delete"|"insert_after", "old_text", "new_text", "anchor_text", "content" }] ("-" = stdin)' })
        .example('$0 core batch --file ops.json', 'Several edits in one commit'),
    handler: (argv) =>
      run(
        argv,
        async (m) => m.coreUpdate({ action: 'batch', operations: await readOps(argv.file), name: argv.name, expect_version: argv['expect-version'] }),
        written,
        WRITE,
      ),
  },
  {
    command: 'history',
    describe: 'Snapshots of the document: every commit that changed it, newest first',
    builder: (y) => shared(y).example('$0 core history --json', '{ success, snapshots: [{ version, timestamp, message }] }'),
    handler: (argv) =>
      run(
        argv,
        (m) => m.coreHistory({ name: argv.name }),
        (r) => (r.snapshots.length ? r.snapshots.map((x) => `${color.bold(x.version.slice(0, 12))}  ${color.dim(x.timestamp)}  ${x.message}`).join('\n') : color.dim('(no snapshots yet)')),
        READ,
      ),
  },
  {
    command: 'restore <version>',
    describe: 'Bring the document back as it was at a version (as a new commit)',
    builder: (y) => guarded(y).positional('version', { type: 'string', describe: 'A version from "memory core history" (full or short commit id)' }).example('$0 core restore 1a2b3c4', 'Undo later changes'),
    handler: (argv) =>
      run(
        argv,
        (m) => m.coreRestore({ version: String(argv.version), name: argv.name, expect_version: argv['expect-version'] }),
        (r) => `${written(r)} ${color.dim(`restored from ${r.restored_from.slice(0, 12)}`)}`,
        WRITE,
      ),
  },
  ] satisfies Command<CoreArgs>[]
).map((c) => command(c));

export const coreCommand = command<GlobalArgs>({
  command: 'core <command>',
  describe: 'The core document an agent keeps in context: view, set, edit, delete, insert-after, batch, history, restore',
  builder: (y) =>
    y
      .command(subcommands)
      .demandCommand('give a core subcommand: view, set, edit, delete, insert-after, batch, history or restore')
      .example('$0 core view --json', 'Read it (note the version)')
      .example('$0 core edit --old "Name: Ada" --new "Name: Ada L." --expect-version <version>', 'Patch it; conflict if it changed since')
      .epilog('old/anchor texts must match the current document exactly once; zero or several matches is an INVALID_INPUT error naming the lines, and nothing is written.'),
});
