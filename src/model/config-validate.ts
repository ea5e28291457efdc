import { CONFIG_ENUMS, DAY_DURATION, DEFAULT_CONFIG, DURATION_KEYS, EMPTY_ALLOWED, NUMBER_RULES, type ConfigIssue, type ConfigLayer } from './config-defaults.js';

/**
 * The one validator of a settings layer, derived from the settings schema in config-defaults.ts (the
 * defaults give each key's kind, CONFIG_ENUMS the allowed words, NUMBER_RULES the ranges,
 * EMPTY_ALLOWED the strings that may be empty). Synchronous and dependency-free: every reader of a
 * store's settings (the sync `config()` on the start-up path and the async `loadConfig()`) gets the
 * same answer, whatever was imported first.
 *
 * Unknown keys become warnings and are dropped; each bad value becomes an issue and is dropped (the
 * lower layer's value stays); strings are trimmed; an undefined value counts as not given. Returns
 * what is left.
 */
export function validateLayer(layer: ConfigLayer, issues: ConfigIssue[]): Record<string, unknown> {
  const unknown = (key: string) =>
    issues.push({ layer: layer.name, source: layer.source, key, kind: 'unknown-key', message: `${layer.source}: unknown setting "${key}" ignored (see "memory config show" for the known ones)` });
  const invalid = (key: string, problem: string) =>
    issues.push({ layer: layer.name, source: layer.source, key, kind: 'invalid-value', problem, message: `${layer.source}: ${key || '(root)'} ${problem}; using the value from the layer below` });

  const walk = (values: unknown, schema: Record<string, unknown>, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (!isObject(values)) {
      invalid(prefix, `must be an object of settings, got ${shown(values)}`);
      return out;
    }
    for (const [k, v] of Object.entries(values)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (!Object.hasOwn(schema, k)) {
        unknown(key);
        continue;
      }
      if (v === undefined) continue;
      const dflt = schema[k];
      if (isObject(dflt)) {
        const inner = walk(v, dflt, key);
        if (isObject(v)) out[k] = inner;
        continue;
      }
      const problem = leafProblem(key, dflt, v);
      if (problem) invalid(key, problem);
      else out[k] = typeof v === 'string' ? v.trim() : v;
    }
    return out;
  };
  return walk(layer.values, DEFAULT_CONFIG as unknown as Record<string, unknown>, '');
}

/** What is wrong with `v` as the value of `key` (whose default is `dflt`), or null. */
function leafProblem(key: string, dflt: unknown, v: unknown): string | null {
  const got = shown(v);
  const words = CONFIG_ENUMS[key];
  if (words) return typeof v === 'string' && words.includes(v) ? null : `must be one of ${words.map((w) => JSON.stringify(w)).join(', ')}, got ${got}`;
  if (typeof dflt === 'boolean') return typeof v === 'boolean' ? null : `must be a boolean, got ${got}`;
  if (typeof dflt === 'string') {
    if (typeof v !== 'string') return `must be a string, got ${got}`;
    if (v.trim() === '') return EMPTY_ALLOWED.has(key) ? null : 'must not be empty';
    if (DURATION_KEYS.has(key) && !(DAY_DURATION.test(v.trim()) && Number(v.trim().slice(0, -1)) <= 3650)) return `must be a number of days written like "28d" (1d to 3650d), got ${got}`;
    return null;
  }
  const rule = NUMBER_RULES[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) return `must be ${rule?.int ? 'a whole number' : 'a number'}, got ${got}`;
  if (rule?.int && !Number.isInteger(v)) return `must be a whole number, got ${got}`;
  const min = rule?.min ?? 0;
  if (v < min) return `must be at least ${min}, got ${got}`;
  if (rule?.max !== undefined && v > rule.max) return `must be at most ${rule.max}, got ${got}`;
  return null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** A value as a message shows it: JSON, bounded (a file on the branch is untrusted). */
function shown(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
