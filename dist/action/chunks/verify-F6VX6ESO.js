import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
} from "./chunk-VCX2PV3V.js";
import "./chunk-3A6X2SI5.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-2QD6CEEN.js";
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
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
};
