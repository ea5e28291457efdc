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
} from "./chunk-RJ2HTXEQ.js";
import "./chunk-Z5YN2S7E.js";
import {
  guardFields
} from "./chunk-3644YZMK.js";
import "./chunk-47DQF2KA.js";
import "./chunk-VR7ABPSN.js";
import "./chunk-UWLGHJZD.js";
import "./chunk-5FXUYNES.js";
import "./chunk-QSDIKEXA.js";
import "./chunk-T2M7576Q.js";
import "./chunk-XTT75VXB.js";
import "./chunk-MDKNWCHG.js";
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
