import { command } from '../command.js';
import { PRIORITIES, type Priority } from '../../model/memory.js';
import { run, splitList, type GlobalArgs } from '../context.js';
import { color, formatTable, noteColor, resultsWithNote, unstyled } from '../output.js';
import { progressReporter } from '../progress.js';
import type { SearchMode, SearchQuery, SearchResponse } from '../../model/search-types.js';

/** The mode line under the results: which mode ran, and any fallback or relaxation, never silent. */
function describeMode(r: SearchResponse): string {
  const parts: string[] = [];
  if (r.mode) parts.push(`${r.mode} search`);
  if (r.fallback) parts.push(`(fell back from ${r.fallback.from}: ${r.fallback.reason})`);
  else if (r.ignoredQuery) parts.push(`(${r.ignoredQuery})`);
  if (r.relaxed?.length) parts.push(`relaxed: ${r.relaxed.map((x) => (x === 'date' ? 'without dates' : x === 'tags' ? 'without tags' : 'vector mode')).join(', then ')}`);
  if (r.vectors?.embedded) parts.push(`${r.vectors.embedded} ${r.vectors.embedded === 1 ? 'memory' : 'memories'} embedded`);
  if (r.vectors?.missing) parts.push(`${r.vectors.missing} not yet embedded: run "memory embed"`);
  return parts.length ? noteColor.dim(' · ' + parts.join(' · ')) : '';
}

interface Args extends GlobalArgs {
  archived?: boolean;
  ref?: string;
  query?: string[];
  tag?: string[];
  category?: string;
  priority?: string;
  scope?: string;
  after?: string;
  before?: string;
  days?: number;
  limit?: number;
  mode?: string;
  relax?: boolean;
  weak?: boolean;
}

/**
 * Confident results, then the weak candidates (below confidence) apart: dimmed under a heading on a
 * terminal; on a pipe only with --weak, after a `# weak` line, so a script reading stdout gets
 * answers only unless it asks (docs/search.md, "Confidence").
 */
function renderResults(r: SearchResponse, showWeak: boolean | undefined): string {
  const main = r.results.length || !r.weak?.length ? formatTable(r.results, { relevance: true }) : '';
  const weak = r.weak ?? [];
  const terminal = !!process.stdout.isTTY;
  if (!weak.length || !(showWeak ?? terminal)) return main;
  const head = terminal ? color.dim(`weak candidates (below confidence, not answers):`) : '# weak candidates (below confidence)';
  const rows = formatTable(weak, { relevance: true });
  const body = terminal ? rows.split('\n').map((l) => color.dim(unstyled(l))).join('\n') : rows;
  return [main, head, body].filter(Boolean).join('\n');
}

/** `3 of 12`, and what is below confidence: `· nothing confident · 4 weak (--weak to print)`. */
function countLine(r: SearchResponse, showWeak: boolean | undefined): string {
  let s = `${r.results.length} of ${r.total}`;
  const weak = r.weak?.length ?? 0;
  if (r.nothingConfident) s += ' · nothing confident';
  if (weak) s += ` · ${weak} weak${!(showWeak ?? !!process.stdout.isTTY) ? ' (--weak to print)' : ''}`;
  return noteColor.dim(s);
}

export const searchCommand = command<Args>({
  command: 'search [query..]',
  describe: 'Search by words and meaning (hybrid by default, see --mode), ranked, with filters (filters alone: newest first)',
  builder: (y) =>
    y
      .positional('query', { type: 'string', describe: 'Words to look for (any text; quotes optional)' })
      .option('tag', { alias: 'tags', type: 'string', array: true, describe: 'Only memories with this tag (repeatable: all must match)' })
      .option('category', { type: 'string', describe: 'Only this category' })
      .option('priority', { type: 'string', choices: PRIORITIES as unknown as string[], describe: 'Only this priority' })
      .option('scope', { type: 'string', describe: 'Only this scope' })
      .option('after', { type: 'string', describe: 'Only memories created after this ISO date or datetime' })
      .option('before', { type: 'string', describe: 'Only memories created before this ISO date or datetime' })
      .option('days', { type: 'number', describe: 'Only memories from the last N days' })
      .option('limit', { type: 'number', describe: 'Results to return (default 10, confident and weak together); total counts every confident match' })
      .option('mode', { type: 'string', choices: ['hybrid', 'vector', 'fulltext'], describe: 'hybrid (default when an embedder is available), vector or fulltext; the result says which ran and why' })
      .option('archived', { type: 'boolean', describe: 'Also search memories archived by "memory prune" (full text; marked archived)' })
      .option('ref', { type: 'string', describe: 'Check the citations at this ref or commit (default the checkout\'s HEAD)' })
      .option('relax', { type: 'boolean', describe: 'If nothing matches, retry without the dates, then without tags, then in vector mode; what a dropped filter lets in is weak, never a result (default: off)' })
      .option('weak', { type: 'boolean', describe: 'Print the weak candidates (below confidence) after the results even when piped; --no-weak hides them on a terminal' })
      .example('$0 search "TypeScript configuration"', 'Ranked by words and meaning (hybrid; full-text only without a model)')
      .example('$0 search "rate limit" --tag api --limit 5', 'Combined with a tag filter')
      .example('$0 search deployment --after 2026-01-01 --before 2026-02-25', 'Within dates')
      .example('$0 search --category infrastructure --json', 'Filters alone, newest first, as JSON')
      .example('$0 search "CI broke because an env var was not set" --mode vector', 'By meaning (offline model, docs/hybrid.md)')
      .example('$0 search "deploy" --tag ops --after 2026-01-01 --relax', 'Widen the search step by step if nothing matches')
      .example('$0 search "how do I rotate the keys" --weak | cat', 'Also print candidates below confidence when piped'),
  handler: (argv) =>
    run(
      argv,
      async (m) => {
        const text = (argv.query ?? []).map(String).join(' ');
        const q: SearchQuery = {
          query: text,
          tags: splitList(argv.tag),
          category: argv.category,
          priority: argv.priority as Priority | undefined,
          scope: argv.scope,
          after: argv.after,
          before: argv.before,
          days: argv.days,
          limit: argv.limit,
          mode: argv.mode as SearchMode | undefined,
          relax: argv.relax,
          archived: argv.archived,
        };
        // On a terminal a wait says what it is (`searching… 3 s`, then the index build with its total):
        // a first search that builds the index or loads the model sat silent for 10 s.
        const bar = progressReporter({ label: 'searching', quiet: argv.json, heartbeat: true });
        try {
          // A warm search helper answers first when there is one (docs/daemon.md); null: in-process.
          const cited = argv.ref !== undefined ? { ref: String(argv.ref) } : {};
          const viaDaemon = await m.helper.search(q, cited);
          if (viaDaemon) return viaDaemon;
          return await m.search(q, { ...cited, progress: (done, total) => bar.progress(done, total, 'indexing') });
        } finally {
          bar.end();
        }
      },
      // Results on stdout; the `N of M · mode` line on stderr, so a pipe gets results only.
      // Weak candidates apart (dimmed on a terminal, on a pipe only with --weak).
      (r) => resultsWithNote(renderResults(r, argv.weak), `${countLine(r, argv.weak)}${describeMode(r)}`),
    ),
});
