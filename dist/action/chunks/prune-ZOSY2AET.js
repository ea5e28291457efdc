import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  archivePathFor,
  prune
} from "./chunk-VE3MJ5AJ.js";
import "./chunk-4LIDGMOG.js";
import {
  ARCHIVE_DIR
} from "./chunk-HVYA2U6Q.js";
import "./chunk-XKDPFNNZ.js";
import "./chunk-6OADD7PC.js";
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
