import { runSearchHelper } from '../../api.js';
import { command } from '../command.js';
import { InvalidInputError } from '../../errors.js';
import { run, type GlobalArgs } from '../context.js';
import { color } from '../output.js';
import type { DaemonState, StopResult } from '../../daemon/client.js';

interface Args extends GlobalArgs {
  action: string;
}

/** The human form of `memory daemon status|start`. */
export function describeDaemon(r: DaemonState): string {
  const mode = color.dim(`MEMORY_DAEMON: ${r.reason}`);
  if (!r.running) {
    const backoff = r.backoff ? `\n${color.yellow(`searches start no helper until ${r.backoff.until}: ${r.backoff.reason} ("memory daemon start" tries now)`)}` : '';
    return `not running ${color.dim(`(socket ${r.socket})`)}${r.cleaned ? color.dim(`; removed stale ${r.cleaned.join(', ')}`) : ''}${backoff}\n${mode}`;
  }
  if (!r.status) {
    // Alive, but it did not answer: one request at a time, and a long one holds it.
    const b = r.busy;
    return `running, pid ${color.bold(String(b?.pid ?? '?'))}, busy${b?.since ? ` since ${b.since}${b.op ? ` (${b.op})` : ''}` : ''}: no answer within 5 s\n${mode}`;
  }
  const s = r.status;
  const lines = [
    `running, pid ${color.bold(String(s.pid))}, version ${s.version}${r.stale ? color.yellow(` (stale: ${r.stale}; the next search replaces it)`) : ''}`,
    color.dim(`up ${Math.round(s.uptimeMs / 1000)} s, idle ${Math.round(s.idleMs / 1000)} s of ${Math.round(s.idleTimeoutMs / 1000)} s, ${s.requests} requests, ${Math.round(s.rssBytes / 1048576)} MB`),
    ...s.stores.map((x) => color.dim(warmLine(x))),
    color.dim(`socket ${s.socket}`),
    mode,
  ];
  return lines.join('\n');
}

/** One open store: its tip, or what is true when it has none (no branch yet, or no answer yet). */
function warmLine(x: { repo: string; branch: string; tip: string | null; ready?: boolean }): string {
  if (x.ready === false) return `warming up: ${x.branch} in ${x.repo}`;
  if (!x.tip) return `warm: ${x.repo} has no ${x.branch} branch yet (searches find nothing until the first store)`;
  return `warm: ${x.branch} at ${x.tip.slice(0, 12)} in ${x.repo}`;
}

export const daemonCommand = command<Args>({
  command: 'daemon [action]',
  describe: 'The search helper that keeps the model and index warm: status, start, stop (docs/daemon.md)',
  builder: (y) =>
    y
      .positional('action', { type: 'string', choices: ['status', 'start', 'stop', 'run'], default: 'status', describe: 'status, start (and wait until warm), stop, or run in the foreground' })
      .example('$0 daemon status --json', 'Is a helper running for this repository, and how warm')
      .example('$0 daemon stop', 'Stop it (the next default search starts it again unless MEMORY_DAEMON=off)')
      .example('MEMORY_DAEMON=off $0 search "rate limit"', 'Search in-process, never use or start a helper')
      .epilog('A default search starts the helper on demand and it exits after MEMORY_DAEMON_IDLE (default 10m) without a request. MEMORY_DAEMON=auto (default: on, but off when CI is set) | on | off.'),
  handler: async (argv) => {
    if (argv.action === 'run') {
      // Foreground: what a default search starts detached. Logs to stderr; exits like the detached one.
      let code = 1;
      try {
        code = await runSearchHelper({ repo: argv.repo, branch: argv.branch, log: (l) => process.stderr.write(`git-memory daemon: ${l}\n`) });
      } catch (err) {
        process.stderr.write(`git-memory daemon: ${(err as Error)?.message ?? err}\n`);
      }
      process.exit(code);
    }
    return run<DaemonState | StopResult>(
      argv,
      async (m) => {
        if (argv.action === 'status') return m.helper.status();
        if (argv.action === 'stop') return m.helper.stop();
        if (argv.action === 'start') return m.helper.start();
        throw new InvalidInputError(`unknown action ${JSON.stringify(argv.action)}`, { field: 'action' });
      },
      (r) => {
        if ('stopped' in r) return r.stopped ? `stopped the helper${r.pid ? ` (pid ${r.pid})` : ''}${r.signal ? color.dim(` with ${r.signal}: it was not answering`) : ''}` : r.pid ? `the helper (pid ${r.pid}) is still running` : `no helper was running${r.cleaned ? color.dim(`; removed stale ${r.cleaned.join(', ')}`) : ''}`;
        return describeDaemon(r);
      },
      { op: 'daemon' },
    );
  },
});
