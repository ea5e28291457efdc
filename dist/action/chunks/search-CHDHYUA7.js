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
} from "./chunk-ACMVMPY4.js";
import {
  DEFAULT_WEIGHTS,
  IndexView
} from "./chunk-5VCWNMQA.js";
import "./chunk-YTZHN34W.js";
import {
  analyze,
  queryTerms,
  terms
} from "./chunk-CFTP24FZ.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-E3OSZJLW.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
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
