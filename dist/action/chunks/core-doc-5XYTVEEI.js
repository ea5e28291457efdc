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
} from "./chunk-JCMX3GDK.js";
import "./chunk-WMTLY4KJ.js";
import "./chunk-BDHC6O2J.js";
import "./chunk-LFXODTWV.js";
import "./chunk-ZEGGKKJW.js";
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
