import { execFile } from 'node:child_process';
import { MemoryError, type ErrorCode } from '../core/errors.js';

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Network operations give up after this long (a hung connection must not hang a CI job). */
export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Runs the git CLI. Network operations go through git itself so that whatever the checkout set up
 * (credential helpers, `http.extraheader` from actions/checkout, proxies, ssh config, `insteadOf`
 * rewrites) applies unchanged. Plain execFile rather than simple-git: we need exit code, stdout and
 * stderr verbatim to classify failures, and it keeps simple-git and its dependencies out of the CLI chunk.
 */
export function runGit(cwd: string, args: string[], opts: { timeoutMs?: number } = {}): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      {
        cwd,
        // English messages (we classify them), never an interactive credential prompt: a CI job or an
        // agent has no terminal to answer it, and a prompt would hang the sync instead of failing it.
        env: { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
        if (e && typeof e.code === 'string') {
          // The git binary itself could not be started.
          resolve({ code: -1, stdout: '', stderr: `could not run git: ${e.message}`, timedOut: false });
          return;
        }
        resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout: String(stdout), stderr: String(stderr), timedOut: !!e?.killed });
      },
    );
  });
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
export function classifyGitFailure(stderr: string, timedOut = false): ErrorCode {
  if (timedOut) return 'REMOTE_UNREACHABLE';
  if (PERMISSION.some((r) => r.test(stderr))) return 'PERMISSION_DENIED';
  if (UNREACHABLE.some((r) => r.test(stderr))) return 'REMOTE_UNREACHABLE';
  return 'SYNC_FAILED';
}

const HINT: Partial<Record<ErrorCode, string>> = {
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
  return new MemoryError(code, `${what} failed: ${detail} (${HINT[code]})`, { ...data, exitCode: run.code, git: redact(run.stderr.trim().slice(-2000)) });
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
