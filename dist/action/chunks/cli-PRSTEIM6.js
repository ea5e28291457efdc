import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
} from "./chunk-XN62YAT5.js";
import "./chunk-KHIUX3T5.js";
import "./chunk-VBFOSH5Y.js";
export {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
};
