import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  TRASH_DIR,
  byDeletedDesc,
  emptyTrash,
  listTrash,
  liveFile,
  livePathFor,
  notFoundError,
  parseAge,
  purgeTrash,
  readTrash,
  trashCount,
  trashFile,
  trashPathFor
} from "./chunk-4LIDGMOG.js";
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
  TRASH_DIR,
  byDeletedDesc,
  emptyTrash,
  listTrash,
  liveFile,
  livePathFor,
  notFoundError,
  parseAge,
  purgeTrash,
  readTrash,
  trashCount,
  trashFile,
  trashPathFor
};
