import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemoryDoor } from '../api.js';
import { InvalidInputError, MemoryError, ViewUnavailableError } from '../errors.js';

/**
 * `memory view`: a local, read-only web viewer of the memory branch (docs/view.md). The server answers
 * GET and HEAD only, and every route reads through the door's view model, which has no way to commit
 * or move a ref. Each API request must carry the session token (`Authorization: Bearer`, set by the
 * page from the token it keeps in the tab's sessionStorage, or `?token=` for a script), and every
 * request a Host header naming this server (DNS rebinding); no CORS header is ever sent. No cookie:
 * browsers send a 127.0.0.1 cookie to every port of 127.0.0.1, so any other local server would get it.
 * Pages are the bundled client (dist/view), under a Content-Security-Policy that lets nothing load or
 * run but this origin's own script and style.
 */

export interface ViewServerOptions {
  port?: number;
  host?: string;
  /** Fixed token (tests); default 32 random bytes. */
  token?: string;
  /** Directory of the bundled client (index.html, app.js, app.css); default: found next to the CLI bundle. */
  assets?: string;
}

export interface ViewServer {
  url: string;
  port: number;
  token: string;
  server: Server;
  /** Resolves at the first request that carries the token (the page has it: `--open`'s launch file can go). */
  authenticated: Promise<void>;
  close(): Promise<void>;
}

export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; worker-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png' };
const ASSETS = ['index.html', 'app.js', 'app.css'];

/** The bundled client: dist/view next to the CLI's bundle (dist/cli.cjs, dist/chunks/*.cjs). */
export function findAssets(explicit?: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const d of [explicit, join(here, 'view'), join(here, '..', 'view'), join(here, '..', '..', 'dist', 'view')]) {
    if (d && existsSync(join(d, 'app.js'))) return d;
  }
  throw new ViewUnavailableError('the viewer\'s page files (dist/view) are missing: run "npm run build"');
}

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of `Authorization: Bearer <token>`. */
function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer ([\w-]{1,200})$/.exec((header ?? '').trim());
  return m ? m[1] : undefined;
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, head: boolean, extra: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(buf.length), ...extra });
  res.end(head ? undefined : buf);
}

function sendJson(res: ServerResponse, status: number, value: unknown, head: boolean): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), head);
}

const MAX_URL = 4096;

/** The API routes: each maps query parameters to one view-model read. */
export async function apiRoute(door: MemoryDoor, route: string, q: URLSearchParams): Promise<unknown> {
  const vm = await door.viewModel();
  const str = (k: string, max = 500) => {
    const v = q.get(k);
    if (v !== null && v.length > max) throw new InvalidInputError(`${k} is too long`, { field: k });
    return v ?? undefined;
  };
  switch (route) {
    case 'branch':
      return vm.branch();
    case 'list':
      return vm.list({ at: str('at'), q: str('q'), mode: str('mode'), tags: q.getAll('tag').slice(0, 20), category: str('category'), priority: str('priority'), scope: str('scope'), source: str('source'), state: str('state'), page: Number(str('page') ?? 1), size: Number(str('size') ?? 50) });
    case 'memory':
      return vm.memory(str('id', 200) ?? '', str('at'));
    case 'log':
      return vm.log({ page: Number(str('page') ?? 1), size: Number(str('size') ?? 100) });
    case 'compare':
      return vm.compare(str('a') ?? '', str('b') ?? '');
    case 'stats':
      return vm.stats();
    case 'health':
      return vm.health();
    case 'core':
      return vm.core();
    default:
      return undefined;
  }
}

export function statusOf(err: unknown): number {
  const code = (err as { code?: string }).code;
  return code === 'NOT_FOUND' ? 404 : code === 'INVALID_INPUT' || code === 'INVALID_ID' ? 400 : 500;
}

/** Starts the viewer on `door`. Resolves once it listens. */
export async function startViewServer(door: MemoryDoor, opts: ViewServerOptions = {}): Promise<ViewServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const assetsDir = findAssets(opts.assets);
  const assets = new Map<string, Buffer>(ASSETS.map((f) => [f, readFileSync(join(assetsDir, f))]));
  let port = opts.port ?? 0;
  let onAuthenticated: (() => void) | null = null;
  const authenticated = new Promise<void>((resolve) => (onAuthenticated = resolve));
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host.includes(':') ? `[${host}]` : host}:${port}`]);
  let hosts = allowedHosts();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL', message: 'internal error' } }, false);
      process.stderr.write(`git-memory view: ${(err as Error).message}\n`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const head = method === 'HEAD';
    // DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends Host: evil.example.
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) return send(res, 403, 'text/plain; charset=utf-8', 'forbidden: unknown Host\n', head);
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts.has(origin.replace(/^https?:\/\//, '').toLowerCase())) return send(res, 403, 'text/plain; charset=utf-8', 'forbidden: foreign Origin\n', head);
    if (method !== 'GET' && !head) return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed: the viewer is read-only\n', false, { Allow: 'GET, HEAD' });
    if ((req.url ?? '').length > MAX_URL) return send(res, 414, 'text/plain; charset=utf-8', 'URL too long\n', head);
    const url = new URL(req.url ?? '/', 'http://viewer.invalid');
    const path = url.pathname;
    // The page and its script hold no data (they are the package's files): served to anyone the Host
    // and Origin checks let in, so a reload or a bookmark of a page works; the page then reads the
    // token from its first URL (`?token=`) into the tab's sessionStorage and drops it from the address bar.
    if (path === '/' || path === '/index.html') return send(res, 200, TYPES['.html'], assets.get('index.html')!, head);
    if (path === '/app.js') return send(res, 200, TYPES['.js'], assets.get('app.js')!, head);
    if (path === '/app.css') return send(res, 200, TYPES['.css'], assets.get('app.css')!, head);
    if (!sameToken(bearer(req.headers.authorization), token) && !sameToken(url.searchParams.get('token') ?? undefined, token)) return send(res, 403, 'text/plain; charset=utf-8', 'forbidden: open the URL "memory view" printed (it carries the token)\n', head);
    onAuthenticated?.();
    onAuthenticated = null;
    if (path.startsWith('/api/')) {
      try {
        const value = await apiRoute(door, path.slice(5), url.searchParams);
        if (value === undefined) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'no such route' } }, head);
        return sendJson(res, 200, value, head);
      } catch (err) {
        const e = err as MemoryError;
        const status = statusOf(e);
        // Messages of our own errors are bounded and say what to fix; anything else stays on stderr.
        return sendJson(res, status, { error: { code: e.code ?? 'INTERNAL', message: status === 500 ? 'internal error' : String(e.message).slice(0, 300) } }, head);
      }
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL' ? new ViewUnavailableError(`cannot listen on ${host}:${port} (${err.code}): pick another --port or --host`, { port, host }) : err),
    );
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : port;
  hosts = allowedHosts();
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    port,
    token,
    server,
    authenticated,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
