import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-LNMWNN6C.js";
import "./chunk-T7O2VLGT.js";
import "./chunk-PA3TFRYT.js";
import "./chunk-ROOA6VXC.js";
import "./chunk-GCNSAT3V.js";
import "./chunk-ZTZC2PO4.js";
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
