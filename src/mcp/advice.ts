import { errorOf, type MemoryError } from '../errors.js';

/**
 * What to do next after an error, in an agent's words: the core names the step that helps
 * (`data.next`, src/errors.ts); over MCP the agent calls tools, so the advice names those, or the
 * server's own flags for what only whoever starts the server can change. A step no tool reaches
 * (`confirm`, `core.history`: no tool clears or restores a version) gets no advice.
 */
export function agentAdvice(err: MemoryError): string | null {
  const id = typeof err.data.id === 'string' ? err.data.id : '';
  switch (err.data.next) {
    case 'list':
      return 'list ids with the memory_list tool';
    case 'trash.list':
      return 'list the trash with memory_trash';
    case 'trash.restore':
      return `restore it with memory_trash with action "restore" and id "${id}"`;
    case 'core.view':
      return 'read it again with memory_core_view';
    case 'repository':
      return 'the server is not in a git repository: start it inside one or with --repo DIR';
    case 'content':
      return 'give the text to remember in content';
    case 'branch':
      return err.data.branch === 'memory' ? 'the branch is checked out in a worktree: switch that worktree to another branch, or start the server with another memory branch, e.g. --branch memory-notes' : 'start the server with a branch of its own, e.g. --branch memory';
    case 'remote':
      return 'the server shares through $MEMORY_REMOTE (default origin): start it with a remote this repository has ("git remote -v" lists them)';
    case 'search.fulltext':
      return 'or call memory_search with mode "fulltext"';
    case 'cite.ref':
      return 'give citeRef a commit, branch or tag';
    case 'git.fetch':
      return 'the clone lacks the object: run "git fetch" in the repository (a shallow clone may need "git fetch --unshallow")';
  }
  if (err.code === 'SECRET_DETECTED') return 'remove the credential from the text and call the tool again';
  return null;
}

/** `err` with the agent's advice after its message (same code, class and data). */
export function withAgentAdvice(err: MemoryError): MemoryError {
  const advice = agentAdvice(err);
  return advice ? errorOf(err.code, `${err.message} (${advice})`, err.data) : err;
}
