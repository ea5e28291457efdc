import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
} from "./chunk-EBM5BN7M.js";
import "./chunk-GGXOZEY6.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-OXLW64XD.js";
import "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
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
