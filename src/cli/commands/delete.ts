import { command } from '../command.js';
import { InvalidInputError } from '../../errors.js';
import { run, type GlobalArgs } from '../context.js';
import { count } from '../output.js';

interface Args extends GlobalArgs {
  id?: string;
  tag?: string;
}

export const deleteCommand = command<Args>({
  command: 'delete [id]',
  describe: 'Move a memory to the trash by id, or every memory with a tag (memory trash restore brings it back)',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Memory id' })
      .option('tag', { type: 'string', describe: 'Move every memory carrying this tag to the trash (one commit)' })
      .example('$0 delete mem_0k2x9d1ab7q4ce3m', 'Delete one')
      .example('$0 delete --tag obsolete', 'Delete by tag'),
  // One JSON shape for both forms (README): `ids` (always a list) and `count`; `deleted` is the seed's
  // field, the id for `delete <id>` and the count for `delete --tag` (as for `clear`).
  handler: (argv) =>
    run<{ success: true; deleted: string | number; ids: string[]; count: number; commit: string | null; files?: number }>(
      argv,
      async (m) => {
        if (argv.id && argv.tag) throw new InvalidInputError('give an id or --tag, not both', { field: 'id' });
        if (argv.tag !== undefined) {
          const r = await m.deleteByTag(argv.tag);
          return { success: true, deleted: r.deleted.length, ids: r.deleted, count: r.deleted.length, commit: r.commit };
        }
        if (!argv.id) throw new InvalidInputError('give the id to delete (or --tag TAG)', { field: 'id' });
        const r = await m.delete(argv.id);
        // Several files claimed the id (hand copies): all went, and the count says so.
        return { success: true, deleted: r.deleted, ids: [r.deleted], count: 1, commit: r.commit, ...(r.files ? { files: r.files } : {}) };
      },
      (r) => (typeof r.deleted === 'number' ? `moved ${count(r.count)} to the trash${r.count ? ': ' + r.ids.join(', ') : ''}` : `moved ${r.deleted} to the trash (memory trash restore ${r.deleted} brings it back)`),
    ),
});
