import { command } from '../command.js';
import { PRIORITIES, type Priority } from '../../model/memory.js';
import { run, splitList, type GlobalArgs } from '../context.js';
import { formatTable, noteColor, resultsWithNote } from '../output.js';

interface Args extends GlobalArgs {
  tag?: string[];
  category?: string;
  scope?: string;
  priority?: string;
  limit?: number;
  archived?: boolean;
  cites?: string;
  ref?: string;
}

export const listCommand = command<Args>({
  command: 'list',
  describe: 'List memories, newest first, with optional filters',
  builder: (y) =>
    y
      .option('tag', { alias: 'tags', type: 'string', array: true, describe: 'Only memories with this tag (repeatable: all must match)' })
      .option('category', { type: 'string', describe: 'Only this category' })
      .option('scope', { type: 'string', describe: 'Only this scope' })
      .option('priority', { type: 'string', choices: PRIORITIES as unknown as string[], describe: 'Only this priority' })
      .option('limit', { type: 'number', describe: 'Page size (default 50); total counts every match' })
      .option('archived', { type: 'boolean', describe: 'Include memories archived by "memory prune" (marked archived)' })
      .option('cites', { type: 'string', describe: 'Only memories citing this file, or a file under this folder' })
      .option('ref', { type: 'string', describe: 'Check the citations at this ref or commit (default the checkout\'s HEAD)' })
      .example('$0 list --cites src/http.ts', 'The memories that cite src/http.ts')
      .example('$0 list --cites src/ --json', 'The memories citing anything under src/')
      .example('$0 list --tag api --category infrastructure', 'Filtered')
      .example('$0 list --json --limit 500', 'As JSON'),
  handler: (argv) =>
    run(
      argv,
      (m) => m.list({ tags: splitList(argv.tag), category: argv.category, scope: argv.scope, priority: argv.priority as Priority | undefined, limit: argv.limit, archived: argv.archived, ...(argv.cites !== undefined ? { cites: String(argv.cites) } : {}), ...(argv.ref !== undefined ? { ref: String(argv.ref) } : {}) }),
      (r) => resultsWithNote(formatTable(r.memories), noteColor.dim(`${r.memories.length} of ${r.total}`)),
    ),
});
