import { command } from '../command.js';
import { InvalidInputError } from '../../errors.js';
import { PRIORITIES, type Priority } from '../../model/memory.js';
import { parseMeta, readStdinContent, run, splitList, warn, type GlobalArgs } from '../context.js';
import { color } from '../output.js';

interface Args extends GlobalArgs {
  content?: string;
  tags?: string[];
  category?: string;
  priority?: string;
  scope?: string;
  meta?: string[];
  allowSecret?: boolean;
  redact?: boolean;
  ttl?: string;
  upsertKey?: string;
  autoTag?: boolean;
  cite?: string[];
  citeRef?: string;
}

export const storeCommand = command<Args>({
  command: 'store [content]',
  describe: 'Store a new memory (one commit on the memory branch)',
  builder: (y) =>
    y
      .positional('content', { type: 'string', describe: 'The text to remember; "-" (or nothing, with input piped) reads stdin' })
      .option('tags', { type: 'string', array: true, describe: 'Tags, comma-separated or repeated' })
      .option('category', { type: 'string', describe: 'Category (default "general")' })
      .option('priority', { type: 'string', choices: PRIORITIES as unknown as string[], describe: 'Priority (default medium)' })
      .option('scope', { type: 'string', describe: 'Who or what the memory belongs to, e.g. user:alice or agent:reviewer (list and search filter on it)' })
      .option('meta', { type: 'string', array: true, describe: 'Extra metadata, key=value (repeatable)' })
      .option('allow-secret', { type: 'boolean', describe: 'Store even if the secret guard finds a credential (this write only)' })
      .option('redact', { type: 'boolean', describe: 'Store with detected credentials masked as [REDACTED:kind]' })
      .option('ttl', { type: 'string', describe: 'Time to live, e.g. 12h, 7d, 2w: "memory prune" removes it after' })
      .option('upsert-key', { type: 'string', describe: 'Update the memory stored with this key instead of adding another' })
      .option('auto-tag', { type: 'boolean', describe: 'Derive tags from the content when none are given (default: config autoTag); --no-auto-tag turns it off' })
      .option('cite', { type: 'string', array: true, describe: 'Code this memory describes: PATH:START-END, PATH:LINE or PATH (whole file), relative to the repository root (repeatable)' })
      .option('cite-ref', { type: 'string', describe: 'Commit the citations are made at (default HEAD)' })
      .example('$0 store "Retries back off exponentially" --cite src/http.ts:40-62', 'Cite the code it describes (memory verify checks it)')
      .example('$0 store "Build cache lives in S3 bucket ci-cache" --upsert-key build-cache', 'Re-learn a fact: one memory, new versions')
      .example('$0 store "Release freeze until Friday" --ttl 7d', 'Expires after a week (memory prune)')
      .example('$0 store "The user prefers TypeScript over JavaScript"', 'Store a note')
      .example('$0 store "API rate limit is 100 requests/minute" --tags api,limits', 'With tags')
      .example('git log -1 --format=%B | $0 store - --category releases', 'From stdin'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        let content = argv.content;
        if (content === '-' || (content === undefined && !process.stdin.isTTY)) content = await readStdinContent((await m.settings()).maxContentBytes);
        if (content === undefined) throw new InvalidInputError('give the content to store, e.g. memory store "what you learned" (or "-" to read stdin)', { field: 'content' });
        const r = await m.store({
          content,
          tags: splitList(argv.tags),
          category: argv.category,
          priority: argv.priority as Priority | undefined,
          scope: argv.scope,
          metadata: parseMeta(argv.meta),
          allowSecret: argv.allowSecret,
          redact: argv.redact,
          ttl: argv.ttl,
          upsertKey: argv.upsertKey,
          autoTag: argv.autoTag,
          ...(argv.cite !== undefined ? { cite: argv.cite } : {}),
          ...(argv.citeRef !== undefined ? { citeRef: argv.citeRef } : {}),
        });
        warn(argv, r.warnings);
        // A warm search helper embeds the new memory now, so the next search need not (docs/daemon.md).
        if (!r.duplicate) await m.helper.notifyStored();
        const out: { success: true; id: string; timestamp: string; duplicate?: true; upserted?: true; tags?: string[]; redacted?: number } = { success: r.success, id: r.id, timestamp: r.timestamp };
        if (r.duplicate) out.duplicate = true;
        if (r.upserted) out.upserted = true;
        if (r.autoTags) out.tags = r.autoTags;
        if (r.redacted) out.redacted = r.redacted;
        if (r.citations) Object.assign(out, { citations: r.citations, citedAt: r.citedAt });
        if (r.warnings) Object.assign(out, { warnings: r.warnings });
        return out;
      },
      (r) =>
        `${r.duplicate ? 'already stored' : r.upserted ? 'updated' : 'stored'} ${color.bold(r.id)} ${color.dim(r.timestamp)}` +
        (r.tags ? ` ${color.yellow(r.tags.map((t) => '#' + t).join(' '))}` : '') +
        (r.redacted ? `\n${r.redacted} secret${r.redacted === 1 ? '' : 's'} masked` : ''),
    ),
});
