import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
} from "./chunk-ZEGGKKJW.js";
import "./chunk-2Y3HFSS2.js";
import "./chunk-VBFOSH5Y.js";
export {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
};
