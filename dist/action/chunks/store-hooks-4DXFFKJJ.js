import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  expiryOf,
  findExisting,
  guardFile,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
} from "./chunk-EYKBZYX6.js";
import {
  guardFields
} from "./chunk-FJP47XPK.js";
import "./chunk-L4B73JOO.js";
import "./chunk-CWRW6UPV.js";
import "./chunk-QYAILLOR.js";
import "./chunk-M76ZH5Q4.js";
import "./chunk-SIGMRA5M.js";
import "./chunk-KOPXADFB.js";
export {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  expiryOf,
  findExisting,
  guardFields,
  guardFile,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
};
