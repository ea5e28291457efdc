import { MemoryError, type ErrorCode, InternalError } from '../errors.js';
import { randomBytes } from 'node:crypto';
import { escapeControls, safeError, safeText } from '../model/error-format.js';
import { withCliAdvice } from './advice.js';
import { isUndated, type Memory } from '../model/memory.js';
import { excerpt } from '../model/excerpt.js';

/** Exit codes by error code; documented in the README. */
const EXIT: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: 2,
  INVALID_ID: 2,
  EMPTY_CONTENT: 2,
  CONTENT_TOO_LARGE: 2,
  BINARY_CONTENT: 2,
  CONFIRMATION_REQUIRED: 2,
  DUPLICATE: 2,
  CITATION_INVALID: 2,
  NOT_FOUND: 3,
  UNREADABLE_MEMORY: 3,
  CONFLICT: 4,
  LOCKED: 4,
  NOT_A_REPOSITORY: 5,
  UNSUPPORTED_REPOSITORY: 5,
  // The repository as found cannot be used as it is (git's own refusal, or no write access to .git).
  UNSAFE_REPOSITORY: 5,
  READ_ONLY_REPOSITORY: 5,
  SYNC_FAILED: 6,
  PUSH_REJECTED: 6,
  REMOTE_UNREACHABLE: 6,
  PERMISSION_DENIED: 6,
  // What a fold or pull refuses to take from the remote (docs/sync.md): a sync failure like the others.
  INVALID_TREE_NAME: 6,
  TOO_MANY_DELETES: 6,
  SECRET_DETECTED: 7,
};

export function exitCodeFor(code: ErrorCode): number {
  return EXIT[code] ?? 1;
}

/**
 * Colour on `stream`: NO_COLOR (any non-empty value, no-color.org) turns it off; FORCE_COLOR turns it
 * on even on a pipe (FORCE_COLOR=0 or false: off), as Node and most CLIs read it; otherwise colour on a
 * terminal that is not TERM=dumb.
 */
export function useColor(stream: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false', 'no'].includes(force.trim().toLowerCase());
  return !!stream.isTTY && env.TERM !== 'dumb';
}
/**
 * Terminal output is guarded (docs/security.md): memory text is untrusted, and an escape sequence in it
 * (OSC 52 writes the clipboard, CSI 2J clears the screen, C1 controls, a carriage return that overwrites
 * the line) must not reach the terminal. {@link guardOutput} wraps stdout and stderr for the whole
 * command: every control character written is shown as `\u001b` (newline and tab kept). The CLI's own
 * styles are written with {@link own}: a NUL, a per-process random tag, then the sequence; the guard
 * turns exactly those back into the escape sequence. Text cannot forge the tag (a NUL in it is escaped
 * unless the 12 hex digits that follow are this process's), so only the CLI styles the terminal.
 */
const TAG = `\u0000gm${randomBytes(6).toString('hex')}`;
/** One of the CLI's own terminal sequences (`[2m`, `[2K`, `\r`), let through by the guard. */
export function own(seq: string): string {
  return TAG + seq;
}
const OWN_SEQ = /^(?:\[[0-9;]{0,12}[mK]|\r)/;

/** `text` as it may reach a terminal: control characters visible (`\u001b`), the CLI's own styles restored. */
export function terminalSafe(text: string): string {
  if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]/.test(text)) return text;
  const parts = text.split(TAG);
  let out = escapeControls(parts[0]);
  for (let i = 1; i < parts.length; i++) {
    const m = OWN_SEQ.exec(parts[i]);
    out += m ? (m[0] === '\r' ? '\r' : '\x1b' + m[0]) + escapeControls(parts[i].slice(m[0].length)) : escapeControls(parts[i]);
  }
  return out;
}

/** The CLI's own styles taken out of `text` (to restyle a rendered row). */
export function unstyled(text: string): string {
  return text.split(TAG).map((p, i) => (i ? p.replace(OWN_SEQ, '') : p)).join('');
}

type Write = NodeJS.WriteStream['write'];
/**
 * Wraps `write` of stdout and stderr so everything the command writes goes through
 * {@link terminalSafe}; JSON stays the same JSON (an escaped character in a JSON string is the JSON
 * escape of the same character). Returns the function that unwraps them.
 */
