import * as z from 'zod';
import { CiteRef, Citations, Id, Priority, Tags } from '../schemas.js';
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
    citations: Citations.optional().describe('Replaces the citations (an empty list removes them)'),
    citeRef: CiteRef.optional(),
  }),
  output: z.object({
    success: z.literal(true),
    id: z.string(),
    version: z.number().int().describe('metadata.version after the update'),
    updated: z.string(),
    changed: z.array(z.string()).describe('Fields whose value changed; empty when nothing changed'),
    warnings: z.array(z.string()).optional(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  operation: 'update',
  async run(memory, a) {
    const { id, citations, citeRef, ...patch } = a;
    const cite = citations !== undefined ? { cite: citations.map((c) => ({ path: c.path, ...(c.lines ? { lines: [c.lines[0], c.lines[c.lines.length - 1]] as [number, number] } : {}) })) } : {};
    const r = await memory.update(id, { ...patch, ...cite, ...(citeRef !== undefined ? { citeRef } : {}) });
    return { success: true as const, id: r.id, version: r.version, updated: r.updated, changed: r.changed, ...(r.warnings ? { warnings: r.warnings } : {}) };
  },
  render: (r) => (r.changed.length ? `Updated ${r.id} (${r.changed.join(', ')}); now version ${r.version}.` : `${r.id} unchanged (version ${r.version}).`),
});
