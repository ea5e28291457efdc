import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { browserPath, browserSearched } from '../../scripts/find-browser.mjs';
import { join } from 'node:path';
import { CLI, git, gitEnv, makeRepo } from '../helpers.js';
import { openDoor } from '../../src/api.js';
import { MemoryStore } from '../../src/store/store.js';

/**
 * Shared parts of the viewer's browser tests: Debian's chromium (driven by playwright-core, no browser
 * download), a repository with a memory branch worth looking at, the viewer as a real process.
 */

/**
 * The browser binary, or null (the tests then skip, saying what was looked for; CI installs chromium in
 * .ci/run, GitHub's ubuntu runners have google-chrome): scripts/find-browser.mjs.
 */
export function chromiumPath(): string | null {
  return browserPath();
}
/** The skip warning: what was looked for and how to provide it. */
export const NO_BROWSER = `test/view: no browser found (looked for ${browserSearched()}): browser tests skipped; apt-get install -y chromium, or set CHROME_PATH`;

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

/**
 * A repository with a memory branch: plain memories, versions, a deletion, a core document, the hostile
 * corpus. Written through the library in this process (one CLI process per write cost minutes on a
 * loaded 2-core machine); the viewer under test is a real `memory view` process.
 */
export async function buildFixture(): Promise<Fixture> {
  const repo = makeRepo({ commit: true });
  const m = openDoor({ repo, embedOnWrite: false, source: 'cli' });
  const as = async <T>(author: string | undefined, fn: () => Promise<T>): Promise<T> => {
    const prev = process.env.GIT_AUTHOR_NAME;
    if (author) process.env.GIT_AUTHOR_NAME = author;
    try {
      return await fn();
    } finally {
      process.env.GIT_AUTHOR_NAME = prev;
    }
  };
  try {
    const ids: string[] = [];
    ids.push((await m.store({ content: 'The API rate limit is **100 requests per minute**; back off on 429.', tags: ['api', 'limits'], category: 'facts', priority: 'high' })).id);
    ids.push((await m.store({ content: 'Deploys go through the staging cluster first, then production.', tags: ['deploy', 'ops'], category: 'process', metadata: { job: 'deploy-job' } })).id);
    ids.push((await as('Agent Smith', () => m.store({ content: 'Use pnpm, not npm, in the web package.', tags: ['tooling'], scope: 'web' }))).id);
    const cacheId = (await m.store({ content: 'Cache entries expire after one hour.', tags: ['cache'], category: 'facts' })).id;
    await m.update(cacheId, { content: 'Cache entries expire after two hours, not one.' });
    const beforeDelete = git(repo, 'rev-parse', 'memory');
    await m.delete(cacheId);
    await m.coreSet({ content: 'The team prefers small pull requests.' });
    await m.coreUpdate({ action: 'edit', old_text: 'small pull requests', new_text: 'small, reviewed pull requests' });
    // A hand-edited file that cannot be read: health lists it, every other page still works.
    const hand = new MemoryStore({ repo });
    await hand.mutate(() => ({ change: { changes: new Map([['memories/2026-12/0/broken.md', Buffer.from('---\nid: [unclosed\n---\n<script>window.__pwned="broken"</script>\n')]]), message: 'hand edit' }, result: {} }));
    hand.close();
    const hostileIds: string[] = [];
    for (const [i, text] of HOSTILE.entries()) {
      // git keeps no < or > in an author name; quotes and handlers it keeps.
      const r = await as(`" onmouseover="window.__pwned='author'" x='`, () => m.store({ content: text, tags: ['hostile', `h${i}`], category: 'hostile', metadata: { job: `<img src=x onerror="window.__pwned='job'">` } }));
      hostileIds.push(r.id);
    }
    return { repo, cacheId, beforeDelete, tip: git(repo, 'rev-parse', 'memory'), hostileIds, ids };
  } finally {
    m.close();
  }
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

/**
 * Goes to `url` and waits for the page to say it rendered `ready` (`body[data-ready]`). A change of the
 * fragment alone re-renders in place: the old mark is removed first, so this waits for this render.
 */
export async function renderedAt(page: import('playwright-core').Page, url: string, ready: string, timeout?: number): Promise<void> {
  await page.evaluate(() => delete document.body.dataset.ready).catch(() => {});
  await page.goto(url);
  await page.waitForSelector(`body[data-ready="${ready}"]`, timeout === undefined ? {} : { timeout });
}
