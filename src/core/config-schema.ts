import * as z from 'zod/mini';
import { CONFIG_ENUMS, DEFAULT_CONFIG, EMPTY_ALLOWED, NUMBER_RULES, getPath, type ConfigIssue, type ConfigLayer } from './config-defaults.js';

/**
 * The config schema in zod. zod/mini rather than zod: the classic build adds ~750 KB to the bundle and
 * ~35 ms to a start; mini is ~35 KB, and this module is only loaded when a config layer exists or a
 * `memory config` command runs.
 */
function leaf(key: string, dflt: unknown): z.ZodMiniType {
  const en = CONFIG_ENUMS[key];
  if (en) return z.enum(en as [string, ...string[]]);
  if (typeof dflt === 'boolean') return z.boolean();
  if (typeof dflt === 'string') return EMPTY_ALLOWED.has(key) ? z.string().check(z.trim()) : z.string().check(z.trim(), z.minLength(1));
  const rule = NUMBER_RULES[key];
  const checks: z.core.$ZodCheck<number>[] = [z.minimum(rule?.min ?? 0)];
  if (rule?.max !== undefined) checks.push(z.maximum(rule.max));
  return rule?.int ? z.int().check(...checks) : z.number().check(...checks);
}

function build(obj: Record<string, unknown>, prefix: string): z.ZodMiniType {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    shape[k] = z.optional(v && typeof v === 'object' ? build(v as Record<string, unknown>, key) : leaf(key, v));
  }
  return z.strictObject(shape);
}

export const configSchema = build(DEFAULT_CONFIG as unknown as Record<string, unknown>, '');

type Issue = z.core.$ZodIssue;

function describe(issue: Issue, value: unknown): string {
  const got = JSON.stringify(value);
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}, got ${got}`;
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${issue.minimum}, got ${got}`;
    case 'too_big':
      return `must be at most ${issue.maximum}, got ${got}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${got}`;
    default:
      return `is invalid (${issue.message}), got ${got}`;
  }
}

function deletePath(obj: Record<string, unknown>, path: PropertyKey[]): void {
  let cur: unknown = obj;
  for (let i = 0; i < path.length - 1; i++) {
    if (!cur || typeof cur !== 'object') return;
    cur = (cur as Record<string, unknown>)[path[i] as string];
  }
  if (cur && typeof cur === 'object') delete (cur as Record<string, unknown>)[path[path.length - 1] as string];
}

/**
 * Validates one layer: unknown keys become warnings and are dropped, each bad value becomes an issue
 * and is dropped (the lower layer's value stays), and what is left is returned.
 */
export function zodLayerValidator(layer: ConfigLayer, issues: ConfigIssue[]): Record<string, unknown> {
  const values = structuredClone(layer.values);
  for (let round = 0; round < 8; round++) {
    const r = configSchema.safeParse(values);
    if (r.success) return r.data as Record<string, unknown>;
    for (const issue of r.error.issues) {
      const base = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        for (const k of issue.keys) {
          const key = [...base, k].join('.');
          issues.push({ layer: layer.name, source: layer.source, key, kind: 'unknown-key', message: `${layer.source}: unknown setting "${key}" ignored (see "memory config show" for the known ones)` });
          deletePath(values, [...issue.path, k]);
        }
        continue;
      }
      const key = base.join('.');
      const value = getPath(values, key);
      const problem = describe(issue, value);
      issues.push({ layer: layer.name, source: layer.source, key, kind: 'invalid-value', problem, message: `${layer.source}: ${key || '(root)'} ${problem}; using the value from the layer below` });
      if (!issue.path.length) return {};
      deletePath(values, issue.path);
    }
  }
  return {};
}
