import * as z from 'zod';
import { ReadRef, count, MemoryPreview } from '../schemas.js';
import { clamp, defineTool, preview, renderList } from '../tool.js';

const DEFAULT = 10;
const CAP = 50;

export const memoryRecent = defineTool({
  name: 'memory_recent',
  title: 'Recent memories',
  description: [
    'The most recently stored memories, newest first.',
    'Use it at the start of a session or job to catch up on what was learned lately, or when the user asks what was remembered recently.',
    'Long contents are cut; memory_get returns the full text.',
  ].join(' '),
  input: z.object({ count: count('How many memories', DEFAULT, CAP).optional(), ref: ReadRef.optional() }),
  output: z.object({ success: z.literal(true), memories: z.array(MemoryPreview), total: z.number().int().describe('Every live memory, not just these') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'recent',
  async run(memory, a, ctx) {
    const r = await memory.recent(clamp(a.count, DEFAULT, CAP), a.ref !== undefined ? { ref: a.ref } : undefined);
    return { success: true as const, memories: r.memories.map((m) => preview(m, ctx.previewChars)), total: r.total };
  },
  render: (r) => renderList(`${r.memories.length} most recent of ${r.total} memor${r.total === 1 ? 'y' : 'ies'}:`, r.memories),
});
