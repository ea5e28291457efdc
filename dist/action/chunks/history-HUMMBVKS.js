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
} from "./chunk-QYP7AYKF.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-P33V5WTW.js";
import "./chunk-SW6HMA3H.js";
import "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
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
