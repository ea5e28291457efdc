/** Pushes and their results: atomic or per-ref, each ref under a lease; what a refusal means. */
import { MemoryError, PushRejectedError, SyncFailedError } from '../errors.js';
import { gitFailure, remoteMessage, runGit, type GitRun } from './git-cli.js';
import { type Ctx, report } from './context.js';

/** One ref change in a push: `next` null deletes; `expect` null means "must not exist yet". */
interface RefUpdate {
  ref: string;
  next: string | null;
  expect: string | null;
}

type PushOutcome =
  | { ok: true; created: boolean; old: string | null }
  /** moved: another writer changed a ref first (retry, or fall back to a pending ref). refused: the
   * server said no (hook, protection). no-atomic: the server cannot apply several refs atomically. */
  | { ok: false; kind: 'moved' | 'refused' | 'no-atomic' | 'failed'; error: MemoryError };

const MOVED_LOCAL = /fetch first|non-fast-forward|stale info/;
const MOVED_REMOTE = /cannot lock|failed to (update|lock)|incorrect old value|but expected|reference already exists|unable to update|atomic (push|transaction) failed/i;

/**
 * Pushes ref changes in one atomic transaction, each guarded by a lease (compare-and-swap on the
 * server): either every ref moves or none does. Never forced beyond the lease.
 */
export async function pushRefs(ctx: Ctx, updates: RefUpdate[], atomic = true): Promise<PushOutcome> {
  report(ctx, 'push');
  // --no-verify: pre-push hooks guard code pushes (tests, linters); a memory write is not one.
  const args = ['push', '--porcelain', '--no-verify', ...(atomic ? ['--atomic'] : [])];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ''}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ''}:${u.ref}`));
  const run = await runGit(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, updates[0].ref);
}

/** What became of each ref of a non-atomic push. */
type RefStatus = 'ok' | 'moved' | 'refused' | 'failed';

/**
 * Pushes ref changes WITHOUT --atomic, each under its lease: the remote applies each one it can.
 * Returns each ref's fate, and the error that describes the first one that failed.
 */
export async function pushEach(ctx: Ctx, updates: RefUpdate[]): Promise<{ status: Map<string, RefStatus>; error: MemoryError | null }> {
  report(ctx, 'push');
  const args = ['push', '--porcelain', '--no-verify'];
  for (const u of updates) args.push(`--force-with-lease=${u.ref}:${u.expect ?? ''}`);
  args.push(ctx.remoteArg, ...updates.map((u) => `${u.next ?? ''}:${u.ref}`));
  const run = await runGit(ctx.target, args, { timeoutMs: ctx.timeoutMs });
  const lines = new Map<string, { flag: string; summary: string }>();
  for (const l of run.stdout.split('\n')) {
    if (!/^[ +\-*!=]\t/.test(l)) continue;
    const [flag, spec = '', summary = ''] = l.split('\t');
    lines.set(spec.slice(spec.lastIndexOf(':') + 1), { flag, summary: summary.trim() });
  }
  const status = new Map<string, RefStatus>();
  let error: MemoryError | null = null;
  for (const u of updates) {
    const l = lines.get(u.ref);
    let st: RefStatus;
    if (!l) st = 'failed';
    else if (l.flag !== '!') st = 'ok';
    else st = (/\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary)) || (/\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary)) ? 'moved' : 'refused';
    status.set(u.ref, st);
    if (st !== 'ok' && !error) {
      const o = pushOutcome(ctx, run.code === 0 ? { ...run, code: 1 } : run, u.ref);
      error = o.ok ? null : o.error;
    }
  }
  return { status, error };
}

function pushOutcome(ctx: Ctx, run: GitRun, mainRef: string): PushOutcome {
  const lines = run.stdout
    .split('\n')
    .filter((l) => /^[ +\-*!=]\t/.test(l))
    .map((l) => {
      const [flag, spec = '', summary = ''] = l.split('\t');
      return { flag, ref: spec.slice(spec.lastIndexOf(':') + 1), summary: summary.trim() };
    });
  const main = lines.find((l) => l.ref === mainRef);
  const data = { remote: ctx.remoteName, branch: ctx.branch };
  if (run.code === 0 && lines.length && !lines.some((l) => l.flag === '!')) {
    const m = main && /^([0-9a-f]{4,40})\.\.\.?[0-9a-f]{4,40}$/.exec(main.summary);
    return { ok: true, created: main?.flag === '*', old: main?.flag === '=' ? 'same' : m ? m[1] : null };
  }
  if (/does not support --atomic|atomic push.*not supported/i.test(run.stderr)) {
    return { ok: false, kind: 'no-atomic', error: new SyncFailedError(`${ctx.remoteName} cannot update several refs atomically`, data) };
  }
  const rejected = lines.filter((l) => l.flag === '!');
  if (rejected.length) {
    const real = rejected.filter((l) => !/atomic push failed/.test(l.summary));
    const said = remoteMessage(run.stderr);
    const why = (real[0] ?? rejected[0]).summary;
    const moved = real.length ? real.every((l) => (/\[rejected\]/.test(l.summary) && MOVED_LOCAL.test(l.summary)) || (/\[remote rejected\]/.test(l.summary) && MOVED_REMOTE.test(l.summary))) : true;
    if (moved) return { ok: false, kind: 'moved', error: new PushRejectedError(`the remote ${ctx.branch} moved: ${why}`, { ...data, git: why }) };
    return {
      ok: false,
      kind: 'refused',
      error: new PushRejectedError(
        `the remote refused the push of ${ctx.branch}: ${why}${said ? `; the remote said: ${said}` : ''} (a protected branch or a server hook? local memories are unchanged)`,
        { ...data, git: why, remoteMessage: said || null },
      ),
    };
  }
  return { ok: false, kind: 'failed', error: gitFailure(`pushing ${ctx.branch} to ${ctx.remoteName}`, run, { ...data, remoteMessage: remoteMessage(run.stderr) || null }) };
}

/** Pushes `oid` to the remote branch, never forced: the remote only moves forward (mode "branch"). */
export async function pushTip(ctx: Ctx, oid: string): Promise<PushOutcome> {
  report(ctx, 'push');
  // --no-verify: pre-push hooks guard code pushes (tests, linters); a memory write is not one.
  const run = await runGit(ctx.target, ['push', '--porcelain', '--no-verify', ctx.remoteArg, `${oid}:${ctx.branchRef}`], { timeoutMs: ctx.timeoutMs });
  return pushOutcome(ctx, run, ctx.branchRef);
}
