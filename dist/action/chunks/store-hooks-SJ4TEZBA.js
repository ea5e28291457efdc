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
} from "./chunk-TBMYSXUK.js";
import {
  guardFields
} from "./chunk-F64VAA5F.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-XN62YAT5.js";
import "./chunk-HDYIXRIV.js";
import "./chunk-ULTVWTDE.js";
import "./chunk-A5OLTXB7.js";
import "./chunk-KPDVHCF4.js";
import "./chunk-WRU3IBY7.js";
import "./chunk-L44URJVR.js";
import "./chunk-QJUZPJDK.js";
import "./chunk-G5FUQNXE.js";
import "./chunk-KHIUX3T5.js";
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
