import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  archiveSegment,
  baseSegmentFile,
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
} from "./chunk-OJTEUJ6K.js";
import "./chunk-VR7ABPSN.js";
import "./chunk-UWLGHJZD.js";
import "./chunk-5FXUYNES.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
export {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  archiveSegment,
  baseSegmentFile,
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
