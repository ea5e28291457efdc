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
} from "./chunk-7GL3BCMD.js";
import "./chunk-5GR53BCC.js";
import "./chunk-WD6PZ5KD.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-7J66HWOH.js";
import "./chunk-QELH3FFE.js";
import "./chunk-O2YEL7ET.js";
import "./chunk-FJ5LWIOV.js";
import "./chunk-XWN73OTE.js";
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
