import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-FYKAR7JE.js";
import "./chunk-QBP6TRAE.js";
import {
  ARCHIVE_DIR
} from "./chunk-SXYU23IG.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
