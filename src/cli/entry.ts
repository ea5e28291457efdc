import { main } from './main.js';

main().catch((err) => {
  process.stderr.write(`git-memory: ${(err as Error)?.stack ?? err}\n`);
  process.exitCode = 1;
});
