import type { MemoryError } from '../errors.js';
import { MAX_ERROR_VALUE, safeError, safeText } from '../model/error-format.js';
import type { ActionInputs } from './inputs.js';

/** The error as the step reports it: masked and bounded by the shared formatter (src/model/error-format.ts). */
export function toMemoryError(err: unknown): MemoryError {
  return safeError(err);
}

// What git and GitHub print when the job token may not push (HTTP 403, "Permission to x denied").
const DENIED = /\b403\b|permission to .* denied|denied to github-actions|write access to repository not granted|the requested url returned error: 403/i;

/**
 * The step that helps (`data.next`, src/errors.ts) in a workflow's words: the `with:` inputs and
 * the steps around this one, never the command line's flags. Null for a step the Action does not
 * reach (no Action command confirms, restores or edits the core document).
 */
export function workflowAdvice(err: MemoryError, remote: string, branch: string): string | null {
  const id = typeof err.data.id === 'string' ? err.data.id : '';
  switch (err.data.next) {
    case 'repository':
      return 'add `- uses: actions/checkout@v5` before this step, or point the `path` input at the checked-out repository.';
    case 'content':
      return 'set the `content` input to the text to remember (an expression that expands to nothing, such as a missing step output, leaves it empty).';
    case 'branch':
      return `set the \`branch\` input to a branch of its own (the default is \`memory\`): \`${branch}\` is checked out in the workspace, and git-memory never writes to a checked-out branch.`;
    case 'git.fetch':
      return 'the checkout lacks a git object git-memory reads: give actions/checkout `fetch-depth: 0` (a shallow clone cuts history off), and keep its remote reachable (a partial clone fetches objects on demand).';
    case 'list':
      return `check the \`id\` input (the \`list\` command shows the ids); with \`sync: false\` only memories already on the local \`${branch}\` branch are found.`;
    case 'trash.restore':
    case 'trash.list':
      return `the memory${id ? ` ${id}` : ''} was deleted and is in the trash of \`${branch}\`: the Action has no restore command; restore it from a clone with the CLI (\`memory trash restore ${id || 'ID'}\`), or store it again.`;
    case 'remote':
      return `the \`remote\` input (now ${remote}) names no remote of the checkout: give a remote name the checkout has (actions/checkout makes \`origin\`) or a URL; or set \`sync: false\` to work on the local branch only.`;
    case 'search.fulltext':
      return 'the bundle runs no offline embedding model: set `mode: fulltext`, or configure an HTTP embedder (hybrid.embedder openai, docs/hybrid.md).';
    case 'cite.ref':
      return 'set the `ref` input to a commit, branch or tag the checkout has (the default is its HEAD).';
    case 'sync':
      return `${remote}/${branch} has changes this checkout does not have: re-run the step with \`sync: true\` (the default), which pulls before it writes.`;
  }
  return null;
}

/**
 * The `setFailed` text: the error, then what to change in the workflow. A failed step is read by a
 * person scrolling a log, so the fix comes with the code: a refused token or a foreign-owned
 * workspace first, then the error's next step (`data.next`) in the workflow's words, else a fix by code.
 */
export function failureMessage(err: MemoryError, inputs?: Partial<ActionInputs>): string {
  // Inputs quoted in the text: masked and bounded like the error itself (a remote may be a URL with a token).
  const remote = safeText(inputs?.remote ?? 'origin', MAX_ERROR_VALUE);
  const branch = safeText(inputs?.branch ?? 'memory', MAX_ERROR_VALUE);
  const head = `[${err.code}] ${err.message}`;
  let fix: string;
  const next = workflowAdvice(err, remote, branch);
  if (err.code === 'UNSAFE_REPOSITORY' || /dubious ownership/i.test(err.message)) {
    // Container jobs: the workspace belongs to another uid than the one running git (git's own
    // words when git refused, UNSAFE_REPOSITORY when git-memory's own check did).
    fix = 'the repository belongs to another user than the job (a container job): add a step `run: git config --global --add safe.directory "$GITHUB_WORKSPACE"` before this one.';
  } else if (err.code === 'PERMISSION_DENIED' || ((err.code === 'PUSH_REJECTED' || err.code === 'SYNC_FAILED') && DENIED.test(err.message))) {
    fix = `the job's token may not push to ${remote}: grant \`permissions: contents: write\` to the job (or the workflow), and keep actions/checkout's \`persist-credentials\` (default true) so git has the token. Pull requests from forks get a read-only token: store memories from a push, schedule or workflow_dispatch run instead.`;
  } else if (next) {
    fix = next;
  } else {
    switch (err.code) {
      case 'UNSUPPORTED_REPOSITORY':
        fix = 'use a SHA-1 repository with the files ref backend (the default `actions/checkout` clone is one).';
        break;
      case 'REMOTE_UNREACHABLE':
        fix = `check the \`remote\` input (now ${remote}) and keep the checkout's credentials (\`persist-credentials: true\`, the default of actions/checkout); or set \`sync: false\` to work on the local branch only.`;
        break;
      case 'PUSH_REJECTED':
        fix = `the push to ${remote}/${branch} kept being rejected: check that no branch protection rule or ruleset blocks pushes to \`${branch}\`, then re-run the job.`;
        break;
      case 'SYNC_FAILED':
        fix = `check that ${remote} is reachable from the job and that \`${branch}\` is a branch git-memory can write to; \`sync: false\` skips the network.`;
        break;
      case 'NOT_FOUND':
        fix = `check the \`id\` input; with \`sync: false\` only memories already on the local \`${branch}\` branch are found.`;
        break;
      case 'SECRET_DETECTED':
        fix = 'the content looks like a credential, and memories are plain text in git that every reader of the repository sees: remove it from `content` (keep secrets in GitHub secrets).';
        break;
      case 'LOCKED':
      case 'CONFLICT':
        fix = 'another process was writing the branch at the same time: re-run the step.';
        break;
      case 'INTERNAL':
      case 'CORRUPT_OBJECT':
        fix = 're-run the job with debug logging (secret `ACTIONS_STEP_DEBUG: true`) for the stack trace, and report it to git-memory with that log.';
        break;
      default:
        fix = "check the step's `with:` inputs.";
    }
  }
  return `${head}\nTo fix: ${fix}`;
}
