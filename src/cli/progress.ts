/**
 * Progress for work that can take more than about a second (index builds, imports, embedding,
 * sync, prune). Always on stderr, so stdout stays the result. On a terminal: a bar redrawn in place,
 * only once the work has run for a moment (a small job finishes before anything is drawn). On a pipe
 * or CI log: a plain line every few seconds, so a long job is visibly alive without flooding the log.
 * Nothing at all with `--json` or `--quiet`: callers pass `quiet`.
 */
export interface ProgressReporter {
  /** Report `done` of `total` units; cheap to call often. */
  progress: (done: number, total: number) => void;
  /** Clear the bar (a terminal) or print the closing line (a pipe, only if a line was printed). */
  end: () => void;
}

export interface ProgressOptions {
  /** What is being done, e.g. "embedding". */
  label: string;
  /** Unit name for the counts, e.g. "memories". */
  unit?: string;
  quiet?: boolean;
  stream?: NodeJS.WriteStream;
}

const NOOP: ProgressReporter = { progress: () => {}, end: () => {} };

export function progressReporter(opts: ProgressOptions): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || process.env.MEMORY_PROGRESS === '0') return NOOP;
  const unit = opts.unit ?? 'memories';
  const start = Date.now();
  const delay = Number(process.env.MEMORY_PROGRESS_DELAY_MS ?? 400);
  if (stream.isTTY) {
    let drawn = false;
    let last = 0;
    return {
      progress: (done, total) => {
        const now = Date.now();
        if (now - start < delay || (now - last < 100 && done < total)) return;
        last = now;
        drawn = true;
        const width = 30;
        const filled = total ? Math.min(width, Math.round((done / total) * width)) : width;
        stream.write(`\r${opts.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}`);
      },
      end: () => {
        if (drawn) stream.write('\r\x1b[2K');
      },
    };
  }
  const interval = Number(process.env.MEMORY_PROGRESS_INTERVAL_MS ?? 2000);
  let lastLine = start;
  let printed = false;
  let latest: [number, number] = [0, 0];
  return {
    progress: (done, total) => {
      latest = [done, total];
      const now = Date.now();
      if (now - lastLine < interval) return;
      lastLine = now;
      printed = true;
      const pct = total ? ` (${Math.floor((done / total) * 100)}%)` : '';
      stream.write(`git-memory: ${opts.label} ${done}/${total} ${unit}${pct}, ${((now - start) / 1000).toFixed(0)} s\n`);
    },
    end: () => {
      if (printed) stream.write(`git-memory: ${opts.label} done, ${latest[0]} ${unit} in ${((Date.now() - start) / 1000).toFixed(1)} s\n`);
    },
  };
}
