import * as z from 'zod';
import { ReadRef, Id, MemoryOut } from '../schemas.js';
import { defineTool, renderMemory } from '../tool.js';

export const memoryGet = defineTool({
  name: 'memory_get',
  title: 'Get a memory',
  description: [
    'Get one memory by id, with its full content and metadata.',
    'Use it when a memory_search, memory_list or memory_recent result was truncated, or to read a memory whose id you were given.',
  ].join(' '),
  input: z.object({ id: Id, ref: ReadRef.optional() }),
  output: z.object({ success: z.literal(true), memory: MemoryOut }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'get',
  run: (memory, a) => memory.get(a.id, a.ref !== undefined ? { ref: a.ref } : undefined),
  render: (r) => renderMemory(r.memory),
});
