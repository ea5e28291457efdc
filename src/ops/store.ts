import type { StoreBranch } from '../model/branch-view.js';
import { checkedTags, checkLabel, checkMetadata, checkText, checkTime } from '../model/bounds.js';
import { DuplicateError, InvalidInputError } from '../errors.js';
import { assertId, newId, pathFor } from '../model/id.js';
import { findLive, loadIdLookup } from './find.js';
import { isPriority, memoryToFile, parseTime, runnerMetadata, validateContent, type Priority, type StoredMemory } from '../model/memory.js';
import { COMMIT_EXCERPT, excerpt } from '../model/excerpt.js';
import { citationToFront, type CiteSpec } from '../citations/model.js';
import type { ResolvedCitations } from '../citations/create.js';

// The write-side lifecycle code (secret scan, auto-tags, de-duplication) loads on the first write, so
// `memory get` and the other reads never evaluate it.
const lifecycle = () => import('../guards/store-hooks.js');

export interface StoreInput {
  content: string;
  tags?: string[] | string;
  category?: string;
  priority?: Priority;
  scope?: string;
  metadata?: Record<string, unknown>;
  /** Creation time; default now. Used by imports and benchmarks that replay history. */
  timestamp?: string | Date;
  /** Keep this id instead of generating one (imports). */
  id?: string;
  /** Store even when the secret guard finds a credential in it (one write, on purpose). */
  allowSecret?: boolean;
  /** Store with every detected credential masked as `[REDACTED:kind]` instead of refusing. */
  redact?: boolean;
  /** Time to live ("30m", "12h", "7d", "2w", "1y" or seconds): front matter `expires`; `memory prune` removes it after. */
  ttl?: string | number;
  /** Absolute expiry time (front matter `expires`); `ttl` wins when both are given. */
  expires?: string | Date;
  /** Update the live memory stored with this key (same scope) instead of adding another. */
  upsertKey?: string;
  /** Derive tags from the content when none are given. Default: config `autoTag`. */
  autoTag?: boolean;
  /** Return an existing memory with the same content (after whitespace normalisation) instead of adding one. Default: config `dedupe`. */
  dedupe?: boolean;
  /**
   * Code this memory describes: `{ path, lines? }` or "PATH[:START[-END]]", paths relative to the
   * repository root, checked against `citeRef` (default the checkout's HEAD); docs/citations.md.
   */
  cite?: Array<CiteSpec | string>;
  /** The ref or commit the citations are made at (default HEAD). */
  citeRef?: string;
}

export interface StoreResult {
  success: true;
  id: string;
  timestamp: string;
  /** The commit that recorded it (with `duplicate`, the tip it was found at). */
  commit: string;
  /** Nothing was written: a memory with the same content already exists, and this is its id. */
  duplicate?: true;
  /** An upsert changed the memory carrying the key (a new version of it). */
  upserted?: true;
  /** Tags derived from the content (auto-tagging), when none were given. */
  autoTags?: string[];
  /** How many credentials were masked (`redact`). */
  redacted?: number;
  /** How many citations were recorded. */
  citations?: number;
  /** The commit the citations were made at. */
  citedAt?: string;
  /** The working tree differs from that commit in cited lines (the committed text was cited). */
  warnings?: string[];
}

/**
 * Stores a new memory as one commit: checks and guards the input, applies the config defaults,
 * auto-tags, de-duplicates and upserts (a new version of the memory with the same key).
 */
