import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-LSWXI6IF.js";
import "./chunk-GTSOXDFJ.js";
import {
  ARCHIVE_DIR
} from "./chunk-B6FTEJH5.js";
import "./chunk-2L2K7XTV.js";
import "./chunk-63NF2UP7.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
import "./chunk-VBFOSH5Y.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
