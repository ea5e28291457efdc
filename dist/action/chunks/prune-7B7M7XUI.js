import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-FRF2OKFL.js";
import "./chunk-XBAKE2TQ.js";
import {
  ARCHIVE_DIR
} from "./chunk-DL2LGF4A.js";
import "./chunk-YLVP6WJH.js";
import "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
