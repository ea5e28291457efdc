import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
} from "./chunk-6UM52UBV.js";
import "./chunk-R7AM7CZE.js";
import "./chunk-LZP4DUDM.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-OXLW64XD.js";
import "./chunk-2L2K7XTV.js";
import "./chunk-63NF2UP7.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
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
