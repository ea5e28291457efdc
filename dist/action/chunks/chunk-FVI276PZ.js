import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  scanText
} from "./chunk-IQD4E6NP.js";
import {
  CONFIG_ENUMS,
  DAY_DURATION,
  DEFAULT_CONFIG,
  DURATION_KEYS,
  EMPTY_ALLOWED,
  NUMBER_RULES
} from "./chunk-G6ED4QC4.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/model/config.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";

// src/model/config-validate.ts
function validateLayer(layer, issues) {
  const unknown = (key) => issues.push({ layer: layer.name, source: layer.source, key, kind: "unknown-key", message: `${layer.source}: unknown setting "${key}" ignored (see "memory config show" for the known ones)` });
  const invalid = (key, problem) => issues.push({ layer: layer.name, source: layer.source, key, kind: "invalid-value", problem, message: `${layer.source}: ${key || "(root)"} ${problem}; using the value from the layer below` });
  const walk = (values, schema, prefix) => {
    const out = {};
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
      if (v === void 0) continue;
      const dflt = schema[k];
      if (isObject(dflt)) {
        const inner = walk(v, dflt, key);
        if (isObject(v)) out[k] = inner;
        continue;
      }
      const problem = leafProblem(key, dflt, v);
      if (problem) invalid(key, problem);
      else out[k] = typeof v === "string" ? v.trim() : v;
    }
    return out;
  };
  return walk(layer.values, DEFAULT_CONFIG, "");
}
function leafProblem(key, dflt, v) {
  const got = shown(v);
  const words = CONFIG_ENUMS[key];
  if (words) return typeof v === "string" && words.includes(v) ? null : `must be one of ${words.map((w) => JSON.stringify(w)).join(", ")}, got ${got}`;
  if (typeof dflt === "boolean") return typeof v === "boolean" ? null : `must be a boolean, got ${got}`;
  if (typeof dflt === "string") {
    if (typeof v !== "string") return `must be a string, got ${got}`;
    if (v.trim() === "") return EMPTY_ALLOWED.has(key) ? null : "must not be empty";
    if (DURATION_KEYS.has(key) && !(DAY_DURATION.test(v.trim()) && Number(v.trim().slice(0, -1)) <= 3650)) return `must be a number of days written like "28d" (1d to 3650d), got ${got}`;
    return null;
  }
  const rule = NUMBER_RULES[key];
  if (typeof v !== "number" || !Number.isFinite(v)) return `must be ${rule?.int ? "a whole number" : "a number"}, got ${got}`;
  if (rule?.int && !Number.isInteger(v)) return `must be a whole number, got ${got}`;
  const min = rule?.min ?? 0;
  if (v < min) return `must be at least ${min}, got ${got}`;
  if (rule?.max !== void 0 && v > rule.max) return `must be at most ${rule.max}, got ${got}`;
  return null;
}
function isObject(v) {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
function shown(v) {
  let s;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

// src/model/config.ts
var BRANCH_CONFIG_PATH = ".memory/config.json";
var REPO_CONFIG_FILE = ".git-memory.json";
function configKeys() {
  const out = [];
  const walk = (obj, prefix) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === "object") walk(v, key);
      else out.push({ key, kind: typeof v });
    }
  };
  walk(DEFAULT_CONFIG, "");
  return out;
}
function envNameFor(key) {
  return "MEMORY_" + key.replace(/\./g, "_").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}
