import { spawnSync } from 'node:child_process';
import { runGitSync, type GitTarget } from '../git/cli.js';

/** The base of `verify --since`: its commit here, or why it cannot be had (the step then checks every citation). */
export type BaseCommit = { commit: string } | { unavailable: string };

const lastLine = (s: string) => s.trim().split('\n').pop()?.slice(0, 200) ?? '';

function target(path: string): GitTarget | null {
  const r = spawnSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: path, encoding: 'utf8', timeout: 30_000 });
  return r.status === 0 ? { gitDir: r.stdout.trim(), root: path } : null;
}

function commitOf(t: GitTarget, ref: string): string | null {
  const r = runGitSync(t, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], { allowFailure: true });
  return r.status === 0 ? r.stdout.toString('utf8').trim() : null;
}

/**
 * The commit `since` names in the checkout at `path`. actions/checkout clones at depth 1, so in a
 * pull request the base commit (`github.event.pull_request.base.sha`) is usually absent: it is then
 * fetched from `remote` at depth 1 (the base's tree is all `--since` reads; GitHub serves a commit by
 * id), which adds it to the clone's objects and shallow list and touches nothing else (no ref, no
 * FETCH_HEAD, no work tree). A branch name is fetched the same way. Without sync, or when the fetch
 * fails, the reason is returned and the step verifies every citation at the ref instead.
 */
export function ensureBase(path: string, remote: string, since: string, sync: boolean, log: { info(m: string): void; warning(m: string): void }): BaseCommit {
  const t = target(path);
  if (!t) return { unavailable: 'the path is not a git repository' };
  const here = commitOf(t, since);
  if (here) return { commit: here };
  if (!sync) return { unavailable: `${since} is not in this clone and sync is false (no fetch); check out with fetch-depth: 0 or fetch the base first` };
  const isId = /^[0-9a-f]{40}$/.test(since);
  // A commit id is fetched as itself (nothing recorded); a branch name into its remote-tracking ref.
  const tracking = `refs/remotes/${remote}/${since}`;
  const fetched = runGitSync(t, ['-c', 'maintenance.auto=false', '-c', 'gc.auto=0', 'fetch', '--quiet', '--no-tags', '--depth=1', '--recurse-submodules=no', '--no-write-fetch-head', remote, isId ? since : `+refs/heads/${since}:${tracking}`], { allowFailure: true });
  const now = commitOf(t, isId ? since : tracking);
  if (now) {
    log.info(`fetched the base ${isId ? since.slice(0, 12) : since} from ${remote} (depth 1)`);
    return { commit: now };
  }
  return { unavailable: `could not fetch ${isId ? since.slice(0, 12) : since} from ${remote}: ${lastLine(fetched.stderr) || 'the remote did not send it'}` };
}
