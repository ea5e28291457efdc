import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
} from "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
import "./chunk-VBFOSH5Y.js";
export {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
};
