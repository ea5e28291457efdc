import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-YOGQNHPV.js";
import "./chunk-OR7XTQ53.js";
import {
  ARCHIVE_DIR
} from "./chunk-CQNYWYCJ.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