export function guardOutput(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): () => void {
  const saved: Array<[NodeJS.WriteStream, Write]> = [];
  for (const stream of streams) {
    const write = stream.write;
    saved.push([stream, write]);
    stream.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      const safe = typeof chunk === 'string' ? terminalSafe(chunk) : chunk instanceof Uint8Array ? Buffer.from(terminalSafe(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8')), 'utf8') : chunk;
      return (write as (...a: unknown[]) => boolean).call(this, safe, ...rest);
    } as Write;
  }
  return () => {
    for (const [stream, write] of saved) stream.write = write;
  };
}

const tty = () => useColor(process.stdout);
export const color = {
  dim: (s: string) => (tty() ? `${own('[2m')}${s}${own('[22m')}` : s),
  bold: (s: string) => (tty() ? `${own('[1m')}${s}${own('[22m')}` : s),
  cyan: (s: string) => (tty() ? `${own('[36m')}${s}${own('[39m')}` : s),
  yellow: (s: string) => (tty() ? `${own('[33m')}${s}${own('[39m')}` : s),
  red: (s: string) => (useColor(process.stderr) ? `${own('[31m')}${s}${own('[39m')}` : s),
};
/** The same colours for text written to stderr (notes, footers). */
export const noteColor = {
  dim: (s: string) => (useColor(process.stderr) ? `${own('[2m')}${s}${own('[22m')}` : s),
};

/**
 * A human rendering whose results go to stdout and whose note (a count, the search mode, a hint) goes
 * to stderr, after the results: a script piping stdout gets results only. Returns null for `run()`,
 * which then prints nothing more.
 */
export function resultsWithNote(results: string, note: string): null {
  if (results) process.stdout.write(results.endsWith('\n') ? results : results + '\n');
  if (note) process.stderr.write(note.endsWith('\n') ? note : note + '\n');
  return null;
}

export function writeJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function toMemoryError(err: unknown): MemoryError {
  if (err instanceof MemoryError) return err;
  const e = err as Error;
  return new InternalError(e?.message ?? String(err));
}

/** Reports an error the way the caller asked (JSON on stdout, or a line on stderr) and sets the exit code. */
export function reportError(err: unknown, json: boolean): void {
  // Masked and bounded (src/model/error-format.ts): errors quote input, and input may be a credential.
  const me = withCliAdvice(safeError(err));
  if (json) writeJson({ success: false, error: me.toJSON() });
  else process.stderr.write(`${color.red('error')} [${me.code}]: ${me.message}\n`);
  if (me.code === 'INTERNAL' && process.env.MEMORY_DEBUG) process.stderr.write(safeText(String((err as Error)?.stack), 4000) + '\n');
  process.exitCode = exitCodeFor(me.code);
}

/** `1 memory`, `2 memories`: a count with its noun in the right number. */
export function count(n: number, one = 'memory', many = one === 'memory' ? 'memories' : one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Rows are cut to the window only on a terminal; piped or redirected, every row is whole. */
const fitToWindow = () => !!process.stdout.isTTY;

/**
 * One row's text: cut to `room` characters on a terminal, whole (on one line) when piped or
 * redirected, as the README promises for every listing (list, search, tagged, trash, history).
 */
export function rowText(text: string, room: number): string {
  return fitToWindow() ? excerpt(text, room) : text.replace(/\s+/g, ' ').trim();
}

function width(): number {
  return Math.max(60, Math.min(process.stdout.columns || 100, 160));
}

export function formatMemoryBlock(m: Memory): string {
  const head = [color.bold(m.id), color.dim(isUndated(m) ? 'undated (no timestamp)' : m.timestamp), m.category !== 'general' ? color.cyan(m.category) : '', m.priority !== 'medium' ? m.priority : '', m.scope ? `scope:${m.scope}` : '']
    .filter(Boolean)
    .join('  ');
  const tags = m.tags.length ? '\n' + color.yellow(m.tags.map((t) => '#' + t).join(' ')) : '';
  return `${head}${tags}${citationLines(m)}\n${m.content}`;
}

/** A memory's citations with their states, one a line, and the stale reason (paths are normalised, reasons cut). */
function citationLines(m: Memory): string {
  if (!m.citations?.length) return '';
  const lines = m.citations.map((c) => {
    const label = c.whole ? c.path : `${c.path}:${c.lines[0]}${c.lines[1] !== c.lines[0] ? `-${c.lines[1]}` : ''}`;
    const at = c.at ? ` -> ${c.at.path}:${c.at.lines[0]}-${c.at.lines[1]}` : '';
    const why = c.reason && (c.state === 'invalid' || c.state === 'unknown') ? ` (${excerpt(c.reason, 120)})` : '';
    return color.dim(`cites ${excerpt(label, 200)} ${c.state}${at}${why}`);
  });
  if (m.stale) lines.push(color.yellow(`stale: ${excerpt(m.stale.reason, 300)}`));
  return '\n' + lines.join('\n');
}

/**
 * One memory per row: id, date, tags, content on one line (whitespace runs shown as one space). On a
 * terminal the tags and content are cut to fit the window; piped, nothing is cut (the whole content,
 * every tag), so `memory search ... | grep` sees everything. `--json` gives the exact text.
 */
export function formatTable(rows: Array<Memory & { relevance?: number }>, opts: { relevance?: boolean } = {}): string {
  if (!rows.length) return fitToWindow() ? color.dim('(no memories)') : '';
  if (!fitToWindow()) {
    return rows
      .map((m) => {
        const date = isUndated(m) ? 'undated   ' : m.timestamp.slice(0, 10);
        const rel = opts.relevance && m.relevance !== undefined ? m.relevance.toFixed(2).padStart(6) + '  ' : '';
        return `${color.bold(m.id)}  ${color.dim(date)}  ${rel}${color.yellow(m.tags.length ? m.tags.join(',') : '-')}  ${m.stale ? '[stale] ' : ''}${m.content.replace(/\s+/g, ' ').trim()}`;
      })
      .join('\n');
  }
  const w = width();
  const lines = rows.map((m) => {
    const date = isUndated(m) ? 'undated   ' : m.timestamp.slice(0, 10);
    const tags = m.tags.length ? m.tags.slice(0, 4).join(',') : '-';
    const rel = opts.relevance && m.relevance !== undefined ? m.relevance.toFixed(2).padStart(6) + '  ' : '';
    const fixed = `${m.id}  ${date}  ${rel}`;
    const tagCol = excerpt(tags, 24).padEnd(Math.min(24, Math.max(1, tags.length)));
    const room = Math.max(20, w - fixed.length - tagCol.length - 4);
    return `${color.bold(m.id)}  ${color.dim(date)}  ${rel}${color.yellow(tagCol)}  ${m.stale ? color.yellow('[stale] ') : ''}${excerpt(m.content, room)}`;
  });
  return lines.join('\n');
}
