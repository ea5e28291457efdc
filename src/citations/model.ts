import { createHash } from 'node:crypto';

/**
 * Citations: a memory's pointers to the code it describes (docs/citations.md). This file is the
 * model and its front-matter codec: pure, no git. A citation is stored in the memory's front matter
 * under `citations:` as
 *
 *   - path: src/http.ts            repository-root relative, normalised
 *     lines: [10, 24]              1-based, inclusive (a whole-file citation: [1, last] and whole: true)
 *     commit: <40 hex>             the commit it was made at
 *     blob: <40 hex>               the file's blob id at that commit
 *     sha256: <64 hex>             of the cited lines joined by "\n" (line terminators excluded)
 *     text: |                      the cited lines, when at most MAX_TEXT_LINES lines and MAX_TEXT_BYTES bytes
 *     first: / last:               else the first and last cited line (each at most MAX_EDGE_CHARS)
 *
 * Everything on the branch is untrusted: {@link parseCitations} checks each entry on its own, and an
 * entry that does not parse becomes an `invalid` item with a reason, never an exception.
 */

/** What a check says about one citation (docs/citations.md, "States"). */
export const CITATION_STATES = ['valid', 'moved', 'changed', 'gone', 'invalid', 'unknown'] as const;
export type CitationState = (typeof CITATION_STATES)[number];

/** At most this many citations per memory (a write with more is refused; on the branch, the rest are invalid). */
export const MAX_CITATIONS = 16;
/** A cited path is at most this many UTF-8 bytes. */
export const MAX_PATH_BYTES = 1024;
/** The cited text is stored when the range is at most this many lines ... */
export const MAX_TEXT_LINES = 200;
/** ... and at most this many UTF-8 bytes; larger ranges store the hash and their first and last line. */
export const MAX_TEXT_BYTES = 8 * 1024;
/** The first/last line of a large range is stored cut to this many characters. */
export const MAX_EDGE_CHARS = 512;
/** Line numbers above this are not a citation (no source file has ten million lines). */
export const MAX_LINE = 10_000_000;
/** A file over this many bytes is not cited, and its content is not searched by a check. */
export const MAX_CITED_FILE_BYTES = 16 * 1024 * 1024;

export interface Citation {
  /** Repository-root relative path, normalised ({@link normalizeCitePath}). */
  path: string;
  /** 1-based inclusive line range. */
  lines: [number, number];
  /** The whole file is cited (lines is [1, its last line]). */
  whole?: true;
  /** The commit the citation was made at. */
  commit: string;
  /** The file's blob id at that commit. */
  blob: string;
  /** sha256 (hex) of the cited lines joined by "\n". */
  sha256: string;
  /** The cited lines joined by "\n", when within MAX_TEXT_LINES and MAX_TEXT_BYTES. */
  text?: string;
  /** First and last cited line (cut to MAX_EDGE_CHARS), when `text` is not stored. */
  first?: string;
  last?: string;
}

/** One entry of a memory's `citations:` list as read from the branch. */
export type ParsedCitation = { ok: true; citation: Citation } | { ok: false; reason: string; path?: string; lines?: [number, number] };

const HEX40 = /^[0-9a-f]{40}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * A citation path as given (argv, MCP, library) or read from the branch, normalised: `./` and empty
 * segments dropped. Refused (the reason is returned): empty, absolute (`/x`, `C:\x`), a `..` segment,
 * a `.git` segment, control characters or NUL, a backslash, over MAX_PATH_BYTES.
 */
export function normalizeCitePath(raw: unknown): { path: string } | { reason: string } {
  if (typeof raw !== 'string' || raw === '') return { reason: 'path is empty or not a string' };
  if (Buffer.byteLength(raw, 'utf8') > MAX_PATH_BYTES) return { reason: `path is over ${MAX_PATH_BYTES} bytes` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { reason: 'path has a control character or NUL' };
  if (raw.includes('\\')) return { reason: 'path has a backslash (use "/")' };
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw) || raw.startsWith('~')) return { reason: 'path is absolute (give it relative to the repository root)' };
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (!parts.length) return { reason: 'path names no file' };
  if (parts.includes('..')) return { reason: 'path has a ".." segment' };
  if (parts.some((p) => p.toLowerCase() === '.git')) return { reason: 'path is inside .git' };
  return { path: parts.join('/') };
}

/** A string for a terminal or a log line: control characters replaced, cut to `max` characters. */
export function shown(s: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '?');
  return clean.length > max ? clean.slice(0, max) + '…' : clean;
}

/** The lines of a file's text: split on "\n" (a "\r" stays in its line); a final newline adds no line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** sha256 hex of lines[start-1 .. end-1] joined by "\n" (1-based, inclusive). */
export function rangeHash(lines: readonly string[], start: number, end: number): string {
  const h = createHash('sha256');
  for (let i = start - 1; i < end; i++) {
    if (i > start - 1) h.update('\n');
    h.update(lines[i], 'utf8');
  }
  return h.digest('hex');
}

/** The fields that let a check find the cited lines again without history (hash, text or edges). */
export function anchorOf(lines: readonly string[], start: number, end: number): Pick<Citation, 'sha256' | 'text' | 'first' | 'last'> {
  const sha256 = rangeHash(lines, start, end);
  const n = end - start + 1;
  if (n <= MAX_TEXT_LINES) {
    const text = lines.slice(start - 1, end).join('\n');
    if (Buffer.byteLength(text, 'utf8') <= MAX_TEXT_BYTES) return { sha256, text };
  }
  return { sha256, first: lines[start - 1].slice(0, MAX_EDGE_CHARS), last: lines[end - 1].slice(0, MAX_EDGE_CHARS) };
}

