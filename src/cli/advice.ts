import { errorOf, type MemoryError } from '../errors.js';

/**
 * What to do next after an error, in the CLI's words: the core states what happened and names the
 * operation that helps (`data.next`, src/errors.ts); the command line names its command or flag.
 */
export function cliAdvice(err: MemoryError): string | null {
  const id = typeof err.data.id === 'string' ? err.data.id : '';
  switch (err.data.next) {
    case 'list':
      return 'list ids with "memory list"';
    case 'trash.list':
      return 'list the trash with "memory trash"';
    case 'trash.restore':
      return `restore it with "memory trash restore ${id}"`;
    case 'core.view':
      return 'read it again with "memory core view"';
    case 'core.history':
      return 'see "memory core history"';
    case 'sync':
      return 'run "memory sync" (or "memory pull", then "memory push")';
    case 'daemon.run':
      return 'run "memory daemon run" to see why';
    case 'repository':
      return 'run inside a repository, pass --repo DIR, or run "git init"';
    case 'confirm':
      return 'add --confirm';
    case 'content':
      return 'give the text to remember as an argument or on stdin with "-"';
    case 'branch':
      return err.data.branch === 'memory' ? 'switch that worktree to another branch (git switch), or use another memory branch, e.g. --branch memory-notes' : 'use a branch of its own, e.g. --branch memory';
    case 'remote':
      return 'list them with "git remote -v", or pass a URL with --remote';
    case 'search.fulltext':
      return 'or search with --mode fulltext';
    case 'cite.ref':
      return 'name a commit, branch or tag with --cite-ref';
    case 'git.fetch':
      return 'run "git fetch" (a partial clone needs its remote reachable; a shallow clone may need "git fetch --unshallow")';
  }
  if (err.code === 'SECRET_DETECTED') return 'remove it, use --redact to store it masked, or --allow-secret if it is not a secret';
  return null;
}

/** `err` with the CLI's advice after its message (same code, class and data). */
export function withCliAdvice(err: MemoryError): MemoryError {
  const advice = cliAdvice(err);
  return advice ? errorOf(err.code, `${err.message} (${advice})`, err.data) : err;
}
