import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  archiveSegment,
  baseSegmentFile,
  compileFilter,
  diffFromTable,
  diffMemories,
  docIds,
  filterIds,
  fullTextMatches,
  fullTextScores,
  hasUsableIndex,
  indexFiles,
  lastIndexOpen,
  markRestored,
  normalizeFilter,
  openIndex,
  rank,
  readMemory,
  rebuildIndex,
  search,
  textScores,
  unmarkRestored,
  viewOf
} from "./chunk-SQPU6ST4.js";
import {
  analyze,
  queryTerms,
  terms
} from "./chunk-PEYQQDAN.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-HDYIXRIV.js";
import "./chunk-HVYA2U6Q.js";
import "./chunk-XKDPFNNZ.js";
import "./chunk-6OADD7PC.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
import "./chunk-VBFOSH5Y.js";
export {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  analyze,
  archiveSegment,
  baseSegmentFile,
  compileFilter,
  diffFromTable,
  diffMemories,
  docIds,
  filterIds,
  fullTextMatches,
  fullTextScores,
  hasUsableIndex,
  indexFiles,
  lastIndexOpen,
  markRestored,
  normalizeFilter,
  openIndex,
  queryTerms,
  rank,
  readMemory,
  rebuildIndex,
  search,
  terms,
  textScores,
  unmarkRestored,
  viewOf
};
