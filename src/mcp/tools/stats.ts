import * as z from 'zod';
import { defineTool } from '../tool.js';

const Counts = z.record(z.string(), z.number());

export const memoryStats = defineTool({
  name: 'memory_stats',
  title: 'Memory statistics',
  description: 'Counts of the memory store: memories in total, by category, tag, priority and month, the trash, core documents, commits and size. Use it to get an overview before browsing, or when the user asks how much is remembered.',
  input: z.object({}),
  // Loose: counters may be added without breaking clients that validate the output.
  output: z.looseObject({
    success: z.literal(true),
    total: z.number().int(),
    categories: Counts,
    tags: z.looseObject({ distinct: z.number().int(), top: z.array(z.object({ tag: z.string(), count: z.number().int() })) }),
    priorities: Counts,
    trash: z.number().int(),
    commits: z.number().int(),
    oldest: z.string().nullable(),
    newest: z.string().nullable(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'stats',
  async run(memory) {
    const r = await memory.stats();
    return r as typeof r & Record<string, unknown>;
  },
  render: (r) => {
    const cats = Object.entries(r.categories).map(([k, v]) => `${k} ${v}`).join(', ') || '-';
    const tags = r.tags.top.map((t) => `${t.tag} ${t.count}`).join(', ') || '-';
    return [`${r.total} memories (${r.trash} in the trash), ${r.commits} commits`, `categories: ${cats}`, `top tags: ${tags}`, `oldest: ${r.oldest ?? '-'}  newest: ${r.newest ?? '-'}`].join('\n');
  },
});
