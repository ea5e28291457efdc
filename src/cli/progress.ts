import { own } from './output.js';
/**
 * Progress for work that can take more than about a second (index builds, imports, embedding,
 * sync, prune, a search that loads a model or builds an index). Always on stderr, so stdout stays the
 * result. On a terminal: a line redrawn in place, only once the work has run for a moment (a small job
 * finishes before anything is drawn): a bar with the true total, the rate and the time left when the
 * total is known, else what it is doing and for how long. On a pipe or CI log: a plain line every few
 * seconds, so a long job is visibly alive without flooding the log. Nothing at all with `--json` or
 * `--quiet`: callers pass `quiet`.
 */
export interface ProgressReporter {
  /** Report `done` of `total` units (0: unknown); cheap to call often. `label` renames the step. */
  progress: (done: number, total: number, label?: string) => void;
  /** A new step with nothing to count (`pushing to origin`): the heartbeat names it from now on. */
  step: (label: string) => void;
  /** Clear the bar (a terminal) or print the closing line (a pipe, only if a line was printed). */
  end: () => void;
}

export interface ProgressOptions {
  /** What is being done, e.g. "embedding". */
  label: string;
  /** Unit name for the counts, e.g. "memories"; with `bytes`, counts are sizes (KiB, MiB). */
  unit?: string;
  bytes?: boolean;
  quiet?: boolean;
  stream?: NodeJS.WriteStream;
  /**
   * On a terminal, say what is being waited for (`label… 3 s`) even before any count arrives: a
   * search that builds an index or loads a model sat silent for 10 s.
   */
  heartbeat?: boolean;
}

const NOOP: ProgressReporter = { progress: () => {}, step: () => {}, end: () => {} };

/** A duration for people: `850 ms`, `4.2 s`, `6 min 17 s`, `1 h 3 min` (never `377494 ms`). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/**
 * A whole number with its thousands grouped, as `toLocaleString('en-US')` writes it (`50,000`), without
 * Intl: the first `toLocaleString` of a process loads ICU's number formats, 20-100 ms, about a node
 * start, and help text built when the CLI loads would pay it on every command. Other numbers go to
 * `toLocaleString`.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? ',' + out : '');
  return n < 0 ? '-' + out : out;
}

/** A size for people, in powers of 1024 named as such: `512 B`, `3.4 KiB`, `12.0 MiB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

/** Counting must have run this long before a time left is shown. */
const ESTIMATE_AFTER_MS = 2000;
/** ... and covered this share of what was left at the first count: a time left is then at most 1/share - 1 times the time measured. */
const ESTIMATE_AFTER_SHARE = 0.02;

/**
 * The time left at the rate measured (`counted` units in `ms` since the first count), or null while
 * that rate rests on too little work: less than {@link ESTIMATE_AFTER_MS} of counting, or less than
 * {@link ESTIMATE_AFTER_SHARE} of the work (`counted + remaining`). A stall right after the first count (a pack index
 * loading, a collection) then cannot turn into hundreds of hours left, and whatever is shown is bounded: at
 * most 49 times the time already measured.
 */
export function timeLeft(counted: number, ms: number, remaining: number): number | null {
  if (remaining <= 0 || counted <= 0 || ms < ESTIMATE_AFTER_MS) return null;
  if (counted < ESTIMATE_AFTER_SHARE * (counted + remaining)) return null;
  return (remaining / counted) * ms;
}

export function progressReporter(opts: ProgressOptions): ProgressReporter {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet || process.env.MEMORY_PROGRESS === '0') return NOOP;
  const unit = opts.unit ?? 'memories';
  const start = Date.now();
  const delay = Number(process.env.MEMORY_PROGRESS_DELAY_MS ?? 400);
  let label = opts.label;
  const amount = (n: number) => (opts.bytes ? formatBytes(n) : formatCount(n));
  const counts = (done: number, total: number) => (opts.bytes ? `${amount(done)}/${amount(total)}` : `${amount(done)}/${amount(total)} ${unit}`);
  // The rate is measured from the first count, not from the start: work that sets up for a minute
  // (reading a million-entry tree) before its first count would otherwise start at a rate near zero
  // and promise hours. The rate is shown after a second of counting; the time left only once it rests
  // on enough work (see {@link timeLeft}).
  let firstAt = 0;
  let firstDone = 0;
  /** `52/s · 2 min 27 s left`: from the average since the first count, once there is one. */
  const pace = (done: number, total: number, now: number) => {
    if (done > 0 && !firstAt) {
      firstAt = now;
      firstDone = done;
    }
    const secs = (now - firstAt) / 1000;
    if (!firstAt || done <= firstDone || secs < 1) return '';
    const rate = (done - firstDone) / secs;
    const r = opts.bytes ? `${formatBytes(rate)}/s` : `${rate >= 10 ? formatCount(Math.round(rate)) : rate.toFixed(1)}/s`;
    const left = timeLeft(done - firstDone, now - firstAt, total - done);
    return left === null ? ` · ${r}` : ` · ${r} · ${formatDuration(left)} left`;
  };
  if (stream.isTTY) {
    let drawn = false;
    let last = 0;
    let counted = false;
    const draw = (text: string) => {
      drawn = true;
      stream.write(`${own('\r')}${own('[2K')}${text}`);
    };
    const beat = () => {
      if (!counted) draw(`${label}… ${formatDuration(Date.now() - start)}`);
    };
    let timer: NodeJS.Timeout | null = null;
    if (opts.heartbeat) {
      const first = setTimeout(() => {
        beat();
        timer = setInterval(beat, 1000);
        timer.unref?.();
      }, delay);
      first.unref?.();
      timer = first;
    }
    return {
      progress: (done, total, step) => {
        if (step) label = step;
        const now = Date.now();
        if (now - start < delay || (now - last < 100 && done < total)) return;
        last = now;
        counted = true;
        const width = 24;
        if (!total) return draw(`${label}… ${amount(done)}${opts.bytes ? '' : ` ${unit}`}${pace(done, 0, now)}, ${formatDuration(now - start)}`);
        const filled = Math.min(width, Math.round((done / total) * width));
        draw(`${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${counts(done, total)}${pace(done, total, now)}`);
      },
      step: (next) => {
        label = next;
        counted = false;
        // Already on screen: show the new step now, not at the next beat.
        if (drawn) beat();
      },
      end: () => {
        if (timer) clearTimeout(timer), clearInterval(timer);
        if (drawn) stream.write(own('\r') + own('[2K'));
      },
    };
  }
  const interval = Number(process.env.MEMORY_PROGRESS_INTERVAL_MS ?? 2000);
  let lastLine = start;
  let printed = false;
  let latest: [number, number] = [0, 0];
  return {
    progress: (done, total, step) => {
      if (step) label = step;
      latest = [done, total];
      const now = Date.now();
      if (now - lastLine < interval) return;
      lastLine = now;
      printed = true;
      const pct = total ? ` (${Math.floor((done / total) * 100)}%)` : '';
      // No total (a pipe of unknown length): what was done and the rate, never `n/0`.
      stream.write(`git-memory: ${label} ${total ? counts(done, total) : opts.bytes ? amount(done) : `${amount(done)} ${unit}`}${pct}${pace(done, total, now)}, ${formatDuration(now - start)}\n`);
    },
    step: (next) => {
      label = next;
    },
    end: () => {
      if (printed) stream.write(`git-memory: ${label} done, ${opts.bytes ? amount(latest[0]) : `${amount(latest[0])} ${unit}`} in ${formatDuration(Date.now() - start)}\n`);
    },
  };
}
