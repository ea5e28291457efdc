import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
} from "./chunk-2QD6CEEN.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  catFileBatch,
  gitEnv,
  runGit,
  runGitSync
};
