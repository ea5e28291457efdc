import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  ARCHIVE_DIR,
  archivePathFor,
  prune
} from "./chunk-2TI7F3O4.js";
import "./chunk-PLXGJJES.js";
import "./chunk-NTLDCZ3M.js";
import "./chunk-OR52BLOQ.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
