import type { CommandModule } from 'yargs';
import { InvalidInputError } from '../../core/errors.js';
import { run, type GlobalArgs } from '../context.js';

interface Args extends GlobalArgs {
  id?: string;
  tag?: string;
}

export const deleteCommand: CommandModule<GlobalArgs, Args> = {
  command: 'delete [id]',
  describe: 'Move a memory to the trash by id, or every memory with a tag (memory trash restore brings it back)',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Memory id' })
      .option('tag', { type: 'string', describe: 'Move every memory carrying this tag to the trash (one commit)' })
      .example('$0 delete mem_0k2x9d1ab7q4ce3m', 'Delete one')
      .example('$0 delete --tag obsolete', 'Delete by tag'),
  handler: (argv) =>
    run<{ success: true; deleted: string | string[] }>(
      argv,
      async (s) => {
        if (argv.id && argv.tag) throw new InvalidInputError('give an id or --tag, not both', { field: 'id' });
        if (argv.tag !== undefined) {
          const r = await s.deleteByTag(argv.tag);
          return { success: true, deleted: r.deleted };
        }
        if (!argv.id) throw new InvalidInputError('give the id to delete (or --tag TAG)', { field: 'id' });
        const r = await s.delete(argv.id);
        // Several files claimed the id (hand copies): all went, and the count says so.
        return r.files ? { success: true, deleted: r.deleted, files: r.files } : { success: true, deleted: r.deleted };
      },
      (r) => (Array.isArray(r.deleted) ? `moved ${r.deleted.length} memor${r.deleted.length === 1 ? 'y' : 'ies'} to the trash${r.deleted.length ? ': ' + r.deleted.join(', ') : ''}` : `moved ${r.deleted} to the trash (memory trash restore ${r.deleted} brings it back)`),
    ),
};
