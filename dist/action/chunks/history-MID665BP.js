import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-22PW645F.js";
import "./chunk-2SZJ36E3.js";
import "./chunk-CWRW6UPV.js";
import "./chunk-QYAILLOR.js";
import "./chunk-M76ZH5Q4.js";
import "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";
export {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
};
