import * as z from 'zod';
import { Id } from '../schemas.js';
import { defineTool } from '../tool.js';

export const memoryDelete = defineTool({
  name: 'memory_delete',
  title: 'Forget a memory',
  description: [
    'Delete one memory by id.',
    'Use it when a memory is obsolete or the user asks you to forget it (to correct one, prefer memory_update).',
    'It moves to the trash, where memory_trash can restore it; git history keeps the text. Get the id from memory_search or memory_list first.',
  ].join(' '),
  input: z.object({ id: Id }),
  output: z.object({ success: z.literal(true), deleted: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  access: 'write',
  async run(memory, a) {
    const r = await memory.delete(a.id);
    return { success: true as const, deleted: r.deleted };
  },
  render: (r) => `Deleted memory ${r.deleted}.`,
});
