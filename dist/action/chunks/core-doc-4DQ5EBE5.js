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
} from "./chunk-Y6YP6V6R.js";
import "./chunk-5GR53BCC.js";
import "./chunk-Y525IT3Y.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-TJ5RY7KU.js";
import "./chunk-QELH3FFE.js";
import "./chunk-TDEZOTZH.js";
import "./chunk-4REC64I2.js";
import "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
