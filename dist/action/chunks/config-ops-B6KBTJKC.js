import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  configGet,
  configSet,
  configShow,
  configUnset
} from "./chunk-D3K2UDBX.js";
import "./chunk-E3FCUWHD.js";
import "./chunk-LFXODTWV.js";
import "./chunk-G6ED4QC4.js";
import "./chunk-UAXURQDI.js";
import "./chunk-3KKDUFKL.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  configGet,
  configSet,
  configShow,
  configUnset
};
