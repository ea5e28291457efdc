import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-RBAVIOOI.js";
import "./chunk-FFK6OY2W.js";
import "./chunk-CQ2UC2BE.js";
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
