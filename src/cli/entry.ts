import { main } from './main.js';
import { formatError, safeText } from '../model/error-format.js';

// A reader that stops early (`memory list --json | head`) closes the pipe: the command's work is
// done or pointless, so stop quietly, as git and coreutils do, rather than dying on EPIPE with a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

main().catch((err) => {
  // An error no command handler caught: coded and masked like every other (a stack only with MEMORY_DEBUG).
  process.stderr.write(`git-memory: ${formatError(err)}\n`);
  if (process.env.MEMORY_DEBUG) process.stderr.write(safeText(String((err as Error)?.stack ?? err), 4000) + '\n');
  process.exitCode = 1;
});
