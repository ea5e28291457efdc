import type { CommandModule } from 'yargs';
import { run, type GlobalArgs } from '../context.js';
import { describeSync } from '../../sync/format.js';

export interface RemoteArgs extends GlobalArgs {
  remote?: string;
  retries?: number;
}

export const syncCommand: CommandModule<GlobalArgs, RemoteArgs> = {
  command: 'sync',
  describe: 'Share memories: fetch the remote memory branch, combine it with local memories, push (retrying if others pushed first)',
  builder: (y) =>
    y
      .option('remote', { type: 'string', describe: 'Remote name or URL (default: $MEMORY_REMOTE or "origin")' })
      .option('retries', { type: 'number', describe: 'Retries when another writer pushed first (default: $MEMORY_SYNC_RETRIES or config sync.retries, 20)' })
      .example('$0 sync', 'Pull and push memories through origin')
      .example('$0 sync --remote upstream --json', 'Through another remote, JSON result')
      .example('$0 store "Deploys need the VPN" --sync', 'Store and share in one command'),
  handler: (argv) =>
    run(
      argv,
      async (s) => (await import('../../sync/index.js')).sync(s, { remote: argv.remote, retries: argv.retries }),
      (r) => describeSync(r, 'synced'),
      { sync: 'none' },
    ),
};
