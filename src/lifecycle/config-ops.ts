import {
  DEFAULT_CONFIG,
  BRANCH_CONFIG_PATH,
  configKeys,
  getPath,
  parseConfigText,
  parseValue,
  readBranchConfigText,
  setPath,
  validateLayerStrict,
  type ConfigIssue,
  type ConfigLayer,
  type MemoryConfig,
} from '../model/config.js';
import { InvalidInputError } from '../errors.js';
import { scanText, secretDetected } from '../model/secrets.js';
import type { ConfigBranch, ConfigReader } from '../model/branch-view.js';

export interface ConfigShowResult {
  success: true;
  config: MemoryConfig;
  /** For each key, the layer its value comes from: defaults, branch, repo, env or flags. */
  origin: Record<string, string>;
  /** The layers found, lowest precedence first. */
  layers: Array<{ name: string; source: string }>;
  /** Unknown keys and bad values found in the layers (each was ignored). */
  issues: ConfigIssue[];
}

export async function configShow(store: ConfigReader): Promise<ConfigShowResult> {
  await store.loadConfig();
  const r = store.resolvedConfig();
  return { success: true, config: r.config, origin: r.origin, layers: r.layers.map((l) => ({ name: l.name, source: l.source })), issues: r.issues };
}

function knownKey(key: string): { key: string; kind: 'number' | 'boolean' | 'string' } {
  const k = configKeys().find((x) => x.key === key);
  if (k) return k;
  const prefix = configKeys().filter((x) => x.key.startsWith(key + '.'));
  if (prefix.length) return { key, kind: 'string' };
  throw new InvalidInputError(`unknown setting "${key}"; known: ${configKeys().map((x) => x.key).join(', ')}`, { field: 'key', key });
}

export async function configGet(store: ConfigReader, key: string): Promise<{ success: true; key: string; value: unknown; origin: string }> {
  knownKey(key);
  await store.loadConfig();
  const r = store.resolvedConfig();
  // A group (`hybrid`) may mix layers: name each, highest precedence first.
  const precedence = ['flags', 'env', 'repo', 'branch', 'defaults'];
  const parts = new Set(Object.entries(r.origin).filter(([k]) => k.startsWith(key + '.')).map(([, o]) => o));
  const origin = r.origin[key] ?? ([...parts].sort((a, b) => precedence.indexOf(a) - precedence.indexOf(b)).join(', ') || 'defaults');
  return { success: true, key, value: getPath(r.config, key), origin };
}

/** Reads the branch file for editing: its parsed object (empty when missing); a broken file is an error here. */
function branchValues(store: ConfigBranch, tip: string | null): Record<string, unknown> {
  const text = readBranchConfigText(store, tip);
  if (text === null) return {};
  const issues: ConfigIssue[] = [];
  const layer = parseConfigText(text, 'branch', BRANCH_CONFIG_PATH, issues);
  if (!layer) throw new InvalidInputError(`${issues[0]?.message ?? 'the branch config file is unreadable'}; fix or remove it with git, then retry`, { field: 'config' });
  return layer.values;
}

/**
 * Sets one key in the branch's `.memory/config.json` (shared by every job) in one commit. The value
 * is a JSON literal or a plain string, checked against the schema first: a bad value writes nothing.
 */
export async function configSet(store: ConfigBranch, key: string, raw: unknown): Promise<{ success: true; key: string; value: unknown; commit: string | null; changed: boolean }> {
  const k = knownKey(key);
  let value = raw;
  if (typeof raw === 'string') {
    value = parseValue(k.kind, raw);
    if (k.kind === 'string' && /^[[{]/.test(raw.trim())) {
      try {
        value = JSON.parse(raw);
      } catch {
        /* a plain string */
      }
    }
  }
  // The value is committed to the branch and its commit message, and a string setting such as
  // defaultCategory is copied into every later memory: the secret guard has no override here.
  const findings = scanText(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`, 'value');
  if (findings.length) throw secretDetected(findings, `the setting ${key}`);
  if (key === 'secretGuard' && value === 'off') {
    throw new InvalidInputError('secretGuard "off" cannot be stored on the branch (every job would store credentials): lower the guard per write instead (allow-secret, or MEMORY_SECRET_GUARD=off)', { field: 'value', key });
  }
  if (key === 'sync.maxDeleteRatio' && typeof value === 'number' && value > DEFAULT_CONFIG.sync.maxDeleteRatio) {
    // Readers ignore it above the default (the bound guards against the branch itself): refuse a
    // value that would be stored and then not apply.
    throw new InvalidInputError(
      `sync.maxDeleteRatio above ${DEFAULT_CONFIG.sync.maxDeleteRatio} cannot be stored on the branch (the bound protects against the branch itself): loosen it per command with MEMORY_SYNC_MAX_DELETE_RATIO`,
      { field: 'value', key },
    );
  }
  const probe: ConfigLayer = { name: 'flags', source: `${key}`, values: {} };
  setPath(probe.values, key, value);
  const { issues } = validateLayerStrict(probe);
  // Nothing is written: say what is wrong, not what a reader of the file would fall back to.
  if (issues.length) throw new InvalidInputError(`${issues.map((i) => (i.problem ? `${i.key} ${i.problem}` : i.message)).join('; ')}; nothing was changed`, { field: 'value', key });
  const res = await store.mutate((tip) => {
    const values = structuredClone(branchValues(store, tip));
    if (JSON.stringify(getPath(values, key)) === JSON.stringify(value)) return { change: null, result: { changed: false } };
    setPath(values, key, value);
    return {
      change: {
        changes: new Map([[BRANCH_CONFIG_PATH, Buffer.from(JSON.stringify(values, null, 2) + '\n', 'utf8')]]),
        message: `memory: config set ${key} = ${JSON.stringify(value)}\n`,
      },
      result: { changed: true },
    };
  });
  store.invalidateConfig();
  return { success: true, key, value, commit: res.commit, changed: res.changed };
}

/** Removes a key from the branch file (the value falls back to the defaults), in one commit. */
export async function configUnset(store: ConfigBranch, key: string): Promise<{ success: true; key: string; commit: string | null; changed: boolean }> {
  const res = await store.mutate((tip) => {
    const values = structuredClone(branchValues(store, tip));
    if (getPath(values, key) === undefined) return { change: null, result: { changed: false } };
    const parts = key.split('.');
    const parent = parts.length > 1 ? (getPath(values, parts.slice(0, -1).join('.')) as Record<string, unknown>) : values;
    delete parent[parts[parts.length - 1]];
    return {
      change: { changes: new Map([[BRANCH_CONFIG_PATH, Buffer.from(JSON.stringify(values, null, 2) + '\n', 'utf8')]]), message: `memory: config unset ${key}\n` },
      result: { changed: true },
    };
  });
  store.invalidateConfig();
  return { success: true, key, commit: res.commit, changed: res.changed };
}