function setPath(obj, key, value) {
  const parts = key.split(".");
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (!next || typeof next !== "object" || Array.isArray(next)) cur[parts[i]] = {};
    cur = cur[parts[i]];
  }
  cur[parts[parts.length - 1]] = value;
}
function parseValue(kind, raw) {
  const s = raw.trim();
  if (kind === "boolean") {
    if (/^(true|1|yes|on)$/i.test(s)) return true;
    if (/^(false|0|no|off)$/i.test(s)) return false;
    return raw;
  }
  if (kind === "number") return s !== "" && Number.isFinite(Number(s)) ? Number(s) : raw;
  return raw;
}
function envLayer(env = process.env) {
  const values = {};
  const used = [];
  for (const { key, kind } of configKeys()) {
    const name = envNameFor(key);
    const raw = env[name];
    if (raw === void 0 || raw === "") continue;
    setPath(values, key, parseValue(kind, raw));
    used.push(name);
  }
  return used.length ? { name: "env", source: used.join(", "), values } : null;
}
function parseConfigText(text, layer, source, issues) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    issues.push({ layer, source, key: "", kind: "unreadable", message: `${source} is not valid JSON (${err.message}); its settings are ignored` });
    return null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    issues.push({ layer, source, key: "", kind: "unreadable", message: `${source} must hold a JSON object of settings; ignored` });
    return null;
  }
  return { name: layer, source, values: data };
}
function repoFileLayer(root, issues) {
  if (!root) return null;
  const file = join(root, REPO_CONFIG_FILE);
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  return parseConfigText(text, "repo", REPO_CONFIG_FILE, issues);
}
function mergeInto(target, src, origin, name, prefix = "") {
  for (const [k, v] of Object.entries(src)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      if (!target[k] || typeof target[k] !== "object") target[k] = {};
      mergeInto(target[k], v, origin, name, key);
    } else {
      target[k] = v;
      origin[key] = name;
    }
  }
}
function resolveConfig(layers = [], issues = []) {
  const config = structuredClone(DEFAULT_CONFIG);
  const origin = {};
  for (const { key } of configKeys()) origin[key] = "defaults";
  for (const layer of layers) mergeInto(config, validateLayer(layer, issues), origin, layer.name);
  return { config, layers, issues, origin };
}
function validateLayerStrict(layer) {
  const issues = [];
  const values = validateLayer(layer, issues);
  return { values, issues };
}
function readBranchConfigText(store, commit = store.tip()) {
  const tree = store.treeOf(commit);
  const e = tree ? store.git.entryAt(tree, BRANCH_CONFIG_PATH) : null;
  return e ? store.git.readBlob(e.oid).toString("utf8") : null;
}
function sanitizeFileLayer(layer, issues) {
  const values = structuredClone(layer.values);
  if (values.secretGuard === "off") {
    delete values.secretGuard;
    issues.push({
      layer: layer.name,
      source: layer.source,
      key: "secretGuard",
      kind: "invalid-value",
      problem: 'may not be "off" in a file',
      message: `${layer.source}: secretGuard "off" is ignored: only the person running the command may lower the secret guard (--allow-secret, or MEMORY_SECRET_GUARD=off in the environment)`
    });
  }
  const sync = values.sync;
  if (sync && typeof sync === "object" && typeof sync.maxDeleteRatio === "number" && sync.maxDeleteRatio > DEFAULT_CONFIG.sync.maxDeleteRatio) {
    delete sync.maxDeleteRatio;
    issues.push({
      layer: layer.name,
      source: layer.source,
      key: "sync.maxDeleteRatio",
      kind: "invalid-value",
      problem: `may not be above ${DEFAULT_CONFIG.sync.maxDeleteRatio} in a file`,
      message: `${layer.source}: sync.maxDeleteRatio above ${DEFAULT_CONFIG.sync.maxDeleteRatio} is ignored: only the person running the command may loosen it (MEMORY_SYNC_MAX_DELETE_RATIO in the environment)`
    });
  }
  const walk = (obj, prefix) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === "object" && !Array.isArray(v)) walk(v, key);
      else if (typeof v === "string" && scanText(`${k}=${v}`).length) {
        delete obj[k];
        issues.push({ layer: layer.name, source: layer.source, key, kind: "invalid-value", problem: "looks like a credential", message: `${layer.source}: ${key} looks like a credential; ignored (remove it from the file)` });
      }
    }
  };
  walk(values, "");
  return { ...layer, values };
}
function configLayers(store, flags, issues, env = process.env) {
  const layers = [];
  const branchText = readBranchConfigText(store);
  const branch = branchText === null ? null : parseConfigText(branchText, "branch", `${BRANCH_CONFIG_PATH} on branch ${store.branch}`, issues);
  if (branch) layers.push(sanitizeFileLayer(branch, issues));
  const repo = store.git.location.bare ? null : repoFileLayer(store.git.location.root, issues);
  if (repo) layers.push(sanitizeFileLayer(repo, issues));
  const e = envLayer(env);
  if (e) layers.push(e);
  if (flags && Object.keys(flags).length) layers.push({ name: "flags", source: "options", values: flags });
  return layers;
}
function readStoreConfig(store, flags) {
  const issues = [];
  const layers = configLayers(store, flags, issues);
  const resolved = resolveConfig(layers, issues);
  const bad = issues.find((i) => i.layer === "flags");
  if (bad) throw new InvalidInputError(bad.message, { field: bad.key });
  return resolved;
}
function branchConfigOid(store) {
  const tree = store.treeOf(store.tip());
  return tree ? store.git.entryAt(tree, BRANCH_CONFIG_PATH)?.oid ?? null : null;
}

export {
  BRANCH_CONFIG_PATH,
  configKeys,
  setPath,
  parseValue,
  parseConfigText,
  validateLayerStrict,
  readBranchConfigText,
  readStoreConfig,
  branchConfigOid
};
