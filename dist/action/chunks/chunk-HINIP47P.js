import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BRANCH_CONFIG_PATH,
  configKeys,
  parseConfigText,
  parseValue,
  readBranchConfigText,
  setPath,
  validateLayerStrict
} from "./chunk-FVI276PZ.js";
import {
  scanText,
  secretDetected
} from "./chunk-IQD4E6NP.js";
import {
  DEFAULT_CONFIG,
  getPath
} from "./chunk-G6ED4QC4.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/lifecycle/config-ops.ts
async function configShow(store) {
  await store.loadConfig();
  const r = store.resolvedConfig();
  return { success: true, config: r.config, origin: r.origin, layers: r.layers.map((l) => ({ name: l.name, source: l.source })), issues: r.issues };
}
function knownKey(key) {
  const k = configKeys().find((x) => x.key === key);
  if (k) return k;
  const prefix = configKeys().filter((x) => x.key.startsWith(key + "."));
  if (prefix.length) return { key, kind: "string" };
  throw new InvalidInputError(`unknown setting "${key}"; known: ${configKeys().map((x) => x.key).join(", ")}`, { field: "key", key });
}
async function configGet(store, key) {
  knownKey(key);
  await store.loadConfig();
  const r = store.resolvedConfig();
  const precedence = ["flags", "env", "repo", "branch", "defaults"];
  const parts = new Set(Object.entries(r.origin).filter(([k]) => k.startsWith(key + ".")).map(([, o]) => o));
  const origin = r.origin[key] ?? ([...parts].sort((a, b) => precedence.indexOf(a) - precedence.indexOf(b)).join(", ") || "defaults");
  return { success: true, key, value: getPath(r.config, key), origin };
}
function branchValues(store, tip) {
  const text = readBranchConfigText(store, tip);
  if (text === null) return {};
  const issues = [];
  const layer = parseConfigText(text, "branch", BRANCH_CONFIG_PATH, issues);
  if (!layer) throw new InvalidInputError(`${issues[0]?.message ?? "the branch config file is unreadable"}; fix or remove it with git, then retry`, { field: "config" });
  return layer.values;
}
async function configSet(store, key, raw) {
  const k = knownKey(key);
  let value = raw;
  if (typeof raw === "string") {
    value = parseValue(k.kind, raw);
    if (k.kind === "string" && /^[[{]/.test(raw.trim())) {
      try {
        value = JSON.parse(raw);
      } catch {
      }
    }
  }
  const findings = scanText(`${key}=${typeof value === "string" ? value : JSON.stringify(value)}`, "value");
  if (findings.length) throw secretDetected(findings, `the setting ${key}`);
  if (key === "secretGuard" && value === "off") {
    throw new InvalidInputError('secretGuard "off" cannot be stored on the branch (every job would store credentials): lower the guard per write instead (allow-secret, or MEMORY_SECRET_GUARD=off)', { field: "value", key });
  }
  if (key === "sync.maxDeleteRatio" && typeof value === "number" && value > DEFAULT_CONFIG.sync.maxDeleteRatio) {
    throw new InvalidInputError(
      `sync.maxDeleteRatio above ${DEFAULT_CONFIG.sync.maxDeleteRatio} cannot be stored on the branch (the bound protects against the branch itself): loosen it per command with MEMORY_SYNC_MAX_DELETE_RATIO`,
      { field: "value", key }
    );
  }
  const probe = { name: "flags", source: `${key}`, values: {} };
  setPath(probe.values, key, value);
  const { issues } = validateLayerStrict(probe);
  if (issues.length) throw new InvalidInputError(`${issues.map((i) => i.problem ? `${i.key} ${i.problem}` : i.message).join("; ")}; nothing was changed`, { field: "value", key });
  const res = await store.mutate((tip) => {
    const values = structuredClone(branchValues(store, tip));
    if (JSON.stringify(getPath(values, key)) === JSON.stringify(value)) return { change: null, result: { changed: false } };
    setPath(values, key, value);
    return {
      change: {
        changes: /* @__PURE__ */ new Map([[BRANCH_CONFIG_PATH, Buffer.from(JSON.stringify(values, null, 2) + "\n", "utf8")]]),
        message: `memory: config set ${key} = ${JSON.stringify(value)}
`
      },
      result: { changed: true }
    };
  });
  store.invalidateConfig();
  return { success: true, key, value, commit: res.commit, changed: res.changed };
}
async function configUnset(store, key) {
  const res = await store.mutate((tip) => {
    const values = structuredClone(branchValues(store, tip));
    if (getPath(values, key) === void 0) return { change: null, result: { changed: false } };
    const parts = key.split(".");
    const parent = parts.length > 1 ? getPath(values, parts.slice(0, -1).join(".")) : values;
    delete parent[parts[parts.length - 1]];
    return {
      change: { changes: /* @__PURE__ */ new Map([[BRANCH_CONFIG_PATH, Buffer.from(JSON.stringify(values, null, 2) + "\n", "utf8")]]), message: `memory: config unset ${key}
` },
      result: { changed: true }
    };
  });
  store.invalidateConfig();
  return { success: true, key, commit: res.commit, changed: res.changed };
}

export {
  configShow,
  configGet,
  configSet,
  configUnset
};
