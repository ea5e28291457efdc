import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  buildPending,
  listRefs,
  newPendingRef,
  pendingPrefix,
  pendingRefsFigure,
  pendingStatus,
  pruneEmptyDirs,
  readPending,
  writePendingStatus,
  writeRawCommit
} from "./chunk-DAY7DW2L.js";
import "./chunk-KOPXADFB.js";
export {
  MAX_PENDING_CHAIN,
  PENDING_BASE_SUBJECT,
  PENDING_NAMESPACE,
  buildPending,
  listRefs,
  newPendingRef,
  pendingPrefix,
  pendingRefsFigure,
  pendingStatus,
  pruneEmptyDirs,
  readPending,
  writePendingStatus,
  writeRawCommit
};
