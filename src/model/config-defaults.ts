import type { Priority } from './memory.js';

// The settings schema: shape, defaults and value rules, data both config.ts (layering) and
// config-validate.ts (the one validator) derive from. Kept apart so the two don't import each other.

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
  /** `staleAfter`: `<N>d`; `memory prune` archives a memory stale at HEAD whose newest citation commit is older (docs/citations.md); empty = off. */
  citations: { staleAfter: string };
  /** Days a deleted memory stays in the trash before `memory prune` purges it. */
  trashRetentionDays: number;
  /** Size budget of a core document, in characters. */
  coreMaxChars: number;
  /** Largest memory content, in bytes. */
  maxContentBytes: number;
  /** Hybrid search: weight of the vector score; share of a time-neighbour's score a memory inherits, and the gap that still counts as adjacent; the similarity a memory without a full-text match needs (0 = the model's calibrated threshold) (docs/hybrid.md). */
  hybrid: {
    vectorWeight: number;
    contextWeight: number;
    contextMinutes: number;
    minSimilarity: number;
    /** The embedder: `use` (the offline model), `openai` (any OpenAI-compatible HTTP endpoint), `onnx` (a local model folder), `none`. */
    embedder: 'use' | 'openai' | 'onnx' | 'none';
    /** openai: the model name; onnx: the model folder. Empty: none given. */
    model: string;
    /** openai: the endpoint's base URL. Empty: https://api.openai.com/v1. */
    baseUrl: string;
    /** openai: the name of the environment variable holding the API key (the key itself is never a setting). */
    apiKeyEnv: string;
    /** openai: texts per request. */
    batchSize: number;
    /** openai: ms one request may take. */
    timeoutMs: number;
    /** openai: retries of a failed request. */
    retries: number;
  };
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
  citations: { staleAfter: '' },
  trashRetentionDays: 30,
  coreMaxChars: 8000,
  maxContentBytes: 64 * 1024,
  hybrid: { vectorWeight: 0.7, contextWeight: 0.2, contextMinutes: 30, minSimilarity: 0, embedder: 'use', model: '', baseUrl: '', apiKeyEnv: 'OPENAI_API_KEY', batchSize: 64, timeoutMs: 30_000, retries: 2 },
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
  'hybrid.embedder': ['use', 'openai', 'onnx', 'none'],
};

/** String settings whose empty value means "not given" (every other string must be non-empty). */
export const EMPTY_ALLOWED: ReadonlySet<string> = new Set(['hybrid.model', 'hybrid.baseUrl', 'citations.staleAfter']);

/** Settings that are a duration in days written `<N>d` (1 to 3650). */
export const DAY_DURATION = /^([1-9][0-9]{0,3})d$/;
export const DURATION_KEYS: ReadonlySet<string> = new Set(['citations.staleAfter']);

/**
 * What each setting does: the table in docs/lifecycle.md is generated from this and the defaults
 * (test/lifecycle/config-keys.e2e.test.ts checks it), and `memory config set` accepts exactly these keys.
 */
