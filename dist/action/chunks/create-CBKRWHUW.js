import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citeCommit,
  citeSpecsOf,
  resolveCitations
} from "./chunk-3A6X2SI5.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  citeCommit,
  citeSpecsOf,
  resolveCitations
};
