import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  CONFIG_ENUMS,
  DEFAULT_CONFIG,
  EMPTY_ALLOWED,
  NUMBER_RULES,
  getPath
} from "./chunk-K6EUXEO3.js";
import {
  scanText
} from "./chunk-QELH3FFE.js";
import {
  InvalidInputError
} from "./chunk-UL6AG55K.js";

// src/core/config.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
function structuralValidator(layer, issues) {
  const clean = {};
  const known = new Set(configKeys().map((k) => k.key));
  const walk = (obj, prefix) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      const dflt = getPath(DEFAULT_CONFIG, key);
      if (dflt !== void 0 && typeof dflt === "object" && v && typeof v === "object" && !Array.isArray(v)) {
        walk(v, key);
        continue;
      }
      if (!known.has(key)) {
        issues.push({ layer: layer.name, source: layer.source, key, kind: "unknown-key", message: `${layer.source}: unknown setting "${key}" ignored` });
        continue;
      }
      const rule = NUMBER_RULES[key];
      const ok = typeof v === typeof dflt && (!CONFIG_ENUMS[key] || CONFIG_ENUMS[key].includes(v)) && (typeof v !== "string" || v.trim() !== "" || EMPTY_ALLOWED.has(key)) && (!rule || Number.isFinite(v) && v >= rule.min && (rule.max === void 0 || v <= rule.max) && (!rule.int || Number.isInteger(v)));
      if (ok) setPath(clean, key, v);
      else issues.push({ layer: layer.name, source: layer.source, key, kind: "invalid-value", message: `${layer.source}: ${key} has an invalid value ${JSON.stringify(v)}; using the lower layer's value` });
    }
  };
  walk(layer.values, "");
  return clean;
}
var validator = structuralValidator;
async function loadConfigValidator() {
  if (validator !== structuralValidator) return;
  const mod = await import("./config-schema-AGQUU4M3.js");
  validator = mod.zodLayerValidator;
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
  for (const layer of layers) mergeInto(config, validator(layer, issues), origin, layer.name);
  return { config, layers, issues, origin };
}
function validateLayerStrict(layer) {
  const issues = [];
  const values = validator(layer, issues);
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
  if (bad) throw new ConfigInputError(bad.message, bad.key);
  return resolved;
}
async function loadStoreConfig(store, flags) {
  const issues = [];
  if (configLayers(store, flags, issues).length || issues.length) await loadConfigValidator();
  return readStoreConfig(store, flags);
}
var ConfigInputError = class extends InvalidInputError {
  constructor(message, key) {
    super(message, { field: key });
  }
};
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
  loadConfigValidator,
  validateLayerStrict,
  readBranchConfigText,
  readStoreConfig,
  loadStoreConfig,
  branchConfigOid
};
