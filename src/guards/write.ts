import { InvalidInputError } from '../errors.js';
import { memoryFromFile, type StoredMemory } from '../model/memory.js';
import type { BranchRepository } from '../model/branch-view.js';
import { loadFingerprints } from './fingerprints.js';
import type { MemoryConfig } from '../model/config.js';
import { autoTags } from './autotag.js';
import { assertNoSecrets, guardFields, maskSecrets, scanText, secretDetected, SecretDetectedError, type SecretGuardOptions } from '../model/secrets.js';
import { checkedTags, MAX_TIME_MS } from '../model/bounds.js';

/** The guard options a write gets: the caller's flags, else the config's `secretGuard` mode. */
export function guardOptions(cfg: Pick<MemoryConfig, 'secretGuard'>, opts: SecretGuardOptions = {}): SecretGuardOptions {
  if (opts.allowSecret === true || opts.redact === true) return { allowSecret: opts.allowSecret === true, redact: opts.redact === true };
  if (cfg.secretGuard === 'off') return { allowSecret: true };
  if (cfg.secretGuard === 'redact') return { redact: true };
  return {};
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 7 * 86400, y: 365 * 86400 };

/** "7d", "12h", "30m", "2w", "90s", "1y" (or a number of seconds) → milliseconds. */
export function parseDuration(v: string | number, field = 'ttl'): number {
  if (typeof v === 'number') {
    if (Number.isFinite(v) && v > 0) return v * 1000;
  } else {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([smhdwy])\s*$/i.exec(v);
    if (m && Number(m[1]) > 0) return Number(m[1]) * UNITS[m[2].toLowerCase()] * 1000;
  }
  throw new InvalidInputError(`${field} must be a positive duration like 30m, 12h, 7d, 2w or 1y, got ${JSON.stringify(v)}`, { field });
}

/** The `expires` time for a write, from `ttl` (relative to `now`) or `expires` (absolute). */
export function expiryOf(input: { ttl?: string | number; expires?: string | Date }, now: Date): string | undefined {
  if (input.ttl !== undefined && input.ttl !== null && input.ttl !== '') {
    const t = now.getTime() + parseDuration(input.ttl);
    // `--ttl 999999999999d` is past any date a file can hold: a coded error, not an INTERNAL RangeError.
    if (!Number.isFinite(t) || t > MAX_TIME_MS) throw new InvalidInputError('ttl is too long: the expiry must be before the year 3000', { field: 'ttl' });
    return new Date(t).toISOString();
  }
  if (input.expires === undefined || input.expires === null || input.expires === '') return undefined;
  const t = input.expires instanceof Date ? input.expires.getTime() : Date.parse(input.expires);
  if (!Number.isFinite(t)) throw new InvalidInputError(`expires must be a date, got ${JSON.stringify(String(input.expires).slice(0, 80))}`, { field: 'expires' });
  if (t > MAX_TIME_MS || t < 0) throw new InvalidInputError('expires must be between 1970 and the year 3000', { field: 'expires' });
  return new Date(t).toISOString();
}

export interface GuardedWrite {
  content: string;
  tags: string[];
  category?: string;
  scope?: string;
  metadata?: Record<string, unknown>;
  /** Other front-matter fields (upsert key, imported extra fields), guarded like the rest. */
  extra?: Record<string, unknown>;
  /** How many secrets were masked (with `redact`). */
  redacted: number;
}

/** Tags as given (a list, a comma-separated string or one value) as strings, before any normalisation. */
function rawTagList(tags: unknown): unknown[] {
  if (tags === undefined || tags === null) return [];
  if (Array.isArray(tags)) return tags;
  return typeof tags === 'string' ? tags.split(',') : [tags];
}

/** The tags auto-tagging derives from `content` (credentials masked first, never a tag). */
export function derivedTags(content: string): string[] {
  return autoTags(maskSecrets(content).replace(/\[REDACTED:[a-z-]+\]/g, ' '));
}

/**
 * Applies the secret guard to every part of a new memory (content, tags, category, scope, metadata,
 * extra front-matter fields), then derives tags when none were given. Tags are scanned as given,
 * before lowercasing (a lowercased AWS key id no longer looks like one), then normalised and checked
 * against the caps. Throws SECRET_DETECTED before anything is written. Auto-tags are made from the
 * masked text, so they never carry a piece of a credential, even when the guard is lowered.
 */
