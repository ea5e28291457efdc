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
  pruneEmptyDirs,
  readPending,
  recentForeignTip,
  rememberOwnPending,
  writePendingStatus,
  writeRawCommit
} from "./chunk-YV55A4DP.js";
import {
  listRefs
} from "./chunk-QZPDLTY5.js";
import "./chunk-4REC64I2.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
  pruneEmptyDirs,
  readPending,
  recentForeignTip,
  rememberOwnPending,
  writePendingStatus,
  writeRawCommit
};
