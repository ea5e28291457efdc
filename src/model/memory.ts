import { FrontMatterError, parseFile, serializeFile, setOwn } from './codec.js';

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
import { BinaryContentError, ContentTooLargeError, EmptyContentError, InvalidInputError } from '../errors.js';
import { idFromPath, idTime, isValidId } from './id.js';
import { checkText, oversizedFile } from './bounds.js';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Default content limit: a memory is a note, not a document store. */
export const MAX_CONTENT_BYTES = 64 * 1024;

/** A memory as every surface returns it (the seed's shape, plus `scope` and `updated` when set). */
export interface Memory {
  /** `mem_` + lowercase letters/digits. */
  id: string;
  /** The text, byte-exact as stored. */
  content: string;
  /** Lowercase, deduplicated. */
  tags: string[];
  /** Default "general". */
  category: string;
  /** Default "medium". */
  priority: Priority;
  /** Creation time, ISO 8601 UTC. */
  timestamp: string;
  /** Last change time, ISO 8601 UTC, when the memory was updated after creation. */
  updated?: string;
  /** Whose memory this is: a user, an agent, a routing key such as `p2p:ou_123`. */
  scope?: string;
  /** `source`, `version`, and the GitHub Actions run details when stored from a workflow. */
  metadata: Record<string, unknown>;
  /** Set on memories read from `archive/` (archived by `memory prune`; `list --archived`, `get`). */
  archived?: true;
  /** On reads, when the memory cites code: each citation as stored plus its state at the checked commit (docs/citations.md). */
  citations?: Array<{ path: string; lines: [number, number]; whole?: true; state: 'valid' | 'moved' | 'changed' | 'gone' | 'invalid' | 'unknown'; at?: { path: string; lines: [number, number] }; hunk?: string; reason?: string; renamed?: string }>;
  /** On reads: every citation is `changed` or `gone`; search puts the memory under `weak`. */
  stale?: { reason: string };
}

/** A memory together with where it lives on the branch and the front-matter keys we do not know. */
export interface StoredMemory extends Memory {
  path: string;
  extra: Record<string, unknown>;
}

const KNOWN = new Set(['id', 'tags', 'category', 'priority', 'timestamp', 'updated', 'scope', 'metadata']);

/** Tags as stored: trimmed, lowercased, spaces to "-", deduplicated in order. Linear (a Set, not `includes`). */
export function normalizeTags(input: unknown): string[] {
  const raw: unknown[] = Array.isArray(input) ? input : typeof input === 'string' ? input.split(',') : input == null ? [] : [input];
  const seen = new Set<string>();
  for (const t of raw) {
    if (t === null || t === undefined || typeof t === 'object' || typeof t === 'function') continue;
    const tag = String(t).trim().toLowerCase().replace(/\s+/g, '-');
    if (tag) seen.add(tag);
  }
  return [...seen];
}

export function isPriority(p: unknown): p is Priority {
  return typeof p === 'string' && (PRIORITIES as readonly string[]).includes(p);
}

export function validateContent(content: unknown, maxBytes = MAX_CONTENT_BYTES): string {
  if (typeof content !== 'string') throw new InvalidInputError('content must be a string', { field: 'content' });
  if (content.trim() === '') throw new EmptyContentError();
  checkText(content, 'content');
  const nul = content.indexOf('\0');
  if (nul >= 0) throw new BinaryContentError(nul);
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxBytes) throw new ContentTooLargeError(bytes, maxBytes);
  return content;
}

/**
 * The timestamp of an undated memory: a file with no valid `timestamp` whose id carries no time (a
 * hand-written file). It sorts oldest, is written back without a timestamp, and is never aged out by
 * prune's age rules (its age is unknown, not 56 years).
 */
export const UNDATED = new Date(0).toISOString();

export function isUndated(m: { timestamp: string }): boolean {
  return m.timestamp === UNDATED;
}

/**
 * `Date.parse`, except that a calendar date that does not exist (`2026-02-30`, `2026-13-01`) is NaN:
 * Date.parse rolls it over into the next month, which would move a memory to a day nobody wrote.
 */
