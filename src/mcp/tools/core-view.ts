import * as z from 'zod';
import { defineTool } from '../tool.js';

export const CoreName = z.string().min(1).describe('Core document name (default "default"; e.g. "user", "project")');

export const CoreWriteOut = z.object({
  success: z.literal(true),
  name: z.string(),
  version: z.string().nullable().describe('The document version after the write; pass it as expect_version next time'),
  chars: z.number().int(),
  max_chars: z.number().int(),
  changed: z.boolean(),
  applied: z.number().int(),
});

export const memoryCoreView = defineTool({
  name: 'memory_core_view',
  title: 'Read the core memory',
  description: [
    'Read the core memory document: the short, always-relevant summary of who the user is, the project and how to work together, kept as free text.',
    'Read it at the start of a session, and always right before memory_core_update (its edits must quote the current text exactly).',
  ].join(' '),
  input: z.object({ name: CoreName.optional() }),
  output: z.object({
    success: z.literal(true),
    name: z.string(),
    content: z.string(),
    version: z.string().nullable().describe('Pass back as expect_version to memory_core_update'),
    chars: z.number().int(),
    max_chars: z.number().int(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'core.read',
  run: (memory, a) => memory.coreView({ name: a.name }),
  render: (r) => `Core document "${r.name}" (${r.chars}/${r.max_chars} characters, version ${r.version ?? 'none yet'}):\n\n${r.content || '(empty)'}`,
});
