import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  citeCommit,
  citeSpecsOf,
  resolveCitations
} from "./chunk-GGXOZEY6.js";
import "./chunk-6FGNS2U2.js";
import "./chunk-OXLW64XD.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-TQGNLJW4.js";
import "./chunk-VBFOSH5Y.js";
export {
  citeCommit,
  citeSpecsOf,
  resolveCitations
};
