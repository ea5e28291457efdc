import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
} from "./chunk-YSKDNLAE.js";
import "./chunk-EJBUYO5P.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-ZEGGKKJW.js";
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
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
};
