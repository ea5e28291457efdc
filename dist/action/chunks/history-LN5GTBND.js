import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-2NHECL2H.js";
import "./chunk-22DPOIMF.js";
import "./chunk-VLJ2NM44.js";
import "./chunk-5RDPWQEF.js";
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
