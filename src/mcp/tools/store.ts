import * as z from 'zod';
import { CiteRef, Citations, Priority, Tags } from '../schemas.js';
import { defineTool } from '../tool.js';

export const memoryStore = defineTool({
  name: 'memory_store',
  title: 'Remember',
  description: [
    'Store a new long-term memory that later sessions, jobs and agents can find.',
    'Use it when the user asks you to remember something; when you learn something a future task will need',
    '(project conventions, API limits, where things live, how a problem was fixed, user preferences); or after a',
    'decision worth recalling. Write one self-contained fact per memory and add tags so it can be found.',
    'Check memory_search first to avoid duplicates. Never store secrets (passwords, tokens, keys) or large data.',
    'Each memory is committed to the git repository\'s memory branch.',
  ].join(' '),
  input: z.object({
    content: z.string().min(1).describe('The text to remember, self-contained (at most 64 KiB)'),
    tags: Tags.optional(),
    category: z.string().min(1).optional().describe('Category name, e.g. "infrastructure" or "user-preferences" (default "general")'),
    priority: Priority.optional().describe('low, medium or high (default medium)'),
    scope: z.string().min(1).optional().describe('Whose memory this is, e.g. a user or agent id; omit for shared memories'),
    citations: Citations.optional(),
    citeRef: CiteRef.optional(),
  }),
  output: z.object({
    success: z.literal(true),
    id: z.string(),
    timestamp: z.string(),
    duplicate: z.boolean().optional().describe('true: the same content was already stored under this id; nothing new was written'),
    citations: z.number().int().optional().describe('How many citations were recorded'),
    warnings: z.array(z.string()).optional().describe('The working tree differs from the cited commit in cited lines (the committed text was cited)'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  operation: 'store',
  async run(memory, a, ctx) {
    const cite = a.citations !== undefined ? { cite: a.citations.map((c) => ({ path: c.path, ...(c.lines ? { lines: [c.lines[0], c.lines[c.lines.length - 1]] as [number, number] } : {}) })) } : {};
    const r = await memory.store({ content: a.content, tags: a.tags, category: a.category, priority: a.priority, scope: a.scope, ...(ctx.session ? { metadata: { session: ctx.session } } : {}), ...cite, ...(a.citeRef !== undefined ? { citeRef: a.citeRef } : {}) });
    const out: { success: true; id: string; timestamp: string; duplicate?: boolean; citations?: number; warnings?: string[] } = { success: true as const, id: r.id, timestamp: r.timestamp };
    if (r.duplicate) out.duplicate = true;
    if (r.citations) out.citations = r.citations;
    if (r.warnings) out.warnings = r.warnings;
    return out;
  },
  render: (r) => (r.duplicate ? `Already remembered as ${r.id} (stored ${r.timestamp}); nothing new was written.` : `Stored memory ${r.id} at ${r.timestamp}.`),
});
