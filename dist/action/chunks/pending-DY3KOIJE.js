import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  BURST_MS,
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  buildPending,
  burstInProgress,
  newPendingRef,
  pendingPrefix,
  pendingRefTime,
  pendingRefsFigure,
  pendingStatus,
  pruneEmptyDirs,
  readPending,
  writePendingStatus,
  writeRawCommit
} from "./chunk-YTELCX4D.js";
import {
  listRefs
} from "./chunk-QZPDLTY5.js";
import "./chunk-VDSN3D72.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";
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
