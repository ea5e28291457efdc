import { errorOf, MemoryError, InternalError } from '../errors.js';
import { maskSecrets } from './secrets.js';

/**
 * The one error formatter every surface uses (CLI stderr and `--json`, MCP tool errors, the Action's
 * `setFailed` text and `json` output). Errors often quote what the caller gave (an id, a key, an
 * option), and what the caller gave may be a credential pasted in the wrong place or a megabyte of
 * junk: every string in the message and the data is masked the way the secret guard would mask it,
 * then each long run without spaces and the whole text are cut to a bounded length.
 */

/** Longest run of non-space characters kept whole (longer ones keep their start and say how much was cut). */
export const MAX_ERROR_TOKEN = 160;
/** Longest message kept whole. */
export const MAX_ERROR_MESSAGE = 1000;
/** Longest string value kept in `data`. */
export const MAX_ERROR_VALUE = 200;

const LONG_RUN = new RegExp(`[^\\s"'\`]{${MAX_ERROR_TOKEN + 1},}`, 'g');

function cutRuns(s: string): string {
  return s.replace(LONG_RUN, (run) => `${run.slice(0, 60)}…[${run.length - 60} more characters]`);
}

/**
 * Characters that change how a terminal or a code view shows the text around them: C0/C1 controls
 * (escape sequences; newline and tab excepted), bidi overrides and isolates (an RLO in an id shows
 * `mem_abc‮fed` as something else), line/paragraph separators and the BOM. Lone surrogates too.
 */
const DISPLAY_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with each display-control character written as `\uXXXX` (visible, inert). */
export function escapeControls(text: string): string {
  return text.replace(DISPLAY_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One string as it may appear in an error or a warning: masked, controls escaped, long runs cut, at most `max` characters. */
export function safeText(value: string, max = MAX_ERROR_MESSAGE): string {
  // Scan a bounded prefix: an error about a 300 MB argument needs none of its tail.
  const scanned = Math.min(value.length, 64 * 1024);
  let s = cutRuns(escapeControls(maskSecrets(value.slice(0, scanned))));
  if (s.length > max) s = `${s.slice(0, max)}…[${value.length - max} more characters]`;
  else if (scanned < value.length) s = `${s}…[${value.length - scanned} more characters]`;
  return s;
}

function safeValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return safeText(v, MAX_ERROR_VALUE);
  if (v === null || typeof v !== 'object') return v;
  if (depth >= 6) return '[…]';
  if (Array.isArray(v)) {
    const out = v.slice(0, 50).map((x) => safeValue(x, depth + 1));
    if (v.length > 50) out.push(`…[${v.length - 50} more items]`);
    return out;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (n++ >= 50) {
      out['…'] = 'more keys left out';
      break;
    }
    out[safeText(k, 64)] = safeValue(x, depth + 1);
  }
  return out;
}

/** Any thrown value as a MemoryError (INTERNAL when it is not one). */
export function asMemoryError(err: unknown): MemoryError {
  if (err instanceof MemoryError) return err;
  const e = err as Error;
  return new InternalError(e?.message ?? String(err));
}

/** The error to show: same code, message and data masked and bounded. */
export function safeError(err: unknown): MemoryError {
  const me = asMemoryError(err);
  const out = errorOf(me.code, safeText(me.message), safeValue(me.data, 0) as Record<string, unknown>);
  return out;
}

/** Formats an error for a log line: `[CODE] message`, masked and bounded. */
export function formatError(err: unknown): string {
  const me = safeError(err);
  return `[${me.code}] ${me.message}`;
}
