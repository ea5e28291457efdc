import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BURST_MS,
  FOLD_AT_PENDING,
  MAX_PENDING_CHAIN,
  OWN_PENDING_KEPT,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  RECENT_TIP_MS,
  buildPending,
  burstInProgress,
  newPendingRef,
  ownPendingRefs,
  pendingPrefix,
  pendingRefTime,
  pendingRefsFigure,
  pendingStatus,
  readPending,
  recentForeignTip,
  rememberOwnPending,
  writePendingStatus,
  writeRawCommit
} from "./chunk-MPRPHYZB.js";
import {
  listRefs
} from "./chunk-STGK6KZJ.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
import "./chunk-VBFOSH5Y.js";
export {
  BURST_MS,
  FOLD_AT_PENDING,
  MAX_PENDING_CHAIN,
  OWN_PENDING_KEPT,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  RECENT_TIP_MS,
  buildPending,
  burstInProgress,
  listRefs,
  newPendingRef,
  ownPendingRefs,
  pendingPrefix,
  pendingRefTime,
  pendingRefsFigure,
  pendingStatus,
  readPending,
  recentForeignTip,
  rememberOwnPending,
  writePendingStatus,
  writeRawCommit
};
