import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  expiryOf,
  findExisting,
  guardFields,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
} from "./chunk-TN6YQJSN.js";
import "./chunk-QHDPJDFF.js";
import "./chunk-CQ2UC2BE.js";
import "./chunk-AAUR7TRV.js";
import "./chunk-6IDCQH2Q.js";
export {
  UPSERT_KEY_FIELD,
  assertNoNewSecrets,
  contentHash,
  expiryOf,
  findExisting,
  guardFields,
  guardOptions,
  guardWrite,
  keyOf,
  normalizeContent
};
