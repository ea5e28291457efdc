import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  HISTORY_TEXT_BUDGET,
  capFileText,
  capText,
  getAt,
  gitCli,
  gitCliAsync,
  historyTextBudget,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit,
  spendTextBudget,
  utf8Cut,
  versionTextCap
} from "./chunk-X45RSFVB.js";
import "./chunk-2L4SH23X.js";
import "./chunk-PUDAOHPW.js";
import "./chunk-ZEGGKKJW.js";
import "./chunk-3YJO3FTS.js";
import "./chunk-SX3RYMZO.js";
import "./chunk-UAXURQDI.js";
import "./chunk-MQAQCRNL.js";
import "./chunk-3KKDUFKL.js";
import "./chunk-Y53ZR2DQ.js";
import "./chunk-CQOITEG3.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  HISTORY_TEXT_BUDGET,
  capFileText,
  capText,
  getAt,
  gitCli,
  gitCliAsync,
  historyTextBudget,
  lastKnownFile,
  logPaths,
  memoryHistory,
  resolveCommit,
  spendTextBudget,
  utf8Cut,
  versionTextCap
};
