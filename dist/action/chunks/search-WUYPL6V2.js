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
} from "./chunk-Z6CSIE4F.js";
import {
  analyze,
  queryTerms,
  terms
} from "./chunk-GHVMMVOT.js";
import "./chunk-KZZYYKRM.js";
import "./chunk-TDEZOTZH.js";
import "./chunk-4REC64I2.js";
import "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
