import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-U6MCGAKM.js";
import "./chunk-ZO7JTCDV.js";
import {
  ARCHIVE_DIR
} from "./chunk-WVSHZKS2.js";
import "./chunk-LYBMLCMS.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
