import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-R7QOPYJK.js";
import "./chunk-25WTHNFR.js";
import "./chunk-TJC5JJJF.js";
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
