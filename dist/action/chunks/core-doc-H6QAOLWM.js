import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  CORE_DIR,
  DEFAULT_CORE,
  applyOperation,
  applyOperations,
  charCount,
  coreHistory,
  coreName,
  corePath,
  coreRestore,
  coreSet,
  coreUpdate,
  coreView
} from "./chunk-ND2ZKEYO.js";
import "./chunk-WMTLY4KJ.js";
import "./chunk-NH4XNMDR.js";
import "./chunk-WLM4QXKQ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-OXLW64XD.js";
import "./chunk-B6FTEJH5.js";
import "./chunk-2L2K7XTV.js";
import "./chunk-63NF2UP7.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
import "./chunk-VBFOSH5Y.js";
export {
  CORE_DIR,
  DEFAULT_CORE,
  applyOperation,
  applyOperations,
  charCount,
  coreHistory,
  coreName,
  corePath,
  coreRestore,
  coreSet,
  coreUpdate,
  coreView
};