export async function storeMemory(b: StoreBranch, input: StoreInput, cited?: ResolvedCitations): Promise<StoreResult> {
  if (input.cite !== undefined && !cited) throw new InvalidInputError('citations are resolved by the door (openMemory): call store through it', { field: 'cite' });
  const { derivedTags, guardOptions, guardWrite, guardFile, expiryOf, findExisting, contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } = await lifecycle();
  const cfg = await b.loadConfig();
  const raw = validateContent(input.content, cfg.maxContentBytes);
  if (input.priority !== undefined && !isPriority(input.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: 'priority' });
  }
  const created = input.timestamp === undefined ? b.now() : typeof input.timestamp === 'string' ? new Date(parseTime(input.timestamp)) : new Date(input.timestamp);
  if (!Number.isFinite(created.getTime())) throw new InvalidInputError('invalid timestamp: not a date', { field: 'timestamp' });
  checkTime(created, 'timestamp');
  const id = input.id !== undefined ? assertId(input.id) : newId(created.getTime());
  const timestamp = created.toISOString();
  const givenTags = checkedTags(input.tags);
  checkMetadata(input.metadata);
  for (const f of ['category', 'scope'] as const) checkLabel(input[f], f);
  checkLabel(input.upsertKey, 'upsertKey');
  const upsertKey = input.upsertKey !== undefined ? String(input.upsertKey).trim() : undefined;
  if (input.upsertKey !== undefined && !upsertKey) throw new InvalidInputError('upsertKey must not be empty', { field: 'upsertKey' });
  if (upsertKey && upsertKey.length > 256) throw new InvalidInputError('upsertKey is over 256 characters', { field: 'upsertKey' });
  // The secret guard runs on everything before any object is written (tags as given, before
  // lowercasing; the upsert key too); auto-tags come from the masked text.
  const guard = guardOptions(cfg, input);
  if (guard.allowSecret) b.warn('the secret guard is lowered for this write (--allow-secret or secretGuard "off"): a credential in it is stored and pushed as it is');
  const guarded = guardWrite(
    { content: raw, tags: input.tags, category: input.category, scope: input.scope, metadata: input.metadata, extra: upsertKey ? { upsert_key: upsertKey } : undefined },
    { ...guard, autoTag: input.autoTag ?? cfg.autoTag },
  );
  const { content, tags } = guarded;
  const expires = expiryOf(input, b.now());
  const memory: StoredMemory = {
    id,
    content,
    tags,
    category: guarded.category?.trim() || cfg.defaultCategory,
    priority: input.priority ?? cfg.defaultPriority,
    timestamp,
    metadata: { source: b.defaults.source, version: 1, ...runnerMetadata(), ...(guarded.metadata ?? {}) },
    path: pathFor(id, timestamp),
    extra: {},
  };
  if (guarded.scope) memory.scope = guarded.scope;
  if (expires) memory.extra.expires = expires;
  if (upsertKey) memory.extra[UPSERT_KEY_FIELD] = String(guarded.extra?.upsert_key ?? upsertKey);
  if (cited?.citations.length) memory.extra.citations = cited.citations.map(citationToFront);
  const fileText = memoryToFile(memory);
  // The last gate: every byte of the file (the default category from config included).
  guardFile(fileText, null, { ...guard, what: 'the memory' });
  const file = Buffer.from(fileText, 'utf8');
  const tagNote = tags.length ? ` [tags: ${tags.join(', ')}]` : '';
  const hash = (input.dedupe ?? cfg.dedupe) ? contentHash(content, memory.scope) : null;
  const key = upsertKey ? keyOf(upsertKey, memory.scope) : null;
  type Outcome = { id: string; timestamp: string; duplicate?: true; upserted?: true; retagged?: true };
  const vectors = (await b.defaults.vectorsOnWrite?.([content])) ?? null;
  // A given id must not be taken: looked up in the index (the catalog parses every memory).
  const lookup = input.id !== undefined ? await loadIdLookup() : null;
  const res = await b.mutate<Outcome>((tip) => {
    if (input.id !== undefined && tip && findLive(b, id, tip, lookup)) throw new DuplicateError(id);
    const hit = findExisting(b, tip, { hash, key });
    if (hit?.kind === 'duplicate') return { change: null, result: { id: hit.memory.id, timestamp: hit.memory.timestamp, duplicate: true as const } };
    if (hit?.kind === 'upsert') {
      // Agents re-learning a fact: a new version of the memory with that key, not a second memory.
      const old = hit.memory;
      const next: StoredMemory = { ...old, content, metadata: { ...old.metadata, ...(guarded.metadata ?? {}) }, extra: { ...old.extra } };
      // Given tags replace the old ones. Without any: tags that were auto-derived from the old content
      // are derived again from the new content (`build-cache` with new content kept the stale
      // `ci-cache-2`); tags a writer chose (they differ from what the old content derives) stay.
      if (givenTags.length) next.tags = tags;
      const retagged = !givenTags.length && tags.length > 0 && JSON.stringify(old.tags) === JSON.stringify(derivedTags(old.content));
      if (retagged) next.tags = tags;
      if (input.category !== undefined) next.category = memory.category;
      if (input.priority !== undefined) next.priority = memory.priority;
      if (expires) next.extra.expires = expires;
      if (cited?.citations.length) next.extra.citations = memory.extra.citations;
      const same = normalizeContent(old.content) === normalizeContent(content) && JSON.stringify([next.tags, next.category, next.priority, next.extra, next.metadata]) === JSON.stringify([old.tags, old.category, old.priority, old.extra, old.metadata]);
      if (same) return { change: null, result: { id: old.id, timestamp: old.timestamp, duplicate: true as const } };
      const v = Number(old.metadata.version);
      next.metadata.version = (Number.isInteger(v) && v > 0 ? v : 1) + 1;
      next.updated = b.now().toISOString();
      const nextText = memoryToFile(next);
      guardFile(nextText, memoryToFile(old), { ...guard, what: 'the memory' });
      const changes = new Map<string, Buffer | null>([[old.path, Buffer.from(nextText, 'utf8')]]);
      vectors?.add(changes, old.id, old.timestamp, content);
      return {
        change: {
          changes,
          message: `memory: update ${old.id} (upsert key ${memory.extra[UPSERT_KEY_FIELD]}) to version ${next.metadata.version}\n\n${excerpt(content, COMMIT_EXCERPT)}\n\nMemory-Id: ${old.id}\n`,
        },
        result: { id: old.id, timestamp: old.timestamp, upserted: true as const, ...(retagged ? { retagged: true as const } : {}) },
      };
    }
    const changes = new Map<string, Buffer | null>([[memory.path, file]]);
    vectors?.add(changes, id, timestamp, content);
    return {
      change: { changes, message: `memory: store ${id}${tagNote}\n\n${excerpt(content, COMMIT_EXCERPT)}\n\nMemory-Id: ${id}\n` },
      result: { id, timestamp },
    };
  });
  const out: StoreResult = { success: true, id: res.id, timestamp: res.timestamp, commit: res.commit as string };
  if (res.duplicate) out.duplicate = true;
  if (res.upserted) out.upserted = true;
  if (!givenTags.length && tags.length && !out.duplicate && (!out.upserted || res.retagged)) out.autoTags = tags;
  if (guarded.redacted) out.redacted = guarded.redacted;
  if (cited?.citations.length) {
    out.citations = cited.citations.length;
    out.citedAt = cited.commit;
  }
  if (cited?.warnings.length) out.warnings = cited.warnings;
  return out;
}
