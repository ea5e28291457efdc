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
} from "./chunk-FZEW5SX7.js";
import {
  guardFields
} from "./chunk-6RLT72SY.js";
import "./chunk-IV4MYADZ.js";
import "./chunk-PA3TFRYT.js";
import "./chunk-ROOA6VXC.js";
import "./chunk-GCNSAT3V.js";
import "./chunk-ZTZC2PO4.js";
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
