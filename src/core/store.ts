import { GitRepository } from '../git/repository.js';
import type { Identity } from '../git/tree.js';
import { branchConfigOid, loadStoreConfig, readStoreConfig, type DeepPartial, type MemoryConfig, type ResolvedConfig } from './config.js';
// The write-side lifecycle code (secret scan, auto-tags, de-duplication) loads on the first write, so
// `memory get` and the other reads never evaluate it.
const lifecycle = () => import('../lifecycle/store-hooks.js');
import { ARCHIVE_DIR, cacheDir, loadCatalog, MEMORIES_DIR, unreadableFile, type Catalog, type CatalogEntry } from './catalog.js';
import { validateBranchName } from '../git/refs.js';
import type { Change } from './branch-view.js';
import { checkedTags, checkMetadata, checkText, checkTime } from './bounds.js';
import { safeText } from './error-format.js';
import { ConfirmationRequiredError, DuplicateError, InvalidInputError, MemoryError, NotFoundError, RefMovedError } from './errors.js';
import { assertId, newId, pathFor } from './id.js';
import { trashFile, trashPathFor } from './trash.js';
import type { SearchQuery, SearchResponse } from './search-types.js';
import type { IndexOptions as SearchIndexOptions, RebuildResult as RebuildIndexResult } from '../search/index.js';
import type { ModeSearchOptions } from '../search/hybrid.js';
import type { StoreVectors } from '../vector/write.js';
import { isPriority, memoryFromFile, memoryToFile, normalizeTags, publicMemory, runnerMetadata, validateContent, MAX_CONTENT_BYTES, type Memory, type Priority, type StoredMemory } from './memory.js';

export const DEFAULT_BRANCH = 'memory';

/** Options for {@link MemoryStore}. */
export interface StoreOptions {
  /** Repository directory (any directory inside it). Default: the current directory. */
  repo?: string;
  /** Branch holding the memories. Default: env MEMORY_BRANCH, else "memory". */
  branch?: string;
  /** Recorded as metadata.source on new memories. Default "library". */
  source?: string;
  /** Clock, injectable for tests. Default: `() => new Date()`. */
  now?: () => Date;
  /** Where warnings about unreadable files go. Default: stderr. */
  warn?: (message: string) => void;
  /** Largest content accepted, in bytes. Default 65536. */
  maxContentBytes?: number;
  /** Category for memories stored without one. Default "general". */
  defaultCategory?: string;
  /** Priority for memories stored without one. Default "medium". */
  defaultPriority?: Priority;
  /** Config overrides with the highest precedence (the "flags" layer), e.g. `{ autoTag: false }`. */
  config?: DeepPartial<MemoryConfig>;
  /**
   * Write-time vectors: given the texts about to be written, their vector files, committed together
   * with the memory (src/vector/write.ts). `openMemory` sets it (long-lived writers embed); the CLI
   * leaves it unset, so `memory store` never loads a model. Null: store without vectors.
   */
  vectorsOnWrite?: (texts: string[]) => Promise<StoreVectors | null>;
}

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
}

export interface ListFilter {
  tags?: string[] | string;
  category?: string;
  scope?: string;
  priority?: Priority;
  /** Include memories archived by `memory prune` (marked `archived: true`). Default false. */
  archived?: boolean;
  /** Page size. Default 50. */
  limit?: number;
}

/** Fields of {@link MemoryStore.update}; each one given replaces the stored value. */
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
}

/** The README.md written at the root of a new memory branch. */
export const BRANCH_README = `# git-memory

This branch holds long-term memories written by [git-memory](https://www.npmjs.com/package/git-memory):
notes that AI agents and CI jobs stored so that later jobs can find them.

- Every \`*.md\` file under \`memories/\` is one memory: YAML front matter (id, tags, category,
  priority, timestamp, metadata), then the memory's text.
- Layout: \`memories/YYYY-MM/<bucket>/<id>.md\`. You may add a file by hand anywhere under \`memories/\`.
- \`git log\` on this branch is the history of what was remembered and forgotten.

Read and search it with \`memory list\`, \`memory search QUERY\` or \`git memory ...\` in a clone.
`;

