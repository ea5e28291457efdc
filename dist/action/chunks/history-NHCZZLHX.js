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
} from "./chunk-D4GD5BDS.js";
import "./chunk-XN62YAT5.js";
import "./chunk-Y6VKJAXI.js";
import "./chunk-ULTVWTDE.js";
import "./chunk-A5OLTXB7.js";
import "./chunk-KPDVHCF4.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
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
