import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { describeSync } from '../../sync/format.js';
import type { SyncProgress } from '../../sync/sync.js';
import { progressReporter } from '../progress.js';

/**
 * `sync`/`pull` on a terminal: which step the wait is in (fetching from the remote, combining,
 * pushing) and for how long, from the sync's progress events. Nothing on a pipe or with --json.
 */
/**
 * Runs a sync or pull with its steps shown on a terminal (fetch, combine, push; nothing on a pipe or
 * with --json), the bar ended whatever happens.
 */
export async function withSyncProgress<T>(json: boolean | undefined, work: (onProgress: (e: SyncProgress) => void) => Promise<T>): Promise<T> {
  const bar = progressReporter({ label: 'syncing', quiet: !!json || !process.stderr.isTTY, heartbeat: true });
  const name = (r: string) => (r.length > 60 ? `${r.slice(0, 57)}…` : r);
  const label = { fetch: (r: string) => `fetching from ${name(r)}`, combine: () => 'combining with local memories', push: (r: string) => `pushing to ${name(r)}` };
  try {
    return await work((e) => bar.step(label[e.phase](e.remote)));
  } finally {
    bar.end();
  }
}

export interface RemoteArgs extends GlobalArgs {
  remote?: string;
  retries?: number;
  fold?: boolean;
  mode?: string;
}

export const syncCommand = command<RemoteArgs>({
  command: 'sync',
  describe: 'Share memories: fetch the remote memory branch and pending refs, combine them with local memories, push (to a pending ref of its own if another writer moved the branch first)',
  builder: (y) =>
    y
      .option('remote', { type: 'string', describe: 'Remote name or URL (default: $MEMORY_REMOTE or "origin")' })
      .option('retries', { type: 'number', describe: 'Retries when another writer moved the branch first, with --fold or --mode branch (default: $MEMORY_SYNC_RETRIES or config sync.retries, 20)' })
      .option('fold', { type: 'boolean', describe: 'Fold every pending ref into the branch, retrying until done, instead of leaving this sync\'s commits in a pending ref' })
      .option('mode', { type: 'string', choices: ['pending', 'branch'], describe: 'pending (default): lose no time to other writers, using pending refs; branch: the branch only, retried (default: $MEMORY_SYNC_MODE)' })
      .example('$0 sync', 'Pull and push memories through origin')
      .example('$0 sync --remote upstream --json', 'Through another remote, JSON result')
      .example('$0 sync --fold', 'Fold pending refs left by concurrent writers into the branch (a scheduled job)')
      .example('$0 store "Deploys need the VPN" --sync', 'Store and share in one command'),
  handler: (argv) =>
    run(
      argv,
      (m) => withSyncProgress(argv.json, (onProgress) => m.sync({ remote: argv.remote, retries: argv.retries, fold: argv.fold, mode: argv.mode as 'pending' | 'branch' | undefined, onProgress })),
      (r) => describeSync(r, 'synced'),
      { op: 'sync' },
    ),
});