const BOT: Identity = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };
const DEFAULT_IDENTITY: Identity = { name: 'git-memory', email: 'git-memory@localhost' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function excerpt(content: string, max = 160): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}

function byNewest(a: Memory, b: Memory): number {
  return a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function toLimit(v: unknown, dflt: number, name: string): number {
  if (v === undefined || v === null) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new InvalidInputError(`${name} must be a positive integer, got ${JSON.stringify(v)}`, { field: name });
  return n;
}

export type { Change } from './branch-view.js';

/**
 * The memory operations over one branch of one repository. Every write is one commit built in the
 * object database and published by compare-and-swap on the branch ref; on a lost race the change is
 * recomputed on the new tip and retried, so concurrent writers never lose each other's memories.
 */
export class MemoryStore {
  readonly git: GitRepository;
  readonly branch: string;
  readonly ref: string;
  readonly cacheDir: string;
  private readonly opts: StoreOptions;
  private catalogMemo: Catalog | null = null;
  private archiveMemo: Catalog | null = null;
  private configMemo: (ResolvedConfig & { validated?: boolean; branchOid?: string | null }) | null = null;
  private readonly configWarned = new Set<string>();

  constructor(opts: StoreOptions = {}) {
    this.opts = opts;
    this.git = GitRepository.open(opts.repo);
    this.branch = validateBranchName(opts.branch || process.env.MEMORY_BRANCH || DEFAULT_BRANCH);
    this.ref = `refs/heads/${this.branch}`;
    this.cacheDir = cacheDir(this.git.location.commonDir, this.branch);
  }

  /**
   * The effective configuration: defaults < branch `.memory/config.json` < repo `.git-memory.json` <
   * `MEMORY_*` env < `opts.config`. Cached for this store instance; `loadConfig()` validates with the
   * full zod schema (kept off the start-up path), this sync form with a structural check.
   */
  config(): MemoryConfig {
    return this.resolvedConfig().config;
  }

  /** The configuration with where each value came from and the problems found in each layer. */
  resolvedConfig(): ResolvedConfig {
    // Re-read when the branch file changed (another job's `config set`, a fetch): a long-lived server sees it.
    const branchOid = branchConfigOid(this);
    if (!this.configMemo || this.configMemo.branchOid !== branchOid) this.configMemo = { ...this.reportConfigIssues(readStoreConfig(this, this.configFlags())), branchOid };
    return this.configMemo;
  }

  async loadConfig(): Promise<MemoryConfig> {
    const branchOid = branchConfigOid(this);
    if (!this.configMemo?.validated || this.configMemo.branchOid !== branchOid) {
      const r = await loadStoreConfig(this, this.configFlags());
      this.configMemo = { ...this.reportConfigIssues(r), validated: true, branchOid };
    }
    return this.configMemo.config;
  }

  /** Forgets the cached configuration (after `memory config set`). */
  invalidateConfig(): void {
    this.configMemo = null;
  }

  private configFlags(): Record<string, unknown> {
    const flags: Record<string, unknown> = { ...(this.opts.config ?? {}) };
    if (this.opts.maxContentBytes !== undefined) flags.maxContentBytes = this.opts.maxContentBytes;
    if (this.opts.defaultCategory !== undefined) flags.defaultCategory = this.opts.defaultCategory;
    if (this.opts.defaultPriority !== undefined) flags.defaultPriority = this.opts.defaultPriority;
    return flags;
  }

  private reportConfigIssues(r: ResolvedConfig & { validated?: boolean }): ResolvedConfig & { validated?: boolean } {
    for (const i of r.issues) {
      if (this.configWarned.has(i.message)) continue;
      this.configWarned.add(i.message);
      this.warn(i.message);
    }
    return r;
  }

  now(): Date {
    return this.opts.now ? this.opts.now() : new Date();
  }

  warn(message: string): void {
    // Warnings quote branch files and config values: masked and bounded like errors.
    (this.opts.warn ?? ((m: string) => process.stderr.write(`git-memory: warning: ${m}\n`)))(safeText(message));
  }

  /** The branch tip, or null before the first write. */
  tip(): string | null {
    return this.git.resolve(this.ref);
  }

  treeOf(commit: string | null): string | null {
    return commit ? this.git.readCommit(commit).tree : null;
  }

  /** Every memory at the current tip (or at `commit`). */
  catalog(commit: string | null = this.tip()): Catalog {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.catalogMemo, warn: (m) => this.warn(m) });
    this.catalogMemo = cat;
    return cat;
  }

  /** Every memory archived by `memory prune` (under `archive/`), at the tip or at `commit`. */
  archiveCatalog(commit: string | null = this.tip()): Catalog {
    const tree = this.treeOf(commit);
    const cat = loadCatalog(this.git, tree, { dir: this.cacheDir, previous: this.archiveMemo, warn: (m) => this.warn(m), prefix: ARCHIVE_DIR });
    this.archiveMemo = cat;
    return cat;
  }

  identity(): Identity {
    return this.git.identity(process.env.GITHUB_ACTIONS === 'true' ? BOT : DEFAULT_IDENTITY);
  }

  /**
   * Computes a change on the current tip and commits it; recomputes and retries when another writer
   * moved the branch first. `compute` returning null means nothing to write.
   */
  async mutate<T>(compute: (tip: string | null) => { change: Change | null; result: T }): Promise<T & { commit: string | null }> {
    for (let attempt = 0; ; attempt++) {
      const tip = this.tip();
      const { change, result } = compute(tip);
      if (!change) return { ...result, commit: tip };
      if (!tip) change.changes.set('README.md', Buffer.from(BRANCH_README));
      try {
        const commit = await this.git.commit({ ref: this.ref, expect: tip, changes: change.changes, message: change.message, author: this.identity(), when: this.now() });
        return { ...result, commit };
      } catch (err) {
        if (!(err instanceof RefMovedError) || attempt >= 100) throw err;
        await sleep(Math.random() * Math.min(50, 2 ** attempt));
      }
    }
  }

  /** Reads one memory by id at `commit` (default tip), from its canonical path or the catalog. */
  find(id: string, commit: string | null = this.tip()): CatalogEntry | null {
    const hit = this.findAtPath(id, commit);
    if (hit !== undefined) return hit;
    return this.catalog(commit).byId.get(id) ?? null;
  }

  /** The fast path of {@link find}: the memory at the path its id gives; undefined when not there. */
  private findAtPath(id: string, commit: string | null): CatalogEntry | null | undefined {
    assertId(id);
    const tree = this.treeOf(commit);
    if (!tree) return null;
    // Fast path: native ids encode their path, so a get reads four small trees and one blob.
    const guess = pathFor(id, '');
    const entry = this.git.entryAt(tree, guess);
    if (entry && /^10[0-7]{4}$/.test(entry.mode)) {
      const text = this.git.readBlob(entry.oid).toString('utf8'); // a read failure is an error, not "not found"
      try {
        const m = memoryFromFile(guess, text, (w) => this.warn(w));
        if (m.id === id) return { path: guess, oid: entry.oid, memory: m };
      } catch (err) {
        this.warn(unreadableFile(guess, (err as Error).message));
      }
    }
    return undefined;
  }

  /** A live memory at the tip whose path does not follow from its id (a hand-written file), via the index. */
  private async findInIndex(id: string): Promise<CatalogEntry | null> {
    const { locateInIndex } = await import('../search/listing.js');
    const at = locateInIndex(this, id);
    if (!at) return null;
    try {
      const memory = memoryFromFile(at.path, this.git.readBlob(at.oid).toString('utf8'), (w) => this.warn(w));
      return memory.id === id ? { path: at.path, oid: at.oid, memory } : null;
    } catch {
      return null;
    }
  }

  async store(input: StoreInput): Promise<StoreResult> {
    const { guardOptions, guardWrite, guardFile, expiryOf, findExisting, contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } = await lifecycle();
    const cfg = await this.loadConfig();
    const raw = validateContent(input.content, cfg.maxContentBytes);
    if (input.priority !== undefined && !isPriority(input.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(input.priority)}`, { field: 'priority' });
    }
    const created = input.timestamp !== undefined ? new Date(input.timestamp) : this.now();
    if (!Number.isFinite(created.getTime())) throw new InvalidInputError('invalid timestamp: not a date', { field: 'timestamp' });
    checkTime(created, 'timestamp');
    const id = input.id !== undefined ? assertId(input.id) : newId(created.getTime());
    const timestamp = created.toISOString();
    const givenTags = checkedTags(input.tags);
    checkMetadata(input.metadata);
    for (const f of ['category', 'scope', 'upsertKey'] as const) checkText(input[f], f);
    const upsertKey = input.upsertKey !== undefined ? String(input.upsertKey).trim() : undefined;
    if (input.upsertKey !== undefined && !upsertKey) throw new InvalidInputError('upsertKey must not be empty', { field: 'upsertKey' });
    if (upsertKey && upsertKey.length > 256) throw new InvalidInputError('upsertKey is over 256 characters', { field: 'upsertKey' });
    // The secret guard runs on everything before any object is written (tags as given, before
    // lowercasing; the upsert key too); auto-tags come from the masked text.
    const guard = guardOptions(cfg, input);
    if (guard.allowSecret) this.warn('the secret guard is lowered for this write (--allow-secret or secretGuard "off"): a credential in it is stored and pushed as it is');
    const guarded = guardWrite(
      { content: raw, tags: input.tags, category: input.category, scope: input.scope, metadata: input.metadata, extra: upsertKey ? { upsert_key: upsertKey } : undefined },
      { ...guard, autoTag: input.autoTag ?? cfg.autoTag },
    );
    const { content, tags } = guarded;
    const expires = expiryOf(input, this.now());
    const memory: StoredMemory = {
      id,
      content,
      tags,
      category: guarded.category?.trim() || cfg.defaultCategory,
      priority: input.priority ?? cfg.defaultPriority,
      timestamp,
      metadata: { source: this.opts.source ?? 'library', version: 1, ...runnerMetadata(), ...(guarded.metadata ?? {}) },
      path: pathFor(id, timestamp),
      extra: {},
    };
    if (guarded.scope) memory.scope = guarded.scope;
    if (expires) memory.extra.expires = expires;
    if (upsertKey) memory.extra[UPSERT_KEY_FIELD] = String(guarded.extra?.upsert_key ?? upsertKey);
    const fileText = memoryToFile(memory);
    // The last gate: every byte of the file (the default category from config included).
    guardFile(fileText, null, { ...guard, what: 'the memory' });
    const file = Buffer.from(fileText, 'utf8');
    const tagNote = tags.length ? ` [tags: ${tags.join(', ')}]` : '';
    const hash = (input.dedupe ?? cfg.dedupe) ? contentHash(content, memory.scope) : null;
    const key = upsertKey ? keyOf(upsertKey, memory.scope) : null;
    type Outcome = { id: string; timestamp: string; duplicate?: true; upserted?: true };
    const vectors = (await this.opts.vectorsOnWrite?.([content])) ?? null;
    const res = await this.mutate<Outcome>((tip) => {
      if (input.id !== undefined && tip && this.find(id, tip)) throw new DuplicateError(id);
      const hit = findExisting(this, tip, { hash, key });
      if (hit?.kind === 'duplicate') return { change: null, result: { id: hit.memory.id, timestamp: hit.memory.timestamp, duplicate: true as const } };
      if (hit?.kind === 'upsert') {
        // Agents re-learning a fact: a new version of the memory with that key, not a second memory.
        const old = hit.memory;
        const next: StoredMemory = { ...old, content, metadata: { ...old.metadata, ...(guarded.metadata ?? {}) }, extra: { ...old.extra } };
        if (givenTags.length) next.tags = tags;
        if (input.category !== undefined) next.category = memory.category;
        if (input.priority !== undefined) next.priority = memory.priority;
        if (expires) next.extra.expires = expires;
        const same = normalizeContent(old.content) === normalizeContent(content) && JSON.stringify([next.tags, next.category, next.priority, next.extra, next.metadata]) === JSON.stringify([old.tags, old.category, old.priority, old.extra, old.metadata]);
        if (same) return { change: null, result: { id: old.id, timestamp: old.timestamp, duplicate: true as const } };
        const v = Number(old.metadata.version);
        next.metadata.version = (Number.isInteger(v) && v > 0 ? v : 1) + 1;
        next.updated = this.now().toISOString();
        const nextText = memoryToFile(next);
        guardFile(nextText, memoryToFile(old), { ...guard, what: 'the memory' });
        const changes = new Map<string, Buffer | null>([[old.path, Buffer.from(nextText, 'utf8')]]);
        vectors?.add(changes, old.id, old.timestamp, content);
        return {
          change: {
            changes,
            message: `memory: update ${old.id} (upsert key ${memory.extra[UPSERT_KEY_FIELD]}) to version ${next.metadata.version}\n\n${excerpt(content)}\n\nMemory-Id: ${old.id}\n`,
          },
          result: { id: old.id, timestamp: old.timestamp, upserted: true as const },
        };
      }
      const changes = new Map<string, Buffer | null>([[memory.path, file]]);
      vectors?.add(changes, id, timestamp, content);
      return {
        change: { changes, message: `memory: store ${id}${tagNote}\n\n${excerpt(content)}\n\nMemory-Id: ${id}\n` },
        result: { id, timestamp },
      };
    });
    const out: StoreResult = { success: true, id: res.id, timestamp: res.timestamp, commit: res.commit as string };
    if (res.duplicate) out.duplicate = true;
    if (res.upserted) out.upserted = true;
    if (!givenTags.length && tags.length && !out.duplicate && !out.upserted) out.autoTags = tags;
    if (guarded.redacted) out.redacted = guarded.redacted;
    return out;
  }

  async get(id: string): Promise<{ success: true; memory: Memory }> {
    const tip = this.tip();
    // Native ids give their path (a direct read); other files are looked up in the derived index.
    const hit = this.findAtPath(id, tip) ?? (tip ? await this.findInIndex(id) : null);
    if (hit) return { success: true, memory: publicMemory(hit.memory) };
    // An archived memory is still on the branch: readable by id, marked as archived.
    const archived = this.archiveCatalog().byId.get(id);
    if (archived) return { success: true, memory: { ...publicMemory(archived.memory), archived: true } };
    throw new NotFoundError(id);
  }

  /** All memories matching a filter, newest first (no paging), from the full catalog; `list` is the scalable form. */
  filter(f: Omit<ListFilter, 'limit'> = {}): Memory[] {
    const tags = normalizeTags(f.tags);
    const out: Memory[] = [];
    const live = this.catalog().byId;
    const sources: Array<[Iterable<CatalogEntry>, boolean]> = [[live.values(), false]];
    if (f.archived) sources.push([this.archiveCatalog().byId.values(), true]);
    for (const [entries, archived] of sources) {
      for (const e of entries) {
        const m = e.memory;
        if (archived && live.has(m.id)) continue;
        if (f.category !== undefined && m.category !== f.category) continue;
        if (f.scope !== undefined && m.scope !== f.scope) continue;
        if (f.priority !== undefined && m.priority !== f.priority) continue;
        if (tags.length && !tags.every((t) => m.tags.includes(t))) continue;
        out.push(archived ? { ...publicMemory(m), archived: true } : publicMemory(m));
      }
    }
    return out.sort(byNewest);
  }

  // list, recent and tagged read the derived index (src/search/listing.ts): typed arrays filtered and
  // sorted, and only the returned page read from git.
  async recent(count?: number): Promise<{ success: true; memories: Memory[] }> {
    const n = toLimit(count, 10, 'count');
    const { listMemories } = await import('../search/listing.js');
    return { success: true, memories: listMemories(this, {}, n).memories };
  }

  async tagged(tags: string[] | string): Promise<{ success: true; memories: Memory[] }> {
    const t = normalizeTags(tags);
    if (!t.length) throw new InvalidInputError('give at least one tag, e.g. "memory tagged api,limits"', { field: 'tags' });
    const { listMemories } = await import('../search/listing.js');
    return { success: true, memories: listMemories(this, { tags: t }, null).memories };
  }

  async list(f: ListFilter = {}): Promise<{ success: true; memories: Memory[]; total: number }> {
    const limit = toLimit(f.limit, 50, 'limit');
    const { listMemories } = await import('../search/listing.js');
    const r = listMemories(this, f, limit);
    return { success: true, memories: r.memories, total: r.total };
  }

  /**
   * Writes a new version of a memory: the given fields replace the old ones (tags too), `updated` is
   * set and `metadata.version` goes up by one. Same path, so `git log` of the file is its history.
   * Nothing changes (no commit) when every given field already has that value.
   */
  async update(id: string, patch: UpdateInput): Promise<UpdateResult> {
    const { guardOptions, assertNoNewSecrets, guardFields, guardFile } = await lifecycle();
    assertId(id);
    const fields = (['content', 'tags', 'category', 'priority', 'scope', 'metadata'] as const).filter((k) => patch[k] !== undefined);
    if (!fields.length) throw new InvalidInputError('nothing to update: give content, tags, category, priority, scope or metadata', { field: 'patch' });
    const content = patch.content !== undefined ? validateContent(patch.content, this.opts.maxContentBytes ?? MAX_CONTENT_BYTES) : undefined;
    if (patch.priority !== undefined && !isPriority(patch.priority)) {
      throw new InvalidInputError(`priority must be low, medium or high, got ${JSON.stringify(patch.priority)}`, { field: 'priority' });
    }
    if (patch.metadata !== undefined && (typeof patch.metadata !== 'object' || patch.metadata === null || Array.isArray(patch.metadata))) {
      throw new InvalidInputError('metadata must be an object of keys to values', { field: 'metadata' });
    }
    const patchTags = patch.tags !== undefined ? checkedTags(patch.tags) : undefined;
    checkMetadata(patch.metadata);
    for (const f of ['category', 'scope'] as const) checkText(patch[f], f);
    let attempt = 0;
    const vectors = content !== undefined ? ((await this.opts.vectorsOnWrite?.([content])) ?? null) : null;
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit) throw new NotFoundError(id);
      const old = hit.memory;
      const next: StoredMemory = { ...old, tags: [...old.tags], metadata: { ...old.metadata }, extra: { ...old.extra } };
      if (content !== undefined) next.content = content;
      if (patchTags !== undefined) next.tags = patchTags;
      if (patch.category !== undefined) next.category = patch.category.trim() || this.opts.defaultCategory || 'general';
      if (patch.priority !== undefined) next.priority = patch.priority;
      if (patch.scope !== undefined) {
        if (patch.scope) next.scope = patch.scope;
        else delete next.scope;
      }
      if (patch.metadata !== undefined) Object.assign(next.metadata, patch.metadata);
      // Secret guard: refuse credentials this version adds (ones already stored stay editable).
      const guard = guardOptions(this.config(), patch);
      if (guard.allowSecret && !attempt++) this.warn(`the secret guard is lowered for the update of ${id} (--allow-secret or secretGuard "off"): a credential in it is stored as it is`);
      next.content = assertNoNewSecrets(next.content, old.content, { ...guard, what: `the update of ${id}` });
      // Tags are scanned as given (before lowercasing), then normalised again.
      const rawTags = patch.tags === undefined ? [] : Array.isArray(patch.tags) ? patch.tags.map(String) : String(patch.tags).split(',');
      const guardedFields = guardFields({ tags: rawTags, category: patch.category !== undefined ? next.category : '', scope: patch.scope ? next.scope : '', metadata: patch.metadata ?? {} }, { ...guard, what: `the update of ${id}` });
      if (patch.tags !== undefined) next.tags = checkedTags(guardedFields.tags);
      if (patch.category !== undefined) next.category = guardedFields.category as string;
      if (patch.scope) next.scope = guardedFields.scope as string;
      if (patch.metadata !== undefined) Object.assign(next.metadata, guardedFields.metadata);
      const changed = fields.filter((k) => JSON.stringify(next[k] ?? null) !== JSON.stringify(old[k] ?? null));
      const oldVersion = Number(old.metadata.version);
      const version = Number.isInteger(oldVersion) && oldVersion > 0 ? oldVersion : 1;
      if (!changed.length) return { change: null, result: { version, updated: old.updated ?? old.timestamp, changed: [] as string[] } };
      next.updated = this.now().toISOString();
      next.metadata.version = version + 1;
      const nextText = memoryToFile(next);
      guardFile(nextText, memoryToFile(old), { ...guard, what: `the update of ${id}` });
      const changes = new Map<string, Buffer | null>([[hit.path, Buffer.from(nextText, 'utf8')]]);
      if (changed.includes('content')) vectors?.add(changes, id, old.timestamp, next.content);
      return {
        change: {
          changes,
          message: `memory: update ${id} (${changed.join(', ')}) to version ${version + 1}\n\n${excerpt(next.content)}\n\nMemory-Id: ${id}\n`,
        },
        result: { version: version + 1, updated: next.updated, changed: changed as string[] },
      };
    });
    return { success: true, id, version: res.version, updated: res.updated, changed: res.changed, commit: res.commit as string };
  }

  /**
   * Files other than `path` that hold memory `id` at `tip`. From the search index when it describes
   * `tip` (a path and a blob id per file, no parsing: a delete at 100,000 memories read the whole
   * catalog, 32x a node start and 517 MB); every candidate is read to confirm its id.
   */
  private otherCopies(id: string, path: string, tip: string, filesOfIdInIndex: typeof import('../search/listing.js').filesOfIdInIndex): CatalogEntry[] {
    const files = tip === this.tip() ? filesOfIdInIndex(this, id) : null;
    if (files) {
      const out: CatalogEntry[] = [];
      for (const at of files) {
        if (at.path === path) continue;
        try {
          const memory = memoryFromFile(at.path, this.git.readBlob(at.oid).toString('utf8'), (w) => this.warn(w));
          if (memory.id === id) out.push({ path: at.path, oid: at.oid, memory });
        } catch {
          /* unreadable: not a copy we can move to the trash */
        }
      }
      return out;
    }
    return this.catalog(tip).entries.filter((e) => e.memory.id === id && e.path !== path);
  }

  async delete(id: string): Promise<{ success: true; deleted: string; commit: string; files?: number }> {
    assertId(id);
    const { filesOfIdInIndex } = await import('../search/listing.js');
    const res = await this.mutate((tip) => {
      const hit = tip ? this.find(id, tip) : null;
      if (!hit || !tip) throw new NotFoundError(id);
      // Two files claiming one id (a hand copy, a merge): every copy goes, so the memory is really gone.
      const copies = [hit, ...this.otherCopies(id, hit.path, tip, filesOfIdInIndex)];
      const when = this.now();
      return {
        // A delete is a move to trash/ (a rename in git), so it can be restored and history follows it.
        change: {
          changes: new Map<string, Buffer | null>(copies.flatMap((c) => [[c.path, null], [trashPathFor(c.path), trashFile(c.memory, when)]] as Array<[string, Buffer | null]>)),
          message: `memory: delete ${id} (moved to the trash${copies.length > 1 ? `, ${copies.length} files` : ''})\n\n${excerpt(hit.memory.content)}\n\nMemory-Id: ${id}\n`,
        },
        result: { files: copies.length },
      };
    });
    const out: { success: true; deleted: string; commit: string; files?: number } = { success: true, deleted: id, commit: res.commit as string };
    if (res.files > 1) out.files = res.files;
    return out;
  }

  async deleteByTag(tag: string): Promise<{ success: true; deleted: string[]; commit: string | null }> {
    const [t] = normalizeTags(tag);
    if (!t) throw new InvalidInputError('give a tag to delete by', { field: 'tag' });
    const res = await this.mutate((tip) => {
      const hits = [...this.catalog(tip).byId.values()].filter((e) => e.memory.tags.includes(t));
      if (!hits.length) return { change: null, result: { deleted: [] as string[] } };
      const ids = hits.map((h) => h.memory.id);
      return {
        change: {
          changes: new Map<string, Buffer | null>(hits.flatMap((h) => [[h.path, null], [trashPathFor(h.path), trashFile(h.memory, this.now())]])),
          message: `memory: delete ${ids.length} memor${ids.length === 1 ? 'y' : 'ies'} [tag: ${t}] (moved to the trash)\n\n${ids.map((i) => `Memory-Id: ${i}`).join('\n')}\n`,
        },
        result: { deleted: ids },
      };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }

  async clear(opts: { confirm?: boolean } = {}): Promise<{ success: true; deleted: number; commit: string | null }> {
    if (!opts.confirm) throw new ConfirmationRequiredError('clearing every memory');
    const res = await this.mutate((tip) => {
      const cat = this.catalog(tip);
      const n = cat.byId.size;
      if (!cat.entries.length && !cat.skipped.length) return { change: null, result: { deleted: 0 } };
      // Every memory file moves to the trash in one commit; .md files that do not parse move as they
      // are. Anything else under memories/ (notes, symlinks, submodules) is not a memory: left alone.
      const changes = new Map<string, Buffer | null>();
      const when = this.now();
      for (const e of cat.entries) changes.set(e.path, null).set(trashPathFor(e.path), trashFile(e.memory, when));
      for (const f of cat.skipped) changes.set(f.path, null).set(trashPathFor(f.path), this.git.readBlob(f.oid));
      return { change: { changes, message: `memory: clear ${n} memories (moved to the trash)\n` }, result: { deleted: n } };
    });
    return { success: true, deleted: res.deleted, commit: res.commit };
  }

  /**
   * `memory_search`: ranked full-text search with filters (docs/search.md). The index is derived
   * from the branch and loaded on first use; lunr only loads when a search runs.
   */
  async search(q: SearchQuery = {}, opts?: ModeSearchOptions): Promise<SearchResponse> {
    // Mode-aware (hybrid / vector / fulltext, fallback, relaxation: docs/hybrid.md); full-text
    // ranking itself stays in src/search/index.ts.
    const { modeSearch } = await import('../search/hybrid.js');
    return modeSearch(this, q, opts);
  }

  /** Rebuilds the search index from every file on the branch, ignoring the cache. */
  async rebuildIndex(opts?: SearchIndexOptions): Promise<RebuildIndexResult> {
    const { rebuildIndex } = await import('../search/index.js');
    return rebuildIndex(this, opts);
  }

  close(): void {
    this.git.close();
  }
}