export function parseTime(v: string): number {
  const t = Date.parse(v);
  const ymd = /^\s*([+-]?\d{4,6})-(\d{2})-(\d{2})/.exec(v);
  if (!ymd || !Number.isFinite(t)) return t;
  const [y, mo, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  const day = new Date(Date.UTC(2000, mo - 1, d));
  day.setUTCFullYear(y);
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d ? t : NaN;
}

function isoOrNull(v: unknown): string | null {
  if (typeof v !== 'string' && !(v instanceof Date)) return null;
  const t = v instanceof Date ? v.getTime() : parseTime(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** A present date field that does not read as one: warned about, then treated as absent. */
function dateField(path: string, data: Record<string, unknown>, field: 'timestamp' | 'updated', fallback: string, warn: (msg: string) => void): string | null {
  const v = data[field];
  if (v === undefined || v === null || v === '') return null;
  const iso = isoOrNull(v);
  if (iso === null) warn(`${path}: ${field} ${JSON.stringify(String(v).slice(0, 40))} is not a valid date; using ${fallback}`);
  return iso;
}

/**
 * Reads a file from the branch. Files are untrusted (hand edits, forks): fields are normalised
 * leniently, a missing id is derived from the path, and only unparsable front matter throws.
 */
export function memoryFromFile(path: string, text: string, warn: (msg: string) => void = () => {}): StoredMemory {
  // UTF-16 units never outnumber UTF-8 bytes: a text this long is a file over the cap.
  const tooLarge = oversizedFile(text.length);
  if (tooLarge) throw new FrontMatterError(tooLarge);
  const { data, content } = parseFile(text);
  // Tags are a scalar or a list of scalars; anything else (a map, nested lists) makes the file unreadable.
  if (data.tags !== undefined && data.tags !== null && !isScalar(data.tags) && !(Array.isArray(data.tags) && data.tags.every((t) => t === null || isScalar(t)))) {
    throw new FrontMatterError('tags must be a list of strings');
  }
  let id = data.id;
  if (id !== undefined && !isValidId(id)) {
    warn(`${path}: front-matter id ${JSON.stringify(String(id).slice(0, 80))} is not a valid id; using one derived from the path`);
    id = undefined;
  }
  const finalId = (id as string | undefined) ?? idFromPath(path);
  const idMs = idTime(finalId);
  const timestamp = dateField(path, data, 'timestamp', idMs !== null ? "the id's time" : 'none (undated)', warn) ?? (idMs !== null ? new Date(idMs).toISOString() : UNDATED);
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!KNOWN.has(k)) setOwn(extra, k, v);
  const metadata = data.metadata && typeof data.metadata === 'object' && !Array.isArray(data.metadata) ? (data.metadata as Record<string, unknown>) : {};
  const m: StoredMemory = {
    id: finalId,
    content,
    tags: normalizeTags(data.tags),
    category: typeof data.category === 'string' && data.category.trim() ? data.category.trim() : 'general',
    priority: isPriority(data.priority) ? data.priority : 'medium',
    timestamp,
    metadata,
    path,
    extra,
  };
  const updated = dateField(path, data, 'updated', 'none', warn);
  if (updated) m.updated = updated;
  if (typeof data.scope === 'string' && data.scope) m.scope = data.scope;
  return m;
}

export function memoryToFile(m: StoredMemory | Memory): string {
  const extra = 'extra' in m ? m.extra : {};
  const front: Record<string, unknown> = {
    id: m.id,
    tags: m.tags,
    category: m.category,
    priority: m.priority,
    timestamp: isUndated(m) ? undefined : m.timestamp,
    updated: m.updated,
    scope: m.scope,
    metadata: Object.keys(m.metadata).length ? m.metadata : undefined,
    ...extra,
  };
  return serializeFile(front, m.content);
}

/**
 * Memories a reader built from a file with no `citations` key (and copies it made of them): a read
 * that adds citation states (src/lifecycle/cite-reads.ts) has nothing to check for them and skips
 * reading their files again. Membership only ever says "no citations"; a memory not in it is checked.
 */
export const citationFree = new WeakSet<Memory>();

/** The public shape: drops the path and unknown keys. */
export function publicMemory(m: StoredMemory | Memory): Memory {
  const out: Memory = { id: m.id, content: m.content, tags: m.tags, category: m.category, priority: m.priority, timestamp: m.timestamp, metadata: m.metadata };
  if (m.updated) out.updated = m.updated;
  if (m.scope) out.scope = m.scope;
  return out;
}

/** Run details recorded with each memory stored from a GitHub Actions job. */
export function runnerMetadata(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (env.GITHUB_ACTIONS !== 'true') return {};
  const pick: Record<string, string | undefined> = {
    job_id: env.GITHUB_JOB,
    run_id: env.GITHUB_RUN_ID,
    workflow: env.GITHUB_WORKFLOW,
    sha: env.GITHUB_SHA,
    repository: env.GITHUB_REPOSITORY,
    actor: env.GITHUB_ACTOR,
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(pick)) if (v) out[k] = v;
  return out;
}
