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
} from "./chunk-Y6VKJAXI.js";
import "./chunk-ULTVWTDE.js";
import "./chunk-A5OLTXB7.js";
import "./chunk-KPDVHCF4.js";
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
