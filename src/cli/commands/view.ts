import { command } from '../command.js';
import type * as ChildProcess from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvalidInputError } from '../../errors.js';
import { openCliMemory, type GlobalArgs } from '../context.js';
import { reportError, writeJson } from '../output.js';

interface Args extends GlobalArgs {
  port?: number;
  host?: string;
  open?: boolean;
  export?: string;
}

/**
 * The program that opens the URL: `$BROWSER` when set (one program, a name on PATH or a path, given the
 * URL as its only argument: no shell, nothing split or expanded), else the desktop's opener.
 */
export function opener(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): [string, string[]] {
  const browser = env.BROWSER?.trim();
  if (browser) return [browser, [url]];
  return platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
}

/**
 * `--open` hands the browser this file, not the URL: a page that sends the browser on to `url` (a
 * meta refresh), in a new directory only this user can read (mkdtemp: 0700; the file 0600). A
 * program's arguments are visible to every local user (`ps`), so the token never goes there. The
 * caller removes it once the page has used the token, or when the viewer stops.
 */
export function launchFile(url: string, dir: string = tmpdir()): { file: string; href: string; remove(): void } {
  const d = mkdtempSync(join(dir, 'git-memory-view-'));
  const file = join(d, 'open.html');
  const at = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  writeFileSync(file, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${at}"><title>git-memory viewer</title></head><body><a href="${at}">Open the git-memory viewer</a></body></html>\n`, { mode: 0o600, flag: 'wx' });
  return { file, href: pathToFileURL(file).href, remove: () => rmSync(d, { recursive: true, force: true }) };
}

// node:child_process is required here, on use: imported, it was loaded by every CLI start (this module
// is part of the command table), also by commands that never start a process (`get`, `list`, `--help`).
declare const require: (id: string) => unknown;

/** Opens `url` in a browser; a failure only means the user opens the printed URL by hand. */
function openBrowser(url: string): void {
  const [cmd, args] = opener(url);
  const failed = (why: string) => process.stderr.write(`git-memory: could not open a browser with ${JSON.stringify(cmd.slice(0, 200))} (${why}): open the URL above\n`);
  try {
    (require('node:child_process') as typeof ChildProcess)
      .spawn(cmd, args, { stdio: 'ignore', detached: true, shell: false })
      .on('error', (e: NodeJS.ErrnoException) => failed(e.code ?? 'error'))
      .unref();
  } catch (e) {
    failed((e as NodeJS.ErrnoException).code ?? 'error');
  }
}

export const viewCommand = command<Args>({
  command: 'view',
  describe: 'Browse the memory branch and its history in a local, read-only web viewer (docs/view.md)',
  builder: (y) =>
    y
      .option('port', { type: 'number', describe: 'Port to listen on (default: any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to bind (default loopback only)' })
      .option('open', { type: 'boolean', default: false, describe: 'Open the viewer in a browser: $BROWSER if set (one program, given a private file:// page that forwards to the URL: no token in its arguments), else the desktop\'s default (--no-open: just print it)' })
      .option('export', { type: 'string', describe: 'Write the viewer as static files to this directory instead of serving (opens from disk)' })
      .example('$0 view', 'Serve the viewer on loopback; open the printed URL (it carries the session token)')
      .example('$0 view --port 7420 --open', 'A fixed port, opened in the browser')
      .example('BROWSER=firefox $0 view --open', 'Opened with a chosen browser program (no shell: the URL is its only argument)')
      .example('$0 view --export site', 'Static copy for a GitHub Pages site or an Actions artifact')
      .epilog('Read-only: GET/HEAD only, nothing commits or moves a ref. Requests need the token and a Host naming this server. Ctrl-C stops it.'),
  handler: async (argv) => {
    let memory = null;
    try {
      const port = argv.port;
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) throw new InvalidInputError('--port must be a whole number from 0 to 65535', { field: 'port' });
      const host = String(argv.host ?? '127.0.0.1');
      if (!/^[0-9A-Za-z.:-]{1,253}$/.test(host)) throw new InvalidInputError('--host must be an address or host name', { field: 'host' });
      memory = openCliMemory(argv);
      if (argv.export !== undefined) {
        if (!argv.export) throw new InvalidInputError('--export needs a directory', { field: 'export' });
        const { exportViewer } = await import('../../view/export.js');
        const r = await exportViewer(memory, argv.export);
        if (argv.json) writeJson(r);
        else process.stdout.write(`wrote the viewer to ${r.dir}: ${r.memories} memories, ${r.files} files; open ${r.index}\n`);
        memory.close();
        return;
      }
      const { startViewServer } = await import('../../view/server.js');
      const v = await startViewServer(memory, { port, host });
      // One line, so a script can read the URL as soon as it is printed and keep the process running.
      if (argv.json) process.stdout.write(JSON.stringify({ success: true, url: v.url, port: v.port }) + '\n');
      else process.stdout.write(`git-memory viewer on ${memory.branch}: ${v.url}\n(read-only; Ctrl-C stops it)\n`);
      if (!['127.0.0.1', 'localhost', '::1'].includes(host)) process.stderr.write(`git-memory: warning: listening on ${host}: reachable beyond this machine by anyone with the URL\n`);
      let launched: ReturnType<typeof launchFile> | null = null;
      if (argv.open) {
        const launch = (launched = launchFile(v.url));
        openBrowser(launch.href);
        void v.authenticated.then(() => launch.remove());
        // A browser that never loads the page: the file goes after 10 minutes anyway.
        setTimeout(() => launch.remove(), 10 * 60_000).unref();
      }
      // Warm the list of the tip while the browser fetches the page and its script (the first page
      // waits on this otherwise: ~0.4 s at 100,000 memories on an idle machine).
      const mem = memory;
      setImmediate(() => void mem.viewModel().then((vm) => vm.prefetch()).catch(() => {}));
      const stop = () => {
        launched?.remove();
        void v.close();
        mem.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    } catch (err) {
      memory?.close();
      reportError(err, !!argv.json);
    }
  },
});
