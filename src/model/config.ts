import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidInputError } from '../errors.js';
import { scanText } from './secrets.js';
import { CONFIG_ENUMS, DEFAULT_CONFIG, NUMBER_RULES, getPath, type ConfigIssue, type ConfigLayer, type MemoryConfig } from './config-defaults.js';
import { validateLayer } from './config-validate.js';

export { CONFIG_ENUMS, DEFAULT_CONFIG, NUMBER_RULES, getPath, type ConfigIssue, type ConfigLayer, type MemoryConfig };

/** The branch file every job shares; written by `memory config set`. */
export const BRANCH_CONFIG_PATH = '.memory/config.json';
/** A file in the work tree root, committed with the project; read, never written. */
export const REPO_CONFIG_FILE = '.git-memory.json';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface ResolvedConfig {
  config: MemoryConfig;
  layers: ConfigLayer[];
  issues: ConfigIssue[];
  /** For each dotted key, the layer its effective value came from. */
  origin: Record<string, ConfigLayer['name']>;
}

/** Every settable key (dotted), with the kind of its value; derived from the defaults. */
export function configKeys(): Array<{ key: string; kind: 'number' | 'boolean' | 'string' }> {
  const out: Array<{ key: string; kind: 'number' | 'boolean' | 'string' }> = [];
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') walk(v as Record<string, unknown>, key);
      else out.push({ key, kind: typeof v as 'number' | 'boolean' | 'string' });
    }
  };
  walk(DEFAULT_CONFIG as unknown as Record<string, unknown>, '');
  return out;
}

/** `retention.deleteAfterDays` → `MEMORY_RETENTION_DELETE_AFTER_DAYS`. */
export function envNameFor(key: string): string {
  return 'MEMORY_' + key.replace(/\./g, '_').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

export function setPath(obj: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (!next || typeof next !== 'object' || Array.isArray(next)) cur[parts[i]] = {};
    cur = cur[parts[i]] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

/** Parses a string from the command line or env into the kind the key holds. Null when it does not fit. */
export function parseValue(kind: 'number' | 'boolean' | 'string', raw: string): unknown {
  const s = raw.trim();
  if (kind === 'boolean') {
    if (/^(true|1|yes|on)$/i.test(s)) return true;
    if (/^(false|0|no|off)$/i.test(s)) return false;
    return raw; // left for validation to report
  }
  if (kind === 'number') return s !== '' && Number.isFinite(Number(s)) ? Number(s) : raw;
  return raw;
}

/** The env layer: `MEMORY_<KEY>` for every known key (MEMORY_BRANCH etc. are not config keys). */
export function envLayer(env: NodeJS.ProcessEnv = process.env): ConfigLayer | null {
  const values: Record<string, unknown> = {};
  const used: string[] = [];
  for (const { key, kind } of configKeys()) {
    const name = envNameFor(key);
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    setPath(values, key, parseValue(kind, raw));
    used.push(name);
  }
  return used.length ? { name: 'env', source: used.join(', '), values } : null;
}

/** Reads a JSON object file; a missing file is null, a broken one is an issue (never a crash). */
export function parseConfigText(text: string, layer: ConfigLayer['name'], source: string, issues: ConfigIssue[]): ConfigLayer | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    issues.push({ layer, source, key: '', kind: 'unreadable', message: `${source} is not valid JSON (${(err as Error).message}); its settings are ignored` });
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    issues.push({ layer, source, key: '', kind: 'unreadable', message: `${source} must hold a JSON object of settings; ignored` });
    return null;
  }
  return { name: layer, source, values: data as Record<string, unknown> };
}

export function repoFileLayer(root: string | null, issues: ConfigIssue[]): ConfigLayer | null {
  if (!root) return null;
  const file = join(root, REPO_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  return parseConfigText(text, 'repo', REPO_CONFIG_FILE, issues);
}

function mergeInto(target: Record<string, unknown>, src: Record<string, unknown>, origin: Record<string, ConfigLayer['name']>, name: ConfigLayer['name'], prefix = ''): void {
  for (const [k, v] of Object.entries(src)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      if (!target[k] || typeof target[k] !== 'object') target[k] = {};
      mergeInto(target[k] as Record<string, unknown>, v as Record<string, unknown>, origin, name, key);
    } else {
      target[k] = v;
      origin[key] = name;
    }
  }
}

/**
 * The effective configuration: defaults < branch file < repo file < env < flags. Each layer is
 * validated on its own (config-validate.ts, the one validator); an unknown key is a warning, a bad value falls back to the layer below (so
 * one broken setting on a shared branch never stops every job), and each is reported in `issues`.
 */
export function resolveConfig(layers: ConfigLayer[] = [], issues: ConfigIssue[] = []): ResolvedConfig {
  const config = structuredClone(DEFAULT_CONFIG) as unknown as Record<string, unknown>;
  const origin: Record<string, ConfigLayer['name']> = {};
  for (const { key } of configKeys()) origin[key] = 'defaults';
  for (const layer of layers) mergeInto(config, validateLayer(layer, issues), origin, layer.name);
  return { config: config as unknown as MemoryConfig, layers, issues, origin };
}

