import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { describeSync } from '../../sync/format.js';
import { withSyncProgress, type RemoteArgs } from './sync.js';

export const pullCommand = command<RemoteArgs>({
  command: 'pull',
  describe: 'Fetch the remote memory branch and combine it into the local one (publishes nothing)',
  builder: (y) =>
    y
      .option('remote', { type: 'string', describe: 'Remote name or URL (default: $MEMORY_REMOTE or "origin")' })
      .example('$0 pull', 'Take in memories others pushed to origin')
      .example('$0 pull --json', 'With the JSON result (received, conflicts)'),
  handler: (argv) =>
    run(
      argv,
      (m) => withSyncProgress(argv.json, (onProgress) => m.pull({ remote: argv.remote, onProgress })),
      (r) => describeSync(r, 'pulled'),
      { op: 'pull' },
    ),
});
