import { command } from '../command.js';
import { ConfirmationRequiredError, InvalidInputError } from '../../errors.js';
import { limitOf } from '../../model/bounds.js';
import { parseAge } from '../../model/trash.js';
import { run, type GlobalArgs } from '../context.js';
import { color, noteColor, resultsWithNote, rowText } from '../output.js';

interface Args extends GlobalArgs {
  action: string;
  id?: string;
  'older-than'?: string;
  confirm?: boolean;
  limit?: number;
}

export const trashCommand = command<Args>({
  command: 'trash [action] [id]',
  describe: 'The trash bin of deleted memories: list, restore <id>, empty [--older-than 30d]',
  builder: (y) =>
    y
      .positional('action', { type: 'string', choices: ['list', 'restore', 'empty'], default: 'list', describe: 'What to do' })
      .positional('id', { type: 'string', describe: 'restore: the memory id' })
      .option('older-than', { type: 'string', describe: 'empty: only items deleted at least this long ago (30d, 12h, 2w)' })
      .option('confirm', { type: 'boolean', describe: 'empty without --older-than: really purge every item' })
      .option('limit', { type: 'number', describe: 'list: page size (default 50); total counts every item' })
      .example('$0 trash', 'List deleted memories, most recent first')
      .example('$0 trash restore mem_0k2x9d1ab7q4ce3m', 'Put one back with its latest content')
      .example('$0 trash empty --older-than 30d', 'Purge old items (git history keeps them)')
      .example('$0 trash empty --confirm', 'Purge everything in the trash'),
  handler: (argv) =>
    run<Record<string, unknown>>(
      argv,
      async (m) => {
        if (argv.action === 'restore') {
          if (!argv.id) throw new InvalidInputError('give the id to restore: memory trash restore <id>', { field: 'id' });
          const r = await m.trash({ action: 'restore', id: argv.id });
          return { success: true, restored: r.restored, from: r.from, path: r.path };
        }
        if (argv.id) throw new InvalidInputError(`"trash ${argv.action}" takes no id`, { field: 'id' });
        if (argv.action === 'empty') {
          const days = argv['older-than'] !== undefined ? parseAge(argv['older-than']) : undefined;
          // Purging everything is as final as clear: it asks for the same confirmation.
          if (days === undefined && !argv.confirm) throw new ConfirmationRequiredError('emptying the whole trash (--older-than DAYS purges only older items)');
          const r = await m.trash({ action: 'empty', olderThanDays: days });
          return { success: true, purged: r.purged };
        }
        const limit = limitOf(argv.limit, 50);
        const items = (await m.trash({ action: 'list' })).items;
        return { success: true, items: items.slice(0, limit), total: items.length };
      },
      (r) => {
        if (r.restored) return `restored ${color.bold(String(r.restored))}${r.from === 'history' ? ' from git history' : ''}`;
        if (r.purged) {
          const p = r.purged as string[];
          return `purged ${p.length} memor${p.length === 1 ? 'y' : 'ies'} from the trash${p.length ? color.dim(' (git history keeps them: memory history <id>)') : ''}`;
        }
        const items = r.items as Array<{ id: string; content: string; deleted_at: string | null; expires_at: string | null }>;
        if (!items.length) return process.stdout.isTTY ? color.dim('(trash is empty)') : resultsWithNote('', noteColor.dim('0 of 0'));
        const rows = items
          .map((i) => `${color.bold(i.id)}  ${color.dim(`deleted ${i.deleted_at?.slice(0, 10) ?? '?'}${i.expires_at ? `, purged after ${i.expires_at.slice(0, 10)}` : ''}`)}  ${rowText(i.content, 60)}`)
          .join('\n');
        return resultsWithNote(rows, noteColor.dim(`${items.length} of ${r.total}`));
      },
      { op: argv.action === 'restore' ? 'trash.restore' : argv.action === 'empty' ? 'trash.empty' : 'trash.list' },
    ),
});
