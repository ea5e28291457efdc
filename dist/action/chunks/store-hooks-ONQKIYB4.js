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
} from "./chunk-2VU6RQCN.js";
import "./chunk-SXBH2PUZ.js";
import "./chunk-RPBUKCFL.js";
import "./chunk-V7SS6C4I.js";
import "./chunk-W52OSYA4.js";
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
