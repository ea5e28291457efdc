import { command } from '../command.js';
import { fstatSync, statSync } from 'node:fs';
import { InvalidInputError } from '../../errors.js';
import { IMPORT_BATCH } from '../../model/bounds.js';
import { readStdin, run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import { formatCount, progressReporter } from '../progress.js';

interface Args extends GlobalArgs {
  file?: string;
  fromPi?: string;
  strict?: boolean;
  allowSecret?: boolean;
  redact?: boolean;
  autoTag?: boolean;
  dryRun?: boolean;
  allowPartial?: boolean;
}

export const importCommand = command<Args>({
  command: 'import [file]',
  describe: `Import memories from JSONL (one per line, the seed's fields; "-" for stdin) or the seed's .pi/memories directory: one commit per ${formatCount(IMPORT_BATCH)} memories (one for most imports)`,
  builder: (y) =>
    y
      .positional('file', { type: 'string', describe: 'A .jsonl file (or a JSON array as "memory export --format json" writes); "-" reads stdin' })
      .option('from-pi', { type: 'string', describe: 'Migrate the seed system\'s store: a directory of mem_*.json files plus index.json' })
      .option('strict', { type: 'boolean', describe: 'Import nothing if any line is invalid' })
      .option('allow-secret', { type: 'boolean', describe: 'Import records even if the secret guard finds a credential' })
      .option('redact', { type: 'boolean', describe: 'Import records with detected credentials masked' })
      .option('auto-tag', { type: 'boolean', describe: 'Derive tags for records that have none (default: off, data is kept as it is)' })
      .option('dry-run', { type: 'boolean', describe: 'Validate and count; write nothing' })
      .option('allow-partial', { type: 'boolean', describe: 'Exit 0 even when some lines were invalid (the valid ones are imported either way)' })
      .example('$0 import memories.jsonl', 'Import; invalid lines are reported by number (exit 2), the rest imported')
      .example('$0 import memories.jsonl --allow-partial', 'The same, exit 0 when some lines were invalid')
      .example('$0 export | $0 import - --repo ../other', 'Copy memories to another repository')
      .example('$0 import --from-pi .pi/memories', 'Migrate from the seed\'s file store, keeping ids and timestamps'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        // What to read: one of fromPi, file or text, the way importMemories reads it (a file in slices).
        let source: { fromPi: string } | { file: string } | { text: string };
        let sourceName: string;
        if (argv.fromPi !== undefined) {
          if (argv.file) throw new InvalidInputError('give either a file or --from-pi DIR, not both', { field: 'file' });
          source = { fromPi: argv.fromPi };
          sourceName = 'a .pi/memories directory';
        } else {
          const file = argv.file;
          if (file === undefined) throw new InvalidInputError('give a file to import (or "-" for stdin, or --from-pi DIR)', { field: 'file' });
          if (file === '-') {
            // Bounded (MEMORY_MAX_IMPORT_BYTES), strict UTF-8: an endless stdin fails at the limit.
            const { maxImportBytes } = await import('../../model/bounds.js');
            // Bytes read, against the size when stdin is a file (`< file`): a true total; from a pipe
            // the size is unknown, so bytes and the rate, never a made-up total.
            const size = stdinSize();
            const reading = progressReporter({ label: 'reading stdin', quiet: argv.json, bytes: true });
            try {
              source = { text: await readStdin({ limit: maxImportBytes(), onBytes: (n) => reading.progress(n, size && Math.max(size, n)) }) };
            } finally {
              reading.end();
            }
          } else {
            // Read in slices as the import goes (bounded, NUL and invalid UTF-8 refused): a file of a
            // million memories is never in memory whole, and `import /dev/zero` fails at once.
            try {
              const st = statSync(file);
              if (st.isDirectory()) throw new Error('it is a directory');
            } catch (err) {
              throw new InvalidInputError(`cannot read ${file.split(/[\\/]/).pop() ?? file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { field: 'file' });
            }
            source = { file };
          }
          sourceName = file === '-' ? 'stdin' : file.split(/[\\/]/).pop() ?? file;
        }
        // A file: the bar counts bytes of the file's size (a true total); stdin (already read): records
        // of all it held (a true total too).
        const fromFile = 'file' in source;
        const bar = progressReporter({ label: 'importing', quiet: argv.json, bytes: fromFile });
        let r;
        try {
          const progress = fromFile ? { onBytes: bar.progress } : { onProgress: bar.progress };
          r = await m.importMemories({ ...source, strict: argv.strict, allowSecret: argv.allowSecret, redact: argv.redact, autoTag: argv.autoTag, dryRun: argv.dryRun, ...progress, sourceName });
        } finally {
          bar.end();
        }
        const result = { success: true as const, imported: r.imported, duplicates: r.duplicates, errors: r.errors, commits: r.commits, dryRun: !!argv.dryRun };
        // Invalid records make the exit code say so (2, INVALID_INPUT, like any bad input) after the
        // valid ones were imported: a script that checks only `$?` must not take a file whose lines
        // were mostly rejected for a success. A non-zero exit always carries the JSON error shape; its
        // data has the report. --allow-partial accepts a partial import (exit 0, the report as it is).
        if (r.errors.length && !argv.allowPartial) {
          if (!argv.json) process.stdout.write(report(result) + '\n');
          const n = r.errors.length;
          throw new InvalidInputError(`${n} invalid record${n === 1 ? '' : 's'}; ${validOutcome(result)} (--allow-partial exits 0, --strict imports nothing)`, { field: 'file', partial: true, imported: r.imported, duplicates: r.duplicates, errors: r.errors, commits: r.commits, dryRun: !!argv.dryRun });
        }
        return result;
      },
      report,
    ),
});

type Report = { imported: number; duplicates: number; errors: Array<{ line: number | string; code: string; message: string }>; commits: string[]; dryRun: boolean };

const duplicatesOf = (n: number) => `${n} duplicate${n === 1 ? '' : 's'} already present`;

/** What became of the valid records, in words that stay true when none was new. */
function validOutcome(r: Report): string {
  if (r.imported) return `the ${r.imported} valid one${r.imported === 1 ? ' was' : 's were'} ${r.dryRun ? 'checked' : 'imported'}${r.duplicates ? `, ${duplicatesOf(r.duplicates)}` : ''}`;
  return r.duplicates ? `nothing new: ${duplicatesOf(r.duplicates)}` : `nothing ${r.dryRun ? 'would be' : 'was'} imported`;
}

function report(r: Report): string {
  const head = r.imported || !r.duplicates ? `${r.dryRun ? 'would import' : 'imported'} ${r.imported} memor${r.imported === 1 ? 'y' : 'ies'}${r.duplicates ? `, ${r.duplicates} already present` : ''}` : `nothing new: ${duplicatesOf(r.duplicates)}`;
  const commits = r.commits.length ? ` (${r.commits.length} commit${r.commits.length === 1 ? '' : 's'})` : '';
  const lines = [`${head}${r.errors.length ? `, ${r.errors.length} invalid` : ''}${commits}`];
  for (const e of r.errors.slice(0, 20)) lines.push(color.dim(`  ${typeof e.line === 'number' ? `line ${e.line}` : e.line}: [${e.code}] ${e.message}`));
  if (r.errors.length > 20) lines.push(color.dim(`  ... and ${r.errors.length - 20} more (--json lists all)`));
  return lines.join('\n');
}

/** The size of stdin when it is a regular file (`memory import - < file`), else 0 (a pipe, a terminal). */
function stdinSize(): number {
  const fd = (process.stdin as { fd?: number }).fd;
  if (fd !== 0) return 0;
  try {
    const st = fstatSync(0);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}
