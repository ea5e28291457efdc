import type { CommandModule } from 'yargs';
import { PRIORITIES, type Priority } from '../../core/memory.js';
import { run, splitList, type GlobalArgs } from '../context.js';
import { color, formatTable } from '../output.js';
import { progressBar } from './rebuild-index.js';

interface Args extends GlobalArgs {
  query?: string[];
  tag?: string[];
  category?: string;
  priority?: string;
  scope?: string;
  after?: string;
  before?: string;
  days?: number;
  limit?: number;
}

export const searchCommand: CommandModule<GlobalArgs, Args> = {
  command: 'search [query..]',
  describe: 'Full-text search, ranked, with filters (filters alone: newest first)',
  builder: (y) =>
    y
      .positional('query', { type: 'string', array: true, describe: 'Words to look for (any text; quotes optional)' })
      .option('tag', { alias: 'tags', type: 'string', array: true, describe: 'Only memories with this tag (repeatable: all must match)' })
      .option('category', { type: 'string', describe: 'Only this category' })
      .option('priority', { type: 'string', choices: PRIORITIES as unknown as string[], describe: 'Only this priority' })
      .option('scope', { type: 'string', describe: 'Only this scope' })
      .option('after', { type: 'string', describe: 'Only memories created after this ISO date or datetime' })
      .option('before', { type: 'string', describe: 'Only memories created before this ISO date or datetime' })
      .option('days', { type: 'number', describe: 'Only memories from the last N days' })
      .option('limit', { type: 'number', describe: 'Results to return (default 10); total counts every match' })
      .example('$0 search "TypeScript configuration"', 'Full-text search')
      .example('$0 search "rate limit" --tag api --limit 5', 'Combined with a tag filter')
      .example('$0 search deployment --after 2026-01-01 --before 2026-02-25', 'Within dates')
      .example('$0 search --category infrastructure --json', 'Filters alone, newest first, as JSON'),
  handler: (argv) =>
    run(
      argv,
      async (s) => {
        const bar = progressBar();
        try {
          const text = (argv.query ?? []).map(String).join(' ');
          return await s.search(
            {
              query: text,
              tags: splitList(argv.tag),
              category: argv.category,
              priority: argv.priority as Priority | undefined,
              scope: argv.scope,
              after: argv.after,
              before: argv.before,
              days: argv.days,
              limit: argv.limit,
            },
            { progress: bar.progress },
          );
        } finally {
          bar.end();
        }
      },
      (r) => `${formatTable(r.results, { relevance: true })}\n${color.dim(`${r.results.length} of ${r.total}`)}`,
    ),
};
