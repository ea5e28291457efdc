import * as z from 'zod';
import { defineTool } from '../tool.js';
import { CoreName, CoreWriteOut } from './core-view.js';

const Operation = z.object({
  action: z.enum(['edit', 'delete', 'insert_after']),
  old_text: z.string().optional(),
  new_text: z.string().optional(),
  anchor_text: z.string().optional(),
  content: z.string().optional(),
});

export const memoryCoreUpdate = defineTool({
  name: 'memory_core_update',
  title: 'Edit the core memory',
  description: [
    'Revise the core memory document with exact patches. It is a living document, not a log: merge new facts into the existing text with edit;',
    'use insert_after only for a genuinely new block; delete what is no longer true. old_text and anchor_text must match the current text exactly once,',
    'so call memory_core_view first and quote from it. batch applies several operations to one snapshot, all or nothing.',
    'On CONFLICT (someone changed it) view it again and retry; over the size budget the edit is refused, never truncated.',
  ].join(' '),
  input: z.object({
    action: z.enum(['edit', 'delete', 'insert_after', 'batch']).describe('edit: old_text → new_text; delete: old_text; insert_after: content after anchor_text; batch: operations'),
    old_text: z.string().optional().describe('edit/delete: text that occurs exactly once in the document'),
    new_text: z.string().optional().describe('edit: the replacement'),
    anchor_text: z.string().optional().describe('insert_after: text that occurs exactly once; "" only when the document is empty'),
    content: z.string().optional().describe('insert_after: the block to insert'),
    operations: z.array(Operation).optional().describe('batch: edit/delete/insert_after operations applied in order'),
    name: CoreName.optional(),
    expect_version: z.string().optional().describe('The version from memory_core_view; refused with CONFLICT if the document changed since'),
  }),
  output: CoreWriteOut,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  operation: 'core.write',
  run: (memory, a) => memory.coreUpdate(a),
  render: (r) => (r.changed ? `Core document "${r.name}" updated (${r.applied} operation${r.applied === 1 ? '' : 's'}; ${r.chars}/${r.max_chars} characters; version ${r.version}).` : `Core document "${r.name}" unchanged.`),
});
