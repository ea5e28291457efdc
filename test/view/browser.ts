import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cli, git, gitEnv, makeRepo } from '../helpers.js';

/**
 * Shared parts of the viewer's browser tests: Debian's chromium (driven by playwright-core, no browser
 * download), a repository with a memory branch worth looking at, the viewer as a real process.
 */

/** The chromium binary, or null (the tests then skip, saying why; CI installs it in .ci/run). */
export function chromiumPath(): string | null {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (p && existsSync(p)) return p;
  return null;
}

export const SHOTS = join(process.cwd(), 'test-results', 'view');
export function shotPath(name: string): string {
  mkdirSync(SHOTS, { recursive: true });
  return join(SHOTS, `${name}.png`);
}

/** Memory texts that try to run code, load remote things or escape their box. None may succeed. */
export const HOSTILE: string[] = [
  'Script tag <script>window.__pwned = "script"</script> hostile-script',
  'Image onerror <img src=x onerror="window.__pwned=\'img\'"> hostile-img',
  'Link [click me](javascript:window.__pwned=\'jslink\') and [data](data:text/html,<script>window.__pwned=1</script>) hostile-link',
  'SVG <svg onload="window.__pwned=\'svg\'"><script>window.__pwned=\'svgscript\'</script></svg> hostile-svg',
  'Remote image ![track](http://remote.example/pixel.png) and <img src="https://remote.example/x.png"> hostile-remote',
  'CSS <style>body{display:none}</style><div style="position:fixed;inset:0;background:red">cover</div> hostile-css',
  'Frame <iframe src="https://remote.example/"></iframe><form action="https://remote.example/"><input name=a></form> hostile-frame',
  'Autolink <a href="javascript:window.__pwned=\'a\'" onclick="window.__pwned=\'click\'">x</a> <details open ontoggle="window.__pwned=\'toggle\'"> hostile-anchor',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'"></style></mglyph></table></mtext></math> hostile-mxss',
];

export interface Fixture {
  repo: string;
  /** cache memory: stored, updated, deleted (three commits). */
  cacheId: string;
  /** The commit at which the cache memory was still live (before its deletion). */
  beforeDelete: string;
  tip: string;
  hostileIds: string[];
  ids: string[];
}

function store(repo: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = cli(repo, ['store', ...args, '--json'], { env });
  if (r.code !== 0) throw new Error(`store failed: ${r.stderr}`);
  return r.json.id as string;
}

/** A repository with a memory branch: plain memories, versions, a deletion, a core document, the hostile corpus. */
export function buildFixture(): Fixture {
  const repo = makeRepo({ commit: true });
  const ids: string[] = [];
  ids.push(store(repo, ['The API rate limit is **100 requests per minute**; back off on 429.', '--tags', 'api,limits', '--category', 'facts', '--priority', 'high']));
  ids.push(store(repo, ['Deploys go through the staging cluster first, then production.', '--tags', 'deploy,ops', '--category', 'process', '--meta', 'job=deploy-job']));
  ids.push(store(repo, ['Use pnpm, not npm, in the web package.', '--tags', 'tooling', '--scope', 'web'], { GIT_AUTHOR_NAME: 'Agent Smith' }));
  const cacheId = store(repo, ['Cache entries expire after one hour.', '--tags', 'cache', '--category', 'facts']);
  const up = cli(repo, ['update', cacheId, '--content', 'Cache entries expire after two hours, not one.']);
  if (up.code !== 0) throw new Error(up.stderr);
  const beforeDelete = git(repo, 'rev-parse', 'memory');
  const del = cli(repo, ['delete', cacheId]);
  if (del.code !== 0) throw new Error(del.stderr);
  const core = cli(repo, ['core', 'set', 'The team prefers small pull requests.']);
  if (core.code !== 0) throw new Error(core.stderr);
  const edit = cli(repo, ['core', 'edit', '--old', 'small pull requests', '--new', 'small, reviewed pull requests']);
  if (edit.code !== 0) throw new Error(edit.stderr);
  const hostileIds = HOSTILE.map((text, i) => store(repo, [text, '--tags', `hostile,h${i}`, '--category', 'hostile', '--meta', `job=<img src=x onerror="window.__pwned='job'">`], { GIT_AUTHOR_NAME: `<img src=x onerror="window.__pwned='author'">` }));
  return { repo, cacheId, beforeDelete, tip: git(repo, 'rev-parse', 'memory'), hostileIds, ids };
}

export interface RunningViewer {
  url: string;
  origin: string;
  port: number;
  token: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** `memory view --port 0 --json` as a child process; resolves with the URL it prints. */
export function startViewer(repo: string): Promise<RunningViewer> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CLI(), 'view', '--port', '0', '--json'], { cwd: repo, env: gitEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stderr.on('data', (d) => (err += d));
    proc.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (!out.includes('\n')) return;
      try {
        const j = JSON.parse(line);
        const u = new URL(j.url);
        resolve({
          url: j.url,
          origin: u.origin,
          port: j.port,
          token: u.searchParams.get('token')!,
          proc,
          stop: () => new Promise((r) => (proc.exitCode !== null ? r() : (proc.once('exit', () => r()), proc.kill('SIGTERM')))),
        });
      } catch (e) {
        reject(new Error(`viewer printed ${line}: ${(e as Error).message}; stderr ${err}`));
      }
    });
    proc.once('exit', (code) => reject(new Error(`viewer exited with ${code}: ${err}`)));
  });
}

/** Every ref and what it points at: a read-only viewer leaves this identical. */
export function refs(repo: string): string {
  return git(repo, 'for-each-ref', '--format=%(refname) %(objectname)');
}
