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
} from "./chunk-UUMWC5H2.js";
import "./chunk-XN62YAT5.js";
import "./chunk-4LIDGMOG.js";
import "./chunk-HVYA2U6Q.js";
import "./chunk-XKDPFNNZ.js";
import "./chunk-6OADD7PC.js";
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
