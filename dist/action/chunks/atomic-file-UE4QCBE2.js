import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
} from "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
};
