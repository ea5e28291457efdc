import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-RW4XT3GD.js";
import "./chunk-PUDAOHPW.js";
import {
  ARCHIVE_DIR
} from "./chunk-3YJO3FTS.js";
import "./chunk-SX3RYMZO.js";
import "./chunk-UAXURQDI.js";
import "./chunk-MQAQCRNL.js";
import "./chunk-3KKDUFKL.js";
import "./chunk-Y53ZR2DQ.js";
import "./chunk-CQOITEG3.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
