import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-B7X46QFD.js";
import "./chunk-WEJHBJB4.js";
import {
  ARCHIVE_DIR
} from "./chunk-RPBUKCFL.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
