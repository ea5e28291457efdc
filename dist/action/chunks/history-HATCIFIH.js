import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-JV4MBOMQ.js";
import "./chunk-PLXGJJES.js";
import "./chunk-NTLDCZ3M.js";
import "./chunk-OR52BLOQ.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
export {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
};
