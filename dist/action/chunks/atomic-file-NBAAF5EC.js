import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
} from "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
import "./chunk-VBFOSH5Y.js";
export {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
};
