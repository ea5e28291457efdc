import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-HVX5QQFT.js";
import "./chunk-INGJLHS7.js";
import "./chunk-2LKMUSV2.js";
import "./chunk-AAUR7TRV.js";
import "./chunk-6IDCQH2Q.js";
export {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
};
