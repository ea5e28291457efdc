import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DEFAULT_BM25,
  archiveSegment,
  compileFilter,
  docIds,
  filterIds,
  fullTextMatches,
  fullTextScores,
  normalizeFilter,
  openIndex,
  rank,
  readMemory,
  rebuildIndex,
  search,
  textScores
} from "./chunk-AAEFGJ2B.js";
import {
  DEFAULT_WEIGHTS,
  IndexView
} from "./chunk-GDNICEDU.js";
import "./chunk-YTZHN34W.js";
import {
  analyze,
  queryTerms,
  terms
} from "./chunk-A3AHOKQU.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-ACHGFJY3.js";
import "./chunk-3YJO3FTS.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-CNRW4CSS.js";
import "./chunk-SX3RYMZO.js";
import "./chunk-UAXURQDI.js";
import "./chunk-MQAQCRNL.js";
import "./chunk-3KKDUFKL.js";
import "./chunk-Y53ZR2DQ.js";
import "./chunk-CQOITEG3.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  analyze,
  archiveSegment,
  compileFilter,
  docIds,
  filterIds,
  fullTextMatches,
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
