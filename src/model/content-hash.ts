import { createHash } from 'node:crypto';

/**
 * The de-duplication hash of a memory's content: two memories whose texts differ only in whitespace,
 * in the same scope, are the same memory. One copy, used by the fingerprint index
 * (src/guards/fingerprints.ts) on the main thread and by the import's blob worker
 * (src/lifecycle/blob-worker.ts) on its threads. A leaf module (only node:crypto) so the worker's
 * bundle stays a few kilobytes.
 */

/** Whitespace differences never make two memories different. */
export function normalizeContent(content: string): string {
  return content.replace(/\s+/g, ' ').trim();
}

/** The hash's 12 bytes: SHA-1 over the scope, a NUL and the normalised content. */
export function contentDigest(content: string, scope?: string): Buffer {
  return createHash('sha1')
    .update((scope ?? '') + '\0' + normalizeContent(content))
    .digest()
    .subarray(0, 12);
}

/** The hash as 24 hex digits (the fingerprint index's form). */
export function contentHash(content: string, scope?: string): string {
  return contentDigest(content, scope).toString('hex');
}
