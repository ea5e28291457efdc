import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-KG6VQT4P.js";
import "./chunk-QBP6TRAE.js";
import "./chunk-SXYU23IG.js";
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
