import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  USE_MODEL_ID
} from "./chunk-UIE3Y3TH.js";
import {
  DEFAULT_CONFIG
} from "./chunk-G6ED4QC4.js";
import {
  InvalidInputError
} from "./chunk-FJGJKBHJ.js";

// src/search/hybrid-options.ts
var CALIBRATED_MIN_SIMILARITY = {
  [USE_MODEL_ID]: 0.59
};
var UNCALIBRATED_MIN_SIMILARITY = 0.5;
function minSimilarity(store, embedder, option) {
  const check = (v, field) => {
    if (!Number.isFinite(v) || v < -1 || v > 1) throw new InvalidInputError(`${field} must be a cosine similarity between -1 and 1, got ${JSON.stringify(v)}`, { field });
    return v;
  };
  if (option !== void 0 && option !== null) return { value: check(Number(option), "minSimilarity"), source: "option" };
  const cfg = Number(store.config().hybrid?.minSimilarity);
  if (Number.isFinite(cfg) && cfg > 0 && cfg <= 1) return { value: cfg, source: "config" };
  const cal = CALIBRATED_MIN_SIMILARITY[embedder.id];
  if (cal !== void 0) return { value: cal, source: "calibrated" };
  return { value: UNCALIBRATED_MIN_SIMILARITY, source: "default" };
}
var FEEDBACK_DOCS = 2;
var FEEDBACK_MIN_MEMORIES = 100;
var CONTEXT_WEIGHT = DEFAULT_CONFIG.hybrid.contextWeight;
function feedbackDefault() {
  return !["0", "false", "no", "off"].includes((process.env.MEMORY_HYBRID_FEEDBACK ?? "").trim().toLowerCase());
}
var PAGE_SUPPORT = true;
var CALIBRATION_MIN_MEMORIES = 20;
var SMALL_STORE_MEMORIES = 100;
var NOTE_STORE_SHARE = 0.5;
var NAME_HOLDERS = 3;
var SESSION_CAP = 0;
var EXPANSION = "none";
var EXPANSION_WEIGHT = 0.5;
var COVERAGE_POWER = 0.5;
var DIVERSITY = 1;
var SEMANTIC_CANDIDATES = 3;
function hybridSetting(store, key, dflt, max) {
  const w = Number(store.config().hybrid?.[key]);
  return Number.isFinite(w) && w >= 0 && w <= max ? w : dflt;
}
function hybridSettings(store, opts) {
  return {
    vectorWeight: hybridSetting(store, "vectorWeight", DEFAULT_CONFIG.hybrid.vectorWeight, 1),
    contextWeight: hybridSetting(store, "contextWeight", CONTEXT_WEIGHT, 1),
    windowMs: hybridSetting(store, "contextMinutes", DEFAULT_CONFIG.hybrid.contextMinutes, 1440) * 6e4,
    coveragePower: opts.coveragePower ?? COVERAGE_POWER,
    semanticCandidates: opts.semanticCandidates ?? SEMANTIC_CANDIDATES,
    expansionWeight: opts.expansionWeight ?? EXPANSION_WEIGHT
  };
}

export {
  CALIBRATED_MIN_SIMILARITY,
  minSimilarity,
  FEEDBACK_DOCS,
  FEEDBACK_MIN_MEMORIES,
  feedbackDefault,
  PAGE_SUPPORT,
  CALIBRATION_MIN_MEMORIES,
  SMALL_STORE_MEMORIES,
  NOTE_STORE_SHARE,
  NAME_HOLDERS,
  SESSION_CAP,
  EXPANSION,
  DIVERSITY,
  hybridSettings
};
