import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BURST_MS,
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  buildPending,
  burstInProgress,
  listRefs,
  newPendingRef,
  pendingPrefix,
  pendingRefTime,
  pendingRefsFigure,
  pendingStatus,
  pruneEmptyDirs,
  readPending,
  writePendingStatus,
  writeRawCommit
} from "./chunk-CGR2RI6B.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
export {
  BURST_MS,
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  buildPending,
  burstInProgress,
  listRefs,
  newPendingRef,
  pendingPrefix,
  pendingRefTime,
  pendingRefsFigure,
  pendingStatus,
  pruneEmptyDirs,
  readPending,
  writePendingStatus,
  writeRawCommit
};
