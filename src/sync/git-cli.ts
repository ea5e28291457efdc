import { PermissionDeniedError, RemoteUnreachableError, SyncFailedError, type MemoryError } from '../errors.js';
import { runGit as run, type GitTarget } from '../git/cli.js';

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Network operations give up after this long (a hung connection must not hang a CI job). */
export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Runs the git CLI for sync through the one runner (src/git/cli.ts): the repository named by path
 * (an explicit --repo wins over an inherited GIT_DIR), English messages (classified below), never a
 * credential prompt (a CI job or an agent has no terminal to answer it; a prompt would hang the sync
 * instead of failing it). Network operations go through git itself so that whatever the checkout set
 * up (credential helpers, `http.extraheader` from actions/checkout, proxies, ssh config, `insteadOf`
 * rewrites) applies unchanged. A failure is a result to classify, never a throw: a git that cannot
 * be started (or whose output overflows) is exit code -1.
 */
export async function runGit(target: GitTarget, args: string[], opts: { timeoutMs?: number } = {}): Promise<GitRun> {
  try {
    const r = await run(target, args, { timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, allowFailure: true });
    return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr, timedOut: !!r.timedOut };
  } catch (err) {
    return { code: -1, stdout: '', stderr: `could not run git: ${(err as Error).message}`, timedOut: false };
  }
}

const PERMISSION = [
  /permission denied/i,
  /permission to .* denied/i,
  /authentication failed/i,
  /could not read (username|password)/i,
  /terminal prompts disabled/i,
  /returned error: 40[13]/i,
  /\b403\b.*forbidden/i,
  /access denied/i,
  /not authorized/i,
  /insufficient permission/i,
  /write access to repository not granted/i,
];
const UNREACHABLE = [
  /could not resolve host/i,
  /could not resolve hostname/i,
  /connection refused/i,
  /connection timed out/i,
  /operation timed out/i,
  /network is unreachable/i,
  /no route to host/i,
  /failed to connect/i,
  /couldn't connect/i,
  /unable to access/i,
  /does not appear to be a git repository/i,
  /could not read from remote repository/i,
  /repository .*not found/i,
  /not a git repository/i,
  /no such file or directory/i,
  /host key verification failed/i,
  /the remote end hung up/i,
];

/** The error code for a failed fetch or push, from git's message. */
export function classifyGitFailure(stderr: string, timedOut = false): GitFailureCode {
  if (timedOut) return 'REMOTE_UNREACHABLE';
  if (PERMISSION.some((r) => r.test(stderr))) return 'PERMISSION_DENIED';
  if (UNREACHABLE.some((r) => r.test(stderr))) return 'REMOTE_UNREACHABLE';
  return 'SYNC_FAILED';
}

/** The codes a failed git network command is classified into, each with its class. */
const FAILURE = { REMOTE_UNREACHABLE: RemoteUnreachableError, PERMISSION_DENIED: PermissionDeniedError, SYNC_FAILED: SyncFailedError };
export type GitFailureCode = keyof typeof FAILURE;

const HINT: Record<GitFailureCode, string> = {
  REMOTE_UNREACHABLE: 'check the remote name/URL ("git remote -v") and the network; local memories are unchanged',
  PERMISSION_DENIED: 'check the credentials git uses for this remote (in GitHub Actions: "permissions: contents: write"); local memories are unchanged',
  SYNC_FAILED: 'local memories are unchanged',
};

/** Hides credentials embedded in URLs (`https://user:token@host/...`): error messages end up in CI logs. */
export function redact(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@');
}

/** The last meaningful lines of git's stderr, for an error message. */
export function gitMessage(stderr: string): string {
  const lines = redact(stderr)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^hint:/i.test(l));
  return lines.slice(-3).join(' / ') || 'no message from git';
}

export function gitFailure(what: string, run: GitRun, data: Record<string, unknown> = {}): MemoryError {
  const code = classifyGitFailure(run.stderr, run.timedOut);
  const detail = run.timedOut ? 'timed out' : gitMessage(run.stderr);
  return new FAILURE[code](`${what} failed: ${detail} (${HINT[code]})`, { ...data, exitCode: run.code, git: redact(run.stderr.trim().slice(-2000)) });
}

/** Longest remote message quoted in an error (the server's own words, e.g. "GH006: Protected branch update failed"). */
export const REMOTE_MESSAGE_MAX = 600;

/**
 * What the server said about a push: git prints hook and policy output as `remote: ...` lines on
 * stderr. Control characters (a hostile server's terminal escapes) are dropped, credentials in URLs
 * hidden, and the text bounded to REMOTE_MESSAGE_MAX characters. '' when the server said nothing.
 */
export function remoteMessage(stderr: string): string {
  const lines = redact(stderr)
    .split(/\r?\n|\r/)
    .filter((l) => /^remote:/.test(l))
    .map((l) =>
      l
        .slice(7)
        // eslint-disable-next-line no-control-regex
        .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
        // eslint-disable-next-line no-control-regex
        .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
        .trim(),
    )
    .filter((l) => l && !/^-+$/.test(l));
  const text = lines.join(' / ');
  return text.length > REMOTE_MESSAGE_MAX ? text.slice(0, REMOTE_MESSAGE_MAX - 1) + '…' : text;
}
