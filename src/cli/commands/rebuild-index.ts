import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

/**
 * A progress bar for long index builds: on stderr, only when stderr is a terminal, and only once
 * the build has run for a moment (a small store finishes before anything is drawn). Never on a pipe,
 * so logs and `--json` output stay clean.
 */
export function progressBar(label = 'indexing'): { progress?: (done: number, total: number) => void; end: () => void } {
  if (!process.stderr.isTTY) return { end: () => {} };
  const start = Date.now();
  const delay = Number(process.env.MEMORY_PROGRESS_DELAY_MS ?? 400);
  let drawn = false;
  let last = 0;
  return {
    progress: (done, total) => {
      const now = Date.now();
      if (now - start < delay || (now - last < 100 && done < total)) return;
      last = now;
      drawn = true;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} memories`);
    },
    end: () => {
      if (drawn) process.stderr.write('\r\x1b[2K');
    },
  };
}

export const rebuildIndexCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'rebuild-index',
  describe: 'Rebuild the search index from every memory on the branch',
  builder: (y) =>
    y
      .example('$0 rebuild-index', 'Rebuild (searches rebuild by themselves when the branch moves; this forces it)')
      .example('$0 rebuild-index --json', '{ success, indexed, skipped, ... }'),
  handler: (argv) =>
    run(
      argv,
      async (s) => {
        const bar = progressBar();
        try {
          return await s.rebuildIndex({ progress: bar.progress });
        } finally {
          bar.end();
        }
      },
      (r) => `indexed ${color.bold(String(r.indexed))} memories${r.skipped ? `, skipped ${r.skipped} unreadable file${r.skipped === 1 ? '' : 's'}` : ''} ${color.dim(`(${r.durationMs} ms)`)}`,
    ),
};
