import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  compileFilter,
  diffMemories,
  filterIds,
  fullTextScores,
  normalizeFilter,
  openIndex,
  queryTerms,
  rank,
  rebuildIndex,
  search,
  terms,
  textScores
} from "./chunk-T7Y3NXCJ.js";
import "./chunk-SXBH2PUZ.js";
import "./chunk-RPBUKCFL.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
export {
  DEFAULT_BM25,
  DEFAULT_WEIGHTS,
  IndexView,
  MEMORIES_PREFIX,
  analyze,
  compileFilter,
  diffMemories,
  filterIds,
  fullTextScores,
  normalizeFilter,
  openIndex,
  queryTerms,
  rank,
  rebuildIndex,
  search,
  terms,
  textScores
};
