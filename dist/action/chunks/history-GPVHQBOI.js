import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-KN6PBBC3.js";
import "./chunk-XBAKE2TQ.js";
import "./chunk-DL2LGF4A.js";
import "./chunk-YLVP6WJH.js";
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
