import type { Priority } from './memory.js';

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
  hybrid: { vectorWeight: number };
  sync: { retries: number };
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
  hybrid: { vectorWeight: 0.7 },
  sync: { retries: 8 },
};

/** The effective configuration. Today: the defaults; layering (branch, repo, env, flags) comes next. */
export function resolveConfig(): MemoryConfig {
  return structuredClone(DEFAULT_CONFIG);
}
