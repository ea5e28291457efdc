import { isUtf8 } from 'node:buffer';
import { CorruptObjectError } from '../errors.js';

export interface TreeEntry {
  mode: string;
  /** The entry's name bytes as a string: UTF-8, with any byte that is not part of valid UTF-8 held as U+DC80+byte ({@link decodeName}). */
  name: string;
  oid: string;
}

/**
 * A tree entry name as a string that gives back its exact bytes ({@link encodeName}). Git names are
 * bytes, not text: a name that is valid UTF-8 is decoded as such; in one that is not, each byte that
 * does not start a valid sequence becomes the lone surrogate U+DC80+byte ("surrogate escape"). Valid
 * UTF-8 never decodes to a lone surrogate, so two different names never give one string, and a tree
 * read and written again keeps every name byte for byte (`x\xff.md` and `x\xfe.md` stay two files).
 */
export function decodeName(data: Buffer, start = 0, end = data.length): string {
  const bytes = data.subarray(start, end);
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const len = utf8SequenceAt(bytes, i);
    if (len > 0) {
      out += bytes.toString('utf8', i, i + len);
      i += len;
    } else {
      out += String.fromCharCode(0xdc00 + bytes[i]);
      i++;
    }
  }
  return out;
}

/** The length of the valid UTF-8 sequence starting at `i` (0: none). */
function utf8SequenceAt(b: Buffer, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (len === 0 || i + len > b.length) return 0;
  return isUtf8(b.subarray(i, i + len)) ? len : 0;
}

const ESCAPED = /[\udc80-\udcff]/u;

/** True when `name` (or a path of such names) holds bytes that are not UTF-8 ({@link decodeName}). */
export function hasRawBytes(name: string): boolean {
  return ESCAPED.test(name);
}

/** The bytes of a name made by {@link decodeName} (a plain string: its UTF-8). */
export function encodeName(name: string): Buffer {
  if (!hasRawBytes(name)) return Buffer.from(name, 'utf8');
  const parts: Buffer[] = [];
  let run = '';
  for (const ch of name) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xdc80 && c <= 0xdcff) {
      if (run) parts.push(Buffer.from(run, 'utf8'));
      run = '';
      parts.push(Buffer.of(c - 0xdc00));
    } else run += ch;
  }
  if (run) parts.push(Buffer.from(run, 'utf8'));
  return Buffer.concat(parts);
}

