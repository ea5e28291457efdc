import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-ZQNXVFIL.js";
import "./chunk-FFK6OY2W.js";
import {
  ARCHIVE_DIR
} from "./chunk-CQ2UC2BE.js";
import "./chunk-AAUR7TRV.js";
import "./chunk-6IDCQH2Q.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
