import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/model/config-defaults.ts
var DEFAULT_CONFIG = {
  maxMemories: 1e4,
  autoTag: true,
  defaultCategory: "general",
  defaultPriority: "medium",
  searchRelevance: { tagMatch: 3, categoryMatch: 2, contentMatch: 1 },
  retention: { enabled: false, deleteAfterDays: 90, archiveAfterDays: 30 },
  citations: { staleAfter: "" },
  trashRetentionDays: 30,
  coreMaxChars: 8e3,
  maxContentBytes: 64 * 1024,
  hybrid: { vectorWeight: 0.7, contextWeight: 0.2, contextMinutes: 30, minSimilarity: 0, embedder: "use", model: "", baseUrl: "", apiKeyEnv: "OPENAI_API_KEY", batchSize: 64, timeoutMs: 3e4, retries: 2 },
  sync: { retries: 20, maxDeleteRatio: 0.5 },
  secretGuard: "block",
  dedupe: true
};
function getPath(obj, key) {
  let cur = obj;
  for (const part of key.split(".")) {
    if (!cur || typeof cur !== "object" || Array.isArray(cur)) return void 0;
    cur = cur[part];
  }
  return cur;
}
var ENUMS = {
  defaultPriority: ["low", "medium", "high"],
  secretGuard: ["block", "redact", "off"],
  "hybrid.embedder": ["use", "openai", "onnx", "none"]
};
var EMPTY_ALLOWED = /* @__PURE__ */ new Set(["hybrid.model", "hybrid.baseUrl", "citations.staleAfter"]);
var DAY_DURATION = /^([1-9][0-9]{0,3})d$/;
var DURATION_KEYS = /* @__PURE__ */ new Set(["citations.staleAfter"]);
var NUMBER_RULES = {
  maxMemories: { min: 1, int: true },
  "searchRelevance.tagMatch": { min: 0, int: false },
  "searchRelevance.categoryMatch": { min: 0, int: false },
  "searchRelevance.contentMatch": { min: 0, int: false },
  "retention.deleteAfterDays": { min: 1, int: true },
  "retention.archiveAfterDays": { min: 1, int: true },
  trashRetentionDays: { min: 0, int: true },
  coreMaxChars: { min: 1, int: true },
  maxContentBytes: { min: 1, max: 16 * 1024 * 1024, int: true },
  "hybrid.vectorWeight": { min: 0, max: 1, int: false },
  "hybrid.contextWeight": { min: 0, max: 1, int: false },
  "hybrid.contextMinutes": { min: 0, max: 1440, int: false },
  "hybrid.minSimilarity": { min: 0, max: 1, int: false },
  "sync.retries": { min: 0, max: 1e3, int: true },
  "hybrid.batchSize": { min: 1, max: 2048, int: true },
  "hybrid.timeoutMs": { min: 1, max: 6e5, int: true },
  "hybrid.retries": { min: 0, max: 10, int: true },
  "sync.maxDeleteRatio": { min: 0, max: 1, int: false }
};
var CONFIG_ENUMS = ENUMS;

export {
  DEFAULT_CONFIG,
  getPath,
  EMPTY_ALLOWED,
  DAY_DURATION,
  DURATION_KEYS,
  NUMBER_RULES,
  CONFIG_ENUMS
};
