import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
} from "./chunk-CQOITEG3.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
};