function lineRange(v: unknown): [number, number] | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [s, e] = v;
  if (!Number.isSafeInteger(s) || !Number.isSafeInteger(e)) return null;
  if (s < 1 || e < s || e > MAX_LINE) return null;
  return [s, e];
}

/**
 * The citations of a memory's front-matter value (`extra.citations`). Not a list: one invalid item.
 * Each entry is checked alone; at most MAX_CITATIONS are read (the rest become one invalid item).
 */
export function parseCitations(raw: unknown): ParsedCitation[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return [{ ok: false, reason: 'citations is not a list' }];
  const out: ParsedCitation[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (i === MAX_CITATIONS) {
      out.push({ ok: false, reason: `more than ${MAX_CITATIONS} citations: ${raw.length - MAX_CITATIONS} not read` });
      break;
    }
    out.push(parseCitation(raw[i]));
  }
  return out;
}

export function parseCitation(v: unknown): ParsedCitation {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return { ok: false, reason: 'citation is not a mapping' };
  const o = v as Record<string, unknown>;
  const p = normalizeCitePath(o.path);
  const lines = lineRange(o.lines);
  const fail = (reason: string): ParsedCitation => {
    const bad: ParsedCitation = { ok: false, reason };
    if ('path' in p) bad.path = p.path;
    if (lines) bad.lines = lines;
    return bad;
  };
  if ('reason' in p) return fail(p.reason);
  if (!lines) return fail(`lines is not [start, end] with 1 <= start <= end <= ${MAX_LINE}`);
  if (typeof o.commit !== 'string' || !HEX40.test(o.commit)) return fail('commit is not a 40-hex object id');
  if (typeof o.blob !== 'string' || !HEX40.test(o.blob)) return fail('blob is not a 40-hex object id');
  if (typeof o.sha256 !== 'string' || !HEX64.test(o.sha256)) return fail('sha256 is not 64 hex digits');
  const c: Citation = { path: p.path, lines, commit: o.commit, blob: o.blob, sha256: o.sha256 };
  if (o.whole === true) {
    if (lines[0] !== 1) return fail('a whole-file citation starts at line 1');
    c.whole = true;
  }
  const n = lines[1] - lines[0] + 1;
  if (o.text !== undefined) {
    if (typeof o.text !== 'string' || Buffer.byteLength(o.text, 'utf8') > MAX_TEXT_BYTES || n > MAX_TEXT_LINES) return fail(`text is not a string of at most ${MAX_TEXT_BYTES} bytes for at most ${MAX_TEXT_LINES} lines`);
    if (o.text.split('\n').length !== n) return fail('text does not have as many lines as the range');
    c.text = o.text;
  }
  for (const k of ['first', 'last'] as const) {
    if (o[k] === undefined) continue;
    if (typeof o[k] !== 'string' || (o[k] as string).length > MAX_EDGE_CHARS) return fail(`${k} is not a string of at most ${MAX_EDGE_CHARS} characters`);
    c[k] = o[k] as string;
  }
  return { ok: true, citation: c };
}

/** The front-matter form of a citation (key order fixed: a round trip is byte-stable). */
export function citationToFront(c: Citation): Record<string, unknown> {
  const o: Record<string, unknown> = { path: c.path, lines: [c.lines[0], c.lines[1]] };
  if (c.whole) o.whole = true;
  o.commit = c.commit;
  o.blob = c.blob;
  o.sha256 = c.sha256;
  if (c.text !== undefined) o.text = c.text;
  if (c.first !== undefined) o.first = c.first;
  if (c.last !== undefined) o.last = c.last;
  return o;
}

/** `path:start-end` (or `path` for a whole file): how a citation is named in messages and tables. */
export function citationLabel(c: { path: string; lines?: [number, number]; whole?: boolean }): string {
  if (c.whole || !c.lines) return c.path;
  return c.lines[0] === c.lines[1] ? `${c.path}:${c.lines[0]}` : `${c.path}:${c.lines[0]}-${c.lines[1]}`;
}

/** A citation as asked for: a path and, unless the whole file is cited, a line range. */
export interface CiteSpec {
  path: string;
  lines?: [number, number];
}

/**
 * `PATH:START-END`, `PATH:LINE` or `PATH` (argv). A path that itself ends in `:<digits>` can be given
 * through the library or MCP (`{ path, lines }`), which take the path as it is.
 */
/** A line range from argv for a message, each number cut to 12 digits. */
const shownRange = (a: string, b?: string) => `${a.slice(0, 12)}${a.length > 12 ? '…' : ''}${b !== undefined ? `-${b.slice(0, 12)}${b.length > 12 ? '…' : ''}` : ''}`;

export function parseCiteSpec(spec: string): CiteSpec | { reason: string } {
  const m = /^(.*):([0-9]+)(?:-([0-9]+))?$/.exec(spec);
  if (!m) return { path: spec };
  if (m[2].length > 9 || (m[3] ?? '').length > 9) return { reason: `line range ${shownRange(m[2], m[3])} is not 1 <= start <= end <= ${MAX_LINE}` };
  const s = Number(m[2]);
  const e = m[3] !== undefined ? Number(m[3]) : s;
  if (s < 1 || e < s || e > MAX_LINE) return { reason: `line range ${m[2]}${m[3] ? '-' + m[3] : ''} is not 1 <= start <= end <= ${MAX_LINE}` };
  return { path: m[1], lines: [s, e] };
}