export function guardWrite(
  input: { content: string; tags: unknown; category?: string; scope?: string; metadata?: Record<string, unknown>; extra?: Record<string, unknown> },
  opts: SecretGuardOptions & { autoTag: boolean },
): GuardedWrite {
  const guard = { allowSecret: opts.allowSecret, redact: opts.redact };
  let redacted = 0;
  let content = input.content;
  const raw = rawTagList(input.tags);
  // Refuse oversized tag lists before scanning them (the caps are checked again after masking).
  checkedTags(raw);
  let fields: Record<string, unknown> = { tags: raw, category: input.category, scope: input.scope, metadata: input.metadata, extra: input.extra };
  if (!guard.allowSecret) {
    const found = scanText(content, 'content');
    const fieldErr = (() => {
      try {
        fields = guardFields(fields, { ...guard, what: 'the memory' });
        return null;
      } catch (err) {
        return err as SecretDetectedError;
      }
    })();
    if (found.length && !guard.redact) {
      // Report every finding, content first, in one error.
      const extra = fieldErr instanceof SecretDetectedError ? ((fieldErr.data.findings as never[]) ?? []) : [];
      const err = secretDetected(found);
      (err.data.findings as unknown[]).push(...extra);
      throw err;
    }
    if (fieldErr) throw fieldErr;
    if (found.length) {
      content = assertNoSecrets(content, { redact: true });
      redacted = found.length;
    }
  }
  let tags = checkedTags(fields.tags);
  if (!tags.length && opts.autoTag) tags = derivedTags(content);
  return {
    content,
    tags,
    category: fields.category as string | undefined,
    scope: fields.scope as string | undefined,
    metadata: fields.metadata as Record<string, unknown> | undefined,
    extra: fields.extra as Record<string, unknown> | undefined,
    redacted,
  };
}

/**
 * The last gate before a memory file is written: every byte of it (front matter included, so a
 * default category or any field a caller forgot to guard is covered) is scanned, and a credential
 * the previous version of the file did not already hold is refused. Skipped only when the person
 * running the command lowered the guard (`allowSecret`).
 */
export function guardFile(next: string, prev: string | null, opts: SecretGuardOptions & { what?: string } = {}): void {
  if (opts.allowSecret) return;
  const found = scanText(next, 'file').filter((f) => prev === null || !prev.includes(next.slice(f.offset, f.offset + f.length)));
  if (found.length) throw secretDetected(found, opts.what);
}

/**
 * For writers that replace a whole text (updates, core documents): refuses only secrets the previous
 * text did not already hold, so a document that was once stored with `--allow-secret` stays editable.
 */
export function assertNoNewSecrets(next: string, prev: string, opts: SecretGuardOptions & { field?: string; what?: string } = {}): string {
  if (opts.allowSecret) return next;
  const found = scanText(next, opts.field ?? 'content').filter((f) => !prev.includes(next.slice(f.offset, f.offset + f.length)));
  if (!found.length) return next;
  if (opts.redact) {
    let out = '';
    let pos = 0;
    for (const f of found) {
      out += next.slice(pos, f.offset) + `[REDACTED:${f.kind}]`;
      pos = f.offset + f.length;
    }
    return out + next.slice(pos);
  }
  throw secretDetected(found, opts.what);
}

/** What the de-duplication step needs from a store. */
export interface DedupeSource {
  git: BranchRepository;
  cacheDir: string;
  treeOf(commit: string | null): string | null;
  warn(message: string): void;
}

export interface ExistingHit {
  kind: 'duplicate' | 'upsert';
  memory: StoredMemory;
}

/**
 * The live memory a new write should land on instead of adding one: the one carrying `key` (an
 * upsert), else the one with the same normalised content and scope (a duplicate). Null: add a new one.
 */
export function findExisting(store: DedupeSource, tip: string | null, q: { hash: string | null; key: string | null }): ExistingHit | null {
  const tree = store.treeOf(tip);
  if (!tree || (!q.hash && !q.key)) return null;
  const idx = loadFingerprints(store.git, tree, store.cacheDir);
  const read = (path: string): StoredMemory | null => {
    const e = store.git.entryAt(tree, path);
    if (!e) return null;
    try {
      return memoryFromFile(path, store.git.readBlob(e.oid).toString('utf8'), (w) => store.warn(w));
    } catch {
      return null;
    }
  };
  const byKey = q.key ? idx.byKey(q.key) : undefined;
  if (byKey) {
    const m = read(byKey.path);
    if (m) return { kind: 'upsert', memory: m };
  }
  const byHash = q.hash ? idx.byHash(q.hash) : undefined;
  if (byHash) {
    const m = read(byHash.path);
    if (m) return { kind: 'duplicate', memory: m };
  }
  return null;
}
