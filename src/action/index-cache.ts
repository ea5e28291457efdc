import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEGMENT_FORMAT } from '../search/segment.js';

/**
 * The search index kept in the runner's cache between jobs (docs/action.md "Index
 * cache"), with @actions/cache. A search step restores the newest entry for the branch into a
 * folder the library uses as its `indexCache` (src/search/index-cache.ts: validated, brought up to
 * the branch's tree incrementally), and saves the folder when the search wrote to it: under the
 * current tree's key, or a later key of that tree when its entry was the one restored. Keys name the
 * index format, the branch and the tree, so the tree's own prefix finds its newest entry and the
 * branch's prefix the newest entry of an older tree.
 * Without the runner's cache service (a local run, a test, another CI system) it is skipped with a
 * debug line. Failures of the cache service never fail the step: they are warnings.
 */

export interface CacheLog {
  info(message: string): void;
  warning(message: string): void;
  debug?(message: string): void;
}

/**
 * `git-memory-index-v<format>-<branch>:` : the restore-key prefix for every tree of the branch. The
 * branch is URI-encoded, which encodes `:`, so one branch's prefix is never a prefix of another's
 * (`memory-` would also match `memory-x-<tree>`). Keys are at most 512 characters, no commas.
 */
export function indexCachePrefix(branch: string): string {
  return `git-memory-index-v${SEGMENT_FORMAT}-${encodeURIComponent(branch).replace(/,/g, '%2C')}:`;
}

export function indexCacheKey(branch: string, tree: string | null): string {
  return indexCachePrefix(branch) + (tree ?? 'empty');
}

/**
 * The key of a later entry of the same tree: `<tree key>+<time><random>`. Entries are immutable, so a
 * search that restored this tree's entry and then wrote to the folder (vectors it embedded because
 * the entry was saved by a full-text search, or because its vector file failed its check) saves under
 * a new key of the tree, and the restore takes the tree's newest entry (docs/action.md "Index cache").
 */
function laterIndexCacheKey(branch: string, tree: string | null, now = Date.now()): string {
  return `${indexCacheKey(branch, tree)}+${now.toString(36)}${Math.floor(Math.random() * 0xffffff).toString(36)}`;
}

/**
 * True when the runner's cache service is reachable from this process (the env the runner sets). The
 * same choice @actions/cache makes (internal/config.js): any non-empty ACTIONS_CACHE_SERVICE_V2 means
 * the v2 service at ACTIONS_RESULTS_URL, except on GitHub Enterprise Server, which has only v1.
 */
export function cacheServiceAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  let host = 'GITHUB.COM';
  try {
    host = new URL(env.GITHUB_SERVER_URL || 'https://github.com').hostname.toUpperCase();
  } catch {
    /* a malformed URL: @actions/cache would throw too; treated as github.com here */
  }
  const ghes = host !== 'GITHUB.COM' && !host.endsWith('.GHE.COM') && !host.endsWith('.LOCALHOST');
  const v2 = !!env.ACTIONS_CACHE_SERVICE_V2 && !ghes;
  const url = v2 ? env.ACTIONS_RESULTS_URL : env.ACTIONS_CACHE_URL || env.ACTIONS_RESULTS_URL;
  return !!url && !!env.ACTIONS_RUNTIME_TOKEN;
}

/** The folder the library uses as its index cache in this job. */
export function indexCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.RUNNER_TEMP || tmpdir(), 'git-memory-index-cache');
}

export interface RunnerCache {
  /** Restores the newest entry for `tree` (exact) or an older tree of the branch; the key restored. */
  restore(tree: string | null): Promise<{ key: string | undefined; exact: boolean }>;
  /** Saves the folder when the search wrote to it: under `tree`'s key, or a later key of the tree when its entry was restored. */
  save(tree: string | null, wrote: boolean, exact: boolean): Promise<void>;
}

/** The runner's cache for this branch, or null (skipped, with a debug line) when there is no cache service. */
export function runnerCache(branch: string, dir: string, log: CacheLog, env: NodeJS.ProcessEnv = process.env): RunnerCache | null {
  if (!cacheServiceAvailable(env)) {
    log.debug?.('index cache: no runner cache service (ACTIONS_CACHE_URL / ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset): skipped');
    return null;
  }
  const lib = () => import('@actions/cache');
  return {
    async restore(tree) {
      try {
        // The newest entry of this tree (its first entry or a later one, `<tree key>+…`), else the newest of
        // an older tree. The primary key `<tree key>+` is never saved: an exact hit on the tree's first
        // entry would hide the later ones (the service tries the primary key exactly, then as a prefix,
        // then each restore key as a prefix, newest first).
        const own = indexCacheKey(branch, tree);
        const key = await (await lib()).restoreCache([dir], `${own}+`, [own, indexCachePrefix(branch)]);
        log.info(key ? `index cache: restored ${key}` : 'index cache: no entry for this branch yet; the index is built from the branch');
        return { key, exact: !!key && (key === own || key.startsWith(`${own}+`)) };
      } catch (err) {
        log.warning(`index cache: restore failed (${(err as Error).message}); the index is built from the branch`);
        return { key: undefined, exact: false };
      }
    },
    async save(tree, wrote, exact) {
      if (!wrote) return;
      // This tree's entry restored and the search wrote (new vectors): a later entry of the tree.
      const key = exact ? laterIndexCacheKey(branch, tree) : indexCacheKey(branch, tree);
      try {
        await (await lib()).saveCache([dir], key);
        log.info(`index cache: saved ${key}`);
      } catch (err) {
        // Another job of the same tree saved it first (entries are immutable), or the service is down.
        log.warning(`index cache: not saved (${(err as Error).message})`);
      }
    },
  };
}

/** The log line saying how a search step got its index: the proof, in a job's log, that a restore saved a build. */
export function describeIndexCache(r: { restored: boolean; bytesRead: number; index: string; vectorFiles?: number }): string {
  const from = r.restored || r.vectorFiles ? `${r.bytesRead} bytes restored${r.vectorFiles ? ` (vector files: ${r.vectorFiles})` : ''}` : 'nothing restored';
  if (r.index === 'full') return `index cache: the index was built from every memory of the branch (${from})`;
  return `index cache: the index was reused, not rebuilt (${r.index}; ${from})`;
}
