/** Sharing the memory branch through a git remote: `sync` (pull, combine, push with retries), `pull`, `push`. */
export { sync, pull, push, type SyncOptions, type SyncResult } from './sync.js';
export { combine, diffTrees, resolvePath, type SyncConflict, type ConflictKind } from './combine.js';
export { classifyGitFailure } from './git-cli.js';
