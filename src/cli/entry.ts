import { main } from './main.js';
import { formatError, safeText } from '../core/error-format.js';

main().catch((err) => {
  // An error no command handler caught: coded and masked like every other (a stack only with MEMORY_DEBUG).
  process.stderr.write(`git-memory: ${formatError(err)}\n`);
  if (process.env.MEMORY_DEBUG) process.stderr.write(safeText(String((err as Error)?.stack ?? err), 4000) + '\n');
  process.exitCode = 1;
});
