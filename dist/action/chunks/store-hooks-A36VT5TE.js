import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  derivedTags,
  expiryOf,
  findExisting,
  guardFile,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
} from "./chunk-GRE5BRR7.js";
import {
  guardFields
} from "./chunk-IQD4E6NP.js";
import "./chunk-2QD6CEEN.js";
import "./chunk-CQNYWYCJ.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-OQDIJSBS.js";
import "./chunk-EYKMHHKG.js";
import "./chunk-VIW2RCAO.js";
import "./chunk-SSV3AZGT.js";
import "./chunk-XRSA6KWW.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";
export {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  derivedTags,
  expiryOf,
  findExisting,
  guardFields,
  guardFile,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
};
