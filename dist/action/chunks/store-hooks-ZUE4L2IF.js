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
} from "./chunk-WD6PZ5KD.js";
import "./chunk-Z5YN2S7E.js";
import "./chunk-7J66HWOH.js";
import {
  guardFields
} from "./chunk-QELH3FFE.js";
import "./chunk-O2YEL7ET.js";
import "./chunk-FJ5LWIOV.js";
import "./chunk-XWN73OTE.js";
import "./chunk-DFWT2NPX.js";
import "./chunk-7ZPDJLBH.js";
import "./chunk-T2M7576Q.js";
import "./chunk-ENPGJTG6.js";
import "./chunk-UL6AG55K.js";
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
