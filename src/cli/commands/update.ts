import { command } from '../command.js';
import { PRIORITIES, type Priority } from '../../model/memory.js';
import { parseMeta, readStdinContent, run, splitList, warn, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

interface Args extends GlobalArgs {
  id: string;
  content?: string;
  tags?: string[];
  category?: string;
  priority?: string;
  scope?: string;
  meta?: string[];
  cite?: string[];
  citeRef?: string;
  uncite?: boolean;
}

export const updateCommand = command<Args>({
  command: 'update <id>',
  describe: 'Write a new version of a memory (updated time set, metadata.version + 1)',
  builder: (y) =>
    y
      .positional('id', { type: 'string', describe: 'Memory id' })
      .option('content', { type: 'string', describe: 'New text ("-" reads stdin)' })
      .option('tags', { type: 'string', array: true, describe: 'Replace the tags (comma-separated or repeated; "" clears them)' })
      .option('category', { type: 'string', describe: 'New category' })
      .option('priority', { type: 'string', choices: PRIORITIES as unknown as string[], describe: 'New priority' })
      .option('scope', { type: 'string', describe: 'New scope ("" removes it)' })
      .option('meta', { type: 'string', array: true, describe: 'Metadata to set, key=value (repeatable; merged)' })
      .option('cite', { type: 'string', array: true, describe: 'Replace the citations: PATH:START-END, PATH:LINE or PATH (repeatable)' })
      .option('cite-ref', { type: 'string', describe: 'Commit the citations are made at (default HEAD)' })
      .option('uncite', { type: 'boolean', describe: 'Remove every citation' })
      .example('$0 update mem_0k2x9d1ab7q4ce3m --cite src/http.ts:40-70', 'Cite the code again after it changed')
      .example('$0 update mem_0k2x9d1ab7q4ce3m --content "Rate limit is now 200/min"', 'New text')
      .example('$0 update mem_0k2x9d1ab7q4ce3m --tags api,limits --priority high', 'Retag'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        let content = argv.content;
        if (content === '-') content = await readStdinContent((await m.settings()).maxContentBytes);
        const metadata = parseMeta(argv.meta);
        const tags = argv.tags !== undefined ? (splitList(argv.tags) ?? []) : undefined;
        const cite = { ...(argv.cite !== undefined ? { cite: argv.cite } : {}), ...(argv.citeRef !== undefined ? { citeRef: argv.citeRef } : {}), ...(argv.uncite ? { uncite: true } : {}) };
        const r = await m.update(argv.id, { content, tags, category: argv.category, priority: argv.priority as Priority | undefined, scope: argv.scope, metadata, ...cite });
        warn(argv, r.warnings);
        return { success: r.success, id: r.id, version: r.version, updated: r.updated, changed: r.changed, ...(r.warnings ? { warnings: r.warnings } : {}) };
      },
      (r) => (r.changed.length ? `updated ${color.bold(r.id)} to version ${r.version} (${r.changed.join(', ')})` : `${r.id} unchanged (version ${r.version})`),
    ),
});
