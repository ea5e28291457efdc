import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citeCommit,
  citeSpecsOf,
  resolveCitations
} from "./chunk-FTS7RRW7.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-HDYIXRIV.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-KHIUX3T5.js";
import "./chunk-VBFOSH5Y.js";
export {
  citeCommit,
  citeSpecsOf,
  resolveCitations
};
