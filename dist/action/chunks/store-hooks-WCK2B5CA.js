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
} from "./chunk-MFJXW5LJ.js";
import "./chunk-SXBH2PUZ.js";
import "./chunk-KAPL5I5O.js";
import "./chunk-VLJ2NM44.js";
import "./chunk-5RDPWQEF.js";
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
