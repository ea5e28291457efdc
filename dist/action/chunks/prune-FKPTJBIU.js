import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-P4ENOOWM.js";
import "./chunk-Y6VKJAXI.js";
import {
  ARCHIVE_DIR
} from "./chunk-ULTVWTDE.js";
import "./chunk-A5OLTXB7.js";
import "./chunk-KPDVHCF4.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
import "./chunk-VBFOSH5Y.js";
export {
  ARCHIVE_DIR,
  archivePathFor,
  prune
};
