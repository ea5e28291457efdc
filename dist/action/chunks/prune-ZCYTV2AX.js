import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-REPI2CYF.js";
import "./chunk-INGJLHS7.js";
import {
  ARCHIVE_DIR
} from "./chunk-2LKMUSV2.js";
import "./chunk-AAUR7TRV.js";
import "./chunk-6IDCQH2Q.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
