import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  getAt,
  gitCli,
  gitCliAsync,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit
} from "./chunk-ZAVMDAWP.js";
import "./chunk-W5ENC4GP.js";
import "./chunk-47DQF2KA.js";
import "./chunk-UWLGHJZD.js";
import "./chunk-5FXUYNES.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
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
