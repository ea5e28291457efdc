import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  archiveSegment,
  compileFilter,
  diffMemories,
  filterIds,
  fullTextScores,
  normalizeFilter,
  openIndex,
  queryTerms,
  rank,
  readMemory,
  rebuildIndex,
  search,
  terms,
  textScores
} from "./chunk-ZNZDSTQ4.js";
import "./chunk-L4B73JOO.js";
import "./chunk-CWRW6UPV.js";
import "./chunk-QYAILLOR.js";
import "./chunk-M76ZH5Q4.js";
import "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";
export {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  archiveSegment,
  compileFilter,
  diffMemories,
  filterIds,
  fullTextScores,
  normalizeFilter,
  openIndex,
  queryTerms,
  rank,
  readMemory,
  rebuildIndex,
  search,
  terms,
  textScores
};