/** Validates values given by the program (flags, library options): a bad one is an error, not a warning. */
export function validateLayerStrict(layer: ConfigLayer): { values: Record<string, unknown>; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const values = validateLayer(layer, issues);
  return { values, issues };
}

/** What {@link readStoreConfig} needs from a store (kept structural so config.ts imports no store code). */
export interface ConfigSource {
  git: { location: { root: string; bare: boolean }; entryAt(tree: string, path: string): { oid: string } | null; readBlob(oid: string): Buffer };
  tip(): string | null;
  treeOf(commit: string | null): string | null;
  readonly branch: string;
}

/** The branch file's text at `commit` (default tip), or null when there is none. */
export function readBranchConfigText(store: ConfigSource, commit: string | null = store.tip()): string | null {
  const tree = store.treeOf(commit);
  const e = tree ? store.git.entryAt(tree, BRANCH_CONFIG_PATH) : null;
  return e ? store.git.readBlob(e.oid).toString('utf8') : null;
}

/**
 * What a file may not do. Files (`.memory/config.json` on the branch, `.git-memory.json` in the work
 * tree) are written by whoever can push or open a pull request, not by the person running the command:
 * they may not switch the secret guard off (only a flag, MEMORY_SECRET_GUARD or an Action's env may),
 * and a value the guard would flag (a token as `defaultCategory`) is dropped, never written into memories.
 */
export function sanitizeFileLayer(layer: ConfigLayer, issues: ConfigIssue[]): ConfigLayer {
  const values = structuredClone(layer.values);
  if (values.secretGuard === 'off') {
    delete values.secretGuard;
    issues.push({
      layer: layer.name,
      source: layer.source,
      key: 'secretGuard',
      kind: 'invalid-value',
      problem: 'may not be "off" in a file',
      message: `${layer.source}: secretGuard "off" is ignored: only the person running the command may lower the secret guard (--allow-secret, or MEMORY_SECRET_GUARD=off in the environment)`,
    });
  }
  // The bound on what a fold may delete guards against the branch itself (a pending ref that drops
  // every memory): a file, the branch's own included, may tighten it but not loosen it.
  const sync = values.sync as Record<string, unknown> | undefined;
  if (sync && typeof sync === 'object' && typeof sync.maxDeleteRatio === 'number' && sync.maxDeleteRatio > DEFAULT_CONFIG.sync.maxDeleteRatio) {
    delete sync.maxDeleteRatio;
    issues.push({
      layer: layer.name,
      source: layer.source,
      key: 'sync.maxDeleteRatio',
      kind: 'invalid-value',
      problem: `may not be above ${DEFAULT_CONFIG.sync.maxDeleteRatio} in a file`,
      message: `${layer.source}: sync.maxDeleteRatio above ${DEFAULT_CONFIG.sync.maxDeleteRatio} is ignored: only the person running the command may loosen it (MEMORY_SYNC_MAX_DELETE_RATIO in the environment)`,
    });
  }
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, key);
      else if (typeof v === 'string' && scanText(`${k}=${v}`).length) {
        delete obj[k];
        issues.push({ layer: layer.name, source: layer.source, key, kind: 'invalid-value', problem: 'looks like a credential', message: `${layer.source}: ${key} looks like a credential; ignored (remove it from the file)` });
      }
    }
  };
  walk(values, '');
  return { ...layer, values };
}

/** Every layer above the defaults, lowest first. */
export function configLayers(store: ConfigSource, flags: Record<string, unknown> | undefined, issues: ConfigIssue[], env: NodeJS.ProcessEnv = process.env): ConfigLayer[] {
  const layers: ConfigLayer[] = [];
  const branchText = readBranchConfigText(store);
  const branch = branchText === null ? null : parseConfigText(branchText, 'branch', `${BRANCH_CONFIG_PATH} on branch ${store.branch}`, issues);
  if (branch) layers.push(sanitizeFileLayer(branch, issues));
  const repo = store.git.location.bare ? null : repoFileLayer(store.git.location.root, issues);
  if (repo) layers.push(sanitizeFileLayer(repo, issues));
  const e = envLayer(env);
  if (e) layers.push(e);
  if (flags && Object.keys(flags).length) layers.push({ name: 'flags', source: 'options', values: flags });
  return layers;
}

/**
 * Resolves a store's configuration. Bad values given by the program itself (flags, library options)
 * throw INVALID_INPUT; problems in files and env are returned as issues for the caller to warn about.
 */
export function readStoreConfig(store: ConfigSource, flags?: Record<string, unknown>): ResolvedConfig {
  const issues: ConfigIssue[] = [];
  const layers = configLayers(store, flags, issues);
  const resolved = resolveConfig(layers, issues);
  const bad = issues.find((i) => i.layer === 'flags');
  if (bad) throw new InvalidInputError(bad.message, { field: bad.key });
  return resolved;
}

/** The blob id of the branch file at the tip (null: none); the cache key of a store's resolved config. */
export function branchConfigOid(store: ConfigSource): string | null {
  const tree = store.treeOf(store.tip());
  return tree ? (store.git.entryAt(tree, BRANCH_CONFIG_PATH)?.oid ?? null) : null;
}
