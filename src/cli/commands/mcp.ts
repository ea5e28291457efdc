import { command } from '../command.js';
import type { GlobalArgs } from '../context.js';
import { InvalidInputError } from '../../errors.js';
import { reportError } from '../output.js';

interface Args extends GlobalArgs {
  sync?: boolean;
  'pull-interval'?: number;
  'preview-chars'?: number;
}

/** `--sync` / `--no-sync` win; otherwise MEMORY_AUTO_SYNC, read the way the other commands read it. */
function syncMode(flag: boolean | undefined): 'all' | 'read' | 'write' | false {
  if (flag !== undefined) return flag ? 'all' : false;
  const env = (process.env.MEMORY_AUTO_SYNC ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes', 'on', 'all'].includes(env)) return 'all';
  if (env === 'write' || env === 'push') return 'write';
  if (env === 'read' || env === 'pull') return 'read';
  return false;
}

export const mcpCommand = command<Args>({
  command: 'mcp',
  describe: 'Serve the memory tools to an MCP client over stdio (Claude Code, Cursor, SDK agents)',
  builder: (y) =>
    y
      .option('pull-interval', { type: 'number', default: 5, describe: 'With --sync: seconds during which reads reuse the last pull (0: pull before every read)' })
      .option('preview-chars', { type: 'number', default: 1000, describe: 'Longest content shown in list/search results; memory_get returns the full text' })
      .example('$0 mcp', 'Serve the memory branch of the repository in the current directory')
      .example('$0 mcp --repo ~/src/app --sync', 'Another repository, shared through its remote')
      .example('claude mcp add memory -- npx git-memory mcp', 'Register with Claude Code (docs/mcp.md has Cursor and SDK snippets)')
      .epilog('Speaks JSON-RPC on stdin/stdout; logs go to stderr. Tools: memory_store, memory_search, memory_get, memory_recent, memory_list, memory_delete, memory_update, memory_history, memory_core_view, memory_core_update, memory_trash, memory_stats.'),
  handler: async (argv) => {
    try {
      const interval = argv['pull-interval'] ?? 5;
      const preview = argv['preview-chars'] ?? 1000;
      if (!Number.isFinite(interval) || interval < 0) throw new InvalidInputError('--pull-interval must be a number of seconds, 0 or more', { field: 'pull-interval' });
      if (!Number.isInteger(preview) || preview < 100) throw new InvalidInputError('--preview-chars must be a whole number, 100 or more', { field: 'preview-chars' });
      // The SDK is loaded only for this command, so the other commands start without it.
      const { serveStdio } = await import('../../mcp/server.js');
      await serveStdio({ repo: argv.repo, branch: argv.branch, sync: syncMode(argv.sync), pullIntervalMs: interval * 1000, previewChars: preview });
    } catch (err) {
      reportError(err, !!argv.json);
    }
  },
});
