import type { Priority } from './memory.js';

// The settings' shape, defaults and value rules: data both config.ts (layering) and config-schema.ts
// (validation, loaded lazily) need. Kept apart so the two don't import each other.

/**
 * Settings shared by every job. The seed's keys plus git-memory's own. Where they come from (the
 * branch's config file, a repo file, env, flags) is resolved by {@link resolveConfig}.
 */
export interface MemoryConfig {
  /** Soft cap on live memories; `memory prune` archives the oldest low-priority ones above it. */
  maxMemories: number;
  /** Derive tags from the content when none are given. */
  autoTag: boolean;
  defaultCategory: string;
  defaultPriority: Priority;
  /** Weights of the search boosts (docs/search.md has the formula). */
  searchRelevance: { tagMatch: number; categoryMatch: number; contentMatch: number };
  retention: { enabled: boolean; deleteAfterDays: number; archiveAfterDays: number };
  /** Days a deleted memory stays in the trash before `memory prune` purges it. */
  trashRetentionDays: number;
  /** Size budget of a core document, in characters. */
  coreMaxChars: number;
  /** Largest memory content, in bytes. */
  maxContentBytes: number;
  /** Hybrid search: weight of the vector score; share of a time-neighbour's score a memory inherits, and the gap that still counts as adjacent; the similarity a memory without a full-text match needs (0 = the model's calibrated threshold) (docs/hybrid.md). */
  hybrid: { vectorWeight: number; contextWeight: number; contextMinutes: number; minSimilarity: number };
  /** `maxDeleteRatio`: the share of the memories a fold or pull may delete before it stops (docs/sync.md); 1 = no bound. */
  sync: { retries: number; maxDeleteRatio: number };
  /** What a write containing a credential does: refuse it, store it masked, or (not advised) store it. */
  secretGuard: 'block' | 'redact' | 'off';
  /** Storing content identical to an existing memory returns that memory instead of adding a copy. */
  dedupe: boolean;
}

export const DEFAULT_CONFIG: MemoryConfig = {
  maxMemories: 10000,
  autoTag: true,
  defaultCategory: 'general',
  defaultPriority: 'medium',
  searchRelevance: { tagMatch: 3, categoryMatch: 2, contentMatch: 1 },
  retention: { enabled: false, deleteAfterDays: 90, archiveAfterDays: 30 },
  trashRetentionDays: 30,
  coreMaxChars: 8000,
  maxContentBytes: 64 * 1024,
  hybrid: { vectorWeight: 0.7, contextWeight: 0.2, contextMinutes: 30, minSimilarity: 0 },
  sync: { retries: 20, maxDeleteRatio: 0.5 },
  secretGuard: 'block',
  dedupe: true,
};

/** One source of settings, lowest precedence first in a list. */
export interface ConfigLayer {
  /** `defaults`, `branch`, `repo`, `env` or `flags`. */
  name: 'defaults' | 'branch' | 'repo' | 'env' | 'flags';
  /** Where it came from, for messages: a path, an env var list, "options". */
  source: string;
  values: Record<string, unknown>;
}

export interface ConfigIssue {
  layer: ConfigLayer['name'];
  source: string;
  /** Dotted key, e.g. `retention.deleteAfterDays`; empty for a whole-file problem. */
  key: string;
  message: string;
  /** What is wrong with the value alone ("must be at most 1, got 2"), for messages about one key. */
  problem?: string;
  /** Unknown keys are warnings; bad values drop back to the lower layer's value. */
  kind: 'unknown-key' | 'invalid-value' | 'unreadable';
}

export function getPath(obj: unknown, key: string): unknown {
  let cur = obj;
  for (const part of key.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const ENUMS: Record<string, readonly string[]> = {
  defaultPriority: ['low', 'medium', 'high'],
  secretGuard: ['block', 'redact', 'off'],
};

/** Lower bounds for the numeric keys (0 = non-negative, 1 = at least one). */
export const NUMBER_RULES: Record<string, { min: number; max?: number; int: boolean }> = {
  maxMemories: { min: 1, int: true },
  'searchRelevance.tagMatch': { min: 0, int: false },
  'searchRelevance.categoryMatch': { min: 0, int: false },
  'searchRelevance.contentMatch': { min: 0, int: false },
  'retention.deleteAfterDays': { min: 1, int: true },
  'retention.archiveAfterDays': { min: 1, int: true },
  trashRetentionDays: { min: 0, int: true },
  coreMaxChars: { min: 1, int: true },
  maxContentBytes: { min: 1, max: 16 * 1024 * 1024, int: true },
  'hybrid.vectorWeight': { min: 0, max: 1, int: false },
  'hybrid.contextWeight': { min: 0, max: 1, int: false },
  'hybrid.contextMinutes': { min: 0, max: 1440, int: false },
  'hybrid.minSimilarity': { min: 0, max: 1, int: false },
  'sync.retries': { min: 0, max: 1000, int: true },
  'sync.maxDeleteRatio': { min: 0, max: 1, int: false },
};
export const CONFIG_ENUMS = ENUMS;

