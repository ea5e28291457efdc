import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  configGet,
  configSet,
  configShow,
  configUnset
} from "./chunk-HINIP47P.js";
import "./chunk-FVI276PZ.js";
import "./chunk-IQD4E6NP.js";
import "./chunk-G6ED4QC4.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  configGet,
  configSet,
  configShow,
  configUnset
};
