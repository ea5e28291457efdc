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
} from "./chunk-Z4E6GYTI.js";
import "./chunk-M4G72GDM.js";
import "./chunk-OR7XTQ53.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
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
