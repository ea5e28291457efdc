import * as z from 'zod';
import { InvalidInputError } from '../../errors.js';
import { count, MemoryPreview } from '../schemas.js';
import { clamp, defineTool, preview, renderList } from '../tool.js';

const DEFAULT = 20;
const CAP = 100;

export const memoryTrash = defineTool({
  name: 'memory_trash',
  title: 'Trash bin',
  description: [
    'List deleted memories (action "list", the default, most recently deleted first) or put one back (action "restore" with its id).',
    'Use it when the user wants back something that was forgotten, or to undo a memory_delete.',
  ].join(' '),
  input: z.object({
    action: z.enum(['list', 'restore']).optional().describe('list (default) or restore'),
    id: z.string().min(1).optional().describe('restore: the id of the deleted memory'),
    limit: count('list: maximum items', DEFAULT, CAP).optional(),
  }),
  output: z.object({
    success: z.literal(true),
    action: z.enum(['list', 'restore']),
    items: z.array(MemoryPreview.extend({ deleted_at: z.string().nullable(), expires_at: z.string().nullable() })).optional(),
    total: z.number().int().optional().describe('list: items in the trash'),
    restored: z.string().optional(),
    from: z.enum(['trash', 'history']).optional(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  operation: (a) => (a.action === 'restore' ? 'trash.restore' : 'trash.list'),
  async run(memory, a, ctx) {
    if ((a.action ?? 'list') === 'list') {
      const r = await memory.trash({ action: 'list' });
      if (r.action !== 'list') throw new Error('unexpected trash result');
      const items = r.items.slice(0, clamp(a.limit, DEFAULT, CAP)).map(({ path: _p, ...m }) => ({ ...preview(m, ctx.previewChars), deleted_at: m.deleted_at, expires_at: m.expires_at }));
      return { success: true as const, action: 'list' as const, items, total: r.items.length };
    }
    if (!a.id) throw new InvalidInputError('restore needs the id of a deleted memory (see action "list")', { field: 'id' });
    const r = await memory.trash({ action: 'restore', id: a.id });
    if (r.action !== 'restore') throw new Error('unexpected trash result');
    return { success: true as const, action: 'restore' as const, restored: r.restored, from: r.from };
  },
  render: (r) =>
    r.action === 'restore'
      ? `Restored ${r.restored} (from ${r.from === 'history' ? 'git history' : 'the trash'}).`
      : renderList(`${r.items?.length ?? 0} of ${r.total ?? 0} deleted memories:`, (r.items ?? []).map((m) => ({ ...m, content: `(deleted ${m.deleted_at ?? 'at an unknown time'}) ${m.content}` }))),
});
