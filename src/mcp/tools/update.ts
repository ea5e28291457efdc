import * as z from 'zod';
import { Id, Priority, Tags } from '../schemas.js';
import { defineTool } from '../tool.js';

export const memoryUpdate = defineTool({
  name: 'memory_update',
  title: 'Update a memory',
  description: [
    'Correct or refine an existing memory in place: the fields you give replace the stored ones (tags too).',
    'Use it when a remembered fact changed or was wrong, instead of storing a second, contradicting memory;',
    'find the id with memory_search first. The old text stays in git history (memory_history).',
  ].join(' '),
  input: z.object({
    id: Id,
    content: z.string().min(1).optional().describe('New text (replaces the old)'),
    tags: Tags.optional().describe('New tag list (replaces the old one)'),
    category: z.string().min(1).optional(),
    priority: Priority.optional(),
    scope: z.string().optional().describe('New scope; "" removes it'),
  }),
  output: z.object({
    success: z.literal(true),
    id: z.string(),
    version: z.number().int().describe('metadata.version after the update'),
    updated: z.string(),
    changed: z.array(z.string()).describe('Fields whose value changed; empty when nothing changed'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  access: 'write',
  async run(memory, a) {
    const { id, ...patch } = a;
    const r = await memory.update(id, patch);
    return { success: true as const, id: r.id, version: r.version, updated: r.updated, changed: r.changed };
  },
  render: (r) => (r.changed.length ? `Updated ${r.id} (${r.changed.join(', ')}); now version ${r.version}.` : `${r.id} unchanged (version ${r.version}).`),
});
