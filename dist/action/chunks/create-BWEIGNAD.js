import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citeCommit,
  citeSpecsOf,
  resolveCitations
} from "./chunk-EJBUYO5P.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-CNRW4CSS.js";
import "./chunk-MQAQCRNL.js";
import "./chunk-3KKDUFKL.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  citeCommit,
  citeSpecsOf,
  resolveCitations
};