export const CONFIG_DESCRIPTIONS: Record<string, string> = {
  maxMemories: 'cap on live memories; `prune` archives the excess (lowest priority, then oldest, first)',
  autoTag: 'derive tags when a store gives none',
  defaultCategory: 'category of memories stored without one',
  defaultPriority: 'priority of memories stored without one',
  'searchRelevance.tagMatch': 'search boost of a tag match ([search.md](search.md))',
  'searchRelevance.categoryMatch': 'search boost of a category match',
  'searchRelevance.contentMatch': 'search weight of a content match',
  'retention.enabled': 'apply the age rules on `prune` (and after every Action store)',
  'retention.deleteAfterDays': 'memories older than this go to the trash on `prune`',
  'retention.archiveAfterDays': 'memories older than this are archived on `prune`',
  'citations.staleAfter': '`<N>d` (e.g. `28d`): `prune` archives a memory whose every citation is changed or gone at HEAD and whose newest citation commit is older than that ([citations.md](citations.md#retention)); empty = off',
  trashRetentionDays: 'days a deleted memory stays in the trash before `prune` purges it',
  coreMaxChars: 'size budget of a core document',
  maxContentBytes: 'largest memory, in bytes',
  'hybrid.vectorWeight': 'weight of the vector score in hybrid search',
  'hybrid.contextWeight': "share of a time neighbour's score a memory inherits in hybrid search ([hybrid.md](hybrid.md)); 0 = off",
  'hybrid.contextMinutes': 'largest gap between two memories of one scope that still makes them neighbours',
  'hybrid.minSimilarity': 'cosine similarity a memory without a full-text match needs to be a hybrid result (0 = the model\'s calibrated threshold)',
  'hybrid.embedder': '`use` (offline model), `openai` (OpenAI-compatible HTTP endpoint), `onnx` (local model folder) or `none`; `MEMORY_EMBEDDER` overrides it ([hybrid.md](hybrid.md))',
  'hybrid.model': 'openai: the model name; onnx: the model folder (`MEMORY_EMBEDDER_MODEL`)',
  'hybrid.baseUrl': 'openai: the endpoint (empty: https://api.openai.com/v1; `MEMORY_EMBEDDER_URL`)',
  'hybrid.apiKeyEnv': 'openai: the environment variable holding the API key (never the key itself)',
  'hybrid.batchSize': 'openai: texts per request',
  'hybrid.timeoutMs': 'openai: ms one request may take (`MEMORY_EMBEDDER_TIMEOUT_MS`)',
  'hybrid.retries': 'openai: retries of a failed request',
  'sync.retries': 'push retries of `memory sync` (the Action uses at least 20)',
  'sync.maxDeleteRatio': 'share of the memories a sync or pull may remove from the branch before it stops with `TOO_MANY_DELETES` (1 = no bound; files may only lower it, `MEMORY_SYNC_MAX_DELETE_RATIO` raises it; [sync.md](sync.md#what-a-fold-refuses))',
  secretGuard: '`block` refuses writes holding a credential, `redact` masks them, `off` stores them (`off` only from the environment or flags: in `.git-memory.json` or on the branch it is ignored with a warning; see [security.md](security.md))',
  dedupe: 'identical content returns the existing memory',
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
  'hybrid.batchSize': { min: 1, max: 2048, int: true },
  'hybrid.timeoutMs': { min: 1, max: 600_000, int: true },
  'hybrid.retries': { min: 0, max: 10, int: true },
  'sync.maxDeleteRatio': { min: 0, max: 1, int: false },
};
export const CONFIG_ENUMS = ENUMS;


/** The settings table of docs/lifecycle.md (key, default, allowed values, meaning), from the schema above. */
export function configTable(): string {
  const rows: string[] = ['| key | default | allowed | meaning |', '|---|---|---|---|'];
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') {
        walk(v as Record<string, unknown>, key);
        continue;
      }
      const rule = NUMBER_RULES[key];
      const allowed = ENUMS[key]
        ? ENUMS[key].map((e) => `\`${e}\``).join(', ')
        : rule
          ? `${rule.int ? 'whole number' : 'number'} ${rule.min}${rule.max !== undefined ? `-${rule.max}` : ' or more'}`
          : typeof v === 'boolean'
            ? '`true`, `false`'
            : DURATION_KEYS.has(key)
              ? '`<N>d`, 1d-3650d (empty: off)'
              : EMPTY_ALLOWED.has(key)
              ? 'text (empty: unset)'
              : 'non-empty text';
      rows.push(`| \`${key}\` | \`${JSON.stringify(v)}\` | ${allowed} | ${CONFIG_DESCRIPTIONS[key] ?? ''} |`);
    }
  };
  walk(DEFAULT_CONFIG as unknown as Record<string, unknown>, '');
  return rows.join('\n');
}
