import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  ARCHIVE_DIR,
  archivePathFor,
  prune
} from "./chunk-CBGAEUXJ.js";
import "./chunk-25WTHNFR.js";
import "./chunk-TJC5JJJF.js";
import "./chunk-W52OSYA4.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
