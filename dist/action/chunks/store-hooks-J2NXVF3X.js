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
} from "./chunk-ORLZZSPY.js";
import {
  guardFields
} from "./chunk-AB7ZK6EF.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-2XXUM5MY.js";
import "./chunk-OXLW64XD.js";
import "./chunk-SW6HMA3H.js";
import "./chunk-KTDUAT6L.js";
import "./chunk-DEPF3Q5X.js";
import "./chunk-MPOJJG6T.js";
import "./chunk-6DSHMY3H.js";
import "./chunk-36CXX5CX.js";
import "./chunk-TJNFFCVY.js";
import "./chunk-TQGNLJW4.js";
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
