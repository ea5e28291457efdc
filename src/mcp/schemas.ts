import * as z from 'zod';
import { PRIORITIES } from '../model/memory.js';

/**
 * Schemas shared by the tools. Input fields carry no zod defaults: the library applies the seed's
 * defaults, so a default lives in one place and the JSON schema only describes it.
 */

export const Id = z.string().min(1).describe('A memory id, e.g. "mem_0k2x9d1ab7q4ce3m" (from memory_store, memory_search or memory_list)');

export const Tags = z.array(z.string()).describe('Tags, e.g. ["api", "limits"]; lowercase, deduplicated');

export const Priority = z.enum(PRIORITIES);

/**
 * A positive whole number up to `cap`: the bound is in the schema (an agent sees it in the tool's
 * JSON schema, and `limit: 500` is a validation error naming it, not a silent 50).
 */
export function count(what: string, dflt: number, cap: number) {
  return z.number().int().min(1).max(cap).describe(`${what} (default ${dflt}, at most ${cap})`);
}

/** ISO 8601 date or date-time; checked here so a bad date is a validation error, not an empty result. */
export const IsoDate = z
  .string()
  .refine((s) => Number.isFinite(Date.parse(s)), { message: 'expected an ISO 8601 date such as 2026-01-31 or 2026-01-31T12:00:00Z' });

/** A memory as the tools return it: the seed's shape, plus `scope`/`updated` when set. */
/** A citation as read: as stored (path, lines) plus its state at the checked commit. */
export const CitationOut = z.object({
  path: z.string(),
  lines: z.tuple([z.number().int(), z.number().int()]),
  whole: z.literal(true).optional(),
  state: z.enum(['valid', 'moved', 'changed', 'gone', 'invalid', 'unknown']),
  at: z.object({ path: z.string(), lines: z.tuple([z.number().int(), z.number().int()]) }).optional(),
  hunk: z.string().optional(),
  reason: z.string().optional(),
  renamed: z.string().optional(),
});

export const MemoryOut = z.object({
  id: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  priority: Priority,
  timestamp: z.string(),
  updated: z.string().optional(),
  scope: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()),
  archived: z.literal(true).optional().describe('true for a memory archived by retention (memory prune)'),
  citations: z
    .array(CitationOut)
    .optional()
    .describe('The code this memory cites, each with its state at the checked commit: valid, moved (see at), changed (see hunk), gone, invalid, unknown'),
  stale: z.object({ reason: z.string() }).optional().describe('Every cited place changed or is gone: the memory may no longer be true; check the code, then memory_update it'),
});

/** The ref a read checks citations at (default the checkout's HEAD). */
export const ReadRef = z.string().min(1).max(256).describe("Check the memories' citations at this ref or commit (default the checkout's HEAD)");

/** A memory in a list or search result: content may be cut to a preview (see {@link preview}). */
export const MemoryPreview = MemoryOut.extend({
  truncated: z.boolean().optional().describe('true when content was cut; memory_get returns the full text'),
});

export type MemoryOutT = z.output<typeof MemoryOut>;
export type MemoryPreviewT = z.output<typeof MemoryPreview>;

/** Code a memory describes: a file (whole) or a line range of it, at `citeRef` (default the checkout's HEAD). */
export const Citations = z
  .array(
    z.object({
      path: z.string().min(1).max(1024).describe('File path relative to the repository root, e.g. "src/http.ts"'),
      lines: z.array(z.number().int().min(1)).min(1).max(2).optional().describe('[start, end] (1-based, inclusive) or [line]; omit to cite the whole file'),
    }),
  )
  .max(16)
  .describe('Code this memory describes (at most 16): memory verify later says whether those lines changed');

export const CiteRef = z.string().min(1).max(256).describe('Commit or ref the citations are made at (default HEAD)');
