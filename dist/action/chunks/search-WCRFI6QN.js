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
  unmarkRestored
} from "./chunk-UQPO4I7F.js";
import {
  analyze,
  queryTerms,
  terms
} from "./chunk-LNVNMLMP.js";
import "./chunk-UXPUN76T.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-OXLW64XD.js";
import "./chunk-SW6HMA3H.js";
import "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
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
  unmarkRestored
};
