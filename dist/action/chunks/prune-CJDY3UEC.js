import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-NP32DM4V.js";
import "./chunk-T7O2VLGT.js";
import {
  ARCHIVE_DIR
} from "./chunk-PA3TFRYT.js";
import "./chunk-ROOA6VXC.js";
import "./chunk-GCNSAT3V.js";
import "./chunk-ZTZC2PO4.js";
import "./chunk-KOPXADFB.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