/** A name or path for a message: bytes that are not UTF-8 shown as `\xff`. */
export function shownName(name: string): string {
  return hasRawBytes(name) ? name.replace(/[\udc80-\udcff]/gu, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16)}`) : name;
}

export const MODE_TREE = '40000';
export const MODE_BLOB = '100644';

export function isTreeMode(mode: string): boolean {
  return mode === '40000' || mode === '040000';
}

export function parseTree(data: Buffer, oid = '(tree)'): TreeEntry[] {
  const out: TreeEntry[] = [];
  let p = 0;
  while (p < data.length) {
    const sp = data.indexOf(0x20, p);
    const nul = data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) throw new CorruptObjectError(oid, 'malformed tree');
    out.push({
      mode: data.toString('latin1', p, sp),
      name: decodeName(data, sp + 1, nul),
      oid: data.toString('hex', nul + 1, nul + 21),
    });
    p = nul + 21;
  }
  return out;
}

/**
 * Visits the entries of a raw tree object without building them (no strings, nothing kept): for
 * walks over every tree of a branch (a fresh clone's first sync reads ~35 MB of trees at 1,000,000
 * memories), where parsing into {@link TreeEntry} objects cost as much as inflating. `at` is the
 * entry's start (its mode), `sp` the space before its name, `nul` the NUL after it (the 20-byte id
 * follows). `visit` returning true stops the walk.
 */
export function scanTree(data: Buffer, oid: string, visit: (at: number, sp: number, nul: number) => boolean | void): void {
  for (let p = 0; p < data.length; ) {
    const sp = data.indexOf(0x20, p);
    const nul = sp < 0 ? -1 : data.indexOf(0, sp);
    if (sp < 0 || nul < 0 || nul + 21 > data.length) throw new CorruptObjectError(oid, 'malformed tree');
    if (visit(p, sp, nul)) return;
    p = nul + 21;
  }
}

/** {@link isTreeMode} of the raw entry at `at` (mode bytes `at`..`sp`). */
export function isTreeModeAt(data: Buffer, at: number, sp: number): boolean {
  return (sp - at === 5 && data[at] === 0x34) || (sp - at === 6 && data[at] === 0x30 && data[at + 1] === 0x34);
}

/** {@link isRegularFile} (src/git/diff.ts) of the raw entry at `at`: mode 100644 or 100755, not a tree, link or submodule. */
export function isRegularFileAt(data: Buffer, at: number, sp: number): boolean {
  return sp - at === 6 && data[at] === 0x31 && data[at + 1] === 0x30;
}

/** Git orders tree entries bytewise, with directory names compared as if they ended in "/". */
function sortKey(e: TreeEntry): Buffer {
  return encodeName(isTreeMode(e.mode) ? e.name + '/' : e.name);
}

const ZERO = Buffer.of(0);

export function serializeTree(entries: TreeEntry[]): Buffer {
  const keyed = entries.map((e) => ({ e, k: sortKey(e) }));
  keyed.sort((a, b) => Buffer.compare(a.k, b.k));
  const parts: Buffer[] = [];
  for (const { e } of keyed) {
    parts.push(Buffer.from(`${isTreeMode(e.mode) ? '40000' : e.mode} `, 'latin1'), encodeName(e.name), ZERO, Buffer.from(e.oid, 'hex'));
  }
  return Buffer.concat(parts);
}

export interface Identity {
  name: string;
  email: string;
}

export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  author: string;
  committer: string;
  /** Committer time, seconds since the epoch. */
  time: number;
  message: string;
}

export function parseCommit(oid: string, data: Buffer): CommitInfo {
  const text = data.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const info: CommitInfo = { oid, tree: '', parents: [], author: '', committer: '', time: 0, message: end < 0 ? '' : text.slice(end + 2) };
  for (const line of head.split('\n')) {
    if (line.startsWith('tree ')) info.tree = line.slice(5);
    else if (line.startsWith('parent ')) info.parents.push(line.slice(7));
    else if (line.startsWith('author ')) info.author = line.slice(7);
    else if (line.startsWith('committer ')) {
      info.committer = line.slice(10);
      const m = /> (\d+) [+-]\d{4}$/.exec(info.committer);
      if (m) info.time = Number(m[1]);
    }
  }
  if (!/^[0-9a-f]{40}$/.test(info.tree)) throw new CorruptObjectError(oid, 'commit has no tree');
  return info;
}

/** A git signature line (name, email, time): what follows `author ` or `committer ` in a commit. */
export function signature(id: Identity, when: Date): string {
  const clean = (s: string) => s.replace(/[<>\n]/g, '').trim();
  return `${clean(id.name) || 'git-memory'} <${clean(id.email)}> ${Math.floor(when.getTime() / 1000)} +0000`;
}

/**
 * Characters of a commit message written as `\u001b` text: control characters but newline and tab,
 * and those that reorder or break lines. `git log` prints a message raw to the terminal, and a
 * message quotes memory text, tags and file names (an escape there would clear the screen, set the
 * title or write the clipboard of whoever reads the history).
 */
const MESSAGE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with {@link MESSAGE_CONTROLS} written as `\uXXXX`. */
export function inertMessage(text: string): string {
  return text.replace(MESSAGE_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The bytes of a commit object; the one place they are made. An author or committer given as a
 * string is a signature line kept verbatim (sync re-applying a commit keeps who stored it, and when).
 * The message is made inert ({@link inertMessage}).
 */
export function serializeCommit(c: { tree: string; parents: string[]; author: Identity | string; committer?: Identity | string; message: string; when?: Date }): Buffer {
  const when = c.when ?? new Date();
  const sig = (who: Identity | string) => (typeof who === 'string' ? who : signature(who, when));
  const lines = [`tree ${c.tree}`, ...c.parents.map((p) => `parent ${p}`), `author ${sig(c.author)}`, `committer ${sig(c.committer ?? c.author)}`];
  const text = inertMessage(c.message);
  const msg = text.endsWith('\n') ? text : text + '\n';
  return Buffer.from(lines.join('\n') + '\n\n' + msg, 'utf8');
}

/** Starts with no dot, holds no "~", "/", space, control or non-ASCII character: never refused. */
const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Code points git ignores when it compares a name with ".git" on HFS+ (utf8.c, is_hfs_dotgit). */
const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * Why git would refuse a tree entry name (null: fine). Mirrors fsck's checks: "" (emptyName), "."
 * (hasDot), ".." (hasDotdot), a "/" or NUL (fullPathname), and ".git" in any case, with trailing dots
 * or spaces (NTFS), as its 8.3 short name "git~1", or with HFS+-ignored code points (hasDotgit).
 */
export function badTreeName(name: string): string | null {
  // The names a branch is made of (ids, months, buckets, `x.md`): nothing below can match them, and a
  // fresh clone's first sync checks every name of the branch.
  if (PLAIN_NAME.test(name)) return null;
  if (name === '') return 'empty name';
  if (name === '.' || name === '..') return `"${name}"`;
  if (name.includes('/') || name.includes('\0')) return 'a name containing "/"';
  const folded = name.replace(HFS_IGNORABLE, '').toLowerCase();
  if (folded === '.git' || folded.replace(/[. ]+$/, '') === '.git' || folded.replace(/[. ]+$/, '') === 'git~1') return '".git"';
  return null;
}
