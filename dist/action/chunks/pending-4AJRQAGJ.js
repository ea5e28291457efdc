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
  writePendingStatus
} from "./chunk-WQFVWSTY.js";
import {
  listRefs
} from "./chunk-QEMB62LY.js";
import "./chunk-ZEGGKKJW.js";
import "./chunk-CQOITEG3.js";
import "./chunk-2Y3HFSS2.js";
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
  writePendingStatus
};
