import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-LPZUI25U.js";
import "./chunk-2SZJ36E3.js";
import {
  ARCHIVE_DIR
} from "./chunk-CWRW6UPV.js";
import "./chunk-QYAILLOR.js";
import "./chunk-M76ZH5Q4.js";
import "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
