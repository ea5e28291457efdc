import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-6JS7EXFY.js";
import "./chunk-P33V5WTW.js";
import {
  ARCHIVE_DIR
} from "./chunk-SW6HMA3H.js";
import "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
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
