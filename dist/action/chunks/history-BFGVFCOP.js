import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-NUF4NIQW.js";
import "./chunk-AUVGVUV2.js";
import "./chunk-KAPL5I5O.js";
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
