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
} from "./chunk-OWH23NUR.js";
import {
  listRefs
} from "./chunk-GTAEP7NI.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
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
