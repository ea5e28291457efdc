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
} from "./chunk-ZPSQV2D4.js";
import "./chunk-5GR53BCC.js";
import "./chunk-RJ2HTXEQ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-3644YZMK.js";
import "./chunk-47DQF2KA.js";
import "./chunk-VR7ABPSN.js";
import "./chunk-UWLGHJZD.js";
import "./chunk-5FXUYNES.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
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
