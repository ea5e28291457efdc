import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  NOW_CONTEXT,
  NOW_MAX_CHARS,
  NOW_MAX_LINES,
  citationStates,
  citationsOf,
  entriesOf,
  verifyMemories
} from "./chunk-DYDBEEJM.js";
import "./chunk-FTS7RRW7.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-XN62YAT5.js";
import "./chunk-HDYIXRIV.js";
import "./chunk-XKDPFNNZ.js";
import "./chunk-6OADD7PC.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
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
