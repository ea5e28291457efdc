import * as z from 'zod';
import { count, Id } from '../schemas.js';
import { clamp, cutAt, defineTool } from '../tool.js';

const DEFAULT = 20;
const CAP = 100;

export const memoryHistory = defineTool({
  name: 'memory_history',
  title: 'History of a memory',
  description: [
    'Every version of one memory from git history, newest first: when it was stored, updated, deleted or restored, with the text at each version.',
    'Use it to see how a fact changed over time, or to recover earlier wording; it works even after the memory was deleted.',
  ].join(' '),
  input: z.object({ id: Id, limit: count('Maximum versions returned', DEFAULT, CAP).optional() }),
  output: z.object({
    success: z.literal(true),
    id: z.string(),
    versions: z.array(
      z.object({
        version: z.number().int().nullable(),
        commit: z.string(),
        timestamp: z.string(),
        content: z.string().nullable(),
        event: z.string().describe('stored, updated, deleted, restored, purged, ...'),
        state: z.string(),
        path: z.string(),
        message: z.string(),
        truncated: z.boolean().optional(),
        tags: z.array(z.string()).optional().describe('The tags at that version'),
        changed: z.array(z.string()).optional().describe('Fields this version changed against the previous one (content, tags, category, priority, scope)'),
        unreadable: z.string().optional().describe('Set when the file was there but could not be read (why); content is then null'),
      }),
    ),
    total: z.number().int().describe('Versions in history, not just this page'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'history',
  async run(memory, a, ctx) {
    const r = await memory.history(a.id);
    const versions = r.versions.slice(0, clamp(a.limit, DEFAULT, CAP)).map((v) => {
      if (v.content === null || v.content.length <= ctx.previewChars) return { ...v };
      const cut = cutAt(v.content, ctx.previewChars);
      return { ...v, content: `${v.content.slice(0, cut)}… [truncated: ${v.content.length - cut} more characters]`, truncated: true };
    });
    return { success: true as const, id: r.id, versions, total: r.versions.length };
  },
  render: (r) =>
    [`${r.versions.length} of ${r.total} versions of ${r.id}, newest first:`, ...r.versions.map((v) => `\n[${v.event}${v.version !== null ? ` v${v.version}` : ''}] ${v.timestamp} commit ${v.commit.slice(0, 12)}\n${v.content ?? '(no content)'}`)].join('\n'),
});
