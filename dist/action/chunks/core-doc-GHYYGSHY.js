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
} from "./chunk-XR5R6GM7.js";
import "./chunk-WMTLY4KJ.js";
import "./chunk-GRE5BRR7.js";
import "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
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
