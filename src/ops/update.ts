import type { StoreBranch } from '../model/branch-view.js';
import { checkedTags, checkLabel, checkMetadata } from '../model/bounds.js';
import { isUtf8 } from 'node:buffer';
import { InvalidInputError, UnreadableMemoryError } from '../errors.js';
import { notUtf8 } from '../model/catalog.js';
import { missingError } from './get.js';
import { findLive, idLookupFor } from './find.js';
import { assertId } from '../model/id.js';
import { isPriority, memoryToFile, validateContent, MAX_CONTENT_BYTES, type Priority, type StoredMemory } from '../model/memory.js';
import { COMMIT_EXCERPT, excerpt } from '../model/excerpt.js';
import { citationToFront, type CiteSpec } from '../citations/model.js';
import type { ResolvedCitations } from '../citations/create.js';

const lifecycle = () => import('../guards/store-hooks.js');

/** Fields of {@link updateMemory}; each one given replaces the stored value. */
export interface UpdateInput {
  content?: string;
  /** Replaces the tag list. */
  tags?: string[] | string;
  category?: string;
  priority?: Priority;
  /** Empty string removes the scope. */
  scope?: string;
  /** Merged into the existing metadata. */
  metadata?: Record<string, unknown>;
  /** Write even if the secret guard finds a new credential (this write only). */
  allowSecret?: boolean;
  /** Write with new credentials masked as `[REDACTED:kind]`. */
  redact?: boolean;
  /** Replaces the memory's citations (docs/citations.md); with `uncite`, refused. */
  cite?: Array<CiteSpec | string>;
  /** The ref or commit `cite` is made at (default HEAD). */
  citeRef?: string;
  /** Removes every citation. */
  uncite?: boolean;
}

export interface UpdateResult {
  success: true;
  id: string;
  /** metadata.version after the update. */
  version: number;
  /** The `updated` time of this version. */
  updated: string;
  /** Fields whose value changed; empty when the update changed nothing (and no commit was made). */
  changed: string[];
  commit: string;
  /** The working tree differs from the cited commit in cited lines (the committed text was cited). */
  warnings?: string[];
}

/**
 * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
 * set and `metadata.version` goes up by one. Same path, so `git log` of the file is its history.
 * Nothing changes (no commit) when every given field already has that value.
 */
export async function updateMemory(b: StoreBranch, id: string, patch: UpdateInput, cited?: ResolvedCitations): Promise<UpdateResult> {
  const { guardOptions, assertNoNewSecrets, guardFields, guardFile } = await lifecycle();
  assertId(id);
  if (patch.cite !== undefined && patch.uncite) throw new InvalidInputError('give cite (replace the citations) or uncite (remove them), not both', { field: 'uncite' });
  if (patch.cite !== undefined && !cited) throw new InvalidInputError('citations are resolved by the door (openMemory): call update through it', { field: 'cite' });
  const fields = (['content', 'tags', 'category', 'priority', 'scope', 'metadata'] as const).filter((k) => patch[k] !== undefined);
  const citing = cited !== undefined || patch.uncite === true;
  if (!fields.length && !citing) throw new InvalidInputError('nothing to update: give content, tags, category, priority, scope, metadata, cite or uncite', { field: 'patch' });
  const content = patch.content !== undefined ? validateContent(patch.content, b.defaults.maxContentBytes ?? MAX_CONTENT_BYTES) : undefined;
  if (patch.priority !== undefined && !isPriority(patch.priority)) {
    throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: 'priority' });
  }
  if (patch.metadata !== undefined && (typeof patch.metadata !== 'object' || patch.metadata === null || Array.isArray(patch.metadata))) {
    throw new InvalidInputError('metadata must be an object of keys to values', { field: 'metadata' });
  }
  const patchTags = patch.tags !== undefined ? checkedTags(patch.tags) : undefined;
  checkMetadata(patch.metadata);
  for (const f of ['category', 'scope'] as const) checkLabel(patch[f], f);
  let attempt = 0;
  const vectors = content !== undefined ? ((await b.defaults.vectorsOnWrite?.([content])) ?? null) : null;
  const lookup = await idLookupFor(b, id);
  const res = await b.mutate((tip) => {
    const hit = findLive(b, id, tip, lookup);
    if (!hit) throw missingError(b, id, tip, lookup);
    // Rewriting a file that is not UTF-8 would replace its bad bytes with U+FFFD for good: refused.
    if (!isUtf8(b.git.readBlob(hit.oid))) throw new UnreadableMemoryError(id, hit.path, notUtf8(hit.path));
    const old = hit.memory;
    const next: StoredMemory = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
    if (content !== undefined) next.content = content;
    if (patchTags !== undefined) next.tags = patchTags;
    if (patch.category !== undefined) next.category = patch.category.trim() || b.defaults.defaultCategory || 'general';
    if (patch.priority !== undefined) next.priority = patch.priority;
    if (patch.scope !== undefined) {
      if (patch.scope) next.scope = patch.scope;
      else delete next.scope;
    }
    if (patch.metadata !== undefined) Object.assign(next.metadata, patch.metadata);
    // Secret guard: refuse credentials b version adds (ones already stored stay editable).
    const guard = guardOptions(b.config(), patch);
    if (guard.allowSecret && !attempt++) b.warn(`the secret guard is lowered for the update of ${id} (--allow-secret or secretGuard "off"): a credential in it is stored as it is`);
    next.content = assertNoNewSecrets(next.content, old.content, { ...guard, what: `the update of ${id}` });
    // Tags are scanned as given (before lowercasing), then normalised again.
    const rawTags = patch.tags === undefined ? [] : Array.isArray(patch.tags) ? patch.tags.map(String) : String(patch.tags).split(',');
    const guardedFields = guardFields({ tags: rawTags, category: patch.category !== undefined ? next.category : '', scope: patch.scope ? next.scope : '', metadata: patch.metadata ?? {} }, { ...guard, what: `the update of ${id}` });
    if (patch.tags !== undefined) next.tags = checkedTags(guardedFields.tags);
    if (patch.category !== undefined) next.category = guardedFields.category as string;
    if (patch.scope) next.scope = guardedFields.scope as string;
    if (patch.metadata !== undefined) Object.assign(next.metadata, guardedFields.metadata);
    if (citing) {
      if (cited?.citations.length) next.extra.citations = cited.citations.map(citationToFront);
      else delete next.extra.citations;
    }
    const changed: string[] = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
    if (citing && JSON.stringify(next.extra.citations ?? null) !== JSON.stringify(old.extra.citations ?? null)) changed.push('citations');
    const oldVersion = Number(old.metadata.version);
    const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
    if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] as string[] } };
    next.updated = b.now().toISOString();
    next.metadata.version = version + 1;
    const nextText = memoryToFile(next);
    guardFile(nextText, memoryToFile(old), { ...guard, what: `the update of ${id}` });
    const changes = new Map<string, Buffer | null>([[hit.path, Buffer.from(nextText, 'utf8')]]);
    if (changed.includes('content')) vectors?.add(changes, id, old.timestamp, next.content);
    return {
      change: {
        changes,
        message: `memory: update ${id} (${changed.join(', ')}) to version ${version + 1}\n\n${excerpt(next.content, COMMIT_EXCERPT)}\n\nMemory-Id: ${id}\n`,
      },
      result: { version: version + 1, updated: next.updated, changed: changed as string[] },
    };
  });
  const out: UpdateResult = { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit as string };
  if (cited?.warnings.length) out.warnings = cited.warnings;
  return out;
}
