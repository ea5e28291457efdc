import * as z from 'zod';
import { MemoryError } from '../../errors.js';
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
  output: z.object({ success: z.literal(true), deleted: z.string(), alreadyDeleted: z.literal(true).optional().describe('true when the memory was already in the trash: nothing changed') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  operation: 'delete',
  async run(memory, a) {
    try {
      const r = await memory.delete(a.id);
      return { success: true as const, deleted: r.deleted };
    } catch (err) {
      // Idempotent, as annotated: deleting a memory that is already in the trash is done, not an error.
      if (err instanceof MemoryError && err.code === 'NOT_FOUND' && err.data.trashed === true) return { success: true as const, deleted: a.id, alreadyDeleted: true as const };
      throw err;
    }
  },
  render: (r) => (r.alreadyDeleted ? `Memory ${r.deleted} was already deleted (it is in the trash).` : `Deleted memory ${r.deleted}.`),
});
