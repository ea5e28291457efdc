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
} from "./chunk-DVOM32EV.js";
import "./chunk-IV4MYADZ.js";
import "./chunk-PA3TFRYT.js";
import "./chunk-ROOA6VXC.js";
import "./chunk-GCNSAT3V.js";
import "./chunk-ZTZC2PO4.js";
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
