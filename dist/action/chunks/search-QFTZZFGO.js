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
} from "./chunk-PULQXHS3.js";
import "./chunk-QHDPJDFF.js";
import "./chunk-CQ2UC2BE.js";
import "./chunk-AAUR7TRV.js";
import "./chunk-6IDCQH2Q.js";
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
