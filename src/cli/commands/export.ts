import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, lstatSync, openSync, renameSync, rmSync, statSync, type Stats, type WriteStream } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ExportIncompleteError, InvalidInputError } from '../../errors.js';
import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { count } from '../output.js';

interface Args extends GlobalArgs {
  format?: string;
  output?: string;
  archived?: boolean;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Where `-o` writes. A device or a pipe (/dev/null, /dev/stdout, a FIFO; /dev/stdout is itself a
 * link) is written as it is. A file is written as a new temp file beside it, renamed over it when
 * whole (`done`): an interrupted export leaves the previous file as it was, and a link planted
 * meanwhile is replaced, not followed. Any other link (a pull request's checkout can plant one) is
 * never written through: it could name any file of the user's.
 */
function openOutput(output: string): { stream: WriteStream; done: () => void; abort: () => void } {
  const target = resolve(output);
  const refuse = (why: string) => new InvalidInputError(`${output} ${why}`, { field: 'output' });
  let mode = 0o644;
  let st: Stats | null = null;
  try {
    st = lstatSync(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw refuse(`cannot be written: ${(err as Error).message}`);
  }
  if (st) {
    const dest = st.isSymbolicLink() ? statOrNull(target) : st;
    if (dest && (dest.isCharacterDevice() || dest.isFIFO())) return { stream: createWriteStream(target, { flags: 'w' }), done: () => {}, abort: () => {} };
    if (st.isSymbolicLink()) throw refuse('is a symbolic link: memory export does not write through links; give the file itself');
    if (!st.isFile()) throw refuse('is not a regular file');
    mode = st.mode & 0o777;
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  } catch (err) {
    throw refuse(`cannot be written: ${(err as Error).message}`);
  }
  return { stream: createWriteStream('', { fd }), done: () => renameSync(tmp, target), abort: () => rmSync(tmp, { force: true }) };
}

async function writeAll(out: NodeJS.WritableStream, chunks: Generator<string, number>): Promise<number> {
  for (;;) {
    const next = chunks.next();
    if (next.done) return next.value;
    if (!out.write(next.value)) await new Promise((r) => out.once('drain', r));
  }
}

export const exportCommand = command<Args>({
  command: 'export',
  describe: 'Write every memory as JSONL (default), JSON or Markdown, to stdout or a file',
  builder: (y) =>
    y
      .option('format', { type: 'string', choices: ['jsonl', 'json', 'markdown'], describe: 'Output format (default jsonl; --json alone means json)' })
      .option('output', { alias: 'o', type: 'string', describe: 'Write to this file instead of stdout' })
      .option('archived', { type: 'boolean', describe: 'Include archived memories (archive/ on the branch)' })
      .example('$0 export > memories.jsonl', 'Back up as JSON lines (memory import reads it back)')
      .example('$0 export --format markdown -o MEMORIES.md', 'A readable document')
      .example('$0 export --json --output all.json', 'As a JSON array, to a file; prints a summary as JSON'),
  handler: (argv) => {
    // Written to stdout, the data is the output: no summary after it (it would corrupt the JSON/JSONL).
    let toStdout = false;
    return run(
      argv,
      async (m) => {
        const format = (argv.format ?? (argv.json ? 'json' : 'jsonl')) as 'jsonl' | 'json' | 'markdown';
        // Memories import would refuse are left out of JSON/JSONL and named here: the data written is
        // complete otherwise, and the exit is non-zero (EXPORT_INCOMPLETE), never a quiet loss.
        const skipped: Array<{ id: string; path: string; code: string; reason: string }> = [];
        const chunks = await m.exportChunks({ format, archived: argv.archived, skipped });
        if (!argv.output) {
          const n = await writeAll(process.stdout, chunks);
          toStdout = true;
          argv.json = false;
          if (skipped.length) throw new ExportIncompleteError(skipped, n);
          return { success: true as const, exported: n, format, file: null as string | null };
        }
        const out = openOutput(argv.output);
        let n: number;
        try {
          const failed = new Promise<never>((_, reject) => out.stream.once('error', reject));
          n = await Promise.race([writeAll(out.stream, chunks), failed]);
          await Promise.race([new Promise<void>((resolve) => out.stream.end(() => resolve())), failed]);
          out.done();
        } catch (err) {
          out.abort();
          throw err;
        }
        if (skipped.length) throw new ExportIncompleteError(skipped, n);
        return { success: true as const, exported: n, format, file: argv.output };
      },
      (r) => (toStdout ? null : `exported ${count(r.exported)} as ${r.format} to ${r.file}`),
    );
  },
});
