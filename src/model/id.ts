import type * as Crypto from 'node:crypto';
import { InvalidIdError } from '../errors.js';

// node:crypto is required on first use, not imported: it costs 1-2 ms of every CLI start (see
// src/git/objects.ts), and reading a memory by its id needs none of it.
declare const require: (id: string) => unknown;
let cryptoLib: typeof Crypto | undefined;
const crypto = () => (cryptoLib ??= require('node:crypto') as typeof Crypto);

/** Crockford's base32, lowercase: no i, l, o, u, so ids survive being read aloud or retyped. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const TIME_CHARS = 9; // 45 bits of milliseconds: good until the year 3084
const RANDOM_CHARS = 8; // 40 random bits per millisecond per writer

const ID_RE = /^mem_[a-z0-9]{1,64}$/;

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let s = '';
  for (let i = 0; i < TIME_CHARS; i++) {
    s = ALPHABET[ms % 32] + s;
    ms = Math.floor(ms / 32);
  }
  return s;
}

// Random bytes drawn 4 KiB at a time: one call per id cost 8% of an import of 100,000 memories.
let pool: Buffer | null = null;
let poolAt = 0;
function randomChars(): number[] {
  if (!pool || poolAt + RANDOM_CHARS > pool.length) {
    pool = crypto().randomBytes(4096);
    poolAt = 0;
  }
  const out = new Array<number>(RANDOM_CHARS);
  for (let i = 0; i < RANDOM_CHARS; i++) out[i] = pool[poolAt++] & 31;
  return out;
}

/**
 * `mem_` + 9 chars of creation time + 8 random chars (base32). Ids from one process are strictly
 * increasing (the random part is incremented within a millisecond, as ULID does); ids from different
 * machines sort by time and collide with probability ~2^-40 per same-millisecond pair.
 */
export function newId(timeMs: number = Date.now()): string {
  let rand: number[];
  if (timeMs === lastTime) {
    rand = lastRandom.slice();
    let i = RANDOM_CHARS - 1;
    while (i >= 0 && rand[i] === 31) rand[i--] = 0;
    if (i >= 0) rand[i]++;
  } else {
    rand = randomChars();
  }
  lastTime = timeMs;
  lastRandom = rand;
  return 'mem_' + encodeTime(timeMs) + rand.map((n) => ALPHABET[n]).join('');
}

export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && ID_RE.test(id);
}

export function assertId(id: unknown): string {
  if (!isValidId(id)) throw new InvalidIdError(String(id));
  return id;
}

/** Creation time encoded in a native id, or null for ids made elsewhere (imports, hand-written). */
export function idTime(id: string): number | null {
  const body = id.slice(4);
  if (body.length !== TIME_CHARS + RANDOM_CHARS) return null;
  let ms = 0;
  for (let i = 0; i < TIME_CHARS; i++) {
    const v = ALPHABET.indexOf(body[i]);
    if (v < 0) return null;
    ms = ms * 32 + v;
  }
  return ms;
}

/** A stable id for a file that has none in its front matter, derived from its path on the branch. */
export function idFromPath(path: string): string {
  const h = crypto().createHash('sha1').update(path).digest();
  let s = '';
  for (let i = 0; i < 16; i++) s += ALPHABET[h[i] & 31];
  return 'mem_' + s;
}

/** The fan-out bucket: one base32 char, random for native ids, hashed for others. */
function bucketOf(id: string): string {
  if (idTime(id) !== null) return id[4 + TIME_CHARS];
  return ALPHABET[crypto().createHash('sha1').update(id).digest()[0] & 31];
}

/**
 * Where a memory lives on the branch: `memories/YYYY-MM/<bucket>/<id>.md`. The month folder makes the
 * branch browsable by time; the 32-way bucket caps each leaf tree (100,000 memories in one month is
 * ~3,000 entries per leaf), so a store rewrites a few small trees, never one huge one.
 */
export function pathFor(id: string, timestamp: string): string {
  const t = idTime(id) ?? Date.parse(timestamp);
  const d = new Date(Number.isFinite(t) ? t : 0);
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `memories/${month}/${bucketOf(id)}/${id}.md`;
}

/**
 * Two files on the branch claiming one id (a hand copy, a merge of two branches): which one is the
 * memory, everywhere (get, update, list, search, export, history, the index). The file at the id's own
 * path ({@link pathFor}) wins; among others, the first in path order (bytewise). True when `b` wins
 * over `a`. docs/DESIGN.md states the rule; readers warn naming both files.
 */
export function copyWins(b: { id: string; path: string }, a: { id: string; path: string }): boolean {
  const own = (x: { id: string; path: string }) => (x.path === pathFor(x.id, '') ? 0 : 1);
  const ob = own(b);
  const oa = own(a);
  if (ob !== oa) return ob < oa;
  return Buffer.compare(Buffer.from(b.path, 'utf8'), Buffer.from(a.path, 'utf8')) < 0;
}

/** The warning for two files claiming one id: which one is read, which one is not. */
export function duplicateIdWarning(id: string, used: string, ignored: string): string {
  return `two files claim id ${id}: ${used} is used, ${ignored} is ignored (the file at the id's own path wins, else the first in path order; delete or fix the other on the memory branch)`;
}
