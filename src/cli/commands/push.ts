import { command } from '../command.js';
import { run, type GlobalArgs } from '../context.js';
import { describeSync } from '../../sync/format.js';
import type { RemoteArgs } from './sync.js';

export const pushCommand = command<RemoteArgs>({
  command: 'push',
  describe: 'Push the local memory branch as it is (fails with PUSH_REJECTED if the remote has changes: use sync)',
  builder: (y) =>
    y
      .option('remote', { type: 'string', describe: 'Remote name or URL (default: $MEMORY_REMOTE or "origin")' })
      .example('$0 push', 'Publish local memories to origin')
      .example('$0 pull && $0 push', 'The two halves of "memory sync", without its retries'),
  handler: (argv) => run(argv, (m) => m.push({ remote: argv.remote }), (r) => describeSync(r, 'pushed'), { op: 'push' }),
});
