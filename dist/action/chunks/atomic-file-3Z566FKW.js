import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
} from "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
import "./chunk-KOPXADFB.js";
export {
  AtomicFile,
  writeCacheFile,
  writeError,
  writeFileAtomic
};
