import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  ARCHIVE_DIR,
  archivePathFor,
  prune
} from "./chunk-L4D322XF.js";
import "./chunk-AUVGVUV2.js";
import "./chunk-KAPL5I5O.js";
import "./chunk-VLJ2NM44.js";
import "./chunk-5RDPWQEF.js";
import "./chunk-W52OSYA4.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
