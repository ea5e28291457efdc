import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-FBZ4QPGK.js";
import "./chunk-MYBKYED4.js";
import {
  ARCHIVE_DIR
} from "./chunk-7EEMCAWN.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
