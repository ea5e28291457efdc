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
} from "./chunk-BWDVYQAZ.js";
import "./chunk-WMTLY4KJ.js";
import "./chunk-SR3WZ7R3.js";
import "./chunk-KKNWED3X.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-XN62YAT5.js";
import "./chunk-HDYIXRIV.js";
import "./chunk-HVYA2U6Q.js";
import "./chunk-XKDPFNNZ.js";
import "./chunk-6OADD7PC.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
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
