/**
 * The conversation a memory was stored in, for hybrid search's context (docs/hybrid.md, "Context"):
 * two memories stored one after the other are context for each other only when they come from one
 * conversation, not merely from one minute. A memory's conversation is, from its metadata:
 *
 * - `session`: set by the MCP server on every memory it stores (one value per server connection: one
 *   agent's session), and by anyone storing a conversation turn by turn (`--meta session=…`, the
 *   library's `metadata: { session }`);
 * - else the GitHub Actions job it was stored from (`run_id` and `job_id`, recorded by the Action and
 *   the CLI in a workflow): one job's notes are one run of work.
 *
 * A memory with neither (notes typed one by one, imports, hand-written files) has no conversation,
 * and neither lends nor inherits context.
 */

/** Longest key kept; a longer value is cut (the index holds one string per conversation). */
export const MAX_CONVERSATION_CHARS = 200;

function scalar(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t ? t : undefined;
}

/** A memory without a conversation, in the index's `conv` column. */
export const NO_CONVERSATION = 0xffffffff;

/** The 32-bit FNV-1a hash of a conversation key the index keeps (never {@link NO_CONVERSATION}). */
export function conversationHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h === NO_CONVERSATION ? NO_CONVERSATION - 1 : h;
}

/** The conversation key of a memory's metadata, or undefined when it has none. */
export function conversationOf(metadata: Record<string, unknown> | undefined): string | undefined {
  if (!metadata || typeof metadata !== 'object') return undefined;
  const session = scalar(metadata.session);
  if (session) return `session:${session}`.slice(0, MAX_CONVERSATION_CHARS);
  const run = scalar(metadata.run_id);
  const job = scalar(metadata.job_id);
  if (run && job) return `job:${run}/${job}`.slice(0, MAX_CONVERSATION_CHARS);
  return undefined;
}
