import type { CommandModule } from 'yargs';
import { spawn } from 'node:child_process';
import { InvalidInputError } from '../../core/errors.js';
import { openCliMemory, type GlobalArgs } from '../context.js';
import { reportError, writeJson } from '../output.js';

interface Args extends GlobalArgs {
  port?: number;
  host?: string;
  open?: boolean;
  export?: string;
}

/** Opens `url` in the desktop's browser; a failure only means the user opens it by hand. */
function openBrowser(url: string): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    /* printed URL is enough */
  }
}

export const viewCommand: CommandModule<GlobalArgs, Args> = {
  command: 'view',
  describe: 'Browse the memory branch and its history in a local, read-only web viewer (docs/view.md)',
  builder: (y) =>
    y
      .option('port', { type: 'number', describe: 'Port to listen on (default: any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to bind (default loopback only)' })
      .option('open', { type: 'boolean', default: false, describe: 'Open the URL in the default browser (--no-open: just print it)' })
      .option('export', { type: 'string', describe: 'Write the viewer as static files to this directory instead of serving (opens from disk)' })
      .example('$0 view', 'Serve the viewer on loopback; open the printed URL (it carries the session token)')
      .example('$0 view --port 7420 --open', 'A fixed port, opened in the browser')
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
      else process.stdout.write(`git-memory viewer on ${memory.core.branch}: ${v.url}\n(read-only; Ctrl-C stops it)\n`);
      if (!['127.0.0.1', 'localhost', '::1'].includes(host)) process.stderr.write(`git-memory: warning: listening on ${host}: reachable beyond this machine by anyone with the URL\n`);
      if (argv.open) openBrowser(v.url);
      // Warm the list of the tip while the user opens the page (the first page waits on this otherwise).
      const mem = memory;
      const stop = () => {
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
};
