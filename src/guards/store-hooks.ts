/** What `MemoryStore` loads on its first write (one lazily loaded chunk for the write-side checks). */
export { assertNoNewSecrets, derivedTags, guardOptions, guardWrite, guardFile, expiryOf, findExisting } from './write.js';
export { guardFields } from '../model/secrets.js';
export { contentHash, keyOf, normalizeContent, UPSERT_KEY_FIELD } from './fingerprints.js';
