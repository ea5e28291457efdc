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
} from "./chunk-GTSOXDFJ.js";
import "./chunk-B6FTEJH5.js";
import "./chunk-2L2K7XTV.js";
import "./chunk-63NF2UP7.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
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
