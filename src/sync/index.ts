/** Sharing the memory branch through a git remote: `sync` (pull, combine, push; pending refs when writers race), `pull`, `push`. */
export { sync, pull, push, type SyncOptions, type SyncResult, type SyncMode } from './sync.js';
export { combine, changedFiles, resolvePath, type SyncConflict, type ConflictKind } from './combine.js';
export { classifyGitFailure, remoteMessage } from './git-cli.js';
export { pendingStatus, PENDING_NAMESPACE } from './pending.js';
