import * as z from 'zod';
import { ReadRef, count, MemoryPreview, Tags } from '../schemas.js';
import { clamp, defineTool, preview, renderList } from '../tool.js';

const DEFAULT = 50;
const CAP = 100;

export const memoryList = defineTool({
  name: 'memory_list',
  title: 'List memories',
  description: [
    'List memories newest first, optionally only those with all the given tags and/or a category.',
    'Use it to browse what is known about a topic or project, or to find ids; for a question in words use memory_search.',
    '`total` counts every match, so compare it with the number returned to know whether there are more.',
    'Long contents are cut; memory_get returns the full text.',
  ].join(' '),
  input: z.object({
    tags: Tags.optional().describe('Only memories carrying every one of these tags'),
    category: z.string().min(1).optional().describe('Only this category'),
    scope: z.string().min(1).optional().describe('Only memories with this scope'),
    archived: z.boolean().optional().describe('Also include memories archived by retention (default false)'),
    limit: count('Maximum memories returned', DEFAULT, CAP).optional(),
    cites: z.string().min(1).max(1024).optional().describe('Only memories citing this file, or a file under this folder, e.g. "src/http.ts" or "src/"'),
    ref: ReadRef.optional(),
  }),
  output: z.object({ success: z.literal(true), memories: z.array(MemoryPreview), total: z.number().int() }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'list',
  async run(memory, a, ctx) {
    const r = await memory.list({ tags: a.tags, category: a.category, scope: a.scope, archived: a.archived, limit: clamp(a.limit, DEFAULT, CAP), ...(a.cites !== undefined ? { cites: a.cites } : {}), ...(a.ref !== undefined ? { ref: a.ref } : {}) });
    return { success: true as const, memories: r.memories.map((m) => preview(m, ctx.previewChars)), total: r.total };
  },
  render: (r) => renderList(`${r.memories.length} of ${r.total} memor${r.total === 1 ? 'y' : 'ies'}:`, r.memories),
});
