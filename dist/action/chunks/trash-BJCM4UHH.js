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
} from "./chunk-MYBKYED4.js";
import "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
